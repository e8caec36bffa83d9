//! The computer player for Python (`chess_core.engine`): chess-core's [`Searcher`] behind an
//! `Engine` that releases the GIL while it searches, can be stopped from another thread, and
//! reports each finished depth to a callback.
//!
//! A board under the FIDE rules is searched as its position plus the repetition keys of the
//! positions before it ([`Searcher::search`]); under house rules, as its game
//! ([`Searcher::search_game`]), so the search knows the no-progress and check limits.

use std::sync::{Mutex, TryLockError};
use std::time::Duration;

use chess_core::search::{
    self, SearchInfo as CoreInfo, SearchLimits, SearchResult as CoreResult, Searcher, StopHandle,
};
use chess_core::{Game, Lang, Move as CoreMove, Position};
use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::board::Board;
use crate::moves::Move;

/// A playing strength, weakest first (chess-core's levels).
#[pyclass(module = "chess_core.engine", name = "Level", eq, eq_int, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::upper_case_acronyms)]
pub enum Level {
    /// Looks 2 plies ahead, counts material only, errs now and then.
    BEGINNER,
    /// Looks 3 plies ahead with piece-square tables.
    NORMAL,
    /// Looks 4 plies ahead, then follows captures.
    EXPERT,
    /// The full-strength search, a second per move.
    MASTER,
}

impl Level {
    fn core(self) -> search::Level {
        match self {
            Level::BEGINNER => search::Level::Beginner,
            Level::NORMAL => search::Level::Normal,
            Level::EXPERT => search::Level::Expert,
            Level::MASTER => search::Level::Master,
        }
    }
}

/// A `Level` or a level's name (`"expert"`, in English or Chinese, any case).
#[derive(FromPyObject)]
enum LevelArg {
    Level(Level),
    Name(String),
}

impl LevelArg {
    fn core(&self) -> PyResult<search::Level> {
        match self {
            LevelArg::Level(level) => Ok(level.core()),
            LevelArg::Name(name) => name.parse().map_err(|e| PyValueError::new_err(format!("{e}: {name:?}"))),
        }
    }

    /// The level given, or chess-core's default level (`Level::default()`, Master).
    fn or_default(level: Option<LevelArg>) -> PyResult<search::Level> {
        level.map_or(Ok(search::Level::default()), |level| level.core())
    }
}

/// A score from one side's point of view: centipawns or moves to mate, python-chess's
/// `Cp`/`Mate` in one class.
#[pyclass(module = "chess_core.engine", name = "Score", frozen, eq, ord, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(search::Score);

#[pymethods]
impl Score {
    /// The score in centipawns; a mate counts as `mate_score` minus the moves to it (`None`
    /// when `mate_score` is not given), as python-chess's `Score.score`.
    #[pyo3(signature = (*, mate_score = None))]
    fn score(&self, mate_score: Option<i64>) -> Option<i64> {
        match self.0 {
            search::Score::Cp(cp) => Some(i64::from(cp)),
            search::Score::Mate(n) => {
                let n = i64::from(n);
                mate_score.map(|m| if n > 0 { m - n } else { -m - n })
            }
        }
    }

    /// The centipawns of a centipawn score (python-chess's `Cp.cp`), else `None`.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.0 {
            search::Score::Cp(cp) => Some(cp),
            search::Score::Mate(_) => None,
        }
    }

    /// Moves to mate (negative when mated), or `None` for a centipawn score.
    fn mate(&self) -> Option<i32> {
        match self.0 {
            search::Score::Mate(n) => Some(n),
            search::Score::Cp(_) => None,
        }
    }

    /// Tells whether this is a mate score.
    fn is_mate(&self) -> bool {
        self.0.is_mate()
    }

    fn __neg__(&self) -> Score {
        Score(self.0.flip())
    }

    /// `+1.25`, `-0.35`, `#3`, `#-2`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            search::Score::Cp(cp) => format!("Cp({cp:+})"),
            search::Score::Mate(n) => format!("Mate({n:+})"),
        }
    }
}

