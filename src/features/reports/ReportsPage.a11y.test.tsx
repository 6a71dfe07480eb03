import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportsCopy } from './copy';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { Component as ReportsPage } from './ReportsPage';
import { aReport, serveAdminReports } from './testSupport';

const reports = [
  aReport(1, { text: 'Photos are of another book.', actions: [{ action: 'hide', reason: 'Fake', by: { _id: 'a1', name: 'Ada Admin' }, at: '2026-11-02T09:30:00.000Z' }] }),
  aReport(2, {
    kind: 'message',
    target: { summary: 'Pay me outside', hidden: false, threadId: 'th1' },
    user: { _id: 'u2', name: 'Sam Seller', email: 'sam@example.com', suspended: true },
  }),
];

let viewport: { restore(): void } | undefined;
afterEach(() => viewport?.restore());

describe.each([390, 1280])('the reports page at %i px', (width) => {
  beforeEach(() => {
    viewport = setViewportWidth(width);
    localStorage.setItem('accessToken', 't0k');
  });

  it('passes axe, with the grid and with a decision dialog open', async () => {
    serveAdminReports(reports);
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const row = await screen.findByRole('row', { name: /Pay me outside/ });
    // A phone gets the report in one column and the buttons beside it.
    const headers = within(screen.getByRole('grid', { name: reportsCopy.title })).getAllByRole('columnheader');
    expect(headers).toHaveLength(width < 600 ? 2 : 8);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: reportsCopy.lift }));
    const dialog = await screen.findByRole('dialog', { name: reportsCopy.lift });
    await user.click(within(dialog).getByRole('button', { name: reportsCopy.lift }));
    await within(dialog).findByText(reportsCopy.whyNeeded);
    expect(await axeViolations()).toEqual([]);
  });
});
