// The page: the lobby, the game and its controls. The server keeps no game: the latest `state`
// it answered is kept in localStorage and sent back with every call.

import { call } from './api.js';
import { Board, pieceElement } from './board.js';
import { t } from './i18n.js';
import { playSound } from './sound.js';

const SAVE_KEY = 'chess-web-save';
const SETTINGS_KEY = 'chess-web-settings';
/** In sessionStorage (this tab's, kept over a reload): set while a game is on the screen. */
const IN_GAME_KEY = 'chess-web-in-game';
const PACES = ['real', 'fast', 'instant'];
/** The error codes whose message is the reason of an illegal move (said as "Illegal move: …"). */
const ILLEGAL = ['illegal_move', 'missing_promotion'];

const $ = (id) => document.getElementById(id);

const settings = loadSettings();
/** The game on the board: the server's latest `{state, view}`. */
let game = null;
/** A saved game checked by the server, offered in the lobby: `{state, view}`. */
let saved = null;
/** The last thing said under the board: `{text: lang => string, kind}`. */
let message = null;
/** The pending computer move (a token compared by identity), or null. */
let thinking = null;
/** A call of the player's is on its way. */
let busy = false;
/** The game-over panel was closed to look at the final position. */
let overOverlayClosed = false;
/** While an earlier position is on the board: `{positions, ply}` (the server's review, the position after `ply` moves). */
let review = null;
/** The last review asked for: `{state, positions}`, kept until the game changes. */
let reviewed = null;

const board = new Board($('board'), {
  canSelect,
  onMove,
  onTry,
  onStepKey,
  label: (square, letter) => tr('squareLabel', square, letter),
  showDestinations: () => settings.showDestinations,
});

function tr(key, ...args) {
  return t(settings.lang, key, ...args);
}

function loadSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {};
  } catch {
    // unreadable settings are replaced by the defaults
  }
  const lang = ['en', 'zh'].includes(stored.lang) ? stored.lang : navigator.language.startsWith('zh') ? 'zh' : 'en';
  const pace = PACES.includes(stored.pace) ? stored.pace : 'real';
  const showDestinations = stored.showDestinations !== false;
  return { lang, pace, showDestinations, sound: stored.sound === true, choices: stored.choices || {} };
}

function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

// --- what the page says ---

/** Says `text` (a function of the language, or null: nothing) under the status; `kind` 'info' or 'error'. */
function say(text, kind = 'info') {
  message = text ? { text, kind } : null;
  renderMessage();
}

function renderMessage() {
  const element = $('message');
  element.textContent = message ? message.text(settings.lang) : '';
  element.className = `message ${message ? message.kind : ''}`;
}

/** Says what went wrong with a call, in the server's words when it gave them. */
function sayError(error) {
  const text = error.text;
  if (!text) say((lang) => t(lang, 'unreachable'), 'error');
  else if (ILLEGAL.includes(error.code)) say((lang) => t(lang, 'illegal', text[lang]), 'error');
  else say((lang) => text[lang], 'error');
}

/**
 * Loads the shipped Chinese font (style.css) before the page writes Chinese: in Chromium, text
 * drawn while it loads can stay boxes. Without it, the system's fonts.
 */
async function loadChineseFont() {
  if (settings.lang !== 'zh') return;
  try {
    await document.fonts.load('1em "Chess Noto Sans SC"', '中文');
  } catch {
    // the system's fonts, then
  }
}

/** Writes every fixed text of the page in the current language, then the game's texts. */
function applyLanguage() {
  document.documentElement.lang = settings.lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('title');
  for (const element of document.querySelectorAll('[data-text]')) element.textContent = tr(element.dataset.text);
  // The English page shows "中文" drawn as an image (from the shipped font): it loads no Chinese font.
  if (settings.lang === 'en') {
    const label = document.createElement('img');
    label.src = '/static/zh-label.svg';
    label.alt = tr('language');
    $('language').replaceChildren(label);
  } else {
    $('language').textContent = tr('language');
  }
  for (const element of document.querySelectorAll('[data-title]')) {
    element.title = tr(element.dataset.title);
    element.setAttribute('aria-label', element.title);
  }
  renderLobby();
  if (game) renderGame();
  renderMessage();
}

