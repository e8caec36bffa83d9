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
