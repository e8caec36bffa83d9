//! Limits against abuse (issue 13): every reader given a 10 MB line of garbage, PGN with
//! 100,000 nested variations, a 10 MB comment, a million tags, a FEN with a huge clock number,
//! answers with an error or a bounded result, without overflowing the stack, and with memory
//! bounded by a small multiple of its input.
//!
//! A counting global allocator (this test binary's own) measures, for the thread that runs
//! each case, the peak of bytes held during the call above what was held before it, and the
//! number of allocations. Work is bounded through those counts and the sizes of what comes
//! back, never through the clock: each case is linear in its input and the whole file runs
//! in a few seconds in the `test-release` profile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use chess_core::pgn::{PgnReader, Variations};
use chess_core::{Epd, ErrorCode, Game, Position, Validation};

/// The system allocator, counting what each thread holds.
struct Counting;

thread_local! {
    /// Bytes allocated minus bytes freed by this thread (memory freed by another thread than
    /// the one that took it makes this drift, which these single-threaded cases never do).
    static HELD: Cell<isize> = const { Cell::new(0) };
    /// The most `HELD` has been since the last [`measure`] began.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Allocations (and reallocations) by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn record(delta: isize, allocations: usize) {
    // `try_with`: during thread teardown the slots may be gone; nothing to count then.
    let _ = HELD.try_with(|held| {
        let now = held.get() + delta;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + allocations));
    });
}

// SAFETY: every call is passed on to the system allocator unchanged; only counters change.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize, 1);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize, 1);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        record(-(layout.size() as isize), 0);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // The old and the new block may both be held for a moment: count the larger.
            record(new_size as isize, 1);
            record(-(layout.size() as isize), 0);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What a call cost: the peak of bytes held above what was held before it, and allocations.
#[derive(Debug, Clone, Copy)]
struct Usage {
    peak: usize,
    allocations: usize,
}

/// Runs `f` and measures it on this thread (what `f` returns is still held at the end, so
/// it is part of the peak).
fn measure<T>(f: impl FnOnce() -> T) -> (T, Usage) {
    let before = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let allocations = ALLOCATIONS.with(Cell::get);
    let value = f();
    let usage = Usage {
        peak: usize::try_from(PEAK.with(Cell::get) - before).unwrap_or(0),
        allocations: ALLOCATIONS.with(Cell::get) - allocations,
    };
    (value, usage)
}

const MB: usize = 1 << 20;

/// Asserts that `usage` stays within `factor` times the input plus 1 MB, and within
/// `allocations` allocations (the measure shows with `--nocapture`).
fn assert_bounded(what: &str, input: usize, usage: Usage, factor: usize, allocations: usize) {
    eprintln!(
        "{what}: input {input} B, peak {} B ({:.2}x), {} allocations",
        usage.peak,
        usage.peak as f64 / input as f64,
        usage.allocations
    );
    assert!(usage.peak <= factor * input + MB, "{what}: {usage:?} for {input} bytes of input");
    assert!(usage.allocations <= allocations, "{what}: {usage:?} for {input} bytes of input");
}

/// Ten million bytes of one line, no newline, made of what readers stop at: FEN, SAN, EPD
/// and PGN punctuation, digits, letters, quotes, brackets, spaces (a fixed pseudo-random
/// sequence).
fn garbage_line() -> String {
    const ALPHABET: &[u8] = b"rnbqkpRNBQKPx12345678/-=+#!?$%;\"\\{}()[]<>.e O0abcdefgh*\t";
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..10_000_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ALPHABET[(state % ALPHABET.len() as u64) as usize] as char
        })
        .collect()
}

/// A reader of one line: the code of its error, `None` when it accepts the line.
type Reader<'a> = Box<dyn Fn(&str) -> Option<ErrorCode> + 'a>;

