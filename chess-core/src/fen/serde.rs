//! Serde support for positions: the FEN with its castling mode.

use core::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::{CastlingChoice, CastlingMode, Position, Setup, Validation};

impl Serialize for Position {
    /// Writes `{"fen": "<FEN>", "chess960": <bool>}`: the FEN with X-FEN castling and the
    /// en-passant square after every double step (so that the position reads back equal),
    /// and the castling mode.
    ///
    /// ```
    /// use chess_core::{CastlingMode, Position};
    ///
    /// let pos = Position::from_fen_with("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", CastlingMode::Chess960).unwrap();
    /// let json = serde_json::to_string(&pos).unwrap();
    /// assert_eq!(json, r#"{"fen":"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1","chess960":true}"#);
    /// assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct FenText<'a>(&'a Position);

        impl Serialize for FenText<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(&self.0.fen().always_en_passant())
            }
        }

        let mut out = serializer.serialize_struct("Position", 2)?;
        out.serialize_field("fen", &FenText(self))?;
        out.serialize_field("chess960", &self.castling_mode().is_chess960())?;
        out.end()
    }
}

/// The names of the fields a position is written with.
const POSITION_FIELDS: &[&str] = &["fen", "chess960"];

/// Reads a FEN text into a setup as soon as it is seen, so no string is kept.
struct SetupText;

impl<'de> DeserializeSeed<'de> for SetupText {
    type Value = Setup;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Setup, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for SetupText {
    type Value = Setup;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a FEN")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Setup, E> {
        Setup::from_fen(text).map_err(E::custom)
    }
}

/// Validates a setup read from serde input in the given castling mode, accepting what relaxed
/// validation accepts: every position that can be made (with [`Validation::relaxed`] too)
/// reads back, so a saved game that starts from one is never lost.
fn validate<E: de::Error>(setup: Setup, castling: CastlingChoice) -> Result<Position, E> {
    Position::from_setup(setup, Validation::relaxed().castling(castling)).map_err(E::custom)
}

/// Reads a position: `{"fen": .., "chess960": ..}` (or those two in a sequence), or a bare FEN.
struct PositionVisitor;

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position: {\"fen\": \"<FEN>\", \"chess960\": false} or a FEN")
    }

    /// A bare FEN, as positions were written before they kept their castling mode.
    fn visit_str<E: de::Error>(self, text: &str) -> Result<Position, E> {
        validate(SetupText.visit_str(text)?, CastlingChoice::Automatic)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Position, A::Error> {
        let (mut setup, mut chess960) = (None, None);
        while let Some(key) = map.next_key_seed(FieldName)? {
            match key {
                "fen" if setup.is_none() => setup = Some(map.next_value_seed(SetupText)?),
                "chess960" if chess960.is_none() => chess960 = Some(map.next_value::<bool>()?),
                _ => return Err(de::Error::duplicate_field(key)),
            }
        }
        let setup = setup.ok_or_else(|| de::Error::missing_field("fen"))?;
        validate(setup, chess960.map_or(CastlingChoice::Automatic, |c| CastlingMode::from_chess960(c).into()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
        let setup = seq.next_element_seed(SetupText)?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let chess960: bool = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(1, &self))?;
        validate(setup, CastlingMode::from_chess960(chess960).into())
    }
}

/// Reads a field name of a position, refusing unknown ones.
struct FieldName;

impl<'de> DeserializeSeed<'de> for FieldName {
    type Value = &'static str;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<&'static str, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldName {
    type Value = &'static str;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"fen\" or \"chess960\"")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<&'static str, E> {
        POSITION_FIELDS
            .iter()
            .copied()
            .find(|field| *field == name)
            .ok_or_else(|| E::unknown_field(name, POSITION_FIELDS))
    }
}

impl<'de> serde::Deserialize<'de> for Position {
    /// Reads `{"fen": "<FEN>", "chess960": <bool>}`, validated in that castling mode (without
    /// `chess960`, the mode is chosen as [`Position::from_fen`] does) as
    /// [`Validation::relaxed`] validates: a position made with relaxed validation (too much
    /// material, an impossible check) reads back. Human-readable formats also accept a bare
    /// FEN string. Any other illegal or tampered position is an error, never a panic.
    ///
    /// ```
    /// use chess_core::{CastlingMode, Position};
    ///
    /// let pos: Position = serde_json::from_str(r#""r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1""#).unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Standard);
    /// // The king on d1 keeps castling rights only in Chess960.
    /// let standard = r#"{"fen": "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", "chess960": false}"#;
    /// assert!(serde_json::from_str::<Position>(standard).is_err());
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(PositionVisitor)
        } else {
            deserializer.deserialize_struct("Position", POSITION_FIELDS, PositionVisitor)
        }
    }
}
