// End-to-end tests of the chess-web page in a real browser (Debian's chromium via playwright-core)
// against a chess-web server started here on a free port. Run `cargo build --release -p chess-web`,
// then `npm ci && npm test` in this folder; CHESS_WEB_BIN names another server binary, CHROMIUM
// another browser, E2E_ARTIFACTS the folder for the screenshot (default target/web-e2e).

import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ARTIFACTS,
  api,
  clickMoves,
  closePage,
  drag,
  launchBrowser,
  moveCount,
  newGame,
  openPage,
  setPace,
  square,
  startServer,
  switchLanguage,
  touchDrag,
  waitForMoves,
} from './harness.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a page, closed after test `t`, sets the computer's pace when `pace` is given (a
 * browser `context` too), and starts a game with `game`'s settings (see `newGame`).
 */
async function startGame(t, game, { pace, context } = {}) {
  const page = await openPage(browser, server.url, context);
  t.after(() => closePage(page));
  if (pace) await setPace(page, pace);
  await newGame(page, game);
  return page;
}

describe('chess-web in the browser', () => {
  test('selecting e2 shows dots on e3 and e4', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await square(page, 'e2').click();
    await square(page, 'e3').locator('.dot').waitFor();
    assert.equal(await square(page, 'e4').locator('.dot').count(), 1);
    assert.equal(await page.locator('#board .dot').count(), 2);
    assert.equal(await page.locator('#board .ring').count(), 0);
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#board .dot').count(), 0);
  });

  test('the lobby option to show legal destinations is on by default; off, no marks, and remembered', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    const option = page.locator('#show-destinations');
    assert.equal(await option.isChecked(), true);
    await option.uncheck();
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await option.isChecked(), false, 'the choice is remembered');
    await newGame(page, { side: 'both' });
    await square(page, 'e2').click();
    await page.locator('#board .square.selected').waitFor();
    assert.equal(await page.locator('#board .dot, #board .ring').count(), 0);
    // The move still checks and explains.
    await square(page, 'e5').click();
    await page.locator('#message.error').waitFor();
    assert.match(await page.locator('#message').textContent(), /^Illegal move: /);
    await clickMoves(page, ['e2e4']);
    assert.equal(await page.locator('#moves .san').first().textContent(), 'e4');
    // On again from the lobby, the marks come back.
    await page.locator('#to-lobby').click();
    await option.check();
    await page.locator('#continue').click();
    await square(page, 'e7').click();
    await square(page, 'e5').locator('.dot').waitFor();
  });

  test('capturable pieces get red rings, en passant included', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['e2e4', 'd7d5', 'e4d5', 'c7c5']);
    await square(page, 'd5').click();
    await square(page, 'c6').locator('.ring').waitFor();
    assert.equal(await square(page, 'c5').locator('.ring').count(), 1, 'the pawn taken en passant');
    assert.equal(await square(page, 'd6').locator('.dot').count(), 1);
    assert.equal(await page.locator('#board .ring').count(), 2);
    await square(page, 'c6').click();
    await waitForMoves(page, 5);
    assert.equal(await page.locator('#moves .san').last().textContent(), 'dxc6');
    assert.equal(await square(page, 'c5').locator('.piece').count(), 0);
  });

  test('after e4 the computer answers (pace instant, chosen in the settings)', async (t) => {
    const page = await startGame(t, { side: 'white' }, { pace: 'instant' });
    await clickMoves(page, ['e2e4']);
    await waitForMoves(page, 2);
    const reply = await page.locator('#moves .san').nth(1).textContent();
    assert.match(reply, /^([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]|O-O(-O)?)[+#]?$/);
    assert.match(await page.locator('#message').textContent(), new RegExp(`^The computer plays ${reply.replace('+', '\\+')} — Black `));
    assert.equal(await page.locator('#status').textContent(), 'White to move.');
    assert.equal(await page.locator('#board .last-move').count(), 2);
  });

  test('the computer\'s pace is offered in the lobby as in the gear, the same choice, remembered', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    const lobby = (pace) => page.locator(`#lobby-pace input[value="${pace}"]`);
    const labels = await page.locator('#lobby-pace label').allTextContents();
    assert.deepEqual(labels.map((text) => text.trim()), ['real (waits 2-5 s, like a person)', 'faster (1-2 s)', 'instant']);
    assert.equal(await lobby('real').isChecked(), true);
    await lobby('fast').check();
    await page.click('#settings-open');
    assert.equal(await page.isChecked('#settings input[name="pace"][value="fast"]'), true);
    await page.check('#settings input[name="pace"][value="instant"]');
    await page.click('#settings-close');
    assert.equal(await lobby('instant').isChecked(), true);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await lobby('instant').isChecked(), true, 'remembered');
    await page.check('input[name="side"][value="both"]');
    assert.equal(await lobby('real').isDisabled(), true, 'two players need no pace');
  });

  test('a busy server (503) is asked again after its Retry-After, and the computer answers', async (t) => {
    const page = await startGame(t, { side: 'white' }, { pace: 'instant' });
    let calls = 0;
    await page.route('**/api/computer', async (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      const error = { code: 'busy', message: { en: 'The server is busy.', zh: '服务器正忙。' } };
      return route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, json: { error } });
    });
    await clickMoves(page, ['e2e4']);
    await waitForMoves(page, 2);
    assert.equal(calls, 2);
    assert.equal(await page.locator('#message.error').count(), 0);
  });

  test('a pinned piece dragged away flies back and the reason names the pin', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['d2d4', 'e7e6', 'c2c4', 'f8b4', 'b1c3', 'g8f6']);
    await drag(page, 'c3', 'e4');
    await page.locator('#message.error').waitFor();
    assert.match(await page.locator('#message').textContent(), /^Illegal move: .*\bpin/);
    await page.waitForSelector('#board .piece.returning', { state: 'detached' });
    assert.equal(await square(page, 'c3').locator('.piece[data-piece="N"]').count(), 1);
    assert.equal(await square(page, 'e4').locator('.piece').count(), 0);
    assert.equal(await square(page, 'c3').locator('.piece').evaluate((piece) => getComputedStyle(piece).transform), 'none');
    assert.equal(await moveCount(page), 6);
  });

  test('check: the king\'s square is red and shakes, the status says Check! (将军！)', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['e2e4', 'f7f6', 'd1h5']);
    const king = square(page, 'e8');
    await page.locator('#board .square.check').waitFor();
    assert.equal(await page.locator('#board .square.check').count(), 1);
    assert.equal(await king.getAttribute('class'), 'square light check');
    assert.match(await king.evaluate((e) => getComputedStyle(e).backgroundImage), /^radial-gradient\(circle, rgb\(255, 26, 26\) 0%/);
    assert.equal(await king.locator('.piece').evaluate((e) => getComputedStyle(e).animationName), 'shake');
    assert.equal(await page.locator('#status').textContent(), 'Check! Black to move.');
    await switchLanguage(page);
    assert.equal(await page.locator('#status').textContent(), '将军！轮到黑方走棋。');
    // Out of check, the mark and the words go.
    await clickMoves(page, ['g7g6']);
    assert.equal(await page.locator('#board .square.check').count(), 0);
    assert.equal(await page.locator('#status').textContent(), '轮到白方走棋。');
  });

  test('check with reduced motion: the square is red, the king does not shake', async (t) => {
    const page = await startGame(t, { side: 'both' }, { context: { reducedMotion: 'reduce' } });
    await clickMoves(page, ['e2e4', 'f7f6', 'd1h5']);
    const king = square(page, 'e8');
    await page.locator('#board .square.check').waitFor();
    assert.match(await king.evaluate((e) => getComputedStyle(e).backgroundImage), /^radial-gradient\(circle, rgb\(255, 26, 26\) 0%/);
    assert.equal(await king.locator('.piece').evaluate((e) => getComputedStyle(e).animationName), 'none');
  });

  test('the lobby names the levels as the site does and describes them, in English and Chinese', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    const label = (level) => page.locator(`#level label:has(input[value="${level}"])`);
    const names = () => page.locator('#level label > span').allTextContents();
    assert.deepEqual(await names(), ['Beginner', 'Normal', 'Expert']);
    assert.match(await label('beginner').locator('small').textContent(), /two moves ahead.*material.*slips/);
    assert.match(await label('normal').locator('small').textContent(), /three moves ahead.*where pieces stand well/);
    assert.match(await label('expert').locator('small').textContent(), /four moves ahead.*captures.*quiet.*king to the centre/);
    assert.match(await page.locator('#level .note').textContent(), /within a second.*human pace/);
    await switchLanguage(page);
    assert.deepEqual(await names(), ['入门', '普通', '高手']);
    assert.match(await label('expert').locator('small').textContent(), /^看四步/);
    await newGame(page, { side: 'white', level: 'expert' });
    assert.equal(await page.locator('#message').textContent(), '新对局：你执白，对手是电脑（高手），FIDE规则。');
  });

  test('castling: click the king, then g1; the rook lands on f1', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5']);
    await square(page, 'e1').click();
    await square(page, 'g1').locator('.dot').waitFor();
    await square(page, 'g1').click();
    await waitForMoves(page, 7);
    assert.equal(await page.locator('#moves .san').last().textContent(), 'O-O');
    assert.equal(await square(page, 'g1').locator('.piece').getAttribute('data-piece'), 'K');
    assert.equal(await square(page, 'f1').locator('.piece').getAttribute('data-piece'), 'R');
    assert.equal(await square(page, 'h1').locator('.piece').count(), 0);

    // The mid-game picture, kept as an artifact and checked not to be blank.
    await mkdir(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, 'midgame.png');
    await page.locator('.board-column').screenshot({ path: file });
    // Counted on a blank page: the game's content security policy loads no data: images.
    const blank = await page.context().newPage();
    const colours = await blank.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const seen = new Set();
      for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
      return seen.size;
    }, (await readFile(file)).toString('base64'));
    assert.ok(colours > 10, `midgame.png has only ${colours} colours`);
  });

  test('castling queenside by dragging the king onto its rook', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['d2d4', 'd7d5', 'b1c3', 'b8c6', 'c1f4', 'c8f5', 'd1d2', 'd8d7']);
    await drag(page, 'e1', 'a1');
    await waitForMoves(page, 9);
    assert.equal(await page.locator('#moves .san').last().textContent(), 'O-O-O');
    assert.equal(await square(page, 'c1').locator('.piece').getAttribute('data-piece'), 'K');
    assert.equal(await square(page, 'd1').locator('.piece').getAttribute('data-piece'), 'R');
  });

  test('promotion through the panel, in a game from a FEN continued from localStorage', async (t) => {
    const { state } = await api(server.url, 'new', { side: 'both', level: 'normal', rules: 'fide', fen: '7k/P7/8/8/8/8/8/K7 w - - 0 1' });
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    await page.evaluate((saved) => localStorage.setItem('chess-web-save', JSON.stringify(saved)), state);
    await page.reload();
    await page.locator('#continue:not([hidden])').click();
    await square(page, 'a7').click();
    await square(page, 'a8').click();
    await page.locator('#promotion:not([hidden])').waitFor();
    assert.equal(await page.locator('#promotion [data-promotion]').count(), 4);
    await page.locator('#promotion [data-promotion="n"]').click();
    await waitForMoves(page, 1);
    assert.equal(await page.locator('#moves .san').first().textContent(), 'a8=N');
    assert.equal(await square(page, 'a8').locator('.piece').getAttribute('data-piece'), 'N');
    assert.equal(await square(page, 'a7').locator('.piece').count(), 0);
  });

  test('a hint highlights its move and says it (H key), and costs one of three', async (t) => {
    const page = await startGame(t, { side: 'white' });
    assert.equal(await page.locator('#hint').textContent(), 'Hint (3)');
    await page.keyboard.press('h');
    await page.locator('#board .square.hint').first().waitFor();
    assert.equal(await page.locator('#board .square.hint').count(), 2);
    assert.match(await page.locator('#message').textContent(), /^Hint: \S+ — .+\. \(2 left in this game\)$/);
    assert.equal(await page.locator('#hint').textContent(), 'Hint (2)');
    const text = await page.locator('#message').textContent();
    await page.locator('#hint').click();
    await page.locator('#message', { hasText: 'Hint (again, not counted)' }).waitFor();
    assert.equal(await page.locator('#message').textContent(), text.replace('Hint:', 'Hint (again, not counted):'));
    assert.equal(await page.locator('#hint').textContent(), 'Hint (2)');
  });

  test('keyboard shortcuts act only while the board is on screen and the focus is in no text field', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    let hints = 0;
    page.on('request', (request) => { if (request.url().endsWith('/api/hint')) hints += 1; });
    await page.keyboard.press('h'); // in the lobby: no board
    await newGame(page, { side: 'white' });
    // A text field (as a page or an extension may add one): its keys are its own.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'note';
      document.querySelector('.side-column').append(field);
    });
    await page.locator('#note').focus();
    await page.keyboard.type('hz');
    assert.equal(await page.locator('#note').inputValue(), 'hz');
    // The board scrolled off the screen.
    await page.locator('#note').blur();
    await page.evaluate(() => {
      document.body.style.paddingBottom = '3000px';
      window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().bottom + window.scrollY + 10);
    });
    await page.keyboard.press('h');
    await page.waitForTimeout(300);
    assert.equal(hints, 0);
    assert.equal(await page.locator('#hint').textContent(), 'Hint (3)');
    // Back on screen, H asks for a hint.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.keyboard.press('h');
    await page.locator('#hint', { hasText: 'Hint (2)' }).waitFor();
    assert.equal(hints, 1);
  });

  test('sounds: off by default, a switch in the gear (remembered), one sound per kind of event by Web Audio', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    // The page's Web Audio calls are recorded, not heard: each note started, as [wave, frequency].
    await page.addInitScript(() => {
      window.notes = [];
      const node = () => ({ connect: (next) => next });
      window.AudioContext = class {
        constructor() { this.state = 'running'; this.currentTime = 0; this.destination = node(); }
        resume() {}
        createGain() { return { ...node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } }; }
        createOscillator() {
          return { ...node(), type: '', frequency: { value: 0 }, stop() {}, start() { window.notes.push([this.type, this.frequency.value]); } };
        }
      };
    });
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    const SOUNDS = await page.evaluate(async () => (await import('/static/sound.js')).SOUNDS);
    const notesOf = (names) => names.flatMap((name) => SOUNDS[name].notes.map(([frequency]) => [SOUNDS[name].wave, frequency]));
    const heard = () => page.evaluate(() => window.notes.splice(0));
    await newGame(page, { side: 'both' });
    await clickMoves(page, ['e2e4']);
    assert.deepEqual(await heard(), [], 'off by default');
    await page.click('#settings-open');
    await page.check('#sound');
    await page.click('#settings-close');
    assert.deepEqual(await heard(), notesOf(['move']), 'switching it on plays a sound');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    await page.click('#settings-open');
    assert.equal(await page.isChecked('#sound'), true, 'the switch is remembered');
    await page.click('#settings-close');
    await clickMoves(page, ['d7d5', 'e4d5', 'd8d5', 'b1c3', 'd5e5', 'f1e2']);
    assert.deepEqual(await heard(), notesOf(['move', 'capture', 'capture', 'move', 'check', 'move']));
    // Castling, promotion and the end, in games from positions.
    const from = async (fen) => {
      const { state } = await api(server.url, 'new', { side: 'both', level: 'normal', rules: 'fide', fen });
      await page.evaluate((saved) => localStorage.setItem('chess-web-save', JSON.stringify(saved)), state);
      await page.locator('#to-lobby').click();
      await page.locator('#continue').click();
    };
    await from('r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1');
    await clickMoves(page, ['e1g1']);
    await from('7k/P6p/8/8/8/8/8/K7 w - - 0 1');
    await square(page, 'a7').click();
    await square(page, 'a8').click();
    await page.locator('#promotion [data-promotion="n"]').click();
    await waitForMoves(page, 1);
    await from('k7/8/1K6/8/8/8/8/7R w - - 0 1');
    await clickMoves(page, ['h1h8']);
    await page.locator('#game-over:not([hidden])').waitFor();
    assert.deepEqual(await heard(), notesOf(['castle', 'promotion', 'end']));
  });

  test('undo takes back the move and the computer answer', async (t) => {
    const page = await startGame(t, { side: 'white' }, { pace: 'instant' });
    await clickMoves(page, ['e2e4']);
    await waitForMoves(page, 2);
    await page.locator('#undo').click();
    await waitForMoves(page, 0);
    assert.equal(await square(page, 'e2').locator('.piece').getAttribute('data-piece'), 'P');
    assert.equal(await page.locator('#message').textContent(), 'Took back the last 2 moves.');
  });

  test('undo (Z) while the computer thinks drops its answer', async (t) => {
    const page = await startGame(t, { side: 'white' }, { pace: 'real' });
    const computer = page.waitForResponse((response) => response.url().endsWith('/api/computer'));
    await square(page, 'e2').click();
    await square(page, 'e4').click();
    await page.locator('#status.thinking').waitFor();
    const wait = (await (await computer).json()).wait.real;
    await page.keyboard.press('z');
    await waitForMoves(page, 0);
    assert.equal(await page.locator('#message').textContent(), 'Took back the last move.');
    // Past the pace's wait, the dropped answer has still not been shown.
    await page.waitForTimeout(wait * 1000 + 300);
    assert.equal(await moveCount(page), 0);
    assert.equal(await page.locator('#status').textContent(), 'White to move.');
  });

  test('a reload mid-game returns straight to the game; from the lobby, the lobby offers to continue it', async (t) => {
    const page = await startGame(t, { side: 'white' }, { pace: 'instant' });
    await clickMoves(page, ['d2d4']);
    await waitForMoves(page, 2);
    const fen = await page.evaluate(() => localStorage.getItem('chess-web-save'));
    const reply = await page.locator('#moves .san').nth(1).textContent();
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await page.locator('#game').isVisible(), true);
    assert.equal(await page.locator('#lobby').isVisible(), false);
    await waitForMoves(page, 2);
    assert.equal(await page.locator('#message').textContent(), 'Continuing the last game.');
    assert.equal(await page.locator('#status').textContent(), 'White to move.');
    // The lobby is one click away, and a reload there stays there, offering the game.
    await page.locator('#to-lobby').click();
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    const button = page.locator('#continue:not([hidden])');
    assert.equal(await button.textContent(), 'Continue the last game (1 move played)');
    assert.equal(await page.locator('#game').isVisible(), false);
    await button.click();
    await waitForMoves(page, 2);
    assert.equal(await page.locator('#moves .san').nth(1).textContent(), reply);
    assert.equal(await square(page, 'd4').locator('.piece').getAttribute('data-piece'), 'P');
    assert.equal(await page.evaluate(() => localStorage.getItem('chess-web-save')), fen);
  });

  test('Restart, beside Back to the lobby, asks and then clears the game; Back to the lobby keeps it to continue', async (t) => {
    const page = await startGame(t, { side: 'black', level: 'expert', rules: 'casual' }, { pace: 'instant' });
    await waitForMoves(page, 1);
    const buttons = await page.locator('.actions button').evaluateAll((all) => all.map((b) => b.id));
    assert.deepEqual(buttons.slice(-2), ['restart', 'to-lobby']);
    const first = await page.locator('#moves .san').first().textContent();
    await page.locator('#to-lobby').click();
    const button = page.locator('#continue:not([hidden])');
    assert.equal(await button.textContent(), 'Continue the last game (1 move played)');
    await button.click();
    await waitForMoves(page, 1);
    assert.equal(await page.locator('#moves .san').first().textContent(), first);
    // Restart asks first; No keeps the game.
    await page.locator('#restart').click();
    assert.equal(await page.locator('#confirm-text').textContent(), 'Clear this game and start again with the same settings?');
    await page.locator('#confirm-no').click();
    await page.locator('#message', { hasText: 'Play on, then.' }).waitFor();
    assert.equal(await moveCount(page), 1);
    await clickMoves(page, ['e7e5']);
    await waitForMoves(page, 3);
    await page.locator('#restart').click();
    const started = page.waitForRequest((request) => request.url().endsWith('/api/new'));
    await page.locator('#confirm-yes').click();
    assert.deepEqual((await started).postDataJSON(), { side: 'black', level: 'expert', rules: 'casual' });
    await waitForMoves(page, 1); // the computer opens the new game as White
    assert.equal(await page.locator('#status').textContent(), 'Black to move.');
  });

  test('a changed save is refused: the lobby says why and offers no continue', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['e2e4']);
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('chess-web-save'));
      state.save = state.save.replace('"hints_used":0', '"hints_used":1');
      localStorage.setItem('chess-web-save', JSON.stringify(state));
    });
    await page.reload();
    await page.locator('#lobby-notice:not([hidden])').waitFor();
    assert.match(await page.locator('#lobby-notice').textContent(), /changed outside the game/);
    assert.ok(await page.locator('#continue').isHidden());
    assert.equal(await page.evaluate(() => localStorage.getItem('chess-web-save')), null);
  });

  test('casual rules refuse resigning before 15 moves, with the reason', async (t) => {
    const page = await startGame(t, { side: 'white', rules: 'casual' });
    await page.locator('#resign').click();
    await page.locator('#confirm-yes').click();
    await page.locator('#message.error').waitFor();
    assert.equal(
      await page.locator('#message').textContent(),
      'Under these rules you may resign only after 15 moves; you have made 0.',
    );
    assert.ok(await page.locator('#game-over').isHidden());
  });

  test('resigning asks first, then ends the game (FIDE rules)', async (t) => {
    const page = await startGame(t, { side: 'white', rules: 'fide' });
    await page.locator('#resign').click();
    await page.locator('#confirm[open]').waitFor();
    assert.equal(await page.locator('#confirm-text').textContent(), 'Resign this game?');
    await page.locator('#confirm-no').click();
    await page.locator('#message', { hasText: 'Play on, then.' }).waitFor();
    assert.ok(await page.locator('#game-over').isHidden());
    await page.locator('#resign').click();
    await page.locator('#confirm-yes').click();
    await page.locator('#game-over:not([hidden])').waitFor();
    assert.match(await page.locator('#game-over-text').textContent(), /Black wins.*You lose\.$/);
  });

  test('a finished game: the result ends the move list, Undo and Hint are off, PGN download, review by buttons and keys', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    await page.locator('#game-over:not([hidden])').waitFor();
    assert.equal(await page.locator('#moves .result').textContent(), '0-1 Checkmate! Black wins.');
    assert.deepEqual(
      await page.$$eval('#hint, #undo, #restart, #to-lobby', (buttons) => buttons.map((b) => b.disabled)),
      [true, true, false, false],
    );
    await page.locator('#game-over-close').click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-pgn').click()]);
    assert.match(download.suggestedFilename(), /\.pgn$/);
    const pgn = await readFile(await download.path(), 'utf8');
    for (const tag of ['[Event "chess-web game, FIDE rules"]', '[White "Player"]', '[Result "0-1"]', '[Termination "normal"]']) {
      assert.ok(pgn.includes(tag), `${tag} in ${pgn}`);
    }
    assert.ok(pgn.endsWith('1. f3 e5 2. g4 Qh4# {black wins by checkmate} 0-1\n'), pgn);

    /** The letters on some squares, the move marked in the list, the checked square. */
    const shown = () => page.evaluate(() => ({
      pieces: ['f2', 'f3', 'e7', 'g4', 'h4'].map((name) => document.querySelector(`[data-square="${name}"] .piece`)?.dataset.piece ?? '-').join(''),
      current: document.querySelector('#moves .current')?.textContent ?? null,
      check: document.querySelector('#board .check')?.dataset.square ?? null,
    }));
    assert.deepEqual(await shown(), { pieces: '-P-Pq', current: 'Qh4#', check: 'e1' });
    assert.ok(await page.locator('#review-next').isDisabled());
    await page.locator('#review-prev').click();
    await page.waitForFunction(() => document.querySelector('#moves .current')?.textContent === 'g4');
    assert.deepEqual(await shown(), { pieces: '-P-P-', current: 'g4', check: null });
    assert.equal(await page.locator('#status').textContent(), 'Reviewing the game: the position after 2. g4.');
    await page.locator('#review-first').click();
    await page.waitForFunction(() => !document.querySelector('#moves .current'));
    assert.deepEqual(await shown(), { pieces: 'P-p--', current: null, check: null });
    assert.equal(await page.locator('#status').textContent(), 'Reviewing the game: the start position.');
    assert.ok(await page.locator('#review-prev').isDisabled());
    // The arrow keys on the board, Home and End.
    await square(page, 'e4').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#moves .current')?.textContent === 'f3');
    assert.deepEqual(await shown(), { pieces: '-Pp--', current: 'f3', check: null });
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#moves .current')?.textContent === 'Qh4#');
    await page.keyboard.press('Home');
    await page.waitForFunction(() => !document.querySelector('#moves .current'));
    // A click on a move shows the position after it; the last button the end.
    await page.locator('#moves .san', { hasText: 'e5' }).click();
    await page.waitForFunction(() => document.querySelector('#moves .current')?.textContent === 'e5');
    assert.deepEqual(await shown(), { pieces: '-P---', current: 'e5', check: null });
    assert.equal(await page.locator('#status').textContent(), 'Reviewing the game: the position after 1... e5.');
    await page.locator('#review-last').click();
    await page.waitForFunction(() => document.querySelector('#moves .current')?.textContent === 'Qh4#');
    assert.deepEqual(await shown(), { pieces: '-P-Pq', current: 'Qh4#', check: 'e1' });
    assert.equal(await page.locator('#status').textContent(), 'Checkmate! Black wins.');
    assert.ok(await page.locator('#game-over').isHidden(), 'reviewing keeps the panel closed');
  });

  test('two players: a draw offer is answered by the other side', async (t) => {
    const page = await startGame(t, { side: 'both' });
    await clickMoves(page, ['e2e4']);
    await page.locator('#draw').click();
    await page.locator('#confirm-yes').click();
    await page.locator('#draw-offer:not([hidden])').waitFor();
    assert.equal(await page.locator('#draw-offer-text').textContent(), 'Black offers a draw. White, do you accept the draw?');
    await page.locator('#draw-accept').click();
    await page.locator('#game-over:not([hidden])').waitFor();
    assert.equal(await page.locator('#game-over-text').textContent(), 'Draw by agreement.');
  });

  test('against the computer a draw offer is answered at once', async (t) => {
    const page = await startGame(t, { side: 'white' });
    await page.locator('#draw').click();
    assert.equal(await page.locator('#confirm-text').textContent(), 'Offer (or claim) a draw?');
    await page.locator('#confirm-yes').click();
    await page.waitForFunction(() => /^The computer (accepts|declines)/.test(document.querySelector('#message').textContent));
    const accepted = (await page.locator('#message').textContent()) === 'The computer accepts the draw.';
    assert.equal(await page.locator('#game-over').isVisible(), accepted);
    assert.ok(await page.locator('#draw-offer').isHidden());
  });

  test('switching to Chinese writes the page and the server texts in Chinese', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    await switchLanguage(page);
    assert.equal(await page.locator('#new-game').textContent(), '新对局');
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
    await newGame(page, { side: 'both' });
    assert.equal(await page.locator('#status').textContent(), '轮到白方走棋。');
    assert.equal(await page.locator('#undo').textContent(), '悔棋');
    await square(page, 'e2').click();
    await square(page, 'e5').click();
    await page.locator('#message.error').waitFor();
    const chinese = await page.locator('#message').textContent();
    assert.match(chinese, /^不合法的走法：.*[\u4e00-\u9fff].*。$/);
    await switchLanguage(page);
    const english = await page.locator('#message').textContent();
    assert.match(english, /^[\x20-\x7e—]+$/, `not English: ${english}`);
    assert.notEqual(english, chinese);
  });

  test('Chinese is drawn with the shipped font, loaded by the Chinese page only; the lobby\'s glyphs are no boxes', async (t) => {
    const page = await openPage(browser, server.url);
    t.after(() => closePage(page));
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const FONT = /noto-sans-sc-subset\.woff2$/;
    // The English page (its lobby, a game) loads no Chinese font; its 中文 button is an image of the glyphs.
    await newGame(page, { side: 'both' });
    await clickMoves(page, ['e2e4']);
    assert.ok(!(await loaded()).some((name) => FONT.test(name)), 'the English page loaded the Chinese font');
    assert.ok(await page.locator('#language img').evaluate((image) => image.complete && image.naturalWidth > 0));
    assert.equal(await page.locator('#language img').getAttribute('alt'), '中文');

    await page.locator('#to-lobby').click();
    await switchLanguage(page);
    await page.evaluate(() => document.fonts.ready);
    assert.ok((await loaded()).some((name) => FONT.test(name)), 'the Chinese page did not load the font');
    const response = await page.request.get(`${server.url}/static/noto-sans-sc-subset.woff2`);
    assert.equal(response.headers()['content-type'], 'font/woff2');
    assert.ok((await response.body()).length < 100_000, 'the subset stays small');
    const licence = await page.request.get(`${server.url}/static/noto-sans-sc-OFL.txt`);
    assert.match(await licence.text(), /SIL OPEN FONT LICENSE Version 1\.1/);

    // The lobby's button as shown, then drawn with the shipped font named outright, and with a
    // font that has no Chinese (boxes, on a machine without a Chinese font).
    const button = page.locator('#new-game');
    assert.equal(await button.textContent(), '新对局');
    const shot = async (family) => {
      await button.evaluate((element, name) => { element.style.fontFamily = name; }, family);
      await page.evaluate(() => document.fonts.ready);
      return (await button.screenshot()).toString('base64');
    };
    const [shown, shipped, boxes] = [await shot(''), await shot('"Chess Noto Sans SC"'), await shot('"DejaVu Sans"')];
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'lobby-zh.png') });
    // Compared pixel by pixel in a blank page (the site's own forbids data: images).
    const blank = await page.context().newPage();
    const [ink, fromShipped, fromBoxes] = await blank.evaluate(async (images) => {
      const pixels = async (base64) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [a, b, c] = await Promise.all(images.map(pixels));
      const { width, height } = a;
      /**
       * How many pixels differ (by more than a little) between two images of the same size, the
       * second shifted by up to 4 pixels each way as fits best (fonts place the baseline
       * differently).
       */
      const differ = (x, y) => {
        let best = Infinity;
        for (let dy = -4; dy <= 4; dy++) {
          for (let dx = -4; dx <= 4; dx++) {
            let count = 0;
            for (let row = 4; row < height - 4; row++) {
              for (let col = 4; col < width - 4; col++) {
                const [i, j] = [(row * width + col) * 4, ((row + dy) * width + col + dx) * 4];
                const distance = [0, 1, 2].reduce((sum, k) => sum + Math.abs(x.data[i + k] - y.data[j + k]), 0);
                if (distance > 60) count++;
              }
            }
            best = Math.min(best, count);
          }
        }
        return best;
      };
      // Ink: the text's light pixels on the green button.
      let light = 0;
      for (let i = 0; i < a.data.length; i += 4) if (Math.min(a.data[i], a.data[i + 1], a.data[i + 2]) > 180) light++;
      return [light, differ(a, b), differ(a, c)];
    }, [shown, shipped, boxes]);
    await blank.close();
    assert.ok(ink > 100, `the button's text is blank (${ink} pixels of ink)`);
    assert.ok(fromShipped < ink / 10, `not drawn with the shipped font: ${fromShipped} pixels differ, for ${ink} of ink`);
    // A font without Chinese draws boxes only where no system font has Chinese (fontconfig knows).
    const systemChinese = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout?.trim();
    if (systemChinese) t.diagnostic(`boxes not compared: the system has Chinese fonts (${systemChinese})`);
    else assert.ok(fromBoxes > ink / 3, `drawn like boxes: ${fromBoxes} pixels differ from them, for ${ink} of ink`);
  });

  test('keyboard: arrows move the focus, Enter chooses; squares are named for screen readers', async (t) => {
    const page = await startGame(t, { side: 'both' });
    assert.equal(await square(page, 'e1').getAttribute('aria-label'), 'e1, white king');
    assert.equal(await square(page, 'e4').getAttribute('aria-label'), 'e4');
    await square(page, 'e2').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#board .dot').count(), 2);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e4');
    await page.keyboard.press('Enter');
    await waitForMoves(page, 1);
    assert.equal(await square(page, 'e4').getAttribute('aria-label'), 'e4, white pawn');
    // One square at a time is reached with Tab: the focused one.
    assert.equal(await page.locator('#board [data-square][tabindex="0"]').count(), 1);
    await switchLanguage(page);
    assert.equal(await square(page, 'e4').getAttribute('aria-label'), 'e4，白方兵');
  });

  test('touch: tap a piece, then tap its square; drag with a finger', async (t) => {
    const page = await startGame(t, { side: 'both' }, { context: { hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } } });
    await square(page, 'g1').tap();
    await square(page, 'f3').locator('.dot').waitFor();
    await square(page, 'f3').tap();
    await waitForMoves(page, 1);
    assert.equal(await page.locator('#moves .san').first().textContent(), 'Nf3');
    assert.equal(await square(page, 'f3').locator('.piece').getAttribute('data-piece'), 'N');
    await touchDrag(page, 'e7', 'e5');
    await waitForMoves(page, 2);
    assert.equal(await square(page, 'e5').locator('.piece').getAttribute('data-piece'), 'p');
  });

  test('touch: a promotion by taps', async (t) => {
    const { state } = await api(server.url, 'new', { side: 'black', level: 'normal', rules: 'fide', fen: 'k7/8/8/8/8/8/p7/7K b - - 0 1' });
    const page = await openPage(browser, server.url, { hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } });
    t.after(() => closePage(page));
    await page.evaluate((saved) => localStorage.setItem('chess-web-save', JSON.stringify(saved)), state);
    await page.reload();
    await page.locator('#continue:not([hidden])').tap();
    await square(page, 'a2').tap();
    await square(page, 'a1').tap();
    await page.locator('#promotion:not([hidden])').waitFor();
    await page.locator('#promotion [data-promotion="r"]').tap();
    await page.waitForFunction(() => document.querySelectorAll('#moves .san').length >= 1);
    assert.equal(await page.locator('#moves .san').first().textContent(), 'a1=R+');
    assert.equal(await square(page, 'a1').locator('.piece').getAttribute('data-piece'), 'r');
  });

  test('on a phone the buttons stay where they are when a message of one to three lines appears', async (t) => {
    const page = await startGame(t, { side: 'white' }, { context: { hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } } });
    const positions = () => page.locator('.actions button').evaluateAll((all) => all.map((button) => {
      const box = button.getBoundingClientRect();
      return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
    }));
    const lines = () => page.locator('#message').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
    });
    const before = await positions();
    const seen = [await lines()];
    await page.locator('#to-lobby').tap();
    await page.locator('#continue').tap();
    await page.locator('#message', { hasText: 'Continuing the last game.' }).waitFor();
    seen.push(await lines());
    assert.deepEqual(await positions(), before);
    await square(page, 'e2').tap();
    await square(page, 'e5').tap();
    await page.locator('#message.error').waitFor();
    seen.push(await lines());
    assert.deepEqual(await positions(), before);
    await page.locator('#hint').tap();
    await page.locator('#message', { hasText: 'Hint:' }).waitFor();
    seen.push(await lines());
    assert.deepEqual(await positions(), before);
    await page.locator('#hint').tap();
    await page.locator('#message', { hasText: 'Hint (again' }).waitFor();
    seen.push(await lines());
    assert.deepEqual(await positions(), before);
    assert.ok(Math.min(...seen) === 1 && Math.max(...seen) >= 3, `messages of ${seen} lines`);
  });

  test('on a phone (375x667) the title is whole, the board, status and buttons fit the first screen, the moves scroll in a strip', async (t) => {
    const page = await startGame(t, { side: 'both' }, { context: { hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } } });
    await clickMoves(page, ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3', 'd5a5', 'd2d4', 'g8f6', 'g1f3', 'c8g4', 'f1e2', 'e7e6']);
    await page.evaluate(() => window.scrollTo(0, 0));
    const layout = await page.evaluate(() => {
      const box = (selector) => document.querySelector(selector).getBoundingClientRect();
      const title = document.querySelector('.topbar h1');
      const moves = document.querySelector('#moves');
      return {
        titleCut: title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight,
        titleBottom: box('.topbar h1').bottom,
        barBottom: box('.topbar').bottom,
        boardTop: box('#board').top,
        boardBottom: box('#board').bottom,
        capturesTop: Math.min(box('#captures-top').top, box('#captures-bottom').top),
        bottoms: ['#status', '.actions', '#moves'].map((selector) => box(selector).bottom),
        movesScroll: [moves.scrollWidth, moves.clientWidth, moves.scrollLeft],
        page: [document.documentElement.scrollWidth, window.innerWidth, window.scrollY],
      };
    });
    assert.ok(!layout.titleCut && layout.titleBottom <= layout.barBottom, 'the title is whole');
    assert.ok(layout.boardTop - layout.barBottom <= 8, `a band of ${layout.boardTop - layout.barBottom}px above the board`);
    assert.ok(layout.capturesTop >= layout.boardBottom, 'the captures are under the board');
    for (const bottom of layout.bottoms) assert.ok(bottom <= 667, `${layout.bottoms} below the first screen`);
    const [scrollWidth, clientWidth, scrollLeft] = layout.movesScroll;
    assert.ok(scrollWidth > clientWidth, 'the moves overflow their strip');
    assert.ok(scrollLeft + clientWidth >= scrollWidth - 1, 'the strip shows the last move');
    assert.deepEqual(layout.page, [375, 375, 0]);
  });

  test('on a phone (375x667) the whole board shows without scrolling sideways', async (t) => {
    const page = await startGame(t, { side: 'black' }, { context: { hasTouch: true, isMobile: true, viewport: { width: 375, height: 667 } } });
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `board spans ${box.x}..${box.x + box.width}`);
    assert.ok(box.width >= 340, `board is only ${box.width}px wide`);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(widths[0] <= widths[1], `page is ${widths[0]}px wide in a ${widths[1]}px window`);
    // Playing Black, the board is turned: h1 at the top left, a8 at the bottom right.
    const h1 = await square(page, 'h1').boundingBox();
    const a8 = await square(page, 'a8').boundingBox();
    assert.ok(h1.x < a8.x && h1.y < a8.y);
  });
});
