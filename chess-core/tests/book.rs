//! Polyglot books: python-chess's two sample books (`$PYTHON_CHESS_SRC/data/polyglot`, which
//! the test command downloads; the tests skip and say so without them), and damaged books
//! giving typed errors.
//!
//! The expected values were read with python-chess's `chess.polyglot`; the full comparison
//! with it, every position of the shared PGN games, is chess-py/tests/test_polyglot.py (it runs
//! this same reader through the Python binding).

use chess_core::book::{Book, BookError, BookMove, Entry};
use chess_core::{ErrorCode, Move, Position, Square};

/// Reads a book of python-chess's source distribution, or says why the test is skipped.
fn sample_book(name: &str) -> Option<Book<'static>> {
    let Ok(src) = std::env::var("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (scripts/test-all.sh downloads python-chess's sdist)");
        return None;
    };
    let path = std::path::Path::new(&src).join("data/polyglot").join(name);
    if !path.is_file() {
        eprintln!("skipped: {} is missing", path.display());
        return None;
    }
    Some(Book::open(&path).expect("python-chess's sample books are valid"))
}

fn uci(pos: &Position, found: &[BookMove]) -> Vec<(String, u16)> {
    found.iter().map(|f| (pos.uci(f.mv).to_string(), f.entry.weight)).collect()
}

#[test]
fn performance_bin_start_position_and_mainline() {
    let Some(book) = sample_book("performance.bin") else { return };
    assert_eq!(book.len(), 92_954);
    assert_eq!(
        book.get(0).map(|e| (e.key, e.raw_move, e.weight, e.learn)),
        Some((165_525_888_637_032, 3641, 5, 2_919_175_168))
    );
    assert_eq!(book.get(92_954), None);

    let mut pos = Position::new();
    let found: Vec<BookMove> = book.find_all(&pos, 1, &[]).collect();
    assert_eq!(uci(&pos, &found), [("e2e4".into(), 1), ("d2d4".into(), 1), ("c2c4".into(), 1)]);
    assert_eq!(found.iter().map(|f| f.entry.learn).collect::<Vec<_>>(), [486_544_384, 5120, 3_825_144_832]);
    assert_eq!(book.find(&pos, 2, &[]), None, "no entry of the start position weighs 2");
    let e4 = Move::new(Square::E2, Square::E4);
    assert_eq!(book.find(&pos, 1, &[e4]).map(|f| f.mv), Some(Move::new(Square::D2, Square::D4)));

    // Following the best move until the book ends: 29 plies.
    let mut plies = 0;
    while let Some(best) = book.find(&pos, 1, &[]) {
        pos.play(best.mv).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 29);
    assert_eq!(pos.to_fen(), "r2q1rk1/4bppp/p2p1n2/np5b/3BP1P1/5N1P/PPB2P2/RN1QR1K1 b - - 0 15");
}

#[test]
fn performance_bin_castling_is_king_takes_rook_and_a_rook_move_stays_one() {
    let Some(book) = sample_book("performance.bin") else { return };
    let pos: Position = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10".parse().unwrap();
    let found: Vec<BookMove> = book.find_all(&pos, 1, &[]).collect();
    assert_eq!(
        found.iter().map(|f| f.mv).collect::<Vec<_>>(),
        [Move::castle(Square::E1, Square::H1), Move::castle(Square::E1, Square::A1), Move::new(Square::H2, Square::H3),]
    );
    assert_eq!(found.iter().map(|f| f.entry.weight).collect::<Vec<_>>(), [159, 18, 16]);

    // e1a1 with a rook on e1 and the king on g1 is the rook's move.
    let pos: Position = "1r1qr1k1/1b2bp1n/p2p2pB/1pnPp2p/P1p1P3/R1P2NNP/1PBQ1PP1/4R1K1 w - - 0 1".parse().unwrap();
    let best = book.find(&pos, 1, &[]).unwrap();
    assert_eq!((best.mv, best.entry.weight), (Move::new(Square::E1, Square::A1), 21));
}

#[test]
fn lasker_trap_underpromotion_and_every_entry() {
    let Some(book) = sample_book("lasker-trap.bin") else { return };
    let pos: Position = "rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7".parse().unwrap();
    let best = book.find(&pos, 1, &[]).unwrap();
    assert_eq!(pos.san(best.mv).to_string(), "fxg1=N+");
    assert_eq!(best.entry, Entry { key: pos.zobrist_key(), raw_move: 0x1346, weight: 2, learn: 0 });

    let entries: Vec<(u16, u16)> = book.iter().map(|e| (e.raw_move, e.weight)).collect();
    assert_eq!(entries, [(0x6d4, 2), (0x1346, 2), (0xce3, 2), (0xd24, 2), (0x8db, 2), (0x50d, 2), (0xf59, 2)]);
    assert!(book.iter().zip(book.iter().skip(1)).all(|(a, b)| a.key <= b.key));
    assert_eq!(book.iter().next_back(), book.get(6));
    // The book holds Black's moves only: the start position is not in it.
    assert_eq!(book.find(&Position::new(), 0, &[]), None);
}

