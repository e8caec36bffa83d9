//! `FreePosition`: moves on any setup with python-chess 1.11.2's rules. The expected values of
//! the examples are python-chess's own answers (its `legal_moves`, `san`, `push`, `fen`) on the
//! same boards; on legal positions `FreePosition` must agree with `Position` exactly.

use std::collections::BTreeSet;

use chess_core::perft::parse_suite;
use chess_core::{
    Bitboard, Board, CastlingMode, Color, FreePosition, Move, Piece, Position, Role, SanError, Setup, Square,
    Validation,
};
use proptest::prelude::*;

mod common;

fn free(fen: &str) -> FreePosition {
    FreePosition::new(Setup::from_fen(fen).unwrap(), CastlingMode::Standard)
}

fn sans(pos: &FreePosition) -> Vec<String> {
    pos.legal_moves().iter().map(|m| pos.san(*m).to_string()).collect()
}

fn ucis(moves: &[Move], pos: &FreePosition) -> Vec<String> {
    moves.iter().map(|m| pos.uci(*m).to_string()).collect()
}

#[test]
fn a_lone_king_moves_and_the_empty_side_passes() {
    let mut pos = free("8/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(Position::from_setup(*pos.setup(), CastlingMode::Standard).is_err());
    assert_eq!(sans(&pos), ["Kb2", "Ka2", "Kb1"]);
    pos.play_unchecked(pos.parse_san("Kb1").unwrap());
    let pass = pos.parse_san("--").unwrap();
    assert_eq!(pass, Move::NULL);
    assert_eq!(pos.san(pass).to_string(), "--");
    pos.play_unchecked(pass);
    assert_eq!(pos.setup().to_string(), "8/8/8/8/8/8/8/1K6 w - - 2 2");
    assert_eq!(sans(&pos), ["Kc2", "Kb2", "Ka2", "Kc1", "Ka1"]);
}

#[test]
fn without_kings_every_pseudo_legal_move_is_legal() {
    let pos = free("8/8/8/8/8/8/8/R6q w - - 0 1");
    assert_eq!(pos.legal_moves(), pos.pseudo_legal_moves());
    assert_eq!(pos.legal_moves().len(), 14);
    assert_eq!(pos.checkers(), Bitboard::EMPTY);
    assert!(!pos.is_into_check(Move::new(Square::A1, Square::H1)));
    let black = free("8/8/8/8/8/8/8/R6q b - - 0 1");
    assert_eq!(black.legal_moves().len(), 21);
    assert_eq!(black.san(Move::new(Square::H1, Square::A1)).to_string(), "Qxa1");
}

#[test]
fn with_two_kings_the_highest_is_guarded_and_the_other_moves_freely() {
    let pos = free("4k3/8/8/8/8/8/8/K6K w - - 0 1");
    assert_eq!(pos.king_of(Color::White), Some(Square::H1));
    assert_eq!(sans(&pos), ["Kh2", "Kg2", "Kg1", "Kb2", "Ka2", "Kb1"]);
    // The rook on b2 guards h2 and g2 from the h1 king; the a1 king may step next to it.
    let pos = free("4k3/8/8/8/8/8/1r6/K6K w - - 0 1");
    assert_eq!(sans(&pos), ["Kg1", "Kxb2", "Ka2", "Kb1"]);
    assert_eq!(pos.pseudo_legal_moves().len(), 6);
    assert!(pos.is_into_check(Move::new(Square::H1, Square::H2)));
    // Two kings reaching one square are told apart like other pieces.
    let pos = free("r4P2/3k4/8/8/8/2pK4/8/R1R1K2P w - - 5 2");
    assert_eq!(pos.san(Move::new(Square::D3, Square::E2)).to_string(), "Kde2");
    assert_eq!(pos.san(Move::new(Square::E1, Square::E2)).to_string(), "Kee2");
    assert_eq!(pos.parse_san("Kde2").unwrap(), Move::new(Square::D3, Square::E2));
    assert!(matches!(pos.parse_san("Ke2"), Err(SanError::Ambiguous { count: 2, .. })));
}

#[test]
fn pawns_on_their_first_rank_step_one_or_two_squares() {
    let pos = free("7k/8/8/8/8/8/8/P6K w - - 0 1");
    assert_eq!(sans(&pos), ["Kh2", "Kg2", "Kg1", "a2", "a3"]);
    let mut pos = free("p6k/8/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(sans(&pos), ["Kg8", "Kh7", "Kg7", "a7", "a6"]);
    // A step from the back rank leaves no en-passant square, as in python-chess.
    pos.play_unchecked(pos.parse_san("a6").unwrap());
    assert_eq!(pos.setup().ep_square, None);
    // A white pawn on the eighth rank has no move.
    assert!(free("P7/8/8/8/8/8/8/8 w - - 0 1").legal_moves().is_empty());
}

#[test]
fn the_side_not_to_move_in_check_loses_its_king() {
    let pos = free("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1");
    let legal = sans(&pos);
    assert_eq!(legal.len(), 27);
    assert_eq!(legal[..3], ["Qf8+", "Qxe8", "Qd8+"]);
    assert_eq!(legal[22..], ["Kf2+", "Ke2+", "Kd2+", "Kf1+", "Kd1+"]);
    let mut after = pos;
    after.play_unchecked(Move::new(Square::E7, Square::E8));
    assert_eq!(after.king_of(Color::Black), None);
    assert!(!after.is_check() && after.gives_check(Move::NULL) == after.is_check());
}

#[test]
fn three_checkers_leave_only_king_steps() {
    let pos = free("8/8/8/8/8/3n4/8/r3K2r w - - 0 1");
    assert_eq!(pos.checkers(), Square::A1 | Square::H1 | Square::D3);
    assert!(pos.is_check());
    assert_eq!(sans(&pos), ["Ke2", "Kd2"]);
    assert_eq!(ucis(&pos.pseudo_legal_moves(), &pos), ["e1f2", "e1e2", "e1d2", "e1f1", "e1d1"]);
}

#[test]
fn a_king_pushed_into_check_can_be_taken() {
    let mut pos = free("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    let into_check = Move::new(Square::E1, Square::E2);
    assert!(pos.is_pseudo_legal(into_check) && !pos.is_legal(into_check) && pos.is_into_check(into_check));
    pos.play_unchecked(into_check);
    assert_eq!(pos.setup().to_string(), "4k3/8/8/8/8/8/3rK3/8 b - - 1 1");
    let legal = sans(&pos);
    assert_eq!(legal.len(), 16);
    assert!(legal.contains(&"Rxe2".to_string()) && legal.contains(&"Kf8+".to_string()));
    assert!(pos.is_capture(Move::new(Square::D2, Square::E2)));
}

#[test]
fn castling_without_an_opponent_and_its_bookkeeping() {
    let pos = free("8/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(pos.castling_rights(), Square::A1 | Square::H1);
    let legal = sans(&pos);
    assert_eq!(legal.len(), 26);
    assert_eq!(legal[24..], ["O-O", "O-O-O"]);
    let castle = pos.move_from_squares(Square::E1, Square::G1, None);
    assert_eq!(castle, Move::castle(Square::E1, Square::H1));
    assert!(pos.is_castling(castle) && pos.is_legal(castle));
    assert_eq!(pos.uci(castle).to_string(), "e1g1");
    let mut after = pos;
    after.play_unchecked(castle);
    assert_eq!(after.setup().to_string(), "8/8/8/8/8/8/8/R4RK1 b - - 1 1");
    assert!(after.legal_moves().is_empty());
    // Rights python-chess does not count are dropped by the first move played.
    let mut rights = free("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    assert_eq!(rights.castling_rights(), Bitboard::from(Square::H1));
    rights.play_null();
    assert_eq!(rights.setup().castling_rights, Bitboard::from(Square::H1));
}

#[test]
fn castling_rights_are_cleaned_only_before_the_first_move() {
    // Black's a8 right counts while a black king stands on e8. White's king takes it: the right
    // stays (python-chess drops a side's rights when its king is taken only by a piece other
    // than a king), and python-chess, which no longer cleans rights once a move is played, lets
    // the c8 king castle with it.
    let mut setup = Setup::from_fen("r1k1k3/4K3/8/8/8/8/8/8 w - - 0 1").unwrap();
    setup.castling_rights = Bitboard::from(Square::A8);
    let mut pos = FreePosition::new(setup, CastlingMode::Standard);
    assert_eq!(pos.castling_rights(), Bitboard::from(Square::A8));
    pos.play_unchecked(pos.parse_san("Kxe8").unwrap());
    assert_eq!(pos.castling_rights(), Bitboard::from(Square::A8));
    let legal = sans(&pos);
    assert_eq!(legal.len(), 12);
    assert_eq!(legal.last().unwrap(), "O-O-O+");
    // A new board from the same setup cleans the rights again (python-chess's copy without its stack).
    let fresh = FreePosition::new(*pos.setup(), CastlingMode::Standard);
    assert_eq!(fresh.castling_rights(), Bitboard::EMPTY);
    assert_eq!(fresh.legal_moves().len(), 11);
}

#[test]
fn en_passant_is_refused_when_it_uncovers_the_rank() {
    let pos = free("8/8/8/KPp4r/8/8/8/8 w - c6 0 1");
    let ep = Move::en_passant(Square::B5, Square::C6);
    assert_eq!(sans(&pos), ["Kb6", "Ka6", "Ka4", "b6"]);
    assert!(pos.is_pseudo_legal(ep) && !pos.is_legal(ep));
    assert!(pos.is_en_passant(ep) && pos.is_capture(ep));
    assert_eq!(pos.move_from_squares(Square::B5, Square::C6, None), ep);
    let mut after = pos;
    after.play_unchecked(ep);
    assert_eq!(after.setup().to_string(), "8/8/2P5/K6r/8/8/8/8 b - - 0 1");
}

/// Every legal position of the perft suites and of random games from them.
fn suite_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for (file, mode) in [
        ("standard.perft", CastlingMode::Standard),
        ("tricky.perft", CastlingMode::Standard),
        ("chess960.perft", CastlingMode::Chess960),
    ] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for case in parse_suite(&text).unwrap() {
            let validation = Validation::relaxed().castling(mode);
            let Ok(pos) = Position::from_fen_with(&case.fen, validation) else {
                continue;
            };
            positions.push(pos);
        }
    }
    positions
}

/// Checks that python-chess's order, which `pos` generates in, is the order
/// `sort_like_python_chess` gives (one definition of the order for both types).
fn assert_sorts_back(pos: &FreePosition) {
    for (legal, moves) in [(true, pos.legal_moves()), (false, pos.pseudo_legal_moves())] {
        let mut reversed = moves.clone();
        reversed.reverse();
        pos.sort_like_python_chess(&mut reversed, legal);
        assert_eq!(reversed, moves, "{}", pos.setup());
    }
}

#[test]
fn the_generated_order_is_the_sorted_order_on_any_board() {
    for fen in [
        "8/8/8/8/8/8/8/K7 w - - 0 1",
        "8/8/8/8/8/3n4/8/r3K2r w - - 0 1",
        "k7/8/8/3q4/8/8/1K6/K7 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
        "8/8/8/pP6/8/8/8/8 w - a6 0 1",
        "Q3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert_sorts_back(&free(fen));
    }
}

/// Checks that `FreePosition` gives `pos`'s moves, checks, SAN and children.
fn assert_agrees(pos: &Position) {
    let free = FreePosition::from(*pos);
    let set = |moves: &[Move]| moves.iter().copied().collect::<BTreeSet<_>>();
    let legal = pos.legal_moves();
    assert_eq!(set(&free.legal_moves()), set(&legal), "{pos}");
    assert_eq!(free.legal_moves().len(), legal.len(), "{pos}");
    assert_eq!(set(&free.pseudo_legal_moves()), set(&pos.pseudo_legal_moves()), "{pos}");
    assert_eq!(free.checkers(), pos.checkers(), "{pos}");
    assert_eq!(free.castling_rights(), pos.castling_rights(), "{pos}");
    assert_eq!(free.repetition_key(), pos.repetition_key(), "{pos}");
    assert_eq!(free.legal_ep_square(), pos.legal_ep_square(), "{pos}");
    assert_sorts_back(&free);
    for m in free.pseudo_legal_moves() {
        assert_eq!(free.is_legal(m), pos.is_legal(m), "{pos} {m:?}");
        assert!(free.is_pseudo_legal(m));
        assert_eq!(free.is_capture(m), pos.is_capture(m), "{pos} {m:?}");
        assert_eq!(free.move_from_squares(m.from(), m.to(), m.promotion()), m, "{pos} {m:?}");
        let mut child = free;
        child.play_unchecked(m);
        let mut expected = *pos;
        expected.play_unchecked(m);
        assert_eq!(child.setup(), &expected.to_setup(), "{pos} {m:?}");
        if pos.is_legal(m) {
            assert_eq!(free.san(m), pos.san(m), "{pos} {m:?}");
            assert_eq!(free.uci(m), pos.uci(m), "{pos} {m:?}");
            assert_eq!(free.gives_check(m), pos.gives_check(m), "{pos} {m:?}");
            assert_eq!(free.lan(m), pos.lan(m), "{pos} {m:?}");
            assert_eq!(free.is_irreversible(m), pos.is_irreversible(m), "{pos} {m:?}");
            assert_eq!(free.parse_san(&pos.san(m).to_string()), Ok(m), "{pos} {m:?}");
        }
    }
}

#[test]
fn agrees_with_position_on_the_perft_suites_and_their_children() {
    let positions = suite_positions();
    assert!(positions.len() > 1000, "{}", positions.len());
    for pos in positions {
        assert_agrees(&pos);
        for m in pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(m);
            assert_agrees(&child);
        }
    }
}

/// Counts the leaves `depth` plies below `pos`, generating with `FreePosition`.
fn free_perft(pos: &FreePosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(*m);
            free_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_match_on_kiwipete() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(free_perft(&free(kiwipete), 3), 97_862);
    let ep_pins = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(free_perft(&free(ep_pins), 4), 43_238);
}

/// Plays `plies` moves chosen by `seed` from a suite position with `Position`, checking each.
fn random_game_agrees(root: usize, seed: u64, plies: usize, positions: &[Position]) {
    for pos in common::random_line(positions[root % positions.len()], seed, plies) {
        assert_agrees(&pos);
    }
}

/// The piece for a number below 12 (colour, then role), none for the rest.
fn piece_of(cell: usize) -> Option<Piece> {
    (cell < 12).then(|| Piece::new(Color::ALL[cell / 6], Role::ALL[cell % 6]))
}

/// Any setup: pieces anywhere (empty squares more likely as `emptiness` grows), any side to
/// move, castling rights and en-passant square, and either castling mode.
fn any_setup() -> impl Strategy<Value = FreePosition> {
    (
        prop::collection::vec(0usize..16, 64),
        0usize..48,
        any::<bool>(),
        any::<u64>(),
        prop::option::of(0usize..64),
        any::<bool>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(|(cells, emptiness, white, rights, ep, chess960, halfmove_clock, fullmove_number)| {
            let mut board = Board::empty();
            for (square, cell) in Square::ALL.into_iter().zip(cells) {
                let cell = if cell < 12 && cell * 4 < emptiness { 12 } else { cell };
                if let Some(piece) = piece_of(cell) {
                    board.set_piece_at(square, piece);
                }
            }
            let setup = Setup {
                board,
                turn: if white { Color::White } else { Color::Black },
                castling_rights: Bitboard(rights),
                ep_square: ep.and_then(Square::from_index),
                halfmove_clock,
                fullmove_number,
            };
            FreePosition::new(setup, CastlingMode::from_chess960(chess960))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn agrees_with_position_in_random_games(root in 0usize..2000, seed in any::<u64>(), plies in 0usize..60) {
        thread_local!(static POSITIONS: Vec<Position> = suite_positions());
        POSITIONS.with(|positions| random_game_agrees(root, seed, plies, positions));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Nothing panics on any setup; legal moves are pseudo-legal, found one by one, played,
    /// written and read back.
    #[test]
    fn any_setup_plays_without_panicking(pos in any_setup()) {
        let pseudo = pos.pseudo_legal_moves();
        let legal = pos.legal_moves();
        prop_assert!(legal.iter().all(|m| pseudo.contains(m)));
        let _ = (pos.checkers(), pos.castling_rights(), pos.is_checkmate(), pos.to_position());
        for m in &pseudo {
            prop_assert!(pos.is_pseudo_legal(*m));
            prop_assert_eq!(pos.is_legal(*m), legal.contains(m));
            prop_assert_eq!(pos.is_into_check(*m), pos.king_of(pos.setup().turn).is_some() && !legal.contains(m));
            let _ = (pos.is_capture(*m), pos.is_en_passant(*m), pos.is_castling(*m), pos.gives_check(*m));
            let mut child = pos;
            child.play_unchecked(*m);
            let _ = child.legal_moves();
        }
        for m in &legal {
            let san = pos.san(*m).to_string();
            prop_assert_eq!(pos.parse_san(&san), Ok(*m), "{} in {}", san, pos.setup());
        }
        // Any squares at all, as a binding may pass them.
        for (i, from) in Square::ALL.into_iter().enumerate().step_by(7) {
            let to = Square::ALL[(i * 13 + 5) % 64];
            let m = pos.move_from_squares(from, to, if i % 3 == 0 { Some(Role::Queen) } else { None });
            let mut child = pos;
            child.play_unchecked(m);
            let _ = (pos.san(m), pos.is_legal(m));
        }
        let mut passed = pos;
        passed.play_null();
        prop_assert_eq!(passed.setup().turn, !pos.setup().turn);
    }
}