#[test]
fn a_10_mb_line_of_garbage_is_refused_by_the_fen_san_uci_and_epd_readers_in_bounded_memory() {
    let garbage = garbage_line();
    let start = Position::new();
    let fen_with_garbage_clock = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {garbage}");
    let cases: [(&str, &str, Reader); 6] = [
        ("FEN", &garbage, Box::new(|text| Position::from_fen(text).err().map(|e| e.code()))),
        (
            "FEN relaxed",
            &garbage,
            Box::new(|text| Position::from_fen_with(text, Validation::relaxed()).err().map(|e| e.code())),
        ),
        (
            "FEN with a garbage clock",
            &fen_with_garbage_clock,
            Box::new(|text| Position::from_fen(text).err().map(|e| e.code())),
        ),
        ("SAN", &garbage, Box::new(|text| start.parse_san(text).err().map(|e| e.code()))),
        ("UCI", &garbage, Box::new(|text| start.parse_uci(text).err().map(|e| e.code()))),
        ("EPD", &garbage, Box::new(|text| Epd::parse(text, Validation::strict()).err().map(|e| e.code()))),
    ];
    for (what, text, read) in cases {
        let (error, usage) = measure(|| read(text));
        assert!(error.is_some(), "{what}: 10 MB of garbage accepted");
        // An error keeps at most a short excerpt of the text: no copy of the input.
        assert_bounded(what, text.len(), usage, 0, 100);
    }
    let mut game = Game::new();
    let (error, usage) = measure(|| game.push_san(&garbage).err().map(|e| e.code()));
    assert!(error.is_some());
    assert_bounded("Game::push_san", garbage.len(), usage, 0, 100);
    assert!(game.moves().is_empty());
}

#[test]
fn a_fen_with_a_huge_clock_number_is_refused_in_bounded_memory() {
    let huge = "9".repeat(10_000_000);
    for fen in [
        format!("4k3/8/8/8/8/8/8/4K3 w - - {huge} 1"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {huge}"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1{huge}"),
        format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {huge}"),
    ] {
        let (result, usage) = measure(|| Position::from_fen(&fen));
        assert_eq!(result.unwrap_err().code(), ErrorCode::InvalidFen);
        assert_bounded("a huge clock", fen.len(), usage, 0, 100);
    }
    // The largest clocks a FEN may hold read back exactly.
    let max = format!("4k3/8/8/8/8/8/8/4K3 w - - {} {}", u32::MAX, u32::MAX);
    match Position::from_fen(&max) {
        Ok(pos) => assert_eq!(pos.to_fen(), max),
        Err(error) => assert_eq!(error.code(), ErrorCode::InvalidFen),
    }
}

#[test]
fn a_10_mb_epd_operand_is_kept_in_bounded_memory() {
    let operand = "x".repeat(10_000_000);
    let line = format!("4k3/8/8/8/8/8/8/4K3 w - - id \"{operand}\"; c0 {operand};");
    let (epd, usage) = measure(|| Epd::parse(&line, Validation::strict()));
    let epd = epd.unwrap();
    assert_eq!(epd.operations.len(), 2);
    assert_eq!(epd.operations[0].1, std::slice::from_ref(&operand));
    // Measured: 2.1 times the input (each operand is kept, and grown by doubling).
    assert_bounded("EPD operands", line.len(), usage, 3, 100);
}

/// Reads every game of `text` with `variations`, keeping only what is asked for: the number
/// of games and errors, and the first result's error code.
fn read_pgn(text: &str, variations: Variations) -> (usize, usize, Option<ErrorCode>) {
    let (mut games, mut errors, mut first) = (0, 0, None);
    for result in PgnReader::from_text(text).variations(variations) {
        match result {
            Ok(_) => games += 1,
            Err(error) => {
                errors += 1;
                first.get_or_insert(error.code());
            }
        }
    }
    (games, errors, first)
}

#[test]
fn a_10_mb_line_of_garbage_is_read_as_pgn_in_bounded_memory() {
    let garbage = garbage_line();
    let text = format!("{garbage}\n\n[White \"after\"]\n\n1. d4 *\n");
    for variations in [Variations::Keep, Variations::Skip] {
        let ((games, errors, _), usage) = measure(|| read_pgn(&text, variations));
        // Each `*`, `1-0`, ... in the garbage ends a game; the game after it is read.
        assert!(games >= 1, "the game after the garbage is read");
        eprintln!("{variations:?}: {games} games, {errors} errors");
        // Measured: 4.5 times the input, 31 allocations (the line and a comment opened by a
        // `{` in the garbage, each grown by doubling).
        assert_bounded("PGN garbage", text.len(), usage, 5, 1_000);
    }
    let (headers, usage) = measure(|| PgnReader::from_text(&text).read_headers().map(|r| r.is_ok()));
    assert!(headers.is_some());
    assert_bounded("PGN garbage, headers", text.len(), usage, 5, 1_000);
}

