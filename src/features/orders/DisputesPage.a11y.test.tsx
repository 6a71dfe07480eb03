import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { disputesCopy, movesCopy } from './copy';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { anOrder } from '../../testing/fixtures';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { compactDisputeColumns } from './disputeColumns';
import { Component as DisputesPage } from './DisputesPage';

const disputed = (n: number) =>
  anOrder({
    _id: `d${n}`,
    bookName: `Book ${n}`,
    cusTomername: 'Bob Buyer',
    sellerName: 'Sam Seller',
    state: 'disputed',
    viewer: 'admin',
    total: 10 + n,
    timeline: [
      { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
      { state: 'disputed', at: '2025-11-24T12:00:00.000Z', reason: 'The cover is torn.' },
    ],
  });

let viewport: { restore(): void } | undefined;
afterEach(() => viewport?.restore());

describe.each([360, 1280])('the disputes page at %i px', (width) => {
  beforeEach(() => {
    viewport = setViewportWidth(width);
    localStorage.setItem('accessToken', 't0k');
  });

  it('passes axe, with the grid and with a settling dialog open', async () => {
    pagedList('/admin/disputes', numbered(2, disputed), { total: true });
    const user = userEvent.setup();
    renderWithProviders(<DisputesPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const grid = screen.getByRole('grid', { name: disputesCopy.title });
    const row = (await within(grid).findByRole('link', { name: 'Book 1' })).closest('[role="row"]') as HTMLElement;

    // A phone gets the order in one column, each part under its name, and the buttons beside it.
    const headers = within(grid).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(
      width < 600
        ? [disputesCopy.order, disputesCopy.actions]
        : [disputesCopy.book, disputesCopy.buyer, disputesCopy.seller, disputesCopy.total, disputesCopy.since, disputesCopy.reason, disputesCopy.actions],
    );
    for (const shown of ['Bob Buyer', 'Sam Seller', '$11', 'The cover is torn.']) expect(within(row).getByText(shown)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: disputesCopy.refundLabel('Book 1') }));
    const dialog = await screen.findByRole('dialog', { name: disputesCopy.refundLabel('Book 1') });
    await user.click(within(dialog).getByRole('button', { name: disputesCopy.refund }));
    await within(dialog).findByText(movesCopy.reasonRequired);
    expect(await axeViolations()).toEqual([]);
  });
});

it("leaves the order's column room on a 360 px phone: the buttons' column is narrow, the order's takes the rest", () => {
  const columns = compactDisputeColumns(jest.fn());
  const fixedWidth = columns.reduce((sum, column) => sum + (column.width ?? column.minWidth ?? 0), 0);
  // 360 px less the page's margins (12 px each side) and the grid's border: 334 px.
  expect(fixedWidth).toBeLessThanOrEqual(334 - 200);
});
