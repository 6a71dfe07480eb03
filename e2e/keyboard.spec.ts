import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, finalScreenshot, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { sellerWithBook } from './support/orders';

/**
 * The journeys again, by keyboard alone: Tab, Shift+Tab, Enter, Space, Escape, the arrow keys and
 * typing. No click, no mouse; `goto` stands for typing an address.
 */
const IMAGE = path.join(__dirname, '..', 'scripts', 'demo-assets', 'book-cover-green.png');

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function logInByKeyboard(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log In' });
  await expect(form.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled(); // the page is live
  await typeInto(page, form.getByLabel('Email'), email);
  await typeInto(page, form.getByLabel('Password'), 'demo1234');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
}

test('the skip link, the page heading after a navigation, its title and its announcement', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Book Resale');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The first load leaves the focus where it is and says nothing.
  const announcer = page.locator('#route-announcer');
  await expect(announcer).toHaveText('');

  const blog = page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Blog' });
  await tabTo(page, blog, { back: true });
  // The focus ring: 3 px, white on the dark top bar (7:1 against it).
  await expect(blog).toHaveCSS('outline-style', 'solid');
  await expect(blog).toHaveCSS('outline-width', '3px');
  await expect(blog).toHaveCSS('outline-color', 'rgb(255, 255, 255)');
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Blog' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Blog · Book Resale');
  await expect(announcer).toHaveText('Blog');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
});

test('a first load that redirects to the log-in form takes the focus to its heading and announces it', async ({ page }) => {
  // Signed out, a guarded page sends the visitor on to log in once the session is known.
  await page.goto('/dashboard/myproducts');
  await expect(page).toHaveURL(/\/login$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Log In' });
  await expect(heading).toBeFocused();
  await expect(page.locator('#route-announcer')).toHaveText('Log In');
  await expect(page).toHaveTitle('Log In · Book Resale');
});

test('on a phone, the dashboard menu opens from its button and a choice takes the focus to the new page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInByKeyboard(page, 'seller@bookresale.test');
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'dashboard' })).toHaveCount(0); // no side menu taking the width
  const open = page.getByRole('button', { name: 'Dashboard menu' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'dashboard' });
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  await tabTo(page, menu.getByRole('link', { name: 'My Buyer' }));
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My Buyer' })).toBeFocused();
  await expect(page).toHaveTitle('My Buyer · Book Resale');
  // Nothing scrolls sideways: the page is as wide as the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the carousel stops with its pause button and moves with the arrow keys', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await tabTo(page, carousel.getByRole('button', { name: 'Pause slideshow' }));
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(carousel.getByRole('button', { name: 'Go to slide 4' })).toHaveAttribute('aria-current', 'true');

  // A category card is one big link: its ring is drawn inside the card, which clips what overflows.
  const fiction = page.getByRole('link', { name: 'Fiction' });
  await tabTo(page, fiction);
  await expect(fiction).toHaveCSS('outline-width', '3px');
  await expect(fiction).toHaveCSS('outline-offset', '-3px');
  await expect(fiction).toHaveCSS('outline-color', 'rgb(61, 90, 128)');
});

test('by keyboard alone, a buyer books a book and pays for it', async ({ page }) => {
  const buyer = { name: 'Kim Keys', email: uniqueEmail('keys'), role: 'Buyer' as const };
  await createUser(buyer);
  // A book of its own: the shop's demo books stay for sale for the journeys that read them.
  const listed = await sellerWithBook({ name: 'Kit Seller', email: uniqueEmail('keys-seller') }, `The Iliad (keyboard ${Date.now().toString(36)})`);
  const title = listed.name;
  await logInByKeyboard(page, buyer.email);

  await page.goto(`/books/${listed.id}`);
  const bookNow = page.getByRole('main').getByRole('button', { name: 'Book Now' });
  await expect(bookNow).toBeEnabled(); // the page is live
  await tabTo(page, bookNow);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await typeInto(page, modal.getByLabel('Phone', { exact: true }), '+1 555 0111');
  await typeInto(page, modal.getByLabel('Location', { exact: true }), 'Keene');
  await tabTo(page, modal.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Booking Confirm')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.goto('/dashboard');
  const row = page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: title });
  await tabTo(page, row.getByRole('link', { name: 'Pay' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `payment for ${title}` })).toBeFocused();
  await typeInto(page, page.getByLabel('Card number'), '4242424242424242');
  await typeInto(page, page.getByLabel('MM / YY'), '1234');
  await typeInto(page, page.getByLabel('CVC'), '123');
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Congrats pyament complete')).toBeVisible();
  await finalScreenshot(page, 'k-keyboard-buyer-paid');
});

