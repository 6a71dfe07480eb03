import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId, type ReactNode } from 'react';
import { copy } from '../../config/copy';

interface Props {
  meetup: boolean;
  shipping: boolean;
  /** Why the choice is not right (neither ticked). */
  error?: string;
  disabled?: boolean;
  onChange(name: 'meetup' | 'shipping', checked: boolean): void;
  /** The shipping price field, while shipping is offered. */
  children?: ReactNode;
}

/** How the book may reach its buyer: a meet-up, shipping, or both (a group named "Delivery"). */
export function DeliveryFields({ meetup, shipping, error, disabled, onChange, children }: Props) {
  const id = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <FormLabel component="legend">{copy.delivery.legend}</FormLabel>
      <FormGroup row>
        <FormControlLabel
          label={copy.delivery.meetup}
          control={<Checkbox name="meetup" checked={meetup} onChange={(event) => onChange('meetup', event.target.checked)} />}
        />
        <FormControlLabel
          label={copy.delivery.shipping}
          control={<Checkbox name="shipping" checked={shipping} onChange={(event) => onChange('shipping', event.target.checked)} />}
        />
      </FormGroup>
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
      {children && <Box sx={{ mt: 1, display: 'grid', maxWidth: 320 }}>{children}</Box>}
    </FormControl>
  );
}
