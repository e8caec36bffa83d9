// What every end-to-end test needs: the server (started here on a free port), Debian's chromium
// through playwright-core, and a few steps on the page that many tests take.

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');

/** Where screenshots go: `$E2E_ARTIFACTS`, else `target/web-e2e/` of the repository. */
export const ARTIFACTS = path.resolve(ROOT, process.env.E2E_ARTIFACTS || 'target/web-e2e');

/**
 * Starts `chess-web --port 0` (`$CHESS_WEB_BIN`, else the release build in the Cargo target
 * folder) and resolves to `{url, stop}` once it prints its address. Its key
 * for sealing saves is made in a temporary folder, not in the user's data directory.
 */
export async function startServer() {
  const target = path.resolve(ROOT, process.env.CARGO_TARGET_DIR || 'target');
  const binary = process.env.CHESS_WEB_BIN || path.join(target, 'release/chess-web');
  const folder = await mkdtemp(path.join(tmpdir(), 'chess-web-e2e-'));
  const args = ['--port', '0', '--quiet', '--secret-file', path.join(folder, 'secret')];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((done) => child.once('exit', done));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${binary} exited with ${code} before it listened`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const found = line.match(/http:\/\/[^\s]+/);
      if (!found) {
        child.kill();
        reject(new Error(`unexpected first line from ${binary}: ${line}`));
        return;
      }
      lines.on('line', () => {}); // keep draining stdout
      resolve({
        url: found[0].replace(/\/$/, ''),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill();
          await exited;
          await rm(folder, { recursive: true, force: true });
        },
      });
    });
  });
}

/** Launches Debian's chromium headless, without any background networking. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Calls the server's API directly (as a test's setup, not as the page would). */
export async function api(url, name, body) {
  const response = await fetch(`${url}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Opens a new page (in a new context: empty localStorage) at the lobby, in English. */
export async function openPage(browser, url, contextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  // Anything the content security policy blocks is an error too.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) page.errors.push(message.text());
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return page;
}

/** Closes the page's context, failing when the page threw an uncaught error (or broke its content security policy) meanwhile. */
export async function closePage(page) {
  await page.context().close();
  if (page.errors.length) throw new Error(`errors on the page: ${page.errors.join('; ')}`);
}

/** Chooses the computer's pace in the settings dialog (the gear). */
export async function setPace(page, pace) {
  await page.click('#settings-open');
  await page.check(`#settings input[name="pace"][value="${pace}"]`);
  await page.click('#settings-close');
}

/** Starts a new game from the lobby with these choices and waits for the board. */
export async function newGame(page, { side = 'white', level = 'beginner', rules = 'fide' } = {}) {
  await page.check(`input[name="level"][value="${level}"]`); // before the side: two players disable it
  await page.check(`input[name="rules"][value="${rules}"]`);
  await page.check(`input[name="side"][value="${side}"]`);
  await page.click('#new-game');
  await page.waitForSelector('#game:not([hidden]) [data-square="e1"] .piece');
}

/** The square's element (found by name, whatever the board's orientation). */
export function square(page, name) {
  return page.locator(`#board [data-square="${name}"]`);
}

/** How many moves the move list shows. */
export function moveCount(page) {
  return page.locator('#moves .san').count();
}

/** Waits until the move list has `count` moves. */
export async function waitForMoves(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves .san').length === n, count);
}

/**
 * Plays moves ("e2e4" each) by clicking the piece, then its square, waiting for each to show
 * (against an instant computer, its answer may follow within the same frame).
 */
export async function clickMoves(page, moves) {
  for (const move of moves) {
    const before = await moveCount(page);
    await square(page, move.slice(0, 2)).click();
    await square(page, move.slice(2, 4)).click();
    await page.waitForFunction((n) => document.querySelectorAll('#moves .san').length > n, before);
  }
}

/** Drags the piece on `from` to `to` with the mouse, in small steps as a hand would. */
export async function drag(page, from, to) {
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Drags the piece on `from` to `to` with a finger (touch events through the DevTools protocol). */
export async function touchDrag(page, from, to) {
  const centre = async (name) => {
    const box = await square(page, name).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const [a, b] = [await centre(from), await centre(to)];
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  for (let step = 1; step <= 8; step++) {
    const point = { x: a.x + ((b.x - a.x) * step) / 8, y: a.y + ((b.y - a.y) * step) / 8 };
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/**
 * Switches the page's language with its button and waits until the page is written in the other
 * one (the Chinese page first loads its font).
 */
export async function switchLanguage(page) {
  const before = await page.locator('html').getAttribute('lang');
  await page.locator('#language').click();
  await page.waitForFunction((lang) => document.documentElement.lang !== lang, before);
}
