import Button from '@mui/material/Button';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copy } from '../../config/copy';
import type { Party } from '../../types/entities';
import { useGetBlocksQuery, useSetBlockMutation } from './messagesApi';

/**
 * "Block this user" or "Unblock", whichever is true now (the caller's blocks say), each asked once
 * more in a dialog. A block stops them writing to the caller, asking about their books or booking them.
 */
export function BlockButton({ other }: { other: Party }) {
  const blocks = useGetBlocksQuery();
  const [setBlock, changing] = useSetBlockMutation();
  const [asking, setAsking] = useState(false);
  if (!blocks.data || !other._id) return null;
  const blocked = blocks.data.some((user) => user._id === other._id);
  const close = () => {
    changing.reset();
    setAsking(false);
  };

  return (
    <>
      <Button color={blocked ? 'primary' : 'error'} onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {blocked ? copy.chat.unblock : copy.chat.block}
      </Button>
      <ConfirmDialog
        open={asking}
        title={blocked ? copy.chat.unblockAsk(other.name) : copy.chat.blockAsk(other.name)}
        message={blocked ? copy.chat.unblockHint : copy.chat.blockHint}
        confirmLabel={blocked ? copy.chat.unblock : copy.chat.block}
        cancelLabel={copy.chat.cancel}
        busy={changing.isLoading}
        error={changing.isError ? errorMessage(changing.error, copy.errors.generic) : null}
        onConfirm={() => {
          setBlock({ userId: other._id, blocked: !blocked, name: other.name })
            .unwrap()
            .then(close, () => undefined);
        }}
        onCancel={close}
      />
    </>
  );
}
