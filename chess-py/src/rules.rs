//! House rules and game events for `Board`: chess-core's `Rules` as the Python `Rules`
//! dataclass, and the board's stack replayed as a chess-core `Game`, which judges every rule
//! and event.

use chess_core::{Color, EventError, EventKind, Game, Judging, Rules};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{Board, quote};

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

/// An event's name in Python (`board.pop()` and pickling use it) and back.
pub fn event_name(kind: EventKind) -> (&'static str, bool) {
    let (name, color) = match kind {
        EventKind::Resign(color) => ("resign", color),
        EventKind::OfferDraw(color) => ("offer_draw", color),
        EventKind::AcceptDraw(color) => ("accept_draw", color),
        EventKind::DeclineDraw(color) => ("decline_draw", color),
        EventKind::ClaimDraw(color) => ("claim_draw", color),
        EventKind::Timeout(color) => ("timeout", color),
        EventKind::Forfeit(color) => ("forfeit", color),
        // An event chess-core adds later: named for what it is not.
        _ => ("unknown", Color::White),
    };
    (name, color == Color::White)
}

/// The event named `name` by `color`.
pub fn event_kind(name: &str, white: bool) -> PyResult<EventKind> {
    let color = if white { Color::White } else { Color::Black };
    Ok(match name {
        "resign" => EventKind::Resign(color),
        "offer_draw" => EventKind::OfferDraw(color),
        "accept_draw" => EventKind::AcceptDraw(color),
        "decline_draw" => EventKind::DeclineDraw(color),
        "claim_draw" => EventKind::ClaimDraw(color),
        "timeout" => EventKind::Timeout(color),
        "forfeit" => EventKind::Forfeit(color),
        _ => return Err(pyo3::exceptions::PyValueError::new_err(format!("unknown game event {}", quote(name)))),
    })
}

/// Records `kind` in `game` through chess-core's checked event methods.
pub fn apply(game: &mut Game, kind: EventKind) -> Result<(), EventError> {
    match kind {
        EventKind::Resign(color) => game.resign(color).map(drop),
        EventKind::OfferDraw(color) => game.offer_draw(color),
        EventKind::AcceptDraw(color) => game.accept_draw(color).map(drop),
        EventKind::DeclineDraw(color) => game.decline_draw(color),
        EventKind::ClaimDraw(color) => game.claim_draw(color).map(drop),
        EventKind::Timeout(color) => game.timeout(color).map(drop),
        EventKind::Forfeit(color) => game.forfeit(color).map(drop),
        _ => Err(EventError::NoDrawOffer),
    }
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
                apply(&mut game, kind).map_err(|error| event_error(&error))?;
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
