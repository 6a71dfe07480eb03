import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

const receiptSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  mt: 2,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
} as const;

interface Props {
  bookName: string;
  amount: number;
  transactionId: string;
  /** ISO 8601. */
  paidAt: string;
}

/** What the buyer keeps after paying: the spec's confirmation, then book, amount, transaction id and date. */
export function PaymentReceipt({ bookName, amount, transactionId, paidAt }: Props) {
  return (
    <Box sx={{ mt: 3 }}>
      <Alert severity="success" role="status">
        <Typography sx={{ fontWeight: 'bold' }}>{copy.payment.success}</Typography>
        <Typography>{copy.payment.transactionId + transactionId}</Typography>
      </Alert>
      <Box component="section" aria-labelledby="payment-receipt-title" sx={{ mt: 3 }}>
        <Typography id="payment-receipt-title" component="h2" variant="h6">
          {copy.payment.receipt}
        </Typography>
        <Box component="dl" sx={receiptSx}>
          <dt>{copy.payment.receiptBook}</dt>
          <dd>{bookName}</dd>
          <dt>{copy.payment.receiptAmount}</dt>
          <dd>{formatDollars(amount)}</dd>
          <dt>{copy.payment.receiptTransaction}</dt>
          <dd>{transactionId}</dd>
          <dt>{copy.payment.receiptDate}</dt>
          <dd>
            <time dateTime={paidAt}>{dateFormat.format(new Date(paidAt))}</time>
          </dd>
        </Box>
      </Box>
      <Button variant="contained" component={RouterLink} to={paths.dashboard} sx={{ mt: 3 }}>
        {copy.payment.toMyOrders}
      </Button>
    </Box>
  );
}

/** An unknown booking id (or one that is not a booking id at all): say so, and where bookings are. */
export function BookingNotFound() {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 560 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.payment.notFound}
      </Typography>
      <Typography sx={{ mb: 2 }}>{copy.payment.notFoundHint}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {copy.payment.toMyOrders}
      </Button>
    </Box>
  );
}
