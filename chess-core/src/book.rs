//! Polyglot opening books: the `.bin` format that Polyglot, python-chess and most engines read.
//!
//! A book is a sequence of 16-byte entries, sorted by key, each big-endian: the position's
//! Polyglot key (the same as [`Position::zobrist_key`]), the move, a weight and a learn value.
//! The move packs the target square in bits 0-5, the origin in bits 6-11 (a1 = 0, h8 = 63)
//! and a promotion in bits 12-14 (1 knight, 2 bishop, 3 rook, 4 queen); castling is written
//! as the king taking its own rook (`e1h1`), which is how chess-core encodes castling too.
//!
//! [`Book`] reads a book from bytes (or, with `std`, from a file): it checks the length and the
//! order of the keys once, then finds a position's entries by binary search and gives them as
//! legal moves of the position ([`Book::find_all`]), the best one ([`Book::find`]), or one chosen
//! at random ([`Book::choice`], [`Book::weighted_choice`]) by a random source the caller
//! provides ([`BookRandom`], so choices can be seeded and replayed).
//!
//! # Examples
//!
//! ```
//! use chess_core::book::{Book, Entry};
//! use chess_core::{Position, Square};
//!
//! // A book of two entries for the start position: e2e4 (weight 3) and d2d4 (weight 1).
//! let key = Position::new().zobrist_key();
//! let entry = |raw_move, weight| Entry { key, raw_move, weight, learn: 0 }.to_bytes();
//! let bytes = [entry(0x031c, 3), entry(0x02db, 1)].concat();
//! let book = Book::from_bytes(&bytes)?;
//! let best = book.find(&Position::new(), 1, &[]).unwrap();
//! assert_eq!((best.mv.from(), best.mv.to(), best.entry.weight), (Square::E2, Square::E4, 3));
//! assert_eq!(book.find_all(&Position::new(), 1, &[]).count(), 2);
//! # Ok::<(), chess_core::book::BookError>(())
//! ```

use alloc::borrow::Cow;
use alloc::vec::Vec;

pub use crate::zobrist_table::POLYGLOT_RANDOM;
use crate::{ErrorCode, IllegalMoveReason, Move, Position, Role, Square};

/// The size of one entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry of a book, as stored: the key of a position, a move, its weight and learn value.
///
/// # Examples
///
/// ```
/// use chess_core::book::Entry;
/// use chess_core::{Role, Square};
///
/// // g2 takes h1 and promotes to a knight.
/// let entry = Entry { key: 1, raw_move: 0x1387, weight: 5, learn: 0 };
/// assert_eq!((entry.from(), entry.to(), entry.promotion()), (Square::G2, Square::H1, Some(Role::Knight)));
/// assert_eq!(Entry::from_bytes(&Entry { key: 1, raw_move: 0x1387, weight: 5, learn: 0 }.to_bytes()), entry);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Polyglot key of the position ([`Position::zobrist_key`]).
    pub key: u64,
    /// The move as the book stores it (see the [module documentation](self)).
    pub raw_move: u16,
    /// How good the move is, relative to the position's other entries (0 often means deleted).
    pub weight: u16,
    /// A value some programs use for learning; read and kept, never interpreted.
    pub learn: u32,
}

impl Entry {
    /// Returns the entry's 16 bytes, as a book stores them (big-endian).
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut bytes = [0; ENTRY_SIZE];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }

    /// Reads an entry from its 16 bytes.
    pub fn from_bytes(bytes: &[u8; ENTRY_SIZE]) -> Entry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = *bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// Returns the square the move leaves.
    pub fn from(&self) -> Square {
        Square::new(u32::from(self.raw_move >> 6))
    }

    /// Returns the square the move goes to (for castling, the rook's square).
    pub fn to(&self) -> Square {
        Square::new(u32::from(self.raw_move))
    }

    /// Returns the promotion piece: `None` for code 0, a knight to a queen for codes 1 to 4,
    /// and a king (which no pawn may become, so the move is never legal) for codes 5 to 7.
    pub fn promotion(&self) -> Option<Role> {
        match (self.raw_move >> 12) & 7 {
            0 => None,
            code @ 1..=4 => Some(Role::new(usize::from(code))),
            _ => Some(Role::King),
        }
    }

    /// Finds the legal move of `pos` this entry names, or says why it is not legal there.
    ///
    /// Castling is read as the king taking its own rook (`e1h1`) and, in standard chess, as
    /// the king's two-square step (`e1g1`), as python-chess reads it.
    ///
    /// ```
    /// use chess_core::book::Entry;
    /// use chess_core::{Move, Position, Square};
    ///
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// let e1h1 = Entry { key: pos.zobrist_key(), raw_move: 0x0107, weight: 1, learn: 0 };
    /// assert_eq!(e1h1.to_move(&pos), Ok(Move::castle(Square::E1, Square::H1)));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalMoveReason> {
        pos.resolve_move(self.from(), self.to(), self.promotion())
    }
}