// --- the lobby ---

async function showLobby() {
  thinking = null;
  game = null;
  review = null;
  sessionStorage.removeItem(IN_GAME_KEY);
  $('game').hidden = true;
  $('lobby').hidden = false;
  $('lobby-notice').hidden = true;
  saved = null;
  renderLobby();
  const text = localStorage.getItem(SAVE_KEY);
  if (!text) return;
  try {
    saved = await call('view', { state: JSON.parse(text) });
  } catch (error) {
    if (error.status === 400 || error instanceof SyntaxError) {
      localStorage.removeItem(SAVE_KEY);
      showNotice(error.text || { en: t('en', 'saveBroken'), zh: t('zh', 'saveBroken') });
    }
    return;
  }
  if (saved.view.outcome) saved = null;
  renderLobby();
}

/** Tells in the lobby what went wrong (`{en, zh}`): a save that could not be read, a lost server. */
function showNotice(reason) {
  $('lobby-notice').dataset.reason = JSON.stringify(reason);
  $('lobby-notice').hidden = false;
  renderLobby();
}

function renderLobby() {
  const button = $('continue');
  button.hidden = !saved;
  if (saved) button.textContent = tr('continueGame', Math.ceil(saved.view.moves.length / 2));
  const notice = $('lobby-notice');
  if (!notice.hidden) {
    notice.textContent = JSON.parse(notice.dataset.reason)[settings.lang];
  }
}

function lobbyChoice(name) {
  return document.querySelector(`input[name="${name}"]:checked`).value;
}

async function newGame(side, level, rules) {
  if (busy) return;
  busy = true;
  let answer;
  try {
    answer = await call('new', { side, level, rules });
  } catch (error) {
    if (game) sayError(error);
    else showNotice(error.text || { en: t('en', 'unreachable'), zh: t('zh', 'unreachable') });
    return;
  } finally {
    busy = false;
  }
  startGame(answer);
  say((lang) => t(lang, 'newGameStarted', side, level, rules));
}

function continueGame() {
  if (!saved) return;
  startGame(saved);
  say((lang) => t(lang, 'resumed'));
}

function startGame(answer) {
  sessionStorage.setItem(IN_GAME_KEY, 'true');
  saved = null;
  thinking = null;
  overOverlayClosed = false;
  $('lobby').hidden = true;
  $('game').hidden = false;
  board.deselect();
  apply(answer);
}

// --- the game ---

/**
 * Takes the server's answer as the game now: keeps the state, shows it (`slide`: the last move
 * slides into place), lets the computer move.
 */
function apply(answer, slide = false) {
  const sound = settings.sound && soundOf(answer);
  game = { state: answer.state, view: answer.view };
  review = null;
  if (sound) playSound(sound);
  localStorage.setItem(SAVE_KEY, JSON.stringify(game.state));
  renderGame(slide);
  if (game.view.computer_to_move && !game.view.outcome && !thinking) computerMove();
}

/**
 * The sound of what `answer` does to the game on the board: its move's (told by the server: the
 * move's entry in the legal moves before it, the check and the end after it), or the game's end;
 * null for none.
 */
function soundOf(answer) {
  if (answer.view.outcome && game && !game.view.outcome) return 'end';
  if (!answer.played) return null;
  if (answer.view.check) return 'check';
  const { from, to } = answer.played;
  const move = game.view.legal.find((m) => m.from === from && m.to === to);
  if (move.promotion) return 'promotion';
  if (move.castle) return 'castle';
  return move.capture ? 'capture' : 'move';
}

/** Whether the player at the screen may move now. */
function playerToMove() {
  const view = game && game.view;
  if (!view || view.outcome || thinking || review) return false;
  return view.side === 'both' || (view.turn === view.side && !view.computer_to_move);
}

function canSelect(square) {
  const letter = game && game.view.pieces[square];
  if (!letter || busy || !playerToMove()) return false;
  const white = letter === letter.toUpperCase();
  return white === (game.view.turn === 'white');
}

