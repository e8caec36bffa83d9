//! The `Board` class: a chess-core position, the stack of the positions before each move,
//! the rules and the game events.

use chess_core::{
    AnyPosition, Bitboard, CastlingSide, Color, ErrorCode, EventKind, Game, IllegalMoveReason as CoreIllegalMoveReason,
    Judging, Move as CoreMove, MoveList, MoveListStyle, MoveText, Piece as CorePiece, Position, Role, Rules, San,
    SanPlus, Setup, Square, Termination, UciMove, Validation,
};
use std::str::FromStr;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList};

use crate::base_board::{BaseBoard, chess960_number};
use crate::bitboards::with_transform;
use crate::editing::castling_choice;
use crate::errors::{IllegalMoveError, InvalidFenError, InvalidMoveError, InvalidSaveError, error_for, quote};
use crate::moves::{IllegalMoveReason, LegalMoveGenerator, Move, PseudoLegalMoveGenerator, lang};
use crate::pickling::{PickledBoard, UnpickledBoard};
use crate::pieces::{color, piece_type, role};
use crate::rules;
use crate::squares::{square, square_set};

/// The standard starting position.
pub(crate) const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess board with its move stack, compatible with python-chess's `chess.Board` where the
/// names overlap.
///
/// Design: a chess-core `Game` of `AnyPosition`s (any setup, played as python-chess plays
/// it; a legal `Position` whenever it is one) recording past its end, which holds the
/// positions, the moves, the events and the rules: `pop()` takes the last state back,
/// `is_repetition()` and `outcome()` read what the game counted when each position was
/// reached. What only a legal position answers (engines, PGN, `describe`) raises
/// `InvalidPositionError` on a setup that is none.
///
/// Never unpickle a board from data you do not trust (unpickling runs code the data names);
/// exchange boards as FEN, PGN or `to_json()` text.
#[pyclass(module = "chess_core", name = "Board", extends = BaseBoard)]
#[derive(Clone)]
pub struct Board {
    /// The positions, the moves, the events and the rules (FIDE's by default).
    pub(crate) game: Game<AnyPosition>,
    /// The squares of promoted pieces (python-chess's `promoted`).
    pub(crate) promoted: Bitboard,
    /// The squares of promoted pieces before each move, oldest first.
    pub(crate) promoted_before: Vec<Bitboard>,
    pub(crate) chess960: bool,
    /// The legal moves last listed, and of which position.
    pub(crate) listed: ListedMoves,
}

/// The legal moves a board last listed, with their position: a program pushes a move of the
/// list it was just given (a perft or game loop), which `push` then finds there instead of
/// checking its legality again. Valid exactly while the board holds that position.
#[derive(Clone, Default)]
pub(crate) struct ListedMoves {
    listed: Option<(Position, MoveList)>,
    /// Where the move after the last one found is: a loop pushes the moves in their order.
    next: usize,
}

impl ListedMoves {
    /// Remembers the legal moves of `pos`.
    fn remember(&mut self, pos: &Position, moves: &MoveList) {
        let (position, listed) = self.listed.get_or_insert_with(Default::default);
        *position = *pos;
        listed.clone_from(moves);
        self.next = 0;
    }

    /// Tells whether `m` is among the moves listed for `pos`, looking first after the last found.
    fn find(&mut self, pos: &Position, m: CoreMove) -> bool {
        let Some((listed, moves)) = &self.listed else { return false };
        if listed != pos {
            return false;
        }
        let found = match moves.get(self.next) {
            Some(&next) if next == m => Some(self.next),
            _ => moves.iter().position(|&listed| listed == m),
        };
        found.inspect(|&index| self.next = index + 1).is_some()
    }
}

impl Board {
    /// The initializer of the Python object of this board, a `BaseBoard` whose pieces are
    /// the board's.
    pub(crate) fn initializer(self) -> PyClassInitializer<Board> {
        PyClassInitializer::from(BaseBoard::of_board()).add_subclass(self)
    }

    /// The Python object of a new board.
    pub(crate) fn into_object(self, py: Python<'_>) -> PyResult<Py<Board>> {
        Py::new(py, self.initializer())
    }

    /// The chess-core move that `m` means here, or the error python-chess would raise.
    fn resolve(&self, m: Move) -> Result<CoreMove, PyErr> {
        if m.is_null() {
            return Ok(CoreMove::NULL);
        }
        let Some(core) = m.core() else {
            return Err(self.illegal("move", &m.uci_text(), None));
        };
        match self.position() {
            AnyPosition::Legal(pos) if pos.is_legal(core) => Ok(core),
            AnyPosition::Legal(pos) => pos
                .resolve_move(core.from(), core.to(), core.promotion())
                .map_err(|reason| self.illegal("move", &m.uci_text(), Some(reason))),
            AnyPosition::Free(free) => free
                .legal_move(core.from(), core.to(), core.promotion())
                .ok_or_else(|| self.illegal("move", &m.uci_text(), None)),
        }
    }

    /// The legal or pseudo-legal chess-core move that `m` names (castling and en passant
    /// included).
    fn pseudo_legal(&self, m: Move) -> Option<CoreMove> {
        let core = m.core().filter(|core| !core.is_null())?;
        self.position().pseudo_legal_move(core.from(), core.to(), core.promotion())
    }

    /// The FEN as `fen()` writes it by default.
    pub(crate) fn fen_text(&self) -> String {
        match self.position() {
            AnyPosition::Legal(pos) => pos.to_fen(),
            AnyPosition::Free(free) => free.fen().to_string(),
        }
    }

    /// Plays a legal chess-core move (or the null move) and records it.
    #[inline]
    pub(crate) fn play(&mut self, core: CoreMove) {
        self.carry_promoted(core);
        if core.is_null() {
            self.game.push_pseudo_legal(core);
        } else {
            let pushed = self.game.push_legal(core);
            debug_assert!(pushed.is_ok(), "a game recording past its end takes every legal move");
        }
    }

    /// Plays a pseudo-legal move that leaves the mover's king in check, as python-chess's
    /// `push()` allows: the board then holds that setup, played on as python-chess plays.
    fn play_pseudo_legal(&mut self, core: CoreMove) {
        self.carry_promoted(core);
        self.game.push_pseudo_legal(core);
    }

    /// Keeps the promoted marks before a move and moves them with it.
    #[inline]
    fn carry_promoted(&mut self, core: CoreMove) {
        self.promoted_before.push(self.promoted);
        if !core.is_null() && (core.is_promotion() || self.promoted.any()) {
            self.promoted = core.carry_promoted(self.promoted);
        }
    }

    /// The move a SAN text names here (the null move for python-chess's four spellings of it).
    /// python-chess refuses text with whitespace around it, which chess-core's lenient reader
    /// would trim (`InvalidMoveError`).
    fn parse_san_move(&self, san: &str) -> PyResult<CoreMove> {
        if san.trim() != san {
            return Err(InvalidMoveError::new_err(format!("invalid san: {}: whitespace around the move", quote(san))));
        }
        match SanPlus::from_str(san) {
            Ok(SanPlus { san: San::Null, .. }) => Ok(CoreMove::NULL),
            _ if san == "0000" || san == "@@@@" => Ok(CoreMove::NULL),
            _ => self.position().parse_san(san).map_err(|e| self.san_error(san, &e)),
        }
    }

