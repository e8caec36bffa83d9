//! House rules and game events for `Board`: chess-core's `Rules` as the Python `Rules`
//! dataclass, and the board's stack replayed as a chess-core `Game`, which judges every rule
//! and event.

use chess_core::{Color, EventError, EventKind, Game, Judging, Rules};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::Board;
use crate::errors::quote;

pyo3::create_exception!(
    chess_core,
    EventNotAllowedError,
    pyo3::exceptions::PyValueError,
    "Raised when the rules do not allow a game event now (a resignation before the rules' move count, a fourth draw offer, an event after the game ended)."
);

/// The fields of chess-core's `Rules` preset `"fide"` or `"casual"`, as a dict (the Python
/// `Rules.fide()` and `Rules.casual()` are made from it).
#[pyfunction]
pub fn _rules_preset<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    rules_dict(py, &preset(name)?)
}

fn preset(name: &str) -> PyResult<Rules> {
    match name {
        "fide" => Ok(Rules::fide()),
        "casual" => Ok(Rules::casual()),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "rules must be 'fide', 'casual' or a Rules object, not {}",
            quote(name)
        ))),
    }
}

/// The fields of `rules` as a dict.
pub fn rules_dict<'py>(py: Python<'py>, rules: &Rules) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    macro_rules! put {
        (Rules { $($field:ident),* $(,)? }) => { $( dict.set_item(stringify!($field), rules.$field)?; )* };
    }
    chess_core::with_rules_fields!(put);
    Ok(dict)
}

/// The rules a `rules=` argument names: `"fide"`, `"casual"`, or an object with `Rules`'s
/// fields as attributes (the Python `Rules`).
pub fn rules_from(value: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(name) = value.extract::<String>() {
        return preset(&name);
    }
    let mut rules = Rules::fide();
    macro_rules! get {
        (Rules { $($field:ident),* $(,)? }) => { $( rules.$field = value.getattr(stringify!($field))?.extract()?; )* };
    }
    chess_core::with_rules_fields!(get);
    Ok(rules)
}

/// An event's name and player in Python (`Board.events` and pickling use them): chess-core's
/// `EventKind::name` and whether the player is White.
pub fn event_name(kind: EventKind) -> (&'static str, bool) {
    (kind.name(), kind.player() == Color::White)
}

/// The event named `name` by the player `white` or not; a name chess-core does not know raises
/// `ValueError`.
pub fn event_kind(name: &str, white: bool) -> PyResult<EventKind> {
    let player = if white { Color::White } else { Color::Black };
    EventKind::from_name(name, player)
        .map_err(|error| crate::errors::error_for(error.code(), format!("{error}: {}", quote(name))))
}

/// The Python exception for a refused event.
pub fn event_error(error: &EventError) -> PyErr {
    EventNotAllowedError::new_err(error.to_string())
}

impl Board {
    /// A board holding `game`: its start position, its moves on the stack, its rules and events.
    pub(crate) fn from_game<'py>(py: Python<'py>, game: &Game) -> PyResult<Bound<'py, Board>> {
        let board = crate::pgn::make_board(py, game.start_position(), game.moves().iter().copied())?;
        {
            let mut inner = board.borrow_mut();
            inner.rules = *game.rules();
            inner.events = game.events().iter().map(|event| (event.ply, event.kind)).collect();
        }
        Ok(board)
    }

    /// The board's stack as a chess-core `Game` under the board's rules, with its events:
    /// replayed from the root (each position checked against the stored one), so chess-core
    /// judges house rules and events. Moves past the end are recorded, as python-chess allows.
    pub(crate) fn game(&self) -> PyResult<Game> {
        let stale = || {
            pyo3::exceptions::PyValueError::new_err(
                "house rules and game events need a stack of legal moves from one position (the board was edited or a pseudo-legal move pushed)",
            )
        };
        let current = *self.playable()?;
        let root = self.history.first().map_or(current, |snapshot| snapshot.pos);
        let mut game = Game::from_position_with_rules(root, self.rules).with_judging(Judging::Record);
        let mut events = self.events.iter().peekable();
        for ply in 0..=self.moves.len() {
            while let Some(&(_, kind)) = events.next_if(|(at, _)| *at as usize == ply) {
                game.apply(kind).map_err(|error| event_error(&error))?;
            }
            let Some(m) = self.moves.get(ply) else { break };
            let core = m.core().ok_or_else(stale)?;
            let resolved = game.position().resolve_move(core.from(), core.to(), core.promotion());
            game.push(resolved.map_err(|_| stale())?).map_err(|_| stale())?;
            let stored = self.history.get(ply + 1).map_or(&current, |snapshot| &snapshot.pos);
            if game.position() != stored {
                return Err(stale());
            }
        }
        Ok(game)
    }
}
