import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageProgress } from '../../components/PageProgress';
import { paths } from '../../config/paths';
import { selectAuthStatus } from '../auth/authSlice';
import { selectIsAdmin, selectIsSeller, selectRoleLoading } from './roleSlice';

/** Where a guard sends the user, remembering where they were going. */
export interface FromState {
  from?: string;
}

type RoleCheck = (roles: { isAdmin: boolean; isSeller: boolean }) => boolean;

/** Every guard waits for the user and the roles before it decides. */
function useGuard(hasRole: RoleCheck) {
  const status = useAppSelector(selectAuthStatus);
  const roleLoading = useAppSelector(selectRoleLoading);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isSeller = useAppSelector(selectIsSeller);
  const location = useLocation();
  const loading = status === 'loading' || (status === 'signed-in' && roleLoading);
  const allowed = status === 'signed-in' && hasRole({ isAdmin, isSeller });
  const from = `${location.pathname}${location.search}${location.hash}`;
  return { loading, allowed, from };
}

function Guard({ children, check }: { children: ReactNode; check: RoleCheck }) {
  const { loading, allowed, from } = useGuard(check);
  if (loading) return <PageProgress />;
  if (!allowed) return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  return <>{children}</>;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  return (
    <Guard check={() => true}>
      {children}
    </Guard>
  );
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <Guard check={(r) => r.isAdmin}>
      {children}
    </Guard>
  );
}

export function RequireSeller({ children }: { children: ReactNode }) {
  return (
    <Guard check={(r) => r.isSeller}>
      {children}
    </Guard>
  );
}
