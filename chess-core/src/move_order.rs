//! The order python-chess generates moves in, for programs ported from it.
//!
//! chess-core generates moves in the order that is fastest for it. A program that picks "the
//! first move" or a seeded random move from python-chess's list plays another game on another
//! order, so the Python binding sorts its lists into python-chess's (1.11) order:
//!
//! 1. with the king in check (legal moves only), the king's own moves first;
//! 2. the other moves of knights, bishops, rooks, queens and the king;
//! 3. castling;
//! 4. pawn captures, then single pawn steps, then double steps, then en passant.
//!
//! Within a group, moves from higher squares (h8 is the highest) come first, then moves to
//! higher squares; promotions in the order queen, rook, bishop, knight.

use arrayvec::ArrayVec;

use crate::{Bitboard, Board, FreePosition, MAX_LEGAL_MOVES, Move, Position, Role};

impl Position {
    /// Sorts moves of this position into the order python-chess 1.11 generates them in:
    /// `legal` says whether they come from its legal generator (which answers a check with the
    /// king's moves first) or its pseudo-legal one.
    ///
    /// ```
    /// use chess_core::Position;
    ///
    /// let pos = Position::new();
    /// let mut moves = pos.legal_moves();
    /// pos.sort_like_python_chess(&mut moves, true);
    /// let first: Vec<String> = moves.iter().take(5).map(|&m| pos.uci(m).to_string()).collect();
    /// assert_eq!(first, ["g1h3", "g1f3", "b1c3", "b1a3", "h2h3"]);
    /// ```
    pub fn sort_like_python_chess(&self, moves: &mut [Move], legal: bool) {
        PythonChessOrder::new(&self.board, legal && self.is_check()).sort(moves);
    }
}

impl FreePosition {
    /// Sorts moves of this setup into the order python-chess 1.11 generates them in, as
    /// [`Position::sort_like_python_chess`] does (the setup's own lists come in that order).
    pub fn sort_like_python_chess(&self, moves: &mut [Move], legal: bool) {
        PythonChessOrder::new(self.board(), legal && self.is_check()).sort(moves);
    }
}

/// What python-chess's order depends on in a position.
struct PythonChessOrder {
    /// Whether the moves answer a check (python-chess then generates the king's moves first).
    evasions: bool,
    pawns: Bitboard,
    kings: Bitboard,
}

impl PythonChessOrder {
    fn new(board: &Board, evasions: bool) -> PythonChessOrder {
        PythonChessOrder { evasions, pawns: board.by_role(Role::Pawn), kings: board.by_role(Role::King) }
    }

    /// Sorts `moves` (at most [`MAX_LEGAL_MOVES`]; any more stay where they are).
    fn sort(&self, moves: &mut [Move]) {
        // Each key computed once, the move in its low 16 bits: plain integers sort fastest,
        // and the keys are unique.
        let mut keys = ArrayVec::<u64, MAX_LEGAL_MOVES>::new();
        for &m in moves.iter().take(MAX_LEGAL_MOVES) {
            keys.push(u64::from(self.rank(m)) << 16 | u64::from(m.to_u16()));
        }
        keys.sort_unstable();
        for (slot, &key) in moves.iter_mut().zip(&keys) {
            *slot = Move::from_u16_unchecked(key as u16);
        }
    }

    /// The place of `m` in python-chess's order: its group, then the squares from the highest
    /// down, then the promotion piece. Unique for each move of the position.
    #[inline]
    fn rank(&self, m: Move) -> u32 {
        let group = if m.is_castle() {
            2
        } else if self.evasions && self.kings.contains(m.from()) {
            0
        } else if !self.pawns.contains(m.from()) {
            1
        } else if m.is_en_passant() {
            6
        } else if m.from().file() != m.to().file() {
            3
        } else if m.from().index().abs_diff(m.to().index()) == 8 {
            4
        } else {
            5
        };
        // Queen 0, rook 1, bishop 2, knight 3.
        let promotion = m.promotion().map_or(0, |role| Role::Queen as u32 - role as u32);
        let down = |index: usize| 63 - index as u32;
        group << 16 | down(m.from().index()) << 10 | down(m.to().index()) << 4 | promotion
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use crate::Position;

    fn ordered(fen: &str, legal: bool) -> Vec<String> {
        let pos: Position = fen.parse().unwrap();
        let mut moves = if legal { pos.legal_moves() } else { pos.pseudo_legal_moves() };
        pos.sort_like_python_chess(&mut moves, legal);
        moves.iter().map(|&m| pos.uci(m).to_string()).collect()
    }

    // The expected lists are python-chess 1.11.2's `[m.uci() for m in board.legal_moves]`.
    #[test]
    fn groups_in_python_chess_order() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let expected = "e5f7 e5d7 e5g6 e5c6 e5g4 e5c4 e5d3 f3f6 f3h5 f3f5 f3g4 f3f4 f3h3 f3g3 f3e3 f3d3 \
                        c3b5 c3a4 c3d1 c3b1 e2a6 e2b5 e2c4 e2d3 e2f1 e2d1 d2h6 d2g5 d2f4 d2e3 d2c1 h1g1 \
                        h1f1 e1f1 e1d1 a1d1 a1c1 a1b1 e1g1 e1c1 d5e6 g2h3 d5d6 g2g3 b2b3 a2a3 g2g4 a2a4";
        assert_eq!(ordered(kiwipete, true), expected.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn evasions_put_the_king_first_and_en_passant_last() {
        let fen = "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1";
        assert_eq!(ordered(fen, true), ["a4b5", "a4a5", "a4b4", "a4b3", "a4a3", "e4e3"]);
        // In check from the pawn that just made a double step: king moves, then the capture
        // en passant.
        let fen = "8/8/8/2k5/3Pp3/8/8/3K4 b - d3 0 1";
        assert_eq!(ordered(fen, true), ["c5d6", "c5c6", "c5b6", "c5d5", "c5b5", "c5d4", "c5c4", "c5b4", "e4d3"]);
    }

    #[test]
    fn promotions_queen_rook_bishop_knight() {
        let fen = "1r5k/P7/8/8/8/8/8/K7 w - - 0 1";
        let expected = ["a1a2", "a7b8q", "a7b8r", "a7b8b", "a7b8n", "a7a8q", "a7a8r", "a7a8b", "a7a8n"];
        assert_eq!(ordered(fen, true), expected);
    }

    #[test]
    fn pseudo_legal_order_keeps_the_king_among_the_pieces() {
        let fen = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
        let expected = "e1f2 e1e2 e1d2 e1f1 e1d1 a1a8 a1a7 a1a6 a1a5 a1a4 a1a3 a1a2 a1d1 a1c1 a1b1";
        assert_eq!(ordered(fen, false), expected.split_whitespace().collect::<Vec<_>>());
        assert_eq!(ordered(fen, true), ["e1e2", "e1f1", "e1d1"]);
    }
}
