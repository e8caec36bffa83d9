//! The computer player: an alpha-beta search with levels from Beginner to Master, and hints.
//!
//! A [`Searcher`] keeps its transposition table between moves. [`Searcher::search_game`] looks
//! at the current position of a [`Game`] within [`SearchLimits`], reports each finished depth
//! to a [`Reporter`], and returns a [`SearchResult`]. Nothing is printed: a UCI engine or a GUI
//! turns the reports into text.
//!
//! The search plays by the game's [`Rules`](crate::Rules): the draws it walks into or away
//! from inside its tree (no progress, repetition, insufficient material, perpetual check, the
//! check limit) are the ones [`Game::outcome`] would declare or a player could claim, decided
//! by the same rule helpers, checkmate first. [`Searcher::search`] takes a bare position and
//! the keys of the positions before it, and plays by the FIDE rules.
//!
//! # Examples
//!
//! ```
//! use chess_core::Game;
//! use chess_core::search::{Level, Score, SearchLimits, Searcher};
//!
//! // White mates in two: 1. Qxh7+ Kxh7 2. Rh5#... or finds something even faster.
//! let mut game = Game::from_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".parse()?);
//! let mut searcher = Searcher::new();
//! let result = searcher.search_game(&game, &SearchLimits::depth(3), &mut ());
//! assert_eq!(result.score, Score::Mate(1));
//! game.push(result.best_move.unwrap())?;
//! assert!(game.position().is_checkmate());
//!
//! // The levels play a whole move with their own limits.
//! searcher.set_level(Level::Beginner);
//! let reply = searcher.play(&Game::new());
//! assert!(reply.best_move.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod engine;
mod eval;
mod hint;
mod level;
mod limits;
mod ordering;
mod rng;
mod score;
#[cfg(feature = "syzygy")]
mod tablebase;
mod tt;

use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

pub use hint::{Hint, HintReason};
pub use level::{Level, ParseLevelError};
pub use limits::{GameClock, SearchLimits};
pub use score::{Score, UciScore};

use crate::book::{Book, BookMove, BookRandom};
#[cfg(feature = "syzygy")]
use crate::syzygy::{Tablebase, Wdl};
use crate::{Game, Move, Position};

/// The default size of the transposition table, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// The largest transposition table a [`Searcher`] makes, in MiB: larger requests (from a UCI
/// `setoption`, say) are capped, so a stranger cannot make it take all the memory there is.
pub const MAX_HASH_MB: usize = 4096;

/// The table size a [`Searcher`] makes for a request of `megabytes` MiB.
fn capped_hash_mb(megabytes: usize) -> usize {
    megabytes.min(MAX_HASH_MB)
}

/// A computer player that keeps what it learnt (the transposition table, move-ordering history)
/// from one search to the next.
///
/// A search keeps its move lists on the heap and needs under 100 KiB of stack at its deepest
/// (128 plies; under 256 KiB unoptimised): it runs on any thread.
pub struct Searcher {
    tt: tt::TranspositionTable,
    hash_mb: usize,
    heuristics: alloc::boxed::Box<ordering::Heuristics>,
    level: Level,
    rng: rng::Rng,
    stop: Arc<AtomicBool>,
    clock: Option<fn() -> Duration>,
    book: Option<Arc<Book<'static>>>,
    #[cfg(feature = "syzygy")]
    tablebase: Option<Arc<Tablebase>>,
    /// The most pieces of a position probed in the tables.
    #[cfg(feature = "syzygy")]
    probe_limit: u32,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl core::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher").field("hash_mb", &self.hash_mb).field("level", &self.level).finish_non_exhaustive()
    }
}

