//! Games: a start position, the moves played, the events (resignation, draw offers, timeouts),
//! and the judgement of when and how the game ended under configurable [`Rules`].
//!
//! A [`Game`] keeps one entry per position with what the rules need: the repetition key, how
//! often the position has occurred, the consecutive checks of the side that just moved and the
//! checks each side has received. Judging the game ([`Game::outcome`]) therefore never replays
//! it: repetitions are counted when a move is pushed, by looking back two plies at a time over
//! the plies since the last capture or pawn move only. Undo pops an entry, so it restores the
//! exact previous position (castling rights, en passant, clocks and Zobrist key included).
//!
//! # Examples
//!
//! ```
//! use chess_core::{Color, Game, Rules, Termination};
//!
//! // Fool's mate under the FIDE rules.
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.push_san(san)?;
//! }
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.termination, outcome.winner), (Termination::Checkmate, Some(Color::Black)));
//! assert_eq!(game.result(), "0-1");
//! assert!(game.push_san("Kf2").is_err()); // the game is over
//!
//! // Casual rules: a threefold repetition draws at once.
//! let mut game = Game::with_rules(Rules::casual());
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.push_san(san)?;
//! }
//! assert_eq!(game.repetition_count(), 3);
//! assert_eq!(game.outcome().unwrap().termination, Termination::ThreefoldRepetition);
//!
//! // Take the last move back and play another.
//! game.undo();
//! assert!(game.outcome().is_none());
//! game.push_san("Nc6")?;
//! assert_eq!(game.moves().len(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod event;
mod material;
mod outcome;
mod rules;
#[cfg(feature = "serde")]
mod serde;

pub use event::{Event, EventError, EventKind};
pub use outcome::{Outcome, Termination};
pub use rules::Rules;
use rules::reached;

use alloc::vec::Vec;

use crate::{Color, IllegalMoveError, Move, Position, Role, SanError, UciError};

/// A position of the game with what the rules need to judge it, computed once when it is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    position: Position,
    /// [`Position::repetition_key`] of the position.
    key: u64,
    /// How many times this position has occurred in the game, this time included.
    repetitions: u32,
    /// The piece the move leading here captured.
    captured: Option<Role>,
    /// Consecutive moves giving check by the side that just moved, this one included.
    check_streak: u32,
    /// Checks received so far by White and by Black.
    checks: [u32; 2],
}

impl State {
    fn start(position: Position) -> State {
        let key = position.repetition_key();
        State { position, key, repetitions: 1, captured: None, check_streak: 0, checks: [0; 2] }
    }
}

/// A game of chess: start position, moves, events, and the rules that judge its end.
///
/// Two games are equal when all of these are, and so are the moves they could redo.
///
/// # Examples
///
/// ```
/// use chess_core::{Color, Game, Move, Outcome, Rules, Square, Termination};
///
/// let mut game = Game::with_rules(Rules::casual());
/// game.push_uci("e2e4")?;
/// game.push_san("c5")?;
/// assert_eq!(game.undo(), Some(Move::new(Square::C7, Square::C5)));
/// game.redo();
/// assert_eq!(game.position().to_fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// // Casual rules: resigning needs 15 moves first, a timeout this early voids the game.
/// assert!(game.resign(Color::White).is_err());
/// assert_eq!(game.timeout(Color::White)?, Outcome::draw(Termination::Aborted));
/// assert_eq!(game.result(), "*");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// The start position followed by the position after each move (never empty).
    states: Vec<State>,
    moves: Vec<Move>,
    /// Moves taken back, the most recent last, for [`Game::redo`].
    undone: Vec<Move>,
    events: Vec<Event>,
}

