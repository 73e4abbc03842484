import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * JavaScript a browser fetches to show the sign-in page, measured in Chromium: every script
 * response until the network is idle, gzip-compressed. Lazy chunks of other routes are not
 * fetched and so not counted.
 */
export const signInPageJsKb = async (baseUrl: string): Promise<{ files: number; gzipKb: number }> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    // On a busy machine the entry script can run longer than networkidle's quiet half second before
    // it asks for the sign-in page's chunks: wait for the form itself, then for the network again.
    await page.locator('input[type="password"]').waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    return { files: bodies.length, gzipKb: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024 };
  } finally {
    await browser.close();
  }
};