impl Searcher {
    /// Makes a searcher at the default level ([`Level::default`], Master) with a
    /// [`DEFAULT_HASH_MB`] table and seed 0.
    ///
    /// ```
    /// use chess_core::search::{Level, Searcher};
    ///
    /// assert_eq!(Searcher::new().level(), Level::default());
    /// ```
    pub fn new() -> Searcher {
        Searcher::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// Makes a searcher at the default level ([`Level::default`], Master) with a transposition
    /// table of about `megabytes` MiB (at most [`MAX_HASH_MB`]).
    pub fn with_hash_mb(megabytes: usize) -> Searcher {
        let tt = tt::TranspositionTable::new(capped_hash_mb(megabytes));
        Searcher {
            hash_mb: tt.megabytes(),
            tt,
            heuristics: alloc::boxed::Box::new(ordering::Heuristics::new()),
            level: Level::default(),
            rng: rng::Rng::new(0),
            stop: Arc::new(AtomicBool::new(false)),
            clock: default_clock(),
            book: None,
            #[cfg(feature = "syzygy")]
            tablebase: None,
            #[cfg(feature = "syzygy")]
            probe_limit: u32::MAX,
        }
    }

    /// Resizes the transposition table (which clears it) and returns its new size in MiB: the
    /// size asked for, at most [`MAX_HASH_MB`], or less if memory is short.
    pub fn set_hash_mb(&mut self, megabytes: usize) -> usize {
        self.tt = tt::TranspositionTable::new(0); // free the old table first
        self.tt = tt::TranspositionTable::new(capped_hash_mb(megabytes));
        self.hash_mb = self.tt.megabytes();
        self.hash_mb
    }

    /// Forgets everything learnt, for a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        *self.heuristics = ordering::Heuristics::new();
    }