/// Why a move cannot be pushed onto a game; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PushError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The SAN text does not name exactly one legal move.
    #[error(transparent)]
    San(#[from] SanError),
    /// The UCI text does not name a legal move.
    #[error(transparent)]
    Uci(#[from] UciError),
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// Starts a game from the standard position under the FIDE rules.
    pub fn new() -> Game {
        Game::from_position_with_rules(Position::new(), Rules::fide())
    }

    /// Starts a game from `position` under the FIDE rules.
    pub fn from_position(position: Position) -> Game {
        Game::from_position_with_rules(position, Rules::fide())
    }

    /// Starts a game from the standard position under `rules`.
    pub fn with_rules(rules: Rules) -> Game {
        Game::from_position_with_rules(Position::new(), rules)
    }

    /// Starts a game from `position` under `rules`.
    pub fn from_position_with_rules(position: Position, rules: Rules) -> Game {
        Game {
            rules,
            states: alloc::vec![State::start(position)],
            moves: Vec::new(),
            undone: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Returns the rules the game is judged by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Returns the position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.states[0].position
    }

    /// Returns the current position.
    pub fn position(&self) -> &Position {
        &self.state().position
    }

    /// Returns the moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Returns the last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Iterates over the positions of the game: the start position, then the one after each move.
    pub fn positions(&self) -> impl DoubleEndedIterator<Item = &Position> + ExactSizeIterator + '_ {
        self.states.iter().map(|state| &state.position)
    }

    /// Returns the number of moves `color` has made in this game (from its start position).
    pub fn moves_by(&self, color: Color) -> u32 {
        let plies = self.moves.len() as u32;
        if color == self.start_position().turn() { plies.div_ceil(2) } else { plies / 2 }
    }

    /// Returns how many times the current position has occurred in the game, this time included.
    ///
    /// Positions are the same when [`Position::repetition_key`] is (placement, side to move,
    /// castling rights, and a legal en-passant capture); positions before the start position
    /// are unknown and not counted.
    pub fn repetition_count(&self) -> u32 {
        self.state().repetitions
    }

    /// Returns how many consecutive moves of the side that just moved gave check (0 if the last did not).
    pub fn consecutive_checks(&self) -> u32 {
        self.state().check_streak
    }

    /// Returns how many times `color` has been checked in this game.
    pub fn checks_received(&self, color: Color) -> u32 {
        self.state().checks[color.index()]
    }

    /// Returns the [`Position::repetition_key`] of each position of the game and how many times
    /// it had occurred when reached, oldest first (for the search).
    pub(crate) fn repetition_history(&self) -> impl ExactSizeIterator<Item = (u64, u32)> + '_ {
        self.states.iter().map(|state| (state.key, state.repetitions))
    }

    /// Returns how many consecutive moves of the side to move gave check up to its last move
    /// (0 if it has not moved or that move did not give check), for the search.
    pub(crate) fn own_consecutive_checks(&self) -> u32 {
        self.states.len().checked_sub(2).map_or(0, |index| self.states[index].check_streak)
    }

    /// Plays a legal move; on error the game is unchanged. Clears the moves [`Game::redo`] could replay.
    ///
    /// The move is matched by its squares and promotion, like [`Position::play`].
    pub fn push(&mut self, m: Move) -> Result<(), PushError> {
        self.ensure_ongoing()?;
        let legal = self.position().resolve(m)?;
        self.push_legal(legal);
        Ok(())
    }

    /// Plays a move given in SAN (read leniently) and returns it; on error the game is unchanged.
    pub fn push_san(&mut self, san: &str) -> Result<Move, PushError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_san(san)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Plays a move given in UCI and returns it; on error the game is unchanged.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, PushError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_uci(uci)?;
        self.push_legal(m);
        Ok(m)
    }

    /// Takes back the last move and returns it, or `None` at the start of the game.
    ///
    /// The events recorded after that move (a resignation, a draw offer or claim, a timeout...)
    /// are taken back with it, so undoing after a game ended by an event resumes the game one
    /// move earlier. An event recorded before any move was played is not taken back.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.states.pop();
        let plies = self.moves.len() as u32;
        self.events.retain(|event| event.ply <= plies);
        self.undone.push(m);
        Some(m)
    }

    /// Takes back up to `count` moves and returns how many were taken back.
    pub fn undo_n(&mut self, count: usize) -> usize {
        (0..count).take_while(|_| self.undo().is_some()).count()
    }

    /// Plays again the last move taken back and returns it, or `None` if there is none.
    ///
    /// Pushing a move or recording an event forgets the moves taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.undone.pop()?;
        self.record(m);
        Some(m)
    }

    /// Returns how the game ended, or `None` while it goes on.
    ///
    /// An event that ended the game (resignation, agreement, claim, timeout, forfeit) decides;
    /// otherwise the automatic rules are checked in this order: checkmate, stalemate,
    /// insufficient material, the seventy-five-move and no-progress rules, repetition,
    /// perpetual check, the check limit. Costs no more than generating one legal move.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.events.last() {
            Some(Event { outcome: Some(outcome), .. }) => Some(*outcome),
            _ => self.automatic_outcome(),
        }
    }

    /// Tells whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Returns the result as in PGN: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on
    /// (and for an aborted game).
    pub fn result(&self) -> &'static str {
        self.outcome().map_or("*", Outcome::result)
    }

    fn state(&self) -> &State {
        // `states` always holds the start position.
        &self.states[self.states.len() - 1]
    }

    fn ensure_ongoing(&self) -> Result<(), PushError> {
        self.outcome().map_or(Ok(()), |outcome| Err(PushError::GameOver(outcome)))
    }

    /// Plays a new legal move, forgetting the moves taken back.
    fn push_legal(&mut self, m: Move) {
        self.undone.clear();
        self.record(m);
    }

    /// Plays a legal move and records what the rules need about the new position.
    fn record(&mut self, m: Move) {
        let previous = self.state();
        let mut position = previous.position;
        let captured = position.capture(m);
        position.play_unchecked(m);
        let key = position.repetition_key();
        let index = self.states.len();
        let repetitions = self.earlier_occurrences(key, position.halfmove_clock(), index) + 1;
        let mut checks = previous.checks;
        let check_streak = if position.is_check() {
            checks[position.turn().index()] += 1;
            1 + index.checked_sub(2).map_or(0, |own| self.states[own].check_streak)
        } else {
            0
        };
        self.states.push(State { position, key, repetitions, captured, check_streak, checks });
        self.moves.push(m);
    }

    /// Counts the earlier occurrences of the position with `key` about to be stored at `index`:
    /// only positions with the same side to move since the last capture or pawn move can match.
    fn earlier_occurrences(&self, key: u64, halfmove_clock: u32, index: usize) -> u32 {
        let oldest = index.saturating_sub(halfmove_clock as usize);
        (oldest..index)
            .rev()
            .skip(1)
            .step_by(2)
            .find(|&earlier| self.states[earlier].key == key)
            .map_or(0, |earlier| self.states[earlier].repetitions)
    }

    fn automatic_outcome(&self) -> Option<Outcome> {
        let state = self.state();
        let position = &state.position;
        let rules = &self.rules;
        if !position.has_legal_moves() {
            return Some(if position.is_check() {
                Outcome::win(Termination::Checkmate, !position.turn())
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        if rules.is_material_draw(position) {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if let Some(termination) = rules.no_progress_draw(position.halfmove_clock(), position.board(), false) {
            return Some(Outcome::draw(termination));
        }
        if reached(state.repetitions, rules.repetitions_to_draw) {
            return Some(Outcome::draw(if state.repetitions >= 5 {
                Termination::FivefoldRepetition
            } else {
                Termination::ThreefoldRepetition
            }));
        }
        rules.check_draw(state.check_streak, state.checks).map(Outcome::draw)
    }
}
