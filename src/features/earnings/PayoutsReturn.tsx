import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { earningsCopy } from './copy';
import { useGetEarningsQuery, useLinkPayoutAccountMutation } from './earningsApi';
import { PAYOUT_LINK } from './PayoutAccountButton';

/** How often, and for how long, the account's state is read again after the provider's page. */
export const RETURN_POLL_MS = 3_000;
export const RETURN_POLL_FOR_MS = 60_000;

/**
 * Back from the provider's set-up page (`?payouts=…`). `refresh`: its link expired, so a fresh
 * one is asked for and followed, once. `return`: the seller finished there; the account changes
 * only once the provider tells the API, so the balance is read again every few seconds for a
 * minute, until the account is active, and a line says so meanwhile.
 */
export function PayoutsReturn() {
  const [params] = useSearchParams();
  const step = params.get('payouts');
  const returned = step === 'return';

  const [link] = useLinkPayoutAccountMutation({ fixedCacheKey: PAYOUT_LINK });
  const asked = useRef(false);
  useEffect(() => {
    if (step !== 'refresh' || asked.current) return;
    asked.current = true;
    void link();
  }, [step, link]);

  const [waiting, setWaiting] = useState(returned);
  useEffect(() => {
    if (!returned) return;
    const stop = setTimeout(() => setWaiting(false), RETURN_POLL_FOR_MS);
    return () => clearTimeout(stop);
  }, [returned]);

  const { data } = useGetEarningsQuery(undefined, { skip: !returned });
  const confirmed = data?.account.state === 'active';
  useGetEarningsQuery(undefined, { skip: !returned || !waiting || confirmed, pollingInterval: RETURN_POLL_MS });

  if (!returned || confirmed) return null;
  return (
    <Alert severity="info" role="status">
      {earningsCopy.returned}
    </Alert>
  );
}