#[test]
fn every_entry_of_performance_bin_is_found_by_its_key() {
    let Some(book) = sample_book("performance.bin") else { return };
    for (index, entry) in book.iter().enumerate() {
        let found: Vec<Entry> = book.entries_for_key(entry.key).collect();
        assert!(found.contains(&entry), "entry {index}");
        assert!(found.iter().all(|e| e.key == entry.key));
    }
    assert_eq!(book.entries_for_key(0).count(), 0);
    assert_eq!(book.entries_for_key(u64::MAX).count(), 0);
}

#[test]
fn choices_follow_the_random_source() {
    let Some(book) = sample_book("performance.bin") else { return };
    let pos = Position::new();
    let (e4, d4, c4) =
        (Move::new(Square::E2, Square::E4), Move::new(Square::D2, Square::D4), Move::new(Square::C2, Square::C4));
    let first = &mut |_| 0;
    let last = &mut |bound: u64| bound - 1;
    assert_eq!(book.choice(&pos, 1, &[], first).map(|f| f.mv), Some(e4));
    assert_eq!(book.choice(&pos, 1, &[], last).map(|f| f.mv), Some(c4));
    assert_eq!(book.weighted_choice(&pos, &[], first).map(|f| f.mv), Some(e4));
    assert_eq!(book.weighted_choice(&pos, &[], last).map(|f| f.mv), Some(c4));
    assert_eq!(book.weighted_choice(&pos, &[e4], first).map(|f| f.mv), Some(d4));
    // An answer out of range is clamped, never a panic.
    assert_eq!(book.weighted_choice(&pos, &[], &mut |_| u64::MAX).map(|f| f.mv), Some(c4));

    // A seeded source: the same seed chooses the same moves; all three moves come up.
    let run = |seed: u64| {
        let mut state = seed;
        let mut random = |bound: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        (0..60).map(|_| book.weighted_choice(&pos, &[], &mut random).unwrap().mv).collect::<Vec<_>>()
    };
    assert_eq!(run(7), run(7));
    for m in [e4, d4, c4] {
        assert!(run(7).contains(&m));
    }
}

fn entry(key: u64, raw_move: u16, weight: u16) -> [u8; 16] {
    Entry { key, raw_move, weight, learn: 0 }.to_bytes()
}

#[test]
fn damaged_books_give_typed_errors() {
    let key = Position::new().zobrist_key();
    let good = [entry(1, 0x031c, 1), entry(key, 0x031c, 1), entry(key, 0x02db, 1)].concat();
    assert_eq!(Book::from_bytes(&good).map(|b| b.len()), Ok(3));
    for len in [1, 15, 17, 40, 47] {
        let error = Book::from_bytes(&good[..len]).unwrap_err();
        assert_eq!(error, BookError::Length { len });
        assert_eq!(error.code(), ErrorCode::InvalidBook);
        assert!(error.to_string().contains(&format!("{len} bytes")), "{error}");
    }
    let unsorted = [entry(key, 0x031c, 1), entry(1, 0x031c, 1), entry(key, 0x02db, 1)].concat();
    assert_eq!(Book::from_bytes(&unsorted), Err(BookError::Unsorted { index: 1 }));
    assert_eq!(Book::from_vec(unsorted).unwrap_err().code(), ErrorCode::InvalidBook);

    let missing = Book::open("/nonexistent/book.bin").unwrap_err();
    assert_eq!(missing, BookError::Io(std::io::ErrorKind::NotFound));
    assert_eq!(missing.code(), ErrorCode::Io);

    // An empty book is a book with no entries.
    let empty = Book::from_bytes(&[]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.find(&Position::new(), 0, &[]), None);
}

#[test]
fn entries_that_are_not_legal_are_skipped_and_explained() {
    let pos = Position::new();
    let key = pos.zobrist_key();
    // e2e5 (no such pawn move), e7e5 (not White's piece), a drop-like h8h8, a promotion code 7,
    // weight 0 (kept only with a minimum weight of 0), then e2e4.
    let bytes = [
        entry(key, 0x0324, 9),
        entry(key, 0x0d24, 9),
        entry(key, 0x0fff, 9),
        entry(key, 0x731c, 9),
        entry(key, 0x02db, 0),
        entry(key, 0x031c, 1),
    ]
    .concat();
    let book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.entries_for_key(key).count(), 6);
    let legal: Vec<Move> = book.find_all(&pos, 0, &[]).map(|f| f.mv).collect();
    assert_eq!(legal, [Move::new(Square::D2, Square::D4), Move::new(Square::E2, Square::E4)]);
    assert_eq!(book.find(&pos, 1, &[]).map(|f| f.mv), Some(Move::new(Square::E2, Square::E4)));
    let reasons: Vec<String> =
        book.entries_for_key(key).filter_map(|e| e.to_move(&pos).err()).map(|r| r.to_string()).collect();
    assert_eq!(reasons.len(), 4);
    // Weight 0 never counts in a weighted choice.
    assert_eq!(book.weighted_choice(&pos, &[], &mut |_| 0).map(|f| f.entry.weight), Some(1));
}

