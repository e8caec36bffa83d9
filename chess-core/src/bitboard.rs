//! Sets of squares as 64-bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::{Color, File, Rank, Square};

/// A set of squares, one bit per square (`a1` is bit 0, `h8` bit 63).
///
/// # Examples
///
/// ```
/// use chess_core::{Bitboard, Square};
///
/// let centre = Bitboard::CENTER;
/// assert_eq!(centre.len(), 4);
/// assert!(centre.contains(Square::E4));
/// let squares: Vec<Square> = centre.into_iter().collect();
/// assert_eq!(squares, [Square::D4, Square::E4, Square::D5, Square::E5]);
/// assert_eq!(Bitboard::from(Square::E2).north(), Bitboard::from(Square::E3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 light squares (`h1`, `a8`, ...).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares (`a1`, `h8`, ...).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The four centre squares `d4`, `e4`, `d5`, `e5`.
    pub const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);
    /// The sixteen squares from `c3` to `f6`.
    pub const EXTENDED_CENTER: Bitboard = Bitboard(0x0000_3c3c_3c3c_0000);
    /// The files `e` to `h`.
    pub const KINGSIDE: Bitboard = Bitboard(0xf0f0_f0f0_f0f0_f0f0);
    /// The files `a` to `d`.
    pub const QUEENSIDE: Bitboard = Bitboard(0x0f0f_0f0f_0f0f_0f0f);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// The first and eighth ranks.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// Returns the set of one square.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square as u32)
    }

    /// Returns the eight squares of a file.
    #[inline]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// Returns the eight squares of a rank.
    #[inline]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// Returns the home rank of `color` (rank 1 for White, rank 8 for Black).
    #[inline]
    pub const fn backrank(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(0xff),
            Color::Black => Bitboard(0xff << 56),
        }
    }

    /// Tells whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Tells whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Counts the squares.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Tells whether the set has two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Tells whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u32) != 0
    }

    /// Returns the set with `square` added.
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square as u32)
    }

    /// Returns the set with `square` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square as u32))
    }

    /// Tells whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Returns the lowest square (closest to `a1`), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new(self.0.trailing_zeros())) }
    }

    /// Returns the highest square (closest to `h8`), if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new(63 - self.0.leading_zeros())) }
    }

    /// Returns the only square of a one-square set, or `None`.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() { self.first() } else { None }
    }

    /// Moves every square one rank up (towards rank 8); squares on rank 8 fall off.
    #[inline]
    #[must_use]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Moves every square one rank down (towards rank 1).
    #[inline]
    #[must_use]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Moves every square one file right (towards the h-file).
    #[inline]
    #[must_use]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 << 1) & !0x0101_0101_0101_0101)
    }

    /// Moves every square one file left (towards the a-file).
    #[inline]
    #[must_use]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 >> 1) & !0x8080_8080_8080_8080)
    }

    /// Moves every square one rank forward from `color`'s point of view.
    #[inline]
    #[must_use]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.north(),
            Color::Black => self.south(),
        }
    }

    /// Moves every square `files` files right (left when negative) and `ranks` ranks up (down
    /// when negative); squares that leave the board fall off, none wrap around.
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// let knight = Bitboard::from(Square::G1);
    /// assert_eq!(knight.shift(-1, 2), Bitboard::from(Square::F3));
    /// assert_eq!(knight.shift(2, 1), Bitboard::EMPTY);
    /// assert_eq!(Bitboard::from_rank(chess_core::Rank::First).shift(3, 0).len(), 5);
    /// ```
    #[inline]
    #[must_use]
    pub const fn shift(self, files: i32, ranks: i32) -> Bitboard {
        if files <= -8 || files >= 8 || ranks <= -8 || ranks >= 8 {
            return Bitboard::EMPTY;
        }
        // The files that stay on the board, then one shift by the index distance.
        let staying = if files >= 0 { 0xffu8 >> files } else { 0xffu8 << -files };
        let kept = self.0 & (staying as u64 * 0x0101_0101_0101_0101);
        let delta = files + 8 * ranks;
        Bitboard(if delta >= 0 { kept << delta } else { kept >> -delta })
    }

    /// Mirrors the set top to bottom (`a1` ↔ `a8`).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Mirrors the set left to right (`a1` ↔ `h1`).
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// assert_eq!(Bitboard::from(Square::B3).flip_horizontal(), Bitboard::from(Square::G3));
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip_horizontal(self) -> Bitboard {
        // Reversing the 64 bits turns the board half round; swapping the ranks back leaves
        // the files mirrored.
        Bitboard(self.0.reverse_bits().swap_bytes())
    }

    /// Mirrors the set about the `a1`–`h8` diagonal (`a8` ↔ `h1`, `b1` ↔ `a2`).
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// assert_eq!(Bitboard::from(Square::C1).flip_diagonal(), Bitboard::from(Square::A3));
    /// assert_eq!(Bitboard::from(Square::D4).flip_diagonal(), Bitboard::from(Square::D4));
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip_diagonal(self) -> Bitboard {
        // Transposes the 8×8 bit matrix: its 4×4 quarters, then their 2×2 blocks, then the
        // single bits, each step swapping the bits under `mask` with those `delta` below.
        const fn swap(x: u64, mask: u64, delta: u32) -> u64 {
            let t = (x ^ (x << delta)) & mask;
            x ^ t ^ (t >> delta)
        }
        let x = swap(self.0, 0x0f0f_0f0f_0000_0000, 28);
        let x = swap(x, 0x3333_0000_3333_0000, 14);
        Bitboard(swap(x, 0x5500_5500_5500_5500, 7))
    }

    /// Mirrors the set about the `a8`–`h1` diagonal (`a1` ↔ `h8`, `b1` ↔ `h7`).
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// assert_eq!(Bitboard::from(Square::B1).flip_anti_diagonal(), Bitboard::from(Square::H7));
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip_anti_diagonal(self) -> Bitboard {
        // Half a turn, then the mirror about the other diagonal.
        Bitboard(self.0.reverse_bits()).flip_diagonal()
    }

    /// Returns the lowest square and removes it from the set.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl From<File> for Bitboard {
    #[inline]
    fn from(file: File) -> Bitboard {
        Bitboard::from_file(file)
    }
}

