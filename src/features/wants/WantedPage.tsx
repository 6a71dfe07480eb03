import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable, wholeList } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { wantsCopy } from './copy';
import { paths } from '../../config/paths';
import type { Want } from './types';
import { wantColumns } from './wantColumns';
import { useDeleteWantMutation, useGetWantsQuery } from './wantsApi';

const NONE: Want[] = [];

/** `/dashboard/wanted`: what the signed-in user waits for; a book listed that matches one is notified. */
export function Component() {
  const wants = useGetWantsQuery();
  const [deleteWant] = useDeleteWantMutation();
  const [columns] = useState(() => wantColumns((want) => void deleteWant(want._id)));

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.menu.wanted}
      </Typography>
      <PagedTable
        label={copy.menu.wanted}
        columns={columns}
        rows={wants.data ?? NONE}
        rowKey={(want) => want._id}
        list={wholeList(wants)}
        failedText={wantsCopy.failed}
        empty={<EmptyState message={wantsCopy.empty} action={{ label: copy.search.label, to: paths.search }} />}
      />
    </Box>
  );
}
