import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { serveCategories } from '../products/testSupport';
import type { Product } from '../products/types';
import { offerTermsCopy } from './copy';
import type { OfferTerms } from './types';

const ID = 'a'.repeat(24);
const listing = (offers?: OfferTerms): Product => ({
  _id: ID,
  name: 'Dune',
  price: 12,
  orginal_price: 30,
  phone: '0123456789',
  location: 'Dhaka',
  category: 'fiction',
  condition: 'Good',
  description: 'A desert planet',
  image: 'http://127.0.0.1:5000/image-host/i/dune.png',
  ...(offers && { offers }),
});

function serveListing(product: Product, refuse?: () => Response) {
  const puts: unknown[] = [];
  server.use(
    http.get(`${API}/products/:id`, () => HttpResponse.json(product)),
    http.put(`${API}/products/:id`, async ({ request }) => {
      const body = (await request.json()) as { offers: OfferTerms };
      puts.push(body);
      return refuse ? refuse() : HttpResponse.json({ ...product, offers: { ...body.offers, autoDeclineBelow: body.offers.autoDeclineBelow ?? 6 } });
    }),
  );
  return puts;
}

serveCategories();

const renderEdit = () => renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: signedInState({ isSeller: true }) });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe("a listing's offer terms on its edit page", () => {
  it('shows the terms as the API answers them (the floor at half the price by default) and saves them with PUT /products/:id', async () => {
    const user = userEvent.setup();
    const puts = serveListing(listing({ enabled: true, autoDeclineBelow: 6, autoAcceptFrom: null }));
    renderEdit();

    const section = await screen.findByRole('region', { name: offerTermsCopy.title });
    expect(within(section).getByRole('switch', { name: offerTermsCopy.enabled })).toBeChecked();
    const floor = within(section).getByRole('textbox', { name: offerTermsCopy.autoDeclineBelow });
    expect(floor).toHaveValue('6');
    expect(floor).toHaveAccessibleDescription(offerTermsCopy.autoDeclineHint('$6.00'));
    const accept = within(section).getByRole('textbox', { name: offerTermsCopy.autoAcceptFrom });
    expect(accept).toHaveValue('');

    await user.type(accept, '10');
    await user.click(within(section).getByRole('button', { name: offerTermsCopy.save }));
    expect(await within(section).findByText(offerTermsCopy.saved)).toBeInTheDocument();
    // The default floor is sent as none: it follows the price.
    expect(puts).toEqual([{ offers: { enabled: true, autoDeclineBelow: null, autoAcceptFrom: 10 } }]);

    await user.clear(floor);
    await user.type(floor, '7.5');
    expect(within(section).queryByText(offerTermsCopy.saved)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: offerTermsCopy.save }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ offers: { enabled: true, autoDeclineBelow: 7.5, autoAcceptFrom: 10 } });
  });

  it('turns offers off', async () => {
    const user = userEvent.setup();
    const puts = serveListing(listing({ enabled: true, autoDeclineBelow: 6, autoAcceptFrom: null }));
    renderEdit();
    const section = await screen.findByRole('region', { name: offerTermsCopy.title });
    await user.click(within(section).getByRole('switch', { name: offerTermsCopy.enabled }));
    expect(within(section).queryByRole('textbox', { name: offerTermsCopy.autoDeclineBelow })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: offerTermsCopy.save }));
    await waitFor(() => expect(puts).toEqual([{ offers: { enabled: false, autoDeclineBelow: null, autoAcceptFrom: null } }]));
  });

  it('refuses amounts at or above the price, and an automatic accept at or below the floor, before sending', async () => {
    const user = userEvent.setup();
    const puts = serveListing(listing());
    renderEdit();
    const section = await screen.findByRole('region', { name: offerTermsCopy.title });
    const floor = within(section).getByRole('textbox', { name: offerTermsCopy.autoDeclineBelow });
    const accept = within(section).getByRole('textbox', { name: offerTermsCopy.autoAcceptFrom });
    // A listing read before the API said its terms: the floor shown is half the price.
    expect(floor).toHaveValue('6');

    await user.clear(floor);
    await user.type(floor, '12');
    await user.type(accept, '5');
    await user.click(within(section).getByRole('button', { name: offerTermsCopy.save }));
    expect(await within(section).findByText(offerTermsCopy.errors.belowPrice('$12.00'))).toBeInTheDocument();
    expect(within(section).getByText(offerTermsCopy.errors.aboveFloor)).toBeInTheDocument();
    await user.clear(floor);
    await user.type(floor, 'abc');
    await user.tab();
    expect(await within(section).findByText(offerTermsCopy.errors.amount)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("shows the API's refusal in the section", async () => {
    const user = userEvent.setup();
    serveListing(listing({ enabled: true, autoDeclineBelow: 6, autoAcceptFrom: null }), () =>
      HttpResponse.json({ message: 'The automatic accept must be above the floor' }, { status: 400 }),
    );
    renderEdit();
    const section = await screen.findByRole('region', { name: offerTermsCopy.title });
    await user.click(within(section).getByRole('button', { name: offerTermsCopy.save }));
    expect(await within(section).findByText('The automatic accept must be above the floor')).toBeInTheDocument();
  });
});
