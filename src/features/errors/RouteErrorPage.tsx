import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Navbar } from '../../components/Navbar';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { signOutRequested } from '../auth/authSlice';

function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Any routing error: what went wrong, and a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  const dispatch = useAppDispatch();
  return (
    <>
      <Navbar />
      <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h1" gutterBottom>
          {copy.errors.routeHeading}
        </Typography>
        <Typography color="error" sx={{ mb: 2 }}>
          {describeRouteError(error)}
        </Typography>
        <Link
          component={RouterLink}
          to={paths.login}
          variant="body1"
          onClick={() => dispatch(signOutRequested())}
        >
          {copy.errors.signOut}
        </Link>
      </Box>
    </>
  );
}
