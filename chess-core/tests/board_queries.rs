//! Queries a binding needs beyond legal moves: pins and attacks for either side, pseudo-legal
//! moves, unvalidated setups written as FEN, and the draw rules judged from a history kept
//! outside [`Game`]. Expected values were checked against python-chess 1.11.2.

use chess_core::{Bitboard, Color, Game, Move, Position, Rules, Setup, Square::*, Tally, Termination, Validation};

fn pos(fen: &str) -> Position {
    Position::from_fen_with(fen, Validation::strict()).unwrap()
}

fn squares(set: Bitboard) -> Vec<String> {
    set.into_iter().map(|square| square.to_string()).collect()
}

#[test]
fn pin_rays_for_either_side() {
    let pos = pos("4k3/8/8/1b6/8/3N4/8/5K2 w - - 0 1");
    let ray = pos.board().pin_ray(Color::White, D3).unwrap();
    assert_eq!(squares(ray), ["f1", "e2", "d3", "c4", "b5", "a6"]);
    // A piece of the side not to move, pinned by a rook along a file.
    let pos = self::pos("3rk3/8/8/8/8/8/3Q4/3K4 b - - 0 1");
    assert_eq!(
        squares(pos.board().pin_ray(Color::White, D2).unwrap()),
        ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"]
    );
    // Two pieces between king and slider: neither is pinned.
    let pos = self::pos("3rk3/8/8/8/3N4/8/3Q4/3K4 b - - 0 1");
    assert_eq!(pos.board().pin_ray(Color::White, D2), None);
    assert_eq!(pos.board().pin_ray(Color::White, D4), None);
    // The king itself and the slider are not on a pin line; a square alone between king and
    // slider is, whatever stands there (python-chess's pin_mask asks the same).
    assert_eq!(pos.board().pin_ray(Color::White, D1), None);
    assert_eq!(pos.board().pin_ray(Color::White, D8), None);
    let pos = self::pos("8/8/8/K1QP2k1/8/8/8/8 b - - 0 1");
    assert_eq!(
        squares(pos.board().pin_ray(Color::Black, D5).unwrap()),
        ["a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5"]
    );
    assert_eq!(pos.board().pin_ray(Color::Black, E5), None);
}

#[test]
fn attacks_from_a_square() {
    let pos = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let queen = ["e2", "f2", "g2", "c3", "d3", "e3", "g3", "h3", "e4", "f4", "g4", "f5", "h5", "f6"];
    assert_eq!(squares(pos.board().attacks_from(F3)), queen);
    assert_eq!(squares(pos.board().attacks_from(B4)), ["a3", "c3"]);
    assert_eq!(pos.board().attacks_from(C4), Bitboard::EMPTY);
}

#[test]
fn pseudo_legal_moves_include_moves_into_check() {
    // As python-chess: 16 pseudo-legal moves, 14 legal; a5b6 steps into the c7 pawn's attack and
    // b5b6 uncovers the rook on h5.
    let pos = pos("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    assert_eq!(pos.pseudo_legal_moves().len(), 16);
    let illegal: Vec<String> =
        pos.pseudo_legal_moves().iter().filter(|&&m| !pos.is_legal(m)).map(|&m| pos.uci(m).to_string()).collect();
    assert_eq!(illegal, ["a5b6", "b5b6"]);
    // En passant that uncovers an attack on the king is pseudo-legal only.
    let pos = self::pos("4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1");
    assert!(pos.is_pseudo_legal(Move::en_passant(D5, E6)));
    assert!(!pos.is_legal(Move::en_passant(D5, E6)));
    assert_eq!(pos.pseudo_legal_moves().len(), 9);
    // Castling is generated only when legal, as python-chess does.
    let pos = self::pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!pos.is_pseudo_legal(Move::castle(E1, H1)));
    assert!(pos.is_pseudo_legal(Move::castle(E1, A1)));
    assert!(!pos.is_pseudo_legal(Move::new(E2, E4)));
}