impl From<Rank> for Bitboard {
    #[inline]
    fn from(rank: Rank) -> Bitboard {
        Bitboard::from_rank(rank)
    }
}

impl<T: Into<Bitboard>> BitOr<T> for Square {
    type Output = Bitboard;

    /// Makes a set of two squares (or of a square and a set).
    #[inline]
    fn bitor(self, rhs: T) -> Bitboard {
        Bitboard::from(self) | rhs
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }

        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    )*};
}

bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;

    /// Returns the squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl<T: Into<Bitboard>> SubAssign<T> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        self.0 &= !rhs.into().0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// An iterator over the squares of a [`Bitboard`], from `a1` to `h8`.
#[derive(Debug, Clone)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.len() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Squares {}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let square = self.0.last()?;
        self.0 = self.0.without(square);
        Some(square)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl fmt::Debug for Bitboard {
    /// Writes the set on one line with its squares, `Bitboard(0x0000000000000081: a1 h1)`, so
    /// that an error holding one (a validation [`Problem`](crate::Problem)) prints on one line;
    /// the alternate form (`{:#?}`) draws it as an 8×8 grid, rank 8 first.
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// let corners = Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H1);
    /// assert_eq!(format!("{corners:?}"), "Bitboard(0x0000000000000081: a1 h1)");
    /// assert!(format!("{corners:#?}").ends_with("........\nx......x\n"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            write!(f, "Bitboard(0x{:016x}:", self.0)?;
            for square in *self {
                write!(f, " {square}")?;
            }
            return f.write_str(")");
        }
        writeln!(f, "Bitboard(0x{:016x})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, *rank)) { 'x' } else { '.' };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_match_their_definitions() {
        let light: Bitboard = Square::ALL.into_iter().filter(|s| s.is_light()).collect();
        assert_eq!(light, Bitboard::LIGHT_SQUARES);
        assert_eq!(!light, Bitboard::DARK_SQUARES);
        let extended: Bitboard = Square::ALL
            .into_iter()
            .filter(|s| (File::C..=File::F).contains(&s.file()) && (Rank::Third..=Rank::Sixth).contains(&s.rank()))
            .collect();
        assert_eq!(extended, Bitboard::EXTENDED_CENTER);
        let kingside: Bitboard = Square::ALL.into_iter().filter(|s| s.file() >= File::E).collect();
        assert_eq!(kingside, Bitboard::KINGSIDE);
        assert_eq!(!kingside, Bitboard::QUEENSIDE);
        assert_eq!(Bitboard::from_file(File::H).len(), 8);
        assert!(Bitboard::from_rank(Rank::Eighth).contains(Square::H8));
    }

    #[test]
    fn shifts_do_not_wrap_around_files() {
        assert_eq!(Bitboard::from(Square::H4).east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::from(Square::A4).west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::from(Square::A8).north(), Bitboard::EMPTY);
        assert_eq!(Bitboard::from(Square::D4).east(), Bitboard::from(Square::E4));
        assert_eq!(Bitboard::from(Square::D4).south(), Bitboard::from(Square::D3));
    }

    /// Where each square goes under a map of (file, rank), square by square.
    fn map_squares(set: Bitboard, f: impl Fn(i32, i32) -> (i32, i32)) -> Bitboard {
        set.into_iter()
            .filter_map(|square| {
                let (file, rank) = f(square.file() as i32, square.rank() as i32);
                let on_board = (0..8).contains(&file) && (0..8).contains(&rank);
                on_board.then(|| Square::ALL[(rank * 8 + file) as usize])
            })
            .collect()
    }

    /// Sets spread over the board: single squares, the full and empty sets, random masks
    /// (fewer under Miri, which interprets every step).
    fn samples() -> impl Iterator<Item = Bitboard> {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let random = core::iter::repeat_with(move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Bitboard(state)
        });
        let random_sets = if cfg!(miri) { 8 } else { 500 };
        Square::ALL
            .into_iter()
            .map(Bitboard::from)
            .chain([Bitboard::FULL, Bitboard::EMPTY])
            .chain(random.take(random_sets))
    }

    #[test]
    fn flips_mirror_every_square() {
        for set in samples() {
            assert_eq!(set.flip_vertical(), map_squares(set, |f, r| (f, 7 - r)));
            assert_eq!(set.flip_horizontal(), map_squares(set, |f, r| (7 - f, r)));
            assert_eq!(set.flip_diagonal(), map_squares(set, |f, r| (r, f)));
            assert_eq!(set.flip_anti_diagonal(), map_squares(set, |f, r| (7 - r, 7 - f)));
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "exhaustive over safe code: minutes when interpreted")]
    fn shift_moves_every_square_and_drops_those_off_the_board() {
        for set in samples() {
            for files in -9..=9 {
                for ranks in -9..=9 {
                    assert_eq!(set.shift(files, ranks), map_squares(set, |f, r| (f + files, r + ranks)));
                }
            }
            assert_eq!(set.shift(1, 0), set.east());
            assert_eq!(set.shift(0, -1), set.south());
            assert_eq!(set.shift(i32::MIN, i32::MAX), Bitboard::EMPTY);
        }
    }

    #[test]
    fn iterates_both_ways() {
        let set = Bitboard::CORNERS;
        assert_eq!(set.into_iter().next_back(), Some(Square::H8));
        assert_eq!(set.into_iter().len(), 4);
        assert_eq!(set.single_square(), None);
        assert_eq!(Bitboard::from(Square::C3).single_square(), Some(Square::C3));
    }
}
