//! Every FEN error kind, with its message.

use chess_core::{
    CastlingChoice, CastlingMode, Color, Epd, EpdError, FenError, Position, PositionError, Problem, Problems, Rank,
    Setup, Square, Validation,
};

fn error(fen: &str) -> FenError {
    Position::from_fen(fen).unwrap_err()
}

fn position_error(fen: &str) -> PositionError {
    match error(fen) {
        FenError::Position(e) => e,
        other => panic!("{fen}: expected a position error, got {other}"),
    }
}

fn problems(fen: &str) -> Vec<Problem> {
    position_error(fen).problems().collect()
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
    // Of several kings, the highest is the one whose check counts (python-chess's `king()`).
    assert_eq!(
        problems("k7/8/8/8/8/K5q1/8/2K5 b - - 0 1"),
        [Problem::TooManyKings(chess_core::Color::White), Problem::OppositeCheck]
    );
    assert_eq!(problems("k7/8/8/8/8/K7/8/2K3q1 b - - 0 1"), [Problem::TooManyKings(chess_core::Color::White)]);
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
    assert!(Position::from_fen_with(aligned, Validation::relaxed().castling(CastlingMode::Standard)).is_ok());
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
    let standard = Position::from_fen_with(king_moved, CastlingMode::Standard).unwrap_err();
    let FenError::Position(standard) = standard else { panic!("{standard}") };
    assert_eq!(standard.problems().collect::<Vec<_>>(), [Problem::InvalidCastlingRights(Square::A1 | Square::H1)]);
    // The same placement is fine in Chess960, where the king may stand on d1: the error says
    // so, its repair reads it as Chess960, and the automatic choice picks Chess960 for it.
    assert!(
        standard.to_string().ends_with("(the king or the rook is not in place); Chess960 allows these castling rights")
    );
    let chess960 = Position::from_fen_with(king_moved, CastlingMode::Chess960).unwrap();
    assert_eq!(standard.in_chess960(), Ok(chess960));
    assert_eq!(Position::from_fen_with(king_moved, CastlingChoice::Automatic), Ok(chess960));
    // `FromStr` reads standard chess: the same error.
    assert_eq!(king_moved.parse::<Position>(), Err(FenError::Position(standard)));
}

#[test]
fn too_much_material() {
    let fen = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1";
    assert_eq!(problems(fen), [Problem::TooMuchMaterial(chess_core::Color::White)]);
    assert_eq!(error(fen).to_string(), "illegal position: white has more pieces than promotions allow");
    assert!(Position::from_fen_with(fen, Validation::relaxed().castling(CastlingMode::Standard)).is_ok());
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
    // The error carries its setup, and is still no bigger than a position (96 bytes today).
    assert!(std::mem::size_of::<PositionError>() <= std::mem::size_of::<Position>());
    assert!(std::mem::size_of::<Result<Position, FenError>>() <= 104);
}

#[test]
fn recovery_drops_impossible_castling_rights_as_python_chess_does() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
    let error = position_error(fen);
    assert_eq!(error.kinds(), Problems::INVALID_CASTLING_RIGHTS);
    assert_eq!(error.castling_mode(), CastlingMode::Standard);
    assert_eq!(error.setup(), &Setup::from_fen(fen).unwrap());
    assert_eq!(
        error.to_string(),
        "illegal position: castling field: no castling is possible with the rook square(s) a1, h1, a8, h8 (the king or the rook is not in place)"
    );
    let pos = error.ignore_invalid_castling_rights().unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(pos.castling_mode(), CastlingMode::Standard);

    // Only the bad right goes; the others stay.
    let pos = position_error("r3k3/8/8/8/8/8/8/R3K3 w KQq - 0 1").ignore_invalid_castling_rights().unwrap();
    assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1");

    // A Shredder right on b1 without a rook there makes the automatic choice Chess960; once it
    // is dropped, the position is validated again and the choice falls back to standard.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w B - 0 1";
    let Err(FenError::Position(error)) = Position::from_fen_with(fen, CastlingChoice::Automatic) else { panic!() };
    assert_eq!(error.castling_mode(), CastlingMode::Chess960);
    // No rook on b1: Chess960 does not allow that right either, and the error does not say it does.
    assert!(!error.to_string().contains("Chess960"));
    assert_eq!(position_error(fen).castling_mode(), CastlingMode::Standard);
    assert_eq!(error.problems().collect::<Vec<_>>(), [Problem::InvalidCastlingRights(Square::B1.into())]);
    let pos = error.ignore_invalid_castling_rights().unwrap();
    assert_eq!(
        (pos.to_fen().as_str(), pos.castling_mode()),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", CastlingMode::Standard)
    );
}

