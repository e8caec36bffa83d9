//! The search thread: runs a [`Searcher`] while the command loop keeps reading, writes the
//! `info` lines and the `bestmove`, and hands the searcher back when it is done.

use std::fmt;
use std::io;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};

use chess_core::search::{SearchInfo, SearchLimits, SearchResult, Searcher, StopHandle};
use chess_core::{Move, Position};

use super::Output;
use super::commands::GamePosition;

/// One `go`: where to search, how far, and whether to ponder first.
#[derive(Clone, Debug)]
pub(super) struct Job {
    pub game: GamePosition,
    pub limits: SearchLimits,
    /// Search without limits until `ponderhit` (then search within `limits`) or `stop`.
    pub ponder: bool,
}

/// A search running on its own thread.
pub(super) struct Thinking {
    control: Arc<Control>,
    thread: JoinHandle<Box<Searcher>>,
}

impl Thinking {
    /// Starts `job` on a new thread with `searcher`, which `prepare` first sets up on that
    /// thread, writing to `out`. If the thread cannot be started, the searcher is lost with
    /// the error.
    pub fn start(
        searcher: Box<Searcher>,
        prepare: impl FnOnce(&mut Searcher) + Send + 'static,
        job: Job,
        out: Output,
    ) -> io::Result<Thinking> {
        let control = Arc::new(Control {
            flags: Mutex::new(Flags::default()),
            changed: Condvar::new(),
            stop: searcher.stop_handle(),
            ponder: job.ponder,
        });
        let shared = Arc::clone(&control);
        let thread = thread::Builder::new().name("search".into()).spawn(move || {
            let mut searcher = searcher;
            prepare(&mut searcher);
            think(&mut searcher, &job, &shared, &out);
            searcher
        })?;
        Ok(Thinking { control, thread })
    }

    /// Asks the search to stop; it then writes its `bestmove`.
    pub fn stop(&self) {
        self.control.signal(|flags| flags.stop = true);
    }

    /// Tells a pondering search that the expected move was played: it goes on as a normal
    /// search within the `go` limits. Does nothing when the search is not pondering.
    pub fn ponderhit(&self) {
        if self.control.ponder && !self.control.flags().ponderhit {
            self.control.signal(|flags| flags.ponderhit = true);
        }
    }

    /// Waits for the thread and returns its searcher (`None` if the thread panicked).
    pub fn join(self) -> Option<Box<Searcher>> {
        self.thread.join().ok()
    }
}

/// What the command loop has told a running search.
#[derive(Clone, Copy, Debug, Default)]
struct Flags {
    stop: bool,
    ponderhit: bool,
}

impl Flags {
    /// Tells whether the current phase of the search (pondering or not) should end.
    fn end(self, pondering: bool) -> bool {
        self.stop || (pondering && self.ponderhit)
    }
}

/// The flags shared between the command loop and the search thread.
struct Control {
    flags: Mutex<Flags>,
    changed: Condvar,
    stop: StopHandle,
    /// Whether the job began by pondering.
    ponder: bool,
}

impl Control {
    fn lock(&self) -> MutexGuard<'_, Flags> {
        self.flags.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn flags(&self) -> Flags {
        *self.lock()
    }

    /// Changes the flags, stops the current search and wakes the thread if it waits.
    fn signal(&self, change: impl FnOnce(&mut Flags)) {
        let mut flags = self.lock();
        change(&mut flags);
        self.stop.stop();
        self.changed.notify_all();
    }

    /// Waits until the current phase of the search (pondering or not) should end.
    fn wait_for_end(&self, pondering: bool) {
        let flags = self.lock();
        let _flags =
            self.changed.wait_while(flags, |flags| !flags.end(pondering)).unwrap_or_else(PoisonError::into_inner);
    }
}

/// Runs `job` and writes the `bestmove`. An infinite or pondering search that ends by itself
/// (at the maximum depth, or with no legal move) waits for `stop` or `ponderhit` first.
///
/// With a book (`OwnBook`), a `go` that bounds the search and names no `searchmoves` plays a
/// book move of the position at once, when there is one.
fn think(searcher: &mut Searcher, job: &Job, control: &Control, out: &Output) {
    if !job.ponder
        && !job.limits.infinite
        && job.limits.root_moves.is_empty()
        && let Some(found) = searcher.book_move(&job.game.position)
    {
        write(out, format_args!("info string book move, weight {}", found.entry.weight));
        write(out, format_args!("bestmove {}", job.game.position.uci(found.mv)));
        return;
    }
    let mut pondering = job.ponder;
    let result = loop {
        let limits = if pondering {
            SearchLimits {
                infinite: true,
                root_moves: job.limits.root_moves.clone(),
                multi_pv: job.limits.multi_pv,
                ..SearchLimits::default()
            }
        } else {
            job.limits.clone()
        };
        let result = search(searcher, job, &limits, control, pondering, out);
        if limits.infinite {
            control.wait_for_end(pondering);
        }
        let flags = control.flags();
        if pondering && flags.ponderhit && !flags.stop {
            pondering = false;
            continue;
        }
        break result;
    };
    if result.best_move.is_some() {
        write(out, FinalInfo { position: &job.game.position, result: &result });
    }
    let moves = uci_moves(&job.game.position, result.best_move.iter().chain(&result.ponder));
    match moves.as_slice() {
        [] => write(out, "bestmove 0000"),
        [best] => write(out, format_args!("bestmove {best}")),
        [best, ponder, ..] => write(out, format_args!("bestmove {best} ponder {ponder}")),
    }
}

