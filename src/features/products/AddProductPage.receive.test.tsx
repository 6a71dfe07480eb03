import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as AddProductPage } from './AddProductPage';
import { earnings, enter, fillForm, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

const renderPage = () => renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
const priceField = () => screen.getByLabelText(/Resale price/);
const receiveLine = () => screen.queryByText(/^You will receive/);

/** Replaces the price typed so far. */
async function typePrice(user: ReturnType<typeof userEvent.setup>, price: string) {
  await user.clear(priceField());
  if (price) await enter(user, /Resale price/, price);
}

describe('Add Product: what the seller will receive', () => {
  it('reads the commission from GET /earnings with the access token', async () => {
    const calls: Array<{ path: string; authorization: string | null }> = [];
    server.use(
      http.get(`${API}/earnings`, ({ request }) => {
        calls.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return HttpResponse.json(earnings);
      }),
    );
    renderPage();

    await waitFor(() => expect(calls).toEqual([{ path: '/earnings', authorization: 'bearer t0k' }]));
  });

  it('shows the price less the commission under the price as it is typed, and names it as the field’s description', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await waitFor(() => expect(receiveLine()).toBeNull());

    await enter(user, /Resale price/, '12.5');
    // 8 % of $12.50 is $1.00.
    expect(await screen.findByText('You will receive $11.50')).toBeInTheDocument();
    expect(priceField()).toHaveAccessibleDescription('You will receive $11.50');

    // 8 % of $6.33 is 50.64 cents, rounded half up: 51 cents.
    await typePrice(user, '6.33');
    expect(screen.getByText('You will receive $5.82')).toBeInTheDocument();
    // 8 % of $5 is 40 cents: the least commission, 50 cents, applies.
    await typePrice(user, '5');
    expect(screen.getByText('You will receive $4.50')).toBeInTheDocument();
    await typePrice(user, '0.5');
    expect(screen.getByText('You will receive $0.00')).toBeInTheDocument();
  });

  it('shows nothing while the price is empty or not one the form takes', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await enter(user, /Resale price/, '12');
    expect(await screen.findByText('You will receive $11.04')).toBeInTheDocument();

    await typePrice(user, '');
    expect(receiveLine()).toBeNull();
    await typePrice(user, '0.2');
    expect(receiveLine()).toBeNull();
    await typePrice(user, '12.345');
    expect(receiveLine()).toBeNull();
    await typePrice(user, '12.34');
    expect(screen.getByText('You will receive $11.35')).toBeInTheDocument();
  });

  it('shows a mistake in the price instead of the line', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await enter(user, /Resale price/, '0.2');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Enter a price of at least $0.50')).toBeInTheDocument();
    expect(priceField()).toHaveAccessibleDescription('Enter a price of at least $0.50');
    expect(receiveLine()).toBeNull();
  });

  it('shows nothing until the commission has come, and nothing when it cannot come; the form works the same', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let refuse = false;
    server.use(
      http.get(`${API}/earnings`, async () => {
        await held;
        return refuse ? HttpResponse.json({ message: 'Only sellers have earnings' }, { status: 403 }) : HttpResponse.json(earnings);
      }),
    );
    const { posts } = recordProductCalls();
    renderPage();

    await enter(user, /Resale price/, '12');
    expect(receiveLine()).toBeNull();
    refuse = true;
    answer();
    await fillForm(user);
    await typePrice(user, '12');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({
      name: 'Dune',
      price: 12,
      phone: '0123456789',
      location: 'Dhaka',
      condition: 'Fair',
      description: 'A desert planet',
      image: uploadedUrl,
      category: 'history',
      orginal_price: 30,
      uses: '2 years',
    });
    expect(receiveLine()).toBeNull();
  });
});