/// An entry of a book together with the legal move it names in a position.
///
/// # Examples
///
/// ```
/// use chess_core::book::{Book, Entry};
/// use chess_core::Position;
///
/// let pos = Position::new();
/// let bytes = Entry { key: pos.zobrist_key(), raw_move: 0x031c, weight: 3, learn: 7 }.to_bytes();
/// let book = Book::from_bytes(&bytes)?;
/// let found = book.find(&pos, 1, &[]).unwrap();
/// assert_eq!((pos.san(found.mv).to_string(), found.entry.learn), ("e4".to_string(), 7));
/// # Ok::<(), chess_core::book::BookError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The legal move.
    pub mv: Move,
    /// The entry, as stored.
    pub entry: Entry,
}

/// Why bytes are not a Polyglot book.
///
/// # Examples
///
/// ```
/// use chess_core::book::{Book, BookError, Entry};
///
/// assert_eq!(Book::from_bytes(&[0; 20]).unwrap_err(), BookError::Length { len: 20 });
/// let entry = |key| Entry { key, raw_move: 0x031c, weight: 1, learn: 0 }.to_bytes();
/// let bytes = [entry(2), entry(1)].concat();
/// assert_eq!(Book::from_bytes(&bytes).unwrap_err(), BookError::Unsorted { index: 1 });
/// assert_eq!(BookError::Unsorted { index: 1 }.code(), chess_core::ErrorCode::InvalidBook);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The length is not a multiple of 16 bytes: the book is truncated or not a book.
    #[error("a Polyglot book is made of 16-byte entries, but this one has {len} bytes (truncated?)")]
    Length {
        /// The length in bytes.
        len: usize,
    },
    /// The keys are not in increasing order, so positions cannot be found by binary search.
    #[error("the keys of a Polyglot book must be sorted, but entry {index} has a smaller key than the one before")]
    Unsorted {
        /// The index of the first entry whose key is smaller than the one before it.
        index: usize,
    },
    /// The file could not be read.
    #[cfg(feature = "std")]
    #[error("cannot read the book: {0}")]
    Io(std::io::ErrorKind),
}

impl BookError {
    /// Returns the stable error code: [`ErrorCode::Io`] when the file could not be read,
    /// [`ErrorCode::InvalidBook`] otherwise.
    pub fn code(&self) -> ErrorCode {
        match self {
            BookError::Length { .. } | BookError::Unsorted { .. } => ErrorCode::InvalidBook,
            #[cfg(feature = "std")]
            BookError::Io(_) => ErrorCode::Io,
        }
    }
}

/// A source of random numbers for [`Book::choice`] and [`Book::weighted_choice`], so the caller
/// decides how (and with which seed) moves are chosen.
///
/// Any `FnMut(u64) -> u64` closure is one: it is given a bound and returns a number below it
/// (a larger answer is taken as `bound - 1`).
///
/// # Examples
///
/// ```
/// use chess_core::book::BookRandom;
///
/// let mut state = 42u64; // a seeded linear congruential generator
/// let mut random = |bound: u64| {
///     state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
///     (state >> 33) % bound
/// };
/// assert!(random.below(10) < 10);
/// ```
pub trait BookRandom {
    /// Returns a number in `0..bound`; `bound` is at least 1.
    fn below(&mut self, bound: u64) -> u64;
}

impl<F: FnMut(u64) -> u64> BookRandom for F {
    fn below(&mut self, bound: u64) -> u64 {
        self(bound)
    }
}

/// Asks `random` for a number below `bound`, clamped into range.
fn below(random: &mut impl BookRandom, bound: u64) -> u64 {
    random.below(bound).min(bound - 1)
}

