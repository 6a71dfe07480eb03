import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { pagedList } from '../../testing/pagedList';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Earnings, Payout, PayoutAccount } from '../../types/entities';
import { Component as EarningsPage } from './EarningsPage';
import { RETURN_POLL_MS } from './PayoutsReturn';

const earningsWith = (account: PayoutAccount, available = 1234.5): Earnings => ({
  balance: { pending: 16, available, inTransit: 0, paidOut: 0 },
  account,
  commission: { percent: 8, min: 0.5, payoutMin: 1 },
});

const aPayout = (overrides: Partial<Payout> = {}): Payout => ({
  _id: 'po1',
  sellerId: 'u1',
  amount: 1234.5,
  state: 'in_transit',
  origin: 'withdraw',
  retryOf: null,
  failureCode: null,
  failureMessage: null,
  createdAt: '2025-11-24T09:00:00.000Z',
  paidAt: null,
  failedAt: null,
  ...overrides,
});

const LINK = 'https://connect.stripe.test/setup/acct_1/abc';

/** The seller's API: GET /earnings answering `answer()` at each call, the set-up link, Withdraw; each call kept (the entries' apart). */
function serveSeller(answer: () => Earnings, withdraw: () => Response = () => HttpResponse.json(aPayout())) {
  const calls: string[] = [];
  server.use(
    http.get(`${API}/earnings`, () => {
      calls.push('GET /earnings');
      return HttpResponse.json(answer());
    }),
    http.post(`${API}/payout-account/link`, ({ request }) => {
      calls.push(`POST /payout-account/link ${request.headers.get('authorization')}`);
      return HttpResponse.json({ url: LINK });
    }),
    http.post(`${API}/payouts`, ({ request }) => {
      calls.push(`POST /payouts ${request.headers.get('authorization')}`);
      return withdraw();
    }),
  );
  const entries = pagedList('/earnings/entries', []);
  return Object.assign(calls, { entries });
}

const renderPage = (route = '/dashboard/earnings') =>
  renderWithProviders(<EarningsPage />, { preloadedState: signedInState({ isSeller: true }), route });

