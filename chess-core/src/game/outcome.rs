//! How a game ended: [`Termination`], [`Outcome`] and the result string.

use core::fmt;

use crate::Color;

/// Names the reason a game ended, with a number that never changes ([`Termination::code`]).
///
/// # Examples
///
/// ```
/// use chess_core::Termination;
///
/// assert_eq!(Termination::FiftyMoves.code(), 4);
/// assert_eq!(Termination::from_code(4), Some(Termination::FiftyMoves));
/// assert_eq!(Termination::from_code(0), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate = 1,
    /// The side to move has no legal move and is not in check.
    Stalemate = 2,
    /// Neither side can checkmate with the material left (under the rules in force).
    InsufficientMaterial = 3,
    /// A draw was claimed under the fifty-move rule.
    FiftyMoves = 4,
    /// The seventy-five-move rule drew the game automatically.
    SeventyFiveMoves = 5,
    /// A draw was claimed, or reached automatically, on a threefold repetition.
    ThreefoldRepetition = 6,
    /// The fivefold repetition rule drew the game automatically.
    FivefoldRepetition = 7,
    /// The casual rule drew the game: too long without a capture or a pawn move.
    NoProgress = 8,
    /// The same side gave check on too many consecutive moves without mating.
    PerpetualCheck = 9,
    /// A player was checked too many times in total without being mated.
    CheckLimit = 10,
    /// A player resigned.
    Resignation = 11,
    /// The players agreed to a draw.
    DrawAgreement = 12,
    /// A player ran out of time.
    Timeout = 13,
    /// The arbiter declared a player's game lost (for example after repeated rule violations).
    Forfeit = 14,
    /// The game was voided: no result and no winner.
    Aborted = 15,
}

impl Termination {
    /// Every termination, in order of their codes.
    pub const ALL: [Termination; 15] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::FiftyMoves,
        Termination::SeventyFiveMoves,
        Termination::ThreefoldRepetition,
        Termination::FivefoldRepetition,
        Termination::NoProgress,
        Termination::PerpetualCheck,
        Termination::CheckLimit,
        Termination::Resignation,
        Termination::DrawAgreement,
        Termination::Timeout,
        Termination::Forfeit,
        Termination::Aborted,
    ];

    /// Returns the termination's stable number, from 1 (0 is left for "not over"): the C
    /// library's `CHESS_TERMINATION_*` values. (The Python package keeps python-chess's
    /// numbers, which differ; it documents the mapping.)
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Returns the termination with this [`code`](Termination::code), if there is one.
    pub fn from_code(code: u8) -> Option<Termination> {
        Termination::ALL.into_iter().find(|termination| termination.code() == code)
    }

    /// Returns a short English description, such as `checkmate` or `threefold repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::FiftyMoves => "fifty-move rule",
            Termination::SeventyFiveMoves => "seventy-five-move rule",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::NoProgress => "no progress",
            Termination::PerpetualCheck => "perpetual check",
            Termination::CheckLimit => "check limit",
            Termination::Resignation => "resignation",
            Termination::DrawAgreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::Forfeit => "forfeit",
            Termination::Aborted => "abort",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Describes the end of a game: why it ended and who won (`None` for a draw or a void game).
///
/// # Examples
///
/// ```
/// use chess_core::{Color, Outcome, Termination};
///
/// let mate = Outcome { termination: Termination::Checkmate, winner: Some(Color::Black) };
/// assert_eq!(mate.result(), "0-1");
/// assert_eq!(mate.to_string(), "black wins by checkmate");
/// // As a game tells its players, in their language (the `text` feature):
/// # #[cfg(feature = "text")] {
/// use chess_core::Lang;
/// assert_eq!(mate.text(Lang::En).to_string(), "Checkmate! Black wins.");
/// assert_eq!(mate.text(Lang::Zh).to_string(), "将死！黑方获胜。");
/// assert_eq!(Termination::ThreefoldRepetition.text(Lang::Zh).to_string(), "三次重复局面");
/// # }
/// let void = Outcome { termination: Termination::Aborted, winner: None };
/// assert_eq!(void.result(), "*");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The side that won, or `None` for a draw or an aborted game.
    pub winner: Option<Color>,
}

impl Outcome {
    /// Makes the outcome of a game won by `winner`.
    pub const fn win(termination: Termination, winner: Color) -> Outcome {
        Outcome { termination, winner: Some(winner) }
    }

    /// Makes the outcome of a drawn (or, for [`Termination::Aborted`], void) game.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome { termination, winner: None }
    }

    /// Tells whether the game was drawn (a void game is not a draw).
    pub fn is_draw(self) -> bool {
        self.winner.is_none() && self.termination != Termination::Aborted
    }

    /// Returns the PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None if self.termination == Termination::Aborted => "*",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} wins by {}", self.termination),
            None if self.termination == Termination::Aborted => f.write_str("game aborted"),
            None => write!(f, "draw by {}", self.termination),
        }
    }
}

/// How a game stands by its rules: going on, ended, or going on with a draw either player
/// may claim; made by [`Game::standing`](crate::Game::standing).
///
/// # Examples
///
/// ```
/// use chess_core::{Game, Standing, Termination};
///
/// let mut game = Game::new(); // FIDE rules: a threefold repetition is only claimed
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     game.push_san(san)?;
/// }
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.standing(), Standing::Claimable(Termination::ThreefoldRepetition));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Standing {
    /// The game goes on and no draw can be claimed.
    Ongoing,
    /// The game goes on, and either player may claim a draw for this reason
    /// ([`Termination::FiftyMoves`] or [`Termination::ThreefoldRepetition`]).
    Claimable(Termination),
    /// The game has ended.
    Ended(Outcome),
}

impl Standing {
    /// Returns the outcome the game has, or would have once the claimable draw is claimed.
    ///
    /// ```
    /// use chess_core::{Outcome, Standing, Termination};
    ///
    /// let claimable = Standing::Claimable(Termination::FiftyMoves);
    /// assert_eq!(claimable.outcome_by_rules(), Some(Outcome::draw(Termination::FiftyMoves)));
    /// assert_eq!(Standing::Ongoing.outcome_by_rules(), None);
    /// ```
    pub fn outcome_by_rules(self) -> Option<Outcome> {
        match self {
            Standing::Ongoing => None,
            Standing::Claimable(termination) => Some(Outcome::draw(termination)),
            Standing::Ended(outcome) => Some(outcome),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_in_order_and_read_back() {
        for (i, termination) in Termination::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(termination.code()), i + 1, "{termination:?}");
            assert_eq!(Termination::from_code(termination.code()), Some(termination));
        }
        assert_eq!(Termination::from_code(0), None);
        assert_eq!(Termination::from_code(16), None);
    }
}