/// A Polyglot opening book: checked 16-byte entries, sorted by key, read from bytes borrowed
/// or owned.
///
/// # Examples
///
/// ```
/// use chess_core::book::{Book, Entry};
/// use chess_core::Position;
///
/// let pos = Position::new();
/// let key = pos.zobrist_key();
/// // e2e4 (weight 2), d2d4 (weight 1), and a move that is not legal: it is skipped.
/// let entry = |raw_move, weight| Entry { key, raw_move, weight, learn: 0 }.to_bytes();
/// let bytes = [entry(0x031c, 2), entry(0x02db, 1), entry(0x0fff, 9)].concat();
/// let book = Book::from_vec(bytes)?;
/// assert_eq!(book.len(), 3);
/// let moves: Vec<String> = book.find_all(&pos, 1, &[]).map(|m| pos.san(m.mv).to_string()).collect();
/// assert_eq!(moves, ["e4", "d4"]);
/// // Always the first entry, then always the last, of a weighted choice.
/// assert_eq!(pos.san(book.weighted_choice(&pos, &[], &mut |_| 0).unwrap().mv).to_string(), "e4");
/// assert_eq!(pos.san(book.weighted_choice(&pos, &[], &mut |n| n - 1).unwrap().mv).to_string(), "d4");
/// # Ok::<(), chess_core::book::BookError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Book<'a> {
    bytes: Cow<'a, [u8]>,
}

/// Shows the number of entries, not the bytes.
impl core::fmt::Debug for Book<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Book").field("entries", &self.len()).finish()
    }
}

impl<'a> Book<'a> {
    /// Reads a book from borrowed bytes, checking their length and the order of the keys.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        Book::checked(Cow::Borrowed(bytes))
    }

    /// Reads a book from owned bytes, checking their length and the order of the keys.
    pub fn from_vec(bytes: Vec<u8>) -> Result<Book<'static>, BookError> {
        Book::checked(Cow::Owned(bytes))
    }

    /// Reads the book in a file.
    ///
    /// ```no_run
    /// use chess_core::book::Book;
    ///
    /// let book = Book::open("performance.bin")?;
    /// println!("{} entries", book.len());
    /// # Ok::<(), chess_core::book::BookError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Book<'static>, BookError> {
        let bytes = std::fs::read(path).map_err(|error| BookError::Io(error.kind()))?;
        Book::from_vec(bytes)
    }

    fn checked<'b>(bytes: Cow<'b, [u8]>) -> Result<Book<'b>, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Length { len: bytes.len() });
        }
        let book = Book { bytes };
        let unsorted = book.iter().zip(book.iter().skip(1)).position(|(previous, entry)| entry.key < previous.key);
        match unsorted {
            Some(index) => Err(BookError::Unsorted { index: index + 1 }),
            None => Ok(book),
        }
    }

    /// Returns the book's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Returns the number of entries.
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    /// Tells whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Returns the entry at `index`, or `None` past the end.
    pub fn get(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        let bytes = self.bytes.get(start..start.checked_add(ENTRY_SIZE)?)?;
        bytes.try_into().ok().map(Entry::from_bytes)
    }

    /// Returns every entry in the book's order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Entry> + ExactSizeIterator + '_ {
        self.bytes.chunks_exact(ENTRY_SIZE).map(|chunk| {
            let mut bytes = [0; ENTRY_SIZE];
            bytes.copy_from_slice(chunk);
            Entry::from_bytes(&bytes)
        })
    }

    /// Returns the entries stored for `key`, in the book's order, legal or not.
    pub fn entries_for_key(&self, key: u64) -> impl Iterator<Item = Entry> + '_ {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = low + (high - low) / 2;
            match self.get(middle) {
                Some(entry) if entry.key < key => low = middle + 1,
                _ => high = middle,
            }
        }
        (low..self.len()).map_while(move |index| self.get(index).filter(|entry| entry.key == key))
    }

    /// Returns the entries for `pos` whose weight is at least `minimum_weight` and whose move
    /// is legal and not in `exclude`, in the book's order, with their moves.
    ///
    /// Entries naming a move that is not legal in `pos` are skipped (as python-chess skips
    /// them); [`Book::entries_for_key`] and [`Entry::to_move`] say which and why. A minimum
    /// weight of 1 leaves out entries of weight 0, which books use to delete a move.
    pub fn find_all<'s>(
        &'s self,
        pos: &'s Position,
        minimum_weight: u16,
        exclude: &'s [Move],
    ) -> impl Iterator<Item = BookMove> + 's {
        self.entries_for_key(pos.zobrist_key())
            .filter(move |entry| entry.weight >= minimum_weight)
            .filter_map(|entry| entry.to_move(pos).ok().map(|mv| BookMove { mv, entry }))
            .filter(|found| !exclude.contains(&found.mv))
    }

    /// Returns the entry of `find_all` with the highest weight (the first of equal ones).
    pub fn find(&self, pos: &Position, minimum_weight: u16, exclude: &[Move]) -> Option<BookMove> {
        self.find_all(pos, minimum_weight, exclude)
            .reduce(|best, found| if found.entry.weight > best.entry.weight { found } else { best })
    }

    /// Chooses one entry of `find_all` uniformly at random ([`choose_index`]).
    pub fn choice(
        &self,
        pos: &Position,
        minimum_weight: u16,
        exclude: &[Move],
        random: &mut impl BookRandom,
    ) -> Option<BookMove> {
        let found: Vec<BookMove> = self.find_all(pos, minimum_weight, exclude).collect();
        choose_index(found.len(), random).and_then(|index| found.get(index).copied())
    }

    /// Chooses one entry of `find_all` (weight 1 or more) with a probability proportional to
    /// its weight ([`choose_weighted_index`]).
    pub fn weighted_choice(&self, pos: &Position, exclude: &[Move], random: &mut impl BookRandom) -> Option<BookMove> {
        self.weighted_choice_by(pos, exclude, random, u64::from)
    }

    /// Like [`Book::weighted_choice`], with each entry's weight replaced by `weigh(weight)`
    /// (a flatter `weigh` varies the moves more); entries weighed 0 are never chosen.
    ///
    /// ```
    /// use chess_core::book::{Book, Entry};
    /// use chess_core::Position;
    ///
    /// let pos = Position::new();
    /// let key = pos.zobrist_key();
    /// let entry = |raw_move, weight| Entry { key, raw_move, weight, learn: 0 }.to_bytes();
    /// let bytes = [entry(0x031c, 100), entry(0x02db, 1)].concat();
    /// let book = Book::from_bytes(&bytes)?;
    /// // With every weight counted as 1, the second of two entries is chosen by 1 of 0..2.
    /// let chosen = book.weighted_choice_by(&pos, &[], &mut |_| 1, |_| 1).unwrap();
    /// assert_eq!(chosen.entry.weight, 1);
    /// # Ok::<(), chess_core::book::BookError>(())
    /// ```
    pub fn weighted_choice_by(
        &self,
        pos: &Position,
        exclude: &[Move],
        random: &mut impl BookRandom,
        mut weigh: impl FnMut(u16) -> u64,
    ) -> Option<BookMove> {
        let found: Vec<BookMove> = self.find_all(pos, 1, exclude).collect();
        let weights: Vec<u64> = found.iter().map(|f| weigh(f.entry.weight)).collect();
        choose_weighted_index(&weights, random).and_then(|index| found.get(index).copied())
    }
}

