//! Words for players, in every language the crate speaks: why a move is illegal, moves
//! described in words, kinds of check, how a game ended, levels and hints.
//!
//! Each language is one file of this module (`en.rs`, `zh.rs`); adding a language adds a
//! file and a [`Lang`] variant, and changes no other type. Types with words have a `text`
//! method returning a [`Text`] to display in a language; their `Display` writes English.
//! [`Lang`] and the other languages need the `text` feature (default); English is always
//! there, since error messages use it.
//!
//! # Examples
//!
//! ```
//! use chess_core::{Lang, Position, Square};
//!
//! let pos = Position::new();
//! let nf3 = pos.parse_san("Nf3")?;
//! assert_eq!(pos.describe(nf3).to_string(), "White knight g1 to f3");
//! assert_eq!(pos.describe(nf3).text(Lang::Zh).to_string(), "白方马从g1走到f3");
//! let reason = pos.resolve_move(Square::E2, Square::E5, None).unwrap_err();
//! assert_eq!(reason.text(Lang::Zh).to_string(), "兵不能从e2走到e5");
//! # Ok::<(), chess_core::SanError>(())
//! ```

use core::fmt;

pub(crate) mod en;
#[cfg(feature = "text")]
mod zh;

/// A language for the words this crate writes, with a number that never changes
/// ([`Lang::code`]).
///
/// # Examples
///
/// ```
/// use chess_core::Lang;
///
/// assert_eq!(Lang::Zh.code(), 1);
/// assert_eq!(Lang::from_code(1), Some(Lang::Zh));
/// ```
#[cfg(feature = "text")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
#[non_exhaustive]
pub enum Lang {
    /// English.
    #[default]
    En = 0,
    /// Simplified Chinese.
    Zh = 1,
}

#[cfg(feature = "text")]
impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// Returns the language's stable number: 0 for English, 1 for Chinese (the C library's
    /// `CHESS_LANG_*` values).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Returns the language with this [`code`](Lang::code), if there is one.
    pub fn from_code(code: u8) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }
}

/// A value with words, to display in a language; made by the value's `text` method.
#[cfg(feature = "text")]
#[derive(Debug, Clone, Copy)]
pub struct Text<'a, T: ?Sized> {
    value: &'a T,
    lang: Lang,
}

#[cfg(feature = "text")]
impl<'a, T: Words + ?Sized> Text<'a, T> {
    pub(crate) fn new(value: &'a T, lang: Lang) -> Text<'a, T> {
        Text { value, lang }
    }
}

#[cfg(feature = "text")]
impl<T: Words + ?Sized> fmt::Display for Text<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.write(self.lang, f)
    }
}

/// Writes a value's words in a language: one match over the languages per type.
#[cfg(feature = "text")]
pub trait Words {
    /// Writes the words in `lang`.
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// Gives a type with [`Words`] its `text` method.
macro_rules! text_method {
    ($type:ty) => {
        #[cfg(feature = "text")]
        impl $type {
            /// Returns the words in `lang`, to display.
            pub fn text(&self, lang: Lang) -> Text<'_, Self> {
                Text::new(self, lang)
            }
        }
    };
}

/// Implements [`Words`] (each language's writer), `text` and `Display` (English) for a type.
macro_rules! words {
    ($type:ty, |$value:ident, $f:ident| $en:expr, $zh:expr) => {
        text_method!($type);

        #[cfg(feature = "text")]
        impl Words for $type {
            fn write(&self, lang: Lang, $f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $value = self;
                match lang {
                    Lang::En => $en,
                    Lang::Zh => $zh,
                }
            }
        }

        impl fmt::Display for $type {
            fn fmt(&self, $f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $value = self;
                $en
            }
        }
    };
}

words!(crate::IllegalMoveReason, |reason, f| en::reason(reason, f), zh::reason(reason, f));
words!(crate::Description, |description, f| en::description(description, f), zh::description(description, f));
words!(crate::CheckKind, |check, f| f.write_str(en::check(*check)), f.write_str(zh::check(*check)));

// Terminations and outcomes display their short English forms (`checkmate`, `black wins by
// checkmate`); their words are these, an outcome's as a game tells its players.
#[cfg(feature = "alloc")]
text_method!(crate::Termination);
#[cfg(feature = "alloc")]
text_method!(crate::Outcome);

#[cfg(all(feature = "alloc", feature = "text"))]
impl Words for crate::Termination {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match lang {
            Lang::En => self.name(),
            Lang::Zh => zh::termination(*self),
        })
    }
}

#[cfg(all(feature = "alloc", feature = "text"))]
impl Words for crate::Outcome {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match lang {
            Lang::En => en::outcome(self, f),
            Lang::Zh => zh::outcome(self, f),
        }
    }
}

// Roles and colours display their short identifiers (`knight`, `white`); their words are these.
text_method!(crate::Role);
text_method!(crate::Color);

#[cfg(feature = "text")]
impl Words for crate::Role {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match lang {
            Lang::En => en::role_name(*self),
            Lang::Zh => zh::role_name(*self),
        })
    }
}

#[cfg(feature = "text")]
impl Words for crate::Color {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match lang {
            Lang::En => en::color_name(*self),
            Lang::Zh => zh::color_name(*self),
        })
    }
}
#[cfg(feature = "search")]
words!(crate::search::Level, |level, f| f.write_str(en::level(*level)), f.write_str(zh::level(*level)));
#[cfg(feature = "search")]
words!(crate::search::HintReason, |reason, f| en::hint_reason(*reason, f), zh::hint_reason(*reason, f));
#[cfg(feature = "search")]
words!(crate::search::Hint, |hint, f| en::hint(hint, f), zh::hint(hint, f));

/// Writes a hint in one language: its description, then `separator` and its reason when the
/// description does not already say it.
#[cfg(feature = "search")]
fn write_hint(
    hint: &crate::search::Hint,
    f: &mut fmt::Formatter<'_>,
    description: fn(&crate::Description, &mut fmt::Formatter<'_>) -> fmt::Result,
    reason: fn(crate::search::HintReason, &mut fmt::Formatter<'_>) -> fmt::Result,
    separator: &str,
) -> fmt::Result {
    description(&hint.description, f)?;
    match hint.shown_reason() {
        Some(shown) => {
            f.write_str(separator)?;
            reason(shown, f)
        }
        None => Ok(()),
    }
}

/// Parses a level's name in any language the crate speaks (English ignoring ASCII case).
#[cfg(feature = "search")]
impl core::str::FromStr for crate::search::Level {
    type Err = crate::search::ParseLevelError;

    fn from_str(text: &str) -> Result<crate::search::Level, crate::search::ParseLevelError> {
        let name = text.trim();
        let named = |level| {
            #[cfg(feature = "text")]
            let other_languages = zh::level(level) == name;
            #[cfg(not(feature = "text"))]
            let other_languages = false;
            en::level(level).eq_ignore_ascii_case(name) || other_languages
        };
        crate::search::Level::ALL
            .into_iter()
            .find(|&level| named(level))
            .ok_or_else(|| crate::search::ParseLevelError::new(name))
    }
}