/// A score and the side whose point of view it is, as python-chess's `PovScore`.
#[pyclass(module = "chess_core.engine", name = "PovScore", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PovScore {
    /// The score from the side to move's point of view.
    #[pyo3(get)]
    relative: Score,
    /// The side to move (`True` for White).
    #[pyo3(get)]
    turn: bool,
}

#[pymethods]
impl PovScore {
    /// The score `relative` to the side `turn` (`True` for White).
    #[new]
    fn new(relative: Score, turn: bool) -> PovScore {
        PovScore { relative, turn }
    }

    /// The score from `color`'s point of view.
    fn pov(&self, color: bool) -> Score {
        if color == self.turn { self.relative } else { Score(self.relative.0.flip()) }
    }

    /// The score from White's point of view.
    fn white(&self) -> Score {
        self.pov(true)
    }

    /// The score from Black's point of view.
    fn black(&self) -> Score {
        self.pov(false)
    }

    /// Tells whether this is a mate score.
    fn is_mate(&self) -> bool {
        self.relative.0.is_mate()
    }

    fn __repr__(&self) -> String {
        format!("PovScore({}, {})", self.relative.__repr__(), if self.turn { "WHITE" } else { "BLACK" })
    }
}

/// A centipawn score, as python-chess's `Cp(cp)`.
#[pyfunction]
#[pyo3(name = "Cp")]
fn centipawns(cp: i32) -> Score {
    Score(search::Score::Cp(cp))
}

/// A mate score: mate in `moves` (negative: mated in `-moves`), as python-chess's `Mate(moves)`.
#[pyfunction]
#[pyo3(name = "Mate")]
fn mate_in(moves: i32) -> Score {
    Score(search::Score::Mate(moves))
}

/// The moves of a line from `pos`, as python-chess writes them (castling as the board does).
fn line(py: Python<'_>, pos: &Position, moves: &[CoreMove]) -> PyResult<Vec<Py<Move>>> {
    crate::pgn::py_moves(py, pos, moves.iter().copied())
}

fn pov(pos: &Position, score: search::Score) -> PovScore {
    PovScore { relative: Score(score), turn: pos.turn() == chess_core::Color::White }
}

/// What a search reports after each finished depth (once per line with `multipv` > 1).
#[pyclass(module = "chess_core.engine", name = "SearchInfo", frozen, get_all)]
pub struct SearchInfo {
    /// The depth just finished, in plies.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// Which line this is, from 1 (the best).
    multipv: u32,
    /// The line's score.
    score: PovScore,
    /// Nodes searched so far.
    nodes: u64,
    /// Seconds since the search began.
    time: f64,
    /// Nodes per second.
    nps: u64,
    /// How full the transposition table is, in thousandths.
    hashfull: u32,
    /// The line: the move and the expected replies.
    pv: Vec<Py<Move>>,
}

/// The keys of python-chess's `InfoDict` that a search result or report has, read as its
/// attributes: `info["score"]` works as in python-chess.
const INFO_KEYS: [&str; 9] = ["score", "pv", "depth", "seldepth", "nodes", "time", "nps", "hashfull", "multipv"];

/// `object[key]` for an `InfoDict` key the object has; `KeyError` otherwise.
fn info_item(object: &Bound<'_, PyAny>, key: &str) -> PyResult<Py<PyAny>> {
    if INFO_KEYS.contains(&key) && object.hasattr(key)? {
        Ok(object.getattr(key)?.unbind())
    } else {
        Err(PyKeyError::new_err(key.to_owned()))
    }
}

#[pymethods]
impl SearchInfo {
    /// python-chess's `InfoDict` access: `info["score"]`, `info["pv"]`, ...
    fn __getitem__(slf: &Bound<'_, Self>, key: &str) -> PyResult<Py<PyAny>> {
        info_item(slf.as_any(), key)
    }

    fn __repr__(&self) -> String {
        format!(
            "<SearchInfo depth={} multipv={} score={} nodes={}>",
            self.depth,
            self.multipv,
            self.score.__repr__(),
            self.nodes
        )
    }
}

