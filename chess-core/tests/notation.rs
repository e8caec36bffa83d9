//! SAN (standard out, lenient in), LAN, UCI, Zobrist keys, EPD and position queries.

use chess_core::{CastlingMode, Color, Epd, IllegalMoveReason, Move, Position, Role, San, SanError, Square, UciError};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn san(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    p.san(p.parse_uci(uci).unwrap()).to_string()
}

fn parse(fen: &str, text: &str) -> Result<String, SanError> {
    let p = pos(fen);
    p.parse_san(text).map(|m| p.uci(m).to_string())
}

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const EN_PASSANT: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const PROMOTION: &str = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
const PAWN_OR_BISHOP: &str = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";

#[test]
fn writes_standard_san() {
    assert_eq!(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    assert_eq!(san("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e1e2"), "R1e2");
    assert_eq!(san("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1"), "Qh4e1");
    assert_eq!(san("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1"), "Qee1");
    assert_eq!(san(CASTLING, "e1g1"), "O-O");
    assert_eq!(san(CASTLING, "e1c1"), "O-O-O");
    assert_eq!(san(EN_PASSANT, "e5f6"), "exf6");
    assert_eq!(san(PROMOTION, "e7e8q"), "e8=Q");
    assert_eq!(san(PROMOTION, "e7e8n"), "e8=N");
    assert_eq!(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
    assert_eq!(san("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8"), "Ra8+");
    assert_eq!(san(PAWN_OR_BISHOP, "b2c3"), "bxc3");
    assert_eq!(san(PAWN_OR_BISHOP, "d2c3"), "Bxc3");
    // A pinned rival does not force disambiguation.
    assert_eq!(san("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
}

#[test]
fn writes_lan() {
    let p = pos(EN_PASSANT);
    assert_eq!(p.lan(p.parse_uci("e5f6").unwrap()).to_string(), "e5xf6");
    assert_eq!(p.lan(p.parse_uci("g1f3").unwrap()).to_string(), "Ng1-f3");
    let p = pos(CASTLING);
    assert_eq!(p.lan(p.parse_uci("e1c1").unwrap()).to_string(), "O-O-O");
    assert_eq!(p.lan(p.parse_uci("a1a8").unwrap()).to_string(), "Ra1xa8+");
}

#[test]
fn reads_lenient_san() {
    assert_eq!(parse(CASTLING, "O-O").unwrap(), "e1g1");
    assert_eq!(parse(CASTLING, "0-0").unwrap(), "e1g1");
    assert_eq!(parse(CASTLING, "O-O-O").unwrap(), "e1c1");
    assert_eq!(parse(CASTLING, "0-0-0+").unwrap(), "e1c1");
    assert_eq!(parse(EN_PASSANT, "exf6").unwrap(), "e5f6");
    assert_eq!(parse(EN_PASSANT, "exf6 e.p.").unwrap(), "e5f6");
    assert_eq!(parse(EN_PASSANT, "exf6e.p.").unwrap(), "e5f6");
    assert_eq!(parse(EN_PASSANT, "exf6ep").unwrap(), "e5f6");
    assert_eq!(parse(EN_PASSANT, "exf6 ep").unwrap(), "e5f6");
    for text in ["e8=Q", "e8Q", "e8(Q)", "e8(=Q)", "e8/Q", "e8=q", "e8=Q+", "e8Q#", "e8=Q!", "e7-e8=Q", "e7e8Q"] {
        assert_eq!(parse(PROMOTION, text).unwrap(), "e7e8q", "{text}");
    }
    assert_eq!(parse(PROMOTION, "e8=N").unwrap(), "e7e8n");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in
        ["Nf3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3!?", "Nf3?!", "Nf3!!", "Nf3??", "Nf3+", "Nf3++", "Nf3#", " Nf3 "]
    {
        assert_eq!(parse(start, text).unwrap(), "g1f3", "{text}");
    }
    assert_eq!(parse(start, "e2-e4").unwrap(), "e2e4");
    assert_eq!(parse(start, "e4").unwrap(), "e2e4");
    assert_eq!(parse(start, "Pe4").unwrap(), "e2e4");
    assert_eq!(parse(PAWN_OR_BISHOP, "bxc3").unwrap(), "b2c3");
    assert_eq!(parse(PAWN_OR_BISHOP, "Bxc3").unwrap(), "d2c3");
    assert_eq!(parse(PAWN_OR_BISHOP, "Bc3").unwrap(), "d2c3");
    // With no b-pawn, "bxc3" can only be the bishop written in lowercase.
    assert_eq!(parse("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1", "bxc3").unwrap(), "d2c3");
}

#[test]
fn san_errors_are_typed() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let syntax = parse(start, "Nz9").unwrap_err();
    assert!(matches!(syntax, SanError::Syntax(_)));
    assert_eq!(syntax.to_string(), "invalid SAN 'Nz9': bad target square");
    assert_eq!(parse(start, "").unwrap_err().to_string(), "invalid SAN '': empty");
    assert_eq!(parse(start, "e8=K").unwrap_err().to_string(), "invalid SAN 'e8=K': cannot promote to a king or a pawn");
    let illegal = parse(start, "Nf4").unwrap_err();
    assert!(matches!(
        illegal,
        SanError::Illegal { san: San::Normal { role: Role::Knight, to: Square::F4, .. }, reason: None }
    ));
    assert_eq!(illegal.to_string(), "illegal move Nf4 in this position");
    assert_eq!(
        parse(start, "O-O").unwrap_err().to_string(),
        "illegal move O-O in this position: castling is not allowed: the bishop on f1 is in the way"
    );
    // When the text points at one piece, the error says why that piece cannot move so.
    let pinned = "rnbqk1nr/pppp1ppp/8/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 3";
    let error = parse(pinned, "Nd5").unwrap_err();
    assert!(matches!(error, SanError::Illegal { reason: Some(chess_core::IllegalMoveReason::Pinned { .. }), .. }));
    assert_eq!(error.to_string(), "illegal move Nd5 in this position: the knight on c3 is pinned by the bishop on b4");
    // The only piece of its kind: even a move it can never make gets its reason.
    assert_eq!(
        parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Ke3").unwrap_err().to_string(),
        "illegal move Ke3 in this position: a king does not move from e1 to e3"
    );
    let ambiguous = parse("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2").unwrap_err();
    assert!(matches!(ambiguous, SanError::Ambiguous { count: 2, .. }));
    assert_eq!(ambiguous.to_string(), "ambiguous move Nd2: 2 legal moves match");
    // A promotion without its piece is its own error.
    assert!(matches!(parse(PROMOTION, "e8").unwrap_err(), SanError::MissingPromotion { .. }));
    for garbage in ["x", "Nx", "==", "e9", "Qh4e1e1", "(((", "e8(Q", "\u{1F600}", "O-O-O-O"] {
        assert!(matches!(parse(start, garbage), Err(SanError::Syntax(_))), "{garbage}");
    }
}

#[test]
fn uci_notation() {
    let p = pos(CASTLING);
    let castle = p.parse_uci("e1g1").unwrap();
    assert_eq!(castle, Move::castle(Square::E1, Square::H1));
    assert_eq!(p.uci(castle).to_string(), "e1g1");
    assert_eq!(p.parse_uci("e1h1").unwrap(), castle);
    let mut p960 = p;
    assert_eq!(p960.set_castling_mode(CastlingMode::Chess960), Ok(()));
    assert_eq!(p960.uci(castle).to_string(), "e1h1");
    assert_eq!(p960.parse_uci("e1g1").unwrap(), castle);
    assert_eq!(pos(PROMOTION).parse_uci("e7e8q").unwrap().promotion(), Some(Role::Queen));
    assert!(matches!(pos(PROMOTION).parse_uci("e7e8"), Err(UciError::Illegal { .. })));
    assert_eq!(
        p.parse_uci("e1e3").unwrap_err().to_string(),
        "illegal move e1e3 in this position: a king does not move from e1 to e3"
    );
    assert_eq!(
        p.parse_uci("e1").unwrap_err().to_string(),
        "UCI move must have 4 or 5 characters (like e2e4 or e7e8q), found 2"
    );
    assert_eq!(p.parse_uci("e1i1").unwrap_err().to_string(), "UCI move: characters 2-3 are not a square");
    assert_eq!(
        p.parse_uci("a7a8x").unwrap_err().to_string(),
        "UCI move: character 4 must be a promotion piece q, r, b or n"
    );
    // Promotions to a king or a pawn read (as python-chess reads them) and are illegal.
    for (text, role) in [("e7e8k", Role::King), ("e7e8p", Role::Pawn)] {
        let uci: chess_core::UciMove = text.parse().unwrap();
        assert_eq!(uci.to_string(), text);
        assert!(matches!(
            pos(PROMOTION).parse_uci(text),
            Err(UciError::Illegal { reason: IllegalMoveReason::InvalidPromotion { role: r }, .. }) if r == role
        ));
    }
    assert_eq!("0000".parse::<chess_core::UciMove>().unwrap().to_string(), "0000");
    assert!(matches!(p.parse_uci("0000"), Err(UciError::Illegal { .. })));
    // Crazyhouse's drops are read (the piece letter in either case) and written, never played.
    let drop = "n@f3".parse::<chess_core::UciMove>().unwrap();
    assert_eq!(drop, chess_core::UciMove::Put { role: Role::Knight, to: Square::F3 });
    assert_eq!(drop.to_string(), "N@f3");
    assert_eq!(
        p.parse_uci("P@e4").unwrap_err().to_string(),
        "illegal move P@e4 in this position: putting a pawn on e4 (a crazyhouse drop) is not a move in chess"
    );
    assert_eq!(
        p.parse_uci("X@e4").unwrap_err().to_string(),
        "UCI drop: character 0 must be a piece letter p, n, b, r, q or k"
    );
    assert_eq!(p.parse_uci("Q@g9").unwrap_err().to_string(), "UCI move: characters 2-3 are not a square");
    // In Chess960 a king next to its rook castles only by taking the rook.
    let p = Position::from_fen_with("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", CastlingMode::Chess960).unwrap();
    let castle = p.parse_uci("f1g1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(p.san(castle).to_string(), "O-O");
    assert_eq!(p.uci(castle).to_string(), "f1g1");
}

#[test]
fn polyglot_keys_match_the_published_values() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652a607ca3f242c1),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00fdd303c946bdd9),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3c8123ea7b067637),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let mut p = Position::new();
        for uci in moves {
            p.play(p.parse_uci(uci).unwrap()).unwrap();
        }
        assert_eq!(p.zobrist_key(), key, "{moves:?}");
        assert_eq!(p.compute_key(), key);
        assert_eq!(Position::from_fen(&p.fen().always_en_passant().to_string()).unwrap().zobrist_key(), key);
    }
}