    fn parse_uci_move(&self, uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::NULL);
        }
        let free = match self.position() {
            AnyPosition::Legal(pos) => {
                let core = pos.parse_uci(uci).map_err(|e| self.uci_error(uci, &e))?;
                return Ok(self.py_move(core));
            }
            AnyPosition::Free(free) => free,
        };
        let syntax = |e: chess_core::ParseUciError| self.uci_error(uci, &e.into());
        let core = match UciMove::from_str(uci).map_err(syntax)? {
            UciMove::Normal { from, to, promotion } => free.legal_move(from, to, promotion),
            _ => None,
        };
        match core {
            Some(core) => Ok(self.py_move(core)),
            None => Err(self.illegal("uci", uci, None)),
        }
    }

    /// The legal (or pseudo-legal) moves from `from_mask` to `to_mask` that pass `keep`, as an
    /// iterator over a list; castling matches by the rook's square, as in python-chess.
    fn moves_matching<'py>(
        &self,
        py: Python<'py>,
        legal: bool,
        from_mask: u64,
        to_mask: u64,
        keep: impl Fn(CoreMove) -> bool,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (from, to) = (Bitboard(from_mask), Bitboard(to_mask));
        let pos = self.position();
        let mut moves = if legal { pos.legal_moves_masked(from, to) } else { pos.pseudo_legal_moves_masked(from, to) };
        pos.sort_like_python_chess(&mut moves, legal);
        moves.retain(|&mut m| keep(m));
        let objects = moves.iter().map(|&core| self.py_move(core).to_object(py)).collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)?.try_iter()
    }

    /// The legal (or pseudo-legal) moves in python-chess's order.
    pub(crate) fn ordered_moves(&self, legal: bool) -> MoveList {
        let pos = self.position();
        let mut moves = if legal { pos.legal_moves() } else { pos.pseudo_legal_moves() };
        pos.sort_like_python_chess(&mut moves, legal);
        moves
    }

    /// The legal (or pseudo-legal) moves in python-chess's order, for a program to choose
    /// from: the legal moves of a legal position are remembered for `push`.
    pub(crate) fn list_moves(&mut self, legal: bool) -> MoveList {
        let moves = self.ordered_moves(legal);
        if let (true, AnyPosition::Legal(pos)) = (legal, self.game.position()) {
            self.listed.remember(pos, &moves);
        }
        moves
    }

    /// A chess-core move here as python-chess writes it.
    pub(crate) fn py_move(&self, core: CoreMove) -> Move {
        py_move_at(self.position(), core)
    }

    /// The moves played, as python-chess writes them.
    pub(crate) fn py_moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.game.positions().zip(self.game.moves()).map(|(before, &m)| py_move_at(before, m))
    }

    pub(crate) fn san_of(&self, core: CoreMove) -> String {
        if core.is_null() { "--".to_owned() } else { self.position().san(core).to_string() }
    }

    /// python-chess's outcome as (termination value, winner): under FIDE's rules without
    /// events, the current position's, as python-chess judges; else the game's first end.
    fn outcome_inner(&self, claim_draw: bool) -> Option<(u8, Option<bool>)> {
        let game = &self.game;
        let outcome = if *game.rules() == Rules::fide() && game.events().is_empty() {
            game.position_outcome()
        } else {
            game.outcome()
        };
        let termination = match outcome {
            Some(outcome) => Some((outcome.termination, outcome.winner)),
            None if claim_draw => {
                game.rules().claimable_draw(self.position(), |key| game.occurrences(key)).map(|t| (t, None))
            }
            None => None,
        };
        termination.map(|(termination, winner)| (termination_value(termination), winner.map(|c| c == Color::White)))
    }

    /// Records a game event after chess-core's `Game` checked it against the rules (none
    /// after the game's end).
    fn record_event(&mut self, kind: EventKind) -> PyResult<()> {
        if let Some(outcome) = self.game.outcome() {
            return Err(rules::event_error(&chess_core::EventError::GameOver(outcome)));
        }
        self.game.apply(kind).map_err(|error| rules::event_error(&error))?;
        Ok(())
    }

    /// The player who may answer the waiting draw offer.
    fn draw_answerer(&self) -> PyResult<Color> {
        match self.game.draw_offer() {
            Some(offerer) => Ok(!offerer),
            None => Err(rules::event_error(&chess_core::EventError::NoDrawOffer)),
        }
    }

    /// The no-progress draw FIDE's rules give now (with `claims`, the fifty-move rule too),
    /// when a move remains, as python-chess asks.
    fn no_progress_draw(&self, claims: bool) -> Option<Termination> {
        let pos = self.position();
        let draw = Rules::fide().no_progress_draw(pos.halfmove_clock(), pos.board(), claims);
        draw.filter(|_| pos.has_legal_moves())
    }
}

/// A chess-core move in `pos` as python-chess writes it (castling by the board's convention).
fn py_move_at(pos: &AnyPosition, core: CoreMove) -> Move {
    if core.is_null() { Move::NULL } else { Move::from_uci_move(pos.uci(core)) }
}

/// python-chess's `Termination` value of each chess-core termination, in the order of
/// chess-core's codes (`Termination::code`, 1 to 15, the C library's numbers): python-chess
/// numbers its reasons otherwise (its `FIFTY_MOVES` is 6, chess-core's 4), and the game
/// layer's reasons follow from 11. The Python `Termination`'s docstring gives this table;
/// `_termination_values()` returns it for the tests.
const PYTHON_TERMINATIONS: [(Termination, u8); 15] = [
    (Termination::Checkmate, 1),
    (Termination::Stalemate, 2),
    (Termination::InsufficientMaterial, 3),
    (Termination::FiftyMoves, 6),
    (Termination::SeventyFiveMoves, 4),
    (Termination::ThreefoldRepetition, 7),
    (Termination::FivefoldRepetition, 5),
    (Termination::NoProgress, 11),
    (Termination::PerpetualCheck, 12),
    (Termination::CheckLimit, 13),
    (Termination::Resignation, 14),
    (Termination::DrawAgreement, 15),
    (Termination::Timeout, 16),
    (Termination::Forfeit, 17),
    (Termination::Aborted, 18),
];

/// python-chess's `Termination` value of a chess-core termination (0, which `Termination(0)`
/// refuses, for one this table does not know).
fn termination_value(termination: Termination) -> u8 {
    PYTHON_TERMINATIONS.iter().find(|(core, _)| *core == termination).map_or(0, |&(_, value)| value)
}

/// The termination table: (chess-core's code, python-chess's value) for every termination
/// chess-core has, in the order of its codes.
#[pyfunction]
pub(crate) fn _termination_values() -> Vec<(u8, u8)> {
    Termination::ALL.into_iter().map(|termination| (termination.code(), termination_value(termination))).collect()
}

