//! Why moves are illegal, with the exact messages a player sees, and moves described in
//! English and Chinese.

use Square::*;
use chess_core::{CastlingSide, IllegalMoveReason, Lang, Move, Piece, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// Returns the reason `from`-`to` is illegal in `fen`, checking its English message.
fn refused(fen: &str, from: Square, to: Square, promotion: Option<Role>, english: &str) -> IllegalMoveReason {
    let err = pos(fen).resolve_move(from, to, promotion).unwrap_err();
    assert_eq!(err.to_string(), english, "{from}{to} in {fen}");
    assert_eq!(err.text(Lang::En).to_string(), english);
    err
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn no_piece_and_not_your_piece() {
    let err = refused(START, E4, E5, None, "there is no piece on e4");
    assert_eq!(err, IllegalMoveReason::NoPiece { square: E4 });
    assert_eq!(err.text(Lang::Zh).to_string(), "e4上没有棋子");
    let err = refused(START, E7, E5, None, "the pawn on e7 is Black's, and it is White's turn to move");
    assert_eq!(
        err,
        IllegalMoveReason::NotYourPiece { square: E7, piece: Piece::new(chess_core::Color::Black, Role::Pawn) }
    );
    assert_eq!(err.text(Lang::Zh).to_string(), "e7上的兵是黑方的，现在轮到白方走棋");
}

#[test]
fn pieces_that_do_not_move_that_way() {
    let err = refused(START, G1, G3, None, "a knight does not move from g1 to g3");
    assert_eq!(err.text(Lang::Zh).to_string(), "马不能从g1走到g3");
    refused(START, E2, E5, None, "a pawn does not move from e2 to e5");
    refused(START, E2, E1, None, "a pawn does not move from e2 to e1");
    refused(START, C1, C3, None, "a bishop does not move from c1 to c3");
    refused(START, A1, B3, None, "a rook does not move from a1 to b3");
    refused(START, D1, E3, None, "a queen does not move from d1 to e3");
    refused(START, E1, E3, None, "a king does not move from e1 to e3");
    refused(START, G1, G1, None, "a knight does not move from g1 to g1");
    // A pawn that has left its starting rank steps one square only.
    refused("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", E3, E5, None, "a pawn does not move from e3 to e5");
}

#[test]
fn pawns_capture_only_diagonally_and_only_pieces() {
    let err =
        refused(START, E2, D3, None, "a pawn moves diagonally only to capture, and there is nothing to capture on d3");
    assert_eq!(err.text(Lang::Zh).to_string(), "兵只有吃子时才能斜走，d3上没有可吃的棋子");
    refused(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        E4,
        E5,
        None,
        "the pawn cannot go from e4 to e5: the pawn on e5 is in the way",
    );
}

#[test]
fn blocked_paths_name_the_first_piece_in_the_way() {
    let err = refused(START, C1, G5, None, "the bishop cannot go from c1 to g5: the pawn on d2 is in the way");
    assert_eq!(err.text(Lang::Zh).to_string(), "象不能从c1走到g5：d2上的兵挡住了去路");
    refused(START, A1, A5, None, "the rook cannot go from a1 to a5: the pawn on a2 is in the way");
    refused(START, D1, H5, None, "the queen cannot go from d1 to h5: the pawn on e2 is in the way");
    refused(START, A8, A3, None, "the rook on a8 is Black's, and it is White's turn to move");
    refused(
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
        E2,
        E4,
        None,
        "the pawn cannot go from e2 to e4: the knight on e3 is in the way",
    );
    // Sliding down the board, the nearest blocker is the highest square in the way.
    refused(
        "r3k3/8/8/8/p7/8/8/4K3 b - - 0 1",
        A8,
        A1,
        None,
        "the rook cannot go from a8 to a1: the pawn on a4 is in the way",
    );
}

#[test]
fn own_piece_on_the_target() {
    let err = refused(START, D1, D2, None, "your own pawn is on d2");
    assert_eq!(
        err,
        IllegalMoveReason::OwnPiece { square: D2, piece: Piece::new(chess_core::Color::White, Role::Pawn) }
    );
    assert_eq!(err.text(Lang::Zh).to_string(), "d2上已经有自己的兵");
    refused(START, G1, E2, None, "your own pawn is on e2");
    refused(START, E1, F1, None, "your own bishop is on f1");
}

const PIN: &str = "r1bqk1nr/pppp1ppp/2n5/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4";

#[test]
fn pinned_pieces_name_the_pinner() {
    let err = refused(PIN, C3, D5, None, "the knight on c3 is pinned by the bishop on b4");
    assert_eq!(
        err,
        IllegalMoveReason::Pinned {
            piece: Piece::new(chess_core::Color::White, Role::Knight),
            square: C3,
            pinner: Piece::new(chess_core::Color::Black, Role::Bishop),
            pinner_square: B4,
        }
    );
    // Along the pin line the rook may move; off it, not.
    let rook_pin = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1";
    assert!(pos(rook_pin).resolve_move(E2, E5, None).is_ok());
    refused(rook_pin, E2, D2, None, "the rook on e2 is pinned by the rook on e8");
    // En passant that would open the rank to the king.
    refused("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", E5, D6, None, "the pawn on e5 is pinned by the rook on h5");
}

const CHECK: &str = "rnbqk1nr/pppp1ppp/8/4p3/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3";

#[test]
fn moves_that_ignore_a_check() {
    let err = refused(CHECK, A2, A3, None, "the move leaves your king in check from the bishop on b4");
    assert_eq!(err.text(Lang::Zh).to_string(), "走这步棋后，你的王仍被b4上的象将军");
    assert!(pos(CHECK).resolve_move(C2, C3, None).is_ok(), "blocking answers the check");
    assert!(pos(CHECK).resolve_move(B1, D2, None).is_ok(), "so does a knight block");
    // Double check: only the king may move.
    refused(
        "4k3/8/8/8/1b6/8/4r3/R3K3 w Q - 0 1",
        A1,
        A4,
        None,
        "the move leaves your king in check from the rook on e2",
    );
}

#[test]
fn king_stepping_into_check() {
    let err =
        refused("3r3k/8/8/8/8/8/8/4K3 w - - 0 1", E1, D1, None, "the king would be in check on d1 from the rook on d8");
    assert_eq!(err.text(Lang::Zh).to_string(), "王不能走到d1：会被d8上的车将军");
    // Stepping back along the checking line is still in check.
    refused("4r2k/8/8/8/8/8/8/4K3 w - - 0 1", E1, E2, None, "the king would be in check on e2 from the rook on e8");
    // Capturing a defended piece.
    refused("7k/8/8/8/8/8/3qb3/4K3 w - - 0 1", E1, E2, None, "the king would be in check on e2 from the queen on d2");
    refused("7k/8/8/8/8/4p3/8/3K4 w - - 0 1", D1, D2, None, "the king would be in check on d2 from the pawn on e3");
}

#[test]
fn castling_reasons() {
    let no_rights = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    let err =
        refused(no_rights, E1, G1, None, "castling is not allowed: the king or the kingside rook has already moved");
    assert_eq!(err, IllegalMoveReason::CastlingRightsLost { side: CastlingSide::KingSide });
    assert_eq!(err.text(Lang::Zh).to_string(), "不能易位：王或王翼的车已经动过");
    refused(no_rights, E1, H1, None, "castling is not allowed: the king or the kingside rook has already moved");
    assert!(pos(no_rights).resolve_move(E1, C1, None).is_ok());
    let black = refused(
        "r3k2r/8/8/8/8/8/8/R3K2R b Kk - 0 1",
        E8,
        C8,
        None,
        "castling is not allowed: the king or the queenside rook has already moved",
    );
    assert_eq!(black.text(Lang::Zh).to_string(), "不能易位：王或后翼的车已经动过");

    let err = refused(START, E1, G1, None, "castling is not allowed: the bishop on f1 is in the way");
    assert_eq!(err.text(Lang::Zh).to_string(), "不能易位：f1上的象挡在中间");
    refused(START, E1, H1, None, "castling is not allowed: the bishop on f1 is in the way");
    refused(START, E1, C1, None, "castling is not allowed: the queen on d1 is in the way");
    refused(
        "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
        E1,
        C1,
        None,
        "castling is not allowed: the knight on b1 is in the way",
    );

    let err = refused(
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        E1,
        G1,
        None,
        "castling is not allowed: the king is in check from the rook on e2",
    );
    assert_eq!(err.text(Lang::Zh).to_string(), "不能易位：王正被e2上的车将军");

    let through = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1";
    let err = refused(
        through,
        E1,
        G1,
        None,
        "castling is not allowed: the king passes through f1, which the bishop on c4 attacks",
    );
    assert_eq!(err.text(Lang::Zh).to_string(), "不能易位：王经过的f1受到c4上的象攻击");
    refused(
        "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        E1,
        C1,
        None,
        "castling is not allowed: the king passes through d1, which the rook on d8 attacks",
    );

    let into = "4k3/8/8/8/8/7n/8/4K2R w K - 0 1";
    let err = refused(
        into,
        E1,
        G1,
        None,
        "castling is not allowed: the king would land on g1, which the knight on h3 attacks",
    );
    assert_eq!(err.text(Lang::Zh).to_string(), "不能易位：王到达的g1受到h3上的马攻击");
}

#[test]
fn castling_is_recognised_both_ways() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (to, rook) in [(G1, H1), (H1, H1), (C1, A1), (A1, A1)] {
        assert_eq!(p.resolve_move(E1, to, None), Ok(Move::castle(E1, rook)));
    }
    assert_eq!(
        p.resolve_move(E1, G1, Some(Role::Queen)),
        Err(IllegalMoveReason::PromotionNotAllowed { role: Role::Queen })
    );
    // A Chess960 king taking its own rook.
    let chess960 =
        Position::from_fen_with("1r2k1r1/pppppppp/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess_core::CastlingMode::Chess960)
            .unwrap();
    assert_eq!(chess960.resolve_move(E1, G1, None), Ok(Move::castle(E1, G1)));
    assert_eq!(chess960.resolve_move(E1, B1, None), Ok(Move::castle(E1, B1)));
}

#[test]
fn en_passant() {
    let err = refused(
        "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
        E5,
        D6,
        None,
        "en passant is not possible: the pawn on d5 did not just advance two squares",
    );
    assert_eq!(err, IllegalMoveReason::EnPassantUnavailable { from: E5, to: D6, pawn_square: D5 });
    assert_eq!(err.text(Lang::Zh).to_string(), "不能吃过路兵：d5上的兵不是刚走了两格");
    assert_eq!(pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").resolve_move(E5, D6, None), Ok(Move::en_passant(E5, D6)));
}

#[test]
fn promotion_reasons() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let err = refused(
        fen,
        A7,
        A8,
        None,
        "a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight",
    );
    assert_eq!(err, IllegalMoveReason::MustPromote { from: A7, to: A8 });
    assert_eq!(err.text(Lang::Zh).to_string(), "兵到达底线必须升变：请选择后、车、象或马");
    let err = refused(fen, A7, A8, Some(Role::King), "a pawn cannot promote to a king");
    assert_eq!(err.text(Lang::Zh).to_string(), "兵不能升变为王");
    refused(fen, A7, A8, Some(Role::Pawn), "a pawn cannot promote to a pawn");
    let err = refused(START, E2, E4, Some(Role::Queen), "only a pawn reaching the last rank can promote");
    assert_eq!(err.text(Lang::Zh).to_string(), "只有到达底线的兵才能升变");
    refused(START, G1, F3, Some(Role::Knight), "only a pawn reaching the last rank can promote");
    for role in Role::PROMOTIONS {
        assert_eq!(
            pos(fen).resolve_move(A7, A8, Some(role)),
            Move::promote(A7, A8, role).ok_or(IllegalMoveReason::InvalidPromotion { role })
        );
    }
}

#[test]
fn legal_moves_come_back_as_moves() {
    let p = Position::new();
    assert_eq!(p.resolve_move(G1, F3, None), Ok(Move::new(G1, F3)));
    assert_eq!(p.resolve_move(E2, E4, None), Ok(Move::new(E2, E4)));
}
