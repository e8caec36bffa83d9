//! A game's text from a Python file object, taken as python-chess's `read_game` takes it:
//! the game's lines ([`GameLines`]), read a line at a time with `readline()` so that the file
//! is left just after them.
//!
//! Reading ahead in blocks and moving the file object back with `seek()` was measured
//! slower: on a text file `tell()` and `seek()` cost about 1.3 and 3 µs, 25 `readline()`
//! calls (a game of the TWIC file) about 6 µs in all.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView, PyString};

use chess_core::pgn::{GameLines, LineKind};

/// A game's lines as they are gathered.
#[derive(Default)]
struct Gatherer {
    lines: GameLines,
    text: Vec<u8>,
}

impl Gatherer {
    /// Takes one line (with its line break, if any): `true` once the game is complete. A
    /// byte-order mark before the game is dropped.
    fn take(&mut self, line: &[u8]) -> bool {
        let line = if self.lines.started() { line } else { line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line) };
        match self.lines.line(line) {
            LineKind::Part => {
                self.text.extend_from_slice(line);
                false
            }
            LineKind::Skip => false,
            LineKind::End => true,
        }
    }

    /// The game's text (empty when there was none); bytes that are not UTF-8 read as
    /// replacement characters.
    fn finish(self) -> String {
        match String::from_utf8(self.text) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        }
    }
}

/// The first game of a text, as the next game of a file holding it.
pub fn first_game_text(text: &str) -> String {
    let mut gatherer = Gatherer::default();
    for line in text.as_bytes().split_inclusive(|&b| b == b'\n') {
        if gatherer.take(line) {
            break;
        }
    }
    gatherer.finish()
}

/// The next game's text from a file object opened in text or binary mode; empty when the
/// file holds no more games.
pub fn next_game_text(handle: &Bound<'_, PyAny>) -> PyResult<String> {
    let readline = handle.getattr(intern!(handle.py(), "readline"))?;
    let mut gatherer = Gatherer::default();
    let mut line = Vec::new();
    loop {
        line.clear();
        append_chunk(&readline.call0()?, &mut line)?;
        if line.is_empty() || gatherer.take(&line) {
            return Ok(gatherer.finish());
        }
    }
}

/// Appends what a file object's `read()` or `readline()` gave: `str` (as UTF-8), `bytes`, or
/// any other bytes-like object (bytearray, memoryview, array, mmap: its buffer); another type
/// raises `TypeError`.
pub fn append_chunk(chunk: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    if let Ok(text) = chunk.cast::<PyString>() {
        out.extend_from_slice(text.to_cow()?.as_bytes());
    } else if let Ok(bytes) = chunk.cast::<PyBytes>() {
        out.extend_from_slice(bytes.as_bytes());
    } else {
        let view = PyMemoryView::from(chunk)?;
        let bytes = view.call_method0("tobytes")?;
        out.extend_from_slice(bytes.cast::<PyBytes>()?.as_bytes());
    }
    Ok(())
}
