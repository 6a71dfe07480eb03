import { useMemo, useState } from 'react';
import { adminCopy } from './copy';
import type { User } from '../../types/entities';
import { useGetBuyersQuery, useMakeSellerMutation } from './adminApi';
import { buyerColumns } from './buyerColumns';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UsersGrid } from './UsersGrid';
import { useUserListGrid } from './useUserListGrid';
import { useFeatureListeners } from '../../app/featureListeners';
import { addAdminListeners } from './adminListeners';

/** All Buyer (admins): turn a buyer into a seller, or remove one after confirming. */
export function Component() {
  useFeatureListeners(addAdminListeners);
  const list = useUserListGrid(useGetBuyersQuery);
  const [makeSeller, making] = useMakeSellerMutation();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const pendingId = making.isLoading ? making.originalArgs?._id : undefined;

  const columns = useMemo(
    () =>
      buyerColumns({
        // The listener reports the outcome; nothing else to do here.
        onMakeSeller: (user) => void makeSeller({ _id: user._id, name: user.name }),
        onDelete: setToDelete,
        pendingId,
      }),
    [makeSeller, pendingId],
  );

  return (
    <>
      <UsersGrid
        failedText={adminCopy.buyersFailed}
        title={adminCopy.allBuyerTitle}
        list={list}
        columns={columns}
        emptyText={adminCopy.emptyBuyers}
      />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
