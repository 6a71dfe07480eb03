import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { describeRouteError } from '../../app/routeErrors';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { signOutRequested } from '../auth/authSlice';

/** Any routing error: what went wrong, and two ways out: home, or signing out (to the login page). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.errors.routeHeading}
      </Typography>
      <Typography color="error" sx={{ mb: 2 }}>
        {describeRouteError(error)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.home} variant="body1">
          {copy.errors.backHome}
        </Link>
        <Link component={RouterLink} to={paths.login} variant="body1" onClick={() => dispatch(signOutRequested())}>
          {copy.errors.signOut}
        </Link>
      </Box>
    </Box>
  );
}
