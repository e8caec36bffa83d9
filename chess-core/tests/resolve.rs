//! One resolver for every entry point: the same squares give the same legal move (or the
//! same reason) through `resolve_move`, `play`, `Game::push`, UCI and SAN. Also the error
//! codes every error type reports.

use chess_core::Square::*;
use chess_core::{ErrorCode, Game, IllegalMoveKind, IllegalMoveReason, Move, Position, Role, SanError, UciError};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";

#[test]
fn castling_as_king_step_or_king_takes_rook_is_the_same_move_everywhere() {
    let p = pos(CASTLING);
    let castle = Move::castle(E1, H1);
    let after = "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1";
    for given in [Move::new(E1, G1), Move::new(E1, H1), castle, Move::castle(E1, G1)] {
        let mut played = p;
        played.play(given).unwrap();
        assert_eq!(played.to_fen(), after, "{given:?}");
        let mut game = Game::from_position(p);
        game.push(given).unwrap();
        assert_eq!(game.position().to_fen(), after);
        assert_eq!(game.moves(), [castle]);
    }
    assert_eq!(p.resolve_move(E1, G1, None), Ok(castle));
    assert_eq!(p.resolve_move(E1, C1, None), Ok(Move::castle(E1, A1)));
    assert_eq!(p.parse_uci("e1g1"), Ok(castle));
    assert_eq!(p.parse_uci("e1h1"), Ok(castle));
    assert_eq!(p.parse_san("O-O"), Ok(castle));
    // `is_legal` is the exact-encoding test.
    assert!(p.is_legal(castle));
    assert!(!p.is_legal(Move::new(E1, G1)));
    assert!(!p.is_legal(Move::new(E1, H1)));
}

#[test]
fn a_plain_en_passant_move_resolves_to_the_capture() {
    let p = pos(EN_PASSANT);
    let capture = Move::en_passant(E5, D6);
    assert_eq!(p.resolve_move(E5, D6, None), Ok(capture));
    assert!(!p.is_legal(Move::new(E5, D6)));
    let mut played = p;
    played.play(Move::new(E5, D6)).unwrap();
    assert_eq!(played.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    let mut game = Game::from_position(p);
    game.push(Move::new(E5, D6)).unwrap();
    assert_eq!(game.moves(), [capture]);
    assert_eq!(p.parse_uci("e5d6"), Ok(capture));
}

#[test]
fn illegal_moves_carry_their_reason_and_code_through_every_entry_point() {
    let p = pos(CASTLING);
    let mut played = p;
    let error = played.play(Move::new(E1, E3)).unwrap_err();
    assert_eq!(error.reason.kind(), IllegalMoveKind::NoSuchMove);
    assert_eq!(error.code(), ErrorCode::IllegalMove);
    assert_eq!(error.to_string(), "illegal move e1e3: a king does not move from e1 to e3");
    assert_eq!(played, p, "a refused move changes nothing");

    let error = played.play(Move::NULL).unwrap_err();
    assert_eq!(error.reason, IllegalMoveReason::NullMove);
    let error = p.parse_uci("0000").unwrap_err();
    assert!(matches!(error, UciError::Illegal { reason: IllegalMoveReason::NullMove, .. }));
    assert_eq!(p.parse_uci("e1e9").unwrap_err().code(), ErrorCode::InvalidMove);
    assert_eq!(p.parse_uci("a1b2").unwrap_err().code(), ErrorCode::IllegalMove);
    assert_eq!(p.parse_san("Rz5").unwrap_err().code(), ErrorCode::InvalidMove);
    assert_eq!(pos("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1").parse_san("Nc3").unwrap_err().code(), ErrorCode::AmbiguousMove);
    assert_eq!(IllegalMoveKind::LeavesKingInCheck.name(), "leaves_king_in_check");
    assert_eq!(IllegalMoveKind::LeavesKingInCheck as u8, 8);
}

#[test]
fn a_missing_promotion_piece_is_its_own_error() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let error = p.parse_san("b8").unwrap_err();
    assert!(matches!(error, SanError::MissingPromotion { from: B7, to: B8, .. }), "{error:?}");
    assert_eq!(error.code(), ErrorCode::MissingPromotion);
    assert_eq!(error.to_string(), "move b8 needs a promotion piece: add =Q, =R, =B or =N");
    assert_eq!(p.parse_san("b8=N"), Ok(Move::promote(B7, B8, Role::Knight).unwrap()));
    let reason = p.resolve_move(B7, B8, None).unwrap_err();
    assert_eq!(reason, IllegalMoveReason::MustPromote { from: B7, to: B8 });
    assert_eq!(reason.code(), ErrorCode::MissingPromotion);
    assert_eq!(p.parse_uci("b7b8").unwrap_err().code(), ErrorCode::MissingPromotion);
    // Two pawns that can both take on b8: the file says which one lacks its piece.
    let two = pos("1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(two.parse_san("axb8").unwrap_err(), SanError::MissingPromotion { from: A7, .. }));
    assert!(matches!(two.parse_san("b8").unwrap_err(), SanError::Illegal { reason: None, .. }));
}

#[test]
fn promotion_moves_cannot_name_a_king_or_pawn() {
    assert_eq!(Move::promote(A7, A8, Role::King), None);
    assert_eq!(Move::promote(A7, A8, Role::Pawn), None);
    let queen = Move::promote(A7, A8, Role::Queen).unwrap();
    assert_eq!(Move::try_from(queen.to_u16()), Ok(queen));
    let error = Move::try_from(0xf000 | A8 as u16 | (A7 as u16) << 6).unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidMove);
    assert_eq!(error.to_string(), "0xfc38 is not a move: its kind (bits 12-15) is not 0, 1, 2 or 4-7");
}

