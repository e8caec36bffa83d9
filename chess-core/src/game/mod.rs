//! Games: a start position, the moves played, the events (resignation, draw offers, timeouts),
//! and the judgement of when and how the game ended under configurable [`Rules`].
//!
//! A [`Game`] keeps one entry per position with what the rules need: the repetition key, how
//! often the position has occurred, the consecutive checks of the side that just moved and the
//! checks each side has received. Judging the game ([`Game::outcome`]) therefore never replays
//! it: repetitions are counted when a move leaves a position (the current one's when asked),
//! from the latest earlier position with the same key within the plies since the last capture
//! or pawn move: a few keys compared in a short window, an index of keys kept for longer ones.
//! A move taken back at once (a search or perft loop) so costs no bookkeeping. Undo pops an
//! entry, so it restores the exact previous position (castling rights, en passant, clocks and
//! Zobrist key included).
//! A game stops at its end unless it is set to record past it ([`Judging::Record`]), as PGN
//! import and engines need.
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
mod key_index;
mod material;
mod outcome;
mod rules;
#[cfg(feature = "serde")]
mod serde;

pub use event::{Event, EventError, EventKind, ParseEventKindError};
pub use outcome::{Outcome, Standing, Termination};
use rules::QuietMoves;
pub use rules::{Rules, Tally};

use alloc::vec::Vec;

use key_index::KeyIndex;

use crate::{AnyPosition, Color, IllegalMoveError, Move, Playable, Position, SanError, UciError};

/// A position of the game with what the rules need to judge it, computed once: when it is
/// reached, and the repetitions when a move leaves it ([`Game::settle`]).
///
/// In declaration order (`repr(C)`), the position first: the position a move reached is then
/// copied straight into the vector (laid out by the compiler, it lay at offset 4 and was copied
/// aside on the stack first, about 15 instructions a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
struct State<P> {
    position: P,
    /// [`Position::repetition_key`] of the position.
    key: u64,
    /// How many times this position has occurred in the game, this time included (0 until the
    /// state is settled: [`Game::repetitions_at`] counts the current one's).
    repetitions: u32,
    /// Whether the key is in [`Game::last_seen`].
    indexed: Indexed,
}

/// Whether a state's key is in [`Game::last_seen`], the index of keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Indexed {
    /// Not in it: no window longer than [`SCANNED_WINDOW`] plies has held the state yet.
    No,
    /// In it, after the latest earlier state with the same key in it, if any (restored on undo).
    After(Option<u32>),
}

/// The longest window (the plies since the last capture or pawn move) whose states are
/// compared one by one with a position to count its repetitions. A longer window is looked up
/// in the index of keys, which its states join when it grows past this length: most positions
/// lie a few plies after a capture or pawn move, where comparing a few keys costs less than
/// keeping every key in the index.
const SCANNED_WINDOW: usize = 16;

/// How many plies later a position may recur at the earliest in a game of moves (no edit, no
/// null move): a move changes the pieces of the side that plays it, and the other side's reply
/// can only take more of them, so both sides must move twice.
const OWN_NEAREST: usize = 4;

impl<P: Playable + Copy> State<P> {
    /// A state just reached, not yet settled.
    #[inline]
    fn reached(position: P) -> State<P> {
        let key = position.repetition_key();
        State { position, key, repetitions: 0, indexed: Indexed::No }
    }
}

/// The checks counted up to a position of the game, under rules that count checks
/// ([`Rules::counts_checks`]); kept beside the states, so that the states of a game under
/// other rules are smaller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Checks {
    /// Consecutive moves giving check by the side that just moved, this one included.
    streak: u32,
    /// Checks received so far by White and by Black.
    received: [u32; 2],
}

