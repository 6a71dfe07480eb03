import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ChangeEvent, FocusEvent } from 'react';
import { copy } from '../config/copy';
import type { DeliveryMethod } from '../types/entities';
import { FormTextField } from './FormField';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Props {
  /** Names the group and its legend apart from another form's on the page. */
  idPrefix: string;
  /** The ways on offer, in the order shown. */
  methods: DeliveryMethod[];
  /** The way chosen; null while none is. */
  method: DeliveryMethod | null;
  onMethod(method: DeliveryMethod): void;
  /** Ask even when only one way is on offer (so the buyer sees which it is). */
  askWhenOne?: boolean;
  /** The address field's props (Formik's `getFieldProps`). */
  address: {
    name: string;
    value: string;
    onChange(event: ChangeEvent<FieldElement>): void;
    onBlur(event: FocusEvent<FieldElement>): void;
  };
  addressError?: string;
}

/**
 * How a book or books travel to the buyer: a meet-up or shipping, as radio buttons under a
 * legend, and the address to ship to once shipping is chosen. The booking form of one book and a
 * bundle's checkout both ask this way.
 */
export function DeliveryFields({ idPrefix, methods, method, onMethod, askWhenOne = false, address, addressError }: Props) {
  const legendId = `${idPrefix}-delivery`;
  return (
    <>
      {(methods.length > 1 || (askWhenOne && methods.length > 0)) && (
        <FormControl component="fieldset">
          <FormLabel component="legend" id={legendId}>
            {copy.delivery.method}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={legendId}
            name={`${idPrefix}-method`}
            value={method ?? ''}
            onChange={(event) => onMethod(event.target.value as DeliveryMethod)}
          >
            {methods.includes('meetup') && <FormControlLabel value="meetup" control={<Radio />} label={copy.delivery.meetup} />}
            {methods.includes('shipping') && <FormControlLabel value="shipping" control={<Radio />} label={copy.delivery.shipping} />}
          </RadioGroup>
        </FormControl>
      )}
      {method === 'shipping' && (
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
      )}
    </>
  );
}
