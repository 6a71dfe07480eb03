import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  message: string;
  /** Where to go from here, when there is somewhere useful. */
  action?: { label: string; to: string };
}

/** An empty list says so and offers the next step. */
export function EmptyState({ message, action }: Props) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start', py: 1 }}>
      <Typography color="text.secondary">{message}</Typography>
      {action && (
        <Button variant="contained" component={RouterLink} to={action.to}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