#[test]
fn recovery_drops_an_impossible_en_passant_square() {
    let error = position_error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1");
    assert_eq!(error.kinds(), Problems::INVALID_EP_SQUARE);
    let pos = error.ignore_invalid_ep_square().unwrap();
    assert_eq!(pos.ep_square(), None);
    assert_eq!(pos.fen().always_en_passant().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

    // Two problems: each recovery removes its own; the error in between lists what is left.
    let error = position_error("4k3/8/8/8/8/8/8/4K3 b KQ e3 0 1");
    assert_eq!(error.kinds(), Problems::INVALID_CASTLING_RIGHTS | Problems::INVALID_EP_SQUARE);
    let error = error.ignore_invalid_ep_square().unwrap_err();
    assert_eq!(error.problems().collect::<Vec<_>>(), [Problem::InvalidCastlingRights(Square::A1 | Square::H1)]);
    assert_eq!(error.ignore_invalid_castling_rights().unwrap().to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");

    // A recovery for a problem that is not there validates again and gives the same error.
    let error = position_error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        error.ignore_invalid_ep_square().unwrap_err().problems().collect::<Vec<_>>(),
        [Problem::PawnsOnBackRank(Square::A8.into())]
    );
}

#[test]
fn recovery_accepts_impossible_checks_and_too_much_material() {
    let aligned = "k7/8/8/8/8/8/8/r3K2r w - - 0 1";
    let error = position_error(aligned);
    assert!(error.is_relaxable());
    assert_eq!(error.kinds(), Problems::IMPOSSIBLE_CHECK);
    assert!(error.ignore_too_much_material().is_err());
    let pos = position_error(aligned).ignore_impossible_check().unwrap();
    assert_eq!(pos.checkers(), Square::A1 | Square::H1);

    let too_many = "r6q/8/8/8/8/1n6/8/K6k w - - 0 1";
    assert_eq!(position_error(too_many).kinds(), Problems::TOO_MANY_CHECKERS);
    assert_eq!(position_error(too_many).ignore_impossible_check().unwrap().checkers().len(), 3);

    let material = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1";
    let pos = position_error(material).ignore_too_much_material().unwrap();
    assert_eq!(pos.to_fen(), material);

    // Both at once, and a problem no recovery accepts.
    let both = "k7/8/8/8/8/8/PPPPPPPP/QQ1r1K1r w - - 0 1";
    let error = position_error(both);
    assert_eq!(error.kinds(), Problems::IMPOSSIBLE_CHECK | Problems::TOO_MUCH_MATERIAL);
    let error = error.ignore_too_much_material().unwrap_err();
    assert_eq!(error.kinds(), Problems::IMPOSSIBLE_CHECK);
    assert_eq!(error.ignore_impossible_check().unwrap().to_fen(), both);
    let error = position_error("P6k/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1");
    assert_eq!(error.kinds(), Problems::PAWNS_ON_BACK_RANK | Problems::TOO_MUCH_MATERIAL);
    assert!(!error.is_relaxable());
    assert_eq!(error.ignore_too_much_material().unwrap_err().kinds(), Problems::PAWNS_ON_BACK_RANK);
}

#[test]
fn problems_are_flags_in_a_fixed_order() {
    let error = position_error("8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(error.kinds(), Problems::MISSING_KING);
    assert_eq!(
        error.problems().collect::<Vec<_>>(),
        [Problem::MissingKing(Color::White), Problem::MissingKing(Color::Black)]
    );
    assert_eq!(
        format!("{:?}", Problems::RELAXABLE),
        "Problems(TOO_MANY_CHECKERS | IMPOSSIBLE_CHECK | TOO_MUCH_MATERIAL)"
    );
    assert_eq!(Problems::ALL.iter().count(), 9);
    for problem in [
        Problem::OppositeCheck,
        Problem::TooMuchMaterial(Color::Black),
        Problem::ImpossibleCheck(Square::A1.into()),
        Problem::InvalidEnPassant(Square::E6),
    ] {
        assert_eq!(problem.is_relaxable(), Problems::RELAXABLE.contains(problem.kind()), "{problem}");
    }
    assert_eq!(Problems::TOO_MUCH_MATERIAL.bits(), 1 << 8);
}

#[test]
fn castling_mode_choices() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Chess960 position 0: king on f1 between rooks on e1 and g1.
    let chess960_start = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1";
    let mode = |fen: &str, choice: CastlingChoice| Position::from_fen_with(fen, choice).map(|pos| pos.castling_mode());
    assert_eq!(mode(start, CastlingChoice::Automatic), Ok(CastlingMode::Standard));
    assert_eq!(mode(chess960_start, CastlingChoice::Automatic), Ok(CastlingMode::Chess960));
    assert_eq!(mode(start, CastlingChoice::Chess960), Ok(CastlingMode::Chess960));
    assert_eq!(mode(chess960_start, CastlingChoice::Chess960), Ok(CastlingMode::Chess960));
    let refused = Position::from_fen_with(chess960_start, CastlingChoice::Standard).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "illegal position: castling field: no castling is possible with the rook square(s) e1, g1, e8, g8 \
         (the king or the rook is not in place); Chess960 allows these castling rights"
    );
    // `from_fen`, `FromStr` and the default validation all read standard chess, strictly.
    let expected = Position::from_fen_with(start, CastlingChoice::Automatic).unwrap();
    assert_eq!(Position::from_fen(start), Ok(expected));
    assert_eq!(start.parse::<Position>(), Ok(expected));
    assert_eq!(Position::from_fen_with(start, Validation::default()), Ok(expected));
    assert_eq!(Position::from_fen(chess960_start), Err(refused.clone()));
    assert_eq!(chess960_start.parse::<Position>(), Err(refused.clone()));
    assert_eq!(Position::from_fen_with(chess960_start, Validation::default()), Err(refused));
    assert_eq!(Validation::default(), Validation::strict());
    assert_eq!(Validation::default().castling, CastlingChoice::Standard);
    assert_eq!(Validation::relaxed().castling, CastlingChoice::Standard);
    assert_eq!(CastlingMode::detect(&Setup::from_fen(start).unwrap()), CastlingMode::Standard);
    // Without castling rights, a Chess960 placement reads as standard chess.
    assert_eq!(
        mode("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w - - 0 1", CastlingChoice::Automatic),
        Ok(CastlingMode::Standard)
    );
    // Strict is the default for every choice; the choice is kept in relaxed validation too.
    let material = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1";
    assert!(Position::from_fen_with(material, CastlingMode::Chess960).is_err());
    let relaxed = Validation::relaxed().castling(CastlingMode::Chess960);
    assert_eq!(Position::from_fen_with(material, relaxed).unwrap().castling_mode(), CastlingMode::Chess960);
}