/** Calls `name` with the game's state and `extra`; the answer, or null after saying what went wrong. */
async function request(name, extra = {}) {
  const current = game;
  busy = true;
  renderControls();
  try {
    const answer = await call(name, { state: game.state, ...extra });
    return game === current ? answer : null; // the player left the game meanwhile
  } catch (error) {
    if (game !== current) return null;
    if (error.status === 400) {
      // The save was refused (tampered or unreadable): this game cannot go on.
      localStorage.removeItem(SAVE_KEY);
      await showLobby();
      showNotice(error.text || { en: t('en', 'saveBroken'), zh: t('zh', 'saveBroken') });
      return null;
    }
    sayError(error);
    return null;
  } finally {
    busy = false;
    if (game) renderControls();
  }
}

function onMove(from, to, dragged) {
  if (busy) return;
  const move = game.view.legal.find((m) => m.from === from && m.to === to);
  if (move && move.promotion) askPromotion(from, to);
  else play(from, to, undefined, !dragged);
}

async function onTry(from, to) {
  if (busy) return;
  const answer = await request('play', { from, to });
  if (answer) played(answer, false);
}

/** Plays a move; `slide`: its piece slides into place (it was not dragged there). */
async function play(from, to, promotion, slide) {
  const answer = await request('play', promotion ? { from, to, promotion } : { from, to });
  if (answer) played(answer, slide);
  else if (game) board.render(game.view);
}

function played(answer, slide) {
  const { san, text } = answer.played;
  apply(answer, slide);
  say((lang) => t(lang, 'played', san, text[lang]));
}

function askPromotion(from, to) {
  const white = game.view.turn === 'white';
  const pieces = $('promotion-pieces');
  pieces.replaceChildren();
  for (const role of ['q', 'r', 'b', 'n']) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.promotion = role;
    button.title = tr('pieceNames')[role];
    button.setAttribute('aria-label', button.title);
    button.append(pieceElement(white ? role.toUpperCase() : role, 'promotion-piece'));
    button.addEventListener('click', () => {
      $('promotion').hidden = true;
      play(from, to, role, false);
    });
    pieces.append(button);
  }
  $('promotion').hidden = false;
  pieces.querySelector('button').focus();
}

function cancelPromotion() {
  $('promotion').hidden = true;
  board.render(game.view);
  say((lang) => t(lang, 'moveCancelled'));
}

/** Asks the computer for its move, waits the chosen pace, then shows it (unless dropped meanwhile). */
async function computerMove() {
  const token = {};
  thinking = token;
  renderGame();
  let answer;
  try {
    answer = await call('computer', { state: game.state });
  } catch (error) {
    if (thinking === token) {
      thinking = null;
      renderGame();
      sayError(error);
    }
    return;
  }
  const wait = (answer.wait && answer.wait[settings.pace]) || 0;
  if (wait > 0 && thinking === token) await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  if (thinking !== token) return;
  thinking = null;
  const { san, text } = answer.played;
  apply(answer, true);
  say((lang) => t(lang, 'computerPlayed', san, text[lang]));
}

async function hint() {
  if (!game || busy || !playerToMove()) return;
  const before = game.view.hints_left;
  const answer = await request('hint');
  if (!answer) return;
  apply(answer);
  const { san, text } = answer.hint;
  const left = answer.view.hints_left;
  const key = left === before ? 'hintAgain' : 'hintText'; // the same hint again is not counted
  say((lang) => t(lang, key, san, text[lang], left));
}

async function undo() {
  if (!game || busy || game.view.outcome || !(game.view.can_undo || thinking)) return;
  const wasThinking = thinking !== null;
  thinking = null; // the pending computer answer is dropped: undo takes back the player's move
  const answer = await request('undo');
  if (!answer) {
    if (wasThinking && game) apply(game);
    return;
  }
  apply(answer);
  say((lang) => t(lang, 'tookBack', answer.undone));
}

async function resign() {
  if (!game || busy || game.view.outcome) return;
  if (!(await confirm('confirmResign'))) return;
  const wasThinking = thinking !== null;
  thinking = null;
  const answer = await request('resign');
  if (answer) apply(answer);
  else if (wasThinking && game) apply(game);
}

/** Starts a new game with the settings of the game on the board. */
function playAgain() {
  const { side, level, rules } = game.view;
  return newGame(side, level, rules);
}

/** Clears the game, after asking, and starts a new one with the same settings. */
async function restart() {
  if (!game || busy) return;
  if (await confirm('confirmRestart')) await playAgain();
}