#[test]
fn setups_write_as_fen_whatever_they_hold() {
    let mut setup = Setup::empty();
    assert_eq!(setup.to_string(), "8/8/8/8/8/8/8/8 w - - 0 1");
    setup = Position::new().to_setup();
    setup.board.remove_piece_at(E1);
    setup.board.remove_piece_at(B1);
    assert_eq!(setup.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQ1BNR w AHkq - 0 1");
    // Chess960 rights: the inner rook is written by file.
    let setup = Setup::from_fen("1r2k1rr/8/8/8/8/8/8/RR2K2R w BHbg e3 5 7").unwrap();
    assert_eq!(setup.to_string(), "1r2k1rr/8/8/8/8/8/8/RR2K2R w KBgq e3 5 7");
}

#[test]
fn outcomes_judged_from_a_tally() {
    let fide = Rules::fide();
    let mate = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let outcome = fide.automatic_outcome(&mate, Tally::default()).unwrap();
    assert_eq!((outcome.termination, outcome.winner), (Termination::Checkmate, Some(Color::White)));
    let start = Position::new();
    let fivefold = Tally { repetitions: 5, ..Tally::default() };
    assert_eq!(fide.automatic_outcome(&start, fivefold).unwrap().termination, Termination::FivefoldRepetition);
    assert_eq!(fide.automatic_outcome(&start, Tally { repetitions: 4, ..Tally::default() }), None);
    let casual = Rules::casual();
    let threefold = Tally { repetitions: 3, ..Tally::default() };
    assert_eq!(casual.automatic_outcome(&start, threefold).unwrap().termination, Termination::ThreefoldRepetition);
    let checks = Tally { check_streak: 10, ..Tally::default() };
    assert_eq!(casual.automatic_outcome(&start, checks).unwrap().termination, Termination::PerpetualCheck);
    let received = Tally { checks_received: [0, 30], ..Tally::default() };
    assert_eq!(casual.automatic_outcome(&start, received).unwrap().termination, Termination::CheckLimit);
}

#[test]
fn draws_claimable_now_or_by_a_move() {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1: ...Ng8 would bring the start position a third time.
    let mut game = Game::new();
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        game.push_san(san).unwrap();
    }
    let keys: Vec<u64> = game.positions().map(Position::repetition_key).collect();
    let occurrences = |key: u64| keys.iter().filter(|&&k| k == key).count() as u32;
    let position = *game.position();
    assert_eq!(Rules::fide().claimable_draw(&position, occurrences), Some(Termination::ThreefoldRepetition));
    assert!(!game.can_claim_threefold_repetition(), "the game's own claim is for the position on the board");
    assert_eq!(Rules::casual().claimable_draw(&position, occurrences), None);
    // One ply earlier nothing can be claimed.
    let earlier = game.positions().nth(5).copied().unwrap();
    assert_eq!(Rules::fide().claimable_draw(&earlier, |key| occurrences(key).min(1)), None);
    // The fifty-move rule needs a move that does not zero the clock, and a move to follow it.
    let pawn_only = pos("7k/8/8/8/8/8/P7/7K w - - 99 90");
    assert_eq!(Rules::fide().claimable_draw(&pawn_only, |_| 1), Some(Termination::FiftyMoves));
    let zeroing_only = pos("k7/8/8/8/8/8/6PP/6rK w - - 99 90");
    assert_eq!(zeroing_only.legal_moves().len(), 1);
    assert_eq!(Rules::fide().claimable_draw(&zeroing_only, |_| 1), None);
    let hundred = pos("k7/8/8/8/8/8/6PP/6rK w - - 100 90");
    assert_eq!(Rules::fide().claimable_draw(&hundred, |_| 1), Some(Termination::FiftyMoves));
    let mated = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 120 90");
    assert_eq!(Rules::fide().claimable_draw(&mated, |_| 3), None);
}

#[test]
fn transforms_move_every_piece_and_the_castling_and_en_passant_squares() {
    use chess_core::{File, Rank, Square};

    let setup = Setup::from_fen("r3k2r/pp3ppp/8/2pPp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 9").unwrap();
    let at = |file: usize, rank: usize| Square::from_coords(File::ALL[file], Rank::ALL[rank]);
    type Symmetry = (fn(Bitboard) -> Bitboard, fn(usize, usize) -> (usize, usize));
    let symmetries: [Symmetry; 4] = [
        (Bitboard::flip_vertical, |f, r| (f, 7 - r)),
        (Bitboard::flip_horizontal, |f, r| (7 - f, r)),
        (Bitboard::flip_diagonal, |f, r| (r, f)),
        (Bitboard::flip_anti_diagonal, |f, r| (7 - r, 7 - f)),
    ];
    for (transform, square_map) in symmetries {
        let moved = setup.transform(transform);
        let map = |square: Square| {
            let (file, rank) = square_map(square.file().index(), square.rank().index());
            at(file, rank)
        };
        for square in Square::ALL {
            assert_eq!(moved.board.piece_at(map(square)), setup.board.piece_at(square));
        }
        assert_eq!(moved.castling_rights, setup.castling_rights.into_iter().map(map).collect());
        assert_eq!(moved.ep_square, setup.ep_square.map(map));
        assert_eq!((moved.turn, moved.halfmove_clock, moved.fullmove_number), (Color::White, 0, 9));
        assert_eq!(moved.transform(transform), setup, "each symmetry is its own inverse");
    }
    // As python-chess's Board.transform writes them.
    let board_fen = |f: fn(Bitboard) -> Bitboard| setup.transform(f).board.to_string();
    assert_eq!(board_fen(Bitboard::flip_diagonal), "RP4pr/1P4p1/1P4p1/K3p2k/4P3/1P2p3/1P4p1/RP4pr");
    assert_eq!(board_fen(Bitboard::flip_anti_diagonal), "rp4PR/1p4P1/3p2P1/3P4/k2p3K/1p4P1/1p4P1/rp4PR");
    // Shifts drop what leaves the board; the en-passant square moves with the pawns.
    let up = setup.transform(|set| set.shift(0, 1));
    assert_eq!(up.board.to_string(), "pp3ppp/8/2pPp3/8/8/PPP2PPP/R3K2R/8");
    assert_eq!((up.castling_rights, up.ep_square), (Bitboard::from(A2) | H2, Some(E7)));
    let left = setup.transform(|set| set.shift(-1, 0));
    assert_eq!(left.board.to_string(), "3k2r1/p3ppp1/8/1pPp4/8/8/PP2PPP1/3K2R1");
    assert_eq!(left.ep_square, Some(D6));
}

#[test]
fn a_transform_that_piles_pieces_up_keeps_the_first_kind_on_each_square() {
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let full = setup.transform(|_| Bitboard::FULL);
    assert_eq!(full.board.to_string(), "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP");
    assert_eq!((full.castling_rights, full.ep_square), (Bitboard::FULL, None));
    assert!(setup.transform(|_| Bitboard::EMPTY).board.occupied().is_empty());
}
