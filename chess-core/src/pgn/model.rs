//! The data read from and written to PGN: a game's tags, start position, moves with their
//! comments, NAGs and variations, and its result.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use super::PgnText;
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
    pub comment: Option<PgnText>,
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
    pub comment: Option<PgnText>,
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

/// The tags of a game, as [`PgnReader::read_headers`](super::PgnReader::read_headers) reads
/// them without the movetext: every tag as written, `FEN` and `SetUp` included.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnHeaders {
    /// The tag pairs in the order they were read, names and values unescaped.
    pub tags: Vec<(PgnText, PgnText)>,
}

impl PgnHeaders {
    /// Returns the value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// A game read from or written as PGN: tags, start position, moves and result.
///
/// `start` is the one source of the `SetUp` and `FEN` tags: the reader sets it from the
/// `FEN` and `Variant` tags and does not keep `FEN` and `SetUp` in `tags`; the writer makes
/// them from `start` (after the seven-tag roster) whenever it is not the standard position,
/// with the en-passant square as stored so that the game reads back equal, and adds
/// `Variant "Chess960"` in Chess960 mode when no `Variant` tag is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order they were read, names and values unescaped, without `FEN`
    /// and `SetUp` (see `start`).
    pub tags: Vec<(PgnText, PgnText)>,
    /// The position the game starts from, which the `SetUp` and `FEN` tags are written from.
    pub start: Position,
    /// The comment before the first move.
    pub comment: Option<PgnText>,
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

    /// Makes an empty game from `start`, with no tags (the writer makes `SetUp` and `FEN`
    /// from `start`).
    pub fn from_position(start: Position) -> PgnGame {
        PgnGame { tags: Vec::new(), start, comment: None, moves: Vec::new(), result: PgnResult::Unknown }
    }

    /// Returns the value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the first tag named `name` to `value`, or adds the tag at the end.
    ///
    /// `FEN` and `SetUp` are not stored: set [`PgnGame::start`] instead, which they are
    /// written from.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::Position;
    /// use chess_core::pgn::PgnGame;
    ///
    /// let mut game = PgnGame::new();
    /// game.set_tag("White", "Anna");
    /// game.set_tag("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"); // ignored
    /// assert_eq!(game.tag("FEN"), None);
    /// game.start = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse::<Position>().unwrap();
    /// let text = game.to_pgn();
    /// assert!(text.contains("[White \"Anna\"]\n[Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if is_setup(name) {
            return;
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.into(),
            None => self.tags.push((name.into(), value.into())),
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
                pos.play_null()?;
            } else {
                pos.play(mv)?;
            }
        }
        Ok(pos)
    }

    /// Returns the tags as the writer writes them: the seven-tag roster first (with defaults
    /// for missing ones), then, when `start` is not the standard position, `Variant` (as set,
    /// or `Chess960` for a Chess960 start), `SetUp` and `FEN` made from `start`, then the
    /// other tags in order (any `FEN` or `SetUp` in `tags` left out; a repeated roster tag
    /// kept among them).
    pub fn export_tags(&self) -> Vec<(PgnText, PgnText)> {
        let mut tags = Vec::with_capacity(self.tags.len() + 10);
        for (name, default) in SEVEN_TAG_ROSTER {
            let default = if name == "Result" { self.result.as_str() } else { default };
            tags.push((name.into(), self.tag(name).unwrap_or(default).into()));
        }
        let setup = self.start != Position::new();
        if setup {
            match self.tag("Variant") {
                Some(variant) => tags.push(("Variant".into(), variant.into())),
                None if self.start.castling_mode().is_chess960() => tags.push(("Variant".into(), "Chess960".into())),
                None => {}
            }
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), self.start.fen().always_en_passant().to_string().into()));
        }
        // The first roster tag (and Variant) of each name is written above; a repeated one
        // follows with the others, so that reading the game back loses no tag.
        let mut seen_above: Vec<&str> = Vec::new();
        for (name, value) in &self.tags {
            let above = is_roster(name) || (setup && name == "Variant");
            if is_setup(name) || (above && !seen_above.contains(&name.as_str())) {
                if above {
                    seen_above.push(name);
                }
                continue;
            }
            tags.push((name.clone(), value.clone()));
        }
        tags
    }
}

fn is_roster(name: &str) -> bool {
    SEVEN_TAG_ROSTER.iter().any(|(roster, _)| *roster == name)
}

/// Tells whether a tag is one that `start` stands for.
fn is_setup(name: &str) -> bool {
    name == "FEN" || name == "SetUp"
}
