import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FailedNotice } from '../../components/LoadFailed';
import { PageLoading } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { selectAuthStatus, sessionRetryRequested } from '../auth/authSlice';
import { selectIsAdmin, selectIsSeller, selectRoleError, selectRoleLoading } from './roleSlice';

/** Where a guard sends the user, remembering where they were going. */
export interface FromState {
  from?: string;
}

type RoleCheck = (roles: { isAdmin: boolean; isSeller: boolean }) => boolean;

type Verdict = 'loading' | 'signed-out' | 'check-failed' | 'lacks-role' | 'allowed';

/** Every guard waits for the user and the roles before it decides. */
function useVerdict(hasRole: RoleCheck): Verdict {
  const status = useAppSelector(selectAuthStatus);
  const roleLoading = useAppSelector(selectRoleLoading);
  const roleError = useAppSelector(selectRoleError);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isSeller = useAppSelector(selectIsSeller);
  if (status === 'loading' || (status === 'signed-in' && roleLoading)) return 'loading';
  if (status === 'signed-out') return 'signed-out';
  // Roles that could not be checked (or no API token could be had) are unknown, not absent.
  if (roleError) return 'check-failed';
  return hasRole({ isAdmin, isSeller }) ? 'allowed' : 'lacks-role';
}

function RoleCheckFailed() {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectRoleError) ?? '';
  return (
    <Box sx={{ m: 2 }}>
      <FailedNotice message={error} onRetry={() => dispatch(sessionRetryRequested())} />
    </Box>
  );
}

function LacksRole({ message }: { message: string }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h2" gutterBottom>
        {message}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {copy.roles.needHint}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        {copy.roles.backHome}
      </Button>
    </Box>
  );
}

function Guard({ children, check, lacksRole }: { children: ReactNode; check: RoleCheck; lacksRole: string }) {
  const verdict = useVerdict(check);
  const location = useLocation();
  switch (verdict) {
    case 'loading':
      return <PageLoading />;
    case 'signed-out': {
      const from = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
    }
    case 'check-failed':
      return <RoleCheckFailed />;
    case 'lacks-role':
      return <LacksRole message={lacksRole} />;
    case 'allowed':
      return <>{children}</>;
  }
}

const anyone: RoleCheck = () => true;
const admins: RoleCheck = (r) => r.isAdmin;
const sellers: RoleCheck = (r) => r.isSeller;

export function RequireAuth({ children }: { children: ReactNode }) {
  return (
    <Guard check={anyone} lacksRole="">
      {children}
    </Guard>
  );
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <Guard check={admins} lacksRole={copy.roles.needAdmin}>
      {children}
    </Guard>
  );
}

export function RequireSeller({ children }: { children: ReactNode }) {
  return (
    <Guard check={sellers} lacksRole={copy.roles.needSeller}>
      {children}
    </Guard>
  );
}
