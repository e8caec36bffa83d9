//! Serde helper: values that serialise as text.

use core::fmt;

use serde::de::{self, Visitor};

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
