//! Hints: a suggested move, in SAN and in words, with a short reason when one is clear.

use alloc::string::{String, ToString};

use super::eval;
use super::{Score, SearchResult};
use crate::{Color, Description, Move, Position, Role};

/// A suggested move, written for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The move in SAN (`Nf3+`).
    pub san: String,
    /// The move described: display it for English words ("White knight g1 to f3, check"),
    /// or call `text(lang)` for another language. The hint itself displays as the
    /// description and its reason ("...; wins a pawn").
    pub description: Description,
    /// The search's score for the side to move.
    pub score: Score,
    /// Why the move is good, when there is a simple reason.
    pub reason: Option<HintReason>,
}

/// A short reason why a hinted move is good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HintReason {
    /// The move starts a forced mate in this many moves (1: it mates).
    GivesMate {
        /// Moves to mate, this one included.
        moves: u32,
    },
    /// The opponent threatened mate and the move stops it.
    AvoidsMate,
    /// The move promotes a pawn.
    Promotes(Role),
    /// The expected line wins material, in pawns (classical values).
    WinsMaterial {
        /// Pawns' worth won.
        pawns: u32,
    },
}

impl Hint {
    /// Makes the hint for `pos` from a search of it; `threatened` tells whether the opponent
    /// threatens mate. `None` when the search found no move.
    pub(crate) fn new(pos: &Position, result: &SearchResult, threatened: bool) -> Option<Hint> {
        let mv = result.best_move?;
        Some(Hint {
            mv,
            san: pos.san(mv).to_string(),
            description: pos.describe(mv),
            score: result.score,
            reason: reason(mv, pos, result, threatened),
        })
    }

    /// Returns the reason the words give: none when the description already says it
    /// (a mate in one ends with "checkmate").
    pub(crate) fn shown_reason(&self) -> Option<HintReason> {
        self.reason.filter(|reason| *reason != HintReason::GivesMate { moves: 1 })
    }
}

fn reason(mv: Move, pos: &Position, result: &SearchResult, threatened: bool) -> Option<HintReason> {
    match result.score {
        Score::Mate(moves) if moves > 0 => return Some(HintReason::GivesMate { moves: moves as u32 }),
        Score::Mate(_) => {}
        Score::Cp(_) if threatened => return Some(HintReason::AvoidsMate),
        Score::Cp(_) => {}
    }
    if let Some(role) = mv.promotion() {
        return Some(HintReason::Promotes(role));
    }
    let gain = material_gain(pos, &result.pv);
    (gain >= 100).then_some(HintReason::WinsMaterial { pawns: (gain + 50) as u32 / 100 })
}

/// Returns the material the side to move gains along `line` (which ends in a quiet position,
/// as the search's lines do).
fn material_gain(pos: &Position, line: &[Move]) -> i32 {
    let mut end = *pos;
    for &m in line {
        if end.play(m).is_err() {
            break;
        }
    }
    let gain = eval::material(&end) - eval::material(pos);
    if pos.turn() == Color::White { gain } else { -gain }
}
