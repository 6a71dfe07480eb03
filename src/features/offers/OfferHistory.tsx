import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { stackedTableSx } from '../../components/stackedTable';
import { formatUsd } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import { offersCopy } from './copy';
import type { Offer, OfferSide } from './types';

const { who, what, amount, when } = offersCopy.historyColumns;

/** Every step of the negotiation, oldest first: who, what, the amount and when; the reader's own steps say "You". */
export function OfferHistory({ offer, side }: { offer: Offer; side: OfferSide | null }) {
  return (
    <section aria-labelledby="offer-history">
      <Typography id="offer-history" component="h2" variant="h5" gutterBottom>
        {offersCopy.history}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby="offer-history" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{who}</TableCell>
              <TableCell>{what}</TableCell>
              <TableCell>{amount}</TableCell>
              <TableCell>{when}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {offer.history.map((step, index) => (
              <TableRow key={index}>
                <TableCell data-label={who}>{step.by === side ? offersCopy.whoYou : offersCopy.who[step.by]}</TableCell>
                <TableCell data-label={what}>{offersCopy.actions[step.action]}</TableCell>
                <TableCell data-label={amount}>{step.amount === undefined ? offersCopy.noTurn : formatUsd(step.amount)}</TableCell>
                <TableCell data-label={when}>{formatMoment(step.at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
