//! Playing levels: how deep the computer looks, what it knows, and how often it errs.

use core::time::Duration;

use super::SearchLimits;

/// A playing strength, from a beginner who sometimes errs to the full-strength search.
///
/// A level sets what the evaluation knows and how the search prunes ([`Searcher::set_level`]);
/// its [`limits`](Level::limits) say how far it looks. The default is [`Level::Master`]: a
/// [`Searcher::new`] plays at it, as do the C library's new searchers and the UCI engine.
///
/// [`Searcher::set_level`]: super::Searcher::set_level
/// [`Searcher::new`]: super::Searcher::new
///
/// # Examples
///
/// ```
/// use chess_core::search::Level;
///
/// assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
/// assert_eq!(Level::Normal.limits().depth, Some(3));
/// assert_eq!(Level::from_skill(20), Level::Master);
/// assert_eq!(Level::default(), Level::Master);
/// assert_eq!(Level::Expert.code(), 3);
/// assert_eq!(Level::Beginner.to_string(), "Beginner");
/// assert_eq!(Level::Beginner.text(chess_core::Lang::Zh).to_string(), "入门");
/// assert_eq!("大师".parse::<Level>(), Ok(Level::Master));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Level {
    /// Looks 2 plies ahead, counts only material, and errs now and then (more when lost).
    Beginner = 1,
    /// Looks 3 plies ahead with material and piece-square tables.
    Normal = 2,
    /// Looks 4 plies ahead, then follows captures until the position is quiet; knows that the
    /// king belongs in the centre in the endgame.
    Expert = 3,
    /// The full-strength search: iterative deepening within a time budget (1 second per move
    /// unless the limits say otherwise). The default level.
    #[default]
    Master = 4,
}

impl Level {
    /// The four levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Normal, Level::Expert, Level::Master];

    /// Returns the level's stable number: 1 (Beginner) to 4 (Master), the C library's
    /// `CHESS_LEVEL_*` values (0 is left for "no level given").
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Returns the level with this [`code`](Level::code), if there is one.
    pub fn from_code(code: u8) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.code() == code)
    }

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

/// Why text is not a level's name (`FromStr for Level` reads the names in every language the
/// crate speaks: the words depend on the search, not the other way round).
///
/// It carries the text (its first 40 characters), so that `?` in `main` names it:
///
/// ```
/// use chess_core::search::Level;
///
/// let error = "expret".parse::<Level>().unwrap_err();
/// assert_eq!(error.text(), "expret");
/// assert_eq!(error.to_string(), "unknown level \"expret\" (expected beginner, normal, expert or master)");
/// assert_eq!(format!("{error:?}"), "ParseLevelError { text: \"expret\" }");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {text:?} (expected beginner, normal, expert or master)")]
pub struct ParseLevelError {
    text: alloc::string::String,
}

impl ParseLevelError {
    /// Keeps the first 40 characters of the text that is not a level.
    pub(crate) fn new(text: &str) -> ParseLevelError {
        ParseLevelError { text: text.chars().take(40).collect() }
    }

    /// Returns the text that is not a level's name (its first 40 characters).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Returns the stable error code, [`ErrorCode::InvalidLevel`](crate::ErrorCode::InvalidLevel).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidLevel
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

#[cfg(feature = "serde")]
impl serde::Serialize for Level {
    /// Writes the level's English name (`"Expert"`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Level {
    /// Reads a level's name, in English (any case) or Chinese.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        deserializer
            .deserialize_str(crate::serde_text::TextVisitor("a level: beginner, normal, expert or master", |text| {
                text.parse().ok()
            }))
    }
}
