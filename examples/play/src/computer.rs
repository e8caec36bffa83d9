//! The computer's side: choosing a move (showing the search as it is: its depth and time) and
//! waiting at the chosen pace (shown as the computer taking its time).

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use chess_core::search::{SearchInfo, SearchResult, Searcher};
use chess_core::{Game, Lang};
use chess_session::Pace;

use super::Msg;

/// How often the live display is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// The spinner's frames.
const FRAMES: [char; 4] = ['|', '/', '-', '\\'];

/// Searches the current position of `game` at the searcher's level and says how deep and how
/// long it searched, then waits as `pace` asks, saying that the computer takes its time. With
/// `live`, a spinner is redrawn on one line meanwhile (and erased after).
pub(crate) fn choose_move<W: Write>(
    searcher: &mut Searcher,
    game: &Game,
    (pace, spread): (Pace, &mut fastrand::Rng),
    out: &mut W,
    (lang, live): (Lang, bool),
) -> io::Result<SearchResult> {
    let started = Instant::now();
    let result = if live { search_live(searcher, game, out, lang, started)? } else { searcher.play(game) };
    let seconds = started.elapsed().as_secs_f64();
    if live {
        write!(out, "\r\x1b[K")?;
    }
    let said = if result.from_book {
        Msg::BookMove
    } else if result.from_tablebase {
        Msg::TablebaseMove
    } else {
        Msg::Searched { depth: result.depth, seconds }
    };
    writeln!(out, "{}", said.text(lang))?;
    let wait = result.best_move.map_or(Duration::ZERO, |m| pace.wait(game.position(), m, spread.f64()));
    if wait.is_zero() {
        return Ok(result);
    }
    let text = Msg::TakingItsTime.text(lang);
    if live {
        let until = Instant::now() + wait;
        for frame in 0.. {
            let Some(left) = until.checked_duration_since(Instant::now()).filter(|left| !left.is_zero()) else {
                break;
            };
            spin(out, frame, &text)?;
            thread::sleep(left.min(TICK));
        }
        write!(out, "\r\x1b[K")?;
    } else {
        writeln!(out, "{text}")?;
        thread::sleep(wait);
    }
    Ok(result)
}

/// Searches on another thread while this one redraws the spinner with the depths reported.
fn search_live<W: Write>(
    searcher: &mut Searcher,
    game: &Game,
    out: &mut W,
    lang: Lang,
    started: Instant,
) -> io::Result<SearchResult> {
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        let search = scope.spawn(move || {
            let mut report = |info: &SearchInfo<'_>| {
                let _ = sender.send(info.depth);
            };
            // The level's own limits, or a book or tablebase move.
            searcher.play_reporting(game, &mut report)
        });
        let mut depth = 0;
        for frame in 0.. {
            match receiver.recv_timeout(TICK) {
                Ok(finished) => depth = finished,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            let seconds = started.elapsed().as_secs_f64();
            spin(out, frame, &Msg::Searching { depth, seconds }.text(lang))?;
        }
        search.join().map_err(|_| io::Error::other("the search stopped unexpectedly"))
    })
}

/// Redraws the live line: a spinner frame and `text`.
fn spin<W: Write>(out: &mut W, frame: usize, text: &str) -> io::Result<()> {
    write!(out, "\r\x1b[K{} {text}", FRAMES[frame % FRAMES.len()])?;
    out.flush()
}