#[test]
fn pgn_with_100_000_nested_variations_is_refused_or_skipped_without_deep_recursion() {
    let text = format!("1. e4 {} {} *\n", "( 1. d4 ".repeat(100_000), ")".repeat(100_000));
    // Kept, they are refused past the nesting limit (100), with a typed error.
    let ((games, errors, first), usage) = measure(|| read_pgn(&text, Variations::Keep));
    assert_eq!((games, errors, first), (0, 1, Some(ErrorCode::InvalidPgn)));
    assert_bounded("100,000 nested variations, kept", text.len(), usage, 2, 10_000);
    // Skipped, they only have to balance: the game is read.
    let ((games, errors, _), usage) = measure(|| read_pgn(&text, Variations::Skip));
    assert_eq!((games, errors), (1, 0));
    assert_bounded("100,000 nested variations, skipped", text.len(), usage, 2, 1_000);
    let (skipped, usage) = measure(|| PgnReader::from_text(&text).skip_game());
    assert_eq!(skipped.ok(), Some(true));
    assert_bounded("100,000 nested variations, skip_game", text.len(), usage, 2, 1_000);
    // Unbalanced: an error, not a hang or an overflow.
    let open = format!("1. e4 {} *\n", "( 1. d4 ".repeat(100_000));
    let ((games, errors, _), usage) = measure(|| read_pgn(&open, Variations::Skip));
    assert_eq!((games, errors), (0, 1));
    assert_bounded("100,000 unclosed variations, skipped", open.len(), usage, 2, 1_000);
}

#[test]
fn a_10_mb_pgn_comment_is_read_whole_in_bounded_memory() {
    for (what, body) in [
        ("words", "word ".repeat(2_000_000)),
        ("one word", "w".repeat(10_000_000)),
        ("lines", "word\n".repeat(2_000_000)),
    ] {
        let text = format!("1. e4 {{{body}}} e5 *\n");
        let (game, usage) = measure(|| PgnReader::from_text(&text).next().map(|r| r.map_err(|e| e.to_string())));
        let game = game.unwrap().unwrap();
        assert_eq!(game.moves.len(), 2);
        let comment = game.moves[0].comment.as_deref().unwrap();
        assert_eq!(comment.len(), body.trim_end().len(), "{what}");
        // Measured: 3.7 times the input (the line and the comment, each grown by doubling).
        assert_bounded(what, text.len(), usage, 5, 1_000);
    }
}

#[test]
fn a_pgn_game_with_a_million_tags_is_read_in_bounded_memory() {
    let mut text = String::new();
    for i in 0..1_000_000 {
        text.push_str(&format!("[T{i} \"{i}\"]\n"));
    }
    text.push_str("\n1. e4 e5 1-0\n");
    let (game, usage) = measure(|| PgnReader::from_text(&text).next().map(|r| r.map_err(|e| e.to_string())));
    let game = game.unwrap().unwrap();
    assert_eq!(game.tags.len(), 1_000_000);
    assert_eq!(game.tags[999_999], ("T999999".into(), "999999".into()));
    assert_eq!(game.moves.len(), 2);
    // Measured: 4.4 times the input, two allocations a tag: a tag is two strings and their
    // pair (48 bytes) in a vector grown by doubling, about 80 bytes for 19 bytes of text.
    assert_bounded("a million tags", text.len(), usage, 6, 2_100_000);
    let (headers, usage) = measure(|| PgnReader::from_text(&text).read_headers().map(|r| r.map(|h| h.tags.len()).ok()));
    assert_eq!(headers, Some(Some(1_000_000)));
    assert_bounded("a million tags, headers", text.len(), usage, 6, 2_100_000);
}
