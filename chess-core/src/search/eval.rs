//! Static evaluation: what a position is worth to the side to move, in centipawns.
//!
//! The piece values and piece-square tables are PeSTO's (Ronald Friederich's tuned tables for
//! Rofchade, published on the Chess Programming Wiki, "PeSTO's Evaluation Function"), used as
//! figures from the literature. Tables are written from White's side, rank 8 first.

use super::level::EvalTerms;
use crate::{Bitboard, Color, Position, Role, Square};

/// The classical material values (pawn 1, knight 3, bishop 3, rook 5, queen 9), in centipawns.
pub(crate) const MATERIAL: [i32; 6] = [100, 300, 300, 500, 900, 0];

const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// How much each piece counts toward the middlegame (24 = all pieces on the board).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

#[rustfmt::skip]
const MG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,   0,   0,
         98, 134,  61,  95,  68, 126,  34, -11,
         -6,   7,  26,  31,  65,  56,  25, -20,
        -14,  13,   6,  21,  23,  12,  17, -23,
        -27,  -2,  -5,  12,  17,   6,  10, -25,
        -26,  -4,  -4, -10,   3,   3,  33, -12,
        -35,  -1, -20, -23, -15,  24,  38, -22,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
       -167, -89, -34, -49,  61, -97, -15,-107,
        -73, -41,  72,  36,  23,  62,   7, -17,
        -47,  60,  37,  65,  84, 129,  73,  44,
         -9,  17,  19,  53,  37,  69,  18,  22,
        -13,   4,  16,  13,  28,  19,  21,  -8,
        -23,  -9,  12,  10,  19,  17,  25, -16,
        -29, -53, -12,  -3,  -1,  18, -14, -19,
       -105, -21, -58, -33, -17, -28, -19, -23,
    ],
    [ // bishop
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [ // rook
         32,  42,  32,  51,  63,   9,  31,  43,
         27,  32,  58,  62,  80,  67,  26,  44,
         -5,  19,  26,  36,  17,  45,  61,  16,
        -24, -11,   7,  26,  24,  35,  -8, -20,
        -36, -26, -12,  -1,   9,  -7,   6, -23,
        -45, -25, -16, -17,   3,   0,  -5, -33,
        -44, -16, -20,  -9,  -1,  11,  -6, -71,
        -19, -13,   1,  17,  16,   7, -37, -26,
    ],
    [ // queen
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [ // king
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const EG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [ // bishop
        -14, -21, -11,  -8,  -7,  -9, -17, -24,
         -8,  -4,   7, -12,  -3, -13,  -4, -14,
          2,  -8,   0,  -1,  -2,   6,   0,   4,
         -3,   9,  12,   9,  14,  10,   3,   2,
         -6,   3,  13,  19,   7,  10,  -3,  -9,
        -12,  -3,   8,  10,  13,   3,  -7, -15,
        -14, -18,  -7,  -1,   4,  -9, -15, -27,
        -23,  -9, -23,  -5,  -9, -16,  -5, -17,
    ],
    [ // rook
         13,  10,  18,  15,  12,  12,   8,   5,
         11,  13,  13,  11,  -3,   3,   8,   3,
          7,   7,   7,   5,   4,  -3,  -5,  -3,
          4,   3,  13,   1,   2,   1,  -1,   2,
          3,   5,   8,   4,  -5,  -6,  -8, -11,
         -4,   0,  -5,  -1,  -7, -12,  -8, -16,
         -6,  -6,   0,   2,  -9,  -9, -11,  -3,
         -9,   2,   3,  -1,  -5, -13,   4, -20,
    ],
    [ // queen
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [ // king
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

/// Index into the tables (written rank 8 first, from White's side) for a piece of `color`.
fn table_index(square: Square, color: Color) -> usize {
    match color {
        Color::White => square as usize ^ 56,
        Color::Black => square as usize,
    }
}

/// Returns the value of `pos` for the side to move under `terms`.
pub(crate) fn evaluate(pos: &Position, terms: EvalTerms) -> i32 {
    let white = match terms {
        EvalTerms::Material => material(pos) + placement(pos) / 8,
        EvalTerms::PieceSquare => middlegame_tables(pos),
        EvalTerms::Full => tapered(pos),
    };
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Returns White's material advantage in classical values (centipawns).
pub(crate) fn material(pos: &Position) -> i32 {
    let board = pos.board();
    Role::ALL
        .into_iter()
        .map(|role| {
            let pieces = board.by_role(role);
            let white = (pieces & board.by_color(Color::White)).len() as i32;
            let black = (pieces & board.by_color(Color::Black)).len() as i32;
            MATERIAL[role as usize] * (white - black)
        })
        .sum()
}

/// Calls `f(color, role, square)` for every piece on the board.
fn for_each_piece(pos: &Position, mut f: impl FnMut(Color, Role, Square)) {
    let board = pos.board();
    for color in Color::ALL {
        for role in Role::ALL {
            for square in board.by_role(role) & board.by_color(color) {
                f(color, role, square);
            }
        }
    }
}

fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Returns White's advantage in piece placement alone (the middlegame tables without the
/// piece values).
fn placement(pos: &Position) -> i32 {
    let mut score = 0;
    for_each_piece(pos, |color, role, square| {
        score += sign(color) * MG_TABLE[role as usize][table_index(square, color)];
    });
    score
}

fn middlegame_tables(pos: &Position) -> i32 {
    let mut score = 0;
    for_each_piece(pos, |color, role, square| {
        let r = role as usize;
        score += sign(color) * (MG_VALUE[r] + MG_TABLE[r][table_index(square, color)]);
    });
    score
}

fn tapered(pos: &Position) -> i32 {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for_each_piece(pos, |color, role, square| {
        let (r, i, s) = (role as usize, table_index(square, color), sign(color));
        mg += s * (MG_VALUE[r] + MG_TABLE[r][i]);
        eg += s * (EG_VALUE[r] + EG_TABLE[r][i]);
        phase += PHASE[r];
    });
    let phase = phase.min(24);
    let mut score = (mg * phase + eg * (24 - phase)) / 24;
    let board = pos.board();
    for color in Color::ALL {
        if (board.by_role(Role::Bishop) & board.by_color(color)).more_than_one() {
            score += sign(color) * 30;
        }
    }
    score + mop_up(pos, score)
}

/// In an endgame without pawns where one side is well ahead, rewards driving the lone king to
/// the edge and bringing the other king close, so that the search finds the mate.
fn mop_up(pos: &Position, score: i32) -> i32 {
    let board = pos.board();
    if board.by_role(Role::Pawn).any() || score.abs() < 400 {
        return 0;
    }
    let winner = if score > 0 { Color::White } else { Color::Black };
    let loser_pieces = board.by_color(!winner) & !Bitboard::from_square(pos.king_of(!winner));
    if loser_pieces.more_than_one() {
        return 0;
    }
    let (winning_king, losing_king) = (pos.king_of(winner), pos.king_of(!winner));
    let centre_distance = |sq: Square| {
        let (file, rank) = (sq.file() as i32, sq.rank() as i32);
        (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2
    };
    let king_distance = (winning_king.file() as i32 - losing_king.file() as i32)
        .abs()
        .max((winning_king.rank() as i32 - losing_king.rank() as i32).abs());
    sign(winner) * (20 * centre_distance(losing_king) + 10 * (7 - king_distance))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str, terms: EvalTerms) -> i32 {
        evaluate(&fen.parse().unwrap(), terms)
    }

    #[test]
    fn start_position_is_level_and_symmetric() {
        for terms in [EvalTerms::Material, EvalTerms::PieceSquare, EvalTerms::Full] {
            assert_eq!(eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", terms), 0);
            // Mirrored positions have the same value for the side to move.
            let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", terms);
            let black = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3", terms);
            assert_eq!(white, black, "{terms:?}");
        }
    }

    #[test]
    fn material_counts_classical_values_and_placement_only_breaks_ties() {
        // White is a rook and a pawn up; Black to move sees it negative.
        let pos: Position = "4k3/8/8/8/8/8/P7/R3K3 b - - 0 1".parse().unwrap();
        assert_eq!(material(&pos), 600);
        assert_eq!(eval("4k3/8/8/8/8/8/P7/R3K3 b - - 0 1", EvalTerms::Material), -600 - placement(&pos) / 8);
        // Placement weighs at most a fraction of a pawn at this level.
        let centre = eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", EvalTerms::Material);
        let rim = eval("4k3/8/8/8/N7/8/8/4K3 w - - 0 1", EvalTerms::Material);
        assert!(centre > rim && centre - rim < 20, "{centre} vs {rim}");
    }

    #[test]
    fn knights_belong_in_the_centre_and_kings_too_in_the_endgame() {
        let centre = eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", EvalTerms::PieceSquare);
        let rim = eval("4k3/8/8/8/N7/8/8/4K3 w - - 0 1", EvalTerms::PieceSquare);
        assert!(centre > rim + 20, "{centre} vs {rim}");
        let central_king = eval("8/8/8/3k4/8/8/P7/K7 b - - 0 1", EvalTerms::Full);
        let corner_king = eval("k7/8/8/8/8/8/P7/K7 b - - 0 1", EvalTerms::Full);
        assert!(central_king > corner_king + 50, "{central_king} vs {corner_king}");
    }
}
