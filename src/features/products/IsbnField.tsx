import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { FormTextField } from '../../components/FormField';
import { productsCopy } from './copy';
import type { IsbnLookupState } from './isbnLookupSlice';

interface Props {
  /** The ISBN text field's props (value, change, blur, error). */
  field: Omit<ComponentProps<typeof FormTextField>, 'label'>;
  lookup: Pick<IsbnLookupState, 'status' | 'error'>;
  onLookUp(): void;
}

/** The ISBN, typed or pasted, and 'Look up' beside it; what the lookup did is said under them. */
export function IsbnField({ field, lookup, onLookUp }: Props) {
  const looking = lookup.status === 'looking';
  const said = lookup.status === 'found' ? productsCopy.lookedUp : lookup.status === 'failed' ? lookup.error : null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <FormTextField
          {...field}
          label={productsCopy.isbn}
          helperText={field.helperText ?? productsCopy.isbnHint}
          inputMode="numeric"
          autoComplete="off"
          // Enter looks the ISBN up: the rest of the form is not filled in yet.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!looking && field.value.trim()) onLookUp();
          }}
          sx={{ flex: 1, maxWidth: 360 }}
        />
        <Button variant="outlined" onClick={onLookUp} disabled={field.disabled || looking || !field.value.trim()} sx={{ mt: 1 }}>
          {productsCopy.lookUp}
        </Button>
      </Box>
      {looking && <LinearProgress aria-label={productsCopy.lookingUp} sx={{ maxWidth: 360 }} />}
      {/* Always there, so that what a lookup found (or why not) is read out when it changes. */}
      <Typography aria-live="polite" variant="body2" color={lookup.status === 'failed' ? 'warning.dark' : 'text.secondary'}>
        {looking ? productsCopy.lookingUp : said}
      </Typography>
    </Box>
  );
}