    /// Returns the level the searcher plays at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Sets the level: what the evaluation knows, how the search prunes, how often it errs.
    /// The depth or time comes from the limits ([`Level::limits`] for [`Searcher::play`]).
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Seeds the random choices of the weaker levels, so that a game can be replayed.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = rng::Rng::new(seed);
    }

    /// Gives the searcher an opening book (`None` takes it away): [`Searcher::play`] and
    /// [`Searcher::hint`] then play a book move while the position is in the book
    /// ([`Searcher::book_move`]). The book is shared: one may serve many searchers.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use chess_core::book::{Book, Entry};
    /// use chess_core::search::{Level, Searcher};
    /// use chess_core::{Game, Position};
    ///
    /// let key = Position::new().zobrist_key();
    /// let entry = |raw_move, weight| Entry { key, raw_move, weight, learn: 0 }.to_bytes();
    /// let book = Book::from_vec([entry(0x031c, 3), entry(0x02db, 1)].concat())?; // e4, d4
    /// let mut searcher = Searcher::new();
    /// searcher.set_level(Level::Beginner);
    /// searcher.set_book(Some(Arc::new(book)));
    /// let reply = searcher.play(&Game::new());
    /// assert!(reply.from_book && reply.nodes == 0);
    /// let san = Position::new().san(reply.best_move.unwrap()).to_string();
    /// assert!(san == "e4" || san == "d4");
    /// # Ok::<(), chess_core::book::BookError>(())
    /// ```
    pub fn set_book(&mut self, book: Option<Arc<Book<'static>>>) {
        self.book = book;
    }

    /// Returns the searcher's opening book.
    pub fn book(&self) -> Option<&Arc<Book<'static>>> {
        self.book.as_ref()
    }

    /// Chooses a move of the searcher's book for `position` at random (by the searcher's seed,
    /// [`Searcher::set_seed`]), or `None` out of book (or without a book). The weaker the level,
    /// the more evenly it chooses: Beginner weighs each entry by the square root of its weight,
    /// Normal and Expert by its weight, Master by its weight squared (the main lines, mostly).
    /// Entries of weight 0 are never played.
    pub fn book_move(&mut self, position: &Position) -> Option<BookMove> {
        let book = self.book.as_ref()?;
        let weigh: fn(u16) -> u64 = match self.level {
            Level::Beginner => |weight| u64::from(weight).isqrt(),
            Level::Normal | Level::Expert => u64::from,
            Level::Master => |weight| u64::from(weight) * u64::from(weight),
        };
        book.weighted_choice_by(position, &[], &mut self.rng, weigh)
    }

    /// Gives the searcher endgame tablebases (`None` takes them away; feature `syzygy`). From
    /// a position the tables hold (no more pieces than their largest table, no castling
    /// rights), [`Searcher::search`], [`Searcher::play`] and [`Searcher::hint`] play the
    /// tables' best move without searching ([`Tablebase::best_moves`]: the fastest way to the
    /// next capture or pawn move when winning; the result says
    /// [`from_tablebase`](SearchResult::from_tablebase)), unless the search is asked for
    /// several lines, a mate, or root moves none of which is best. Inside the tree, a
    /// position just reached by a capture or a pawn move that the tables hold scores as
    /// their result: a win above any evaluation (below mates), a draw 0. A probe counts as a
    /// node; a position they cannot answer for is searched as usual.
    ///
    /// The tables know the fifty-move rule: under rules that draw sooner (the casual
    /// no-progress count), a win that the count would cut short is a draw. The tables are
    /// shared: one may serve many searchers.
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use chess_core::Game;
    /// use chess_core::search::{HintReason, Level, Searcher};
    /// use chess_core::syzygy::Tablebase;
    ///
    /// let mut tables = Tablebase::new();
    /// tables.add_directory("data/syzygy/regular")?;
    /// let mut searcher = Searcher::new();
    /// searcher.set_tablebase(Some(Arc::new(tables)));
    /// let game = Game::from_position("8/8/8/8/3k4/8/8/KQ6 w - - 0 1".parse()?);
    /// let reply = searcher.play(&game);
    /// assert!(reply.from_tablebase && reply.nodes == 0);
    /// let hint = searcher.hint(&game, Level::Beginner).unwrap();
    /// assert_eq!(hint.reason, Some(HintReason::WonEndgame));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "syzygy")]
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase;
    }

    /// Returns the searcher's endgame tablebases (feature `syzygy`).
    #[cfg(feature = "syzygy")]
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    /// Uses the tables only for positions of at most `pieces` pieces, kings included (UCI's
    /// `SyzygyProbeLimit`; no limit but the tables' own by default): the largest tables are
    /// the slowest to read. 0 or 1 turns the tables off.
    ///
    /// ```
    /// let mut searcher = chess_core::search::Searcher::new();
    /// searcher.set_tablebase_probe_limit(5);
    /// ```
    #[cfg(feature = "syzygy")]
    pub fn set_tablebase_probe_limit(&mut self, pieces: u32) {
        self.probe_limit = pieces;
    }

    /// The tables' move at `position` under `rules` within `limits`, reported to `reporter`
    /// as one line; `None` when the tables do not answer (see [`Searcher::set_tablebase`]).
    #[cfg(feature = "syzygy")]
    fn tablebase_move(
        &self,
        position: &Position,
        rules: &engine::GameRules,
        limits: &SearchLimits,
        reporter: &mut impl Reporter,
    ) -> Option<SearchResult> {
        if limits.multi_pv > 1 || limits.mate.is_some() {
            return None;
        }
        let probe = tablebase::Probe::new(self.tablebase.as_deref()?, self.probe_limit);
        let (mv, wdl) = tablebase::root_move(probe, position, rules.rules(), &limits.root_moves)?;
        let result = SearchResult::of_tablebase_move(mv, wdl);
        reporter.report(&SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: result.score,
            nodes: 0,
            elapsed: Duration::ZERO,
            hashfull: self.tt.hashfull(),
            pv: &result.pv,
        });
        Some(result)
    }

    /// Returns a handle that stops a running search from another thread. A stop asked for
    /// before a search begins is forgotten when it begins.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }

    /// Sets the clock that time limits are measured with: a function returning the time since
    /// any fixed instant. With the `std` feature the system's monotonic clock is the default;
    /// without it, time limits are ignored until a clock is set.
    pub fn set_clock(&mut self, clock: fn() -> Duration) {
        self.clock = Some(clock);
    }

    /// Searches `position` within `limits` (the level's own when they bound nothing: see
    /// [`SearchLimits::or_level`]) under the FIDE rules. `history` lists the keys of
    /// the positions before it, oldest first, so that repetitions are seen (it may be empty):
    /// their [`Position::repetition_key`]s (Zobrist keys do as well, except for a position
    /// with an en-passant square that no capture can use).
    ///
    /// Inside the search, a position drawn by the fifty-move rule (checkmate first), by
    /// insufficient material, or repeating any earlier position (of `history` or of the line
    /// searched) since the last capture or pawn move scores as a draw. [`Searcher::search_game`]
    /// follows a game's own rules instead.
    pub fn search(
        &mut self,
        position: &Position,
        history: &[u64],
        limits: &SearchLimits,
        reporter: &mut impl Reporter,
    ) -> SearchResult {
        self.run(position, engine::GameRules::fide(position, history), limits, reporter)
    }

    /// Searches the current position of `game` within `limits` (the level's own when they bound
    /// nothing: see [`SearchLimits::or_level`]), by the game's [`Rules`](crate::Rules):
    /// the draws it can walk into or away from inside the search are those the game would
    /// declare or let a player claim.
    ///
    /// - No progress: the fifty-move claim and the seventy-five-move rule (FIDE), the
    ///   no-progress count and its K+B+N v K count (casual), whichever comes first. A draw
    ///   that can be claimed counts as a draw, since the side it helps would claim it.
    /// - Repetition, judged by [`Position::repetition_key`] as the game does: a position that
    ///   repeats one of the line searched is a draw, one that repeats a position of the game is
    ///   a draw when its count in the game reaches the rules' claim or automatic count (three
    ///   under both presets).
    /// - Insufficient material, extended as the rules say.
    /// - Perpetual check and the check limit, counting on from the game's
    ///   [`consecutive_checks`](Game::consecutive_checks) and
    ///   [`checks_received`](Game::checks_received) along each line.
    ///
    /// Checkmate comes first, as in [`Game::outcome`]. The quiescence search at the end of
    /// each line looks at the material draws only.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::search::{Score, SearchLimits, Searcher};
    /// use chess_core::{Game, Rules};
    ///
    /// // White is a rook up but 59 plies have passed without a capture or pawn move: under
    /// // the casual rules any move but a pawn move draws at once.
    /// let position = "4k3/8/8/8/8/8/4P3/R3K3 w - - 59 80".parse()?;
    /// let mut searcher = Searcher::new();
    /// let casual = searcher.search_game(&Game::from_position_with_rules(position, Rules::casual()), &SearchLimits::depth(4), &mut ());
    /// assert!(matches!(casual.best_move.map(|m| position.san(m).to_string()).as_deref(), Some("e3" | "e4")));
    /// assert!(casual.score > Score::Cp(300));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_game(&mut self, game: &Game, limits: &SearchLimits, reporter: &mut impl Reporter) -> SearchResult {
        self.run(game.position(), engine::GameRules::of_game(game), limits, reporter)
    }

    fn run(
        &mut self,
        position: &Position,
        rules: engine::GameRules,
        limits: &SearchLimits,
        reporter: &mut impl Reporter,
    ) -> SearchResult {
        self.stop.store(false, Ordering::Relaxed);
        #[cfg(feature = "syzygy")]
        if let Some(result) = self.tablebase_move(position, &rules, limits, reporter) {
            return result;
        }
        if limits.is_bounded() {
            engine::run(self, position, rules, limits, reporter)
        } else {
            let limits = limits.clone().or_level(self.level);
            engine::run(self, position, rules, &limits, reporter)
        }
    }

    /// Chooses a move for the current position of `game` at the searcher's level, with the
    /// level's own limits: a move of the searcher's book while the position is in it
    /// ([`Searcher::book_move`]; the result says [`from_book`](SearchResult::from_book)), the
    /// tables' move in a position its endgame tables hold (`Searcher::set_tablebase`, feature
    /// `syzygy`).
    pub fn play(&mut self, game: &Game) -> SearchResult {
        self.play_reporting(game, &mut ())
    }

    /// As [`Searcher::play`], reporting each finished depth of the search to `reporter`
    /// (nothing for a book move, one line of depth 0 for the tables' move).
    pub fn play_reporting(&mut self, game: &Game, reporter: &mut impl Reporter) -> SearchResult {
        if let Some(found) = self.book_move(game.position()) {
            return SearchResult::of_book_move(found.mv);
        }
        self.search_game(game, &SearchLimits::default(), reporter)
    }

    /// Suggests a move for the side to move in `game`, searched at `level` (the searcher's own
    /// level is restored after), then looks for the opponent's threat. Returns `None` when the
    /// game has no legal move. A stop ends both searches: the hint then has no threat.
    ///
    /// With a book ([`Searcher::set_book`]) and the position in it, the hint is a book move
    /// chosen at `level`, its reason [`HintReason::BookMove`], and nothing is searched. With
    /// tablebases ([`Searcher::set_tablebase`]) and the position in them, the hint is the
    /// tables' move, its reason [`HintReason::WonEndgame`] or [`HintReason::DrawnEndgame`]
    /// ([`HintReason::BestDefence`] when lost).
    pub fn hint(&mut self, game: &Game, level: Level) -> Option<Hint> {
        let own = self.level;
        self.level = level;
        if let Some(found) = self.book_move(game.position()) {
            self.level = own;
            return Hint::new(game.position(), &SearchResult::of_book_move(found.mv), None);
        }
        let result = self.search_game(game, &SearchLimits::default(), &mut ());
        self.level = Level::Master;
        // A stop during the move's search ends the hint: no threat search after it, nor after
        // the tables' move.
        let stopped = self.stop.load(Ordering::Relaxed) || result.from_tablebase;
        let threat = if stopped { None } else { self.threat(game.position()) };
        self.level = own;
        Hint::new(game.position(), &result, threat.as_ref())
    }

    /// Searches what the opponent would do if the side to move passed (its threat): `None` in
    /// check, where the threat is already on the board. Three plies, within a level's node cap.
    fn threat(&mut self, position: &Position) -> Option<SearchResult> {
        let mut passed = *position;
        passed.play_null().ok()?;
        let limits = SearchLimits { nodes: Some(Level::MAX_NODES), ..SearchLimits::depth(3) };
        Some(self.search(&passed, &[], &limits, &mut ()))
    }
}

