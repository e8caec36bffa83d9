//! [`PgnText`]: the text a PGN game keeps (tag names and values, comments), stored inline
//! when short so that reading a game allocates little.

use alloc::boxed::Box;
use alloc::string::String;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

/// The longest text kept inline, in bytes: 22 on 64-bit targets, 10 on 32-bit ones, so that a
/// `PgnText` is as large as a `String` (the enum's tag and the length take the other two).
const INLINE: usize = 3 * size_of::<usize>() - 2;

/// A tag's name or value, or a comment, of a PGN game: an immutable string that reads as
/// `&str` (through `Deref`) and compares with `str` and `String`.
///
/// Text of up to 22 bytes on 64-bit targets (most tags, a clock comment such as
/// `[%clk 0:03:00]`; 10 bytes on 32-bit targets) is stored in the value itself and longer text
/// on the heap, so that reading a game makes one
/// allocation per long text rather than one per text.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::PgnText;
///
/// let comment = PgnText::from("[%clk 0:03:00]");
/// assert_eq!(comment, "[%clk 0:03:00]");
/// assert!(comment.starts_with("[%clk"));
/// let long = PgnText::from(String::from("a comment longer than twenty-two bytes"));
/// assert_eq!(long.len(), 38);
/// assert_eq!(String::from(long), "a comment longer than twenty-two bytes");
/// ```
#[derive(Clone)]
pub struct PgnText(Repr);

#[derive(Clone)]
enum Repr {
    /// `bytes[..len]` is the text: always a whole `&str` copied in (see [`PgnText::new`]).
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Heap(Box<str>),
}

const _: () = assert!(size_of::<PgnText>() == size_of::<String>());
const _: () = assert!(size_of::<Option<PgnText>>() == size_of::<String>());

impl PgnText {
    /// Copies `text`, inline when it is short.
    pub fn new(text: &str) -> PgnText {
        match u8::try_from(text.len()) {
            Ok(len) if text.len() <= INLINE => PgnText(Repr::Inline { len, bytes: copy_short(text.as_bytes()) }),
            _ => PgnText(Repr::Heap(text.into())),
        }
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                let bytes = &bytes[..usize::from(*len)];
                debug_assert!(core::str::from_utf8(bytes).is_ok());
                // SAFETY: `Repr::Inline` is only made by `PgnText::new`, which copies the
                // whole of a `&str` into `bytes[..len]`: valid UTF-8.
                #[allow(unsafe_code)]
                unsafe {
                    core::str::from_utf8_unchecked(bytes)
                }
            }
            Repr::Heap(text) => text,
        }
    }
}

/// Copies up to [`INLINE`] bytes with a few fixed-size moves (two overlapping ones from each
/// end) rather than a call to `memcpy`, which costs more than the copy for text this short.
#[inline]
fn copy_short(text: &[u8]) -> [u8; INLINE] {
    let mut bytes = [0; INLINE];
    let n = text.len();
    if n >= 8 {
        bytes[..8].copy_from_slice(&text[..8]);
        // (Only on targets whose inline text is longer than 16 bytes.)
        if let Some(middle) = bytes.get_mut(8..16).filter(|_| n > 16) {
            middle.copy_from_slice(&text[8..16]);
        }
        bytes[n - 8..n].copy_from_slice(&text[n - 8..]);
    } else if n >= 4 {
        bytes[..4].copy_from_slice(&text[..4]);
        bytes[n - 4..n].copy_from_slice(&text[n - 4..]);
    } else {
        bytes[..n].copy_from_slice(text);
    }
    bytes
}

impl Default for PgnText {
    /// The empty text.
    fn default() -> PgnText {
        PgnText::new("")
    }
}

impl Deref for PgnText {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for PgnText {
    fn as_ref(&self) -> &str {
        self
    }
}

impl Borrow<str> for PgnText {
    fn borrow(&self) -> &str {
        self
    }
}

impl From<&str> for PgnText {
    fn from(text: &str) -> PgnText {
        PgnText::new(text)
    }
}

impl From<String> for PgnText {
    /// Keeps the string's memory when the text is long.
    fn from(text: String) -> PgnText {
        if text.len() <= INLINE { PgnText::new(&text) } else { PgnText(Repr::Heap(text.into_boxed_str())) }
    }
}

impl From<PgnText> for String {
    fn from(text: PgnText) -> String {
        match text.0 {
            Repr::Heap(text) => text.into_string(),
            Repr::Inline { .. } => String::from(text.as_str()),
        }
    }
}

impl fmt::Display for PgnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for PgnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for PgnText {
    fn eq(&self, other: &PgnText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for PgnText {}

impl PartialOrd for PgnText {
    fn partial_cmp(&self, other: &PgnText) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PgnText {
    fn cmp(&self, other: &PgnText) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for PgnText {
    /// Hashes as the `str` does, as `Borrow<str>` requires.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// `PgnText == other` and `other == PgnText` for the string types.
macro_rules! equal_to_strings {
    ($($other:ty),*) => {$(
        impl PartialEq<$other> for PgnText {
            fn eq(&self, other: &$other) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }

        impl PartialEq<PgnText> for $other {
            fn eq(&self, other: &PgnText) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )*};
}

equal_to_strings!(str, &str, String);

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn every_length_and_boundary_reads_back_as_written() {
        // Every length from 0 to 30 bytes of distinct letters, and multi-byte characters.
        let letters: String = (b'a'..=b'z').chain(b'A'..=b'E').map(char::from).collect();
        let lengths = (0..=letters.len()).map(|len| letters[..len].to_string());
        let repeats = ["[%clk 0:03:00]", "ü", "中文", "🙂"].into_iter().flat_map(|s| (0..12).map(|n| s.repeat(n)));
        for text in lengths.chain(repeats) {
            let kept = PgnText::new(&text);
            assert_eq!(kept.as_str(), text);
            assert_eq!(matches!(kept.0, Repr::Inline { .. }), text.len() <= INLINE, "{text:?}");
            assert_eq!(PgnText::from(text.clone()), kept);
            assert_eq!(String::from(kept.clone()), text);
            assert_eq!(kept.to_string(), text);
            assert_eq!(format!("{kept:?}"), format!("{text:?}"));
        }
    }

    #[test]
    fn compares_and_hashes_as_its_text() {
        use core::hash::BuildHasher;
        let hasher = std::hash::RandomState::new();
        let (short, long) = (PgnText::from("Event"), PgnText::from("x".repeat(40)));
        let (owned, borrowed): (String, &str) = ("Event".into(), "Event");
        // Each of the `PartialEq` impls, both ways round.
        assert_eq!(short, owned);
        assert_eq!(owned, short);
        assert_eq!(short, borrowed);
        assert_eq!(borrowed, short);
        assert!(short.eq(borrowed) && borrowed.eq(&short));
        assert_eq!(hasher.hash_one(&short), hasher.hash_one("Event"));
        assert_eq!(hasher.hash_one(&long), hasher.hash_one("x".repeat(40).as_str()));
        let (after, before) = (PgnText::from("Eventful"), PgnText::from("A"));
        assert!(before < short && short < after);
        assert_eq!(PgnText::default(), "");
    }
}
