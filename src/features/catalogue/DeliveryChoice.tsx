import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { DeliveryFields } from '../../components/DeliveryFields';
import { copy } from '../../config/copy';
import { formatDollars } from '../../lib/money';
import type { DeliveryMethod } from '../../types/entities';

type Props = Omit<ComponentProps<typeof DeliveryFields>, 'idPrefix' | 'method' | 'askWhenOne'> & {
  method: DeliveryMethod;
  shippingPrice: number;
  total: number;
};

/** The booking modal's delivery: a meet-up or shipping (then an address), and what it costs in all. */
export function DeliveryChoice({ method, shippingPrice, total, ...fields }: Props) {
  return (
    <>
      <DeliveryFields idPrefix="booking" method={method} {...fields} />
      {method === 'shipping' && <Typography>{copy.delivery.shippingLine(formatDollars(shippingPrice))}</Typography>}
      <Typography sx={{ fontWeight: 600 }} aria-live="polite">
        {copy.delivery.totalLine(formatDollars(total))}
      </Typography>
    </>
  );
}