async function offerDraw() {
  if (!game || busy || !playerToMove()) return;
  if (!(await confirm('confirmDraw'))) return;
  const answer = await request('draw');
  if (!answer) return;
  apply(answer);
  if (answer.accepted === true) say((lang) => t(lang, 'computerAcceptsDraw'));
  else if (answer.accepted === false) say((lang) => t(lang, 'computerDeclinesDraw'));
  else if (answer.view.draw_offer) say(null); // the offer's panel asks the other side
}

async function answerDraw(accept) {
  if (!game || busy) return;
  const answer = await request('draw_answer', { accept });
  if (!answer) return;
  apply(answer);
  if (!accept) say((lang) => t(lang, 'drawDeclined'));
}

/** How many moves lead to the position on the board. */
function shownPly() {
  return review ? review.ply : game.view.moves.length;
}

/**
 * Shows the position after `ply` moves (clamped to the game's), from the server's review; the
 * last one is the game on the board again.
 */
async function showPly(ply) {
  if (!game || busy || thinking) return;
  const last = game.view.moves.length;
  const target = Math.max(0, Math.min(last, ply));
  if (target === last) {
    review = null;
  } else {
    if (!reviewed || reviewed.state !== game.state) {
      const answer = await request('review');
      if (!answer) return;
      reviewed = { state: game.state, positions: answer.positions };
    }
    review = { positions: reviewed.positions, ply: target };
    overOverlayClosed = true;
  }
  board.deselect();
  renderGame();
}

/**
 * Steps through the moves with a key pressed on the board (← → Home End) once the game is over
 * or while an earlier position is shown; returns whether the key was taken.
 */
function onStepKey(key) {
  if (!game || !(game.view.outcome || review)) return false;
  const targets = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: game.view.moves.length };
  if (!(key in targets)) return false;
  showPly(targets[key]);
  return true;
}

/** Downloads the game as PGN, written by the server. */
async function downloadPgn() {
  if (!game || busy) return;
  const answer = await request('pgn');
  if (!answer) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([answer.pgn], { type: 'application/x-chess-pgn' }));
  link.download = 'chess-game.pgn';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Asks a yes/no question (`key` of the text) in a modal dialog; resolves to true for yes. */
function confirm(key) {
  const dialog = $('confirm');
  $('confirm-text').textContent = tr(key);
  dialog.returnValue = '';
  dialog.showModal();
  $('confirm-no').focus();
  return new Promise((resolve) => {
    dialog.addEventListener(
      'close',
      () => {
        const yes = dialog.returnValue === 'yes';
        if (!yes) say((lang) => t(lang, 'notConfirmed'));
        resolve(yes);
      },
      { once: true },
    );
  });
}

// --- drawing the game ---

function renderGame(slide = false) {
  const view = game.view;
  $('promotion').hidden = true; // a new position answers any open promotion question
  board.setOrientation(view.side === 'black' ? 'black' : 'white');
  board.render(review ? { ...review.positions[review.ply], legal: [], hint: null } : view, slide);
  renderStatus();
  renderMoves();
  renderCaptures();
  renderControls();
  renderDrawOffer();
  renderGameOver();
}

function renderStatus() {
  const view = game.view;
  const status = $('status');
  status.classList.toggle('thinking', !!thinking);
  if (review && review.ply === 0) status.textContent = tr('reviewStart');
  else if (review) status.textContent = tr('reviewAfter', moveNumber(review.ply - 1), view.moves[review.ply - 1]);
  else if (view.outcome) status.textContent = view.outcome.text[settings.lang];
  else if (thinking) status.textContent = tr('thinking');
  else status.textContent = tr(view.check ? 'check' : 'toMove', view.turn);
}

/** The ply of the game's move `index` (from 0), counted from the standard start: a game may start from a FEN. */
function plyOf(index) {
  const [, turn, , , , fullmove] = game.view.fen.split(' ');
  const now = (Number(fullmove) - 1) * 2 + (turn === 'b' ? 1 : 0);
  return now - game.view.moves.length + index;
}

/** The number written before the game's move `index`: `3.` for White's, `3...` for Black's. */
function moveNumber(index) {
  const ply = plyOf(index);
  return `${Math.floor(ply / 2) + 1}.${ply % 2 ? '..' : ''}`;
}