#[pymethods]
impl Board {
    /// The rules' name in the UCI protocol (`UCI_Variant`), as python-chess's `Board.uci_variant`:
    /// python-chess's engine client (`chess.engine`) reads it from the board's type.
    ///
    /// ```python
    /// assert chess_core.Board.uci_variant == "chess"
    /// ```
    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }

    /// The rules' name in the XBoard protocol (`variant`), as python-chess's
    /// `Board.xboard_variant`, read by python-chess's XBoard client.
    ///
    /// ```python
    /// assert chess_core.Board.xboard_variant == "normal"
    /// ```
    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }

    /// Sets up a board from a FEN (the standard start by default). `chess960=True` reads the
    /// castling rights as Chess960's and writes castling as king-takes-rook. A malformed FEN
    /// raises `InvalidFenError` (a `ValueError`) naming the field and character; a well-formed
    /// FEN of an impossible position is kept as it is (`is_valid()` is then `False`).
    ///
    /// `rules` (`"fide"`, `"casual"` or a `Rules`) decides how `outcome()` judges the game.
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN), *, chess960 = false, rules = None))]
    fn new(fen: Option<&str>, chess960: bool, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyClassInitializer<Board>> {
        let setup = match fen {
            Some(fen) => Board::read_fen(fen)?,
            None => Setup::empty(),
        };
        let mut board = Board::from_setup(setup, chess960);
        if let Some(rules) = rules {
            board.game.set_rules(rules::rules_from(rules)?);
        }
        Ok(board.initializer())
    }

    /// The rules `outcome()` judges by, as a `Rules` (chess-core's fields).
    #[getter]
    pub(crate) fn get_rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let fields = rules::rules_dict(py, self.game.rules())?;
        py.import("chess_core")?.getattr("Rules")?.call((), Some(&fields))
    }

    #[setter]
    fn set_rules(&mut self, rules: &Bound<'_, PyAny>) -> PyResult<()> {
        self.game.set_rules(rules::rules_from(rules)?);
        Ok(())
    }

    /// `color` resigns; `EventNotAllowedError` when the rules do not allow it now (the casual
    /// rules: not before 15 moves).
    fn resign(&mut self, color: bool) -> PyResult<()> {
        self.record_event(EventKind::Resign(self::color(color)))
    }

    /// `color` offers a draw (the casual rules: after 15 moves, 3 offers a game).
    fn offer_draw(&mut self, color: bool) -> PyResult<()> {
        self.record_event(EventKind::OfferDraw(self::color(color)))
    }

    /// The opponent of the player who offered a draw accepts it.
    fn accept_draw(&mut self) -> PyResult<()> {
        let answering = self.draw_answerer()?;
        self.record_event(EventKind::AcceptDraw(answering))
    }

    /// The opponent of the player who offered a draw declines it.
    fn decline_draw(&mut self) -> PyResult<()> {
        let answering = self.draw_answerer()?;
        self.record_event(EventKind::DeclineDraw(answering))
    }

    /// Claims a claimable draw for `color` (the side to move by default).
    #[pyo3(signature = (color = None))]
    fn claim_draw(&mut self, color: Option<bool>) -> PyResult<()> {
        let color = color.map_or_else(|| self::color(self.get_turn()), self::color);
        self.record_event(EventKind::ClaimDraw(color))
    }

    /// `color` ran out of time (the casual rules: the game is void within 5 moves).
    fn timeout(&mut self, color: bool) -> PyResult<()> {
        self.record_event(EventKind::Timeout(self::color(color)))
    }

    /// The arbiter declares `color`'s game lost.
    fn forfeit(&mut self, color: bool) -> PyResult<()> {
        self.record_event(EventKind::Forfeit(self::color(color)))
    }

    /// The game events so far, as (number of moves played, name, colour) tuples.
    #[getter]
    pub(crate) fn events(&self) -> Vec<(u32, &'static str, bool)> {
        self.game
            .events()
            .iter()
            .map(|event| {
                let (name, color) = rules::event_name(event.kind);
                (event.ply, name, color)
            })
            .collect()
    }

    /// The checks `color` has received in this game.
    fn checks_received(&self, color: bool) -> u32 {
        self.game.checks_received(self::color(color))
    }

    /// The consecutive checks given by the side that just moved.
    fn consecutive_checks(&self) -> u32 {
        self.game.consecutive_checks()
    }

    /// The piece types `color` has captured in this game, in order.
    fn captured(&self, color: bool) -> Vec<u32> {
        self.game.captured_by(self::color(color)).into_iter().map(|role| u32::from(piece_type(role))).collect()
    }

    /// The position as 18 planes of 8×8 bytes (0 or 1), for machine learning: planes 0–5
    /// the white pawns, knights, bishops, rooks, queens and king, 6–11 the black ones, 12 all
    /// ones when White is to move, 13–16 all ones for each castling right (White king side,
    /// White queen side, Black king side, Black queen side), 17 the square of a legal
    /// en-passant capture. `planes[p][rank][file]`, rank 0 being the first rank. A numpy
    /// `uint8` array of shape (18, 8, 8) when numpy is installed, else the 1152 bytes.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.playable()?;
        let mut planes = [0u8; 18 * 64];
        let mut fill = |plane: usize, squares: Bitboard| {
            for square in squares {
                planes[plane * 64 + square.index()] = 1;
            }
        };
        for (index, piece) in Color::ALL.iter().flat_map(|&c| Role::ALL.map(|r| CorePiece::new(c, r))).enumerate() {
            fill(index, pos.board().by_piece(piece));
        }
        if pos.turn() == Color::White {
            fill(12, Bitboard::FULL);
        }
        let rights = [
            (Color::White, CastlingSide::KingSide),
            (Color::White, CastlingSide::QueenSide),
            (Color::Black, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide),
        ];
        for (index, (color, side)) in rights.into_iter().enumerate() {
            if pos.has_castling_right(color, side) {
                fill(13 + index, Bitboard::FULL);
            }
        }
        if let Some(ep) = pos.legal_ep_square() {
            fill(17, Bitboard::from_square(ep));
        }
        let bytes = pyo3::types::PyBytes::new(py, &planes);
        match py.import("numpy") {
            Ok(numpy) => numpy.call_method1("frombuffer", (bytes, "uint8"))?.call_method1("reshape", ((18, 8, 8),)),
            Err(_) => Ok(bytes.into_any()),
        }
    }

    /// White's material minus Black's (pawn 1, knight and bishop 3, rook 5, queen 9).
    fn material_balance(&self) -> PyResult<i32> {
        Ok(self.placement().material_balance())
    }

    /// An empty board (no pieces, White to move), as `Board(None)`.
    #[staticmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty(py: Python<'_>, chess960: bool) -> PyResult<Py<Board>> {
        Board::from_setup(Setup::empty(), chess960).into_object(py)
    }

    /// Replaces the position with a FEN's and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let setup = Board::read_fen(fen)?;
        self.clear_stack();
        self.promoted = Bitboard::EMPTY;
        self.set_setup(setup);
        Ok(())
    }

    /// Replaces the castling rights with a FEN castling field (`KQkq`, `HAha`, `-`); clears the
    /// move stack.
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        let mut setup = self.setup();
        let probe = format!("{} w {castling_fen} - 0 1", self.placement());
        setup.castling_rights = Board::read_fen(&probe)
            .map_err(|_| InvalidFenError::new_err(format!("invalid castling fen: {}", quote(castling_fen))))?
            .castling_rights;
        self.clear_stack();
        self.set_setup(setup);
        Ok(())
    }

    /// Restores the starting position and clears the move stack.
    fn reset(&mut self) {
        self.clear_stack();
        self.promoted = Bitboard::EMPTY;
        self.game.edit_position(AnyPosition::Legal(Position::new()));
    }

    /// Empties the board (White to move, no castling rights) and clears the move stack.
    fn clear(&mut self) {
        self.clear_stack();
        self.promoted = Bitboard::EMPTY;
        self.set_setup(Setup::empty());
    }

    /// Clears the move stack (and the game events), keeping the position.
    pub(crate) fn clear_stack(&mut self) {
        self.game = Game::from_position_with_rules(*self.position(), *self.game.rules()).with_judging(Judging::Record);
        self.promoted_before.clear();
    }

    /// The FEN. `en_passant="legal"` (the default) writes the en-passant square only when a
    /// capture there is legal, `"xfen"` when a pawn attacks it (X-FEN), `"fen"` after every
    /// double pawn push; `shredder=True` writes castling rights as rook files (`HAha`).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal"))]
    fn fen(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        self.fen_text_with(shredder, en_passant, true)
    }

    /// The Shredder-FEN: castling rights as rook files (`HAha`).
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn shredder_fen(&self, en_passant: &str) -> PyResult<String> {
        self.fen(true, en_passant)
    }

    /// The rooks whose castling rights can castle (those the setup's rights name with a king
    /// and rook where castling needs them), as a bitboard.
    fn clean_castling_rights(&self) -> u64 {
        self.setup().valid_castling_rights(self.castling_mode()).0
    }

    /// Whether the castling rights are ones only Chess960 has (a rook off a corner, or a king
    /// off the e-file with rights), whatever `chess960` says.
    fn has_chess960_castling_rights(&self) -> bool {
        self.setup().has_chess960_castling_rights()
    }

    /// The EPD: the FEN's four position fields, then the operations given as keywords
    /// (`None` for no operand, a `str`, an `int` or `float`, a `Move` written in SAN, or a list
    /// of moves: SAN of each from this position, a line for `pv`).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        operations: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<String> {
        let mut epd = self.fen_text_with(shredder, en_passant, false)?;
        let Some(operations) = operations else {
            return Ok(epd);
        };
        let mut written = Vec::new();
        for (opcode, operand) in operations.iter() {
            let opcode: String = opcode.extract()?;
            written.push((opcode.clone(), self.epd_operands(&opcode, &operand)?));
        }
        // Writing to a String cannot fail.
        let _ = chess_core::Epd::write_operations(&written, &mut epd);
        Ok(epd)
    }

    /// Reads an EPD: sets the position (and the clocks from `hmvc`/`fmvn`), clears the move
    /// stack and returns the operations as a dict (`bm`/`am` as lists of moves, `pv` as a line,
    /// numbers as `int` or `float`, a lone operand as `str`, none as `None`).
    fn set_epd<'py>(&mut self, py: Python<'py>, epd: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let record =
            chess_core::Epd::parse_without_clocks(epd, Validation::relaxed().castling(castling_choice(self.chess960)))
                .map_err(|e| error_for(e.code(), format!("invalid epd: {}: {e}", quote(epd))))?;
        let mut setup = record.position.to_setup();
        for (opcode, operands) in &record.operations {
            let number = operands.first().and_then(|n| n.parse::<u32>().ok());
            match (opcode.as_str(), number) {
                ("hmvc", Some(n)) => setup.halfmove_clock = n,
                ("fmvn", Some(n)) => setup.fullmove_number = n.max(1),
                _ => {}
            }
        }
        self.clear_stack();
        self.promoted = Bitboard::EMPTY;
        self.set_setup(setup);
        let result = pyo3::types::PyDict::new(py);
        for (opcode, operands) in &record.operations {
            result.set_item(opcode, self.epd_value(py, opcode, operands)?)?;
        }
        Ok(result)
    }

    /// A board set up from an EPD, with its operations as `set_epd()` returns them.
    #[staticmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        py: Python<'py>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Bound<'py, Board>, Bound<'py, pyo3::types::PyDict>)> {
        let board = Bound::new(py, Board::from_setup(Setup::empty(), chess960).initializer())?;
        let operations = board.borrow_mut().set_epd(py, epd)?;
        Ok((board, operations))
    }

    /// The Chess960 start position with Scharnagl number `scharnagl` (0–959; 518 is the
    /// standard one), on a Chess960 board.
    #[staticmethod]
    fn from_chess960_pos(py: Python<'_>, scharnagl: i64) -> PyResult<Py<Board>> {
        let setup = Setup::chess960(chess960_number(scharnagl)?).unwrap_or_default();
        Board::from_setup(setup, true).into_object(py)
    }

    /// `True` (WHITE) or `False` (BLACK): the side to move.
    #[getter]
    fn get_turn(&self) -> bool {
        self.position().turn() == Color::White
    }

    #[setter]
    fn set_turn(&mut self, turn: bool) {
        self.edit(|setup| setup.turn = self::color(turn));
    }

    /// Whether castling is written as king-takes-rook (Chess960), and the castling rights read
    /// as Chess960's.
    #[getter]
    fn get_chess960(&self) -> bool {
        self.chess960
    }

    #[setter]
    fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
        self.set_setup(self.setup());
    }

    /// Sets up Chess960 start position `scharnagl` (0 to 959) on a Chess960 board, White to
    /// move with every castling right; clears the move stack.
    fn set_chess960_pos(&mut self, scharnagl: i64) -> PyResult<()> {
        let setup = Setup::chess960(chess960_number(scharnagl)?).unwrap_or_default();
        self.clear_stack();
        self.promoted = Bitboard::EMPTY;
        self.chess960 = true;
        self.set_setup(setup);
        Ok(())
    }

    /// The number of the Chess960 start position this is, or `None`: White to move (unless
    /// `ignore_turn`), every castling right (unless `ignore_castling`), no en-passant square,
    /// the clocks at the start unless `ignore_counters` (the default).
    #[pyo3(signature = (*, ignore_turn = false, ignore_castling = false, ignore_counters = true))]
    fn chess960_pos(&self, ignore_turn: bool, ignore_castling: bool, ignore_counters: bool) -> Option<u32> {
        let mut setup = self.setup();
        let start = Setup::chess960(setup.board.chess960_number()?)?;
        setup.castling_rights = setup.valid_castling_rights(self.castling_mode());
        if ignore_turn {
            setup.turn = start.turn;
        }
        if ignore_castling {
            setup.castling_rights = start.castling_rights;
        }
        if ignore_counters {
            (setup.halfmove_clock, setup.fullmove_number) = (start.halfmove_clock, start.fullmove_number);
        }
        self.promoted.is_empty().then(|| setup.chess960_number()).flatten()
    }

    /// The rooks with castling rights, as a bitboard (python-chess's `castling_rights`).
    #[getter]
    fn get_castling_rights(&self) -> u64 {
        self.setup().castling_rights.0
    }

    #[setter]
    fn set_castling_rights(&mut self, rights: u64) {
        self.edit(|setup| setup.castling_rights = Bitboard(rights));
    }

    /// The en-passant target square after a double pawn push, or `None`.
    #[getter]
    fn get_ep_square(&self) -> Option<u8> {
        self.setup().ep_square.map(|sq| sq.index() as u8)
    }

    #[setter]
    fn set_ep_square(&mut self, square: Option<i64>) -> PyResult<()> {
        let square = square.map(self::square).transpose()?;
        self.edit(|setup| setup.ep_square = square);
        Ok(())
    }

    /// Whether an en-passant capture is legal now.
    fn has_legal_en_passant(&self) -> bool {
        self.position().legal_ep_square().is_some()
    }

    /// Whether a pawn can capture en passant now, legal or not (leaving its king in check).
    fn has_pseudo_legal_en_passant(&self) -> bool {
        self.position().pseudo_legal_moves().iter().any(|m| m.is_en_passant())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn get_halfmove_clock(&self) -> u32 {
        self.position().halfmove_clock()
    }

    #[setter]
    fn set_halfmove_clock(&mut self, clock: u32) {
        self.edit(|setup| setup.halfmove_clock = clock);
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[getter]
    fn get_fullmove_number(&self) -> u32 {
        self.setup().fullmove_number
    }

    #[setter]
    fn set_fullmove_number(&mut self, number: u32) -> PyResult<()> {
        if number == 0 {
            return Err(PyValueError::new_err("fullmove_number starts at 1"));
        }
        self.edit(|setup| setup.fullmove_number = number);
        Ok(())
    }

    /// The moves played since the board was set up, oldest first (a new list).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.py_moves().map(|m| m.to_object(py)).collect::<PyResult<Vec<_>>>()?)
    }

    /// The number of half-moves since the start of the game (from the fullmove number).
    fn ply(&self) -> u64 {
        self.setup().ply()
    }

    /// The legal moves (lazy: `count()`, `in`, iteration, `bool()`).
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator { board: slf.into_any().unbind() }
    }

    /// The pseudo-legal moves: legal ones and those leaving the king in check (lazy, as
    /// `legal_moves`).
    #[getter]
    fn pseudo_legal_moves(slf: Bound<'_, Self>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator { board: slf.into_any().unbind() }
    }

    /// Whether a move is legal here (castling as `e1g1` or, in Chess960, `e1h1`).
    pub(crate) fn is_legal(&self, r#move: Move) -> bool {
        !r#move.is_null() && self.resolve(r#move).is_ok()
    }

    /// Whether a move is pseudo-legal here: legal, or legal but for leaving the king in check.
    pub(crate) fn is_pseudo_legal(&self, r#move: Move) -> bool {
        self.pseudo_legal(r#move).is_some()
    }

    /// Plays a move. As in python-chess, a pseudo-legal move that leaves the king in check is
    /// played too (the board then holds an invalid position: `is_valid()` is `False` and it
    /// offers no moves until `pop()`); a move no piece can make raises `IllegalMoveError` and
    /// leaves the board unchanged. `Move.null()` passes the turn.
    fn push(&mut self, r#move: Move) -> PyResult<()> {
        let mut legal = |core: CoreMove| match self.game.position() {
            AnyPosition::Legal(pos) => self.listed.find(pos, core) || pos.is_legal(core),
            AnyPosition::Free(_) => false,
        };
        if let Some(core) = r#move.core().filter(|&core| !core.is_null() && legal(core)) {
            // Legal as encoded: the fast path.
            self.play(core);
            return Ok(());
        }
        match self.resolve(r#move) {
            Ok(core) => self.play(core),
            Err(error) => match self.pseudo_legal(r#move) {
                Some(core) => self.play_pseudo_legal(core),
                None => return Err(error),
            },
        }
        Ok(())
    }

    /// Takes back the last move (and the game events recorded after it) and returns it;
    /// `IndexError` on an empty stack.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        // The events after the move go with it (chess-core's `Game::undo`).
        let m = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.promoted = self.promoted_before.pop().unwrap_or_default();
        self.py_move(m).to_object(py)
    }

    /// The last move played; `IndexError` on an empty stack.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.py_moves().next_back().ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))?.to_object(py)
    }

    /// Reads a move in SAN (leniently) and returns it; `--`, `Z0`, `0000` and `@@@@` are the
    /// null move, as in python-chess.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let core = self.parse_san_move(san)?;
        self.py_move(core).to_object(py)
    }

    /// Reads a move in SAN, plays it and returns it.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let core = self.parse_san_move(san)?;
        let m = self.py_move(core);
        self.play(core);
        m.to_object(py)
    }

    /// A move in the XBoard protocol: its UCI (`@@@@` for the null move), castling as `O-O` or
    /// `O-O-O` on a Chess960 board (or with `chess960=True`).
    #[pyo3(signature = (r#move, chess960 = None))]
    fn xboard(&self, r#move: Move, chess960: Option<bool>) -> PyResult<String> {
        if chess960.unwrap_or(self.chess960) && self.is_castling(r#move)? {
            let kingside = self.is_kingside_castling(r#move)?;
            return Ok(if kingside { "O-O" } else { "O-O-O" }.to_owned());
        }
        Ok(r#move.xboard())
    }

    /// Reads a move as XBoard engines write it (coordinates like `g1f3`, or SAN) and returns it.
    fn parse_xboard(&self, py: Python<'_>, xboard: &str) -> PyResult<Py<Move>> {
        match self.parse_uci_move(xboard) {
            Ok(m) => m.to_object(py),
            Err(_) => self.parse_san(py, xboard),
        }
    }

    /// Reads a move as XBoard engines write it, plays it and returns it.
    fn push_xboard(&mut self, py: Python<'_>, xboard: &str) -> PyResult<Py<Move>> {
        let m = self.parse_xboard(py, xboard)?;
        self.push(*m.get())?;
        Ok(m)
    }

    /// Reads a move in UCI and returns it (`InvalidMoveError` for bad syntax,
    /// `IllegalMoveError` for an illegal move).
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.parse_uci_move(uci)?.to_object(py)
    }

    /// Reads a move in UCI, plays it and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let m = self.parse_uci_move(uci)?;
        self.push(m)?;
        m.to_object(py)
    }

    /// The SAN of a legal move (`--` for the null move); `style="book"` writes the book
    /// notation (`0-0`, `exd6 e.p.`, `e8(=Q)`, `++` for double check).
    #[pyo3(signature = (r#move, *, style = "standard"))]
    fn san(&self, r#move: Move, style: &str) -> PyResult<String> {
        let core = self.resolve(r#move)?;
        match style {
            "standard" => Ok(self.san_of(core)),
            "book" if core.is_null() => Ok("--".to_owned()),
            "book" => Ok(self.playable()?.san_styled(core, chess_core::SanStyle::BOOK).to_string()),
            _ => Err(PyValueError::new_err(format!("style must be 'standard' or 'book', not {}", quote(style)))),
        }
    }

    /// Why a move is illegal here, or `None` when it is legal: an `IllegalMoveReason` with
    /// `kind` (`"pinned"`, `"castling_through_check"`, ...), `message` and `message_zh`.
    fn why_illegal(&self, r#move: Move) -> PyResult<Option<IllegalMoveReason>> {
        let pos = self.playable()?;
        let reason = if r#move.is_null() {
            let mut after = pos;
            after.play_null().err().map(|error| error.reason)
        } else {
            let promotion = Role::from_index(usize::from(r#move.promotion).wrapping_sub(1));
            let (from, to) = (Square::ALL[usize::from(r#move.from)], Square::ALL[usize::from(r#move.to)]);
            pos.resolve_move(from, to, promotion).err()
        };
        Ok(reason.map(|reason| IllegalMoveReason::new(&reason)))
    }

    /// A legal move in words: `"White knight g1 to f3"`; `lang="zh"` for Chinese.
    #[pyo3(signature = (r#move, lang = "en"))]
    fn describe(&self, r#move: Move, lang: &str) -> PyResult<String> {
        let lang = self::lang(lang)?;
        let core = self.resolve(r#move)?;
        if core.is_null() {
            return Err(IllegalMoveError::new_err("the null move has no description"));
        }
        Ok(self.playable()?.describe(core).text(lang).to_string())
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`).
    fn lan(&self, r#move: Move) -> PyResult<String> {
        let core = self.resolve(r#move)?;
        Ok(if core.is_null() { "--".to_owned() } else { self.position().lan(core).to_string() })
    }

    /// The UCI of a legal move, castling as this board writes it.
    fn uci(&self, r#move: Move) -> PyResult<String> {
        let core = self.resolve(r#move)?;
        Ok(if core.is_null() { "0000".to_owned() } else { self.py_move(core).uci_text() })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.checkers_mask() != 0
    }

    /// The squares of the pieces giving check, as a bitboard (none without a king).
    fn checkers_mask(&self) -> u64 {
        self.position().checkers().0
    }

    /// The pieces giving check, as a `SquareSet`.
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.checkers_mask())
    }

    /// Whether the move captures a piece (en passant included).
    fn is_capture(&self, r#move: Move) -> PyResult<bool> {
        let core = self.resolve(r#move)?;
        Ok(!core.is_null() && self.position().is_capture(core))
    }

    /// Whether the move gives check.
    fn gives_check(&self, r#move: Move) -> PyResult<bool> {
        let core = self.resolve(r#move)?;
        Ok(!core.is_null() && self.position().gives_check(core))
    }

    /// Whether the move is a capture or a pawn move (resets the halfmove clock).
    fn is_zeroing(&self, r#move: Move) -> PyResult<bool> {
        let core = self.resolve(r#move)?;
        Ok(!core.is_null() && self.position().is_zeroing(core))
    }

    /// Whether the move is castling.
    fn is_castling(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.is_castle())
    }

    /// Whether the move is an en-passant capture.
    fn is_en_passant(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.is_en_passant())
    }

    /// Whether the move is castling to the king's side.
    fn is_kingside_castling(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.castling_side() == Some(CastlingSide::KingSide))
    }

    /// Whether the move is castling to the queen's side.
    fn is_queenside_castling(&self, r#move: Move) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.castling_side() == Some(CastlingSide::QueenSide))
    }

    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: bool) -> bool {
        self.has_kingside_castling_rights(color) || self.has_queenside_castling_rights(color)
    }

    /// Whether `color` may still castle on the king's side.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.playable().is_ok_and(|pos| pos.has_castling_right(self::color(color), CastlingSide::KingSide))
    }

    /// Whether `color` may still castle on the queen's side.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.playable().is_ok_and(|pos| pos.has_castling_right(self::color(color), CastlingSide::QueenSide))
    }

    /// The legal moves from squares in `from_mask` to squares in `to_mask` (bitboards; castling
    /// matches by its rook's square), in python-chess's order.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, true, from_mask, to_mask, |_| true)
    }

    /// The legal captures (en passant included) within the masks, as `generate_legal_moves`.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, true, from_mask, to_mask, |m| self.position().is_capture(m))
    }

    /// The pseudo-legal moves within the masks, as `generate_legal_moves`.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, false, from_mask, to_mask, |_| true)
    }

    /// The pseudo-legal captures (en passant included) within the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, false, from_mask, to_mask, |m| self.position().is_capture(m))
    }

    /// The legal captures en passant within the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, true, from_mask, to_mask, CoreMove::is_en_passant)
    }

    /// The pseudo-legal captures en passant within the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, false, from_mask, to_mask, CoreMove::is_en_passant)
    }

    /// The legal castling moves within the masks (the king's square in `from_mask`, the rook's
    /// in `to_mask`).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_castling_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, true, from_mask, to_mask, CoreMove::is_castle)
    }

    /// Whether the (pseudo-legal) move cannot be undone by a later one: it captures, moves a
    /// pawn, gives up a castling right, or an en-passant capture is possible now (it will not be
    /// after). `False` for a move that is not pseudo-legal; for the null move, whether an
    /// en-passant capture is possible.
    fn is_irreversible(&self, r#move: Move) -> bool {
        if r#move.is_null() {
            return self.position().legal_ep_square().is_some();
        }
        self.pseudo_legal(r#move).is_some_and(|m| self.position().is_irreversible(m))
    }

    /// Whether the move (pseudo-legal) would leave the mover's king in check.
    fn is_into_check(&self, r#move: Move) -> bool {
        self.pseudo_legal(r#move).is_some_and(|m| !self.position().is_legal(m))
    }

    /// Whether the side that just moved left its king in check (a pseudo-legal move did).
    fn was_into_check(&self) -> bool {
        self.position().was_into_check()
    }

    /// The legal move from one square to another (castling as the king's step or
    /// king-takes-rook); a pawn reaching the last rank promotes to a queen unless told.
    /// `IllegalMoveError` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        &self,
        py: Python<'_>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Py<Move>> {
        let (from, to) = (square(from_square)?, square(to_square)?);
        let promotion = promotion.map(role).transpose()?;
        if let AnyPosition::Free(free) = self.position() {
            // As below: without a promotion piece, a pawn reaching the last rank becomes a queen.
            let find = |promotion| free.legal_move(from, to, promotion);
            let found = find(promotion).or_else(|| promotion.is_none().then(|| find(Some(Role::Queen))).flatten());
            return match found {
                Some(core) => self.py_move(core).to_object(py),
                None => Err(IllegalMoveError::new_err(format!(
                    "no matching legal move for {from}{to} ({from} -> {to}) in {}",
                    self.fen_text()
                ))),
            };
        }
        let pos = self.playable()?;
        let found = match pos.resolve_move(from, to, promotion) {
            Err(reason) if promotion.is_none() && reason.code() == ErrorCode::MissingPromotion => {
                pos.resolve_move(from, to, Some(Role::Queen))
            }
            other => other,
        };
        match found {
            Ok(core) => self.py_move(core).to_object(py),
            Err(reason) => Err(IllegalMoveError::new_err(format!(
                "no matching legal move for {from}{to} ({from} -> {to}) in {}: {reason}",
                pos.to_fen()
            ))),
        }
    }

    /// Gives the SAN of a legal move, then plays it.
    fn san_and_push(&mut self, r#move: Move) -> PyResult<String> {
        let core = self.resolve(r#move)?;
        let san = self.san_of(core);
        self.play(core);
        Ok(san)
    }

    /// The SAN of a line of moves from this position, numbered as python-chess numbers it
    /// (`1. e4 e5 2. Nf3`, `1...e5`); the board is unchanged. `IllegalMoveError` names the first
    /// illegal move.
    fn variation_san(&self, variation: Vec<Move>) -> PyResult<String> {
        let mut board = self.scratch()?;
        let mut line = Vec::with_capacity(variation.len());
        for m in variation {
            let core = board.resolve(m)?;
            if core.is_null() {
                return Err(board.illegal("move", "0000", Some(CoreIllegalMoveReason::NullMove)));
            }
            line.push(core);
            board.play(core);
        }
        let style = MoveListStyle { black_number: "...", ..MoveListStyle::STANDARD };
        let text = MoveText::new(&self.playable()?, &line).map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        Ok(text.with_style(style).to_string())
    }

    /// A copy mirrored vertically with the colours swapped (side to move, castling rights and
    /// en-passant square too), without the move stack: the same position for the other side.
    fn mirror(&self, py: Python<'_>) -> PyResult<Py<Board>> {
        let mut board = self.clone();
        board.apply_mirror();
        board.into_object(py)
    }

    /// Mirrors the board vertically with the colours swapped (side to move, castling rights and
    /// en-passant square too) and clears the move stack.
    fn apply_mirror(&mut self) {
        self.clear_stack();
        self.promoted = self.promoted.flip_vertical();
        self.set_setup(self.setup().mirror());
    }

    /// The board at the start of the move stack.
    fn root(&self, py: Python<'_>) -> PyResult<Py<Board>> {
        let promoted = self.promoted_before.first().copied().unwrap_or(self.promoted);
        Board {
            game: self.game.section(0..0),
            promoted,
            promoted_before: Vec::new(),
            chess960: self.chess960,
            listed: ListedMoves::default(),
        }
        .into_object(py)
    }

    /// Whether the position passes strict validation (`status()` is `Status.VALID`).
    fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }

    /// python-chess's `Status` flags of the position: a missing or extra king, pawns on the
    /// back rank, bad castling rights or en-passant square (until the next move), checks that
    /// cannot be, too much material; `Status.VALID` otherwise.
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("chess_core")?.getattr("Status")?.call1((self.status_bits(),))
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// Whether neither side has mating material.
    fn is_insufficient_material(&self) -> bool {
        self.placement().is_insufficient_material()
    }

    /// Whether `color` lacks mating material.
    fn has_insufficient_material(&self, color: bool) -> bool {
        self.placement().has_insufficient_material(self::color(color))
    }

    /// Whether 150 half-moves passed without capture or pawn move (and a move remains).
    fn is_seventyfive_moves(&self) -> bool {
        self.no_progress_draw(false) == Some(Termination::SeventyFiveMoves)
    }

    /// Whether 100 half-moves passed without capture or pawn move (and a move remains).
    fn is_fifty_moves(&self) -> bool {
        self.no_progress_draw(true).is_some()
    }

    /// Whether the current position has occurred at least `count` times (since the last
    /// capture or pawn move; counted as each position was reached, no replay).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: i64) -> bool {
        i64::from(self.game.repetition_count()) >= count
    }

    /// Whether the current position has occurred five times.
    fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether the side to move can claim a draw by the fifty-move rule (now or with a move),
    /// under the board's rules.
    fn can_claim_fifty_moves(&self) -> bool {
        self.game.rules().may_claim_fifty_moves(self.position())
    }

    /// Whether the side to move can claim a threefold repetition (now or with a move), under
    /// the board's rules.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.game.rules().may_claim_repetition(self.position(), |key| self.game.occurrences(key))
    }

    /// Whether a draw can be claimed (fifty moves or threefold repetition).
    fn can_claim_draw(&self) -> bool {
        self.game.rules().claimable_draw(self.position(), |key| self.game.occurrences(key)).is_some()
    }

    /// Whether the game is over (checkmate, stalemate, insufficient material, seventy-five
    /// moves, fivefold repetition; with `claim_draw`, also the claimable draws).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_inner(claim_draw).is_some()
    }

    /// How the game ended, as python-chess's `Outcome`, or `None`.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(&self, py: Python<'py>, claim_draw: bool) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some((termination, winner)) = self.outcome_inner(claim_draw) else {
            return Ok(None);
        };
        let package = py.import("chess_core")?;
        let termination = package.getattr("Termination")?.call1((termination,))?;
        Ok(Some(package.getattr("Outcome")?.call1((termination, winner))?))
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_inner(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    /// A copy; `stack=False` leaves out the move stack, `stack=n` keeps its last n moves.
    #[pyo3(signature = (*, stack = StackCopy::All(true)), text_signature = "($self, *, stack=True)")]
    fn copy(&self, py: Python<'_>, stack: StackCopy) -> PyResult<Py<Board>> {
        let plies = self.game.moves().len();
        let keep = match stack {
            StackCopy::All(true) => plies,
            StackCopy::All(false) => 0,
            StackCopy::Last(n) => usize::try_from(n)
                .map_err(|_| PyValueError::new_err(format!("stack must be a bool or a count >= 0, not {n}")))?
                .min(plies),
        };
        // Events count their moves from the root: those before the new root go with it.
        let game = if keep == plies { self.game.clone() } else { self.game.section(plies - keep..plies) };
        let promoted_before = self.promoted_before[plies - keep..].to_vec();
        Board {
            game,
            promoted: self.promoted,
            promoted_before,
            chess960: self.chess960,
            listed: ListedMoves::default(),
        }
        .into_object(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<Board>> {
        self.clone().into_object(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<Board>> {
        self.clone().into_object(py)
    }

    /// The board's game as JSON text in chess-core's save format: the start position, the
    /// moves, the rules and the events (`Board.from_json` reads it back). Unlike a pickle it is
    /// safe to read from anyone. The stack must be legal moves from one position
    /// (`ValueError` otherwise).
    ///
    /// ```python
    /// board = Board()
    /// board.push_san("e4")
    /// assert Board.from_json(board.to_json()).move_stack == board.move_stack
    /// ```
    fn to_json(&self) -> PyResult<String> {
        let game = self.legal_game()?;
        serde_json::to_string(&game).map_err(|error| PyValueError::new_err(format!("cannot save: {error}")))
    }

    /// A board from JSON text in chess-core's save format (`to_json()`): its moves are
    /// replayed, so text that is not a save, or a save that breaks the rules, raises
    /// `InvalidSaveError` (a `ValueError`).
    #[staticmethod]
    fn from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, Board>> {
        let game: chess_core::Game = serde_json::from_str(text)
            .map_err(|error| InvalidSaveError::new_err(format!("invalid saved game: {error}")))?;
        Board::from_core_game(py, &game)
    }

    /// Pickles as the constructor's arguments plus the state (`__setstate__`): every stored
    /// position and move, so the copy has the same stack. Unpickling runs code the data
    /// names: never unpickle a board from data you do not trust (use `to_json`, FEN or PGN).
    fn __getnewargs_ex__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("chess960", self.chess960)?;
        Ok(((Option::<&str>::None,).into_pyobject(py)?.into_any(), kwargs.into_any()))
    }

    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<PickledBoard<'py>> {
        self.pickled_state(py)
    }

    fn __setstate__(&mut self, state: UnpickledBoard<'_>) -> PyResult<()> {
        self.restore_pickled_state(state)
    }

    /// The Polyglot Zobrist key (python-chess's `chess.polyglot.zobrist_hash`).
    fn zobrist_hash(&self) -> PyResult<u64> {
        Ok(self.playable()?.zobrist_key())
    }

    /// Counts the leaf nodes of the legal move tree to `depth` (chess-core's perft); a depth
    /// beyond its limit (64) raises `ValueError`. A bulk call with the GIL released that
    /// nothing interrupts (Ctrl-C waits for it): its time grows by the number of legal moves
    /// per ply, so choose the depth for the position (from the start, depth 6 takes under a
    /// second, depth 8 minutes).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let pos = self.playable()?;
        py.detach(|| chess_core::perft::perft(&pos, depth)).map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// Boards are equal when their positions are, as their FENs write them (python-chess
    /// compares positions, not stacks, and an en-passant square only when a capture is legal).
    /// A `BaseBoard` compares its pieces with a board's.
    fn __eq__(&self, other: PyRef<'_, Board>) -> bool {
        self.fen_text() == other.fen_text()
    }

    fn __repr__(&self) -> String {
        if self.chess960 {
            format!("Board('{}', chess960=True)", self.fen_text())
        } else {
            format!("Board('{}')", self.fen_text())
        }
    }

    /// python-chess's `apply_transform`: passes the squares of each kind of piece, the promoted
    /// pieces, the castling rights and the en-passant square through `f`, a function of a
    /// bitboard such as `flip_vertical` or `shift_down`, and clears the move stack.
    pub(crate) fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let setup = self.setup();
        let (setup, promoted) = with_transform(f, |g| (setup.transform(&mut *g), g(self.promoted)))?;
        self.clear_stack();
        self.promoted = promoted;
        self.set_setup(setup);
        Ok(())
    }

    /// A copy without the move stack passed through `f` (see `apply_transform`).
    fn transform(&self, py: Python<'_>, f: &Bound<'_, PyAny>) -> PyResult<Py<Board>> {
        let mut board = self.clone();
        board.apply_transform(f)?;
        board.into_object(py)
    }
}

impl Board {
    /// The FEN as `fen()` writes it (without the clocks for `clocks=False`, as EPD).
    fn fen_text_with(&self, shredder: bool, en_passant: &str, clocks: bool) -> PyResult<String> {
        if !["legal", "xfen", "fen"].contains(&en_passant) {
            return Err(PyValueError::new_err(format!(
                "en_passant must be 'legal', 'xfen' or 'fen', not {}",
                quote(en_passant)
            )));
        }
        let mut fen = match self.position() {
            AnyPosition::Legal(pos) => pos.fen(),
            AnyPosition::Free(free) => free.fen(),
        };
        match en_passant {
            "fen" => fen = fen.always_en_passant(),
            "xfen" => fen = fen.attacked_en_passant(),
            _ => {}
        }
        if shredder {
            fen = fen.shredder();
        }
        if !clocks {
            fen = fen.without_clocks();
        }
        Ok(fen.to_string())
    }

    /// A board at this position without the move stack or events, to play a line on (the
    /// stack is not copied only to be dropped).
    fn scratch(&self) -> PyResult<Board> {
        let plies = self.game.moves().len();
        Ok(Board {
            game: self.game.section(plies..plies),
            promoted: self.promoted,
            promoted_before: Vec::new(),
            chess960: self.chess960,
            listed: ListedMoves::default(),
        })
    }

    /// The operands `epd()` writes for a keyword's value.
    fn epd_operands(&self, opcode: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        if value.is_none() {
            return Ok(Vec::new());
        }
        if let Ok(m) = value.extract::<Move>() {
            return Ok(vec![self.san(m, "standard")?]);
        }
        if let Ok(line) = value.extract::<Vec<Move>>() {
            if opcode == "pv" {
                let mut board = self.scratch()?;
                return line.into_iter().map(|m| board.san_and_push(m)).collect();
            }
            let mut sans = line.into_iter().map(|m| self.san(m, "standard")).collect::<PyResult<Vec<_>>>()?;
            if opcode == "bm" || opcode == "am" {
                // python-chess writes a set of best or avoided moves in sorted order.
                sans.sort();
            }
            return Ok(sans);
        }
        if value.is_instance_of::<pyo3::types::PyString>()
            || value.is_instance_of::<pyo3::types::PyInt>()
            || value.is_instance_of::<pyo3::types::PyFloat>()
        {
            return Ok(vec![value.str()?.to_string()]);
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "epd operation {opcode}: expected None, str, int, float, a Move or a list of moves, not {}",
            value.get_type().name()?
        )))
    }

    /// The Python value `set_epd()` gives an operation.
    fn epd_value<'py>(&self, py: Python<'py>, opcode: &str, operands: &[String]) -> PyResult<Bound<'py, PyAny>> {
        match (opcode, operands) {
            (_, []) => Ok(py.None().into_bound(py)),
            ("bm" | "am", _) => {
                let moves = operands.iter().map(|san| self.parse_san(py, san)).collect::<PyResult<Vec<Py<Move>>>>()?;
                Ok(PyList::new(py, moves)?.into_any())
            }
            ("pv", _) => {
                let mut board = self.scratch()?;
                let moves = operands.iter().map(|san| board.push_san(py, san)).collect::<PyResult<Vec<Py<Move>>>>()?;
                Ok(PyList::new(py, moves)?.into_any())
            }
            (_, [operand]) => {
                if let Ok(n) = operand.parse::<i64>() {
                    Ok(n.into_pyobject(py)?.into_any())
                } else if let Some(x) = operand.parse::<f64>().ok().filter(|x| x.is_finite()) {
                    Ok(x.into_pyobject(py)?.into_any())
                } else if let Ok(m) = self.parse_san_move(operand) {
                    // A lone move (`test Ne4`), as python-chess reads an unquoted operand.
                    Ok(self.py_move(m).to_object(py)?.into_bound(py).into_any())
                } else {
                    Ok(operand.into_pyobject(py)?.into_any())
                }
            }
            _ => Ok(PyList::new(py, operands)?.into_any()),
        }
    }
}

/// `Board.copy(stack=...)`: `True`/`False`, or how many of the last moves to keep.
#[derive(FromPyObject)]
enum StackCopy {
    All(bool),
    Last(i64),
}

/// python-chess's `chess.polyglot.zobrist_hash`: the Polyglot key of a board's position.
#[pyfunction]
pub(crate) fn zobrist_hash(board: PyRef<'_, Board>) -> PyResult<u64> {
    board.zobrist_hash()
}
