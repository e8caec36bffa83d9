//! Property tests on positions reached by random play from several roots
//! (standard, Kiwipete, Chess960, en-passant and promotion positions).

use chess_core::{Bitboard, CastlingMode, Color, Move, Position, Role, Square, Validation, attacks};
use proptest::prelude::*;

mod common;

const ROOTS: [(&str, CastlingMode); 7] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CastlingMode::Standard),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CastlingMode::Chess960),
    ("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", CastlingMode::Chess960),
    ("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1", CastlingMode::Chess960),
];

/// Plays `plies` pseudo-random legal moves chosen by `seed`; returns every position on the way.
fn random_game(root: usize, seed: u64, plies: usize) -> Vec<Position> {
    let (fen, mode) = ROOTS[root];
    common::random_line(Position::from_fen_with(fen, mode).unwrap(), seed, plies)
}

/// A slow, independent generator of every pseudo-legal move but castling.
fn reference_pseudo_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let mut pseudo = Vec::new();
    for from in ours {
        let role = board.role_at(from).unwrap();
        if role == Role::Pawn {
            let dir: i32 = if us == Color::White { 8 } else { -8 };
            let one = Square::from_index((from as i32 + dir) as usize).unwrap();
            let mut targets = Vec::new();
            if !occupied.contains(one) {
                targets.push(one);
                let start = if us == Color::White { chess_core::Rank::Second } else { chess_core::Rank::Seventh };
                let two = Square::from_index((from as i32 + 2 * dir) as usize);
                if from.rank() == start && !occupied.contains(two.unwrap()) {
                    targets.push(two.unwrap());
                }
            }
            targets.extend(attacks::pawn(us, from) & theirs);
            for to in targets {
                if matches!(to.rank(), chess_core::Rank::First | chess_core::Rank::Eighth) {
                    pseudo.extend(Role::PROMOTIONS.map(|r| Move::promote(from, to, r).unwrap()));
                } else {
                    pseudo.push(Move::new(from, to));
                }
            }
            if let Some(ep) = pos.ep_square() {
                if attacks::pawn(us, from).contains(ep) {
                    pseudo.push(Move::en_passant(from, ep));
                }
            }
        } else {
            for to in attacks::attacks(us, role, from, occupied) - ours {
                pseudo.push(Move::new(from, to));
            }
        }
    }
    pseudo
}

/// A slow, independent generator: every pseudo-legal move, kept if the mover's king is safe
/// after it, and castling checked square by square.
fn reference_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let mut legal: Vec<Move> = reference_pseudo_moves(pos)
        .into_iter()
        .filter(|m| {
            let mut child = *pos;
            child.play_unchecked(*m);
            child.attackers_to(child.king_of(us), !us).is_empty()
        })
        .collect();
    // Castling, checked square by square.
    let king = pos.king_of(us);
    for side in chess_core::CastlingSide::ALL {
        let Some(rook) = pos.castling_rook(us, side) else { continue };
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let span = |a: Square, b: Square| -> Bitboard {
            let (lo, hi) = (a.min(b) as usize, a.max(b) as usize);
            (lo..=hi).map(|i| Square::from_index(i).unwrap()).collect()
        };
        let must_be_empty = (span(king, king_to) | span(rook, rook_to)).without(king).without(rook);
        if must_be_empty.intersects(occupied) || pos.is_check() {
            continue;
        }
        if span(king, king_to).into_iter().any(|sq| pos.attackers_to(sq, !us).any()) {
            continue;
        }
        let m = Move::castle(king, rook);
        let mut child = *pos;
        child.play_unchecked(m);
        if child.attackers_to(child.king_of(us), !us).is_empty() {
            legal.push(m);
        }
    }
    legal.sort();
    legal
}

