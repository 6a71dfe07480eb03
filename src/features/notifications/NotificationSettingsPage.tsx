import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { notificationsCopy } from './copy';
import type { NotificationKind } from '../../types/entities';
import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './notificationsApi';

const KINDS = Object.keys(notificationsCopy.kinds) as NotificationKind[];

/** A switch per kind of notification: whether it is also emailed. Each change is saved at once. */
export function Component() {
  const settings = useGetNotificationSettingsQuery();
  const [update, updating] = useUpdateNotificationSettingsMutation();
  const email = settings.data?.email;
  const pending = updating.isLoading ? updating.originalArgs?.email : undefined;

  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {notificationsCopy.settingsTitle}
      </Typography>
      <Typography id="email-settings-hint" sx={{ mb: 2 }}>
        {notificationsCopy.settingsHint}
      </Typography>
      {settings.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {settings.isError && !email && (
        <LoadFailed
          what={notificationsCopy.settingsFailed}
          error={settings.error}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      )}
      {email && (
        <FormGroup aria-describedby="email-settings-hint">
          {KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              label={notificationsCopy.kinds[kind]}
              control={
                <Switch
                  // While a change is on its way, the switch shows where it is going.
                  checked={pending?.[kind] ?? email[kind] ?? true}
                  onChange={(event) => {
                    if (!updating.isLoading) void update({ email: { [kind]: event.target.checked } });
                  }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}