impl SearchInfo {
    fn new(py: Python<'_>, pos: &Position, info: &CoreInfo<'_>) -> PyResult<SearchInfo> {
        Ok(SearchInfo {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: pov(pos, info.score),
            nodes: info.nodes,
            time: info.elapsed.as_secs_f64(),
            nps: info.nps(),
            hashfull: info.hashfull,
            pv: line(py, pos, info.pv)?,
        })
    }
}

/// One of the best lines of an analysis.
#[pyclass(module = "chess_core.engine", name = "PvLine", frozen, get_all)]
pub struct PvLine {
    /// The line's score.
    score: PovScore,
    /// The moves, from the root move on.
    pv: Vec<Py<Move>>,
}

/// What a search found: python-chess's `PlayResult` and `InfoDict` fields as attributes.
#[pyclass(module = "chess_core.engine", name = "SearchResult", frozen, get_all)]
pub struct SearchResult {
    /// The move to play, `None` when there is no legal move.
    #[pyo3(name = "move")]
    best_move: Option<Py<Move>>,
    /// The expected reply.
    ponder: Option<Py<Move>>,
    /// The score of the best move.
    score: PovScore,
    /// The principal variation.
    pv: Vec<Py<Move>>,
    /// The last finished depth.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Seconds the search took.
    time: f64,
    /// Nodes per second.
    nps: u64,
    /// The best lines, best first (`multipv` of them at most).
    lines: Vec<Py<PvLine>>,
}

#[pymethods]
impl SearchResult {
    /// python-chess's `InfoDict` access: `result["score"]`, `result["pv"]`, ...
    fn __getitem__(slf: &Bound<'_, Self>, key: &str) -> PyResult<Py<PyAny>> {
        info_item(slf.as_any(), key)
    }

    fn __repr__(&self) -> String {
        let best = self.best_move.as_ref().map_or("None".to_owned(), |m| m.get().uci_text());
        format!("<SearchResult move={best} score={} depth={} nodes={}>", self.score.__repr__(), self.depth, self.nodes)
    }
}

impl SearchResult {
    fn new(py: Python<'_>, pos: &Position, result: &CoreResult) -> PyResult<SearchResult> {
        let mut lines = Vec::with_capacity(result.lines.len());
        for l in &result.lines {
            lines.push(Py::new(py, PvLine { score: pov(pos, l.score), pv: line(py, pos, &l.moves)? })?);
        }
        let pv = line(py, pos, &result.pv)?;
        Ok(SearchResult {
            best_move: pv.first().map(|m| m.clone_ref(py)),
            ponder: pv.get(1).map(|m| m.clone_ref(py)),
            score: pov(pos, result.score),
            pv,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time: result.elapsed.as_secs_f64(),
            nps: result.nps(),
            lines,
        })
    }
}

/// A suggested move with its SAN and an explanation in English and Chinese.
#[pyclass(module = "chess_core.engine", name = "Hint", frozen, get_all)]
pub struct Hint {
    /// The move.
    #[pyo3(name = "move")]
    mv: Py<Move>,
    /// The move in SAN.
    san: String,
    /// The move and the reason it is good, in English.
    text: String,
    /// The same in Chinese.
    text_zh: String,
    /// The search's score.
    score: PovScore,
}

#[pymethods]
impl Hint {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Hint {} {:?}>", self.san, self.text)
    }
}

/// Converts a time in seconds to a duration; `ValueError` for a negative or non-finite one.
fn seconds(time: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(time).map_err(|_| PyValueError::new_err(format!("invalid time: {time} seconds")))
}

/// A computer player that keeps its transposition table from one search to the next.
///
/// Every search releases the GIL; `stop()` (from any thread) ends the running one, which then
/// returns its best move so far, and Ctrl-C in the main thread ends it with `KeyboardInterrupt`
/// within a fraction of a second. One engine searches one board at a time: a second search
/// started while one runs raises `RuntimeError`; use one engine per thread.
#[pyclass(module = "chess_core.engine", name = "Engine", frozen)]
pub struct Engine {
    searcher: Mutex<Searcher>,
    stop: StopHandle,
}