test('by keyboard alone, a seller adds a product and deletes it through the confirmation', async ({ page }) => {
  const seller = { name: 'Kai Keys', email: uniqueEmail('keyseller'), role: 'seller' as const };
  await createUser(seller);
  await logInByKeyboard(page, seller.email);
  const product = `Walden (keys ${Date.now().toString(36)})`;

  await page.goto('/dashboard/addproducts');
  await typeInto(page, page.getByLabel('Product name'), product);
  await typeInto(page, page.getByLabel('Resale price'), '6');
  await typeInto(page, page.getByLabel('Original price'), '15');
  await typeInto(page, page.getByLabel('Phone'), '+1 555 0122');
  await typeInto(page, page.getByLabel('Location'), 'Concord');
  // A closed native select picks the option whose name is typed.
  const category = page.getByLabel('Category');
  await typeInto(page, category, 'Science');
  await expect(category.locator('option:checked')).toHaveText('Science');
  await typeInto(page, page.getByLabel('Years of use'), '2 years');
  const condition = page.getByLabel('Condition');
  await typeInto(page, condition, 'Fair');
  await expect(condition).toHaveValue('Fair');
  await typeInto(page, page.getByLabel('Description'), 'Pencil notes in the margins.');
  await tabTo(page, page.getByRole('button', { name: 'Choose image' }));
  // The picker answers with the file; under load Chromium now and then drops the first request
  // to open it, so the user presses Enter again, as they would.
  page.on('filechooser', (chooser) => void chooser.setFiles(IMAGE));
  const chosen = page.getByText('Chosen: book-cover-green.png');
  await expect(async () => {
    if (!(await chosen.isVisible())) await page.keyboard.press('Enter');
    await expect(chosen).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  await tabTo(page, page.getByRole('button', { name: 'Add Product' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${product} is added successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);

  const row = page.getByRole('table', { name: 'My Products' }).getByRole('row').filter({ hasText: product });
  const remove = row.getByRole('button', { name: 'Delete' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
  // The safe choice has the focus; the destructive one is a deliberate step away.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Delete Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('by keyboard alone, the admin finds a buyer in the grid and makes them a seller', async ({ page }) => {
  const buyer = { name: 'Gus Gridkeys', email: uniqueEmail('gridkeys'), role: 'Buyer' as const };
  await createUser(buyer);
  await logInByKeyboard(page, 'admin@bookresale.test');

  await page.goto('/dashboard/allbuyer');
  const grid = page.getByRole('grid', { name: 'All Buyer' });
  await typeInto(page, page.getByRole('searchbox', { name: 'Search by name or email' }), buyer.email);
  const row = grid.getByRole('row').filter({ hasText: buyer.email });
  await expect(grid.getByRole('row')).toHaveCount(2); // the header and the one match
  // Into the grid, then along the row with the arrow keys to the button.
  const makeSeller = row.getByRole('button', { name: 'Make seller' });
  await tabTo(page, grid.getByRole('columnheader').first());
  await page.keyboard.press('ArrowDown');
  for (let presses = 0; presses < 6 && !(await isFocused(makeSeller)); presses += 1) {
    await page.keyboard.press('ArrowRight');
    if (await makeSeller.evaluate((button) => button.closest('[role="gridcell"]') === document.activeElement)) {
      await page.keyboard.press('Tab'); // from the cell to the control inside it
    }
  }
  await expect(makeSeller).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${buyer.name} seller successfully`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('by keyboard alone, a seller opens the notifications from the bell, and the hand-over code dialog closes with Escape', async ({
  page,
}) => {
  await logInByKeyboard(page, 'seller@bookresale.test');
  await page.goto('/dashboard/mybuyer');
  await expect(page.getByRole('heading', { level: 1, name: 'My Buyer' })).toBeVisible();

  // The bell says how many are unread; Enter opens the list, whose heading takes the focus.
  const bell = page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await tabTo(page, bell, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('link').first()).toBeVisible();

  // The demo order that is ready for its hand-over, opened from My Buyer.
  await page.goto('/dashboard/mybuyer');
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Dune (demo copy)', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Order: Dune (demo copy)' })).toBeFocused();
  const enterCode = page.getByRole('main').getByRole('button', { name: 'Enter hand-over code' });
  await tabTo(page, enterCode);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enter the hand-over code' });
  await expect(dialog).toBeVisible();
  // The focus is held inside the dialog while it is open.
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Back where it was opened from, with nothing changed.
  await expect(enterCode).toBeFocused();
  await expect(page.locator('h1 + div .MuiChip-label')).toHaveText('Ready');
  await finalScreenshot(page, 'k-keyboard-seller-handover-dialog-closed');
});