/// Issue 14: a pawn SAN without a capture considers only the pawn on its own file, so the
/// reason survives a pawn on the next file.
#[test]
fn a_pawn_push_in_san_keeps_its_reason_with_a_pawn_on_the_next_file() {
    let mut game = Game::new();
    for san in "e4 Nf6 Nf3 Nxe4 Bc4 d5 d3 Nxf2 O-O Nxd1 c3 dxc4 Re1 Qxd3 Nbd2 Qc2 Nf1 Qf2+".split(' ') {
        game.push_san(san).unwrap();
    }
    let p = *game.position();
    for san in ["h3", "b3", "g3"] {
        let error = p.parse_san(san).unwrap_err();
        assert!(
            matches!(
                error,
                SanError::Illegal { reason: Some(IllegalMoveReason::LeavesKingInCheck { checker_square: F2, .. }), .. }
            ),
            "{san}: {error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("illegal move {san} in this position: the move leaves your king in check from the queen on f2")
        );
    }
}

#[test]
fn every_error_type_reports_a_stable_code() {
    use chess_core::pgn::PgnReader;
    use chess_core::{Epd, Rules, Square};

    assert_eq!("e9".parse::<Square>().unwrap_err().code(), ErrorCode::InvalidSquare);
    assert_eq!(Position::from_fen("rnbqkbnr/pppppppp/8").unwrap_err().code(), ErrorCode::InvalidFen);
    assert_eq!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err().code(), ErrorCode::InvalidPosition);
    assert_eq!("4k3/8/8/8/8/8/8/4K3 w - - 1x".parse::<Epd>().unwrap_err().code(), ErrorCode::InvalidEpd);
    assert_eq!("4k3/8/8/8/8/8/8/4K3 w - - \"open".parse::<Epd>().unwrap_err().code(), ErrorCode::InvalidEpd);
    assert_eq!("nobody".parse::<chess_core::search::Level>().unwrap_err().code(), ErrorCode::InvalidLevel);

    let mut reader = PgnReader::new("1. e4 e5 2. Ke3 *\n\n1. e4 { open *\n".as_bytes());
    let illegal = reader.next().unwrap().unwrap_err();
    assert_eq!(illegal.code(), ErrorCode::IllegalMove);
    let unclosed = reader.next().unwrap().unwrap_err();
    assert_eq!(unclosed.code(), ErrorCode::InvalidPgn);

    let mut casual = Game::with_rules(Rules::casual());
    assert_eq!(casual.resign(chess_core::Color::White).unwrap_err().code(), ErrorCode::EventNotAllowed);
    let mut mated = Game::new();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        mated.push_san(san).unwrap();
    }
    assert_eq!(mated.push_san("e4").unwrap_err().code(), ErrorCode::GameOver);
    assert_eq!(Game::new().push_san("e5").unwrap_err().code(), ErrorCode::IllegalMove);
    assert_eq!(Game::new().push_uci("e2").unwrap_err().code(), ErrorCode::InvalidMove);
}
