//! Every form of move description, in English and Chinese.

use chess_core::{CheckKind, Lang, Position};

/// Checks the English and Chinese descriptions of the SAN move `san` in `fen`.
fn says(fen: &str, san: &str, english: &str, chinese: &str) {
    let pos = Position::from_fen(fen).unwrap();
    let m = pos.parse_san(san).unwrap();
    assert_eq!(pos.describe(m).to_string(), english, "{san} in {fen}");
    assert_eq!(pos.describe(m).text(Lang::En).to_string(), english, "{san} in {fen}");
    assert_eq!(pos.describe(m).text(Lang::Zh).to_string(), chinese, "{san} in {fen}");
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const RUY: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";

#[test]
fn quiet_moves() {
    says(START, "Nf3", "White knight g1 to f3", "白方马从g1走到f3");
    says(START, "e4", "White pawn e2 to e4", "白方兵从e2走到e4");
    says(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "Nc6",
        "Black knight b8 to c6",
        "黑方马从b8走到c6",
    );
}

#[test]
fn captures() {
    says(RUY, "Bxc6", "White bishop b5 takes knight c6", "白方象从b5吃c6的马");
    says(
        "r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4",
        "dxc6",
        "Black pawn d7 takes bishop c6",
        "黑方兵从d7吃c6的象",
    );
}

#[test]
fn castling_both_sides() {
    says(RUY, "O-O", "White castles kingside", "白方短易位");
    says(
        "r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/R3KBNR b KQkq - 5 5",
        "O-O-O",
        "Black castles queenside",
        "黑方长易位",
    );
}

#[test]
fn en_passant() {
    says(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "exf6",
        "White pawn e5 takes pawn f6 en passant",
        "白方兵从e5吃过路兵到f6",
    );
}

#[test]
fn every_promotion() {
    let fen = "8/1P6/8/7k/8/8/8/4K3 w - - 0 1";
    says(fen, "b8=Q", "White pawn b7 to b8, promotes to a queen", "白方兵从b7走到b8，升变为后");
    says(fen, "b8=R", "White pawn b7 to b8, promotes to a rook", "白方兵从b7走到b8，升变为车");
    says(fen, "b8=B", "White pawn b7 to b8, promotes to a bishop", "白方兵从b7走到b8，升变为象");
    says(fen, "b8=N", "White pawn b7 to b8, promotes to a knight", "白方兵从b7走到b8，升变为马");
    says(
        "r7/1P6/8/7k/8/8/8/4K3 w - - 0 1",
        "bxa8=N",
        "White pawn b7 takes rook a8, promotes to a knight",
        "白方兵从b7吃a8的车，升变为马",
    );
    says(
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "b8=Q+",
        "White pawn b7 to b8, promotes to a queen, check",
        "白方兵从b7走到b8，升变为后，将军",
    );
}

const DOUBLE_MATE: &str = "3qkb2/3p1p2/8/8/4N3/8/8/K3R3 w - - 0 1";
const DISCOVERY: &str = "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1";

#[test]
fn checks() {
    says("8/8/8/4k3/8/8/8/4K1N1 w - - 0 1", "Nf3+", "White knight g1 to f3, check", "白方马从g1走到f3，将军");
    says(DISCOVERY, "Nc5+", "White knight e4 to c5, discovered check", "白方马从e4走到c5，闪将");
    says(DISCOVERY, "Nd6++", "White knight e4 to d6, double check", "白方马从e4走到d6，双将");
    says("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", "White castles queenside", "白方长易位");
    says("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O+", "White castles queenside, check", "白方长易位，将军");
}

#[test]
fn checkmates() {
    says(
        "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
        "Qh5#",
        "White queen d1 to h5, checkmate",
        "白方后从d1走到h5，将死",
    );
    says(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "Qh4#",
        "Black queen d8 to h4, checkmate",
        "黑方后从d8走到h4，将死",
    );
    // Checkmate outranks double check.
    says(DOUBLE_MATE, "Nd6#", "White knight e4 to d6, checkmate", "白方马从e4走到d6，将死");
}

#[test]
fn descriptions_carry_the_kind_of_check_and_switch_language() {
    let pos = Position::from_fen(DISCOVERY).unwrap();
    let m = pos.parse_san("Nd6").unwrap();
    let description = pos.describe(m);
    assert_eq!(description.check(), Some(CheckKind::Double));
    assert_eq!(description.text(Lang::Zh).to_string(), "白方马从e4走到d6，双将");
    assert_eq!(Lang::default(), Lang::En);
}