/// Chooses an index below `count` uniformly, asking `random` one number per index after the
/// first (reservoir sampling: index `i` replaces the choice when the number below `i + 1` is
/// `i`), as python-chess's `choice` does; `None` when `count` is 0.
///
/// ```
/// use chess_core::book::choose_index;
///
/// assert_eq!(choose_index(3, &mut |_| 0), Some(0));
/// assert_eq!(choose_index(3, &mut |bound| bound - 1), Some(2));
/// assert_eq!(choose_index(0, &mut |_| 0), None);
/// ```
pub fn choose_index(count: usize, random: &mut impl BookRandom) -> Option<usize> {
    let mut chosen = None;
    for index in 0..count {
        if chosen.is_none() || below(random, index as u64 + 1) == index as u64 {
            chosen = Some(index);
        }
    }
    chosen
}

/// Chooses an index of `weights` with a probability proportional to its weight, asking
/// `random` for one number below their sum (as python-chess's `weighted_choice` does); `None`
/// when the weights add up to 0.
///
/// ```
/// use chess_core::book::choose_weighted_index;
///
/// assert_eq!(choose_weighted_index(&[0, 5, 1], &mut |_| 0), Some(1));
/// assert_eq!(choose_weighted_index(&[0, 5, 1], &mut |bound| bound - 1), Some(2));
/// assert_eq!(choose_weighted_index(&[0, 0], &mut |_| 0), None);
/// ```
pub fn choose_weighted_index(weights: &[u64], random: &mut impl BookRandom) -> Option<usize> {
    let total = weights.iter().fold(0u64, |sum, &weight| sum.saturating_add(weight));
    if total == 0 {
        return None;
    }
    let pick = below(random, total);
    let mut sum = 0u64;
    weights.iter().position(|&weight| {
        sum = sum.saturating_add(weight);
        sum > pick
    })
}
