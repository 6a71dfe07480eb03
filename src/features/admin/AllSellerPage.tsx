import { useMemo, useState } from 'react';
import { adminCopy } from './copy';
import type { User } from '../../types/entities';
import { useGetSellersQuery, useVerifySellerMutation } from './adminApi';
import { DeleteUserDialog } from './DeleteUserDialog';
import { sellerColumns } from './sellerColumns';
import { UsersGrid } from './UsersGrid';
import { useUserListGrid } from './useUserListGrid';
import { useFeatureListeners } from '../../app/featureListeners';
import { addAdminListeners } from './adminListeners';

/** All seller (admins): verify a seller, or remove one after confirming. */
export function Component() {
  useFeatureListeners(addAdminListeners);
  const list = useUserListGrid(useGetSellersQuery);
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
        failedText={adminCopy.sellersFailed}
        title={adminCopy.allSellerTitle}
        list={list}
        columns={columns}
        emptyText={adminCopy.emptySellers}
      />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
