import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, finalScreenshot, logIn, test, uniqueEmail } from './fixtures';
import { createUser } from './support/accounts';
import { AxeRunner } from './support/axe';
import { DEMO_REPORT_TEXT, demoTrust, OFFERED, REVIEWED, TALKED_ABOUT } from './support/demoTrust';

/**
 * The accessibility sweep: every route, in every role, at desktop and phone widths, with each
 * dialog open, checked by axe-core against WCAG 2.2 AA. Each view also leaves a full-page
 * screenshot in e2e/artifacts/routes/<width>/, and each role and width its axe findings in
 * e2e/artifacts/axe/ (an empty list when all is well).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const AXE_DIR = path.join(__dirname, 'artifacts', 'axe');

type Role = 'visitor' | 'buyer' | 'seller' | 'admin';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  buyer: 'buyer@bookresale.test',
  seller: 'seller@bookresale.test',
  admin: 'admin@bookresale.test',
};

interface View {
  name: string;
  /** Brings the page to the state to check; it is ready when this returns. */
  open(page: Page): Promise<void>;
  /** Leaves the state (closes a dialog), so the next view starts clean. */
  close?(page: Page): Promise<void>;
}

interface Finding {
  view: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** No CSS transition is running: axe would read colours halfway through a fade otherwise. */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
}

/** The app is live on the page: the bar knows the session (Log In or Sign Out shows), which a page rendered on the server does not before it hydrates. */
async function live(page: Page) {
  const bar = page.getByRole('navigation', { name: 'main' });
  await expect(bar.getByRole('link', { name: 'Log In' }).or(bar.getByRole('button', { name: 'Sign Out' }))).toBeVisible();
}

/**
 * What settled() waits for, looked at in the page on every frame: Log In or Sign Out shown in the
 * bar, a level-one heading shown, no progress bar shown. Playwright's expect looks again at
 * growing intervals, half a second apart after the first few, which cost the sweep about a second
 * per view; after this wait, the expects that follow (what is checked) pass at their first look.
 */
async function firstSettledFrame(page: Page) {
  await page.waitForFunction(() => {
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const bar = document.querySelector('nav[aria-label="main"]');
    const live = [...(bar?.querySelectorAll('a, button') ?? [])].some(
      (element) => /^(Log In|Sign Out)$/.test(element.textContent?.trim() ?? '') && shown(element),
    );
    const heading = [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].some(shown);
    const loading = [...document.querySelectorAll('[role="progressbar"]')].some(shown);
    return live && heading && !loading;
  });
}

