//! Every FEN error kind, with its message.

use chess_core::{CastlingMode, FenError, Position, Problem, Rank, Setup, Square};

fn error(fen: &str) -> FenError {
    Position::from_fen(fen).unwrap_err()
}

fn problems(fen: &str) -> Vec<Problem> {
    match error(fen) {
        FenError::Position(e) => e.problems().collect(),
        other => panic!("{fen}: expected a position error, got {other}"),
    }
}

#[test]
fn syntax_errors_name_field_and_character() {
    assert_eq!(error(""), FenError::Empty);
    assert_eq!(error("   ").to_string(), "FEN is empty");
    assert_eq!(
        error("8/8/8/8/8/8/8/8 w").to_string(),
        "FEN has 2 fields, expected 4 to 6 (placement, side, castling, en passant, clocks)"
    );
    assert_eq!(error("8/8/8/8/8/8/8/K6k w - - 0 1 extra"), FenError::WrongFieldCount { found: 7 });
    assert_eq!(error("8/8/8/8/8/8/K6k w - - 0 1"), FenError::WrongRankCount { found: 7 });
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w - - 0 1".replace("K6k", "K6kk").as_str()).to_string(),
        "FEN placement field, rank 1 at character 17: more than 8 squares"
    );
    assert_eq!(error("8/8/8/8/8/8/8/K5k w - - 0 1"), FenError::RankTooShort { rank: Rank::First, at: 17 });
    assert_eq!(
        error("8/8/8/8/8/8/8/K5kX w - - 0 1").to_string(),
        "FEN placement field at character 17: 'X' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k x - - 0 1").to_string(),
        "FEN side-to-move field at character 18: expected 'w' or 'b'"
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w KX - 0 1").to_string(),
        "FEN castling field at character 21: 'X' is not one of KQkq, A-H, a-h, or '-'"
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w - e4 0 1").to_string(),
        "FEN en-passant field at character 22: expected '-' or a square on rank 3 or 6"
    );
    assert_eq!(error("8/8/8/8/8/8/8/K6k w - j6 0 1"), FenError::InvalidEnPassant { at: 22 });
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w - - x 1").to_string(),
        "FEN halfmove-clock field at character 24: expected a number from 0 to 4294967295"
    );
    assert_eq!(error("8/8/8/8/8/8/8/K6k w - - -1 1"), FenError::InvalidHalfmoveClock { at: 24 });
    assert_eq!(error("8/8/8/8/8/8/8/K6k w - - 99999999999 1"), FenError::InvalidHalfmoveClock { at: 24 });
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w - - 0 1.5").to_string(),
        "FEN fullmove-number field at character 26: expected a number from 1 to 4294967295"
    );
}

#[test]
fn missing_clocks_default_to_zero_and_one() {
    let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - -").unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
    let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 7").unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 1));
    // Move number 0, as some puzzle files write it, reads as 1.
    assert_eq!(Position::from_fen("8/8/8/8/8/8/8/K6k w - - 1 0").unwrap().fullmove_number(), 1);
}

#[test]
fn kings() {
    assert_eq!(problems("8/8/8/8/8/8/8/K7 w - - 0 1"), [Problem::MissingKing(chess_core::Color::Black)]);
    assert_eq!(problems("8/8/8/8/8/8/8/KK5k w - - 0 1"), [Problem::TooManyKings(chess_core::Color::White)]);
    assert_eq!(
        error("8/8/8/8/8/8/8/8 w - - 0 1").to_string(),
        "illegal position: white has no king; black has no king"
    );
}

#[test]
fn pawns_on_back_ranks() {
    let fen = "P7/8/8/8/8/8/8/K6k w - - 0 1";
    assert_eq!(problems(fen), [Problem::PawnsOnBackRank(Square::A8.into())]);
    assert_eq!(error(fen).to_string(), "illegal position: pawns on the first or eighth rank (a8)");
}

#[test]
fn side_not_to_move_in_check() {
    let fen = "k7/8/8/8/8/8/8/K6r b - - 0 1";
    assert_eq!(problems(fen), [Problem::OppositeCheck]);
    assert_eq!(error(fen).to_string(), "illegal position: the side not to move is in check");
}

#[test]
fn impossible_checks() {
    // Rook a8, queen h8 and knight b3 all attack the king on a1.
    let too_many = "r6q/8/8/8/8/1n6/8/K6k w - - 0 1";
    assert_eq!(problems(too_many), [Problem::TooManyCheckers(Square::A8 | Square::H8 | Square::B3)]);
    assert_eq!(error(too_many).to_string(), "illegal position: the king is attacked by 3 pieces at once (b3, a8, h8)");
    // Two rooks checking along one file: no single move uncovers both.
    // The e4 rook shields the e8 rook: one checker, which is fine.
    assert!(Position::from_fen("k3r3/8/8/8/4r3/8/8/4K3 w - - 0 1").is_ok());
    let aligned = "k7/8/8/8/8/8/8/r3K2r w - - 0 1";
    assert!(matches!(problems(aligned)[..], [Problem::ImpossibleCheck(_)]));
    assert_eq!(
        error(aligned).to_string(),
        "illegal position: no legal move could have given this check (checkers on a1, h1)"
    );
    // Relaxed validation accepts it.
    assert!(Position::from_fen_relaxed(aligned, CastlingMode::Standard).is_ok());
}

