import { expect, finalScreenshot, logInAs, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { dollars, payOnThisPage } from './support/checkout';
import { webUrl } from './support/env';
import { accessToken, callApi, listBook, type ListedBook } from './support/orders';

/**
 * Several books of one seller in one order, in real Chromium against the whole shop: the seller's
 * bundle terms set on their page, three books gathered from the book page, the search and the
 * seller's page, one checkout, one payment, one parcel.
 */


test('a buyer bundles three books of one seller, sees the discount and one shipping, pays once, and the seller ships one parcel', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const seller = { name: 'Bundle Seller', email: uniqueEmail('bundle-seller') };
  await createUser({ ...seller, role: 'seller' });
  const books: ListedBook[] = [];
  for (const title of ['Middlemarch', 'Persuasion', 'Cranford']) books.push(await listBook(seller.email, `${title} (bundle ${stamp})`));
  const sellerId = (await callApi<{ sellerId: string }>('GET', `/books/${books[0].id}`, await accessToken(seller.email))).sellerId;

  // The seller sets their bundle terms: $1.50 for each additional book, 10 % off three or more.
  const sellerContext = await browser.newContext({ baseURL: webUrl });
  const sellerPage = await sellerContext.newPage();
  await logInAs(sellerPage, seller.email);
  await sellerPage.goto('/dashboard/shop-policy');
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Bundle shipping and discounts' })).toBeVisible();
  await sellerPage.getByLabel('Shipping for each additional book ($)').fill('1.50');
  await sellerPage.getByRole('button', { name: 'Add a discount' }).click();
  const tier = sellerPage.getByRole('group', { name: 'Discount 1' });
  await tier.getByLabel('Minimum books').fill('3');
  await tier.getByLabel('Percent off').fill('10');
  await sellerPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sellerPage.getByText('Bundle shipping and discounts saved')).toBeVisible();

  // A buyer gathers the three: from the book's page, from the search, from the seller's page.
  const buyer = { name: 'Bundle Buyer', email: uniqueEmail('bundle-buyer') };
  await createUser({ ...buyer, role: 'Buyer' });
  await logInAs(page, buyer.email);
  await page.goto(`/books/${books[0].id}`);
  await page.getByRole('button', { name: 'Add to bundle' }).click();
  await expect(page.getByText(/^Added to your bundle from /)).toBeVisible();

  await page.goto(`/search?q=${encodeURIComponent(`Persuasion bundle ${stamp}`)}`);
  const result = page.getByRole('article').filter({ hasText: books[1].name });
  await result.getByRole('button', { name: 'Add to bundle' }).click();
  await expect(result.getByRole('button', { name: 'View bundle' }).or(result.getByRole('link', { name: 'View bundle' }))).toBeVisible();

  await page.goto(`/sellers/${sellerId}`);
  const third = page.getByRole('article').filter({ hasText: books[2].name });
  await third.getByRole('button', { name: 'Add to bundle' }).click();
  await expect(third.getByRole('button', { name: 'View bundle' }).or(third.getByRole('link', { name: 'View bundle' }))).toBeVisible();

  // One bundle: three books, 10 % off $36, the dearest shipping then $1.50 for each other book.
  await page.goto('/dashboard/bundles');
  const bundle = page.getByRole('region', { name: `From ${seller.name}` });
  for (const listed of books) await expect(bundle.getByText(listed.name)).toBeVisible();
  await bundle.getByRole('radio', { name: 'Shipping' }).check();
  const shipping = books[0].shippingPrice + 2 * 1.5;
  const total = 36 - 3.6 + shipping;
  await expect(bundle.getByText('Books (3)')).toBeVisible();
  await expect(bundle.getByText('Bundle discount (10%)')).toBeVisible();
  await expect(bundle.getByText(`−${dollars(3.6)}`)).toBeVisible();
  await expect(bundle.locator('dd').filter({ hasText: dollars(shipping) })).toBeVisible();
  await expect(bundle.locator('dd').filter({ hasText: dollars(total) })).toBeVisible();
  await bundle.getByLabel('Phone', { exact: true }).fill('+1 555 0142');
  await bundle.getByLabel('Location', { exact: true }).fill('Springfield');
  await bundle.getByLabel('Shipping address').fill('12 Elm Street, Springfield');
  await bundle.getByRole('button', { name: 'Check out' }).click();

  // One payment for the whole total.
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = decodeURIComponent(/\/dashboard\/payment\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
  await expect(page.getByText(dollars(total)).first()).toBeVisible();
  await payOnThisPage(page);
  const order = await callApi<{ paid: boolean; total: number; lines: { bookId: string }[] }>('GET', `/bookings/${orderId}`, await accessToken(buyer.email));
  expect(order).toMatchObject({ paid: true, total });
  expect(order.lines.map((line) => line.bookId)).toEqual(books.map((listed) => listed.id));

  // My Orders: one row listing the three.
  await page.goto('/dashboard');
  const row = page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: books[0].name });
  await expect(row).toHaveCount(1);
  for (const listed of books.slice(1)) await expect(row).toContainText(listed.name);

  // The seller ships one parcel.
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await sellerPage.getByRole('main').getByRole('button', { name: 'Mark shipped', exact: true }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Mark this book shipped' });
  await dialog.getByLabel('Carrier').fill('USPS');
  await dialog.getByLabel('Tracking number').fill('9400 1000 0000 0000 0000 42');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(sellerPage.locator('h1 + div .MuiChip-label')).toHaveText('Shipped');
  await finalScreenshot(page, 'bundle-paid-once');
  await sellerContext.close();
});