/// How often a thread waiting for its search looks for a signal (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(20);

impl Engine {
    /// Runs `f` on the searcher on a thread of its own, with the GIL released, while the
    /// calling thread waits and looks for signals every [`SIGNAL_POLL`]: the exception of a
    /// signal's handler (Ctrl-C's `KeyboardInterrupt`) stops the search and is raised when it
    /// has returned. Only the main thread sees signals, as in Python.
    fn with_searcher<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut Searcher) -> T + Send) -> PyResult<T> {
        let mut searcher = match self.searcher.try_lock() {
            Ok(searcher) => searcher,
            // A search that panicked left the searcher usable: its state is only learnt data.
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err("the engine is already searching (use one engine per thread)"));
            }
        };
        let searcher = &mut *searcher;
        let stop = &self.stop;
        py.detach(move || {
            std::thread::scope(|scope| {
                let waiter = std::thread::current();
                let worker = scope.spawn(move || {
                    let value = f(searcher);
                    waiter.unpark();
                    value
                });
                let mut signal: Option<PyErr> = None;
                while !worker.is_finished() {
                    std::thread::park_timeout(SIGNAL_POLL);
                    if signal.is_none() {
                        signal = Python::attach(|py| py.check_signals()).err();
                    }
                    if signal.is_some() {
                        // Again at each wake: a stop that comes before a search starts is
                        // forgotten when it starts (hint() runs two).
                        stop.stop();
                    }
                }
                match worker.join() {
                    Ok(value) => signal.map_or(Ok(value), Err),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            })
        })
    }

    /// Searches `board` within `limits`, calling `info` (if given) after each depth.
    fn run(
        &self,
        py: Python<'_>,
        board: &Board,
        level: search::Level,
        limits: SearchLimits,
        info: Option<Py<PyAny>>,
    ) -> PyResult<SearchResult> {
        let pos = board.playable()?;
        let mut keys: Vec<u64> = board.game.positions().map(|before| before.repetition_key()).collect();
        keys.pop();
        // House rules (no-progress, check limits, ...) are searched through the board's game.
        let fide = *board.game.rules() == chess_core::Rules::fide();
        let game = if fide { None } else { Some(board.legal_game()?) };
        let stop = self.stop.clone();
        let (result, error) = self.with_searcher(py, move |searcher| {
            searcher.set_level(level);
            let mut error: Option<PyErr> = None;
            // After each depth, the callback; its exception ends the search.
            let mut report = |core: &CoreInfo<'_>| {
                let Some(callback) = info.as_ref().filter(|_| error.is_none()) else { return };
                let outcome = Python::attach(|py| {
                    let info = Py::new(py, SearchInfo::new(py, &pos, core)?)?;
                    callback.call1(py, (info,)).map(drop)
                });
                if let Err(e) = outcome {
                    error = Some(e);
                    stop.stop();
                }
            };
            let result = match &game {
                Some(game) => searcher.search_game(game, &limits, &mut report),
                None => searcher.search(&pos, &keys, &limits, &mut report),
            };
            (result, error)
        })?;
        match error {
            Some(error) => Err(error),
            None => SearchResult::new(py, &pos, &result),
        }
    }
}

#[pymethods]
impl Engine {
    /// Makes an engine with a transposition table of `hash_mb` MiB (at most 4096) and, with a
    /// `seed`, repeatable random choices for the weaker levels.
    #[new]
    #[pyo3(signature = (hash_mb = 16, seed = None))]
    fn new(hash_mb: usize, seed: Option<u64>) -> Engine {
        let mut searcher = Searcher::with_hash_mb(hash_mb);
        if let Some(seed) = seed {
            searcher.set_seed(seed);
        }
        let stop = searcher.stop_handle();
        Engine { searcher: Mutex::new(searcher), stop }
    }

