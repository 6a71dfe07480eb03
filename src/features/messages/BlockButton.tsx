import Button from '@mui/material/Button';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import type { Party } from '../../types/entities';
import { useGetBlocksQuery, useSetBlockMutation } from './messagesApi';

/**
 * "Block this user" or "Unblock", whichever is true now (the caller's blocks say), each asked once
 * more in a dialog. A block stops them writing to the caller, asking about their books or booking them.
 */
export function BlockButton({ other }: { other: Party }) {
  const blocks = useGetBlocksQuery();
  const [setBlock, changing] = useSetBlockMutation();
  // What the open dialog asks, kept from the moment it opened: the blocks refetched after the change
  // must not turn its title and button into the opposite question while it closes.
  const [asking, setAsking] = useState<{ open: boolean; block: boolean }>({ open: false, block: true });
  if (!blocks.data || !other._id) return null;
  const blocked = blocks.data.some((user) => user._id === other._id);
  const close = () => {
    changing.reset();
    setAsking((was) => ({ ...was, open: false }));
  };
  const block = asking.block;

  return (
    <>
      <Button color={blocked ? 'primary' : 'error'} onClick={() => setAsking({ open: true, block: !blocked })} sx={{ alignSelf: 'flex-start' }}>
        {blocked ? messagesCopy.unblock : messagesCopy.block}
      </Button>
      <ConfirmDialog
        open={asking.open}
        title={block ? messagesCopy.blockAsk(other.name) : messagesCopy.unblockAsk(other.name)}
        message={block ? messagesCopy.blockHint : messagesCopy.unblockHint}
        confirmLabel={block ? messagesCopy.block : messagesCopy.unblock}
        cancelLabel={copy.chat.cancel}
        busy={changing.isLoading}
        error={changing.isError ? errorMessage(changing.error, copy.errors.generic) : null}
        onConfirm={() => {
          setBlock({ userId: other._id, blocked: block, name: other.name })
            .unwrap()
            .then(close, () => undefined);
        }}
        onCancel={close}
      />
    </>
  );
}
