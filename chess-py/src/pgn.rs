//! PGN for Python (`chess_core.pgn`): chess-core's reader and writer behind python-chess's
//! names. A game is a flat record (tags, start, main line with comments, NAGs and variations),
//! not a tree of nodes; its Python objects (headers, moves, boards) are made when asked for.
//!
//! Files and handles are read in batches of games with the GIL released.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::sync::{Arc, Mutex, PoisonError};

use chess_core::pgn::{
    PgnError, PgnGame as CoreGame, PgnMove, PgnReader, PgnResult, PgnText, SEVEN_TAG_ROSTER, Variations,
};
use chess_core::{Move as CoreMove, Position};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyMemoryView, PyString};

use crate::board::Board;
use crate::moves::Move;

/// The Python moves of `moves` played from `start`, as python-chess writes them (castling as
/// the position's mode does; a null move is `Move.null()`).
pub(crate) fn py_moves(
    py: Python<'_>,
    start: &Position,
    moves: impl IntoIterator<Item = CoreMove>,
) -> PyResult<Vec<Py<Move>>> {
    let mut pos = *start;
    let mut out = Vec::new();
    for m in moves {
        if m.is_null() {
            pos.play_null().map_err(|e| PyValueError::new_err(format!("illegal null move: {}", e.reason)))?;
            out.push(Move::NULL.to_object(py)?);
        } else {
            out.push(Move::from_uci_move(pos.uci(m)).to_object(py)?);
            pos.play_unchecked(m);
        }
    }
    Ok(out)
}

/// A dict of tags with the seven-tag roster first (`?`, `????.??.??` and `*` for missing
/// ones), then the others in order, as python-chess's `Headers`.
fn headers_dict<'py>(py: Python<'py>, tags: &[(PgnText, PgnText)], result: PgnResult) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, default) in SEVEN_TAG_ROSTER {
        let default = if name == "Result" { result.as_str() } else { default };
        let value = tags.iter().find(|(n, _)| n == name).map_or(default, |(_, v)| v.as_str());
        dict.set_item(name, value)?;
    }
    for (name, value) in tags {
        if !dict.contains(name.as_str())? {
            dict.set_item(name.as_str(), value.as_str())?;
        }
    }
    Ok(dict)
}

/// A board at `start` (Chess960 when its castling is) after `moves`, with them on its stack.
pub(crate) fn make_board<'py>(
    py: Python<'py>,
    start: &Position,
    moves: impl IntoIterator<Item = CoreMove>,
) -> PyResult<Bound<'py, Board>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("chess960", start.castling_mode().is_chess960())?;
    let board = py.get_type::<Board>().call((start.to_fen(),), Some(&kwargs))?.cast_into::<Board>()?;
    {
        let mut inner = board.borrow_mut();
        for m in moves {
            if !m.is_null() && !inner.position().is_legal(m) {
                return Err(PyValueError::new_err(format!("illegal move in game: {}", inner.position().uci(m))));
            }
            inner.play(m);
        }
    }
    Ok(board)
}

/// A game read from PGN or made from a board: python-chess's `chess.pgn.Game` names on a flat
/// record (no node tree).
///
/// `headers` is a dict (roster first) that `str(game)` writes back, edits included;
/// `board()` is the start position, as in python-chess, and `end().board()` the final one.
#[pyclass(module = "chess_core.pgn", name = "Game")]
pub struct PgnGame {
    game: CoreGame,
    /// The headers dict, made on first access; the tags of `game` until then.
    headers: Option<Py<PyDict>>,
    /// What went wrong reading the game (it holds the moves up to there).
    errors: Vec<String>,
}

impl PgnGame {
    fn wrap(game: CoreGame, errors: Vec<String>) -> PgnGame {
        PgnGame { game, headers: None, errors }
    }

    /// The record with the headers dict's tags (when it was made) and result.
    fn record(&self, py: Python<'_>) -> PyResult<CoreGame> {
        let mut game = self.game.clone();
        if let Some(headers) = &self.headers {
            game.tags.clear();
            for (name, value) in headers.bind(py).iter() {
                let (name, value) = (name.str()?.to_string(), value.str()?.to_string());
                if name == "Result" {
                    game.result = PgnResult::from_ascii(value.as_bytes()).unwrap_or(PgnResult::Unknown);
                }
                game.set_tag(&name, &value);
            }
        }
        Ok(game)
    }
}

