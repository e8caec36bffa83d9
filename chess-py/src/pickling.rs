//! Pickling a board: every stored position and move, the rules and the events.

use chess_core::Position;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::{Board, Snapshot};
use crate::editing::Edited;
use crate::moves::Move;
use crate::rules;

/// A pickled state: a FEN, and the edited setup's FEN when there is one.
type PickledState = (String, Option<String>);

/// A pickled board: the states before each move, the moves (from, to, promotion piece type or
/// 0), the current state, the rules (a Python `Rules`) and the events (moves played, name,
/// colour).
pub(crate) type PickledBoard<'py> =
    (Vec<PickledState>, Vec<(u8, u8, u8)>, PickledState, Bound<'py, PyAny>, Vec<(u32, &'static str, bool)>);

/// What `__setstate__` reads back (the same, with the event names owned).
pub(crate) type UnpickledBoard<'py> =
    (Vec<PickledState>, Vec<(u8, u8, u8)>, PickledState, Bound<'py, PyAny>, Vec<(u32, String, bool)>);

impl Board {
    /// The state `__getstate__` pickles: every stored position and move, the current one, the
    /// rules and the events.
    pub(crate) fn pickled_state<'py>(&self, py: Python<'py>) -> PyResult<PickledBoard<'py>> {
        let state = |pos: &Position, edited: &Option<Box<Edited>>| {
            (pos.to_setup().to_string(), edited.as_ref().map(|edited| edited.setup.to_string()))
        };
        Ok((
            self.history.iter().map(|snapshot| state(&snapshot.pos, &snapshot.edited)).collect(),
            self.moves.iter().map(|m| (m.from, m.to, m.promotion)).collect(),
            state(&self.pos, &self.edited),
            self.get_rules(py)?,
            self.events(),
        ))
    }

    /// Restores the state `pickled_state` made (`__setstate__`), checking every position and move.
    pub(crate) fn restore_pickled_state(&mut self, state: UnpickledBoard<'_>) -> PyResult<()> {
        let (history, moves, current, rules, events) = state;
        self.rules = rules::rules_from(&rules)?;
        self.events = events
            .into_iter()
            .map(|(ply, name, white)| Ok((ply, rules::event_kind(&name, white)?)))
            .collect::<PyResult<_>>()?;
        let invalid = || PyValueError::new_err("invalid pickled Board state");
        let chess960 = self.chess960;
        let restore = |(fen, edited): PickledState| -> PyResult<Snapshot> {
            let mut board = Board::from_setup(Board::read_fen(&fen)?, chess960);
            board.playable()?;
            if let Some(edited) = edited {
                board.set_setup(Board::read_fen(&edited)?);
            }
            Ok(Snapshot { pos: board.pos, edited: board.edited, promoted: board.promoted })
        };
        if history.len() != moves.len() {
            return Err(invalid());
        }
        self.history = history.into_iter().map(restore).collect::<PyResult<_>>()?;
        self.moves = moves
            .into_iter()
            .map(|(from, to, promotion)| {
                let promotion = (promotion != 0).then_some(i64::from(promotion));
                if (from, to, promotion) == (0, 0, None) {
                    Ok(Move::NULL)
                } else {
                    Move::new(from.into(), to.into(), promotion, None)
                }
            })
            .collect::<PyResult<_>>()?;
        let current = restore(current)?;
        (self.pos, self.edited) = (current.pos, current.edited);
        Ok(())
    }
}
