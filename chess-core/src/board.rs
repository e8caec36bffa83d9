//! Piece placement: which piece stands on which square.

use core::fmt::{self, Write as _};

use crate::{Bitboard, Color, File, Piece, Rank, Role, Square, attacks};

/// The placement of the pieces, as one set per role and one per colour.
///
/// A `Board` knows nothing of turns, castling or clocks: see [`Position`](crate::Position).
///
/// # Examples
///
/// ```
/// use chess_core::{Board, Color, Piece, Role, Square};
///
/// let mut board = Board::empty();
/// board.set_piece_at(Square::E1, Piece::new(Color::White, Role::King));
/// assert_eq!(board.piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
/// assert_eq!(Board::new().occupied().len(), 32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    /// Tells whether neither side can checkmate by any sequence of moves with this material
    /// (K v K, K+minor v K, and bishops of one square colour only).
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// Tells whether `color` cannot possibly checkmate, whatever the opponent does
    /// (used to turn a loss on time into a draw). Any board: kings are not needed.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let board = self;
        let ours = board.by_color(color);
        let heavy = board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
        if ours.intersects(heavy) {
            return false;
        }
        if ours.intersects(board.by_role(Role::Knight)) {
            // A lone knight mates only with help: an enemy piece other than a queen to block.
            let helpers = board.by_color(!color) - board.by_role(Role::King) - board.by_role(Role::Queen);
            return ours.len() <= 2 && helpers.is_empty();
        }
        if ours.intersects(board.by_role(Role::Bishop)) {
            let bishops = board.by_role(Role::Bishop);
            let one_colour =
                !bishops.intersects(Bitboard::DARK_SQUARES) || !bishops.intersects(Bitboard::LIGHT_SQUARES);
            return one_colour && !board.by_role(Role::Pawn).any() && !board.by_role(Role::Knight).any();
        }
        true
    }

    /// Returns a board without pieces.
    pub const fn empty() -> Board {
        Board { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2] }
    }

    /// Returns the standard starting placement.
    pub const fn new() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
        }
    }

    /// Returns the occupied squares.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// Returns the squares of `color`'s pieces.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// Returns the squares of the pieces of a role, of both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// Returns the squares of one kind of piece.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role[piece.role as usize].0 & self.by_color[piece.color as usize].0)
    }

    /// Returns the board with each kind of piece moved by `f`, a map of square sets such as
    /// [`Bitboard::flip_vertical`] or a [`Bitboard::shift`]: the pieces of a kind stand on `f`
    /// of their squares. Should two kinds land on one square, the first keeps it (White's
    /// before Black's, pawns to kings).
    ///
    /// ```
    /// use chess_core::{Bitboard, Board, Color, Piece, Role, Square};
    ///
    /// let flipped = Board::new().transform(Bitboard::flip_horizontal);
    /// assert_eq!(flipped.piece_at(Square::E1), Some(Piece::new(Color::White, Role::Queen)));
    /// let up = Board::new().transform(|set| set.shift(0, 1));
    /// assert_eq!(up.occupied().len(), 24); // Black's back rank falls off
    /// ```
    pub fn transform(&self, mut f: impl FnMut(Bitboard) -> Bitboard) -> Board {
        let mut board = Board::empty();
        for color in Color::ALL {
            for role in Role::ALL {
                let squares = f(self.by_piece(Piece::new(color, role))) - board.occupied();
                board.by_role[role as usize] |= squares;
                board.by_color[color as usize] |= squares;
            }
        }
        board
    }

    /// Returns the squares of bishops and queens (diagonal sliders).
    #[inline]
    pub const fn diagonal_sliders(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Bishop as usize].0 | self.by_role[Role::Queen as usize].0)
    }

    /// Returns the squares of rooks and queens (straight sliders).
    #[inline]
    pub const fn straight_sliders(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Rook as usize].0 | self.by_role[Role::Queen as usize].0)
    }

    /// Returns the square of `color`'s king, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single_square()
    }

    /// Returns the colour of the piece on `square`, if any.
    #[inline]
    pub fn color_at(&self, square: Square) -> Option<Color> {
        if self.by_color[0].contains(square) {
            Some(Color::White)
        } else if self.by_color[1].contains(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Returns the role of the piece on `square`, if any.
    #[inline]
    pub fn role_at(&self, square: Square) -> Option<Role> {
        if !self.occupied().contains(square) {
            return None;
        }
        Role::ALL.into_iter().find(|role| self.by_role[*role as usize].contains(square))
    }

    /// Returns the role index (0 pawn to 5 king) of the piece on `square` without branching;
    /// 0 if the square is empty, so the caller must know (or mask by) whether it is occupied.
    ///
    /// The index's three bits are read from unions of the role sets (knight, rook and king
    /// have bit 0; bishop and rook bit 1; queen and king bit 2), so finding the piece a move
    /// moves or captures costs a few ALU operations and no mispredicted branch. A plain index
    /// rather than a [`Role`], so the compiler does not turn its uses into a jump table.
    #[inline(always)]
    pub(crate) fn role_index_at(&self, square: Square) -> usize {
        let [_, knights, bishops, rooks, queens, kings] = self.by_role;
        let bit = |set: Bitboard| ((set.0 >> square as u32) & 1) as usize;
        bit(knights | rooks | kings) | bit(bishops | rooks) << 1 | bit(queens | kings) << 2
    }

    /// Toggles `mask` in the set of the role with index `role` (from [`Board::role_index_at`])
    /// and in `color`'s set.
    #[inline(always)]
    pub(crate) fn toggle_index(&mut self, color: Color, role: usize, mask: Bitboard) {
        self.by_role[role] ^= mask;
        self.by_color[color as usize] ^= mask;
    }

    /// Returns the piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = self.color_at(square)?;
        self.role_at(square).map(|role| Piece::new(color, role))
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        self.remove_piece_at(square);
        self.put(square, piece);
    }

    /// Removes and returns the piece on `square`, if any.
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.toggle(square, piece);
        Some(piece)
    }

    /// Puts a piece on an empty square (the caller knows it is empty).
    #[inline]
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        self.toggle(square, piece);
    }

    /// Adds the piece if absent, removes it if present.
    #[inline]
    pub(crate) fn toggle(&mut self, square: Square, piece: Piece) {
        let bit = Bitboard::from_square(square);
        self.by_role[piece.role as usize] ^= bit;
        self.by_color[piece.color as usize] ^= bit;
    }

    /// Returns the pieces of `attacker` that attack `square`, with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, square: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color(attacker);
        let straight = attacks::rook(square, occupied) & self.straight_sliders();
        let diagonal = attacks::bishop(square, occupied) & self.diagonal_sliders();
        let knights = attacks::knight(square) & self.by_role(Role::Knight);
        let kings = attacks::king(square) & self.by_role(Role::King);
        let pawns = attacks::pawn(attacker.other(), square) & self.by_role(Role::Pawn);
        (straight | diagonal | knights | kings | pawns) & theirs
    }

    /// Returns the squares the piece on `square` attacks (empty when the square is empty).
    ///
    /// ```
    /// use chess_core::{Board, Square};
    ///
    /// let board = Board::new();
    /// assert_eq!(board.attacks_from(Square::G1).len(), 3); // e2 (own pawn), f3, h3
    /// assert!(board.attacks_from(Square::E4).is_empty());
    /// ```
    pub fn attacks_from(&self, square: Square) -> Bitboard {
        self.piece_at(square)
            .map_or(Bitboard::EMPTY, |piece| attacks::attacks(piece.color, piece.role, square, self.occupied()))
    }

    /// Finds the pieces giving check to `color`'s king on `king`, and the pieces pinned to it:
    /// the one place pins are found.
    ///
    /// Enemy sliders on open lines from the king (ignoring `color`'s pieces) are the
    /// candidates: with nothing between they check, with one piece between it is pinned.
    #[inline]
    pub(crate) fn check_info(&self, king: Square, color: Color) -> CheckInfo {
        let theirs = self.by_color(!color);
        let occupied = self.occupied();
        let snipers = ((attacks::rook(king, theirs) & self.straight_sliders())
            | (attacks::bishop(king, theirs) & self.diagonal_sliders()))
            & theirs;
        let mut checkers = ((attacks::knight(king) & self.by_role(Role::Knight))
            | (attacks::pawn(color, king) & self.by_role(Role::Pawn)))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            // The sniper is the first enemy piece on its line, so what stands between is ours.
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        CheckInfo { checkers, pinned }
    }

    /// Returns the line (edge to edge) through `color`'s king, `square` and an enemy slider
    /// on it with nothing else between them, or `None`: the line a piece on `square` is pinned
    /// along, whichever its colour (python-chess's `pin_mask` asks the same). `None` also when
    /// `color` has no king or more than one.
    ///
    /// ```
    /// use chess_core::{Bitboard, Color, Position, Square};
    ///
    /// let pos: Position = "4k3/8/8/1b6/8/3N4/8/5K2 w - - 0 1".parse()?;
    /// let ray = pos.board().pin_ray(Color::White, Square::D3).unwrap();
    /// assert!(ray.contains(Square::B5) && ray.contains(Square::F1) && ray.contains(Square::A6));
    /// assert_eq!(pos.board().pin_ray(Color::Black, Square::B5), None);
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn pin_ray(&self, color: Color, square: Square) -> Option<Bitboard> {
        let king = self.king_of(color)?;
        // Whatever stands on the square, a piece of `color` there would be pinned the same way.
        let mut board = *self;
        board.set_piece_at(square, Piece::new(color, Role::Knight));
        board.check_info(king, color).pinned.contains(square).then(|| attacks::line(king, square))
    }

    /// Iterates over the pieces, from `a1` to `h8`.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().into_iter().filter_map(|square| Some((square, self.piece_at(square)?)))
    }

    /// Counts the pieces of one kind.
    #[inline]
    pub fn count(&self, piece: Piece) -> u32 {
        self.by_piece(piece).len()
    }

    /// Tells whether `color` has more pawns than a side starts with (8), or more pieces (16):
    /// the two counts no game can exceed, whatever it promoted.
    ///
    /// ```
    /// use chess_core::{Board, Color};
    ///
    /// assert_eq!(Board::new().too_many_pawns_or_pieces(Color::White), (false, false));
    /// ```
    pub fn too_many_pawns_or_pieces(&self, color: Color) -> (bool, bool) {
        (self.count(Piece::new(color, Role::Pawn)) > 8, self.by_color(color).len() > 16)
    }

    /// Returns the FEN letter of each square's piece (`0` for an empty square), from `a1` to `h8`.
    fn letters(&self) -> [u8; 64] {
        let mut letters = [0; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece::new(color, role).char() as u8;
                for square in self.by_piece(Piece::new(color, role)) {
                    letters[square.index()] = letter;
                }
            }
        }
        letters
    }

    /// Writes the placement field of a FEN (`rnbqkbnr/pppppppp/...`).
    pub fn write_fen(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let letters = self.letters();
        let mut text = arrayvec::ArrayString::<71>::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for &letter in &letters[8 * rank..8 * rank + 8] {
                if letter == 0 {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    text.push(letter as char);
                }
            }
            if empty > 0 {
                text.push((b'0' + empty) as char);
            }
            if rank > 0 {
                text.push('/');
            }
        }
        f.write_str(&text)
    }
}

/// The pieces giving check to a king, and the pieces pinned to it (see [`Board::check_info`]).
#[derive(Clone, Copy)]
pub(crate) struct CheckInfo {
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl fmt::Display for Board {
    /// Writes the placement field of a FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

impl fmt::Debug for Board {
    /// Draws the board with FEN letters, rank 8 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = self.piece_at(Square::from_coords(file, rank)).map_or('.', Piece::char);
                write!(f, "{c}")?;
                if file != File::H {
                    f.write_char(' ')?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
