//! The data read from and written to PGN: a game's tags, start position, moves with their
//! comments, NAGs and variations, and its result.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::{Move, Position};

/// How a game ended, as the termination marker at the end of its movetext says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PgnResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    #[default]
    Unknown,
}

impl PgnResult {
    /// Returns the marker as PGN writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Reads a termination marker; `None` for anything else.
    pub fn from_ascii(text: &[u8]) -> Option<PgnResult> {
        match text {
            b"1-0" => Some(PgnResult::WhiteWins),
            b"0-1" => Some(PgnResult::BlackWins),
            b"1/2-1/2" => Some(PgnResult::Draw),
            b"*" => Some(PgnResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move of a game or variation, with what the PGN says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, legal in the position it is played from.
    pub mv: Move,
    /// The Numeric Annotation Glyphs after it (`$1`, or `!` read as 1, `?` as 2, `!!` as 3,
    /// `??` as 4, `!?` as 5, `?!` as 6), in order.
    pub nags: Vec<u8>,
    /// The comment after it, with runs of whitespace shown as one space.
    pub comment: Option<String>,
    /// The alternatives to this move, each played from the position before it.
    pub variations: Vec<PgnVariation>,
}

impl PgnMove {
    /// Wraps a move with no annotations.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove { mv, nags: Vec::new(), comment: None, variations: Vec::new() }
    }
}

/// A line of moves that replaces a move of its parent line (a PGN `( ... )`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnVariation {
    /// The comment before the variation's first move.
    pub comment: Option<String>,
    /// The moves, the first one played from the position before the move it replaces.
    pub moves: Vec<PgnMove>,
}

/// The seven tags every exported PGN game starts with, in order, with their default values
/// (`Result` defaults to the termination marker).
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// A game read from or written as PGN: tags, start position, moves and result.
///
/// The reader fills `start` from the `FEN` and `Variant` tags; when writing, a game whose
/// start is not the standard position and that has no `FEN` tag gets `SetUp` and `FEN`
/// tags (and `Variant "Chess960"` in Chess960 mode) made from `start`; a `FEN` tag present
/// is written as it is, so keep it in step when changing `start` by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order they were read, names and values unescaped.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Position,
    /// The comment before the first move.
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The termination marker (when the movetext has none: the `Result` tag's, else `*`).
    pub result: PgnResult,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame::new()
    }
}

impl PgnGame {
    /// Makes an empty game from the standard starting position, with no tags.
    pub fn new() -> PgnGame {
        PgnGame::from_position(Position::new())
    }

    /// Makes an empty game from `start`, with `SetUp`/`FEN` (and for Chess960 `Variant`)
    /// tags when `start` is not the standard starting position.
    pub fn from_position(start: Position) -> PgnGame {
        let mut game =
            PgnGame { tags: Vec::new(), start, comment: None, moves: Vec::new(), result: PgnResult::Unknown };
        game.tags = game.export_tags().into_iter().filter(|(name, _)| !is_roster(name)).collect();
        game
    }

    /// Returns the value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the first tag named `name` to `value`, or adds the tag at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Iterates over the main line's moves.
    pub fn mainline(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|m| m.mv)
    }

    /// Returns the position after the main line, or the first illegal move in it (a null
    /// move is legal when not in check).
    pub fn end_position(&self) -> Result<Position, crate::IllegalMoveError> {
        let mut pos = self.start;
        for mv in self.mainline() {
            if mv.is_null() {
                if !pos.play_null() {
                    return Err(crate::IllegalMoveError { mv, reason: crate::IllegalMoveReason::NullMove });
                }
            } else {
                pos.play(mv)?;
            }
        }
        Ok(pos)
    }

    /// Returns the tags as the writer writes them: the seven-tag roster first (with defaults
    /// for missing ones), then the other tags in order, then `SetUp`/`FEN` if needed.
    pub fn export_tags(&self) -> Vec<(String, String)> {
        let mut tags = Vec::with_capacity(self.tags.len() + 7);
        for (name, default) in SEVEN_TAG_ROSTER {
            let default = if name == "Result" { self.result.as_str() } else { default };
            tags.push((name.to_string(), self.tag(name).unwrap_or(default).to_string()));
        }
        tags.extend(self.tags.iter().filter(|(name, _)| !is_roster(name)).cloned());
        if self.start != Position::new() && self.tag("FEN").is_none() {
            if self.start.castling_mode().is_chess960() && self.tag("Variant").is_none() {
                tags.push(("Variant".to_string(), "Chess960".to_string()));
            }
            if self.tag("SetUp").is_none() {
                tags.push(("SetUp".to_string(), "1".to_string()));
            }
            tags.push(("FEN".to_string(), self.start.to_fen()));
        }
        tags
    }
}

fn is_roster(name: &str) -> bool {
    SEVEN_TAG_ROSTER.iter().any(|(roster, _)| *roster == name)
}
