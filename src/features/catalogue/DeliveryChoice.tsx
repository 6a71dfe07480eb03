import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, FocusEvent } from 'react';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { formatDollars } from '../../lib/money';
import type { DeliveryMethod } from '../../types/entities';

interface Props {
  /** What the book offers (shipping among them). */
  methods: DeliveryMethod[];
  method: DeliveryMethod;
  onMethod(method: DeliveryMethod): void;
  address: {
    name: string;
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
    onBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  };
  addressError?: string;
  shippingPrice: number;
  total: number;
}

/** The booking modal's delivery: a meet-up or shipping (then an address), and what it costs in all. */
export function DeliveryChoice({ methods, method, onMethod, address, addressError, shippingPrice, total }: Props) {
  return (
    <>
      {methods.length > 1 && (
        <FormControl component="fieldset">
          <FormLabel component="legend" id="booking-delivery-label">
            {copy.delivery.method}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="booking-delivery-label"
            name="method"
            value={method}
            onChange={(event) => onMethod(event.target.value as DeliveryMethod)}
          >
            <FormControlLabel value="meetup" control={<Radio />} label={copy.delivery.meetup} />
            <FormControlLabel value="shipping" control={<Radio />} label={copy.delivery.shipping} />
          </RadioGroup>
        </FormControl>
      )}
      {method === 'shipping' && (
        <>
          <FormTextField
            label={copy.delivery.address}
            autoComplete="street-address"
            multiline
            minRows={2}
            required
            error={Boolean(addressError)}
            helperText={addressError}
            {...address}
          />
          <Typography>{copy.delivery.shippingLine(formatDollars(shippingPrice))}</Typography>
        </>
      )}
      <Typography sx={{ fontWeight: 600 }} aria-live="polite">
        {copy.delivery.totalLine(formatDollars(total))}
      </Typography>
    </>
  );
}
