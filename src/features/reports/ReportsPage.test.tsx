import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { copy } from '../../config/copy';
import { reportsCopy } from './copy';
import { reportToasts } from './toasts';
import { numbered } from '../../testing/pagedList';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { Component as ReportsPage } from './ReportsPage';
import { aReport, serveAdminReports } from './testSupport';

const admin = signedInState({ isAdmin: true, isSeller: true });
const renderReports = () => renderWithProviders(<ReportsPage />, { preloadedState: admin });
const grid = () => screen.getByRole('grid', { name: reportsCopy.title });
/** The summaries of what was reported, row by row. */
const summaries = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByText(/^Book \d+$/)?.textContent);
const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

/** Puts `text` in `field` at once: what is typed matters here, not the typing of it. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('reports (admin)', () => {
  it('lists the open reports newest first, 25 a page from the API, and asks for the next with its cursor', async () => {
    const api = serveAdminReports(numbered(30, (n) => aReport(n)));
    const user = userEvent.setup({ delay: null });
    renderReports();

    expect(await screen.findByRole('heading', { level: 1, name: reportsCopy.title })).toBeInTheDocument();
    await waitFor(() => expect(summaries()[0]).toBe('Book 30'));
    expect(summaries()).toHaveLength(25);
    expect(api.lists).toEqual([{ limit: '25', state: 'open', sort: 'created_desc' }]);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(summaries()).toEqual(['Book 5', 'Book 4', 'Book 3', 'Book 2', 'Book 1']));
    expect(api.lists[1]).toEqual({ limit: '25', state: 'open', sort: 'created_desc', cursor: 'after-rep06' });
  });

  it('filters by state, kind and reason and orders oldest first on asking, each from the first page', async () => {
    const reports = [
      aReport(1, { reason: 'spam' }),
      aReport(2, { kind: 'review', target: { summary: 'Book 2', hidden: false } }),
      aReport(3, { kind: 'review', reason: 'spam', target: { summary: 'Book 3', hidden: false } }),
      aReport(4, { state: 'dismissed', kind: 'review', reason: 'spam' }),
    ];
    const api = serveAdminReports(reports);
    const user = userEvent.setup({ delay: null });
    renderReports();
    await waitFor(() => expect(summaries()).toEqual(['Book 3', 'Book 2', 'Book 1']));

    await user.selectOptions(screen.getByRole('combobox', { name: reportsCopy.kind }), reportsCopy.kinds.review);
    await waitFor(() => expect(summaries()).toEqual(['Book 3', 'Book 2']));
    await user.selectOptions(screen.getByRole('combobox', { name: reportsCopy.reason }), reportsCopy.reasons.spam);
    await waitFor(() => expect(summaries()).toEqual(['Book 3']));
    await user.selectOptions(screen.getByRole('combobox', { name: reportsCopy.state }), reportsCopy.any);
    await waitFor(() => expect(summaries()).toEqual(['Book 4', 'Book 3']));
    expect(api.lists.at(-1)).toEqual({ limit: '25', kind: 'review', reason: 'spam', sort: 'created_desc' });

    await user.click(within(grid()).getByRole('columnheader', { name: reportsCopy.at }));
    await waitFor(() => expect(summaries()).toEqual(['Book 3', 'Book 4']));
    expect(api.lists.at(-1)).toEqual({ limit: '25', kind: 'review', reason: 'spam', sort: 'created_asc' });

    await user.selectOptions(screen.getByRole('combobox', { name: reportsCopy.kind }), reportsCopy.kinds.message);
    expect(await screen.findByText(reportsCopy.empty)).toBeInTheDocument();
  });

  it('shows what was reported, whom it concerns, who reported it and why, and what was done', async () => {
    serveAdminReports([
      aReport(1, {
        kind: 'message',
        text: 'Asked me to pay outside the shop.',
        reason: 'abuse',
        target: { summary: 'Pay me by wire instead', hidden: true, threadId: 'th1' },
        user: { _id: 'u-vera', name: 'Vera Seller', email: 'vera@example.com', suspended: true },
        state: 'actioned',
        actions: [{ action: 'hide', reason: 'Off-platform payment', by: { _id: 'a1', name: 'Ada Admin' }, at: '2026-11-02T09:30:00.000Z' }],
      }),
    ]);
    renderReports();
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByRole('combobox', { name: reportsCopy.state }), reportsCopy.any);
    const row = await screen.findByRole('row', { name: /Pay me by wire instead/ });
    expect(within(row).getByText(reportsCopy.kinds.message)).toBeInTheDocument();
    expect(within(row).getByText(reportsCopy.hidden)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: reportsCopy.thread })).toHaveAttribute('href', '/dashboard/messages/th1');
    expect(within(row).getByText('vera@example.com')).toBeInTheDocument();
    expect(within(row).getByText(reportsCopy.suspended)).toBeInTheDocument();
    expect(within(row).getByText('Rita Reader')).toBeInTheDocument();
    expect(within(row).getByText(reportsCopy.reasons.abuse)).toBeInTheDocument();
    expect(within(row).getByText('Asked me to pay outside the shop.')).toBeInTheDocument();
    expect(within(row).getByText(reportsCopy.states.actioned)).toBeInTheDocument();
    expect(within(row).getByText(/^Hidden by Ada Admin, 2 Nov 2026, \d\d:\d\d: Off-platform payment$/)).toBeInTheDocument();
    // Hidden already, suspended already, not open: only delete is left, and the suspension may be lifted.
    expect(within(row).queryByRole('button', { name: reportsCopy.moves.hide })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: reportsCopy.moves.suspend })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: reportsCopy.moves.dismiss })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: reportsCopy.moves.delete })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: reportsCopy.lift })).toBeInTheDocument();
  });

  it('hides what was reported only with a reason, says so, and reads the queue again', async () => {
    const api = serveAdminReports([aReport(1)]);
    const user = userEvent.setup({ delay: null });
    const { services } = renderReports();
    await screen.findByRole('row', { name: /Book 1/ });
    await user.click(within(rowOf('Book 1')).getByRole('button', { name: reportsCopy.moves.hide }));
    const dialog = await screen.findByRole('dialog', { name: reportsCopy.ask.hide });
    expect(within(dialog).getByText('Book 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: reportsCopy.moves.hide }));
    expect(await within(dialog).findByText(reportsCopy.whyNeeded)).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    await enter(user, within(dialog).getByRole('textbox', { name: reportsCopy.reason }), ' Counterfeit copy ');
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.moves.hide }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posts).toEqual([{ path: '/admin/reports/rep01/actions', body: { action: 'hide', reason: 'Counterfeit copy' } }]);
    expect(services.notifier.notify).toHaveBeenCalledWith(reportToasts.done.hide, 'success');
    await waitFor(() => expect(api.lists).toHaveLength(2));
  });

  it('offers no hiding of a user, and suspends, deletes or dismisses through the same dialog', async () => {
    const api = serveAdminReports([aReport(1, { kind: 'user', targetId: 'u-vera', target: { summary: 'Book 1', hidden: false } })]);
    const user = userEvent.setup({ delay: null });
    renderReports();
    await screen.findByRole('row', { name: /Book 1/ });
    const row = rowOf('Book 1');
    expect(within(row).queryByRole('button', { name: reportsCopy.moves.hide })).not.toBeInTheDocument();

    for (const action of ['suspend', 'delete', 'dismiss'] as const) {
      await user.click(within(rowOf('Book 1')).getByRole('button', { name: reportsCopy.moves[action] }));
      const dialog = await screen.findByRole('dialog', { name: reportsCopy.ask[action] });
      await enter(user, within(dialog).getByRole('textbox', { name: reportsCopy.reason }), `Why ${action}`);
      await user.click(within(dialog).getByRole('button', { name: reportsCopy.moves[action] }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(api.posts.map((post) => post.body)).toEqual([
      { action: 'suspend', reason: 'Why suspend' },
      { action: 'delete', reason: 'Why delete' },
      { action: 'dismiss', reason: 'Why dismiss' },
    ]);
  });

  it('keeps the dialog open with the refusal', async () => {
    serveAdminReports([aReport(1)], { fail: 400 });
    const user = userEvent.setup({ delay: null });
    renderReports();
    await screen.findByRole('row', { name: /Book 1/ });
    await user.click(within(rowOf('Book 1')).getByRole('button', { name: reportsCopy.moves.hide }));
    const dialog = await screen.findByRole('dialog', { name: reportsCopy.ask.hide });
    await enter(user, within(dialog).getByRole('textbox', { name: reportsCopy.reason }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.moves.hide }));
    expect(await within(dialog).findByText('Only a listing, a message or a review can be hidden')).toBeInTheDocument();
  });

  it("lifts a suspended user's suspension with a reason", async () => {
    const api = serveAdminReports([
      aReport(1, { user: { _id: 'u-vera', name: 'Vera Seller', email: 'vera@example.com', suspended: true } }),
    ]);
    const user = userEvent.setup({ delay: null });
    const { services } = renderReports();
    await screen.findByRole('row', { name: /Book 1/ });
    await user.click(within(rowOf('Book 1')).getByRole('button', { name: reportsCopy.lift }));
    const dialog = await screen.findByRole('dialog', { name: reportsCopy.lift });
    expect(within(dialog).getByText('Vera Seller (vera@example.com)')).toBeInTheDocument();
    await enter(user, within(dialog).getByRole('textbox', { name: reportsCopy.reason }), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.lift }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posts).toEqual([{ path: '/admin/users/u-vera/reinstate', body: { reason: 'Appeal accepted' } }]);
    expect(services.notifier.notify).toHaveBeenCalledWith(reportToasts.lifted, 'success');
  });

  it('is for admins only, and in their menu', async () => {
    serveAdminReports([]);
    renderApp('/dashboard/reports', { preloadedState: signedInState({ isSeller: true }) });
    expect(await screen.findByText(copy.roles.needAdmin)).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: copy.menu.reports, hidden: true })).toHaveLength(0);
  });
});