fn game_strategy() -> impl Strategy<Value = Vec<Position>> {
    (0..ROOTS.len(), any::<u64>(), 0usize..120).prop_map(|(root, seed, plies)| random_game(root, seed, plies))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fen_round_trip(line in game_strategy()) {
        for pos in line {
            let always = pos.fen().always_en_passant().to_string();
            let reread = Position::from_fen_with(&always, pos.castling_mode()).unwrap();
            prop_assert_eq!(reread, pos, "{}", always);
            let fen = pos.to_fen();
            prop_assert_eq!(Position::from_fen_with(&fen, pos.castling_mode()).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn zobrist_key_is_incremental(line in game_strategy()) {
        for pos in line {
            prop_assert_eq!(pos.zobrist_key(), pos.compute_key(), "{}", pos);
        }
    }

    #[test]
    fn legal_moves_equal_the_reference(line in game_strategy()) {
        for pos in line {
            let mut moves: Vec<Move> = pos.legal_moves().to_vec();
            moves.sort();
            prop_assert_eq!(&moves, &reference_moves(&pos), "{}", pos);
            prop_assert_eq!(pos.count_legal_moves() as usize, moves.len());
            prop_assert_eq!(pos.has_legal_moves(), !moves.is_empty());
        }
    }

    #[test]
    fn pseudo_legal_moves_equal_the_reference(line in game_strategy()) {
        for pos in line {
            let mut moves: Vec<Move> = pos.pseudo_legal_moves().to_vec();
            moves.sort();
            let mut expected = reference_pseudo_moves(&pos);
            expected.extend(pos.legal_moves().iter().filter(|m| m.is_castle()));
            expected.sort();
            prop_assert_eq!(&moves, &expected, "{}", pos);
            let legal = pos.legal_moves();
            prop_assert!(legal.iter().all(|&m| pos.is_pseudo_legal(m)));
            // Where legality is decided (pins, checks, the king's squares), is_legal agrees with the list.
            for m in moves {
                prop_assert_eq!(pos.is_legal(m), legal.contains(&m), "{:?} in {}", m, pos);
            }
        }
    }

    #[test]
    fn san_lan_and_uci_round_trip(line in game_strategy()) {
        for pos in line {
            for m in pos.legal_moves() {
                let san = pos.san(m).to_string();
                prop_assert_eq!(pos.parse_san(&san), Ok(m), "{} in {}", san, pos);
                let lan = pos.lan(m).to_string();
                prop_assert_eq!(pos.parse_san(&lan), Ok(m), "{} in {}", lan, pos);
                let uci = pos.uci(m).to_string();
                prop_assert_eq!(pos.parse_uci(&uci), Ok(m), "{} in {}", uci, pos);
            }
        }
    }

    #[test]
    fn king_san_finds_the_kings_legal_move_or_none(line in game_strategy()) {
        // King moves are resolved from the king's attack set; the legal move list decides.
        for pos in line {
            let legal = pos.legal_moves();
            for to in Square::ALL {
                let expected = legal.iter().find(|m| m.from() == pos.king_of(pos.turn()) && m.to() == to && !m.is_castle());
                let san = format!("K{to}");
                prop_assert_eq!(pos.parse_san(&san).ok(), expected.copied(), "{} in {}", san, pos);
            }
        }
    }

    #[test]
    fn is_legal_agrees_with_the_list(line in game_strategy(), from in 0usize..64, to in 0usize..64, kind in 0usize..7) {
        for pos in line {
            let moves = pos.legal_moves();
            let (from, to) = (Square::ALL[from], Square::ALL[to]);
            let m = match kind {
                0 => Move::new(from, to),
                1 => Move::en_passant(from, to),
                2 => Move::castle(from, to),
                k => Move::promote(from, to, Role::PROMOTIONS[k - 3]).unwrap(),
            };
            prop_assert_eq!(pos.is_legal(m), moves.contains(&m), "{:?} in {}", m, pos);
            prop_assert_eq!(pos.is_pseudo_legal(m), pos.pseudo_legal_moves().contains(&m), "{:?} in {}", m, pos);
            for m in &moves {
                prop_assert!(pos.is_legal(*m));
            }
        }
    }

    #[test]
    fn checked_play_matches_unchecked_play(line in game_strategy()) {
        for pos in line {
            for m in pos.legal_moves() {
                let (mut checked, mut unchecked) = (pos, pos);
                checked.play(m).unwrap();
                unchecked.play_unchecked(m);
                prop_assert_eq!(checked, unchecked);
            }
        }
    }
}

#[test]
fn every_from_to_pair_agrees_in_tricky_positions() {
    for (fen, mode) in ROOTS {
        let pos = Position::from_fen_with(fen, mode).unwrap();
        let (moves, pseudo) = (pos.legal_moves(), pos.pseudo_legal_moves());
        for from in Square::ALL {
            for to in Square::ALL {
                let promotions = Role::PROMOTIONS.map(|role| Move::promote(from, to, role).unwrap());
                for m in [Move::new(from, to), Move::castle(from, to), Move::en_passant(from, to)]
                    .into_iter()
                    .chain(promotions)
                {
                    assert_eq!(pos.is_legal(m), moves.contains(&m), "{m:?} in {fen}");
                    assert_eq!(pos.is_pseudo_legal(m), pseudo.contains(&m), "{m:?} in {fen}");
                }
            }
        }
    }
}

/// Text that looks a little like chess notation, to reach deep into the parsers.
fn chessy_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("/".to_string()),
            Just(" ".to_string()),
            Just("8".to_string()),
            Just("-".to_string()),
            Just(";".to_string()),
            Just("\"".to_string()),
            "[pnbrqkPNBRQKwWxX0-9a-hO=+#!?()e.]{1,3}",
            any::<char>().prop_map(|c| c.to_string()),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(text in chessy_text(), bytes in prop::collection::vec(any::<u8>(), 0..12)) {
        let pos = Position::new();
        let kiwipete = Position::from_fen(ROOTS[1].0).unwrap();
        let _ = Position::from_fen(&text);
        let _ = Position::from_fen_with(&text, Validation::relaxed().castling(CastlingMode::Chess960));
        let _ = chess_core::Setup::from_fen(&text);
        let _ = text.parse::<chess_core::Epd>();
        for p in [pos, kiwipete] {
            let _ = p.parse_san(&text);
            let _ = p.parse_uci(&text);
        }
        let _ = chess_core::SanPlus::from_ascii(&bytes);
        let _ = chess_core::UciMove::from_ascii(&bytes);
        let _ = text.parse::<Square>();
    }

    #[test]
    fn valid_fens_with_garbage_fields_never_panic(root in 0..ROOTS.len(), field in 0usize..6, junk in chessy_text()) {
        let mut fields: Vec<String> = ROOTS[root].0.split(' ').map(str::to_string).collect();
        fields[field] = junk;
        let fen = fields.join(" ");
        let _ = Position::from_fen_with(&fen, ROOTS[root].1);
        let _ = Position::from_fen_with(&fen, Validation::relaxed().castling(ROOTS[root].1));
    }
}

/// The legal move an interface means by `from`, `to` and `promotion`: the move with those
/// squares, or castling given as the king's two-square step.
fn meant_move(moves: &[Move], from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    moves.iter().copied().find(|m| {
        m.from() == from
            && m.promotion() == promotion
            && (m.to() == to || (m.is_castle() && m.destination() == to && from.distance(to) == 2))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn resolve_move_is_ok_exactly_for_legal_moves(line in game_strategy()) {
        for pos in line {
            let moves = pos.legal_moves();
            let pawns = pos.board().by_piece(chess_core::Piece::new(pos.turn(), Role::Pawn));
            for from in Square::ALL {
                let promotions: &[Option<Role>] = if pawns.contains(from) {
                    &[None, Some(Role::Queen), Some(Role::Knight), Some(Role::King), Some(Role::Pawn)]
                } else {
                    &[None, Some(Role::Rook)]
                };
                for to in Square::ALL {
                    for &promotion in promotions {
                        let answer = pos.resolve_move(from, to, promotion);
                        prop_assert_eq!(answer.ok(), meant_move(&moves, from, to, promotion),
                            "{}{} {:?} in {}: {:?}", from, to, promotion, pos, answer);
                    }
                }
            }
        }
    }

    /// The generator decides and the reasons only name why: a move the pieces make (a
    /// pseudo-legal one) is refused for the king's sake, any other for a reason of its own.
    #[test]
    fn the_reason_is_the_kings_safety_exactly_for_pseudo_legal_moves(line in game_strategy()) {
        use chess_core::IllegalMoveKind::{KingIntoCheck, LeavesKingInCheck, Pinned};
        for pos in line {
            let pseudo = pos.pseudo_legal_moves();
            let last_rank = Bitboard::from_rank(chess_core::Rank::Eighth.relative_to(pos.turn()));
            for from in pos.board().by_color(pos.turn()) {
                let pawn = pos.board().by_role(Role::Pawn).contains(from);
                for to in Square::ALL {
                    let promotion = (pawn && last_rank.contains(to)).then_some(Role::Queen);
                    let Err(reason) = pos.resolve_move(from, to, promotion) else { continue };
                    if reason.kind().name().starts_with("castling") {
                        continue;
                    }
                    let makes = pseudo.iter().any(|m| (m.from(), m.to(), m.promotion()) == (from, to, promotion) && !m.is_castle());
                    let for_the_king = matches!(reason.kind(), KingIntoCheck | LeavesKingInCheck | Pinned);
                    prop_assert_eq!(for_the_king, makes, "{}{}: {:?} in {}", from, to, reason, pos);
                }
            }
        }
    }

    /// The pin line of any square, for either side, is the one python-chess's `pin_mask`
    /// finds: walking from the king, the square alone before an enemy slider of that line.
    #[test]
    fn pin_rays_equal_a_walk_from_the_king(line in game_strategy()) {
        for pos in line {
            let board = pos.board();
            for color in Color::ALL {
                for square in Square::ALL {
                    prop_assert_eq!(board.pin_ray(color, square), walked_pin_ray(&pos, color, square), "{} {:?} {}", pos, color, square);
                }
            }
        }
    }

    #[test]
    fn standard_style_matches_san_and_describing_agrees_on_checks(line in game_strategy()) {
        for pos in line {
            for m in pos.legal_moves() {
                let san = pos.san(m);
                prop_assert_eq!(pos.san_styled(m, chess_core::SanStyle::STANDARD).to_string(), san.to_string());
                let english = pos.describe(m).to_string();
                prop_assert_eq!(english.ends_with("checkmate"), san.suffix == Some(chess_core::Suffix::Checkmate));
                prop_assert_eq!(english.contains(", "), san.suffix.is_some() || m.is_promotion(), "{}", english);
            }
        }
    }
}

/// A slow pin finder: walks each direction from `color`'s king; the square is pinned when it
/// is the only square counted as occupied before an enemy slider moving that way.
fn walked_pin_ray(pos: &Position, color: Color, square: Square) -> Option<Bitboard> {
    let board = pos.board();
    let king = board.king_of(color)?;
    let at = |file: i32, rank: i32| {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| Square::from_index((rank * 8 + file) as usize).unwrap())
    };
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let slider = if df == 0 || dr == 0 { Role::Rook } else { Role::Bishop };
        let (mut file, mut rank) = (king.file() as i32, king.rank() as i32);
        let mut passed_square = false;
        while let Some(next) = at(file + df, rank + dr) {
            (file, rank) = (file + df, rank + dr);
            if next == square {
                passed_square = true;
                continue;
            }
            let Some(piece) = board.piece_at(next) else { continue };
            let pins = piece.color != color && (piece.role == slider || piece.role == Role::Queen);
            if passed_square && pins {
                // The whole line through the king, both ways.
                let mut ray = Bitboard::from(king);
                for sign in [1, -1] {
                    let (mut f, mut r) = (king.file() as i32, king.rank() as i32);
                    while let Some(s) = at(f + sign * df, r + sign * dr) {
                        ray = ray.with(s);
                        (f, r) = (f + sign * df, r + sign * dr);
                    }
                }
                return Some(ray);
            }
            break;
        }
    }
    None
}

/// Plays `line` from `pos`; returns the end position, or `None` if a move is illegal.
fn play_line(mut pos: Position, line: &[Move]) -> Option<Position> {
    for &m in line {
        pos.play(m).ok()?;
    }
    Some(pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Every level returns a legal move with a legal line, and a mate score's line ends in mate.
    #[test]
    fn search_plays_legal_moves_and_its_mates_are_real(line in game_strategy()) {
        use chess_core::search::{Level, Score, SearchLimits, Searcher};
        let pos = *line.last().unwrap();
        let mut searcher = Searcher::with_hash_mb(1);
        for level in Level::ALL {
            searcher.set_level(level);
            let limits = if level == Level::Master { SearchLimits::depth(5) } else { level.limits() };
            let result = searcher.search(&pos, &[], &limits, &mut ());
            let Some(best) = result.best_move else {
                prop_assert!(!pos.has_legal_moves());
                continue;
            };
            prop_assert!(pos.is_legal(best), "{} {:?}", pos.to_fen(), best);
            prop_assert_eq!(result.pv.first(), Some(&best));
            let end = play_line(pos, &result.pv);
            prop_assert!(end.is_some(), "illegal line {:?} from {}", result.pv, pos.to_fen());
            if let Score::Mate(moves) = result.score {
                if moves > 0 && result.pv.len() == 2 * moves as usize - 1 {
                    prop_assert!(end.unwrap().is_checkmate(), "{:?} from {}", result.pv, pos.to_fen());
                }
            }
        }
    }
}
