//! Serde for games and rules (feature `serde`), so an application can save a game and go on later.
//!
//! A game is written as its start position (FEN and castling mode), its moves (UCI, castling as
//! king takes rook), its rules and its events:
//! `{"start": {"fen": "<FEN>", "chess960": false}, "moves": ["e2e4", ...], "rules": {...},
//! "events": [{"ply": 30, "event": "offer_draw", "color": "white"}, ...], "judging": "enforce"}`
//! (`"record"` for a game that records past its end; a save without it reads as `"enforce"`).
//! The start FEN keeps its en-passant square even when no capture there is legal, so that the
//! game read back is equal to the one saved. Reading replays the moves and events through the
//! checked methods, so a saved game that breaks the rules is refused. Moves taken back for
//! [`Game::redo`] are not saved (nor part of a game's equality).
//!
//! Only `core` parts of serde are used, so this works without serde's `alloc` feature.

use core::fmt;
use core::marker::PhantomData;

use alloc::vec::Vec;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use super::{Event, EventKind, Game, Judging, Rules};
use crate::{Color, Move, Position};

/// Implements `Serialize` for a struct as a map of its named fields.
macro_rules! serialize_struct {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut out = serializer.serialize_struct(stringify!($ty), [$(stringify!($field)),*].len())?;
                $(out.serialize_field(stringify!($field), &self.$field)?;)*
                out.end()
            }
        }
    };
}

/// Implements `Deserialize` for a struct from a map of its named fields (or a sequence, for
/// formats that write structs that way). Unknown keys are skipped; every field is required
/// but those listed after `?`, which are `Option`s that a map may leave out.
macro_rules! deserialize_struct {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        deserialize_struct!($ty { $($field),* } ? {});
    };
    ($ty:ident { $($field:ident),* $(,)? } ? { $($optional:ident),* $(,)? }) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                const FIELDS: &[&str] = &[$(stringify!($field),)* $(stringify!($optional)),*];

                struct StructVisitor;

                impl<'de> Visitor<'de> for StructVisitor {
                    type Value = $ty;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(concat!("a ", stringify!($ty), " with fields ", $(stringify!($field), " "),*))
                    }

                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$ty, A::Error> {
                        $(let mut $field = None;)*
                        $(let mut $optional = None;)*
                        while let Some(name) = map.next_key_seed(FieldName(FIELDS))? {
                            match name {
                                $(Some(stringify!($field)) => $field = Some(map.next_value()?),)*
                                $(Some(stringify!($optional)) => $optional = map.next_value()?,)*
                                _ => {
                                    map.next_value::<IgnoredAny>()?;
                                }
                            }
                        }
                        Ok($ty {
                            $($field: $field.ok_or_else(|| de::Error::missing_field(stringify!($field)))?,)*
                            $($optional,)*
                        })
                    }

                    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<$ty, A::Error> {
                        let mut index = 0;
                        $(
                            let $field = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(index, &self))?;
                            index += 1;
                        )*
                        $(let $optional = seq.next_element()?.flatten();)*
                        let _ = index;
                        Ok($ty { $($field,)* $($optional,)* })
                    }
                }

                deserializer.deserialize_struct(stringify!($ty), FIELDS, StructVisitor)
            }
        }
    };
}

crate::with_rules_fields!(serialize_struct);
crate::with_rules_fields!(deserialize_struct);

/// Reads a map key as one of the known field names (`None` for an unknown key), without allocating.
struct FieldName(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for FieldName {
    type Value = Option<&'static str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldName {
    type Value = Option<&'static str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        Ok(self.0.iter().copied().find(|field| *field == name))
    }
}

/// Reads a sequence into a `Vec` (serde's own impl needs its `alloc` feature).
struct List<T>(Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for List<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<List<T>, D::Error> {
        struct ListVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for ListVisitor<T> {
            type Value = List<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<List<T>, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(List(items))
            }
        }

        deserializer.deserialize_seq(ListVisitor(PhantomData))
    }
}

/// Reads a word from a fixed vocabulary, such as `"white"` or `"resign"`.
struct Word<T>(T);

trait Vocabulary: Sized + Copy + 'static {
    const WORDS: &'static [(&'static str, Self)];
    const EXPECTING: &'static str;
}

impl<'de, T: Vocabulary> Deserialize<'de> for Word<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Word<T>, D::Error> {
        struct WordVisitor<T>(PhantomData<T>);

        impl<T: Vocabulary> Visitor<'_> for WordVisitor<T> {
            type Value = Word<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(T::EXPECTING)
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Word<T>, E> {
                let found = T::WORDS.iter().find(|(word, _)| *word == text);
                found.map(|&(_, value)| Word(value)).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }

