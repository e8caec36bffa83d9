//! Chess960 start positions by number, and mirrored boards.
//!
//! The 960 start positions are numbered 0 to 959 by Scharnagl's scheme (518 is the standard
//! one): the light-squared bishop's place, the dark-squared one's, the queen's among the six
//! squares left, then the pair of knights among the five left; the rooks and the king fill the
//! last three squares, the king between the rooks.

use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Setup, Square};

/// The files of the two knights among the five squares left after the bishops and the queen,
/// by the last digit of the number.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The number of Chess960 start positions.
const CHESS960_POSITIONS: u32 = 960;

/// The back rank (roles by file, a to h) of start position `n`.
fn back_rank(n: u32) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = n as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * (n / 4 % 4)] = Some(Role::Bishop);
    let (queen, knights) = (n / 16 % 6, KNIGHTS[n / 96]);
    // The free files are counted anew after each piece placed, so the later knight goes first.
    for (index, role) in [(queen, Role::Queen), (knights.1, Role::Knight), (knights.0, Role::Knight)] {
        if let Some(file) = (0..8).filter(|&f| rank[f].is_none()).nth(index) {
            rank[file] = Some(role);
        }
    }
    for role in [Role::Rook, Role::King, Role::Rook] {
        if let Some(file) = rank.iter().position(Option::is_none) {
            rank[file] = Some(role);
        }
    }
    rank.map(|role| role.unwrap_or(Role::Pawn))
}

/// The number of the arrangement of a back rank, if it is one of the 960 (not yet checked to
/// give that rank back).
fn number(rank: [Option<Role>; 8]) -> Option<u32> {
    let is = |file: usize, role: Role| rank[file] == Some(role);
    let light = (0..4).find(|&i| is(2 * i + 1, Role::Bishop))?;
    let dark = (0..4).find(|&i| is(2 * i, Role::Bishop))?;
    let queen = (0..8).filter(|&f| !is(f, Role::Bishop)).position(|f| is(f, Role::Queen))?;
    let mut knights = (0..8)
        .filter(|&f| !is(f, Role::Bishop) && !is(f, Role::Queen))
        .enumerate()
        .filter_map(|(index, f)| is(f, Role::Knight).then_some(index));
    let pair = (knights.next()?, knights.next()?);
    let knights = KNIGHTS.iter().position(|&k| k == pair)?;
    Some((light + 4 * dark + 16 * queen + 96 * knights) as u32)
}

impl Board {
    /// Returns the placement of Chess960 start position `n` (0 to 959; 518 is the standard
    /// one), or `None` past 959.
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// assert_eq!(Board::chess960(518), Some(Board::new()));
    /// assert_eq!(Board::chess960(0).unwrap().to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    /// assert_eq!(Board::chess960(960), None);
    /// ```
    pub fn chess960(n: u32) -> Option<Board> {
        if n >= CHESS960_POSITIONS {
            return None;
        }
        let mut board = Board::empty();
        for (file, role) in File::ALL.into_iter().zip(back_rank(n)) {
            for color in Color::ALL {
                let piece_rank = Rank::First.relative_to(color);
                let pawn_rank = Rank::Second.relative_to(color);
                board.set_piece_at(Square::from_coords(file, piece_rank), Piece::new(color, role));
                board.set_piece_at(Square::from_coords(file, pawn_rank), Piece::new(color, Role::Pawn));
            }
        }
        Some(board)
    }

    /// Returns the number of the Chess960 start position this placement is, or `None`.
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// assert_eq!(Board::new().chess960_number(), Some(518));
    /// assert_eq!(Board::empty().chess960_number(), None);
    /// ```
    pub fn chess960_number(&self) -> Option<u32> {
        let rank = File::ALL.map(|file| self.role_at(Square::from_coords(file, Rank::First)));
        number(rank).filter(|&n| Board::chess960(n) == Some(*self))
    }