/// Suggests a move for the side to move in `game` at `level`, with a fresh [`Searcher`].
///
/// # Examples
///
/// ```
/// use chess_core::{Game, Lang, Role, Square};
/// use chess_core::search::{hint, HintReason, Level};
///
/// // Black's queen hangs on d4.
/// let game = Game::from_position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4".parse()?);
/// let hint = hint(&game, Level::Normal).unwrap();
/// assert_eq!(hint.san, "Nxh4");
/// assert_eq!(hint.reason, Some(HintReason::Wins { role: Role::Queen, square: Square::H4, pawns: 9 }));
/// assert_eq!(hint.to_string(), "White knight f3 takes queen h4; wins the queen on h4");
/// assert_eq!(hint.text(Lang::Zh).to_string(), "白方马从f3吃h4的后；得h4的后");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(game: &Game, level: Level) -> Option<Hint> {
    Searcher::with_hash_mb(1).hint(game, level)
}

/// The searcher's random numbers choose book moves.
impl BookRandom for rng::Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }
}

/// Stops a running search when asked; cheap to clone and to send to another thread.
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop as soon as it can; it then returns its best move so far.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Tells whether a stop was asked for since the current search began.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(feature = "std")]
fn default_clock() -> Option<fn() -> Duration> {
    fn now() -> Duration {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed()
    }
    Some(now)
}