/** The page has settled: it is live, its heading is shown, nothing is loading any more, nothing is fading. */
async function settled(page: Page) {
  await firstSettledFrame(page);
  await live(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // A prerendered form's button turns from disabled to enabled (and fades) once the app is live.
  const submit = page.getByRole('form', { name: /^(Log In|Sign Up)$/ }).getByRole('button', { name: /^(Log In|Sign Up)$/ });
  if ((await submit.count()) > 0) await expect(submit).toBeEnabled();
  await transitionsDone(page);
}

const route = (name: string, url: string, ready?: (page: Page) => Promise<void>): View => ({
  name,
  async open(page) {
    await page.goto(url);
    await settled(page);
    if (ready) {
      await ready(page);
      // What the page did on becoming ready (a button enabled, say) fades in: judge the colours after it.
      await transitionsDone(page);
    }
  },
});

/** The demo offer's page (support/demoTrust.ts), opened from the list at `listUrl`, then `ready`. */
const offerView = (name: string, listUrl: string, ready: (page: Page) => Promise<void>): View => ({
  name,
  async open(page) {
    await page.goto(listUrl);
    await settled(page);
    await page.getByRole('main').getByRole('link', { name: OFFERED }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Offer for ${OFFERED}` })).toBeVisible();
    await settled(page);
    await ready(page);
    await transitionsDone(page);
  },
  async close(page) {
    await page.keyboard.press('Escape');
  },
});

/** A dialog opened from a page; Escape or its cancel button closes it. */
const dialog = (name: string, url: string, opener: (page: Page) => Promise<void>, title: string | RegExp): View => ({
  name,
  async open(page) {
    await page.goto(url);
    await settled(page);
    await opener(page);
    const shown = page.getByRole('dialog', { name: title });
    await expect(shown).toBeVisible();
    // Wait for the opening fade (on the dialog's container) to end: axe reads colours mid-fade otherwise.
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
    await transitionsDone(page);
  },
  async close(page) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
});

/** Ids the routes need, found the way a user finds them. */
interface Ids {
  bookPath: string;
  sellerPath: string;
  /** The demo orders' pages (scripts/demo-accounts.mjs), by book, as the signed-in user reaches them. */
  orders: Record<string, string>;
  /**
   * The completed demo order's thread (support/demoTrust.ts), as the user reaches it: from the
   * inbox (its buyer and seller), or from the reports (an admin: a message in it was reported).
   */
  threadPath: string;
}

/** The demo orders each role opens: from My Orders (buyer), My Buyer (seller) or the disputes (admin). */
const DEMO_ORDER_BOOKS = {
  paidMeetup: 'The Hobbit (demo copy)',
  ready: 'Dune (demo copy)',
  paidShipping: 'Middlemarch (demo copy)',
  received: 'A Brief History of Time (demo copy)',
  disputed: "Charlotte's Web (demo copy)",
  completed: TALKED_ABOUT,
  /** Completed and reviewed by both sides (support/demoTrust.ts). */
  reviewed: REVIEWED,
} as const;
type DemoOrder = keyof typeof DEMO_ORDER_BOOKS;

const ORDER_LISTS: Record<Exclude<Role, 'visitor'>, { url: string; orders: DemoOrder[] }> = {
  buyer: { url: '/dashboard', orders: ['paidMeetup', 'received', 'completed', 'reviewed'] },
  seller: { url: '/dashboard/mybuyer', orders: ['paidMeetup', 'ready', 'paidShipping', 'completed', 'reviewed'] },
  admin: { url: '/dashboard/disputes', orders: ['disputed'] },
};

/** The order pages' paths, read from the links of the list where `role` finds its orders. */
async function discoverOrders(page: Page, role: Role): Promise<Record<string, string>> {
  if (role === 'visitor') return {};
  const { url, orders } = ORDER_LISTS[role];
  await page.goto(url);
  const found: Record<string, string> = {};
  for (const order of orders) {
    const link = page.getByRole('main').getByRole('link', { name: DEMO_ORDER_BOOKS[order], exact: true });
    found[order] = (await link.getAttribute('href')) ?? '';
    expect(found[order], `${role}'s link to the order of ${DEMO_ORDER_BOOKS[order]}`).toMatch(/^\/dashboard\/orders\//);
  }
  return found;
}

/** The completed demo order's thread: from the inbox for its sides, from the reports' link for an admin. */
async function discoverThread(page: Page, role: Role): Promise<string> {
  if (role === 'visitor') return '';
  await page.goto(role === 'admin' ? '/dashboard/reports' : '/dashboard/messages');
  const link =
    role === 'admin'
      ? page
          .getByRole('grid', { name: 'Reports' })
          .getByRole('row')
          // The demo report's own words: other journeys report messages in threads of their own.
          .filter({ hasText: DEMO_REPORT_TEXT })
          .getByRole('link', { name: 'Read the thread' })
      : page.getByRole('list', { name: 'Messages' }).getByRole('link').filter({ hasText: TALKED_ABOUT });
  const threadPath = (await link.getAttribute('href')) ?? '';
  expect(threadPath, `${role}'s link to the thread about ${TALKED_ABOUT}`).toMatch(/^\/dashboard\/messages\//);
  return threadPath;
}

async function discover(page: Page, role: Role): Promise<Ids> {
  const orders = await discoverOrders(page, role);
  const threadPath = await discoverThread(page, role);
  await page.goto('/search?q=Clean%20Code');
  const result = page.getByRole('link', { name: /Clean Code \(demo copy\)/ }).first();
  const bookPath = (await result.getAttribute('href')) ?? '';
  await page.goto(bookPath);
  const sellerPath = (await page.getByRole('link', { name: 'Vera Seller' }).first().getAttribute('href')) ?? '';
  expect(bookPath).toMatch(/^\/books\//);
  expect(sellerPath).toMatch(/^\/sellers\//);
  return { bookPath, sellerPath, orders, threadPath };
}

/** A thread's messages are shown (an order page's, or a thread page's). */
const messagesShown = (page: Page) => expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);

/** The demo seller's page lists the buyer's review (support/demoTrust.ts). */
const reviewsShown = (page: Page) =>
  expect(page.getByRole('region', { name: 'Reviews' }).getByRole('listitem').first()).toBeVisible();

function publicViews(ids: Ids): View[] {
  return [
    route('home', '/', async (page) => {
      await expect(page.getByRole('heading', { name: 'Life hack' })).toBeVisible();
      await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
    }),
    route('blog', '/blog'),
    route('search', '/search?q=code'),
    route('book', ids.bookPath),
    route('seller', ids.sellerPath, reviewsShown),
    route('not-found', '/no-such-page'),
  ];
}

function viewsFor(role: Role, ids: Ids, paymentPath: string): View[] {
  if (role === 'visitor') {
    return [
      ...publicViews(ids),
      route('login', '/login'),
      route('signup', '/signup'),
      // A token the API never signed: the page says the link did not work.
      route('unsubscribe-bad-token', '/unsubscribe?token=bad', (page) => expect(page.getByRole('alert')).toBeVisible()),
    ];
  }
  const signedIn = [
    ...publicViews(ids),
    route('category', '/bookCatagoriesId/science', (page) => expect(page.getByRole('article').first()).toBeVisible()),
    route('all-books', '/bookCatagoriesId', (page) => expect(page.getByRole('article').first()).toBeVisible()),
    route('my-orders', '/dashboard'),
    route('dashboard-not-found', '/dashboard/no-such-page'),
    // The list, or (the admin is no side of an order) its empty state.
    route('notifications', '/dashboard/notifications', (page) =>
      expect(
        page.getByRole('list', { name: 'Notifications' }).getByRole('link').first().or(page.getByText(/^Nothing yet\./)),
      ).toBeVisible(),
    ),
    route('notification-settings', '/dashboard/notifications/settings', (page) =>
      expect(page.getByLabel('An order is paid')).toBeVisible(),
    ),
    route('favourites', '/dashboard/favourites', (page) => expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible()),
    route('wanted', '/dashboard/wanted', (page) => expect(page.getByRole('heading', { level: 1, name: 'Wanted' })).toBeVisible()),
    route('bundles', '/dashboard/bundles', (page) => expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible()),
    route('offers', '/dashboard/offers', (page) => expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()),
    // The threads, or (none of theirs: the admin) the empty state.
    route('messages', '/dashboard/messages', (page) =>
      expect(page.getByRole('list', { name: 'Messages' }).getByRole('link').or(page.getByText(/^No messages yet\./)).first()).toBeVisible(),
    ),
    // Its buyer and seller write in it; an admin reads it (a message in it was reported).
    route('thread', ids.threadPath, messagesShown),
  ];
  /** The book page's dialogs, for whoever is not its seller. */
  const bookDialogs = [
    // The demo book is Vera Seller's: the user may ask about it (the button shows once the page is live).
    dialog('ask-seller-dialog', ids.bookPath, (page) => page.getByRole('button', { name: 'Ask the seller' }).click(), 'Ask the seller'),
    dialog('report-dialog', ids.bookPath, (page) => page.getByRole('button', { name: 'Report this book' }).click(), 'Report this book'),
  ];
  /** The Report dialog of the other side's message, in the thread. */
  const reportMessage = dialog(
    'report-message-dialog',
    ids.threadPath,
    (page) => page.getByRole('main').getByRole('button', { name: 'Report this message' }).first().click(),
    'Report this message',
  );
  if (role === 'buyer') {
    return [
      ...signedIn,
      // The demo buyer's offer, waiting for the seller (support/demoTrust.ts), found in their list.
      offerView('offer-buyer', '/dashboard/offers?state=pending', (page) => expect(page.getByText('Waiting for the seller')).toBeVisible()),
      dialog('make-offer-dialog', ids.bookPath, (page) => page.getByRole('button', { name: 'Make an offer' }).click(), 'Make an offer'),
      // A bundle with a book in it: its books, totals, delivery and contact fields.
      {
        name: 'bundle-with-a-book',
        async open(page) {
          await page.goto(ids.bookPath);
          await settled(page);
          const add = page.getByRole('button', { name: 'Add to bundle' });
          const view = page.getByRole('link', { name: 'View bundle' }).or(page.getByRole('button', { name: 'View bundle' }));
          await expect(add.or(view).first()).toBeVisible();
          if (await add.isVisible()) {
            await add.click();
            await expect(view.first()).toBeVisible();
          }
          await page.goto('/dashboard/bundles');
          await settled(page);
          await expect(page.getByRole('button', { name: 'Check out' }).first()).toBeVisible();
          await transitionsDone(page);
        },
      },
      route('payment', paymentPath, async (page) => {
        await expect(page.getByLabel('Card number')).toBeVisible();
        // The Pay button is enabled once the card form is ready, and fades from grey to blue.
        await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
      }),
      dialog(
        'booking-modal',
        '/bookCatagoriesId/science',
        (page) => page.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click(),
        /.+/,
      ),
      dialog(
        'cancel-booking-dialog',
        '/dashboard',
        (page) => page.getByRole('button', { name: /^Delete Clean Code/ }).click(),
        'Cancel this booking?',
      ),
      dialog(
        'booking-modal-shipping',
        '/bookCatagoriesId/science',
        async (page) => {
          await page.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
          await page.getByRole('dialog').getByRole('radio', { name: 'Shipping' }).check();
          await expect(page.getByRole('dialog').getByLabel('Shipping address')).toBeVisible();
        },
        /.+/,
      ),
      route('order-buyer-paid-meetup', ids.orders.paidMeetup, (page) =>
        expect(page.getByRole('note', { name: 'Your hand-over code' })).toContainText(/\d{6}/),
      ),
      route('order-buyer-received', ids.orders.received, (page) =>
        expect(page.getByRole('main').getByRole('button', { name: 'Report a problem' })).toBeVisible(),
      ),
      ...bookDialogs,
      // An ISBN nobody lists (in the book-metadata stand-in, not in the shop, listed by no other
      // journey, which may run beside this one): the want dialog.
      dialog(
        'want-isbn-dialog',
        '/search?q=9780140385724',
        (page) => page.getByRole('button', { name: "Tell me when it's listed" }).click(),
        "Tell me when it's listed",
      ),
      // Its thread, and the buyer's review waiting for the seller's.
      route('order-buyer-completed', ids.orders.completed, async (page) => {
        await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('heading', { level: 3, name: 'Your review' })).toBeVisible();
        await messagesShown(page);
      }),
      // Both reviews shown: the seller's with its reply form and Report button.
      route('order-buyer-reviewed', ids.orders.reviewed, (page) =>
        expect(page.getByRole('region', { name: 'Reviews' }).getByRole('heading', { level: 3, name: "The seller's review" })).toBeVisible(),
      ),
      reportMessage,
      dialog(
        'report-problem-dialog',
        ids.orders.received,
        (page) => page.getByRole('main').getByRole('button', { name: 'Report a problem' }).click(),
        'Report a problem',
      ),
    ];
  }
  if (role === 'seller') {
    return [
      ...signedIn,
      route('add-product', '/dashboard/addproducts'),
      route('edit-product', '/dashboard/myproducts', async (page) => {
        await page.getByRole('link', { name: /^Edit / }).first().click();
        await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      }),
      route('my-products', '/dashboard/myproducts', (page) => expect(page.getByRole('table')).toBeVisible()),
      route('inventory', '/dashboard/inventory', (page) => expect(page.getByRole('button', { name: 'Save defaults' })).toBeVisible()),
      route('offers-received', '/dashboard/offers?role=seller', (page) =>
        expect(page.getByRole('main').getByRole('link', { name: OFFERED }).first()).toBeVisible(),
      ),
      // The demo buyer's offer, waiting for this seller's answer, and the counter dialog.
      offerView('offer-seller', '/dashboard/offers?role=seller&state=pending', (page) =>
        expect(page.getByRole('region', { name: 'Your answer' })).toBeVisible(),
      ),
      offerView('counter-offer-dialog', '/dashboard/offers?role=seller&state=pending', async (page) => {
        await page.getByRole('region', { name: 'Your answer' }).getByRole('button', { name: 'Counter' }).click();
        await expect(page.getByRole('dialog', { name: 'Counter the offer' })).toBeVisible();
        await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      }),
      route('shop-policy', '/dashboard/shop-policy', (page) =>
        expect(page.getByRole('heading', { level: 1, name: 'Bundle shipping and discounts' })).toBeVisible(),
      ),
      route('my-buyer', '/dashboard/mybuyer', (page) => expect(page.getByRole('table')).toBeVisible()),
      // The demo seller's completed order gives the balance and the entries something to show.
      route('my-earnings', '/dashboard/earnings', (page) => expect(page.getByRole('table')).toBeVisible()),
      dialog(
        'delete-product-dialog',
        '/dashboard/myproducts',
        (page) => page.getByRole('button', { name: 'Delete' }).first().click(),
        'Are You Want To Delete Product?',
      ),
      route('order-seller-paid-meetup', ids.orders.paidMeetup, (page) =>
        expect(page.getByRole('main').getByRole('button', { name: 'Mark ready' })).toBeVisible(),
      ),
      dialog(
        'handover-code-dialog',
        ids.orders.ready,
        (page) => page.getByRole('main').getByRole('button', { name: 'Enter hand-over code' }).click(),
        'Enter the hand-over code',
      ),
      dialog(
        'shipped-dialog',
        ids.orders.paidShipping,
        (page) => page.getByRole('main').getByRole('button', { name: 'Mark shipped' }).click(),
        'Mark this book shipped',
      ),
      // Its thread, and the form to review the buyer (who reviewed already).
      route('order-seller-completed', ids.orders.completed, async (page) => {
        await expect(page.getByRole('form', { name: 'Review the buyer' })).toBeVisible();
        await messagesShown(page);
      }),
      // Both reviews shown: the buyer's with its reply form and Report button.
      route('order-seller-reviewed', ids.orders.reviewed, (page) =>
        expect(page.getByRole('region', { name: 'Reviews' }).getByRole('heading', { level: 3, name: "The buyer's review" })).toBeVisible(),
      ),
      reportMessage,
      // The book page is the demo seller's own: no Ask. Their page lists the buyer's review, which they may report.
      dialog(
        'report-review-dialog',
        ids.sellerPath,
        (page) => page.getByRole('region', { name: 'Reviews' }).getByRole('button', { name: 'Report this review' }).first().click(),
        'Report this review',
      ),
    ];
  }
  return [
    ...signedIn,
    route('all-seller', '/dashboard/allseller', (page) => expect(page.getByRole('grid')).toBeVisible()),
    route('all-buyer', '/dashboard/allbuyer', (page) => expect(page.getByRole('grid')).toBeVisible()),
    dialog(
      'delete-user-dialog',
      '/dashboard/allseller',
      (page) => page.getByRole('grid').getByRole('button', { name: 'Delete' }).first().click(),
      'Delete this user?',
    ),
    route('disputes', '/dashboard/disputes', (page) => expect(page.getByRole('grid', { name: 'Disputes' })).toBeVisible()),
    // The grid, or (no seller was paid yet in this shop) its empty state.
    route('payouts', '/dashboard/payouts', (page) =>
      expect(page.getByRole('grid', { name: 'Payouts' }).or(page.getByText('No payouts yet.'))).toBeVisible(),
    ),
    // The admin settles it (Refund, Complete); read by the demo seller (an admin too), it is theirs.
    route('order-admin-disputed', ids.orders.disputed),
    // The demo buyer reported a message (support/demoTrust.ts): the grid has a row at least.
    route('reports', '/dashboard/reports', (page) => expect(page.getByRole('grid', { name: 'Reports' }).getByRole('button', { name: 'Hide' }).first()).toBeVisible()),
    dialog(
      'reports-action-dialog',
      '/dashboard/reports',
      (page) => page.getByRole('grid', { name: 'Reports' }).getByRole('button', { name: 'Hide' }).first().click(),
      'Hide it from everyone?',
    ),
    ...bookDialogs,
  ];
}

/** Logs in once the prerendered form is live (typing into it before hydration would be lost). */
async function logInAs(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Log In' }).getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await logIn(page, email);
  await expect(page.getByRole('form', { name: 'Log In' })).toHaveCount(0);
}

/** A drawer opened by a button (the phone menus); Escape closes it. */
const drawer = (name: string, url: string, button: string, navName: string): View => ({
  name,
  async open(page) {
    await page.goto(url);
    // settled() waits for the app to be live: a click on the prerendered bar before then does nothing.
    await settled(page);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('navigation', { name: navName }).getByRole('link').first()).toBeVisible();
    await expect(page.locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
    await transitionsDone(page);
  },
  async close(page) {
    await page.keyboard.press('Escape');
    await expect(page.locator('.MuiDrawer-paper')).toHaveCount(0);
  },
});

/** The menus that only phones (and narrow windows) have. */
function phoneViews(role: Role): View[] {
  const menus = [drawer('menu-drawer', '/', 'Menu', 'Menu')];
  if (role !== 'visitor') menus.push(drawer('dashboard-drawer', '/dashboard', 'Dashboard menu', 'dashboard'));
  return menus;
}

/** One axe runner per test (its blank page lives as long as the test's browser context). */
const runners = new WeakMap<BrowserContext, AxeRunner>();

async function axeFindings(page: Page, view: string): Promise<Finding[]> {
  let runner = runners.get(page.context());
  if (!runner) {
    runner = new AxeRunner(page.context(), { runOnly: { type: 'tag', values: WCAG_TAGS } });
    runners.set(page.context(), runner);
  }
  const results = await runner.analyze(page);
  return results.violations.map((violation) => ({
    view,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

function report(role: string, width: string, findings: Finding[]) {
  fs.mkdirSync(AXE_DIR, { recursive: true });
  fs.writeFileSync(path.join(AXE_DIR, `${role}-${width}.json`), `${JSON.stringify(findings, null, 2)}\n`);
  for (const finding of findings) {
    console.info(`axe ${role} ${width} ${finding.view}: ${finding.rule} ×${finding.nodes.length} (${finding.impact})`);
  }
}

for (const size of WIDTHS) {
  for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
    test(`axe: every ${role} page at ${size.width}px has no WCAG 2.2 AA violation`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await demoTrust();
      if (role !== 'visitor') {
        await logInAs(page, ACCOUNTS[role]);
        // Every role's pages are swept with a count on the bell (support/demoTrust.ts): its name
        // must hold the number it shows (Label in Name).
        const bell = page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: /^Notifications/ });
        await expect(bell).toHaveAccessibleName(/^Notifications, \d+\+? unread$/);
      }
      const ids = await discover(page, role);
      let paymentPath = '';
      if (role === 'buyer') {
        await page.goto('/dashboard');
        const pay = page.getByRole('row').filter({ hasText: 'Clean Code (demo copy)' }).getByRole('link', { name: 'Pay' });
        paymentPath = (await pay.getAttribute('href')) ?? '';
      }

      const findings: Finding[] = [];
      const views = [...viewsFor(role, ids, paymentPath), ...(size.width < 900 ? phoneViews(role) : [])];
      for (const view of views) {
        await view.open(page);
        findings.push(...(await axeFindings(page, view.name)));
        // Every action is reachable without a sideways scroll of the page.
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(pageWidth, `${view.name} scrolls sideways`).toBeLessThanOrEqual(size.width);
        await finalScreenshot(page, path.join('routes', String(size.width), `${role}-${view.name}`));
        if (view.close) await view.close(page);
      }
      report(role, size.name, findings);
      expect(findings.map((f) => `${f.view}: ${f.rule} ×${f.nodes.length} ${f.nodes.slice(0, 3).join(' | ')}`)).toEqual([]);
    });
  }

  // The demo seller sells and is an admin: their Stats and the marketplace's Insight, charts and then every table shown.
  test(`axe: the Stats and Insight pages at ${size.width}px, charts and tables, have no WCAG 2.2 AA violation`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await logInAs(page, ACCOUNTS.seller);
    const findings: Finding[] = [];
    for (const [name, url] of [
      ['stats', '/dashboard/stats'],
      ['insight', '/dashboard/insight?days=90'],
    ] as const) {
      await page.goto(url);
      await settled(page);
      await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
      await transitionsDone(page);
      findings.push(...(await axeFindings(page, name)));
      const switches = page.getByRole('switch', { name: 'Show as table' });
      for (let i = 0; i < (await switches.count()); i += 1) await switches.nth(i).check();
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
      await transitionsDone(page);
      findings.push(...(await axeFindings(page, `${name}-tables`)));
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(pageWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(size.width);
      await finalScreenshot(page, path.join('routes', String(size.width), `seller-${name}-tables`));
    }
    report('insight', size.name, findings);
    expect(findings.map((f) => `${f.view}: ${f.rule} ×${f.nodes.length} ${f.nodes.slice(0, 3).join(' | ')}`)).toEqual([]);
  });

  test(`axe: a success toast at ${size.width}px has no WCAG 2.2 AA violation`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const buyer = { name: 'Tia Toast', email: uniqueEmail('toast'), role: 'Buyer' as const };
    await createUser(buyer);
    await logInAs(page, buyer.email);
    await page.goto('/bookCatagoriesId/history');
    await page.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await modal.getByLabel('Location', { exact: true }).fill('Salem');
    await modal.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByText('Booking Confirm');
    await expect(toast).toBeVisible();
    await expect(modal).toBeHidden();
    // The toast slides in: judge it where it stops, not over whatever it passes on its way.
    await transitionsDone(page);
    // Book Now was scrolled to: back at the top, no card lies half under the sticky bar (content
    // passes under it by design; the toast, fixed, stays where it is).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const findings = await axeFindings(page, 'success-toast');
    report('toast', size.name, findings);
    expect(findings.map((f) => `${f.view}: ${f.rule} ×${f.nodes.length} ${f.nodes.slice(0, 3).join(' | ')}`)).toEqual([]);
  });
}

/** The widths between: a small phone and a tablet. No route may scroll sideways there either. */
for (const width of [360, 768]) {
  test(`no route scrolls sideways at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await demoTrust();
    // The demo seller is verified (an admin too), so every dashboard page is theirs.
    await logInAs(page, ACCOUNTS.seller);
    const ids = await discover(page, 'seller');
    // The demo seller is an admin too: the disputed order is theirs, and the disputes list theirs to open.
    Object.assign(ids.orders, await discoverOrders(page, 'admin'));
    const views = [...viewsFor('admin', ids, ''), ...viewsFor('seller', ids, '')].filter((view) => !view.close);
    const seen = new Set<string>();
    for (const view of views) {
      if (seen.has(view.name)) continue;
      seen.add(view.name);
      await view.open(page);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(pageWidth, `${view.name} scrolls sideways`).toBeLessThanOrEqual(width);
      await finalScreenshot(page, path.join('routes', String(width), `seller-${view.name}`));
    }
  });
}
