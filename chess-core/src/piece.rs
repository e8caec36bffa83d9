//! Piece kinds ([`Role`]) and coloured pieces ([`Piece`]).

use core::fmt;

use crate::Color;

/// A kind of piece, regardless of colour.
///
/// # Examples
///
/// ```
/// use chess_core::Role;
///
/// assert_eq!(Role::from_char('N'), Some(Role::Knight));
/// assert_eq!(Role::Queen.upper_char(), 'Q');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// Lists the roles from pawn to king.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// Lists the roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Returns 0 for the pawn up to 5 for the king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the lowercase letter: `p n b r q k`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Returns the uppercase letter used in SAN: `P N B R Q K`.
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads a piece letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Returns the English name, such as `knight`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Returns the conventional material value: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 0.
    pub const fn value(self) -> u32 {
        match self {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
        }
    }

    /// Tells whether the piece slides along lines (bishop, rook or queen).
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }

    /// Returns the role for an index from 0 (pawn) to 5 (king).
    pub const fn from_index(index: usize) -> Option<Role> {
        if index < 6 { Some(Role::new(index)) } else { None }
    }

    /// Returns the role for an index from 0 (pawn) to 5 (king); a larger index gives the king.
    ///
    /// Comparisons rather than a lookup in [`Role::ALL`]: the compiler reduces them to
    /// arithmetic, so no memory is read and the result indexes tables without bounds checks.
    #[inline]
    pub(crate) const fn new(index: usize) -> Role {
        match index {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of a given colour.
///
/// # Examples
///
/// ```
/// use chess_core::{Color, Piece, Role};
///
/// let knight = Piece::from_char('n').unwrap();
/// assert_eq!(knight, Piece::new(Color::Black, Role::Knight));
/// assert_eq!(knight.char(), 'n');
/// assert_eq!(Piece::new(Color::White, Role::King).unicode(), '♔');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// The kind of piece.
    pub role: Role,
}

impl Piece {
    /// Makes a piece of the given colour and role.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Returns the FEN letter: uppercase for White, lowercase for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter: uppercase for White, lowercase for Black.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece { color: if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role }),
            None => None,
        }
    }

    /// Returns the Unicode chess figure, such as `♘` for a white knight.
    pub const fn unicode(self) -> char {
        const FIGURES: [[char; 6]; 2] = [['♙', '♘', '♗', '♖', '♕', '♔'], ['♟', '♞', '♝', '♜', '♛', '♚']];
        FIGURES[self.color.index()][self.role.index()]
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