#[test]
fn strict_and_relaxed_validation() {
    let aligned = "k7/8/8/8/8/8/8/r3K2r w - - 0 1";
    let material = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1";
    for fen in [aligned, material] {
        assert!(Position::from_fen_with(fen, Validation::strict()).is_err(), "{fen}");
        assert!(Position::from_fen_with(fen, Validation::relaxed()).is_ok(), "{fen}");
    }
    // Accepting one kind accepts only that kind.
    let only_material = Validation::strict().accept(Problems::TOO_MUCH_MATERIAL);
    assert!(Position::from_fen_with(material, only_material).is_ok());
    assert_eq!(
        Position::from_fen_with(aligned, only_material).unwrap_err().to_string(),
        "illegal position: no legal move could have given this check (checkers on a1, h1)"
    );
    // Problems that would break the position cannot be accepted.
    let everything = Validation::strict().accept(Problems::ALL);
    assert_eq!(everything, Validation::relaxed());
    assert!(Position::from_fen_with("8/8/8/8/8/8/8/K7 w - - 0 1", everything).is_err());
    assert!(Position::from_fen_with("4k3/8/8/8/8/8/8/4K3 w K - 0 1", everything).is_err());
    // The error remembers the validation it failed, and recovery keeps it.
    let error = Position::from_setup(Setup::from_fen(aligned).unwrap(), Validation::strict()).unwrap_err();
    assert_eq!(error.validation(), Validation::strict());
}

