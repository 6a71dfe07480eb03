import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copy } from '../../config/copy';
import { movesCopy, orderCopy } from './copy';
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
      return { to, label: movesCopy.ready };
    case 'shipped':
      return {
        to,
        label: movesCopy.shipped,
        dialog: { to, form: 'shipping', title: movesCopy.shippedTitle, hint: movesCopy.shippedHint, confirm: movesCopy.shipped },
      };
    case 'received':
      if (viewer === 'seller') {
        return {
          to,
          label: movesCopy.enterCode,
          dialog: { to, form: 'code', title: movesCopy.codeTitle, hint: movesCopy.codeHint, confirm: movesCopy.receivedOther },
        };
      }
      return { to, label: viewer === 'buyer' ? movesCopy.receivedBuyer : movesCopy.receivedOther };
    case 'completed':
      if (viewer === 'buyer') return { to, label: movesCopy.completedBuyer };
      return {
        to,
        label: movesCopy.completedAdmin,
        dialog: reasonDialog(to, movesCopy.completedTitle, movesCopy.completedHint, movesCopy.completedAdmin),
      };
    case 'disputed':
      return {
        to,
        label: movesCopy.disputed,
        danger: true,
        dialog: reasonDialog(to, movesCopy.disputedTitle, movesCopy.disputedHint, movesCopy.disputed),
      };
    case 'cancelled':
      return { to, label: copy.moves.cancelled, danger: true };
    case 'refunded':
      return {
        to,
        label: movesCopy.refunded,
        danger: true,
        dialog: reasonDialog(to, movesCopy.refundedTitle, movesCopy.refundedHint, movesCopy.refunded),
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
      subject={compact ? orderCopy.title(order.bookName) : undefined}
      spec={dialog}
      onClose={() => setDialog(null)}
    />
  );
  if (order.actions.length === 0) {
    return (
      <>
        {!compact && <Typography color="text.secondary">{orderCopy.noActions}</Typography>}
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
