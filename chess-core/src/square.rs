//! Files, ranks and squares.

use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Color};

macro_rules! small_enum {
    ($(#[$meta:meta])* $name:ident, $doc_all:literal, [$($(#[$vmeta:meta])* $variant:ident),*]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $name {
            $($(#[$vmeta])* $variant),*
        }

        impl $name {
            #[doc = $doc_all]
            pub const ALL: [$name; 8] = [$($name::$variant),*];

            /// Returns the index from 0 to 7.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// Returns the value for `index & 7`. Written as comparisons rather than a table
            /// lookup, so the compiler reduces it to the mask and no memory is read.
            #[inline]
            pub(crate) const fn new(index: usize) -> $name {
                let index = index & 7;
                $(if index == $name::$variant as usize {
                    return $name::$variant;
                })*
                Self::ALL[7]
            }

            /// Returns the value for an index from 0 to 7, or `None`.
            #[inline]
            pub const fn from_index(index: usize) -> Option<$name> {
                if index < 8 {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }

            /// Returns the value `delta` steps away, if it is on the board.
            #[inline]
            pub const fn offset(self, delta: i32) -> Option<$name> {
                let index = self as i32 + delta;
                if 0 <= index && index < 8 {
                    Some(Self::ALL[index as usize])
                } else {
                    None
                }
            }
        }
    };
}

small_enum!(
    /// A column of the board, from `a` to `h`.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::File;
    ///
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::H.char(), 'h');
    /// ```
    File,
    "Lists the files from `a` to `h`.",
    [
        /// The a-file.
        A,
        /// The b-file.
        B,
        /// The c-file.
        C,
        /// The d-file.
        D,
        /// The e-file.
        E,
        /// The f-file.
        F,
        /// The g-file.
        G,
        /// The h-file.
        H
    ]
);

small_enum!(
    /// A row of the board, from `1` (White's side) to `8`.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{Color, Rank};
    ///
    /// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
    /// assert_eq!(Rank::First.relative_to(Color::Black), Rank::Eighth);
    /// ```
    Rank,
    "Lists the ranks from `1` to `8`.",
    [
        /// The first rank, where White's pieces start.
        First,
        /// The second rank.
        Second,
        /// The third rank.
        Third,
        /// The fourth rank.
        Fourth,
        /// The fifth rank.
        Fifth,
        /// The sixth rank.
        Sixth,
        /// The seventh rank.
        Seventh,
        /// The eighth rank, where Black's pieces start.
        Eighth
    ]
);

impl File {
    /// Returns the letter from `a` to `h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads a letter from `a` to `h`.
    pub const fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() { File::from_index(c as usize - 'a' as usize) } else { None }
    }
}

impl Rank {
    /// Returns the digit from `1` to `8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Reads a digit from `1` to `8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() { Rank::from_index((c as usize).wrapping_sub('1' as usize)) } else { None }
    }

    /// Returns this rank as seen from `color`'s side (the first rank is each side's home rank).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

macro_rules! squares {
    ($($sq:ident),*) => {
        /// A square of the board, `A1` = 0 up to `H8` = 63 (rank by rank).
        ///
        /// # Examples
        ///
        /// ```
        /// use chess_core::{File, Rank, Square};
        ///
        /// let e4: Square = "e4".parse().unwrap();
        /// assert_eq!(e4, Square::E4);
        /// assert_eq!(e4.file(), File::E);
        /// assert_eq!(e4.rank(), Rank::Fourth);
        /// assert!(e4.is_light());
        /// assert_eq!(e4.to_string(), "e4");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($sq),*
        }

        impl Square {
            /// Lists the 64 squares from `A1` to `H8`, rank by rank.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];

            /// Returns the square for an index that the caller knows is below 64 (it is masked).
            ///
            /// Written as comparisons rather than a lookup in [`Square::ALL`]: the compiler
            /// reduces them to the mask, so turning a bit index into a square reads no memory
            /// (this is on the path of every generated and played move).
            #[inline]
            pub(crate) const fn new(index: u32) -> Square {
                let index = index & 63;
                $(if index == Square::$sq as u32 {
                    return Square::$sq;
                })*
                Square::H8
            }
        }
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3, A4, B4, C4, D4, E4,
    F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6, A7, B7, C7, D7, E7, F7, G7, H7, A8, B8,
    C8, D8, E8, F8, G8, H8
);

impl Square {
    /// Returns the square at the crossing of a file and a rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u32 * 8 + file as u32)
    }

    /// Returns the square for an index from 0 (`a1`) to 63 (`h8`), or `None`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 { Some(Square::ALL[index]) } else { None }
    }

    /// Returns the index from 0 (`a1`) to 63 (`h8`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the file.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as usize)
    }

    /// Returns the rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as usize >> 3)
    }

    /// Returns the square `delta` indices away, if it exists (no wrapping check on files).
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let index = self as i32 + delta;
        if 0 <= index && index < 64 { Some(Square::ALL[index as usize]) } else { None }
    }

    /// Returns the square mirrored top to bottom (`a1` ↔ `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// Returns the square on the same file, on the rank as seen from `color`'s side.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// Tells whether the square is light (like `h1` and `a8`).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// Tells whether the square is dark (like `a1` and `h8`).
    #[inline]
    pub const fn is_dark(self) -> bool {
        !self.is_light()
    }

    /// Returns the larger of the file and rank distances to `other` (king steps).
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if df > dr { df } else { dr }
    }

    /// Returns the sum of the file and rank distances to `other` (rook steps of one square).
    ///
    /// ```
    /// use chess_core::Square;
    ///
    /// assert_eq!(Square::A1.manhattan_distance(Square::H8), 14);
    /// assert_eq!(Square::D4.manhattan_distance(Square::E5), 2);
    /// ```
    pub const fn manhattan_distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        df + dr
    }

    /// Returns the fewest knight moves from this square to `other` (6 at most).
    ///
    /// ```
    /// use chess_core::Square;
    ///
    /// assert_eq!(Square::G1.knight_distance(Square::F3), 1);
    /// assert_eq!(Square::A1.knight_distance(Square::B2), 4); // the corner costs two more
    /// assert_eq!(Square::A1.knight_distance(Square::H8), 6);
    /// ```
    pub const fn knight_distance(self, other: Square) -> u32 {
        // Spreads the reached squares by a knight's jump until they hold `other`; the knight
        // reaches every square, so this ends within six jumps.
        const JUMPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let mut reached = Bitboard::from_square(self);
        let mut distance = 0;
        while !reached.contains(other) {
            let mut next = reached;
            let mut i = 0;
            while i < JUMPS.len() {
                next = Bitboard(next.0 | reached.shift(JUMPS[i].0, JUMPS[i].1).0);
                i += 1;
            }
            reached = next;
            distance += 1;
        }
        distance
    }

    /// Reads a square name such as `e4` from bytes.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if s.len() != 2 {
            return Err(ParseSquareError);
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The error for a square name that is not a file letter `a`–`h` followed by a rank digit `1`–`8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid square name: expected a file a-h and a rank 1-8, like e4")]
pub struct ParseSquareError;

impl ParseSquareError {
    /// Returns the stable error code, [`ErrorCode::InvalidSquare`](crate::ErrorCode::InvalidSquare).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidSquare
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Square;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square name like e4")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Square, E> {
                v.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;

    #[test]
    #[cfg_attr(miri, ignore = "exhaustive over safe code: minutes when interpreted")]
    fn knight_distance_is_the_breadth_first_search_of_knight_moves() {
        for from in Square::ALL {
            // Distances found by walking the knight attack table, level by level.
            let mut distance = [u32::MAX; 64];
            distance[from.index()] = 0;
            let mut frontier = Bitboard::from(from);
            let mut level = 0;
            while frontier.any() {
                level += 1;
                let mut next = Bitboard::EMPTY;
                for square in frontier {
                    for target in attacks::knight(square) {
                        if distance[target.index()] == u32::MAX {
                            distance[target.index()] = level;
                            next = next.with(target);
                        }
                    }
                }
                frontier = next;
            }
            for to in Square::ALL {
                assert_eq!(from.knight_distance(to), distance[to.index()], "{from} to {to}");
                assert_eq!(to.knight_distance(from), distance[to.index()]);
            }
        }
    }

    #[test]
    fn distances() {
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::A1.manhattan_distance(Square::A1), 0);
        assert_eq!(Square::A4.manhattan_distance(Square::H4), 7);
        assert_eq!(Square::E1.knight_distance(Square::E8), 5);
        assert_eq!(Square::C1.knight_distance(Square::B2), 2);
        assert_eq!(Square::H8.knight_distance(Square::G7), 4);
    }
}