#[cfg(not(feature = "std"))]
fn default_clock() -> Option<fn() -> Duration> {
    None
}

/// What a search reports after each depth (and each line, with several lines).
#[derive(Clone, Debug)]
pub struct SearchInfo<'a> {
    /// The depth just finished, in plies.
    pub depth: u32,
    /// The deepest ply reached, captures and extensions included.
    pub seldepth: u32,
    /// Which line this is, from 1 (the best) to the multi-PV count.
    pub multipv: u32,
    /// The line's score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// How full the transposition table is, in thousandths.
    pub hashfull: u32,
    /// The line: the move and the expected replies.
    pub pv: &'a [Move],
}

impl SearchInfo<'_> {
    /// Returns the nodes searched per second (0 before any time has passed).
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros).min(u128::from(u64::MAX)) as u64
}

/// Receives a [`SearchInfo`] as a search progresses: for UCI `info` lines or a progress display.
///
/// `()` ignores the reports; any `FnMut(&SearchInfo)` closure is a reporter.
pub trait Reporter {
    /// Called after each finished depth (once per line with several lines).
    fn report(&mut self, info: &SearchInfo<'_>);
}

impl Reporter for () {
    fn report(&mut self, _: &SearchInfo<'_>) {}
}

impl<F: FnMut(&SearchInfo<'_>)> Reporter for F {
    fn report(&mut self, info: &SearchInfo<'_>) {
        self(info)
    }
}

/// One line of play that a search found, with its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The line's score for the side to move.
    pub score: Score,
    /// The moves, starting with the root move.
    pub moves: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, or `None` when the position has no legal move (or none of the
    /// restricted root moves is legal).
    pub best_move: Option<Move>,
    /// The expected reply, to think about on the opponent's time.
    pub ponder: Option<Move>,
    /// The score of the best move for the side to move (`Mate(0)` when checkmated).
    pub score: Score,
    /// The last finished depth: 0 when a limit stopped the search before it finished depth 1
    /// (every limit holds from the first node), and the move is then the one that looks best
    /// by the evaluation alone.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation: the best move and the expected continuation.
    pub pv: Vec<Move>,
    /// The best lines, best first (one unless more were asked for).
    pub lines: Vec<PvLine>,
    /// The time the search took.
    pub elapsed: Duration,
    /// Whether the move comes from the searcher's opening book ([`Searcher::play`]): nothing
    /// was searched, the score is 0 and the line is the move alone.
    pub from_book: bool,
    /// Whether the move comes from the searcher's endgame tablebases
    /// ([`Searcher::set_tablebase`]): nothing was searched, the line is the move alone and the
    /// score says the tables' result: 0 for a draw, a large centipawn score (above any
    /// evaluation, below mates) for a win, its negation for a loss.
    pub from_tablebase: bool,
}

impl SearchResult {
    /// The result of playing `mv` from the book.
    fn of_book_move(mv: Move) -> SearchResult {
        SearchResult { from_book: true, ..SearchResult::unsearched(mv, Score::Cp(0)) }
    }

