import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { copy } from '../../config/copy';
import { SearchFilters } from './SearchFilters';
import type { SearchArgs } from './searchParams';

interface Props {
  args: SearchArgs;
  /** Apply or Clear: the new search (the dialog closes first). */
  onChange(next: SearchArgs): void;
  onClose(): void;
}

/** A phone's filters in a dialog, every choice waiting for Apply (SearchFiltersButton opens it). */
export default function SearchFiltersDialog({ args, onChange, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{copy.search.filters}</DialogTitle>
      <DialogContent>
        {/* Room above the first field's label, which sits on its border. */}
        <Box sx={{ pt: 1 }}>
          <SearchFilters
            args={args}
            labelledBy={titleId}
            staged
            onChange={(next) => {
              onClose();
              onChange(next);
            }}
          />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
