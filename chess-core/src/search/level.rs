//! Playing levels: how deep the computer looks, what it knows, and how often it errs.

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use super::SearchLimits;
use crate::Lang;

/// A playing strength, from a beginner who sometimes errs to the full-strength search.
///
/// A level sets what the evaluation knows and how the search prunes ([`Searcher::set_level`]);
/// its [`limits`](Level::limits) say how far it looks.
///
/// [`Searcher::set_level`]: super::Searcher::set_level
///
/// # Examples
///
/// ```
/// use chess_core::search::Level;
///
/// assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
/// assert_eq!(Level::Normal.limits().depth, Some(3));
/// assert_eq!(Level::from_skill(20), Level::Master);
/// assert_eq!(Level::Beginner.name(chess_core::Lang::Zh), "初级");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Looks 2 plies ahead, counts only material, and errs now and then (more when lost).
    Beginner,
    /// Looks 3 plies ahead with material and piece-square tables.
    #[default]
    Normal,
    /// Looks 4 plies ahead, then follows captures until the position is quiet; knows that the
    /// king belongs in the centre in the endgame.
    Expert,
    /// The full-strength search: iterative deepening within a time budget (1 second per move
    /// unless the limits say otherwise).
    Master,
}

impl Level {
    /// The four levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Normal, Level::Expert, Level::Master];

    /// Returns the limits a move at this level is searched with: the level's depth, and at most
    /// [`Level::MAX_NODES`] nodes so that a move never takes long (composed problems with
    /// eight pawns about to promote would otherwise take Expert seconds); Master thinks for a
    /// second.
    pub fn limits(self) -> SearchLimits {
        let depth = match self {
            Level::Beginner => 2,
            Level::Normal => 3,
            Level::Expert => 4,
            Level::Master => return SearchLimits::move_time(Duration::from_secs(1)),
        };
        SearchLimits { nodes: Some(Level::MAX_NODES), ..SearchLimits::depth(depth) }
    }

    /// The most nodes a Beginner, Normal or Expert move searches (well under a second here).
    pub const MAX_NODES: u64 = 800_000;

    /// Returns the level for a UCI `Skill Level` from 0 to 20 (larger values count as 20).
    pub fn from_skill(skill: u32) -> Level {
        match skill {
            0..=5 => Level::Beginner,
            6..=10 => Level::Normal,
            11..=15 => Level::Expert,
            _ => Level::Master,
        }
    }

    /// Returns the level's name in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::En, Level::Beginner) => "Beginner",
            (Lang::En, Level::Normal) => "Normal",
            (Lang::En, Level::Expert) => "Expert",
            (Lang::En, Level::Master) => "Master",
            (Lang::Zh, Level::Beginner) => "初级",
            (Lang::Zh, Level::Normal) => "中级",
            (Lang::Zh, Level::Expert) => "高级",
            (Lang::Zh, Level::Master) => "大师",
        }
    }

    /// Returns how the search plays at this level.
    pub(crate) fn style(self) -> Style {
        let base = Style { eval: EvalTerms::Material, quiescence: false, pruning: false, noise: 0, noise_when_lost: 0 };
        match self {
            Level::Beginner => Style { noise: 100, noise_when_lost: 200, ..base },
            Level::Normal => Style { eval: EvalTerms::PieceSquare, noise: 8, ..base },
            Level::Expert => Style { eval: EvalTerms::Full, quiescence: true, ..base },
            Level::Master => Style { eval: EvalTerms::Full, quiescence: true, pruning: true, ..base },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name(Lang::En))
    }
}

/// The text is not the name of a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level (expected beginner, normal, expert or master)")]
pub struct ParseLevelError;

/// Parses a level's English or Chinese name, ignoring ASCII case.
impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let text = text.trim();
        Level::ALL
            .into_iter()
            .find(|level| level.name(Lang::En).eq_ignore_ascii_case(text) || level.name(Lang::Zh) == text)
            .ok_or(ParseLevelError)
    }
}

/// What the evaluation counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EvalTerms {
    /// Material only: pawn 1, knight 3, bishop 3, rook 5, queen 9.
    Material,
    /// Material and middlegame piece-square tables.
    PieceSquare,
    /// Tapered middlegame/endgame tables (king centralisation in the endgame) and more.
    Full,
}

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// What the evaluation counts.
    pub eval: EvalTerms,
    /// Whether leaves are resolved by a capture search.
    pub quiescence: bool,
    /// Whether the search prunes and reduces (null move, late move reductions, futility).
    pub pruning: bool,
    /// The largest random change (centipawns) added to each root move's score.
    pub noise: i32,
    /// The noise when the side to move is three pawns or more behind.
    pub noise_when_lost: i32,
}