/// Writes a line from the search thread. A failed write is left to the command loop, which
/// meets the same closed output on its next line.
fn write(out: &Output, text: impl fmt::Display) {
    let _ = out.line(text);
}

/// Searches once, writing an `info` line for each report (or one saying that there is no
/// legal move).
fn search(
    searcher: &mut Searcher,
    job: &Job,
    limits: &SearchLimits,
    control: &Control,
    pondering: bool,
    out: &Output,
) -> SearchResult {
    let stop = searcher.stop_handle();
    let position = &job.game.position;
    let mut report = |info: &SearchInfo<'_>| {
        // A stop that came before the search began was cleared by it: ask again.
        if control.flags().end(pondering) {
            stop.stop();
        }
        write(out, InfoLine { position, info });
    };
    let result = searcher.search(position, &job.game.history, limits, &mut report);
    if result.from_tablebase {
        write(out, "info string tablebase move");
    }
    if result.best_move.is_none() {
        write(out, format_args!("info depth 0 score {}", result.score.uci()));
    }
    result
}

/// Writes moves of a line from `position` in UCI form, castling as the position's mode says
/// (each move must be legal after the ones before it; the line stops at one that is not).
fn uci_moves<'a>(position: &Position, moves: impl IntoIterator<Item = &'a Move>) -> Vec<String> {
    let mut position = *position;
    let mut texts = Vec::new();
    for &mv in moves {
        let text = position.uci(mv).to_string();
        if position.play(mv).is_err() {
            break;
        }
        texts.push(text);
    }
    texts
}

/// An `info` line: `info depth 5 seldepth 9 multipv 1 score cp 20 nodes ... pv e2e4 e7e5`.
struct InfoLine<'a> {
    position: &'a Position,
    info: &'a SearchInfo<'a>,
}

impl fmt::Display for InfoLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.info;
        write!(
            f,
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score.uci(),
            info.nodes,
            info.nps(),
            info.hashfull,
            info.elapsed.as_millis(),
        )?;
        let pv = uci_moves(self.position, info.pv);
        if !pv.is_empty() {
            write!(f, " pv {}", pv.join(" "))?;
        }
        Ok(())
    }
}

/// The last `info` line, written just before `bestmove`: the search's totals and a line that
/// starts with the move played, also when an unfinished depth chose it (GUIs show the last
/// `pv` as the engine's choice).
struct FinalInfo<'a> {
    position: &'a Position,
    result: &'a SearchResult,
}

impl fmt::Display for FinalInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self.result;
        let ponder_line: Vec<Move> = result.best_move.iter().chain(&result.ponder).copied().collect();
        let line = if result.pv.first() == result.best_move.as_ref() { &result.pv } else { &ponder_line };
        write!(
            f,
            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            result.depth,
            result.seldepth,
            result.score.uci(),
            result.nodes,
            result.nps(),
            result.elapsed.as_millis(),
            uci_moves(self.position, line).join(" "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::CastlingMode;
    use chess_core::search::Score;
    use std::time::Duration;

    #[test]
    fn castling_in_lines_follows_the_mode() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let standard = Position::from_fen(fen).unwrap();
        let white = standard.parse_uci("e1g1").unwrap();
        let mut after = standard;
        after.play(white).unwrap();
        let line = [white, after.parse_uci("e8c8").unwrap()];
        assert_eq!(uci_moves(&standard, &line), ["e1g1", "e8c8"]);
        let chess960 = Position::from_fen_with(fen, CastlingMode::Chess960).unwrap();
        assert_eq!(uci_moves(&chess960, &line), ["e1h1", "e8a8"]);
        // A move that is not legal where it stands ends the line.
        assert_eq!(uci_moves(&standard, &[line[1], line[0]]), Vec::<String>::new());
    }

    #[test]
    fn info_line() {
        let position = Position::new();
        let pv = [position.parse_uci("e2e4").unwrap()];
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            multipv: 2,
            score: Score::Mate(-2),
            nodes: 3000,
            elapsed: Duration::from_millis(1500),
            hashfull: 7,
            pv: &pv,
        };
        assert_eq!(
            InfoLine { position: &position, info: &info }.to_string(),
            "info depth 3 seldepth 5 multipv 2 score mate -2 nodes 3000 nps 2000 hashfull 7 time 1500 pv e2e4"
        );
    }
}
