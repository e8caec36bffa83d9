//! Scores of positions: centipawns or a distance to mate.

use core::cmp::Ordering;
use core::fmt;

/// Internal score for "the side to move is mated now"; a mate `n` plies away scores
/// `MATE - n` for the winner.
pub(crate) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Internal score of a position the endgame tablebases call won, `n` plies from the root:
/// `TABLEBASE_WIN - n` (a lost one the negation). Above any evaluation, below every mate.
pub(crate) const TABLEBASE_WIN: i32 = 25_000;
/// Scores beyond this (and below mates) are tablebase wins.
pub(crate) const TABLEBASE_BOUND: i32 = TABLEBASE_WIN - 1_000;
/// Larger than any score (the bounds of a full window).
pub(crate) const INFINITY: i32 = MATE + 1;

/// The value of a position for the side to move, as a search reports it.
///
/// # Examples
///
/// ```
/// use chess_core::search::Score;
///
/// assert!(Score::Mate(2) > Score::Cp(900));
/// assert!(Score::Mate(1) > Score::Mate(2)); // a shorter mate is better
/// assert!(Score::Mate(-3) > Score::Mate(-1)); // being mated later is better
/// assert_eq!(Score::Cp(-35).to_string(), "-0.35");
/// assert_eq!(Score::Mate(-2).uci().to_string(), "mate -2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (100 = one pawn) from the point of view of the side to move.
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is mated
    /// (`Mate(0)`: the side to move is checkmated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score (mate distance in plies from the root) to a `Score`.
    pub(crate) fn from_internal(value: i32) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-((MATE + value) / 2))
        } else {
            Score::Cp(value)
        }
    }

    /// Returns a number that orders scores the way a player prefers them.
    pub(crate) fn to_internal(self) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
            Score::Mate(n) => -MATE - 2 * n,
        }
    }

    /// Returns `true` for a mate score.
    pub fn is_mate(self) -> bool {
        matches!(self, Score::Mate(_))
    }

    /// Returns the score from the other side's point of view (same distance to mate).
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(moves) => Score::Mate(-moves),
        }
    }

    /// Returns the score as the UCI protocol writes it: `cp 35` or `mate -2`.
    pub fn uci(self) -> UciScore {
        UciScore(self)
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.to_internal().cmp(&other.to_internal())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Writes `+1.25`, `-0.35`, `#3` or `#-2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 {
                    "-"
                } else if cp > 0 {
                    "+"
                } else {
                    ""
                };
                write!(f, "{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// A [`Score`] written the UCI way (`cp 35`, `mate -2`); made by [`Score::uci`].
#[derive(Clone, Copy, Debug)]
pub struct UciScore(Score);

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn internal_round_trip() {
        for plies in 1..40 {
            let win = MATE - plies;
            assert_eq!(Score::from_internal(win), Score::Mate((plies + 1) / 2));
            assert_eq!(Score::from_internal(-win), Score::Mate(-(plies / 2)));
        }
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(123), Score::Cp(123));
        for score in [Score::Cp(-50), Score::Mate(3), Score::Mate(-4), Score::Cp(0)] {
            assert_eq!(Score::from_internal(score.to_internal()), score);
            assert_eq!(score.flip().flip(), score);
        }
        assert_eq!(Score::Mate(2).flip(), Score::Mate(-2));
    }

    #[test]
    fn display() {
        assert_eq!(Score::Cp(125).to_string(), "+1.25");
        assert_eq!(Score::Cp(0).to_string(), "0.00");
        assert_eq!(Score::Mate(3).to_string(), "#3");
        assert_eq!(Score::Cp(-7).uci().to_string(), "cp -7");
    }
}
