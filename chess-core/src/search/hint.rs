//! Hints: a suggested move, in SAN and in words, with a short reason when one is clear.

use alloc::format;
use alloc::string::{String, ToString};

use super::eval;
use super::{Score, SearchResult};
use crate::{Color, Lang, Move, Position, Role};

/// A suggested move, written for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The move in SAN (`Nf3+`).
    pub san: String,
    /// The move in English words ("White knight g1 to f3, check").
    pub description_en: String,
    /// The move in Chinese words ("白方马从g1走到f3，将军").
    pub description_zh: String,
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

impl HintReason {
    /// Returns the reason in words: "wins material worth 3 pawns" / "净得3个兵的子力".
    pub fn text(self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, HintReason::GivesMate { moves: 1 }) => "checkmate".to_string(),
            (Lang::En, HintReason::GivesMate { moves }) => format!("mate in {moves}"),
            (Lang::En, HintReason::AvoidsMate) => "stops a threat of mate".to_string(),
            (Lang::En, HintReason::Promotes(role)) => format!("promotes to a {}", role.name()),
            (Lang::En, HintReason::WinsMaterial { pawns: 1 }) => "wins a pawn".to_string(),
            (Lang::En, HintReason::WinsMaterial { pawns }) => format!("wins material worth {pawns} pawns"),
            (_, HintReason::GivesMate { moves: 1 }) => "将死".to_string(),
            (_, HintReason::GivesMate { moves }) => format!("{moves}步杀"),
            (_, HintReason::AvoidsMate) => "化解杀棋威胁".to_string(),
            (_, HintReason::Promotes(role)) => format!("升变为{}", Lang::Zh.role(role)),
            (_, HintReason::WinsMaterial { pawns: 1 }) => "得一兵".to_string(),
            (_, HintReason::WinsMaterial { pawns }) => format!("净得{pawns}个兵的子力"),
        }
    }
}

impl Hint {
    /// Makes the hint for `pos` from a search of it; `threatened` tells whether the opponent
    /// threatens mate. `None` when the search found no move.
    pub(crate) fn new(pos: &Position, result: &SearchResult, threatened: bool) -> Option<Hint> {
        let mv = result.best_move?;
        Some(Hint {
            mv,
            san: pos.san(mv).to_string(),
            description_en: pos.describe(mv, Lang::En).to_string(),
            description_zh: pos.describe(mv, Lang::Zh).to_string(),
            score: result.score,
            reason: reason(mv, pos, result, threatened),
        })
    }

    /// Returns the description in `lang`, followed by the reason if there is one:
    /// "White knight f3 takes queen h4; wins material worth 9 pawns".
    pub fn text(&self, lang: Lang) -> String {
        let description = match lang {
            Lang::Zh => &self.description_zh,
            _ => &self.description_en,
        };
        let separator = if lang == Lang::Zh { "；" } else { "; " };
        match self.reason {
            // The description already ends with "checkmate".
            Some(HintReason::GivesMate { moves: 1 }) | None => description.clone(),
            Some(reason) => format!("{description}{separator}{}", reason.text(lang)),
        }
    }
}

/// Finds the simplest true reason for the result's best move.
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