/// A game of chess: start position, moves, events, and the rules that judge its end.
///
/// Two games are equal when all of these are (and how they judge past their end,
/// [`Judging`]); the moves [`Game::redo`] could replay are not part of the game, so a game
/// saved after an [`undo`](Game::undo) reads back equal.
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
///
/// For the moves as a numbered list, see [`MoveText`](crate::MoveText):
///
/// ```
/// use chess_core::{Game, MoveText};
///
/// let mut game = Game::new();
/// for san in ["e4", "c5", "Nf3"] {
///     game.push_san(san)?;
/// }
/// let text = MoveText::new(game.start_position(), game.moves())?.with_result(game.result());
/// assert_eq!(text.to_string(), "1. e4 c5 2. Nf3 *");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Saving
///
/// With the `serde` feature a game is saved as its start position (FEN and castling mode),
/// its moves in UCI (castling as king takes rook), its rules, its events and its judging;
/// reading it replays the moves and events through the checked methods, so a save that breaks
/// the rules is refused. The moves taken back for [`Game::redo`] are not saved.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use chess_core::{Color, Game};
///
/// let mut game = Game::new();
/// game.push_san("e4")?;
/// game.push_san("e5")?;
/// game.undo();
/// let json = serde_json::to_value(&game)?;
/// assert_eq!(json["start"], serde_json::json!({
///     "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
///     "chess960": false,
/// }));
/// assert_eq!(json["moves"], serde_json::json!(["e2e4"]));
/// assert_eq!(json["events"], serde_json::json!([]));
/// assert_eq!(json["judging"], "enforce");
/// assert_eq!(json["rules"]["fifty_move_plies"], 100);
/// assert_eq!(serde_json::from_value::<Game>(json)?, game);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game<P = Position> {
    rules: Rules,
    /// What judges at once a position reached by a legal move under `rules` (kept with them).
    quiet: QuietMoves,
    /// The start position followed by the position after each move (never empty).
    states: Vec<State<P>>,
    /// The checks counted up to each state, under rules that count checks; empty under others.
    checks: Vec<Checks>,
    /// The index in `states` of the latest settled position with each repetition key among
    /// those of windows longer than [`SCANNED_WINDOW`] (see [`Indexed`]), or among all once a
    /// position was edited or a null move played (see `every_state_indexed`).
    last_seen: KeyIndex,
    /// Whether every settled state is in `last_seen` (and none is scanned), as since a position
    /// was edited ([`Game::edit_position`]), whose window, set by its edited clock, may hold
    /// states that no window held before, and whose side to move may not alternate; or since a
    /// null move, after which a position may recur two plies later.
    every_state_indexed: bool,
    /// The first settled position of the game that the automatic rules end, with its index
    /// in `states` and the outcome (only ever the current position unless the game is
    /// [`Judging::Record`]): each position is judged when settled, as one with a legal move,
    /// while none has ended the game (kept with `states`, so a state needs no copy of it).
    first_end: Option<(u32, Outcome)>,
    /// Whether the current state is settled ([`Game::settle`]); every earlier one is.
    settled: bool,
    /// Whether the current state, unless settled, was reached by a legal move (see
    /// [`Game::record`]), so that settling it may judge it by its clock and count alone.
    legal_reach: bool,
    /// How many draw offers each player has made (kept with `events`).
    draw_offers: [u32; 2],
    moves: Vec<Move>,
    /// Moves taken back, the most recent last, for [`Game::redo`].
    undone: Vec<Move>,
    events: Vec<Event>,
    /// The first event that ended the game, with its ply (kept with `events`, so that
    /// [`Game::outcome`] does not look through them all: 40,000 declined draw offers made
    /// every further event slower).
    event_end: Option<(u32, Outcome)>,
    judging: Judging,
}

impl<P: PartialEq> PartialEq for Game<P> {
    fn eq(&self, other: &Game<P>) -> bool {
        // Destructured, so that a new field is compared or left out on purpose. The counts,
        // keys and ends kept follow from the rules, positions and moves, and whether the
        // current state is settled yet does not change what the game is.
        let Game {
            rules,
            quiet: _,
            states,
            checks: _,
            last_seen: _,
            every_state_indexed: _,
            first_end: _,
            settled: _,
            legal_reach: _,
            draw_offers,
            moves,
            undone: _,
            events,
            event_end,
            judging,
        } = self;
        *rules == other.rules
            && states.iter().map(|state| &state.position).eq(other.states.iter().map(|state| &state.position))
            && *draw_offers == other.draw_offers
            && *moves == other.moves
            && *events == other.events
            && *event_end == other.event_end
            && *judging == other.judging
    }
}

impl<P: Eq> Eq for Game<P> {}

/// What a [`Game`] does once it has ended: stop there, or record what follows.
///
/// # Examples
///
/// ```
/// use chess_core::{Game, Judging, Termination};
///
/// // Both sides shuffle their knights until the position has occurred five times.
/// let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
/// let mut game = Game::new().with_judging(Judging::Record);
/// for san in shuffle.iter().cycle().take(16) {
///     game.push_san(san)?;
/// }
/// assert_eq!(game.outcome().unwrap().termination, Termination::FivefoldRepetition);
/// // The automatic draw is reported, and the players' further moves are recorded.
/// game.push_san("e4")?;
/// assert_eq!(game.moves().len(), 17);
/// assert_eq!(game.outcome().unwrap().termination, Termination::FivefoldRepetition);
/// // A game that judges refuses them.
/// game.set_judging(Judging::Enforce);
/// assert!(game.push_san("e5").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Judging {
    /// The game stops at its end: moves and events after it are refused (the default).
    #[default]
    Enforce,
    /// Record, don't judge: moves and events after an automatic draw (repetition,
    /// seventy-five moves, the casual limits) or after an event that ended the game are
    /// accepted and recorded, as PGN files, engines and python-chess boards need. A position
    /// without a legal move (checkmate, stalemate) still refuses moves and events.
    /// [`Game::outcome`] reports the first end reached.
    Record,
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

impl PushError {
    /// Returns the stable error code: [`ErrorCode::GameOver`](crate::ErrorCode::GameOver), or
    /// the move error's own code.
    pub fn code(&self) -> crate::ErrorCode {
        match self {
            PushError::GameOver(_) => crate::ErrorCode::GameOver,
            PushError::Illegal(error) => error.code(),
            PushError::San(error) => error.code(),
            PushError::Uci(error) => error.code(),
        }
    }
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

