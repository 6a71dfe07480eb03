import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copy } from '../../config/copy';
import type { Order, OrderMove, OrderViewer } from '../../types/entities';
import { MoveDialog, type MoveDialogSpec } from './MoveDialog';
import { useMoveOrderMutation } from './ordersApi';

/** A move's button: made at once, or after a dialog asks for what it needs. */
interface MoveButton {
  to: OrderMove;
  label: string;
  dialog?: MoveDialogSpec;
  /** A move that undoes or ends the sale is drawn in red. */
  danger?: boolean;
}

const reasonDialog = (to: OrderMove, title: string, hint: string, confirm: string): MoveDialogSpec => ({
  to,
  form: 'reason',
  title,
  hint,
  confirm,
});

/**
 * The button for each move the server offers, as the reader's side makes it: the seller hands a
 * meet-up book over with the buyer's code, the buyer says it arrived; an admin settles a dispute
 * with a reason.
 */
export function moveButton(to: OrderMove, viewer: OrderViewer): MoveButton {
  switch (to) {
    case 'ready':
      return { to, label: copy.moves.ready };
    case 'shipped':
      return {
        to,
        label: copy.moves.shipped,
        dialog: { to, form: 'shipping', title: copy.moves.shippedTitle, hint: copy.moves.shippedHint, confirm: copy.moves.shipped },
      };
    case 'received':
      if (viewer === 'seller') {
        return {
          to,
          label: copy.moves.enterCode,
          dialog: { to, form: 'code', title: copy.moves.codeTitle, hint: copy.moves.codeHint, confirm: copy.moves.receivedOther },
        };
      }
      return { to, label: viewer === 'buyer' ? copy.moves.receivedBuyer : copy.moves.receivedOther };
    case 'completed':
      if (viewer === 'buyer') return { to, label: copy.moves.completedBuyer };
      return {
        to,
        label: copy.moves.completedAdmin,
        dialog: reasonDialog(to, copy.moves.completedTitle, copy.moves.completedHint, copy.moves.completedAdmin),
      };
    case 'disputed':
      return {
        to,
        label: copy.moves.disputed,
        danger: true,
        dialog: reasonDialog(to, copy.moves.disputedTitle, copy.moves.disputedHint, copy.moves.disputed),
      };
    case 'cancelled':
      return { to, label: copy.moves.cancelled, danger: true };
    case 'refunded':
      return {
        to,
        label: copy.moves.refunded,
        danger: true,
        dialog: reasonDialog(to, copy.moves.refundedTitle, copy.moves.refundedHint, copy.moves.refunded),
      };
  }
}

/** What the buttons read of an order: a list's row has these too. */
export type ActionableOrder = Pick<Order, '_id' | 'bookName' | 'actions' | 'viewer'>;

interface Props {
  order: ActionableOrder;
  /** In a list's row: small buttons, nothing when there is nothing to do, and the dialog names the book. */
  compact?: boolean;
}

/**
 * Exactly the moves in the order's `actions`, each a button. The dialog stays mounted whatever the
 * order offers: a refused move reads the order again, which may then offer nothing, and the
 * dialog still has to say why the move was refused.
 */
export function OrderActions({ order, compact = false }: Props) {
  const [moveOrder, { isLoading }] = useMoveOrderMutation();
  const [dialog, setDialog] = useState<MoveDialogSpec | null>(null);
  const moveDialog = (
    <MoveDialog
      orderId={order._id}
      subject={compact ? copy.order.title(order.bookName) : undefined}
      spec={dialog}
      onClose={() => setDialog(null)}
    />
  );
  if (order.actions.length === 0) {
    return (
      <>
        {!compact && <Typography color="text.secondary">{copy.order.noActions}</Typography>}
        {moveDialog}
      </>
    );
  }
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {order.actions.map((to) => {
          const button = moveButton(to, order.viewer);
          return (
            <Button
              key={to}
              size={compact ? 'small' : 'medium'}
              variant={button.danger ? 'outlined' : 'contained'}
              color={button.danger ? 'error' : 'primary'}
              aria-disabled={isLoading}
              onClick={() => {
                if (button.dialog) setDialog(button.dialog);
                else if (!isLoading) void moveOrder({ id: order._id, move: { to } });
              }}
            >
              {button.label}
            </Button>
          );
        })}
      </Stack>
      {moveDialog}
    </>
  );
}