    /// The result of playing `mv` from the tables, the position being `wdl` for the side to move.
    #[cfg(feature = "syzygy")]
    fn of_tablebase_move(mv: Move, wdl: Wdl) -> SearchResult {
        let score = Score::Cp(match wdl {
            Wdl::Win => score::TABLEBASE_WIN,
            Wdl::Loss => -score::TABLEBASE_WIN,
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => 0,
        });
        SearchResult { from_tablebase: true, ..SearchResult::unsearched(mv, score) }
    }

    /// The result of playing `mv`, scored `score`, without a search.
    fn unsearched(mv: Move, score: Score) -> SearchResult {
        SearchResult {
            best_move: Some(mv),
            ponder: None,
            score,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: alloc::vec![mv],
            lines: alloc::vec![PvLine { score, moves: alloc::vec![mv] }],
            elapsed: Duration::ZERO,
            from_book: false,
            from_tablebase: false,
        }
    }

    /// Returns the nodes searched per second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Searcher::set_hash_mb(usize::MAX)` took whatever the allocator granted (issue 13);
    /// checked on the size computation, as a 4 GiB table is too much for a unit test.
    #[test]
    fn set_hash_mb_of_usize_max_is_capped() {
        assert_eq!(capped_hash_mb(usize::MAX), MAX_HASH_MB);
        assert_eq!(capped_hash_mb(MAX_HASH_MB + 1), MAX_HASH_MB);
        assert_eq!(capped_hash_mb(16), 16);
        let mut searcher = Searcher::with_hash_mb(1);
        assert_eq!(searcher.set_hash_mb(2), 2);
        assert_eq!(searcher.set_hash_mb(0), 0);
    }
}
