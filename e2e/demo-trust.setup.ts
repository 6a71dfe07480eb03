import { test } from '@playwright/test';
import { demoTrust } from './support/demoTrust';

/**
 * The demo shop's messages, reports and reviews that the accessibility sweep reads
 * (support/demoTrust.ts), made once before the sweep's tests start, so that they can run side by
 * side without two of them making the same things at once.
 */
test('the demo shop holds the sweep’s messages, reports, reviews and notifications', async () => {
  await demoTrust();
});