#[pymethods]
impl PgnGame {
    /// An empty game from the standard position with the seven-tag roster's defaults.
    #[new]
    fn new() -> PgnGame {
        PgnGame::wrap(CoreGame::new(), Vec::new())
    }

    /// A game with the moves of `board`'s stack, from its root, and its result (`*` while
    /// the game goes on), as python-chess's `Game.from_board`.
    #[staticmethod]
    fn from_board(py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<PgnGame> {
        let start = board.game.start_position().to_position().map_err(|e| PyValueError::new_err(format!("{e}")))?;
        let mut game = CoreGame::from_position(start);
        game.moves.extend(board.game.moves().iter().map(|&m| PgnMove::new(m)));
        drop(board);
        let result: String = board_result(py, &game)?;
        game.result = PgnResult::from_ascii(result.as_bytes()).unwrap_or(PgnResult::Unknown);
        Ok(PgnGame::wrap(game, Vec::new()))
    }

    /// The tags: a dict with the seven-tag roster first; edits show in `str(game)`.
    #[getter]
    fn headers(&mut self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        if let Some(headers) = &self.headers {
            return Ok(headers.clone_ref(py));
        }
        let headers: Py<PyDict> = headers_dict(py, &self.game.export_tags(), self.game.result)?.unbind();
        self.headers = Some(headers.clone_ref(py));
        Ok(headers)
    }

    /// The errors met while reading the game, as messages naming the line and column (the
    /// game holds the moves before the first).
    #[getter]
    fn errors(&self) -> Vec<String> {
        self.errors.clone()
    }

    /// The comment before the first move, or `None`.
    #[getter]
    fn comment(&self) -> Option<&str> {
        self.game.comment.as_deref()
    }

    /// The main line's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        py_moves(py, &self.game.start, self.game.mainline())
    }

    /// The comment after each main-line move (`None` where there is none).
    fn mainline_comments(&self) -> Vec<Option<&str>> {
        self.game.moves.iter().map(|m| m.comment.as_deref()).collect()
    }

    /// The NAGs after each main-line move.
    fn mainline_nags(&self) -> Vec<Vec<u16>> {
        self.game.moves.iter().map(|m| m.nags.iter().map(|&nag| u16::from(nag)).collect()).collect()
    }

    /// The number of variations after each main-line move (their moves are in `str(game)`).
    fn variation_counts(&self) -> Vec<usize> {
        self.game.moves.iter().map(|m| m.variations.len()).collect()
    }

    /// The FEN of the start position and of the position after each main-line move, without
    /// making boards (for bulk analysis).
    fn fens(&self) -> PyResult<Vec<String>> {
        let mut pos = self.game.start;
        let mut fens = Vec::with_capacity(self.game.moves.len() + 1);
        fens.push(pos.to_fen());
        for m in self.game.mainline() {
            if m.is_null() {
                pos.play_null().map_err(|e| PyValueError::new_err(format!("illegal null move: {}", e.reason)))?;
            } else {
                pos.play_unchecked(m);
            }
            fens.push(pos.to_fen());
        }
        Ok(fens)
    }

    /// A new board at the start position, as python-chess's `Game.board()`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Board>> {
        make_board(py, &self.game.start, [])
    }

    /// The end of the main line: its `board()` is the final position with the moves on its
    /// stack, as python-chess's `game.end().board()`.
    fn end(&self, py: Python<'_>) -> PyResult<GameEnd> {
        Ok(GameEnd { board: make_board(py, &self.game.start, self.game.mainline())?.unbind() })
    }

    /// The game in PGN: tags (roster first), movetext with comments, NAGs and variations
    /// wrapped at 80 columns, result.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.record(py)?.to_pgn())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let game = self.record(py)?;
        let tag = |name| crate::errors::quote(game.tag(name).unwrap_or("?"));
        Ok(format!("<Game {} vs. {}, {} plies, {}>", tag("White"), tag("Black"), game.moves.len(), game.result))
    }

    /// The state for pickle and copy: the PGN text and the errors.
    fn __getstate__(&self, py: Python<'_>) -> PyResult<(String, Vec<String>)> {
        Ok((self.__str__(py)?, self.errors.clone()))
    }

    fn __setstate__(&mut self, state: (String, Vec<String>)) -> PyResult<()> {
        let (text, errors) = state;
        let game = PgnReader::from_text(&text)
            .next()
            .ok_or_else(|| PyValueError::new_err("no game in the pickled state"))?
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        *self = PgnGame::wrap(game, errors);
        Ok(())
    }
}

