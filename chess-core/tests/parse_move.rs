//! `Position::parse_move`: every way a user may type a move, and the reason given when the
//! move is understood but illegal.

use chess_core::{ErrorCode, IllegalMoveReason, Move, ParseMoveError, Position, Role, SanError, Square::*};

#[test]
fn every_notation_reads_the_same_move() {
    let pos = Position::new();
    for text in ["e4", "e2e4", "e2 e4", "e2-e4", " E2E4 ", "e2  -  e4", "e2-e4!?", "Pe4"] {
        assert_eq!(pos.parse_move(text), Ok(Move::new(E2, E4)), "{text}");
    }
    for text in ["Nf3", "Ng1f3", "Ng1-f3", "g1f3", "g1 f3", "N1f3"] {
        assert_eq!(pos.parse_move(text), Ok(Move::new(G1, F3)), "{text}");
    }
    let castle: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    for text in ["O-O", "0-0", "e1g1", "e1 g1", "e1h1"] {
        assert_eq!(castle.parse_move(text), Ok(Move::castle(E1, H1)), "{text}");
    }
    let promote: Position = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1".parse().unwrap();
    for text in ["e8=Q", "e8Q", "e7e8q", "e7-e8=Q", "e7 e8 q", "E7E8Q"] {
        assert_eq!(promote.parse_move(text).ok(), Move::promote(E7, E8, Role::Queen), "{text}");
    }
}

#[test]
fn squares_given_apart_are_not_read_as_bad_san() {
    let pos = Position::new();
    let error = pos.parse_move("e2 e5").unwrap_err();
    assert!(matches!(error, ParseMoveError::Illegal { from: E2, to: E5, promotion: None, .. }), "{error:?}");
    assert!(matches!(error.reason(), Some(IllegalMoveReason::NoSuchMove { .. })));
    assert_eq!(error.code(), ErrorCode::IllegalMove);
    assert!(!error.to_string().contains("origin"), "{error}");
    let error = pos.parse_move("e3 e4").unwrap_err();
    assert_eq!(error.reason(), Some(&IllegalMoveReason::NoPiece { square: E3 }));
    assert_eq!(error.to_string(), "illegal move e3e4 in this position: there is no piece on e3");
}

#[test]
fn a_piece_no_one_can_bring_there_is_named() {
    let pos = Position::new();
    let error = pos.parse_move("Nd4").unwrap_err();
    assert!(matches!(error, ParseMoveError::Unreachable { to: D4, .. }), "{error:?}");
    assert_eq!(error.to_string(), "illegal move Nd4: no white knight can reach d4");
    assert_eq!(error.code(), ErrorCode::IllegalMove);
    assert_eq!(error.reason(), None);
    // A queen that could reach the square but for its own pawn: the SAN error, unchanged.
    let error = pos.parse_move("Qd3").unwrap_err();
    assert!(matches!(error, ParseMoveError::San(SanError::Illegal { .. })), "{error:?}");
}

#[test]
fn not_a_move_is_a_syntax_error() {
    let pos = Position::new();
    for text in ["", "   ", "hello", "e2e4e5", "Zz9"] {
        let error = pos.parse_move(text).unwrap_err();
        assert_eq!(error.code(), ErrorCode::InvalidMove, "{text}: {error}");
        assert_eq!(error.reason(), None);
    }
    let error = pos.parse_move("e2e4q").unwrap_err();
    assert!(matches!(error.reason(), Some(IllegalMoveReason::PromotionNotAllowed { .. })), "{error:?}");
}