    /// Chooses a move for `board` at `level` (by default chess-core's default level, Master)
    /// with the level's own limits (Master: one second).
    #[pyo3(signature = (board, level = None, *, info = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        level: Option<LevelArg>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<SearchResult> {
        let level = LevelArg::or_default(level)?;
        self.run(py, &board, level, SearchLimits::default(), info)
    }

    /// Analyses `board` at full strength within the limits given (they combine: the first
    /// reached ends the search): `depth` in plies, `nodes`, `time` in seconds, `mate` (look
    /// for a mate in at most that many moves); with none, Master's own limits (one second,
    /// chess-core's `SearchLimits::or_level`). `multipv` best lines
    /// are found; `info` is called with a `SearchInfo` after each depth (an exception it
    /// raises stops the search and is raised here).
    #[pyo3(signature = (board, *, depth = None, nodes = None, time = None, mate = None, multipv = 1, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
        multipv: u32,
        info: Option<Py<PyAny>>,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, nodes, time, mate, multipv)?;
        self.run(py, &board, search::Level::Master, limits, info)
    }

    /// Suggests a move for the side to move, searched at `level` (by default chess-core's
    /// default level, Master), with its SAN and words; `None` when there is no legal move.
    #[pyo3(signature = (board, level = None))]
    fn hint(&self, py: Python<'_>, board: PyRef<'_, Board>, level: Option<LevelArg>) -> PyResult<Option<Hint>> {
        let level = LevelArg::or_default(level)?;
        let pos = board.playable()?;
        drop(board);
        let game = Game::from_position(pos);
        let Some(hint) = self.with_searcher(py, move |searcher| searcher.hint(&game, level))? else {
            return Ok(None);
        };
        Ok(Some(Hint {
            mv: Move::from_uci_move(pos.uci(hint.mv)).to_object(py)?,
            san: hint.san.clone(),
            text: hint.to_string(),
            text_zh: hint.text(Lang::Zh).to_string(),
            score: pov(&pos, hint.score),
        }))
    }

    /// Ends the running search soon (within milliseconds); it returns its best move so far.
    /// Does nothing when no search runs.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Forgets what was learnt, for a new game.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.with_searcher(py, Searcher::new_game)
    }
}

/// Search limits from the keyword arguments (none may be given: see `SearchLimits::or_level`).
fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    mate: Option<u32>,
    multipv: u32,
) -> PyResult<SearchLimits> {
    if multipv == 0 {
        return Err(PyValueError::new_err("multipv must be at least 1"));
    }
    let move_time = time.map(seconds).transpose()?;
    Ok(SearchLimits { depth, nodes, move_time, mate, multi_pv: multipv, ..SearchLimits::default() })
}

/// Chooses one move for `board` with a fresh engine: at `level` with its own limits, or at
/// full strength within `depth`, `nodes` and `time` (seconds; with none of them, Master's own
/// limits, one second). `None` when there is no legal move.
#[pyfunction]
#[pyo3(name = "search", signature = (board, *, level = None, depth = None, nodes = None, time = None))]
fn search_move(
    py: Python<'_>,
    board: PyRef<'_, Board>,
    level: Option<LevelArg>,
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
) -> PyResult<Option<Py<Move>>> {
    let engine = Engine::new(1, None);
    let result = match (level, depth, nodes, time) {
        (Some(level), None, None, None) => {
            let level = level.core()?;
            engine.run(py, &board, level, SearchLimits::default(), None)?
        }
        (Some(_), ..) => return Err(PyValueError::new_err("give a level or limits (depth, nodes, time), not both")),
        (None, ..) => {
            let limits = limits(depth, nodes, time, None, 1)?;
            engine.run(py, &board, search::Level::Master, limits, None)?
        }
    };
    Ok(result.best_move)
}

/// Adds the engine's classes and `search` to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Level>()?;
    m.add_class::<Score>()?;
    m.add_class::<PovScore>()?;
    m.add_class::<SearchInfo>()?;
    m.add_class::<PvLine>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Engine>()?;
    m.add_function(wrap_pyfunction!(search_move, m)?)?;
    m.add_function(wrap_pyfunction!(centipawns, m)?)?;
    m.add_function(wrap_pyfunction!(mate_in, m)?)?;
    Ok(())
}