    /// Plays a legal move; on error the game is unchanged. Clears the moves [`Game::redo`] could replay.
    ///
    /// The move is matched by its squares and promotion, like [`Position::play`].
    pub fn push(&mut self, m: Move) -> Result<(), PushError> {
        match self.position().resolve(m) {
            // A legal move shows the position is no mate or stalemate, which a game recording
            // past its end would otherwise have to look for before every move (PgnGame::to_game).
            Ok(legal) => self.push_legal(legal),
            Err(error) => {
                self.ensure_ongoing()?;
                Err(error.into())
            }
        }
    }

    /// Plays a legal move whose resulting position the caller has made already, `reached`
    /// (the current position with `m` played, checked in debug builds), as a PGN reader's
    /// visitor has it ([`Visitor::played`](crate::pgn::Visitor::played)): the move is not
    /// played again. Refused only when the game is over, like [`Game::push_legal`]; clears the
    /// moves [`Game::redo`] could replay.
    ///
    /// `reached` must carry its Zobrist key, which repetitions are told by (a PGN visitor's
    /// positions do unless it turns [`Visitor::wants_keys`](crate::pgn::Visitor::wants_keys) off).
    ///
    /// ```
    /// use chess_core::{Game, Position};
    ///
    /// let mut game = Game::new();
    /// let m = Position::new().parse_san("e4")?;
    /// let mut reached = Position::new();
    /// reached.play(m)?;
    /// game.push_reached(m, &reached)?;
    /// assert_eq!(game.moves(), [m]);
    /// assert_eq!(game.position(), &reached);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_reached(&mut self, m: Move, reached: &Position) -> Result<(), PushError> {
        if self.judging == Judging::Enforce {
            self.ensure_ongoing()?;
        }
        debug_assert!(
            self.position().is_legal(m) && {
                let mut played = *self.position();
                played.play_unchecked(m);
                played == *reached
            },
            "push_reached of {m:?} that does not reach {reached:?}"
        );
        self.undone.clear();
        self.record(m, reached, true);
        Ok(())
    }

    /// Plays a move given in UCI and returns it; on error the game is unchanged.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, PushError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_uci(uci)?;
        self.push_new(m);
        Ok(m)
    }
}

impl Game<AnyPosition> {
    /// Plays a pseudo-legal move, legal or not (into check), or the null move, as
    /// python-chess's `push` does: never refused, whatever the game's end. Clears the moves
    /// [`Game::redo`] could replay.
    ///
    /// ```
    /// use chess_core::{AnyPosition, Game, Move, Rules, Square::*};
    ///
    /// let mut game = Game::from_position_with_rules(AnyPosition::from(chess_core::Position::new()), Rules::fide());
    /// game.push_pseudo_legal(Move::NULL);
    /// game.push_pseudo_legal(Move::new(E7, E5));
    /// assert_eq!(game.moves(), [Move::NULL, Move::new(E7, E5)]);
    /// ```
    pub fn push_pseudo_legal(&mut self, m: Move) {
        self.undone.clear();
        self.judge_before_leaving();
        self.play_and_record(m, false, |position| position.play_pseudo_legal(m));
        if m.is_null() && !self.every_state_indexed {
            self.index_every_state();
        }
    }

    /// Replaces the current position by an edited one (python-chess's property setters):
    /// the moves before it stay, and it is judged as if the last move had reached it.
    pub fn edit_position(&mut self, position: AnyPosition) {
        let Some(m) = self.moves.pop() else {
            self.states[0] = State::reached(position);
            self.last_seen.clear();
            self.first_end = None;
            // An edited position is judged in full when settled.
            (self.settled, self.legal_reach) = (false, false);
            return;
        };
        self.forget_last_state();
        self.record(m, &position, false);
        if !self.every_state_indexed {
            self.index_every_state();
        }
    }

    /// Returns the game as a game of legal positions, when it is one: every position legal
    /// and reached from the one before by its move, a legal move (no null move, no move into
    /// check, no edit between them). Its moves and events are this game's.
    pub fn to_legal_game(&self) -> Option<Game> {
        let start = *self.states[0].position.legal()?;
        let mut game = Game::from_position_with_rules(start, self.rules).with_judging(self.judging);
        let mut events = self.events.iter().peekable();
        for (index, &m) in self.moves.iter().enumerate() {
            while let Some(event) = events.next_if(|event| event.ply as usize == index) {
                game.add_event(event.kind, event.outcome);
            }
            let mut reached = *game.position();
            if m.is_null() || !reached.is_legal(m) {
                return None;
            }
            reached.play_unchecked(m);
            if AnyPosition::Legal(reached) != self.states[index + 1].position {
                return None;
            }
            game.record(m, &reached, true);
        }
        events.for_each(|event| game.add_event(event.kind, event.outcome));
        Some(game)
    }
}

