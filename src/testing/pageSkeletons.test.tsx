import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { copy } from '../config/copy';
import { myBuyerCopy, productsCopy } from '../features/products/copy';
import { earningsCopy } from '../features/earnings/copy';
import { Component as MyOrdersPage } from '../features/bookings/MyOrdersPage';
import { dune } from '../features/catalogue/testBooks';
import { Component as EarningsPage } from '../features/earnings/EarningsPage';
import { Component as MyBuyerPage } from '../features/products/MyBuyerPage';
import { Component as MyProductsPage } from '../features/products/MyProductsPage';
import { aBooking } from './fixtures';
import { renderApp, renderWithProviders, signedInState } from './renderWithProviders';
import { API, server } from './server';
import { allHidden, skeletons } from './skeletons';

/*
 * While a page's first data is on its way it shows the progress bar and, under it, placeholders
 * in the shape of what is coming (table rows, book cards, the book's page): never a blank area.
 * The placeholders are hidden from screen readers, and go once the data is there.
 */

interface Case {
  name: string;
  /** The GET path held until the test lets it answer. */
  held: string;
  answer: () => Response;
  /** Other calls the page makes, answered at once. */
  others?: Array<[string, () => Response]>;
  render(): void;
  /** The placeholders' shape, checked while they show. */
  shape(): void;
  shows: string;
}

const product = { _id: 'p1', name: 'Dune', price: 12, phone: '1', location: 'Dhaka', condition: 'Good', description: '', image: '' };
const BOOK_ID = 'b'.repeat(24);

/** Placeholder rows in the named table, each cell led by its column's name (the phone's cards). */
const skeletonRowsIn = (table: string, labels: string[]) => {
  const rows = within(screen.getByRole('table', { name: table }))
    .getAllByRole('row', { hidden: true })
    .filter((row) => row.getAttribute('aria-hidden') === 'true');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.dataset.label)).toEqual(labels);
  }
};

const cases: Case[] = [
  {
    name: 'My Orders',
    held: '/bookings',
    answer: () => HttpResponse.json([aBooking({ bookName: 'Dune' })]),
    render: () => renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState() }),
    shape: () => skeletonRowsIn(copy.orders.title, ['#', 'Image', 'Title', 'Price', 'Delete']),
    shows: 'Dune',
  },
  {
    name: 'My Products',
    held: '/products',
    answer: () => HttpResponse.json([product], { headers: { 'X-Total-Count': '1' } }),
    render: () => renderWithProviders(<MyProductsPage />, { preloadedState: signedInState({ isSeller: true }) }),
    shape: () => {
      skeletonRowsIn(productsCopy.myProductsTitle, ['Image', 'Name', 'Price', 'Location', 'Delete']);
      // The count is not known yet: no 'my products : 0' meanwhile.
      expect(screen.getByText(copy.products.count.trim())).toHaveTextContent(/^my products :$/);
    },
    shows: 'Dune',
  },
  {
    name: 'My Buyer',
    held: '/mybuyers',
    answer: () => HttpResponse.json([aBooking({ bookName: 'Dune' })]),
    render: () => renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) }),
    shape: () => skeletonRowsIn(myBuyerCopy.title, ['Buyer', 'Email', 'Book', 'Price', 'Status']),
    shows: 'Dune',
  },
  {
    name: 'My Earnings',
    held: '/earnings/entries',
    answer: () =>
      HttpResponse.json([
        { _id: 'e1', kind: 'charge', account: 'pending', amount: 16, bookingId: 'b1', bookName: 'Dune', at: '2025-11-21T12:00:00.000Z' },
      ]),
    others: [
      [
        '/earnings',
        () =>
          HttpResponse.json({
            balance: { pending: 16, available: 0, inTransit: 0, paidOut: 0 },
            account: { state: 'none', due: [] },
            commission: { percent: 8, min: 0.5, payoutMin: 1 },
          }),
      ],
    ],
    render: () => renderWithProviders(<EarningsPage />, { preloadedState: signedInState({ isSeller: true }) }),
    shape: () => skeletonRowsIn(earningsCopy.entries, ['Date', 'Book', 'What happened', 'Amount']),
    shows: 'Dune',
  },
  {
    name: 'a category',
    held: '/bookCatagoriesId/fiction',
    answer: () => HttpResponse.json([dune]),
    others: [
      ['/bookCatagories', () => HttpResponse.json([])],
      ['/bookings', () => HttpResponse.json([])],
    ],
    render: () => renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() }),
    // Four book cards, each with its portrait cover.
    shape: () => expect(document.querySelectorAll('[aria-hidden="true"] .MuiCard-root')).toHaveLength(4),
    shows: dune.name,
  },
  {
    name: 'a book',
    held: `/books/${BOOK_ID}`,
    answer: () =>
      HttpResponse.json({
        _id: BOOK_ID, name: 'Middlemarch', img: 'http://127.0.0.1:5000/image-host/i/m.webp', location: 'Tucson', resale_price: 8.5, orginal_price: 20,
        seller_name: 'Vera Seller', uses: '2 years', date: '2026-11-01', sold: false,
      }),
    others: [['/bookings', () => HttpResponse.json([])]],
    render: () => renderApp(`/books/${BOOK_ID}`, { preloadedState: signedInState() }),
    shape: () => expect(skeletons().some((skeleton) => skeleton.classList.contains('MuiSkeleton-rounded'))).toBe(true),
    shows: 'Middlemarch',
  },
];

describe('pages while their first data loads', () => {
  beforeEach(() => localStorage.setItem('accessToken', 't0k'));

  it.each(cases.map((page) => [page.name, page] as const))('%s: the progress bar over placeholders of its content, then the content', async (_name, page) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}${page.held}`, async () => {
        await answered;
        return page.answer();
      }),
      ...(page.others ?? []).map(([path, respond]) => http.get(`${API}${path}`, respond)),
    );
    page.render();

    await waitFor(() => expect(skeletons().length).toBeGreaterThan(0));
    expect(allHidden(skeletons())).toBe(true);
    expect(screen.getAllByRole('progressbar', { name: copy.loading }).length).toBeGreaterThan(0);
    page.shape();

    answer();
    expect(await screen.findByText(page.shows)).toBeInTheDocument();
    expect(skeletons()).toHaveLength(0);
  });
});
