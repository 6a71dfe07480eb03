import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/paths';
import { useKeptClick } from '../../lib/keptClicks';
import { useHydrated } from '../../lib/useHydrated';
import { selectAuthStatus } from '../auth/authSlice';
import type { FromState } from '../roles/guards';
import { favouritesCopy } from './copy';
import { useGetFavouritesQuery, useSetFavouriteMutation, type FavouriteChange } from './favouritesApi';

interface Props {
  bookId: string;
  /** The book as the favourites show it. */
  book: FavouriteChange['book'];
  /** The id of the book's title, which the button is about. */
  describedBy?: string;
}

/**
 * The heart on a book: pressed while the book is among the signed-in user's favourites. A visitor
 * who taps it logs in first and comes back. The server's HTML shows it before the app is live and
 * knows the session; a click then is kept and carried out once it does (lib/keptClicks).
 */
export function FavouriteToggle({ bookId, book, describedBy }: Props) {
  const status = useAppSelector(selectAuthStatus);
  const signedIn = status === 'signed-in';
  const hydrated = useHydrated();
  const { saved, answered } = useGetFavouritesQuery(undefined, {
    skip: !signedIn,
    selectFromResult: ({ data, isSuccess, isError }) => ({
      saved: data?.some((favourite) => favourite.bookId === bookId) ?? false,
      answered: isSuccess || isError,
    }),
  });
  // Ready once the heart shows what it will do: a visitor's, or the buyer's with their favourites.
  const ready = hydrated && (status === 'signed-out' || (signedIn && answered));
  const [setFavourite] = useSetFavouriteMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const heart = useRef<HTMLButtonElement>(null);

  const toggle = () => {
    if (signedIn) void setFavourite({ bookId, saved: !saved, book });
    else void navigate(paths.login, { state: { from: `${location.pathname}${location.search}${location.hash}` } satisfies FromState });
  };
  const { mark, onClick } = useKeptClick(`favourite:${bookId}`, ready, heart, toggle);

  // The button itself renders again only when what it shows changes: a page of results does not
  // draw its hearts twice when the session becomes known. Its click goes to the latest toggle.
  return useMemo(
    () => (
      <IconButton
        ref={heart}
        {...mark}
        // The page's script marks a click kept before the app was live as busy.
        suppressHydrationWarning
        aria-pressed={saved}
        aria-label={saved ? favouritesCopy.remove : favouritesCopy.save}
        aria-describedby={describedBy}
        color={saved ? 'error' : 'default'}
        onClick={onClick}
      >
        {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      </IconButton>
    ),
    // The mark is the same for the same book.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [saved, describedBy, bookId, onClick],
  );
}
