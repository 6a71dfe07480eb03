import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import { offersCopy } from './copy';
import type { MakeOfferProps } from './MakeOffer';
import { useOfferListeners } from './offersListeners';

const MakeOfferDialog = lazy(() => import('./MakeOfferDialog'));

/** Opens the offer's dialog (fetched on the first click); never on one's own books. */
export default function MakeOfferButton({ size, sx, describedBy, ...offer }: MakeOfferProps) {
  useOfferListeners();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (offer.sellerId && offer.sellerId === accessTokenSubject()) return null;
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        sx={sx}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {offer.several ? offersCopy.makeForBundle : offersCopy.make}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MakeOfferDialog {...offer} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
