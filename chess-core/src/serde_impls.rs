//! Serde support: moves as UCI text, positions as FEN.

use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Serialize, Serializer};

use crate::{Move, Position, UciMove};

/// Reads a value from a string with a parsing function, naming what it expected.
pub(crate) struct TextVisitor<T>(pub(crate) &'static str, pub(crate) fn(&str) -> Option<T>);

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.1)(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self.0))
    }
}

impl Serialize for Move {
    /// Writes the move as UCI text, castling as king takes rook (`e1h1`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.to_uci_chess960())
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    /// Reads UCI text. Castling and en passant come back as plain moves between the same
    /// squares; [`Position::play`] and [`Position::resolve_move`] accept them as such.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        deserializer.deserialize_str(TextVisitor("a UCI move like e2e4", |text| {
            match text.parse::<UciMove>().ok()? {
                UciMove::Null => Some(Move::NULL),
                UciMove::Normal { from, to, promotion: Some(role) } => Move::promote(from, to, role),
                UciMove::Normal { from, to, promotion: None } => Some(Move::new(from, to)),
            }
        }))
    }
}

impl Serialize for Position {
    /// Writes the FEN (castling as X-FEN in Chess960 mode).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    /// Reads a FEN, validated strictly.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_str(TextVisitor("a FEN of a legal position", |text| text.parse().ok()))
    }
}