/// The result python-chess's `Board.result()` gives at the end of `game`.
fn board_result(py: Python<'_>, game: &CoreGame) -> PyResult<String> {
    make_board(py, &game.start, game.mainline())?.call_method0("result")?.extract()
}

/// The end of a game's main line, as python-chess's last node: `board()`, `move`, `ply()`.
#[pyclass(module = "chess_core.pgn", name = "GameEnd", frozen)]
pub struct GameEnd {
    board: Py<Board>,
}

#[pymethods]
impl GameEnd {
    /// A copy of the final position with the game's moves on its stack.
    fn board(&self, py: Python<'_>) -> PyResult<Py<Board>> {
        self.board.borrow(py).clone().into_object(py)
    }

    /// The last move of the main line, `None` for a game without moves.
    #[getter(r#move)]
    fn last_move(&self, py: Python<'_>) -> PyResult<Option<Py<Move>>> {
        self.board.borrow(py).py_moves().next_back().map(|m| m.to_object(py)).transpose()
    }

    /// The number of half-moves played.
    fn ply(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).game.moves().len()
    }
}

/// The game of a reader's result: the game or the part read before the error, with the error.
fn from_result(result: Result<CoreGame, PgnError>) -> PyResult<PgnGame> {
    match result {
        Ok(game) => Ok(PgnGame::wrap(game, Vec::new())),
        Err(error) if error.kind.is_io() => Err(PyOSError::new_err(error.to_string())),
        Err(error) => {
            let message = error.to_string();
            let game = error.partial.map_or_else(CoreGame::new, |partial| *partial);
            Ok(PgnGame::wrap(game, vec![message]))
        }
    }
}

/// Reads the first game of a PGN text; `None` when it has none.
#[pyfunction]
pub fn read_game_text(py: Python<'_>, text: &str) -> PyResult<Option<PgnGame>> {
    let result = py.detach(|| PgnReader::from_text(text).next());
    result.map(from_result).transpose()
}

/// The exception a Python file object raised, kept to be raised again in place of the
/// reader's I/O error.
type Failure = Arc<Mutex<Option<PyErr>>>;

/// A Python file object read as bytes: its `read()` may give `str` (encoded as UTF-8), `bytes`
/// or any other bytes-like object.
struct Handle {
    handle: Py<PyAny>,
    data: Vec<u8>,
    at: usize,
    failure: Failure,
}

impl Read for Handle {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.data.len() {
            self.at = 0;
            self.data.clear();
            Python::attach(|py| -> PyResult<()> {
                let chunk = self.handle.call_method1(py, "read", (1 << 16,))?;
                let chunk = chunk.bind(py);
                if let Ok(text) = chunk.cast::<PyString>() {
                    self.data.extend_from_slice(text.to_cow()?.as_bytes());
                } else if let Ok(bytes) = chunk.cast::<PyBytes>() {
                    self.data.extend_from_slice(bytes.as_bytes());
                } else {
                    // Any other bytes-like object (bytearray, memoryview, array, mmap): its
                    // buffer copied into `bytes`; another type raises TypeError.
                    let view = PyMemoryView::from(chunk)?;
                    let bytes = view.call_method0("tobytes")?;
                    self.data.extend_from_slice(bytes.cast::<PyBytes>()?.as_bytes());
                }
                Ok(())
            })
            .map_err(|error| {
                let message = error.to_string();
                *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
                std::io::Error::other(message)
            })?;
        }
        let n = buf.len().min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// What the reader hands out: a game (with its errors) or a game's tags.
enum Item {
    Game(Result<CoreGame, PgnError>),
    Headers(Vec<(PgnText, PgnText)>),
}

/// How many games are read per release of the GIL.
const BATCH: usize = 256;

/// An iterator over the games of a file or handle (`chess_core.pgn.read_games`), reading
/// batches of games with the GIL released.
#[pyclass(module = "chess_core.pgn", name = "GameReader")]
pub struct GameReader {
    reader: PgnReader<Box<dyn BufRead + Send + Sync>>,
    headers_only: bool,
    ready: VecDeque<Item>,
    done: bool,
    failure: Failure,
}

impl GameReader {
    fn new(
        source: Box<dyn BufRead + Send + Sync>,
        headers_only: bool,
        variations: bool,
        failure: Failure,
    ) -> GameReader {
        let variations = if variations { Variations::Keep } else { Variations::Skip };
        GameReader {
            reader: PgnReader::new(source).variations(variations),
            headers_only,
            ready: VecDeque::new(),
            done: false,
            failure,
        }
    }

