//! Material: captured pieces, the balance, and the endings the casual rules call drawn.

use alloc::vec::Vec;

use crate::{Board, Color, Game, Piece, Playable, Role};

impl<P: Playable + Copy> Game<P> {
    /// Returns the opponent's pieces that `color` captured in this game, in the order taken
    /// (a pawn taken en passant included).
    pub fn captured_by(&self, color: Color) -> Vec<Role> {
        // Found from the position each move was played from, as few programs ask.
        self.states
            .windows(2)
            .zip(&self.moves)
            .filter(|&(states, m)| states[1].position.turn() != color && !m.is_null())
            .filter_map(|(states, &m)| states[0].position.captured(m))
            .collect()
    }

    /// Returns the value of `color`'s pieces on the board (see [`Board::material`]).
    pub fn material(&self, color: Color) -> u32 {
        self.position().board().material(color)
    }

    /// Returns White's material minus Black's (see [`Board::material_balance`]).
    pub fn material_balance(&self) -> i32 {
        self.position().board().material_balance()
    }
}

impl Board {
    /// Returns the value of `color`'s pieces: pawn 1, knight 3, bishop 3, rook 5, queen 9.
    ///
    /// ```
    /// use chess_core::{Board, Color};
    ///
    /// assert_eq!(Board::new().material(Color::White), 39);
    /// ```
    pub fn material(&self, color: Color) -> u32 {
        Role::ALL.iter().map(|&role| role.value() * self.count(Piece::new(color, role))).sum()
    }

    /// Returns White's material minus Black's (positive when White is ahead).
    ///
    /// ```
    /// use chess_core::{Board, Square};
    ///
    /// let mut board = Board::new();
    /// board.remove_piece_at(Square::D8);
    /// assert_eq!(board.material_balance(), 9);
    /// ```
    pub fn material_balance(&self) -> i32 {
        self.material(Color::White) as i32 - self.material(Color::Black) as i32
    }
}

/// Counts a side's knights and bishops, or `None` if it has a pawn, rook or queen.
fn minor_pieces(board: &Board, color: Color) -> Option<(u32, u32)> {
    let heavy = [Role::Pawn, Role::Rook, Role::Queen];
    if heavy.iter().any(|&role| board.count(Piece::new(color, role)) > 0) {
        return None;
    }
    Some((board.count(Piece::new(color, Role::Knight)), board.count(Piece::new(color, Role::Bishop))))
}

/// Tells whether the material is one of the endings the casual rules draw although mate is
/// possible: K+N+N v K, K+N v K+N, K+N v K+B, K+B v K+B (bishops of any colours).
pub(crate) fn is_practically_drawn(board: &Board) -> bool {
    let (Some(white), Some(black)) = (minor_pieces(board, Color::White), minor_pieces(board, Color::Black)) else {
        return false;
    };
    let (knight, bishop, nothing) = ((1, 0), (0, 1), (0, 0));
    let pair = if white <= black { (white, black) } else { (black, white) };
    [(nothing, (2, 0)), (knight, knight), (bishop, knight), (bishop, bishop)].contains(&pair)
}

/// Tells whether the only material is king, bishop and knight against a lone king.
pub(crate) fn is_kbn_v_k(board: &Board) -> bool {
    let sides = (minor_pieces(board, Color::White), minor_pieces(board, Color::Black));
    matches!(sides, (Some((1, 1)), Some((0, 0))) | (Some((0, 0)), Some((1, 1))))
}
