import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable, wholeList } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { favouritesCopy } from './copy';
import { favouriteColumns } from './favouriteColumns';
import { useGetFavouritesQuery, useSetFavouriteMutation } from './favouritesApi';
import type { Favourite } from './types';

const NONE: Favourite[] = [];

/** `/dashboard/favourites`: the books the signed-in user saved with the heart, newest first. */
export function Component() {
  const favourites = useGetFavouritesQuery();
  const [setFavourite] = useSetFavouriteMutation();
  const [columns] = useState(() =>
    favouriteColumns(({ bookId, name, author, price, img }) => void setFavourite({ bookId, saved: false, book: { name, author, price, img } })),
  );

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.menu.favourites}
      </Typography>
      <PagedTable
        label={copy.menu.favourites}
        columns={columns}
        rows={favourites.data ?? NONE}
        rowKey={(favourite) => favourite.bookId}
        list={wholeList(favourites)}
        failedText={favouritesCopy.failed}
        empty={<EmptyState message={favouritesCopy.empty} />}
      />
    </Box>
  );
}
