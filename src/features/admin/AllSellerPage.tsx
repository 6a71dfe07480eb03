import { useMemo, useState } from 'react';
import { copy } from '../../config/copy';
import type { User } from '../../types/entities';
import { useGetSellersQuery, useVerifySellerMutation } from './adminApi';
import { DeleteUserDialog } from './DeleteUserDialog';
import { sellerColumns } from './sellerColumns';
import { UsersGrid } from './UsersGrid';

/** All seller (admins): verify a seller, or remove one after confirming. */
export function Component() {
  const { data: sellers = [], isLoading, isFetching } = useGetSellersQuery();
  const [verifySeller, verifying] = useVerifySellerMutation();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const pendingId = verifying.isLoading ? verifying.originalArgs?._id : undefined;

  const columns = useMemo(
    () =>
      sellerColumns({
        // The listener reports the outcome; nothing else to do here.
        onVerify: (user) => void verifySeller({ _id: user._id, name: user.name }),
        onDelete: setToDelete,
        pendingId,
      }),
    [verifySeller, pendingId],
  );

  return (
    <>
      <UsersGrid
        title={copy.admin.allSellerTitle}
        users={sellers}
        columns={columns}
        isLoading={isLoading}
        isFetching={isFetching}
        emptyText={copy.admin.emptySellers}
      />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
