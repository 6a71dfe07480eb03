import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/baseApi';
import { PageProgress } from '../../components/PageProgress';
import { notificationsCopy, unsubscribeCopy } from './copy';
import { paths } from '../../config/paths';
import { useUnsubscribeMutation } from './notificationsApi';

/** An email's unsubscribe link (public): posts its token once and says which emails are off now. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, result] = useUnsubscribeMutation();

  // Posted once per token, however often the effect runs.
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    void unsubscribe(token);
  }, [token, unsubscribe]);

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 640 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {unsubscribeCopy.title}
      </Typography>
      {!token ? (
        <Alert severity="error">{unsubscribeCopy.missing}</Alert>
      ) : result.isSuccess ? (
        <Alert severity="success">{unsubscribeCopy.done(notificationsCopy.kinds[result.data.kind] ?? result.data.kind)}</Alert>
      ) : result.isError ? (
        <Alert severity="error">{errorMessage(result.error, unsubscribeCopy.failed)}</Alert>
      ) : (
        <>
          <PageProgress />
          <Typography role="status" sx={{ mt: 1 }}>
            {unsubscribeCopy.working}
          </Typography>
        </>
      )}
      <Button component={RouterLink} to={paths.notificationSettings} sx={{ mt: 2 }}>
        {unsubscribeCopy.toSettings}
      </Button>
    </Box>
  );
}
