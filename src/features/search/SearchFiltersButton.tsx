import TuneIcon from '@mui/icons-material/Tune';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { copy } from '../../config/copy';
import { useHydrated } from '../../lib/useHydrated';
import { FILTER_KEYS, type SearchArgs } from './searchParams';

// The dialog (and MUI's modal parts) come on a phone when the button shows, ahead of the click;
// a wider window, where the button is hidden, never loads them.
const loadDialog = () => import('./SearchFiltersDialog');
const SearchFiltersDialog = lazy(loadDialog);
const PHONE = '(max-width: 599.95px)';

interface Props {
  args: SearchArgs;
  onChange(next: SearchArgs): void;
}

/** How many filters the search has set (each price bound counts). */
export const filtersSet = (args: SearchArgs) => FILTER_KEYS.filter((key) => Boolean(args[key])).length;

/**
 * A phone's filters: one button that says how many are set, opening them in a dialog with Apply
 * and Clear, so that the results start at the top of the page. The page shows it below 600 px
 * and the side panel above. It waits for the app to be live: before then a click would be lost.
 */
export function SearchFiltersButton({ args, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches) void loadDialog().catch(() => undefined);
  }, []);
  return (
    <>
      <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setOpen(true)} disabled={!hydrated} aria-haspopup="dialog">
        {copy.search.filtersButton(filtersSet(args))}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SearchFiltersDialog args={args} onChange={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
