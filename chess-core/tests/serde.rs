//! Serde: squares as names, moves as UCI text, positions as FEN (feature `serde`).
#![cfg(feature = "serde")]

use chess_core::{CastlingMode, Game, Move, Position, Square, Validation};

#[test]
fn json_round_trips() {
    assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
    assert_eq!(serde_json::from_str::<Square>("\"h8\"").unwrap(), Square::H8);
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());

    let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, r#"{"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","chess960":false}"#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"not a fen\"").is_err());

    let castle = pos.parse_san("O-O").unwrap();
    let json = serde_json::to_string(&castle).unwrap();
    assert_eq!(json, "\"e1h1\"");
    let back: Move = serde_json::from_str(&json).unwrap();
    // The squares come back; the position recognises the castling move.
    assert_eq!(pos.resolve_move(back.from(), back.to(), back.promotion()), Ok(castle));
    let promotion: Move = serde_json::from_str("\"a7a8q\"").unwrap();
    assert_eq!(promotion.promotion(), Some(chess_core::Role::Queen));
    assert!(serde_json::from_str::<Move>("\"a7a8x\"").is_err());
}

#[test]
fn positions_keep_their_castling_mode() {
    // A Chess960 position that standard chess would also read: the mode decides the UCI castling move.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let chess960 = Position::from_fen_with(fen, CastlingMode::Chess960).unwrap();
    let json = serde_json::to_string(&chess960).unwrap();
    assert_eq!(json, r#"{"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","chess960":true}"#);
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, chess960);
    assert_eq!(back.castling_mode(), CastlingMode::Chess960);
    assert_eq!(back.uci(back.parse_san("O-O").unwrap()).to_string(), "e1h1");

    let standard: Position = fen.parse().unwrap();
    let back: Position = serde_json::from_str(&serde_json::to_string(&standard).unwrap()).unwrap();
    assert_eq!((back, back.castling_mode()), (standard, CastlingMode::Standard));
    assert_eq!(back.uci(back.parse_san("O-O").unwrap()).to_string(), "e1g1");

    // A Chess960 start and an inner rook named by its file.
    for fen in ["bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1", "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1"] {
        let pos = Position::from_fen_with(fen, CastlingMode::Chess960).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!(r#"{{"fen":"{fen}","chess960":true}}"#));
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    }

    // The en-passant square is kept even when no capture is possible, so the position reads back equal.
    let mut pos = Position::new();
    pos.play(pos.parse_san("e4").unwrap()).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, r#"{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1","chess960":false}"#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);

    // Without the flag, or as a bare FEN (the earlier format), the mode is chosen automatically.
    let bare: Position = serde_json::from_str(r#""bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1""#).unwrap();
    assert_eq!(bare.castling_mode(), CastlingMode::Chess960);
    let no_flag: Position = serde_json::from_str(r#"{"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}"#).unwrap();
    assert_eq!(no_flag, standard);
}

#[test]
fn tampered_positions_are_errors_not_panics() {
    let error = |json: &str| serde_json::from_str::<Position>(json).unwrap_err().to_string();
    // A Chess960 placement flagged as standard chess.
    assert!(
        error(r#"{"fen":"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1","chess960":false}"#).starts_with(
            "illegal position: castling field: no castling is possible with the rook square(s) e1, g1, e8, g8"
        )
    );
    assert!(
        error(r#"{"fen":"4k3/8/8/8/8/8/8/4K3 w - e6 0 1","chess960":true}"#)
            .starts_with("illegal position: en-passant field: e6 cannot follow a double pawn step")
    );
    assert!(
        error(r#"{"fen":"8/8/8/8/8/8/8/K5kX w - - 0 1","chess960":false}"#)
            .starts_with("FEN placement field at character 17")
    );
    assert!(
        error(r#"{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#)
            .starts_with("illegal position: white has no king; black has no king")
    );
    assert!(error(r#"{"chess960":true}"#).starts_with("missing field `fen`"));
    assert!(error(r#"{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","chess960":"yes"}"#).contains("invalid type"));
    assert!(
        error(r#"{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","chess_960":true}"#).starts_with("unknown field `chess_960`")
    );
    assert!(
        error(r#"{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1","fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}"#)
            .starts_with("duplicate field `fen`")
    );
    assert!(error("42").contains("invalid type"));
    assert!(error(r#"["8/8/8/8/8/8/8/K6k w - - 0 1"]"#).contains("invalid length 1"));
    let from_seq: Position = serde_json::from_str(r#"["8/8/8/8/8/8/8/K6k w - - 0 1", true]"#).unwrap();
    assert_eq!(from_seq.castling_mode(), CastlingMode::Chess960);
}

/// What relaxed validation lets a program make (found by the C API's fuzz target: a game
/// from such a start position was saved and could not be loaded) reads back, as a position
/// and as a saved game.
#[test]
fn positions_made_with_relaxed_validation_read_back() {
    for fen in [
        "QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1", // more pieces than promotions allow
        "k7/8/8/8/8/8/8/r3K2r w - - 0 1",                       // a check no move could give
    ] {
        let pos = Position::from_fen_with(fen, Validation::relaxed()).unwrap();
        assert!(Position::from_fen(fen).is_err(), "{fen}");
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos, "{json}");
        let mut game = Game::from_position(pos);
        let first = pos.legal_moves()[0];
        game.push(first).unwrap();
        let saved = serde_json::to_string(&game).unwrap();
        let loaded: Game = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded.start_position(), &pos);
        assert_eq!(loaded.moves(), [first]);
    }
}

#[test]
fn colours_are_their_names() {
    use chess_core::Color;
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"white\"");
    assert_eq!(serde_json::to_string(&[Color::Black]).unwrap(), "[\"black\"]");
    assert_eq!(serde_json::from_str::<Color>("\"black\"").unwrap(), Color::Black);
    let error = serde_json::from_str::<Color>("\"White\"").unwrap_err().to_string();
    assert!(error.contains("expected \"white\" or \"black\""), "{error}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// A game saved after any mix of moves and undos reads back equal (the moves `redo` could
    /// replay are not saved, nor part of a game's equality).
    #[test]
    fn games_with_undos_read_back_equal(
        steps in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..80),
        casual in proptest::prelude::any::<bool>(),
    ) {
        let mut game = Game::with_rules(if casual { chess_core::Rules::casual() } else { chess_core::Rules::fide() });
        for step in steps {
            let moves = game.position().legal_moves();
            // One step in five takes a move back, as does a step at the game's end.
            if step % 5 == 0 || moves.is_empty() || game.is_over() {
                game.undo();
            } else {
                game.push(moves[usize::from(step) % moves.len()]).unwrap();
            }
        }
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        proptest::prop_assert_eq!(&back, &game, "{}", json);
        proptest::prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
}