/**
 * The move list in SAN, numbered from the position's move number (a game may start from a FEN),
 * the move shown on the board marked (a click shows another), the result at the end.
 */
function renderMoves() {
  const view = game.view;
  const list = $('moves');
  list.replaceChildren();
  let row = null;
  view.moves.forEach((san, index) => {
    if (row === null || plyOf(index) % 2 === 0) {
      row = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = moveNumber(index);
      row.append(number);
      list.append(row);
    }
    const move = document.createElement('span');
    move.className = index + 1 === shownPly() ? 'san current' : 'san';
    move.textContent = san;
    move.addEventListener('click', () => showPly(index + 1));
    row.append(move);
  });
  if (view.outcome) {
    const result = document.createElement('li');
    result.className = 'result';
    const score = document.createElement('strong');
    score.textContent = view.outcome.result;
    result.append(score, ` ${view.outcome.text[settings.lang]}`);
    list.append(result);
  }
  const current = list.querySelector('.current');
  if (review && current) {
    current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  } else {
    list.scrollTop = list.scrollHeight; // the list on a desktop
    list.scrollLeft = list.scrollWidth; // the strip on a phone
  }
}

/** The pieces each side has taken, beside its own side of the board, and who leads by how much. */
function renderCaptures() {
  const view = game.view;
  const bottom = board.orientation;
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [color, element] of [[top, $('captures-top')], [bottom, $('captures-bottom')]]) {
    element.replaceChildren();
    element.dataset.color = color;
    element.title = tr('takenBy', color);
    for (const letter of view.captured[color]) element.append(pieceElement(letter, 'captured-piece'));
    const lead = color === 'white' ? view.material : -view.material;
    if (lead > 0) {
      const label = document.createElement('span');
      label.className = 'lead';
      label.textContent = tr('material', lead);
      element.append(label);
    }
  }
}

function renderControls() {
  const view = game.view;
  const mine = playerToMove() && !busy;
  const hintButton = $('hint');
  hintButton.textContent = `${tr('hint')} (${view.hints_left})`;
  hintButton.disabled = !mine || (view.hints_left === 0 && !view.hint);
  $('undo').disabled = busy || !!view.outcome || !(view.can_undo || thinking);
  $('draw').disabled = !mine;
  $('resign').disabled = busy || !!view.outcome;
  $('restart').disabled = busy;
  const still = busy || !!thinking;
  $('review-first').disabled = still || shownPly() === 0;
  $('review-prev').disabled = $('review-first').disabled;
  $('review-next').disabled = still || !review;
  $('review-last').disabled = $('review-next').disabled;
  $('download-pgn').disabled = busy;
}

function renderDrawOffer() {
  const view = game.view;
  const offer = view.side === 'both' && !view.outcome ? view.draw_offer : null;
  $('draw-offer').hidden = !offer;
  if (offer) {
    const other = offer === 'white' ? 'black' : 'white';
    $('draw-offer-text').textContent = `${tr('drawOffered', offer)} ${tr('askAcceptDraw', other)}`;
  }
}

function renderGameOver() {
  const outcome = game.view.outcome;
  $('game-over').hidden = !outcome || overOverlayClosed;
  if (!outcome) return;
  let text = outcome.text[settings.lang];
  const side = game.view.side;
  if (side !== 'both' && outcome.winner) text += ` ${tr(outcome.winner === side ? 'youWin' : 'youLose')}`;
  $('game-over-text').textContent = text;
}

// --- input ---

/** The fields that take typed text: a key pressed in one is the field's, not a shortcut. */
const TEXT_FIELDS =
  'textarea, input:is(:not([type]), [type="text"], [type="search"], [type="email"], [type="url"], ' +
  '[type="tel"], [type="password"], [type="number"])';

/**
 * Whether the keyboard shortcuts act: a game's board is on screen, no dialog is open, and the
 * focus is in no text field.
 */