#[test]
fn en_passant_that_cannot_be_right() {
    let wrong_rank = "k7/8/8/8/8/4p3/8/K7 w - e3 0 1";
    assert_eq!(problems(wrong_rank), [Problem::InvalidEnPassant(Square::E3)]);
    let no_pawn = "k7/8/8/8/8/8/8/K7 w - e6 0 1";
    assert_eq!(problems(no_pawn), [Problem::InvalidEnPassant(Square::E6)]);
    assert_eq!(error(no_pawn).to_string(), "illegal position: en-passant field: e6 cannot follow a double pawn step");
    // A plausible square is kept even when no capture is possible; FEN output omits it.
    let pos = Position::from_fen("k7/8/8/4p3/8/8/8/K7 w - e6 0 1").unwrap();
    assert_eq!(pos.ep_square(), Some(Square::E6));
    assert_eq!(pos.to_fen(), "k7/8/8/4p3/8/8/8/K7 w - - 0 1");
    assert_eq!(pos.fen().always_en_passant().to_string(), "k7/8/8/4p3/8/8/8/K7 w - e6 0 1");
}

#[test]
fn castling_rights_without_king_or_rook() {
    let no_rook = "r3k3/8/8/8/8/8/8/R3K3 w KQq - 0 1";
    assert_eq!(problems(no_rook), [Problem::InvalidCastlingRights(Square::H1.into())]);
    assert_eq!(
        error(no_rook).to_string(),
        "illegal position: castling field: no castling is possible with the rook square(s) h1 (the king or the rook is not in place)"
    );
    let king_moved = "r3k2r/8/8/8/8/8/8/R2K3R w KQ - 0 1";
    assert_eq!(problems(king_moved), [Problem::InvalidCastlingRights(Square::A1 | Square::H1)]);
    // The same placement is fine in Chess960, where the king may stand on d1.
    assert!(Position::from_fen_with(king_moved, CastlingMode::Chess960).is_ok());
}

#[test]
fn too_much_material() {
    let fen = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1";
    assert_eq!(problems(fen), [Problem::TooMuchMaterial(chess_core::Color::White)]);
    assert_eq!(error(fen).to_string(), "illegal position: white has more pieces than promotions allow");
    assert!(Position::from_fen_relaxed(fen, CastlingMode::Standard).is_ok());
}

#[test]
fn several_problems_are_all_listed() {
    let fen = "P6k/8/8/8/8/8/8/K7 w - e6 0 1";
    assert_eq!(problems(fen), [Problem::PawnsOnBackRank(Square::A8.into()), Problem::InvalidEnPassant(Square::E6)]);
}

#[test]
fn setup_converts_with_problem_list() {
    let setup = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let error = Position::from_setup(setup, CastlingMode::Standard).unwrap_err();
    assert_eq!(error.problems().count(), 2);
    assert!(!error.is_relaxable());
}

#[test]
fn castling_fields_x_fen_and_shredder() {
    let fen = "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9";
    let pos = Position::from_fen_with(fen, CastlingMode::Chess960).unwrap();
    assert_eq!(pos.to_fen(), "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w KQkq - 0 9");
    assert_eq!(pos.fen().shredder().to_string(), fen);
    assert_eq!(Position::from_fen_with(&pos.to_fen(), CastlingMode::Chess960).unwrap(), pos);
    // An inner rook is named by its file.
    let inner = Position::from_fen_with("4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1", CastlingMode::Chess960).unwrap();
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    assert_eq!(inner.castling_rook(chess_core::Color::White, chess_core::CastlingSide::KingSide), Some(Square::G1));
}

#[test]
fn parsing_never_panics_on_garbage() {
    for text in [
        "/",
        "////////",
        "8/8/8/8/8/8/8/8/8 w",
        "9/8/8/8/8/8/8/8 w - - 0 1",
        "é",
        "K7/8 ",
        "\u{0}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2 3",
    ] {
        assert!(Position::from_fen(text).is_err(), "{text}");
    }
}

#[test]
fn sizes_meet_the_targets() {
    assert!(std::mem::size_of::<chess_core::Move>() <= 4);
    assert_eq!(std::mem::size_of::<chess_core::Move>(), 2);
    assert!(std::mem::size_of::<Position>() <= 128, "{}", std::mem::size_of::<Position>());
}