/// The book's encoding of a legal move (castling is the king taking its rook in both).
fn raw_move(mv: Move) -> u16 {
    let promotion = mv.promotion().map_or(0, |role| role as u16);
    mv.to() as u16 | (mv.from() as u16) << 6 | promotion << 12
}

/// A small book: for each line of SAN moves from the start, an entry of `weight` for each move.
fn book_of(lines: &[(&str, u16)]) -> Book<'static> {
    let mut entries = Vec::new();
    for (line, weight) in lines {
        let mut pos = Position::new();
        for san in line.split_whitespace() {
            let mv = pos.parse_san(san).unwrap();
            let entry = Entry { key: pos.zobrist_key(), raw_move: raw_move(mv), weight: *weight, learn: 0 };
            if !entries.contains(&entry) {
                entries.push(entry);
            }
            pos.play(mv).unwrap();
        }
    }
    entries.sort_by_key(|entry| entry.key);
    Book::from_vec(entries.iter().flat_map(Entry::to_bytes).collect()).unwrap()
}

mod computer_player {
    use std::sync::Arc;

    use chess_core::search::{HintReason, Level, Searcher};
    use chess_core::{Game, Lang};

    use super::*;

    fn searcher(level: Level, seed: u64) -> Searcher {
        let book =
            book_of(&[("e4 e5 Nf3", 10), ("e4 c5 Nf3", 10), ("d4 d5 c4", 10), ("d4 Nf6 c4", 10), ("c4 e5 Nc3", 5)]);
        let mut searcher = Searcher::with_hash_mb(1);
        searcher.set_level(level);
        searcher.set_seed(seed);
        searcher.set_book(Some(Arc::new(book)));
        searcher
    }

    /// The first `plies` moves of a game the searcher plays against itself, in SAN, and whether
    /// each came from the book.
    fn opening(searcher: &mut Searcher, plies: usize) -> Vec<(String, bool)> {
        let mut game = Game::new();
        (0..plies)
            .map(|_| {
                let result = searcher.play(&game);
                let mv = result.best_move.unwrap();
                let san = game.position().san(mv).to_string();
                game.push(mv).unwrap();
                (san, result.from_book)
            })
            .collect()
    }

    #[test]
    fn levels_play_book_moves_and_vary_the_opening() {
        for level in Level::ALL {
            let mut player = searcher(level, 1);
            let games: Vec<Vec<(String, bool)>> = (0..8).map(|_| opening(&mut player, 3)).collect();
            for game in &games {
                assert!(game.iter().all(|(_, book)| *book), "{level:?}: {game:?}");
            }
            let openings: std::collections::BTreeSet<_> = games.iter().collect();
            assert!(openings.len() >= 2, "{level:?} repeats one opening: {games:?}");
            // The same seed replays the same games.
            let mut again = searcher(level, 1);
            assert_eq!((0..8).map(|_| opening(&mut again, 3)).collect::<Vec<_>>(), games);
        }
    }

    #[test]
    fn the_beginner_varies_most() {
        // e4 weighs 100, h3 weighs 1.
        let rare = |level| {
            let mut searcher = Searcher::with_hash_mb(1);
            searcher.set_level(level);
            searcher.set_book(Some(Arc::new(book_of(&[("e4", 100), ("h3", 1)]))));
            let h3 = Move::new(Square::H2, Square::H3);
            (0..400).filter(|_| searcher.book_move(&Position::new()).unwrap().mv == h3).count()
        };
        let (beginner, normal, master) = (rare(Level::Beginner), rare(Level::Normal), rare(Level::Master));
        // Expected about 36 (1 in 11), 4 (1 in 101) and 0 (1 in 10,001) of 400.
        assert!(beginner > normal && normal >= master, "{beginner} {normal} {master}");
        assert!(beginner >= 15, "{beginner}");
    }

    #[test]
    fn hints_name_the_book_move_and_search_out_of_book() {
        let mut searcher = searcher(Level::Expert, 3);
        let hint = searcher.hint(&Game::new(), Level::Expert).unwrap();
        assert!(["e4", "d4", "c4"].contains(&hint.san.as_str()));
        assert_eq!(hint.reason, Some(HintReason::BookMove));
        assert!(hint.to_string().ends_with("; the book move"), "{hint}");
        assert!(hint.text(Lang::Zh).to_string().ends_with("；开局着法"), "{}", hint.text(Lang::Zh));

        // Out of the book: a search, with the usual reasons.
        let game =
            Game::from_position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4".parse().unwrap());
        let hint = searcher.hint(&game, Level::Normal).unwrap();
        assert_eq!(hint.san, "Nxh4");
        assert_ne!(hint.reason, Some(HintReason::BookMove));
        let played = searcher.play(&game);
        assert!(!played.from_book && played.nodes > 0);

        // Without the book, the start position is searched too.
        searcher.set_book(None);
        assert!(!searcher.play(&Game::new()).from_book);
    }
}
