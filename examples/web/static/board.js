// The board: 64 squares (each with `data-square`), the pieces from the SVG sprite, the marks
// (legal destinations, last move, check, hint) and the input: click or tap a piece and then a
// square, or drag it there (mouse and touch alike, through pointer events), or move the focus
// with the arrow keys and choose with Enter or Space. Each square is a button named for screen
// readers ("e4, white pawn").

const FILES = 'abcdefgh';
const NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
/** How far (in pixels) a pointer moves before a press becomes a drag. */
const DRAG_START = 5;
/** How long (ms) after a press on the board its click may still come. */
const CLICK_AFTER = 400;
const SVG = 'http://www.w3.org/2000/svg';

/** The sprite's id of a FEN piece letter: `N` → `white-knight`. */
function pieceId(letter) {
  const color = letter === letter.toUpperCase() ? 'white' : 'black';
  return `${color}-${NAMES[letter.toLowerCase()]}`;
}

/** An element showing the piece of FEN letter `letter` (`class` is added to it). */
export function pieceElement(letter, className) {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.piece = letter;
  element.innerHTML = `<svg viewBox="0 0 45 45" aria-hidden="true"><use href="#${pieceId(letter)}"/></svg>`;
  return element;
}

export class Board {
  /**
   * `element` is the board's container; `handlers` answer and receive the player's input:
   * `canSelect(square)` (is it a piece the player may move now), `onMove(from, to, dragged)` (a
   * legal destination was chosen, by a drag or not) and `onTry(from, to)` (an illegal one: the
   * server tells why); `label(square, letter)` names a square and its piece (FEN letter or
   * undefined) for screen readers; `showDestinations()` says whether the selected piece's legal
   * destinations are marked; `onStepKey(key)` may take a key pressed on a square first (it
   * returns true when it did).
   */
  constructor(element, handlers) {
    this.element = element;
    this.handlers = handlers;
    this.orientation = null;
    this.view = null;
    this.selected = null;
    this.drag = null;
    this.squares = new Map();
    this.arrow = null;
    /** The square that has the keyboard focus (the one square reachable with Tab). */
    this.cursor = 'e2';
    /** Until when the click that follows a press on the board is swallowed (see `pointerUp`). */
    this.clickGuard = 0;
    element.addEventListener('pointerdown', (event) => this.pointerDown(event));
    element.addEventListener('pointermove', (event) => this.pointerMove(event));
    element.addEventListener('pointerup', (event) => this.pointerUp(event));
    element.addEventListener('pointercancel', () => this.cancelDrag());
    element.addEventListener('contextmenu', (event) => event.preventDefault());
    element.addEventListener('keydown', (event) => this.keyDown(event));
    window.addEventListener('click', (event) => this.swallowClick(event), true);
  }

  /**
   * A browser sends a click after a press and release (a tap above all); by then a panel may
   * have opened under the finger (promotion, game over). That click must not press its buttons.
   */
  swallowClick(event) {
    if (performance.now() > this.clickGuard) return;
    this.clickGuard = 0;
    event.stopPropagation();
    event.preventDefault();
  }