function shortcutsOn() {
  if (!game || $('game').hidden || document.querySelector('dialog[open]')) return false;
  const focus = document.activeElement;
  if (focus && (focus.isContentEditable || focus.matches(TEXT_FIELDS))) return false;
  const box = $('board').getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || !shortcutsOn()) return;
  const key = event.key.toLowerCase();
  if (key === 'escape') {
    if (!$('promotion').hidden) cancelPromotion();
    else board.deselect();
  } else if (key === 'h') {
    hint();
  } else if (key === 'z' || key === 'u') {
    undo();
  } else {
    return;
  }
  event.preventDefault();
}

/** Shows the chosen pace in the lobby and in the settings. */
function renderPace() {
  for (const input of document.querySelectorAll('input[name="pace"]')) input.checked = input.value === settings.pace;
}

function openSettings() {
  renderPace();
  $('sound').checked = settings.sound;
  $('settings').showModal();
}

function setPace(pace) {
  settings.pace = pace;
  saveSettings();
  renderPace();
  say((lang) => t(lang, 'paceSet', t(lang, 'paceNames')[pace]));
}

async function loadSprite() {
  const response = await fetch('/static/pieces.svg');
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = await response.text();
  document.body.prepend(holder);
}

function wire() {
  $('language').addEventListener('click', async () => {
    settings.lang = settings.lang === 'en' ? 'zh' : 'en';
    saveSettings();
    await loadChineseFont();
    applyLanguage();
  });
  $('settings-open').addEventListener('click', openSettings);
  for (const input of document.querySelectorAll('input[name="pace"]')) {
    input.addEventListener('change', () => setPace(input.value));
  }
  $('new-game').addEventListener('click', () => {
    settings.choices = { side: lobbyChoice('side'), level: lobbyChoice('level'), rules: lobbyChoice('rules') };
    saveSettings();
    newGame(settings.choices.side, settings.choices.level, settings.choices.rules);
  });
  for (const [name, value] of Object.entries(settings.choices)) {
    const input = document.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  }
  // Two players need no level and no pace.
  const showLevel = () => {
    $('level').disabled = lobbyChoice('side') === 'both';
    $('lobby-pace').disabled = $('level').disabled;
  };
  for (const input of document.querySelectorAll('input[name="side"]')) input.addEventListener('change', showLevel);
  showLevel();
  $('sound').addEventListener('change', () => {
    settings.sound = $('sound').checked;
    saveSettings();
    if (settings.sound) playSound('move'); // what it sounds like
  });
  renderPace();
  $('show-destinations').checked = settings.showDestinations;
  $('show-destinations').addEventListener('change', () => {
    settings.showDestinations = $('show-destinations').checked;
    saveSettings();
  });
  $('continue').addEventListener('click', continueGame);
  $('again').addEventListener('click', playAgain);
  $('restart').addEventListener('click', restart);
  $('game-over-lobby').addEventListener('click', showLobby);
  $('game-over-close').addEventListener('click', () => {
    overOverlayClosed = true;
    renderGameOver();
  });
  $('to-lobby').addEventListener('click', showLobby);
  $('hint').addEventListener('click', hint);
  $('review-first').addEventListener('click', () => showPly(0));
  $('review-prev').addEventListener('click', () => showPly(shownPly() - 1));
  $('review-next').addEventListener('click', () => showPly(shownPly() + 1));
  $('review-last').addEventListener('click', () => showPly(Infinity));
  $('download-pgn').addEventListener('click', downloadPgn);
  $('undo').addEventListener('click', undo);
  $('draw').addEventListener('click', offerDraw);
  $('resign').addEventListener('click', resign);
  $('draw-accept').addEventListener('click', () => answerDraw(true));
  $('draw-decline').addEventListener('click', () => answerDraw(false));
  // Pressing beside the panel cancels; on pointerdown, not click: a tap's click lands on the
  // panel's backdrop just after the tap that opened it.
  $('promotion').addEventListener('pointerdown', (event) => {
    if (event.target === $('promotion')) cancelPromotion();
  });
  document.addEventListener('keydown', onKey);
}

/** Shows the lobby, or after a reload in the middle of a game, that game again. */
async function boot() {
  wire();
  await Promise.all([loadSprite(), loadChineseFont()]);
  applyLanguage();
  const inGame = sessionStorage.getItem(IN_GAME_KEY) !== null;
  await showLobby();
  if (inGame) continueGame();
  document.body.dataset.ready = 'true';
}

boot();