impl From<Game> for Game<AnyPosition> {
    fn from(game: Game) -> Game<AnyPosition> {
        let states = game
            .states
            .iter()
            .map(|state| State {
                position: AnyPosition::Legal(state.position),
                key: state.key,
                repetitions: state.repetitions,
                indexed: state.indexed,
            })
            .collect();
        Game {
            rules: game.rules,
            quiet: game.quiet,
            states,
            checks: game.checks,
            last_seen: game.last_seen,
            every_state_indexed: game.every_state_indexed,
            first_end: game.first_end,
            settled: game.settled,
            legal_reach: game.legal_reach,
            draw_offers: game.draw_offers,
            moves: game.moves,
            undone: game.undone,
            events: game.events,
            event_end: game.event_end,
            judging: game.judging,
        }
    }
}

impl<P: Playable + Copy> Game<P> {
    /// Starts a game from `position` under `rules`.
    pub fn from_position_with_rules(position: P, rules: Rules) -> Game<P> {
        Game {
            rules,
            quiet: rules.quiet_moves(),
            last_seen: KeyIndex::default(),
            every_state_indexed: false,
            first_end: None,
            settled: false,
            legal_reach: false,
            draw_offers: [0; 2],
            states: alloc::vec![State::reached(position)],
            checks: if rules.counts_checks() { alloc::vec![Checks::default()] } else { Vec::new() },
            moves: Vec::new(),
            undone: Vec::new(),
            events: Vec::new(),
            event_end: None,
            judging: Judging::Enforce,
        }
    }

