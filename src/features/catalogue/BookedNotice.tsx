import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';

interface Props {
  /** The buyer's open booking of the book. */
  bookingId: string;
  /** What the chip says ('Booked', or the book page's longer sentence). */
  label?: string;
  /** The id of the book's title, so "Pay now" is announced with it. */
  describedBy?: string;
}

/** In place of 'Book Now' on a book the buyer has booked: it is booked, and paying is one step away. */
export function BookedNotice({ bookingId, label = copy.books.booked, describedBy }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip color="primary" variant="outlined" label={label} component={RouterLink} to={paths.dashboard} clickable />
      <Button variant="contained" component={RouterLink} to={paths.payment(bookingId)} aria-describedby={describedBy}>
        {copy.books.payNow}
      </Button>
    </Box>
  );
}
