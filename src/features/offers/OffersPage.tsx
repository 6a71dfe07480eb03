import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { FormSelectField } from '../../components/FormField';
import { PagedTable, wholeList } from '../../components/PagedTable';
import { paths } from '../../config/paths';
import { selectIsSeller } from '../roles/roleSlice';
import { offersCopy } from './copy';
import { offerColumns } from './offerColumns';
import { useGetOffersQuery } from './offersApi';
import { useOfferListeners } from './offersListeners';
import type { Offer, OfferSide, OfferState } from './types';

const NONE: Offer[] = [];
const STATES = Object.keys(offersCopy.states) as OfferState[];
const isState = (value: string | null): value is OfferState => STATES.includes(value as OfferState);

/**
 * `/dashboard/offers`: the offers the reader made (`?role=buyer`, everyone) and, for a seller,
 * those received (`?role=seller`), each maybe of one state (`&state=`). The choice is in the
 * address, so Back and a shared link keep it.
 */
export function Component() {
  useOfferListeners();
  const isSeller = useAppSelector(selectIsSeller);
  const [params, setParams] = useSearchParams();
  const side: OfferSide = isSeller && params.get('role') === 'seller' ? 'seller' : 'buyer';
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  // Read again on arrival: the other side may have moved one while no offer screen listened.
  const offers = useGetOffersQuery({ role: side, ...(state && { state }) }, { refetchOnMountOrArgChange: true });
  // The time left is read once per answer: the page does not tick.
  const columns = useMemo(() => offerColumns(side, Date.now()), [side, offers.fulfilledTimeStamp]); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (next: { role?: OfferSide; state?: OfferState | '' }) => {
    const role = next.role ?? side;
    const chosen = next.state === undefined ? state : next.state || undefined;
    setParams({ ...(role === 'seller' && { role }), ...(chosen && { state: chosen }) });
  };
  const title = side === 'seller' ? offersCopy.received : offersCopy.made;
  const empty = state ? offersCopy.emptyState(offersCopy.states[state]) : side === 'seller' ? offersCopy.emptyReceived : offersCopy.emptyMade;

  const list = (
    <>
      <FormSelectField
        label={offersCopy.stateFilter}
        name="state"
        value={state ?? ''}
        onChange={(event) => choose({ state: event.target.value as OfferState | '' })}
        sx={{ mb: 2, minWidth: 200 }}
        size="small"
      >
        <option value="">{offersCopy.allStates}</option>
        {STATES.map((value) => (
          <option key={value} value={value}>
            {offersCopy.states[value]}
          </option>
        ))}
      </FormSelectField>
      <PagedTable
        label={`${offersCopy.title}: ${title}`}
        columns={columns}
        rows={offers.data ?? NONE}
        rowKey={(offer) => offer.id}
        list={wholeList(offers)}
        failedText={offersCopy.failed}
        empty={<EmptyState message={empty} action={side === 'buyer' && !state ? { label: offersCopy.browse, to: paths.search } : undefined} />}
      />
    </>
  );

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {offersCopy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {offersCopy.intro}
      </Typography>
      {isSeller ? (
        <>
          <Tabs value={side} onChange={(_event, role: OfferSide) => choose({ role })} aria-label={offersCopy.tabsLabel} sx={{ mb: 2 }}>
            <Tab value="buyer" label={offersCopy.made} id="offers-tab-buyer" aria-controls="offers-panel" />
            <Tab value="seller" label={offersCopy.received} id="offers-tab-seller" aria-controls="offers-panel" />
          </Tabs>
          <div role="tabpanel" id="offers-panel" aria-labelledby={`offers-tab-${side}`}>
            {list}
          </div>
        </>
      ) : (
        list
      )}
    </Box>
  );
}
