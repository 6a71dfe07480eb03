import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';
import { apiUrl, ports } from './support/env';

// The security headers as the browser gets them. Every journey in the other files runs under
// the same policy, and the shared fixture fails a test on any violation; the last test here
// shows that it does.

const directives = (policy: string) => new Map(policy.split(';').map((part) => {
  const [name, ...values] = part.trim().split(/\s+/);
  return [name, values] as const;
}));

test('pages arrive with a strict policy, and one inline script, allowed by its hash', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  const policy = directives(headers['content-security-policy'] ?? '');
  const [self, keptClicks, ...hosts] = policy.get('script-src') ?? [];
  expect([self, hosts]).toEqual(["'self'", ['https://apis.google.com', `http://127.0.0.1:${ports.stripe}`]]);
  expect(keptClicks).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  expect(policy.get('connect-src')).toEqual(expect.arrayContaining([apiUrl, `http://127.0.0.1:${ports.auth}`]));
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  });
  // One inline script, the one that keeps clicks made before the app is live, is the one the
  // hash allows, and it ran; every other script of the HTML has a src, except the settings, data.
  const html = (await response?.text()) ?? '';
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
  expect(inline.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`)).toEqual([keptClicks]);
  expect(await page.evaluate(() => Array.isArray(window.__keptClicks))).toBe(true);
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => tag !== '<script>');
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts) expect(tag).toMatch(/\bsrc="|type="application\/json"/);
  // The app started from those settings: the form went live.
  await expect(page.getByRole('form', { name: 'Log In' }).getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
});

test('images from the API show on the web origin', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Fiction' })).toBeVisible();
  // The first card's picture (not held back by lazy loading), from the API's image host.
  const cover = page.locator(`img[src^="${apiUrl}/image-host/i/"]`).first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test('an inline script or handler is refused, and the run would fail on it', async ({ page, cspViolations }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ran = await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'document.body.dataset.inlineRan = "yes"';
    document.head.append(inline);
    const handler = document.createElement('button');
    handler.setAttribute('onclick', 'document.body.dataset.handlerRan = "yes"');
    document.body.append(handler);
    handler.click();
    handler.remove();
    return { inline: document.body.dataset.inlineRan ?? 'no', handler: document.body.dataset.handlerRan ?? 'no' };
  });
  expect(ran).toEqual({ inline: 'no', handler: 'no' });
  await expect.poll(() => cspViolations.length).toBe(2);
  expect(cspViolations.join('\n')).toMatch(/script-src-elem blocked inline/);
  expect(cspViolations.join('\n')).toMatch(/script-src-attr blocked inline/);
  cspViolations.splice(0, cspViolations.length);
});
