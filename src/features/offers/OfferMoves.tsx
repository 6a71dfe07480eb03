import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../api/baseApi';
import { formatUsd } from '../../lib/money';
import { offersCopy } from './copy';
import { counterRange } from './offerWords';
import { useAcceptOfferMutation, useDeclineOfferMutation } from './offersApi';
import type { Offer, OfferSide } from './types';

// The counter's form (and its form library) loads when it is opened.
const CounterDialog = lazy(() => import('./CounterDialog'));

/** The moves of the side the offer waits for: Accept the amount on the table, Decline (confirmed), Counter. */
export function OfferMoves({ offer, side }: { offer: Offer; side: OfferSide }) {
  const [accept, accepting] = useAcceptOfferMutation();
  const [decline, declining] = useDeclineOfferMutation();
  const [confirming, setConfirming] = useState(false);
  const [countering, setCountering] = useState(false);
  const [counterWanted, setCounterWanted] = useState(false);
  const range = counterRange(offer, side);
  const busy = accepting.isLoading || declining.isLoading;
  // A counter needs room between the two amounts (a cent at least).
  const canCounter = range.below - range.above > 0.01;

  return (
    <section aria-labelledby="offer-moves">
      <Typography id="offer-moves" component="h2" variant="h5" gutterBottom>
        {offersCopy.moves}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" aria-disabled={busy || undefined} onClick={() => !busy && void accept(offer.id)}>
          {offersCopy.accept(formatUsd(offer.amount))}
        </Button>
        {canCounter && (
          <Button
            variant="outlined"
            aria-haspopup="dialog"
            onClick={() => {
              setCounterWanted(true);
              setCountering(true);
            }}
          >
            {offersCopy.counter}
          </Button>
        )}
        <Button variant="outlined" color="error" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          {offersCopy.decline}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={offersCopy.decline}
        message={offersCopy.confirmDecline}
        confirmLabel={offersCopy.decline}
        cancelLabel={offersCopy.cancel}
        busy={declining.isLoading}
        error={declining.error ? errorMessage(declining.error, offersCopy.moveFailed) : null}
        onConfirm={() => {
          void decline(offer.id)
            .unwrap()
            .then(() => setConfirming(false))
            .catch(() => undefined);
        }}
        onCancel={() => {
          declining.reset();
          setConfirming(false);
        }}
      />
      {counterWanted && (
        <Suspense fallback={null}>
          <CounterDialog offerId={offer.id} range={range} open={countering} onClose={() => setCountering(false)} />
        </Suspense>
      )}
    </section>
  );
}
