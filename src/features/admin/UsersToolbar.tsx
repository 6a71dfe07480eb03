import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { QuickFilter, QuickFilterClear, QuickFilterControl, Toolbar } from '@mui/x-data-grid';
import { adminCopy } from './copy';

/** The whole text is one filter: the API matches it as a part of a name or an email. */
const asOneValue = (input: string) => (input.trim() === '' ? [] : [input.trim()]);

/** The admin lists' toolbar: only the quick filter on name or email. */
export function UsersToolbar() {
  return (
    <Toolbar>
      <QuickFilter expanded parser={asOneValue} formatter={(values) => values.join(' ')} debounceMs={300}>
        <QuickFilterControl
          placeholder={adminCopy.search}
          size="small"
          slotProps={{
            htmlInput: { role: 'searchbox', 'aria-label': adminCopy.search },
            // The grid's text field puts adornments in their place itself.
            input: {
              startAdornment: <SearchIcon fontSize="small" />,
              endAdornment: (
                <QuickFilterClear edge="end" size="small" aria-label={adminCopy.clearSearch}>
                  <ClearIcon fontSize="small" />
                </QuickFilterClear>
              ),
            },
          }}
        />
      </QuickFilter>
    </Toolbar>
  );
}
