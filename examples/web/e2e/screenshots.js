// Takes the README's pictures of the page (`npm run screenshots`, with the server as for the
// tests): the desktop game (../screenshot.png) and the Chinese phone layout (../screenshot-phone-zh.png),
// both in a two-player game after the Fried Liver's Kxf7, with the hint Qf3+ shown.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickMoves, launchBrowser, newGame, openPage, startServer } from './harness.js';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRIED_LIVER = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'f3g5', 'd7d5', 'e4d5', 'f6d5', 'g5f7', 'e8f7'];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [file, options] of [
    ['screenshot.png', { viewport: { width: 1100, height: 740 } }],
    ['screenshot-phone-zh.png', { viewport: { width: 375, height: 667 }, locale: 'zh-CN', hasTouch: true, isMobile: true }],
  ]) {
    const page = await openPage(browser, server.url, options);
    await newGame(page, { side: 'both' });
    await clickMoves(page, FRIED_LIVER);
    await page.locator('#hint').click();
    await page.locator('#board .arrow line').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(WEB, file) });
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
