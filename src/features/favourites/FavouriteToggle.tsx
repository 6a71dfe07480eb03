import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useAppSelector } from '../../app/hooks';
import { favouritesCopy } from './copy';
import { selectAuthStatus } from '../auth/authSlice';
import { useGetFavouritesQuery, useSetFavouriteMutation, type FavouriteChange } from './favouritesApi';

interface Props {
  bookId: string;
  /** The book as the favourites show it. */
  book: FavouriteChange['book'];
  /** The id of the book's title, which the button is about. */
  describedBy?: string;
}

/**
 * The heart on a book: pressed while the book is among the signed-in user's favourites. Visitors
 * have no favourites, so they get no heart.
 */
export function FavouriteToggle({ bookId, book, describedBy }: Props) {
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const { saved } = useGetFavouritesQuery(undefined, {
    skip: !signedIn,
    selectFromResult: ({ data }) => ({ saved: data?.some((favourite) => favourite.bookId === bookId) ?? false }),
  });
  const [setFavourite] = useSetFavouriteMutation();
  if (!signedIn) return null;
  return (
    <IconButton
      aria-pressed={saved}
      aria-label={saved ? favouritesCopy.remove : favouritesCopy.save}
      aria-describedby={describedBy}
      color={saved ? 'error' : 'default'}
      onClick={() => void setFavourite({ bookId, saved: !saved, book })}
    >
      {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