#[test]
fn epd_reads_its_fields_like_a_fen_with_the_same_options() {
    // Errors give the character index in the EPD line.
    let error = |line: &str| Epd::parse(line, Validation::strict()).unwrap_err().to_string();
    assert_eq!(
        error("8/8/8/8/8/8/8/K5kX w - - bm Kb2;"),
        "FEN placement field at character 17: 'X' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k   w KX - id \"x\";"),
        "FEN castling field at character 23: 'X' is not one of KQkq, A-H, a-h, or '-'"
    );
    assert_eq!(
        error("8/8/8/8/8/8/8/K6k w - - 99999999999 1 id \"x\";"),
        "FEN halfmove-clock field at character 24: expected a number from 0 to 4294967295"
    );
    assert_eq!(
        Epd::parse("8/8/8 w - -", Validation::strict()),
        Err(EpdError::Fen(FenError::WrongRankCount { found: 3 }))
    );
    assert_eq!(
        Epd::parse("8/8/8/8/8/8/8/K6k w -", Validation::strict()),
        Err(EpdError::Fen(FenError::WrongFieldCount { found: 3 }))
    );

    let material = "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - id \"material\";";
    assert!(Epd::parse(material, Validation::strict()).is_err());
    assert_eq!(
        Epd::parse(material, Validation::relaxed()).unwrap().position.to_fen(),
        "k7/8/8/8/8/8/PPPPPPPP/KQQ5 w - - 0 1"
    );
    let chess960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - D1 20;";
    // `FromStr` reads standard chess, as for a FEN; Chess960 is chosen by name.
    assert!(matches!(chess960.parse::<Epd>(), Err(EpdError::Fen(FenError::Position(_)))));
    let epd = Epd::parse(chess960, CastlingChoice::Automatic).unwrap();
    assert_eq!(epd.position.castling_mode(), CastlingMode::Chess960);
    assert_eq!(epd.perft_counts(), [(1, 20)]);
    assert!(Epd::parse(chess960, CastlingMode::Standard).is_err());
    // Clocks after the four fields are read, as in a FEN.
    let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 b - - 12 40 id \"clocks\";", Validation::strict()).unwrap();
    assert_eq!(epd.position.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 12 40");
    // A position error keeps its setup for recovery, as from a FEN.
    let Err(EpdError::Fen(FenError::Position(error))) =
        Epd::parse("4k3/8/8/8/8/8/8/4K3 w KQkq - bm Kd2;", Validation::strict())
    else {
        panic!("expected a position error")
    };
    assert_eq!(error.ignore_invalid_castling_rights().unwrap().to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}