    /// Returns the placement mirrored top to bottom with the colours swapped: the same
    /// position seen from the other side.
    ///
    /// ```
    /// use chess_core::{Board, Setup};
    ///
    /// assert_eq!(Board::new().mirror(), Board::new());
    /// let board = Setup::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap().board;
    /// assert_eq!(board.mirror().to_string(), "4k3/4p3/8/8/8/8/8/4K3");
    /// ```
    pub fn mirror(&self) -> Board {
        let mut mirrored = Board::empty();
        for (square, piece) in self.pieces() {
            mirrored.set_piece_at(square.flip_vertical(), Piece::new(!piece.color, piece.role));
        }
        mirrored
    }
}

impl Setup {
    /// Returns Chess960 start position `n` (0 to 959) with White to move and every castling
    /// right, or `None` past 959.
    ///
    /// ```
    /// use chess_core::Setup;
    ///
    /// assert_eq!(Setup::chess960(959).unwrap().to_string(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    /// ```
    pub fn chess960(n: u32) -> Option<Setup> {
        let board = Board::chess960(n)?;
        let back_ranks = Bitboard::backrank(Color::White) | Bitboard::backrank(Color::Black);
        Some(Setup { castling_rights: board.by_role(Role::Rook) & back_ranks, board, ..Setup::empty() })
    }

    /// Returns the number of the Chess960 start position this setup is (its placement, White
    /// to move, every castling right, no en-passant square, clocks at the start), or `None`.
    ///
    /// ```
    /// use chess_core::Setup;
    ///
    /// assert_eq!(Setup::default().chess960_number(), Some(518));
    /// assert_eq!(Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap().chess960_number(), None);
    /// ```
    pub fn chess960_number(&self) -> Option<u32> {
        let n = self.board.chess960_number()?;
        (Setup::chess960(n) == Some(*self)).then_some(n)
    }

    /// Returns the setup mirrored top to bottom with the colours swapped (the side to move,
    /// castling rights and en-passant square too; the clocks kept): the same position for the
    /// other side.
    ///
    /// ```
    /// use chess_core::Setup;
    ///
    /// let setup = Setup::from_fen("4k3/8/8/8/4P3/8/8/R3K3 b Q e3 0 1").unwrap();
    /// assert_eq!(setup.mirror().to_string(), "r3k3/8/8/4p3/8/8/8/4K3 w q e6 0 1");
    /// assert_eq!(setup.mirror().mirror(), setup);
    /// ```
    pub fn mirror(&self) -> Setup {
        Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            castling_rights: self.castling_rights.flip_vertical(),
            ep_square: self.ep_square.map(Square::flip_vertical),
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;
    use std::vec::Vec;

    #[test]
    fn every_start_position_has_its_number_and_the_rules_of_chess960() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..CHESS960_POSITIONS {
            let board = Board::chess960(n).unwrap();
            assert_eq!(board.chess960_number(), Some(n));
            assert!(seen.insert(board), "{n} repeats a position");
            let rank = back_rank(n);
            let files = |role: Role| (0..8).filter(move |&f| rank[f] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(rooks[0] < king && king < rooks[1], "{n}: king not between the rooks");
            assert_eq!(board.mirror(), board);
        }
        assert_eq!(Board::chess960(631).unwrap().to_string(), "rnbkqrnb/pppppppp/8/8/8/8/PPPPPPPP/RNBKQRNB");
    }

    #[test]
    fn other_placements_have_no_number() {
        let mut board = Board::new();
        board.remove_piece_at(Square::E2);
        assert_eq!(board.chess960_number(), None);
        // Colours differing on the back ranks.
        let board = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1").unwrap().board;
        assert_eq!(board.chess960_number(), None);
        let mut setup = Setup::chess960(0).unwrap();
        setup.castling_rights = setup.castling_rights.without(Square::H1);
        assert_eq!(setup.chess960_number(), None);
    }
}