        deserializer.deserialize_str(WordVisitor(PhantomData))
    }
}

impl Vocabulary for Judging {
    const WORDS: &'static [(&'static str, Judging)] = &[("enforce", Judging::Enforce), ("record", Judging::Record)];
    const EXPECTING: &'static str = "\"enforce\" or \"record\"";
}

/// Reads an event's name, as [`EventKind::name`] writes it; the player is read apart.
struct EventName(EventKind);

impl<'de> Deserialize<'de> for EventName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<EventName, D::Error> {
        let expecting = "an event name such as \"resign\" or \"offer_draw\"";
        let read = |name: &str| EventKind::from_name(name, Color::White).ok().map(EventName);
        deserializer.deserialize_str(crate::serde_text::TextVisitor(expecting, read))
    }
}

impl EventKind {
    /// Returns the same kind of event by `player`.
    fn with_player(self, player: Color) -> EventKind {
        EventKind::from_name(self.name(), player).unwrap_or(self)
    }
}

/// Writes an event as `{"ply": .., "event": .., "color": ..}`.
struct EventRecord<'a>(&'a Event);

impl Serialize for EventRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kind = self.0.kind;
        let mut out = serializer.serialize_struct("Event", 3)?;
        out.serialize_field("ply", &self.0.ply)?;
        out.serialize_field("event", kind.name())?;
        out.serialize_field("color", &Some(kind.player()))?;
        out.end()
    }
}

/// Writes the events as a list of records.
struct EventRecords<'a>(&'a [Event]);

impl Serialize for EventRecords<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(EventRecord))
    }
}

impl Serialize for Game {
    /// Writes the start position, the moves, the rules, the events and what the game does
    /// at its end (`"judging": "enforce"` or `"record"`, see [`Judging`]).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Game", 5)?;
        out.serialize_field("start", self.start_position())?;
        out.serialize_field("moves", self.moves())?;
        out.serialize_field("rules", self.rules())?;
        out.serialize_field("events", &EventRecords(self.events()))?;
        let judging = Judging::WORDS.iter().find(|(_, judging)| *judging == self.judging()).map(|(word, _)| *word);
        out.serialize_field("judging", &judging)?;
        out.end()
    }
}

/// An event as saved.
struct SavedEvent {
    ply: u32,
    event: EventName,
    color: Option<Color>,
}

deserialize_struct!(SavedEvent { ply, event, color });

/// A game as saved.
struct SavedGame {
    start: Position,
    moves: List<Move>,
    rules: Rules,
    events: List<SavedEvent>,
    judging: Option<Word<Judging>>,
}

deserialize_struct!(SavedGame { start, moves, rules, events } ? { judging });

impl SavedEvent {
    /// Returns the event; `game` names the player of an answer or claim saved without one
    /// (saves made before events named every player): the offerer's opponent, or the side to move.
    fn kind(&self, game: &Game) -> Option<EventKind> {
        let turn = game.position().turn();
        let player = match (self.event.0, self.color) {
            (_, Some(color)) => color,
            (EventKind::AcceptDraw(_) | EventKind::DeclineDraw(_), None) => {
                game.draw_offer().map_or(turn, |offerer| !offerer)
            }
            (EventKind::ClaimDraw(_), None) => turn,
            _ => return None,
        };
        Some(self.event.0.with_player(player))
    }
}

impl Game {
    /// Plays an event read from a save through the method that checks it.
    fn replay_event<E: de::Error>(&mut self, event: &SavedEvent) -> Result<(), E> {
        let kind =
            event.kind(self).ok_or_else(|| E::custom(format_args!("event at ply {} needs a colour", event.ply)))?;
        self.apply(kind).map(drop).map_err(|error| E::custom(format_args!("event at ply {}: {error}", event.ply)))
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Reads a saved game and replays its moves and events, refusing any that breaks the rules.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let saved = SavedGame::deserialize(deserializer)?;
        let judging = saved.judging.map_or(Judging::Enforce, |word| word.0);
        let mut game = Game::from_position_with_rules(saved.start, saved.rules).with_judging(judging);
        let mut events = saved.events.0.iter().peekable();
        for ply in 0..=saved.moves.0.len() {
            while let Some(event) = events.next_if(|event| event.ply as usize == ply) {
                game.replay_event(event)?;
            }
            if let Some(&m) = saved.moves.0.get(ply) {
                game.push(m).map_err(|error| de::Error::custom(format_args!("move {}: {error}", ply + 1)))?;
            }
        }
        match events.next() {
            Some(event) => {
                Err(de::Error::custom(format_args!("event at ply {} is out of order or past the end", event.ply)))
            }
            None => Ok(game),
        }
    }
}