    /// Starts the game again from `position`, under the same rules and judging: the moves,
    /// events and moves to redo are forgotten, and the memory they took is kept for the
    /// next game (a program reading many games into one `Game` allocates only for the longest).
    ///
    /// ```
    /// use chess_core::{Game, Judging, Position};
    ///
    /// let mut game = Game::new().with_judging(Judging::Record);
    /// game.push_san("e4")?;
    /// game.reset(Position::new());
    /// assert_eq!(game, Game::new().with_judging(Judging::Record));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset(&mut self, position: P) {
        // Destructured, so that a new field is reset or kept on purpose.
        let Game {
            rules,
            quiet: _,
            states,
            checks,
            last_seen,
            every_state_indexed,
            first_end,
            settled,
            legal_reach,
            draw_offers,
            moves,
            undone,
            events,
            event_end,
            judging: _,
        } = self;
        last_seen.clear();
        *every_state_indexed = false;
        *first_end = None;
        *settled = false;
        *legal_reach = false;
        states.clear();
        states.push(State::reached(position));
        checks.clear();
        if rules.counts_checks() {
            checks.push(Checks::default());
        }
        *draw_offers = [0; 2];
        moves.clear();
        undone.clear();
        events.clear();
        *event_end = None;
    }

    /// Returns the part of the game between the position after `plies.start` moves and the
    /// one after `plies.end` moves (both clamped to the moves played): that position as its
    /// start, the moves between, and the events recorded at those plies, under the same rules.
    ///
    /// ```
    /// use chess_core::Game;
    ///
    /// let mut game = Game::new();
    /// for san in ["e4", "e5", "Nf3"] {
    ///     game.push_san(san)?;
    /// }
    /// let part = game.section(1..3);
    /// assert_eq!(part.start_position(), game.positions().nth(1).unwrap());
    /// assert_eq!(part.moves(), &game.moves()[1..]);
    /// assert_eq!(part.position(), game.position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn section(&self, plies: core::ops::Range<usize>) -> Game<P> {
        let first = plies.start.min(self.moves.len());
        let last = plies.end.clamp(first, self.moves.len());
        let mut game =
            Game::from_position_with_rules(self.states[first].position, self.rules).with_judging(self.judging);
        // The section holds the edited positions and null moves, if any (it has no settled
        // state to index yet).
        game.every_state_indexed = self.every_state_indexed;
        let mut events = self.events.iter().skip_while(|event| (event.ply as usize) < first).peekable();
        for index in first..=last {
            while let Some(event) = events.next_if(|event| event.ply as usize == index) {
                game.add_event(event.kind, event.outcome);
            }
            if let Some(&m) = self.moves.get(index).filter(|_| index < last) {
                game.judge_before_leaving();
                game.record(m, &self.states[index + 1].position, false);
            }
        }
        game
    }

    /// Changes the rules the game is judged by; each position is judged again.
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.quiet = rules.quiet_moves();
        self.checks.clear();
        let mut first_end = None;
        for index in 0..self.states.len() {
            if let Some(checks) = self.count_checks(&self.states[index].position, index) {
                self.checks.push(checks);
            }
            if first_end.is_none() {
                first_end = self.automatic_outcome_at(index).map(|outcome| (index as u32, outcome));
            }
        }
        self.first_end = first_end;
    }

    /// Returns the game with `judging` set (see [`Judging`]).
    #[must_use]
    pub fn with_judging(mut self, judging: Judging) -> Game<P> {
        self.judging = judging;
        self
    }

    /// Returns what the game does once it has ended.
    pub fn judging(&self) -> Judging {
        self.judging
    }

    /// Sets what the game does once it has ended; the moves and events recorded stay.
    pub fn set_judging(&mut self, judging: Judging) {
        self.judging = judging;
    }

    /// Returns the rules the game is judged by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Returns the position the game started from.
    pub fn start_position(&self) -> &P {
        &self.states[0].position
    }

    /// Returns the current position.
    pub fn position(&self) -> &P {
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
    pub fn positions(&self) -> impl DoubleEndedIterator<Item = &P> + ExactSizeIterator + '_ {
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
        self.repetitions_at(self.states.len() - 1)
    }

    /// Returns how many times the position with repetition key `key` has occurred since the
    /// last capture or pawn move: for the current position's key, [`Game::repetition_count`];
    /// for a position one reversible move away, how often it occurred before.
    pub fn occurrences(&self, key: u64) -> u32 {
        let index = self.states.len() - 1;
        if key == self.state().key {
            return self.repetitions_at(index);
        }
        // Any position but the current one: every state compared.
        let seen = self.latest_with_key(key, index, self.window(index), 1, 1);
        seen.map_or(0, |seen| self.states[seen].repetitions)
    }

    /// Returns how many consecutive moves of the side that just moved gave check (0 if the last did not).
    pub fn consecutive_checks(&self) -> u32 {
        self.check_streak_at(self.states.len() - 1)
    }

    /// Returns how many times `color` has been checked in this game.
    pub fn checks_received(&self, color: Color) -> u32 {
        if let Some(checks) = self.checks.last() {
            checks.received[color.index()]
        } else {
            // Rules that count no checks keep no count (a check test on every move): counted now.
            let checked = |state: &&State<P>| state.position.turn() == color && state.position.is_check();
            self.states[1..].iter().filter(checked).count() as u32
        }
    }

    /// Returns how many consecutive moves of the side that moved into the state at `index`
    /// gave check, that move included.
    fn check_streak_at(&self, index: usize) -> u32 {
        if let Some(checks) = self.checks.get(index) {
            checks.streak
        } else {
            (1..=index).rev().step_by(2).take_while(|&own| self.states[own].position.is_check()).count() as u32
        }
    }

    #[cfg(feature = "search")]
    /// Returns the [`Position::repetition_key`] of each position of the game and how many times
    /// it had occurred when reached, oldest first (for the search).
    pub(crate) fn repetition_history(&self) -> impl ExactSizeIterator<Item = (u64, u32)> + '_ {
        self.states.iter().enumerate().map(|(index, state)| (state.key, self.repetitions_at(index)))
    }

    #[cfg(feature = "search")]
    /// Returns how many consecutive moves of the side to move gave check up to its last move
    /// (0 if it has not moved or that move did not give check), for the search.
    pub(crate) fn own_consecutive_checks(&self) -> u32 {
        self.states.len().checked_sub(2).map_or(0, |index| self.check_streak_at(index))
    }

    /// Plays a move known to be legal here (a move the position generated or checked), without
    /// checking it again, as a PGN reader or a search does; refused only when the game is
    /// over. Clears the moves [`Game::redo`] could replay.
    ///
    /// ```
    /// use chess_core::{Game, Position};
    ///
    /// let mut game = Game::new();
    /// let m = Position::new().parse_san("e4")?;
    /// game.push_legal(m)?;
    /// assert_eq!(game.moves(), [m]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_legal(&mut self, m: Move) -> Result<(), PushError> {
        if self.judging == Judging::Enforce {
            // A game recording past its end refuses moves only where none is legal.
            self.ensure_ongoing()?;
        }
        debug_assert!(self.position().is_legal(m), "push_legal of an illegal move {m:?}");
        self.push_new(m);
        Ok(())
    }

    /// Plays a move given in SAN (read leniently) and returns it; on error the game is unchanged.
    pub fn push_san(&mut self, san: &str) -> Result<Move, PushError> {
        self.ensure_ongoing()?;
        let m = self.position().parse_san(san)?;
        self.push_new(m);
        Ok(m)
    }

    /// Takes back the last move and returns it, or `None` at the start of the game.
    ///
    /// The events recorded after that move (a resignation, a draw offer or claim, a timeout...)
    /// are taken back with it, so undoing after a game ended by an event resumes the game one
    /// move earlier. An event recorded before any move was played is not taken back.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.forget_last_state();
        self.undone.push(m);
        if self.events.is_empty() {
            return Some(m);
        }
        let plies = self.moves.len() as u32;
        self.events.retain(|event| event.ply <= plies);
        // The events are in order: the first that ended the game went if any event after it did.
        if self.event_end.is_some_and(|(ply, _)| ply > plies) {
            self.event_end = None;
        }
        self.count_draw_offers();
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
        // A move taken back may have been pushed as a pseudo-legal one (`Game<AnyPosition>`).
        self.play_and_record(m, false, |position| position.play_unchecked(m));
        Some(m)
    }

    /// Returns how the game ended, or `None` while it goes on.
    ///
    /// The first end reached decides: an event that ended the game (resignation, agreement,
    /// claim, timeout, forfeit), or a position that the automatic rules end, checked in
    /// python-chess's order: checkmate, insufficient material (so a stalemate with
    /// insufficient material is reported as insufficient material), stalemate, the
    /// seventy-five-move and no-progress rules, repetition, perpetual check, the check limit.
    /// Only a game that [records past its end](Judging::Record) can have more than one end.
    /// Cheap to ask: each earlier position was judged when it was left, and the first event
    /// that ended the game is kept; only the current position is judged again.
    /// A draw that can only be claimed is not an end: [`Game::standing`] reports it too.
    pub fn outcome(&self) -> Option<Outcome> {
        let index = self.states.len() - 1;
        let automatic = match self.first_end {
            Some((ply, outcome)) if (ply as usize) < index => Some((ply, outcome)),
            _ => self.automatic_outcome_at(index).map(|outcome| (index as u32, outcome)),
        };
        let event = self.event_end;
        match (automatic, event) {
            (Some((ply, outcome)), Some((event_ply, _))) if ply <= event_ply => Some(outcome),
            (_, Some((_, outcome))) => Some(outcome),
            (automatic, None) => automatic.map(|(_, outcome)| outcome),
        }
    }

    /// Returns how the game stands, claims included: [`Standing::Ended`] with
    /// [`Game::outcome`] when the game has ended, [`Standing::Claimable`] when it goes on but
    /// a draw may be claimed now (the fifty-move rule first, as [`Game::claim_draw`] does),
    /// [`Standing::Ongoing`] otherwise.
    ///
    /// Under the FIDE rules a threefold repetition or fifty moves without a capture or pawn
    /// move ends a game only when claimed, so `outcome()` leaves them out; ask this to learn
    /// how a game (a game read from PGN, say) stands by the rules.
    ///
    /// ```
    /// use chess_core::{Game, Standing, Termination};
    ///
    /// let mut game = Game::new();
    /// assert_eq!(game.standing(), Standing::Ongoing);
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.push_san(san)?;
    /// }
    /// assert_eq!(game.standing(), Standing::Ended(game.outcome().unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn standing(&self) -> Standing {
        if let Some(outcome) = self.outcome() {
            return Standing::Ended(outcome);
        }
        self.claimable_draw().map_or(Standing::Ongoing, Standing::Claimable)
    }

    /// Judges the current position alone by the automatic rules (with how often it has
    /// occurred and the checks so far), as python-chess's `outcome()` does: unlike
    /// [`Game::outcome`], it does not report an end passed earlier in a game that
    /// [records past its end](Judging::Record), nor events.
    pub fn position_outcome(&self) -> Option<Outcome> {
        self.automatic_outcome_at(self.states.len() - 1)
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

    fn state(&self) -> &State<P> {
        // `states` always holds the start position.
        &self.states[self.states.len() - 1]
    }

    fn ensure_ongoing(&self) -> Result<(), PushError> {
        self.blocking_outcome().map_or(Ok(()), |outcome| Err(PushError::GameOver(outcome)))
    }

    /// Returns the outcome that stops moves and events: any end when judging, only a position
    /// without legal moves when recording.
    pub(crate) fn blocking_outcome(&self) -> Option<Outcome> {
        let outcome = self.outcome()?;
        match self.judging {
            Judging::Enforce => Some(outcome),
            Judging::Record => (!self.position().has_legal_moves()).then_some(outcome),
        }
    }

    /// Judges the current position fully before a move that may not be legal leaves it: a
    /// position is otherwise judged when settled, as one with a legal move (the move that
    /// leaves it proves it), and its mate or stalemate only while it is the current one.
    fn judge_before_leaving(&mut self) {
        self.settle();
        let index = self.states.len() - 1;
        if self.first_end.is_none_or(|(ply, _)| ply as usize == index) {
            self.first_end = self.automatic_outcome_at(index).map(|outcome| (index as u32, outcome));
        }
    }

    /// Settles the current state before a move leaves it: its repetitions are counted and kept
    /// (its key joining the index of keys in a long window), and it is judged as a position with a legal move
    /// while no earlier one has ended the game. Until then [`Game::repetitions_at`] counts its
    /// repetitions when asked, so that a move taken back at once costs none of this.
    #[inline]
    fn settle(&mut self) {
        if !self.settled {
            self.settled = true;
            self.settle_state(self.states.len() - 1);
        }
    }

    /// Settles the state at `index`, the current one until a move was recorded after it
    /// ([`Game::record`] records the next state first, so that the position it is given is
    /// copied straight into the vector).
    #[inline(always)]
    fn settle_state(&mut self, index: usize) {
        let State { key, ref position, .. } = self.states[index];
        let halfmove_clock = position.halfmove_clock();
        let window = self.window(index);
        let scanned = window <= SCANNED_WINDOW && !self.every_state_indexed;
        let latest = if scanned { self.scan(key, index, window, OWN_NEAREST, 2) } else { self.index_state(index) };
        debug_assert!(window > 256 || latest == self.latest_compared(key, index, window), "state {index}");
        let repetitions = latest.map_or(0, |seen| self.states[seen].repetitions) + 1;
        self.states[index].repetitions = repetitions;
        if self.first_end.is_none() {
            if self.legal_reach && self.quiet.leave_only_material(halfmove_clock, repetitions) {
                // Most positions of a game: only the material may end it (see
                // `QuietMoves::leave_only_material`). Only a capture or pawn move can have
                // changed it, but a test of the clock first costs more than the material test:
                // a third of the clocks are 0, and that branch is often mispredicted.
                if let Some(draw) = self.rules.material_outcome(&self.states[index].position) {
                    self.first_end = Some((index as u32, draw));
                }
                debug_assert_eq!(self.first_end, self.judge_reached(index));
            } else {
                self.first_end = self.judge_reached(index);
            }
        }
    }

    /// Returns how many times the position at `index` had occurred when reached, that time
    /// included: kept for a settled state, counted for the current one before.
    fn repetitions_at(&self, index: usize) -> u32 {
        let state = &self.states[index];
        if index + 1 == self.states.len() && !self.settled {
            let seen = self.latest_with_key(state.key, index, self.window(index), OWN_NEAREST, 2);
            seen.map_or(0, |seen| self.states[seen].repetitions) + 1
        } else {
            state.repetitions
        }
    }

    /// Returns what the rules need to know about how the state at `index` was reached.
    fn tally(&self, index: usize) -> Tally {
        let Checks { streak, received } = self.checks.get(index).copied().unwrap_or_default();
        Tally { repetitions: self.repetitions_at(index), check_streak: streak, checks_received: received }
    }

    /// Judges the position at `index` by the automatic rules (see [`Rules::automatic_outcome`]).
    fn automatic_outcome_at(&self, index: usize) -> Option<Outcome> {
        self.rules.automatic_outcome(&self.states[index].position, self.tally(index))
    }

    /// Judges the state reached at `index` by the automatic rules, as a position with a legal
    /// move (the rules that need none, checkmate and stalemate, are left for
    /// [`Game::outcome`] to judge): the end it makes, with its index, if any.
    #[inline(never)]
    fn judge_reached(&self, index: usize) -> Option<(u32, Outcome)> {
        let outcome = self.rules.outcome_with_moves(&self.states[index].position, self.tally(index), true);
        outcome.map(|outcome| (index as u32, outcome))
    }

    /// Plays a new legal move, forgetting the moves taken back.
    fn push_new(&mut self, m: Move) {
        self.undone.clear();
        self.play_and_record(m, true, |position| position.play_unchecked(m));
    }

    /// Removes the last state (the one a move reached), and its key from the index of keys
    /// if it is in it. The state before it, which the move left, is settled.
    fn forget_last_state(&mut self) {
        debug_assert!(self.states.len() > 1, "the start position is never forgotten");
        // Read in place: a state is too big to copy out only for two fields.
        let &State { key, indexed, .. } = self.state();
        match indexed {
            Indexed::No => {}
            Indexed::After(Some(index)) => {
                self.last_seen.insert(key, index);
            }
            Indexed::After(None) => self.last_seen.remove(key),
        }
        self.states.pop();
        self.checks.truncate(self.states.len());
        self.settled = true;
        // The first end is the first: no earlier position ended the game if it was this one.
        if self.first_end.is_some_and(|(ply, _)| ply as usize >= self.states.len()) {
            self.first_end = None;
        }
    }

    /// Records the move `m`, which `play` plays on the current position (a legal move if
    /// `legal`, see [`Game::record`]).
    fn play_and_record(&mut self, m: Move, legal: bool, play: impl FnOnce(&mut P)) {
        self.settle();
        // Played in place on a copy of the current state: a position is copied once.
        let index = self.states.len();
        self.states.extend_from_within(index - 1..);
        let state = &mut self.states[index];
        play(&mut state.position);
        (state.key, state.repetitions, state.indexed) = (state.position.repetition_key(), 0, Indexed::No);
        if let Some(checks) = self.count_checks(&self.states[index].position, index) {
            self.checks.push(checks);
        }
        (self.settled, self.legal_reach) = (false, legal);
        self.moves.push(m);
    }

    /// Records the move `m`, which reached `position` from the current one, and what the
    /// rules need about that position. With `legal`, `m` is a legal move that reached it by
    /// the laws of chess (no edit, no pseudo-legal move, which may change the material while
    /// the halfmove clock runs on), so that settling a quiet move's position judges it at once.
    fn record(&mut self, m: Move, position: &P, legal: bool) {
        let index = self.states.len();
        // Made in place, before the state it leaves is settled: a state is copied once.
        let key = position.repetition_key();
        self.states.push(State { position: *position, key, repetitions: 0, indexed: Indexed::No });
        if !self.settled {
            self.settle_state(index - 1);
        }
        if let Some(checks) = self.count_checks(position, index) {
            self.checks.push(checks);
        }
        (self.settled, self.legal_reach) = (false, legal);
        self.moves.push(m);
    }

    /// Returns the check counters of `position`, to be the state at `index` (the states before
    /// it counted already), under rules that count checks: the consecutive checks of the side
    /// that moved into it and the checks each side has received. `None` under rules that
    /// count no checks, which then spare the check test on every move
    /// ([`Game::checks_received`] counts when asked).
    #[inline]
    fn count_checks(&self, position: &P, index: usize) -> Option<Checks> {
        if !self.rules.counts_checks() {
            return None;
        }
        let Some(before) = index.checked_sub(1) else {
            return Some(Checks::default());
        };
        let mut received = self.checks[before].received;
        if position.is_check() {
            received[position.turn().index()] += 1;
            let streak = 1 + index.checked_sub(2).map_or(0, |own| self.checks[own].streak);
            Some(Checks { streak, received })
        } else {
            Some(Checks { streak: 0, received })
        }
    }

    /// Returns how many states before the one at `index` may repeat it: its window, the states
    /// since the last capture or pawn move, which its halfmove clock counts.
    fn window(&self, index: usize) -> usize {
        (self.states[index].position.halfmove_clock() as usize).min(index)
    }

    /// Returns the latest of the `window` states before `index` with the repetition key `key`,
    /// compared one by one: the `nearest`-th state back, then every `step`-th from it. No
    /// position was edited and no null move played (a scan is for that case), so the side to
    /// move alternates, and the position at `index` recurs [`OWN_NEAREST`] plies later at the
    /// earliest, then every 2 plies (another key is looked for from 1 ply back, every ply).
    ///
    /// The nearest state is compared whatever the window, which then decides: most windows are
    /// shorter, and a branch on the window is often mispredicted.
    #[inline(always)]
    fn scan(&self, key: u64, index: usize, window: usize, nearest: usize, step: usize) -> Option<usize> {
        // Zero when the nearest state is in the window and has the key: one test.
        let differs = (self.states[index.saturating_sub(nearest)].key ^ key) | u64::from(window < nearest);
        if differs == 0 {
            return Some(index - nearest);
        }
        let mut back = nearest + step;
        while back <= window {
            if self.states[index - back].key == key {
                return Some(index - back);
            }
            back += step;
        }
        None
    }

    /// Returns the latest of the `window` states before `index` (a state settled, or the current
    /// one) with the repetition key `key`, scanned from the `nearest`-th state back every
    /// `step`-th (see [`Game::scan`]) in a short window, looked up in `last_seen` in a longer
    /// one: one ply longer than the window of the state before `index`, which was settled with
    /// every state of it in `last_seen` if it was longer than [`SCANNED_WINDOW`] (see
    /// [`Game::index_state`]).
    fn latest_with_key(&self, key: u64, index: usize, window: usize, nearest: usize, step: usize) -> Option<usize> {
        let latest = if window <= SCANNED_WINDOW + 1 && !self.every_state_indexed {
            self.scan(key, index, window, nearest, step)
        } else {
            self.last_seen.get(key).map(|seen| seen as usize).filter(|&seen| seen >= index - window && seen < index)
        };
        debug_assert!(window > 256 || latest == self.latest_compared(key, index, window), "state {index}");
        latest
    }

    /// [`Game::latest_with_key`] the slow way, every state of the window compared, to check it
    /// in builds with debug assertions.
    fn latest_compared(&self, key: u64, index: usize, window: usize) -> Option<usize> {
        (index - window..index).rev().find(|&seen| self.states[seen].key == key)
    }

    /// Puts the settled state at `index` into `last_seen`, with the states of its window not in
    /// it yet, and returns the latest state of its window with its key.
    ///
    /// A window's states join it together, in order, when the window first grows past
    /// [`SCANNED_WINDOW`] plies; each position after them in the window then joins as it is
    /// settled. So the states of a window not in it are the ones after the last one in it (the
    /// windows of a game's positions begin where the last capture or pawn move was played,
    /// each as long as the one before plus one ply; an edited clock, which breaks this, makes
    /// every state join, [`Game::index_every_state`]).
    #[inline(never)]
    fn index_state(&mut self, index: usize) -> Option<usize> {
        let oldest = index - self.window(index);
        let mut first = index;
        while first > oldest && self.states[first - 1].indexed == Indexed::No {
            first -= 1;
        }
        debug_assert!(
            index - oldest > 256 || self.states[oldest..first].iter().all(|state| state.indexed != Indexed::No),
            "a state of the window before {first} is not in the index"
        );
        let mut latest = None;
        for joining in first..=index {
            latest = self.last_seen.insert(self.states[joining].key, joining as u32);
            self.states[joining].indexed = Indexed::After(latest);
        }
        latest.map(|seen| seen as usize).filter(|&seen| seen >= oldest)
    }

    /// Puts every settled state into `last_seen`, and every one settled from now on: a position
    /// was edited or a null move played (see `every_state_indexed`).
    fn index_every_state(&mut self) {
        self.last_seen.clear();
        let settled = self.states.len() - usize::from(!self.settled);
        for (index, state) in self.states[..settled].iter_mut().enumerate() {
            state.indexed = Indexed::After(self.last_seen.insert(state.key, index as u32));
        }
        self.every_state_indexed = true;
    }

    /// Counts the draw offers of each player again, after events were taken back.
    fn count_draw_offers(&mut self) {
        let mut offers = [0; 2];
        for event in &self.events {
            if let EventKind::OfferDraw(color) = event.kind {
                offers[color.index()] += 1;
            }
        }
        self.draw_offers = offers;
    }
}