#[test]
fn epd_operations() {
    let line = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
    let epd: Epd = line.parse().unwrap();
    assert_eq!(epd.operation("bm").unwrap(), ["Qg6"]);
    assert_eq!(epd.best_moves().unwrap().unwrap(), vec![epd.position.parse_san("Qg6").unwrap()]);
    assert_eq!(epd.to_string(), line);
    // "am" may come before "bm"; several best moves; comments with spaces and semicolons in quotes.
    let epd: Epd =
        r#"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - am Rd6; bm Rxb2 Kg6; c0 "a; comment";"#.parse().unwrap();
    assert_eq!(epd.operations[0].0, "am");
    assert_eq!(epd.best_moves().unwrap().unwrap().len(), 2);
    assert_eq!(epd.operation("c0").unwrap(), ["a; comment"]);
    assert_eq!(epd.to_string(), r#"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - am Rd6; bm Rxb2 Kg6; c0 "a; comment";"#);
    let perft = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528";
    let perft = Epd::parse(perft, CastlingMode::Chess960).unwrap();
    assert_eq!(perft.perft_counts(), vec![(1, 21), (2, 528)]);
    assert_eq!(perft.position.castling_mode(), CastlingMode::Chess960);
    // A string left open runs to the end of the line, as python-chess reads it.
    let open: Epd = r#"8/8/8/8/8/8/8/K6k w - - id "open"#.parse().unwrap();
    assert_eq!(open.operation("id").unwrap(), ["open"]);
    assert!("8/8/8/8/8/8/8/K6k w -".parse::<Epd>().is_err());
}

#[test]
fn game_end_queries() {
    let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mate.is_checkmate() && mate.is_check() && !mate.is_stalemate());
    assert_eq!(mate.checkers(), Square::H4.into());
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
    for (fen, dead) in [
        ("8/8/8/8/8/8/8/K6k w - - 0 1", true),
        ("8/8/8/8/8/8/8/KN5k w - - 0 1", true),
        ("8/8/8/8/8/8/8/KB5k w - - 0 1", true),
        ("8/8/8/8/8/8/1B6/KB5k w - - 0 1", false),
        ("8/8/8/8/8/8/b7/KB5k w - - 0 1", true),
        ("8/8/8/8/8/8/1b6/KB5k w - - 0 1", false),
        ("8/8/8/8/8/8/8/KNN4k w - - 0 1", false),
        ("8/8/8/8/8/8/P7/K6k w - - 0 1", false),
        ("8/8/8/8/8/8/8/KN4nk w - - 0 1", false),
    ] {
        assert_eq!(pos(fen).is_insufficient_material(), dead, "{fen}");
    }
    // A lone king cannot win on time; K+N can against a rook (the rook can block).
    let p = pos("8/8/8/8/8/8/8/KN4rk w - - 0 1");
    assert!(!p.has_insufficient_material(Color::Black) && !p.has_insufficient_material(Color::White));
    let p = pos("8/8/8/8/8/8/8/KN4qk w - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(p.attackers_to(Square::D5, Color::White), Square::E4.into());
    let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(pinned.pinned(), Square::E2.into());
    assert!(pinned.legal_moves_masked(Square::E2, chess_core::Bitboard::FULL).is_empty());
    assert_eq!(pinned.king_of(Color::Black), Square::E8);
}

#[test]
fn capture_moves_for_quiescence() {
    let p = pos("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let mut found: Vec<String> = p.capture_moves().iter().map(|m| p.uci(*m).to_string()).collect();
    found.sort();
    assert_eq!(found, ["b7b8b", "b7b8n", "b7b8q", "b7b8r", "e5d6"]);
}

#[test]
fn null_move_passes_the_turn() {
    let mut p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    assert_eq!(p.play_null(), Ok(()));
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.zobrist_key(), p.compute_key());
    let error = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").play_null().unwrap_err();
    assert_eq!(error.to_string(), "illegal move 0000: the move leaves your king in check from the queen on h4");
}

#[test]
fn checked_play_refuses_illegal_moves_and_keeps_the_position() {
    let mut p = Position::new();
    let before = p;
    let error = p.play(Move::new(Square::E2, Square::E5)).unwrap_err();
    assert_eq!(error.to_string(), "illegal move e2e5: a pawn does not move from e2 to e5");
    assert_eq!(p, before);
    // Castling given as the king's step or as king takes rook is the same legal move.
    let (mut step, mut takes) = (pos(CASTLING), pos(CASTLING));
    step.play(Move::new(Square::E1, Square::G1)).unwrap();
    takes.play(Move::new(Square::E1, Square::H1)).unwrap();
    assert_eq!(step, takes);
}

#[test]
fn repetition_key_ignores_an_en_passant_square_that_cannot_be_used() {
    // After ...d5 the e5 pawn stands ready to capture, but it is pinned by the queen on e8.
    let pinned = pos("4q2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let same_without_ep = pos("4q2k/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(pinned.zobrist_key(), same_without_ep.zobrist_key(), "Polyglot counts the pseudo-legal capture");
    assert_eq!(pinned.repetition_key(), same_without_ep.repetition_key());
    let free = pos("7k/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_ne!(free.repetition_key(), pos("7k/8/8/3pP3/8/8/8/4K3 w - - 0 2").repetition_key());
}

#[test]
fn clocks_at_their_limits_do_not_overflow() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295");
    p.play(p.parse_san("Kd7").unwrap()).unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (4294967295, 4294967295));
    assert_eq!(p.play_null(), Ok(()));
    assert_eq!(p.halfmove_clock(), 4294967295);
}

#[test]
fn lowercase_b_means_a_bishop_only_without_a_rank() {
    // "b8d7" names squares (UCI for Nb8-d7), never the bishop on c8; "bd7" may be the bishop.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 2");
    assert!(matches!(p.parse_san("b8d7"), Err(SanError::Illegal { .. })));
    assert_eq!(p.parse_uci("b8d7").unwrap().from(), Square::B8);
    assert_eq!(p.parse_san("bd7").unwrap().from(), Square::C8);
}
