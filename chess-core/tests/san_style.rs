//! SAN in book style and numbered move lists.

use chess_core::{Move, MoveListStyle, MoveText, Position, SanStyle};

/// Plays SAN moves from `start`, returning them.
fn line(start: &Position, sans: &[&str]) -> Vec<Move> {
    let mut pos = *start;
    sans.iter()
        .map(|san| {
            let m = pos.parse_san(san).unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

/// Writes the SAN move `san` of `fen` in `style`.
fn styled(fen: &str, san: &str, style: SanStyle) -> String {
    let pos = Position::from_fen(fen).unwrap();
    pos.san_styled(pos.parse_san(san).unwrap(), style).to_string()
}

const RUY_LOPEZ: [&str; 10] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"];

#[test]
fn standard_and_book_move_lists() {
    let start = Position::new();
    let moves = line(&start, &RUY_LOPEZ);
    let text = MoveText::new(&start, &moves).unwrap();
    assert_eq!(text.to_string(), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7");
    assert_eq!(
        text.with_style(MoveListStyle::BOOK).with_result("1/2-1/2").to_string(),
        "1. e4, e5; 2. Nf3, Nc6; 3. Bb5, a6; 4. Ba4, Nf6; 5. 0-0, Be7 1/2-1/2"
    );
    let odd = MoveText::new(&start, &moves[..9]).unwrap().with_style(MoveListStyle::BOOK);
    assert_eq!(odd.to_string(), "1. e4, e5; 2. Nf3, Nc6; 3. Bb5, a6; 4. Ba4, Nf6; 5. 0-0");
    let custom =
        MoveListStyle { within_move: " ", between_moves: " | ", before_result: " — ", ..MoveListStyle::STANDARD };
    assert_eq!(
        MoveText::new(&start, &moves[..4]).unwrap().with_style(custom).with_result("*").to_string(),
        "1. e4 e5 | 2. Nf3 Nc6 — *"
    );
    assert_eq!(MoveText::new(&start, &[]).unwrap().with_result("*").to_string(), "*");
    assert_eq!(MoveText::new(&start, &[]).unwrap().to_string(), "");
}

#[test]
fn lists_starting_with_black() {
    let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    let moves = line(&start, &["e5", "Nf3", "Nc6"]);
    let text = MoveText::new(&start, &moves).unwrap();
    assert_eq!(text.to_string(), "1... e5 2. Nf3 Nc6");
    assert_eq!(text.with_style(MoveListStyle::BOOK).with_result("0-1").to_string(), "1... e5; 2. Nf3, Nc6 0-1");
    let later = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    assert_eq!(MoveText::new(&later, &line(&later, &["Bb5", "a6"])).unwrap().to_string(), "3. Bb5 a6");
}

#[test]
fn illegal_moves_are_refused() {
    let start = Position::new();
    let e5 = Move::new(chess_core::Square::E2, chess_core::Square::E5);
    assert!(MoveText::new(&start, &[e5]).is_err());
}

#[test]
fn book_style_marks() {
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(styled(ep, "exf6", SanStyle::STANDARD), "exf6");
    assert_eq!(styled(ep, "exf6", SanStyle::BOOK), "exf6 e.p.");

    let promotion = "r6k/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(styled(promotion, "b8=Q", SanStyle::STANDARD), "b8=Q+");
    assert_eq!(styled(promotion, "b8=Q", SanStyle::BOOK), "b8(=Q)+");
    assert_eq!(styled(promotion, "b8=N", SanStyle::BOOK), "b8(=N)");
    assert_eq!(styled(promotion, "bxa8=Q+", SanStyle::BOOK), "bxa8(=Q)+");

    let double = "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1";
    assert_eq!(styled(double, "Nd6", SanStyle::STANDARD), "Nd6+");
    assert_eq!(styled(double, "Nd6", SanStyle::BOOK), "Nd6++");
    assert_eq!(styled(double, "Nc5", SanStyle::BOOK), "Nc5+", "a single discovered check keeps one +");
    assert_eq!(styled("3qkb2/3p1p2/8/8/4N3/8/8/K3R3 w - - 0 1", "Nd6", SanStyle::BOOK), "Nd6#");

    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(styled(castles, "O-O", SanStyle::BOOK), "0-0");
    assert_eq!(styled(castles, "O-O-O", SanStyle::BOOK), "0-0-0");
    assert_eq!(styled(castles, "O-O-O", SanStyle::STANDARD), "O-O-O");

    let only_zeros = SanStyle { zero_castling: true, ..SanStyle::default() };
    assert_eq!(styled(castles, "O-O", only_zeros), "0-0");
    assert_eq!(styled(promotion, "b8=N", only_zeros), "b8=N");
}

#[test]
fn standard_style_is_standard_san() {
    assert_eq!(SanStyle::default(), SanStyle::STANDARD);
    assert_eq!(MoveListStyle::default(), MoveListStyle::STANDARD);
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for m in pos.legal_moves() {
            assert_eq!(pos.san_styled(m, SanStyle::STANDARD).to_string(), pos.san(m).to_string());
        }
    }
}
