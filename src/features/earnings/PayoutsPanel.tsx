import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { earningsCopy } from './copy';
import type { Earnings } from '../../types/entities';
import { PayoutAccountButton } from './PayoutAccountButton';
import { dueWords } from './payoutRequirements';
import { WithdrawButton } from './WithdrawButton';

/** What the payment provider still needs, as a list. */
function DueList({ due }: { due: readonly string[] }) {
  const words = dueWords(due);
  if (words.length === 0) return null;
  return (
    <Box component="ul" aria-label={earningsCopy.due} sx={{ m: 0, pl: 3 }}>
      {words.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

/** Where the seller's payouts stand, in plain words, with the one thing to do about it. */
export function PayoutsPanel({ earnings: { account, balance, commission } }: { earnings: Earnings }) {
  const { state } = account;
  return (
    <Stack spacing={1.5}>
      <Typography>{earningsCopy.account[state]}</Typography>
      {state === 'active' ? (
        <WithdrawButton available={balance.available} payoutMin={commission.payoutMin} />
      ) : (
        <>
          {state !== 'none' && <DueList due={account.due} />}
          <PayoutAccountButton label={earningsCopy.accountAction[state]} />
        </>
      )}
    </Stack>
  );
}
