//! House rules and game events for `Board`: chess-core's `Rules` as the Python `Rules`
//! dataclass, events by name, and the board's game as a `Game` of legal positions.

use chess_core::{Color, EventError, EventKind, Game, Rules};
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
    pub(crate) fn from_core_game<'py>(py: Python<'py>, game: &Game) -> PyResult<Bound<'py, Board>> {
        let chess960 = game.start_position().castling_mode().is_chess960();
        Bound::new(py, Board::of_game(game.clone().into(), chess960).initializer())
    }

    /// The board's game as a chess-core `Game` of legal positions (saves, engines under house
    /// rules); `ValueError` when a position is no legal one or was edited.
    pub(crate) fn legal_game(&self) -> PyResult<Game> {
        self.game.to_legal_game().ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(
                "this needs a stack of legal moves from a legal position (the board was edited, or a null move or a move into check was pushed)",
            )
        })
    }
}