  /** Lays out the squares with `color` ('white' or 'black') at the bottom. */
  setOrientation(color) {
    if (this.orientation === color) return;
    this.orientation = color;
    this.element.replaceChildren();
    this.squares.clear();
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const file = color === 'white' ? col : 7 - col;
        const rank = color === 'white' ? 7 - row : row;
        const name = FILES[file] + (rank + 1);
        const square = document.createElement('div');
        square.className = `square ${(file + rank) % 2 === 0 ? 'dark' : 'light'}`;
        square.dataset.square = name;
        square.setAttribute('role', 'button');
        square.tabIndex = name === this.cursor ? 0 : -1;
        this.element.append(square);
        this.squares.set(name, square);
      }
    }
    this.arrow = document.createElementNS(SVG, 'svg');
    this.arrow.setAttribute('class', 'arrow');
    this.arrow.setAttribute('viewBox', '0 0 8 8');
    this.element.append(this.arrow);
    this.element.dataset.orientation = color;
    if (this.view) this.render(this.view);
  }

  /**
   * Shows `view` (the server's view of the game): the pieces, then the marks. With `slide`, the
   * last move's piece slides from its square to its new one (a move the player did not drag).
   */
  render(view, slide = false) {
    this.view = view;
    if (this.selected && !view.legal.some((move) => move.from === this.selected)) this.selected = null;
    for (const [name, square] of this.squares) {
      square.replaceChildren();
      const letter = view.pieces[name];
      if (letter) square.append(pieceElement(letter, 'piece'));
      this.addCoordinates(name, square);
      square.setAttribute('aria-label', this.handlers.label(name, letter));
    }
    this.mark();
    if (slide && view.last_move) this.slide(view.last_move);
  }

  /** Slides the piece now on `move.to` from `move.from` (a short animation). */
  slide(move) {
    const piece = this.squares.get(move.to).querySelector('.piece');
    if (!piece || !piece.animate) return;
    const [x1, y1] = this.centre(move.from);
    const [x2, y2] = this.centre(move.to);
    const offset = `translate(${(x1 - x2) * 100}%, ${(y1 - y2) * 100}%)`;
    piece.animate([{ transform: offset }, { transform: 'none' }], { duration: 220, easing: 'ease-out' });
  }

  /**
   * Marks the last move, the checked king, the hint, the selection and its destinations (unless
   * the player chose not to see them).
   */
  mark() {
    const view = this.view;
    const last = view.last_move;
    const hint = view.hint;
    const destinations = this.handlers.showDestinations() ? this.destinations() : [];
    const enPassantVictims = new Set(destinations.filter((d) => d.en_passant).map((d) => d.to[0] + this.selected[1]));
    for (const [name, square] of this.squares) {
      const classes = square.classList;
      classes.toggle('last-move', !!last && (last.from === name || last.to === name));
      classes.toggle('check', view.check === name);
      classes.toggle('hint', !!hint && (hint.from === name || hint.to === name));
      classes.toggle('selected', this.selected === name);
      square.querySelectorAll('.dot, .ring').forEach((mark) => mark.remove());
      const destination = destinations.find((d) => d.to === name);
      if (destination || enPassantVictims.has(name)) {
        const mark = document.createElement('div');
        mark.className = destination && !destination.capture && !destination.en_passant ? 'dot' : 'ring';
        square.append(mark);
      }
    }
    this.drawArrow(hint);
  }

  /** Draws the hint's move as an arrow from its square to its destination (none without a hint). */
  drawArrow(move) {
    this.arrow.replaceChildren();
    if (!move) return;
    const [x1, y1] = this.centre(move.from);
    const [x2, y2] = this.centre(move.to);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const head = 0.45;
    const [bx, by] = [x2 - ux * head, y2 - uy * head];
    const line = document.createElementNS(SVG, 'line');
    for (const [name, value] of Object.entries({ x1, y1, x2: bx, y2: by })) line.setAttribute(name, value);
    const tip = document.createElementNS(SVG, 'polygon');
    const [px, py] = [-uy * 0.3, ux * 0.3];
    tip.setAttribute('points', `${x2},${y2} ${bx + px},${by + py} ${bx - px},${by - py}`);
    this.arrow.append(line, tip);
  }

  /** The centre of a square in the arrow's coordinates (one unit a square). */
  centre(name) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name[1]) - 1;
    return this.orientation === 'white' ? [file + 0.5, 7.5 - rank] : [7.5 - file, rank + 0.5];
  }

  /** Writes the file letters on the bottom row and the rank numbers on the left column. */
  addCoordinates(name, square) {
    const bottomRank = this.orientation === 'white' ? '1' : '8';
    const leftFile = this.orientation === 'white' ? 'a' : 'h';
    if (name[1] === bottomRank) square.append(coordinate('file', name[0]));
    if (name[0] === leftFile) square.append(coordinate('rank', name[1]));
  }

  /** The legal moves of the selected piece. */
  destinations() {
    if (!this.selected || !this.view) return [];
    return this.view.legal.filter((move) => move.from === this.selected);
  }

  /** Selects the piece on `square` and shows where it may go. */
  select(square) {
    this.selected = square;
    this.mark();
  }

  /** Forgets the selection (Esc). */
  deselect() {
    if (this.selected === null) return;
    this.selected = null;
    this.cancelDrag();
    this.mark();
  }

  /** The square under the viewport point (x, y), or null off the board. */
  squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const square = hit && hit.closest('[data-square]');
    return square && this.element.contains(square) ? square.dataset.square : null;
  }

  /**
   * Where the selected piece goes when the player chooses square `name`: `name` itself when it
   * is a legal destination; for a king that may castle, its rook's square stands for the square
   * two files away (g1/c1, g8/c8). Null when `name` is no legal choice.
   */
  target(name) {
    for (const d of this.destinations()) {
      if (d.to === name) return name;
      const rookFile = d.to[0] === 'g' ? 'h' : 'a';
      if (d.castle && name === rookFile + d.to[1]) return d.to;
    }
    return null;
  }

  /**
   * Acts on the player choosing square `name` (a press, a tap, Enter): the selected piece goes
   * there when it may, else the player's piece there is selected, else the move is tried (the
   * server tells why it is illegal). Returns true when a piece was selected.
   */
  choose(name) {
    const from = this.selected;
    const to = from && this.target(name);
    if (to) {
      this.handlers.onMove(from, to, false);
      return false;
    }
    if (this.handlers.canSelect(name)) {
      this.select(name);
      return true;
    }
    if (from) {
      this.deselect();
      if (from !== name) this.handlers.onTry(from, name);
    }
    return false;
  }

  pointerDown(event) {
    if (event.button !== 0 || !this.view) return;
    const target = event.target.closest('[data-square]');
    if (!target) return;
    event.preventDefault();
    const name = target.dataset.square;
    const wasSelected = this.selected === name;
    if (this.choose(name)) {
      const piece = this.squares.get(name).querySelector('.piece');
      this.drag = { from: name, piece, x: event.clientX, y: event.clientY, moved: false, wasSelected };
      this.element.setPointerCapture(event.pointerId);
    }
  }

  /**
   * The arrow keys move the focus over the squares as they are seen (unless the page takes them);
   * Enter or Space chooses.
   */
  keyDown(event) {
    const name = event.target.dataset && event.target.dataset.square;
    if (!name || !this.view || event.ctrlKey || event.metaKey || event.altKey) return;
    const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (this.handlers.onStepKey(event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      this.choose(name);
    } else if (steps[event.key]) {
      const sign = this.orientation === 'white' ? 1 : -1;
      const file = FILES.indexOf(name[0]) + sign * steps[event.key][0];
      const rank = Number(name[1]) + sign * steps[event.key][1];
      if (file >= 0 && file < 8 && rank >= 1 && rank <= 8) this.focus(FILES[file] + rank);
    } else {
      return;
    }
    event.preventDefault();
  }

  /** Gives the keyboard focus to square `name`. */
  focus(name) {
    this.squares.get(this.cursor).tabIndex = -1;
    this.cursor = name;
    const square = this.squares.get(name);
    square.tabIndex = 0;
    square.focus();
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_START) return;
    drag.moved = true;
    drag.piece.classList.add('dragging');
    drag.piece.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = this.squareAt(event.clientX, event.clientY);
    for (const [name, square] of this.squares) square.classList.toggle('drag-over', name === over);
  }

  pointerUp(event) {
    const drag = this.drag;
    this.clickGuard = drag && drag.moved ? 0 : performance.now() + CLICK_AFTER;
    if (!drag) return;
    this.drag = null;
    for (const square of this.squares.values()) square.classList.remove('drag-over');
    if (!drag.moved) {
      if (drag.wasSelected) this.deselect();
      return;
    }
    const over = this.squareAt(event.clientX, event.clientY);
    const to = over && over !== drag.from && this.target(over);
    if (to) {
      // Put the piece on its new square at once; the server's answer redraws the board.
      drag.piece.classList.remove('dragging');
      drag.piece.style.transform = '';
      this.squares.get(to).querySelector('.piece')?.remove();
      this.squares.get(to).prepend(drag.piece);
      this.handlers.onMove(drag.from, to, true);
      return;
    }
    flyBack(drag.piece);
    if (over && over !== drag.from) {
      this.deselect();
      this.handlers.onTry(drag.from, over);
    }
  }

  /** Ends a drag that did not finish: the piece flies back. */
  cancelDrag() {
    if (!this.drag) return;
    const { piece } = this.drag;
    this.drag = null;
    flyBack(piece);
  }
}

/** Sends a dragged piece back to its square with a short transition. */
function flyBack(piece) {
  if (!piece.classList.contains('dragging')) return;
  piece.classList.add('returning');
  piece.classList.remove('dragging');
  piece.style.transform = '';
  const done = () => piece.classList.remove('returning');
  piece.addEventListener('transitionend', done, { once: true });
  setTimeout(done, 400);
}

function coordinate(kind, text) {
  const label = document.createElement('span');
  label.className = `coord ${kind}`;
  label.textContent = text;
  return label;
}
