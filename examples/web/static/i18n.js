// The page's own words in English and Chinese. They follow the terminal game's messages
// (examples/play/src/messages.rs) so both games say the same; chess-core's texts (reasons,
// move descriptions, hints, outcomes) come from the server in both languages, and so do the
// texts the site's policy decides and the levels' names (policy.js, made by the server from
// chess-session and chess-core). The levels' descriptions are the casual site's manual's.

import { POLICY } from './policy.js';

const COLOR = { en: { white: 'White', black: 'Black' }, zh: { white: '白方', black: '黑方' } };
const ROLES = {
  en: { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' },
  zh: { p: '兵', n: '马', b: '象', r: '车', q: '后', k: '王' },
};

/** Names a square and its piece (a FEN letter, or undefined for none) in `lang`. */
function squareLabel(lang, square, letter) {
  if (!letter) return square;
  const color = letter === letter.toUpperCase() ? 'white' : 'black';
  const role = ROLES[lang][letter.toLowerCase()];
  return lang === 'zh' ? `${square}，${COLOR.zh[color]}${role}` : `${square}, ${color} ${role}`;
}

const TEXTS = {
  en: {
    title: 'Chess — play against the computer',
    language: '中文',
    settings: 'Settings',
    side: 'Side',
    sideWhite: 'Play as White',
    sideBlack: 'Play as Black',
    sideBoth: 'Two players on one screen',
    level: 'Level',
    beginner: POLICY.en.levelNames.beginner,
    normal: POLICY.en.levelNames.normal,
    expert: POLICY.en.levelNames.expert,
    beginnerNote: 'Looks two moves ahead and counts material; slips now and then.',
    normalNote: 'Looks three moves ahead and knows where pieces stand well.',
    expertNote: 'Looks four moves ahead and follows captures until the position is quiet; brings the king to the centre in the endgame.',
    levelNote: 'Each decides within a second, then takes a human pace.',
    rules: 'Rules',
    fide: 'FIDE',
    casual: 'casual',
    casualNote: POLICY.en.casualNote,
    options: 'Options',
    showDestinations: 'Show legal destinations when a piece is selected',
    newGame: 'New game',
    continueGame: (moves) => `Continue the last game (${moves} ${moves === 1 ? 'move' : 'moves'} played)`,
    resumed: 'Continuing the last game.',
    illegal: (reason) => `Illegal move: ${reason}.`,
    saveBroken: 'The saved game could not be read; starting a new game.',
    newGameStarted: (side, level, rules) => side === 'both'
      ? `New game: two players, ${TEXTS.en[rules]} rules.`
      : `New game: you play ${COLOR.en[side]} against the computer (${TEXTS.en[level]}), ${TEXTS.en[rules]} rules.`,
    pace: "The computer's pace",
    paceReal: POLICY.en.paceReal,
    paceFast: POLICY.en.paceFast,
    paceInstant: POLICY.en.paceInstant,
    paceSet: (name) => `The computer's pace is now ${name}.`,
    paceNames: POLICY.en.paceNames,
    close: 'Close',
    toMove: (color) => `${COLOR.en[color]} to move.`,
    check: (color) => `Check! ${COLOR.en[color]} to move.`,
    thinking: 'The computer takes its time…',
    moves: 'Moves',
    played: (san, words) => `${san} — ${words}`,
    computerPlayed: (san, words) => `The computer plays ${san} — ${words}`,
    promotion: 'Promote to which piece?',
    pieceNames: ROLES.en,
    squareLabel: (square, letter) => squareLabel('en', square, letter),
    moveCancelled: 'Move cancelled.',
    hint: 'Hint',
    hintText: (san, text, left) => `Hint: ${san} — ${text}. (${left} left in this game)`,
    hintAgain: (san, text, left) => `Hint (again, not counted): ${san} — ${text}. (${left} left in this game)`,
    undo: 'Undo',
    tookBack: (plies) => plies === 1 ? 'Took back the last move.' : `Took back the last ${plies} moves.`,
    draw: 'Draw',
    resign: 'Resign',
    lobby: 'Back to the lobby',
    confirmResign: 'Resign this game?',
    confirmDraw: 'Offer (or claim) a draw?',
    yes: 'Yes',
    no: 'No',
    notConfirmed: 'Play on, then.',
    drawOffered: (color) => `${COLOR.en[color]} offers a draw.`,
    askAcceptDraw: (color) => `${COLOR.en[color]}, do you accept the draw?`,
    accept: 'Accept',
    decline: 'Decline',
    computerAcceptsDraw: 'The computer accepts the draw.',
    computerDeclinesDraw: 'The computer declines the draw and plays on.',
    drawDeclined: 'The draw offer is declined.',
    youWin: 'You win!',
    youLose: 'You lose.',
    gameOver: 'Game over',
    material: (lead) => `+${lead}`,
    takenBy: (color) => `Taken by ${COLOR.en[color]}`,
    unreachable: 'The server cannot be reached; try again.',
    keys: 'Keys: arrows and Enter to move a piece, H hint, Z or U undo, Esc deselect',
  },
  zh: {
    title: '国际象棋 — 与电脑对弈',
    language: 'English',
    settings: '设置',
    side: '执色',
    sideWhite: '执白',
    sideBlack: '执黑',
    sideBoth: '双人同屏对弈',
    level: '难度',
    beginner: POLICY.zh.levelNames.beginner,
    normal: POLICY.zh.levelNames.normal,
    expert: POLICY.zh.levelNames.expert,
    beginnerNote: '看两步，只算子力，偶有失误。',
    normalNote: '看三步，懂得棋子站在哪里好。',
    expertNote: '看四步，并把吃子算到局面平静为止；残局懂得把王走向中心。',
    levelNote: '每个难度都在一秒内想好，然后像人一样从容落子。',
    rules: '规则',
    fide: 'FIDE',
    casual: '休闲',
    casualNote: POLICY.zh.casualNote,
    options: '选项',
    showDestinations: '选中棋子时显示可走的位置',
    newGame: '新对局',
    continueGame: (moves) => `继续上一局（已走${moves}回合）`,
    resumed: '继续上一局。',
    illegal: (reason) => `不合法的走法：${reason}。`,
    saveBroken: '无法读取保存的对局，开始新对局。',
    newGameStarted: (side, level, rules) => side === 'both'
      ? `新对局：双人对弈，${TEXTS.zh[rules]}规则。`
      : `新对局：你${side === 'white' ? '执白' : '执黑'}，对手是电脑（${TEXTS.zh[level]}），${TEXTS.zh[rules]}规则。`,
    pace: '电脑走棋节奏',
    paceReal: POLICY.zh.paceReal,
    paceFast: POLICY.zh.paceFast,
    paceInstant: POLICY.zh.paceInstant,
    paceSet: (name) => `电脑走棋节奏已改为${name}。`,
    paceNames: POLICY.zh.paceNames,
    close: '关闭',
    toMove: (color) => `轮到${COLOR.zh[color]}走棋。`,
    check: (color) => `将军！轮到${COLOR.zh[color]}走棋。`,
    thinking: '电脑正在从容斟酌…',
    moves: '着法',
    played: (san, words) => `${san} — ${words}`,
    computerPlayed: (san, words) => `电脑走 ${san} — ${words}`,
    promotion: '升变为哪个棋子？',
    pieceNames: ROLES.zh,
    squareLabel: (square, letter) => squareLabel('zh', square, letter),
    moveCancelled: '已取消这步棋。',
    hint: '提示',
    hintText: (san, text, left) => `提示：${san} — ${text}。（本局还剩${left}次）`,
    hintAgain: (san, text, left) => `提示（重复显示，不计次数）：${san} — ${text}。（本局还剩${left}次）`,
    undo: '悔棋',
    tookBack: (plies) => `悔棋：退回了${plies}步。`,
    draw: '提和',
    resign: '认输',
    lobby: '返回大厅',
    confirmResign: '确定认输吗？',
    confirmDraw: '确定提和（或申请和棋）吗？',
    yes: '确定',
    no: '取消',
    notConfirmed: '那就继续下吧。',
    drawOffered: (color) => `${COLOR.zh[color]}提和。`,
    askAcceptDraw: (color) => `${COLOR.zh[color]}，你同意和棋吗？`,
    accept: '同意',
    decline: '拒绝',
    computerAcceptsDraw: '电脑同意和棋。',
    computerDeclinesDraw: '电脑拒绝和棋，继续对局。',
    drawDeclined: '对方拒绝了和棋。',
    youWin: '你赢了！',
    youLose: '你输了。',
    gameOver: '对局结束',
    material: (lead) => `+${lead}`,
    takenBy: (color) => `${COLOR.zh[color]}吃子`,
    unreachable: '无法连接服务器，请重试。',
    keys: '快捷键：方向键和回车走棋，H 提示，Z 或 U 悔棋，Esc 取消选择',
  },
};

/** The languages the page speaks. */
export const LANGS = ['en', 'zh'];

/** The page's text `key` in `lang`; a function-valued text is called with `args`. */
export function t(lang, key, ...args) {
  const text = TEXTS[lang][key];
  return typeof text === 'function' ? text(...args) : text;
}