const payoutsRegion = async () => screen.findByRole('region', { name: 'Payouts' });
const dueItems = (region: HTMLElement) =>
  within(within(region).getByRole('list', { name: 'What Stripe still needs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const due = [
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
  'individual.first_name',
  'individual.last_name',
  'individual.dob.day',
  'settings.payments.statement_descriptor',
];
const dueInWords = ['a bank account', 'accepting the terms', 'your name', 'your date of birth', 'settings payments statement descriptor'];

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Earnings: payouts', () => {
  it("without an account: says earnings wait, and 'Set up payouts' follows the link the API makes", async () => {
    const user = userEvent.setup();
    const calls = serveSeller(() => earningsWith({ state: 'none', due: [] }));
    const { services } = renderPage();

    const region = await payoutsRegion();
    expect(region).toHaveTextContent('Set up payouts to get paid. You can sell before you do; your earnings wait in Available.');
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Set up payouts' }));

    await waitFor(() => expect(services.navigation.leave).toHaveBeenCalledWith(LINK));
    expect(calls).toContain('POST /payout-account/link bearer t0k');
    // Busy until the page is left.
    expect(within(region).getByRole('button', { name: 'Set up payouts' })).toHaveAttribute('aria-busy', 'true');
  });

  it("half set up: says to finish, lists what Stripe needs in words, and 'Continue setup' goes on", async () => {
    const user = userEvent.setup();
    serveSeller(() => earningsWith({ state: 'pending', due }));
    const { services } = renderPage();

    const region = await payoutsRegion();
    expect(region).toHaveTextContent('Finish setting up payouts.');
    expect(dueItems(region)).toEqual(dueInWords);
    await user.click(within(region).getByRole('button', { name: 'Continue setup' }));
    await waitFor(() => expect(services.navigation.leave).toHaveBeenCalledWith(LINK));
  });

  it("restricted: says Stripe needs more details, what, and offers 'Update details'", async () => {
    serveSeller(() => earningsWith({ state: 'restricted', due: ['external_account'] }));
    renderPage();

    const region = await payoutsRegion();
    expect(region).toHaveTextContent('Stripe needs more details before it can pay you:');
    expect(dueItems(region)).toEqual(['a bank account']);
    expect(within(region).getByRole('button', { name: 'Update details' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('says why when the link cannot be made, and stays', async () => {
    const user = userEvent.setup();
    serveSeller(() => earningsWith({ state: 'none', due: [] }));
    server.use(http.post(`${API}/payout-account/link`, () => HttpResponse.json({ message: 'Payouts are not available in your country' }, { status: 409 })));
    const { services } = renderPage();

    await user.click(within(await payoutsRegion()).getByRole('button', { name: 'Set up payouts' }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('Payouts are not available in your country', 'error'));
    expect(services.navigation.leave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up payouts' })).toHaveAttribute('aria-busy', 'false'));
  });

  it('active: payouts go out every Monday; Withdraw pays out now, says so, and reads the balance and entries again', async () => {
    const user = userEvent.setup();
    let available = 1234.5;
    const calls = serveSeller(() => earningsWith({ state: 'active', due: [] }, available));
    const { services } = renderPage();

    const region = await payoutsRegion();
    expect(region).toHaveTextContent('Payouts go to your bank every Monday.');
    const withdraw = within(region).getByRole('button', { name: 'Withdraw' });
    expect(withdraw).toBeEnabled();
    expect(withdraw).toHaveAccessibleDescription('Or withdraw what is Available now: $1,234.50.');

    available = 0;
    await user.click(withdraw);

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('$1,234.50 is on its way to your bank', 'success'));
    expect(calls.filter((call) => call.startsWith('POST /payouts'))).toEqual(['POST /payouts bearer t0k']);
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Withdraw' })).toBeDisabled());
    expect(calls.filter((call) => call === 'GET /earnings')).toHaveLength(2);
    await waitFor(() => expect(calls.entries.calls).toHaveLength(2));
  });

  it("shows the API's refusal of a Withdraw (409) as an error", async () => {
    const user = userEvent.setup();
    serveSeller(
      () => earningsWith({ state: 'active', due: [] }),
      () => HttpResponse.json({ message: 'A payout is being sent already: try again in a minute' }, { status: 409 }),
    );
    const { services } = renderPage();

    await user.click(within(await payoutsRegion()).getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith('A payout is being sent already: try again in a minute', 'error'),
    );
    expect(services.notifier.notify).not.toHaveBeenCalledWith(expect.anything(), 'success');
  });

  it('says so when the bank refuses the payout at once: the money is available again', async () => {
    const user = userEvent.setup();
    serveSeller(
      () => earningsWith({ state: 'active', due: [] }),
      () => HttpResponse.json(aPayout({ amount: 9.2, state: 'failed', failureMessage: 'The bank account is closed.' })),
    );
    const { services } = renderPage();

    await user.click(within(await payoutsRegion()).getByRole('button', { name: 'Withdraw' }));

    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith(
        'Your payout of $9.20 failed: The bank account is closed. The money is available again.',
        'error',
      ),
    );
  });

  it('Withdraw cannot be pressed below the smallest payout, and says why', async () => {
    serveSeller(() => earningsWith({ state: 'active', due: [] }, 0.5));
    renderPage();

    const region = await payoutsRegion();
    const withdraw = within(region).getByRole('button', { name: 'Withdraw' });
    expect(withdraw).toBeDisabled();
    expect(region).toHaveTextContent('Nothing to withdraw yet (at least $1.00)');
  });

  it('back with an expired link (?payouts=refresh): asks for a fresh one and goes there, once', async () => {
    const calls = serveSeller(() => earningsWith({ state: 'pending', due: ['external_account'] }));
    const { services } = renderPage('/dashboard/earnings?payouts=refresh');

    await waitFor(() => expect(services.navigation.leave).toHaveBeenCalledWith(LINK));
    await screen.findByRole('region', { name: 'Payouts' });
    expect(calls.filter((call) => call.startsWith('POST /payout-account/link'))).toHaveLength(1);
    expect(services.navigation.leave).toHaveBeenCalledTimes(1);
  });

  it('back from setting up (?payouts=return): thanks the seller, and reads the account again until Stripe confirms it', async () => {
    // The account is read again every RETURN_POLL_MS (3 s): a fake clock runs through those waits.
    jest.useFakeTimers();
    try {
      let state: PayoutAccount['state'] = 'pending';
      const calls = serveSeller(() => earningsWith({ state, due: [] }));
      const { services } = renderPage('/dashboard/earnings?payouts=return');

      expect(await screen.findByRole('status')).toHaveTextContent("Thanks — we'll update your payout status as soon as Stripe confirms it");
      expect(await payoutsRegion()).toHaveTextContent('Finish setting up payouts.');
      expect(services.navigation.leave).not.toHaveBeenCalled();

      state = 'active';
      await act(() => jest.advanceTimersByTimeAsync(RETURN_POLL_MS));
      expect(await within(await payoutsRegion()).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
      expect(screen.queryByText(/Thanks — we'll update/)).not.toBeInTheDocument();
      const reads = calls.filter((call) => call === 'GET /earnings').length;
      expect(reads).toBeGreaterThanOrEqual(2);

      // Confirmed: no more reading, however long the page stays open.
      await act(() => jest.advanceTimersByTimeAsync(3 * RETURN_POLL_MS));
      expect(calls.filter((call) => call === 'GET /earnings')).toHaveLength(reads);
    } finally {
      jest.useRealTimers();
    }
  });
});
