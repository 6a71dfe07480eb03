import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { favouritesCopy } from './copy';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';
import type { Favourite } from './types';

/** A saved book: cover, title and author, its price now (sold, or lower than when saved) and Remove. */
export function favouriteColumns(onRemove: (favourite: Favourite) => void): PagedColumn<Favourite>[] {
  return [
    {
      label: copy.orders.image,
      skeleton: 'avatar',
      cell: (favourite) => <Avatar variant="rounded" src={favourite.img} alt={favourite.name} />,
    },
    {
      label: copy.orders.bookTitle,
      skeleton: 'text',
      cell: (favourite) => (
        <>
          <Link component={RouterLink} to={paths.book(favourite.bookId)}>
            {favourite.name}
          </Link>
          {favourite.author && (
            <Typography variant="body2" color="text.secondary">
              {copy.search.by(favourite.author)}
            </Typography>
          )}
        </>
      ),
    },
    {
      label: copy.orders.price,
      skeleton: 'text',
      cell: (favourite) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {formatDollars(favourite.price)}
          {favourite.sold && <Chip size="small" label={favouritesCopy.sold} />}
          {favourite.price < favourite.savedPrice && (
            <Typography component="span" variant="body2" color="success.dark" sx={{ width: '100%' }}>
              {favouritesCopy.was(formatDollars(favourite.savedPrice))}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      label: copy.wants.remove,
      skeleton: 'button',
      cell: (favourite) => (
        <Button size="small" variant="outlined" aria-label={copy.wants.removeLabel(favourite.name)} onClick={() => onRemove(favourite)}>
          {copy.wants.remove}
        </Button>
      ),
    },
  ];
}
