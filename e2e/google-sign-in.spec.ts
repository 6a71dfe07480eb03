import { expect, finalScreenshot, test, uniqueEmail } from './fixtures';

test.describe('with the Google helper stand-in', () => {
  test.use({ googleStandIn: true });

  test('a buyer signs up with Google through the emulator popup', async ({ page, standInRequests }) => {
    const email = uniqueEmail('google');
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('Buyer');

    const popupOpened = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'continue with Google' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Add new account' }).click();
    // The emulator's account form has no accessible labels; its fields have ids.
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Gina Google');
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
    await popup.waitForEvent('close');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'DashBoard' }).click();
    const menu = page.getByRole('navigation', { name: 'dashboard' });
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add Product' })).toHaveCount(0);
    expect(standInRequests.some((url) => url.startsWith('https://apis.google.com/js/api.js'))).toBe(true);
    await finalScreenshot(page, 'c-google-sign-up');
  });
});

test('without Google reachable, the Google button fails with a clear message', async ({ page, offsiteRequests }) => {
  await page.goto('/login');
  await page.getByRole('form', { name: 'Log In' }).getByRole('button', { name: 'continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in is not reachable right now. Check your connection or use email and password.',
  );
  await expect(page.getByRole('button', { name: 'continue with Google' })).toBeEnabled();
  // The helper script was asked for and refused; that request is the point of this test.
  const attempted = offsiteRequests.filter((request) => request.startsWith('GET https://apis.google.com/js/api.js'));
  expect(attempted.length).toBeGreaterThan(0);
  offsiteRequests.splice(0, offsiteRequests.length, ...offsiteRequests.filter((request) => !attempted.includes(request)));
  await finalScreenshot(page, 'c-google-offline-message');
});
