import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { shopPolicyCopy as words } from './copy';
import { Component as ShopPolicyPage } from './ShopPolicyPage';
import { POLICY, servePolicy, tokenFor } from './testSupport';

const seller = signedInState({ isSeller: true });

beforeEach(() => localStorage.setItem('accessToken', tokenFor('s1')));

const renderPage = () => renderWithProviders(<ShopPolicyPage />, { preloadedState: seller, route: '/dashboard/shop-policy' });
const discount = (n: number) => within(screen.getByRole('group', { name: words.discountGroup(n) }));

describe('Bundle shipping and discounts', () => {
  it("shows the seller's saved policy", async () => {
    const { calls } = servePolicy(POLICY);
    renderPage();

    expect(await screen.findByRole('textbox', { name: words.additionalShipping })).toHaveValue('1.5');
    expect(discount(1).getByRole('textbox', { name: words.minBooks })).toHaveValue('3');
    expect(discount(1).getByRole('textbox', { name: words.percent })).toHaveValue('10');
    expect(calls).toEqual([{ method: 'GET', path: '/shop-policy/s1', authorization: `bearer ${tokenFor('s1')}` }]);
  });

  it('saves the shipping price and the discounts with PUT /shop-policy, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = servePolicy({ additionalShipping: null, discounts: [] });
    const { services } = renderPage();

    const shipping = await screen.findByRole('textbox', { name: words.additionalShipping });
    expect(screen.getByText(words.noDiscounts)).toBeInTheDocument();
    await user.type(shipping, '1.50');
    await user.click(screen.getByRole('button', { name: words.addDiscount }));
    await user.type(discount(1).getByRole('textbox', { name: words.minBooks }), '3');
    await user.type(discount(1).getByRole('textbox', { name: words.percent }), '10');
    await user.click(screen.getByRole('button', { name: words.addDiscount }));
    await user.type(discount(2).getByRole('textbox', { name: words.minBooks }), '5');
    await user.type(discount(2).getByRole('textbox', { name: words.percent }), '15');
    await user.click(screen.getByRole('button', { name: words.save }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(words.saved, 'success'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { additionalShipping: 1.5, discounts: [{ minBooks: 3, percent: 10 }, { minBooks: 5, percent: 15 }] },
    ]);
  });

  it('saves a blank shipping price as each book at its own, and removes a discount', async () => {
    const user = userEvent.setup();
    const { calls } = servePolicy(POLICY);
    renderPage();

    await user.clear(await screen.findByRole('textbox', { name: words.additionalShipping }));
    await user.click(screen.getByRole('button', { name: words.removeDiscount(1) }));
    await user.click(screen.getByRole('button', { name: words.save }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ additionalShipping: null, discounts: [] }]));
  });

  it('refuses amounts out of range and two discounts from the same number of books, sending nothing', async () => {
    const user = userEvent.setup();
    const { calls } = servePolicy({ additionalShipping: null, discounts: [] });
    renderPage();

    await user.type(await screen.findByRole('textbox', { name: words.additionalShipping }), '1.555');
    for (const [minBooks, percent] of [['1', '95'], ['4', '10'], ['4', '20']]) {
      await user.click(screen.getByRole('button', { name: words.addDiscount }));
      const rows = screen.getAllByRole('group', { name: /^Discount \d$/ });
      const row = within(rows[rows.length - 1]);
      await user.type(row.getByRole('textbox', { name: words.minBooks }), minBooks);
      await user.type(row.getByRole('textbox', { name: words.percent }), percent);
    }
    await user.click(screen.getByRole('button', { name: words.save }));

    expect(await screen.findByText(words.errors.price)).toBeInTheDocument();
    expect(discount(1).getByText(words.errors.minBooks)).toBeInTheDocument();
    expect(discount(1).getByText(words.errors.percent)).toBeInTheDocument();
    expect(discount(2).queryByText(words.errors.distinct)).not.toBeInTheDocument();
    expect(discount(3).getByText(words.errors.distinct)).toBeInTheDocument();
    expect(discount(1).getByRole('textbox', { name: words.minBooks })).toHaveAccessibleDescription(words.errors.minBooks);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers at most 5 discounts', async () => {
    const user = userEvent.setup();
    servePolicy({ additionalShipping: null, discounts: [2, 3, 4, 5].map((minBooks) => ({ minBooks, percent: minBooks })) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: words.addDiscount }));
    expect(screen.getAllByRole('group', { name: /^Discount \d$/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: words.addDiscount })).not.toBeInTheDocument();
  });

  it("shows the API's refusal in the form", async () => {
    const user = userEvent.setup();
    servePolicy(POLICY, () => HttpResponse.json({ message: 'Each discount needs its own minimum number of books' }, { status: 400 }));
    const { services } = renderPage();
    await user.click(await screen.findByRole('button', { name: words.save }));
    expect(await screen.findByText('Each discount needs its own minimum number of books')).toBeInTheDocument();
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });

  it("is a seller's page, in the sellers' dashboard menu", async () => {
    servePolicy(POLICY);
    renderApp('/dashboard/shop-policy', { preloadedState: seller });
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'dashboard' });
    expect(within(menu).getByRole('link', { name: copy.menu.shopPolicy })).toHaveAttribute('aria-current', 'page');
  });

  it('tells a buyer it needs a seller account', async () => {
    renderApp('/dashboard/shop-policy', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: copy.roles.needSeller })).toBeInTheDocument();
  });
});