    /// Reads up to [`BATCH`] games (or games' tags) into `ready`.
    fn fill(&mut self) {
        for _ in 0..BATCH {
            let item = if self.headers_only {
                match self.reader.read_headers() {
                    Some(Ok(headers)) => Item::Headers(headers.tags),
                    Some(Err(error)) if !error.kind.is_io() => match error.partial {
                        Some(partial) => Item::Headers(partial.tags),
                        None => continue,
                    },
                    Some(Err(error)) => Item::Game(Err(error)),
                    None => {
                        self.done = true;
                        return;
                    }
                }
            } else {
                match self.reader.next() {
                    Some(result) => Item::Game(result),
                    None => {
                        self.done = true;
                        return;
                    }
                }
            };
            let failed = matches!(&item, Item::Game(Err(error)) if error.kind.is_io());
            self.ready.push_back(item);
            if failed {
                return; // the source failed: no more games from it
            }
        }
    }
}

#[pymethods]
impl GameReader {
    /// Opens a PGN file by path.
    #[staticmethod]
    #[pyo3(signature = (path, *, headers_only = false, variations = true))]
    fn open(path: std::path::PathBuf, headers_only: bool, variations: bool) -> PyResult<GameReader> {
        let file = File::open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        let source = Box::new(BufReader::with_capacity(1 << 16, file));
        Ok(GameReader::new(source, headers_only, variations, Failure::default()))
    }

    /// Reads a file object opened in text or binary mode, 64 KiB at a time.
    #[staticmethod]
    #[pyo3(signature = (handle, *, headers_only = false, variations = true))]
    fn from_handle(handle: Py<PyAny>, headers_only: bool, variations: bool) -> GameReader {
        let failure = Failure::default();
        let source = Handle { handle, data: Vec::new(), at: 0, failure: Arc::clone(&failure) };
        GameReader::new(Box::new(BufReader::with_capacity(1 << 16, source)), headers_only, variations, failure)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game (a `Game`, or with `headers_only` a dict of its tags).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.ready.is_empty() && !self.done {
            py.detach(|| self.fill());
        }
        match self.ready.pop_front() {
            None => Ok(None),
            Some(Item::Headers(tags)) => Ok(Some(headers_dict(py, &tags, PgnResult::Unknown)?.into_any().unbind())),
            Some(Item::Game(Err(error))) if error.kind.is_io() => {
                // A failing source ends the reading, with the file object's own exception.
                self.done = true;
                self.ready.clear();
                let raised = self.failure.lock().unwrap_or_else(PoisonError::into_inner).take();
                Err(raised.unwrap_or_else(|| PyOSError::new_err(error.to_string())))
            }
            Some(Item::Game(result)) => Ok(Some(Py::new(py, from_result(result)?)?.into_any())),
        }
    }
}

/// The PGN of `board`'s game (its stack from the root, its result) with `headers` set.
#[pyfunction]
#[pyo3(signature = (board, headers = None))]
pub fn write_game(py: Python<'_>, board: PyRef<'_, Board>, headers: Option<Bound<'_, PyDict>>) -> PyResult<String> {
    let mut game = PgnGame::from_board(py, board)?;
    if let Some(headers) = headers {
        let own = game.headers(py)?;
        own.bind(py).update(headers.as_mapping())?;
    }
    game.__str__(py)
}

/// Adds the PGN classes and functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PgnGame", m.py().get_type::<PgnGame>())?;
    m.add_class::<GameEnd>()?;
    m.add_class::<GameReader>()?;
    m.add_function(wrap_pyfunction!(read_game_text, m)?)?;
    m.add_function(wrap_pyfunction!(write_game, m)?)?;
    Ok(())
}
