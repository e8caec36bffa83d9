//! Pickling a board: every position of its game and every move, the rules and the events.

use chess_core::{AnyPosition, Game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::Board;
use crate::moves::Move;
use crate::rules;

/// A pickled board: the FEN of the start position and of the position after each move (as set
/// up, edits included), the moves (from, to, promotion piece type or 0; the null move
/// `(0, 0, 0)`), the rules (a Python `Rules`) and the events (moves played, name, colour).
pub(crate) type PickledBoard<'py> = (Vec<String>, Vec<(u8, u8, u8)>, Bound<'py, PyAny>, Vec<(u32, &'static str, bool)>);

/// What `__setstate__` reads back (the same, with the event names owned).
pub(crate) type UnpickledBoard<'py> = (Vec<String>, Vec<(u8, u8, u8)>, Bound<'py, PyAny>, Vec<(u32, String, bool)>);

impl Board {
    /// The state `__getstate__` pickles.
    pub(crate) fn pickled_state<'py>(&self, py: Python<'py>) -> PyResult<PickledBoard<'py>> {
        Ok((
            self.game.positions().map(|pos| pos.to_setup().to_string()).collect(),
            self.py_moves().map(|m| (m.from, m.to, m.promotion)).collect(),
            self.get_rules(py)?,
            self.events(),
        ))
    }

    /// Restores the state `pickled_state` made (`__setstate__`): each move must be pseudo-legal
    /// (or the null move) where it is played; a position that differs from the one the move
    /// reaches is an edit, kept as such.
    pub(crate) fn restore_pickled_state(&mut self, state: UnpickledBoard<'_>) -> PyResult<()> {
        let (fens, moves, rules, events) = state;
        let invalid = || PyValueError::new_err("invalid pickled Board state");
        if fens.len() != moves.len() + 1 {
            return Err(invalid());
        }
        let mode = self.castling_mode();
        let positions =
            fens.iter().map(|fen| Ok(AnyPosition::new(Board::read_fen(fen)?, mode))).collect::<PyResult<Vec<_>>>()?;
        let mut game = Game::from_position_with_rules(positions[0], rules::rules_from(&rules)?);
        let mut events = events.into_iter().peekable();
        for (ply, (&(from, to, promotion), reached)) in moves.iter().zip(&positions[1..]).enumerate() {
            while let Some((_, name, white)) = events.next_if(|(at, _, _)| *at as usize == ply) {
                game.apply(rules::event_kind(&name, white)?).map_err(|error| rules::event_error(&error))?;
            }
            let promotion = (promotion != 0).then_some(i64::from(promotion));
            let m = if (from, to, promotion) == (0, 0, None) {
                chess_core::Move::NULL
            } else {
                let m = Move::new(from.into(), to.into(), promotion, None)?.core().ok_or_else(invalid)?;
                game.position().pseudo_legal_move(m.from(), m.to(), m.promotion()).ok_or_else(invalid)?
            };
            game.push_pseudo_legal(m);
            if game.position() != reached {
                game.edit_position(*reached);
            }
        }
        for (_, name, white) in events {
            game.apply(rules::event_kind(&name, white)?).map_err(|error| rules::event_error(&error))?;
        }
        *self = Board::of_game(game, self.chess960);
        Ok(())
    }
}
