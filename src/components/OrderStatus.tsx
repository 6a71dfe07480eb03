import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { deadlineWords, stateColor, stateLabel } from '../lib/orders';
import type { OrderDeadline, OrderState, OrderViewer } from '../types/entities';

interface Props {
  state: OrderState;
  deadline?: OrderDeadline | null;
  viewer: OrderViewer;
}

/** An order's state as a chip, and its next deadline in words under it (lists and the order page). */
export function OrderStatus({ state, deadline, viewer }: Props) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={stateColor(state)} label={stateLabel(state)} />
      {deadline && (
        <Typography component="span" variant="body2" color="text.secondary">
          {deadlineWords(deadline, viewer)}
        </Typography>
      )}
    </Stack>
  );
}
