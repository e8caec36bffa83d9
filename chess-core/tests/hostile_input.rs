//! Regressions found by the hostile-input audit of issue 13: each test is named after what it
//! found, and each failed before its fix.

use std::time::Duration;

use chess_core::perft::{self, DepthTooLarge, MAX_DEPTH};
use chess_core::pgn::{PgnError, PgnGame, PgnReader};
use chess_core::search::{GameClock, SearchLimits, Searcher};
use chess_core::{Color, Epd, EpdError, ErrorCode, Game, Move, Position, Rules, Validation};

/// `perft --fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1" 50000` aborted the process with a stack
/// overflow: perft recursed once per ply without a bound.
#[test]
fn perft_depth_50000_is_an_error_not_a_stack_overflow() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let too_deep = Err(DepthTooLarge { depth: 50_000 });
    assert_eq!(perft::perft(&pos, 50_000), too_deep);
    assert_eq!(perft::perft_full(&pos, 50_000), too_deep);
    assert_eq!(perft::divide(&pos, 50_000).map(|d| d.len()), too_deep.map(|_: u64| 0));
    assert_eq!(perft::perft(&pos, u32::MAX), Err(DepthTooLarge { depth: u32::MAX }));
    assert_eq!(DepthTooLarge { depth: 65 }.code(), ErrorCode::DepthTooLarge);
    assert_eq!(DepthTooLarge { depth: 65 }.to_string(), "perft depth 65 is past the limit of 64");
    // The limit itself is accepted: a mated side has no moves at any depth.
    let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    assert_eq!(perft::perft(&mated, MAX_DEPTH), Ok(0));
    assert_eq!(perft::perft_full(&mated, MAX_DEPTH), Ok(0));
    assert_eq!(perft::perft(&pos, 1), Ok(15));
    assert_eq!(perft::perft_full(&pos, 2), Ok(66));
}

/// A clock whose increment is `Duration::MAX` (or the whole time with one move to go)
/// panicked with "overflow when multiplying duration by scalar" in the time budget.
#[test]
fn search_clock_of_duration_max_saturates_instead_of_overflowing() {
    let clocks = [
        GameClock { white_time: Duration::from_secs(1), white_increment: Duration::MAX, ..GameClock::default() },
        GameClock { white_time: Duration::MAX, moves_to_go: Some(1), ..GameClock::default() },
        GameClock {
            white_time: Duration::MAX,
            black_time: Duration::MAX,
            white_increment: Duration::MAX,
            black_increment: Duration::MAX,
            moves_to_go: Some(0),
        },
    ];
    let pos = Position::new();
    let mut searcher = Searcher::with_hash_mb(1);
    for clock in clocks {
        let limits = SearchLimits { clock: Some(clock), ..SearchLimits::nodes(2_000) };
        let result = searcher.search(&pos, &[], &limits, &mut ());
        let best = result.best_move.expect("the start position has moves");
        assert!(pos.is_legal(best), "{clock:?}");
        assert!(result.nodes <= 2_100, "{clock:?}: {} nodes", result.nodes);
    }
}

/// A relaxed position with 271 legal moves listed only 256 (the list's old capacity), and
/// perft's buffer wrapped around and counted the wrong children.
#[test]
fn relaxed_position_with_271_moves_lists_every_move() {
    let fen = "QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1";
    let pos = Position::from_fen_with(fen, Validation::relaxed()).unwrap();
    assert_eq!(pos.count_legal_moves(), 271);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 271);
    assert!(moves.iter().all(|&m| pos.is_legal(m)));
    let mut unique = moves.to_vec();
    unique.sort_by_key(|m| m.to_u16());
    unique.dedup();
    assert_eq!(unique.len(), 271);
    // Perft over the full list, checked against a count by playing each listed move.
    let by_hand: u64 = moves
        .iter()
        .map(|&m| {
            let mut child = pos;
            child.play_unchecked(m);
            u64::from(child.count_legal_moves())
        })
        .sum();
    assert_eq!(perft::perft(&pos, 1), Ok(271));
    assert_eq!(perft::perft(&pos, 2), Ok(by_hand));
    assert_eq!(perft::perft_full(&pos, 2), Ok(by_hand));
    assert_eq!(perft::divide(&pos, 2).unwrap().iter().map(|(_, n)| n).sum::<u64>(), by_hand);
    // The search sees every root move: a node budget below the root count still answers.
    let result = Searcher::with_hash_mb(1).search(
        &pos,
        &[],
        &SearchLimits { depth: Some(1), ..SearchLimits::default() },
        &mut (),
    );
    assert!(pos.is_legal(result.best_move.unwrap()));
}

/// A thread's CPU-time clock: the time the thread has run, which (unlike the wall clock) stands
/// still while the thread waits for a processor that other programs have, so that timings
/// hold on a busy machine.
#[derive(Clone, Copy)]
struct CpuClock(libc::clockid_t);

impl CpuClock {
    /// The clock of the thread that calls this (any thread may read it).
    fn of_this_thread() -> CpuClock {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `pthread_self` is the live calling thread and `clock` a place to write to.
        let status = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) };
        assert_eq!(status, 0, "pthread_getcpuclockid");
        CpuClock(clock)
    }

    /// The CPU time the thread has used so far.
    fn now(self) -> Duration {
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `time` is a place to write to; an invalid clock is an error status.
        let status = unsafe { libc::clock_gettime(self.0, &mut time) };
        assert_eq!(status, 0, "clock_gettime");
        Duration::new(time.tv_sec as u64, time.tv_nsec as u32)
    }
}

/// Checks that the work of `run(size)` grows linearly: eight times the input takes about eight
/// times as long, and quadratic work (the bugs these tests guard against) sixty-four times.
/// Relative, with no time limit, in the thread's CPU time, which a busy machine does not
/// stretch (the wall time gave the longer run more preemption: 10.5 times as long for four
/// times the input on two loaded cores); the fastest of five runs of each size is compared,
/// the sizes taking turns. The bound leaves room for the larger run's memory outgrowing the
/// caches, which costs up to 2.2 times as much per item on its own.
fn assert_linear(what: &str, size: usize, mut run: impl FnMut(usize)) {
    let clock = CpuClock::of_this_thread();
    let mut time = |size: usize| {
        let started = clock.now();
        run(size);
        clock.now() - started
    };
    let (mut small, mut large) = (Duration::MAX, Duration::MAX);
    for _ in 0..5 {
        small = small.min(time(size));
        large = large.min(time(8 * size));
    }
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-6);
    assert!(ratio < 24.0, "{what}: eight times the input took {ratio:.1} times as long ({small:?}, then {large:?})");
}

/// The EPD writer dropped the clocks (`... w K - 80 12` came back `0 1`).
#[test]
fn epd_writer_keeps_the_clocks() {
    let line = "4k3/8/8/8/8/8/8/4K2R w K - 80 12 id \"clocks\";";
    let epd: Epd = line.parse().unwrap();
    assert_eq!(epd.position.halfmove_clock(), 80);
    assert_eq!(epd.position.fullmove_number(), 12);
    assert_eq!(epd.to_string(), line);
    let again: Epd = epd.to_string().parse().unwrap();
    assert_eq!(again, epd);
    // Default clocks are left out, as before.
    let plain: Epd = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 bm Rh8+;".parse().unwrap();
    assert_eq!(plain.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+;");
}

/// The EPD writer left out an en-passant square with no legal capture, so the record read
/// back as another position (`Position` keeps the square it was given). Found by the `epd`
/// fuzz target's smoke run.
#[test]
fn epd_writer_keeps_an_en_passant_square_without_a_capture() {
    let line = "3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - c6 bm Rxd1+;";
    let epd: Epd = line.parse().unwrap();
    assert_eq!(epd.position.to_fen(), "3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1");
    assert_eq!(epd.to_string(), line);
    assert_eq!(epd.to_string().parse::<Epd>().unwrap(), epd);
}

/// The EPD writer wrote `id a"` as `id "a""` (unreadable), split a quoted operand holding
/// `;`, and wrote a quoted opcode raw.
#[test]
fn epd_writer_escapes_quotes_and_keeps_semicolons_inside_operands() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K -";
    for operands in [vec!["a\""], vec!["x;y", "z"], vec!["back\\slash \"q\""], vec!["\""], vec!["\\"], vec![";"]] {
        for opcode in ["id", "c0", "xx"] {
            let epd = Epd {
                position: Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap(),
                operations: vec![(opcode.to_string(), operands.iter().map(|s| s.to_string()).collect())],
            };
            let text = epd.to_string();
            assert!(text.starts_with(fen), "{text}");
            assert_eq!(text.parse::<Epd>().as_ref(), Ok(&epd), "{text}");
        }
    }
    let written = Epd { position: Position::new(), operations: vec![("id".to_string(), vec!["a\"".to_string()])] };
    assert_eq!(written.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"a\\\"\";");
    // A quoted opcode cannot be written back as one word: refused.
    let quoted = format!("{fen} \"a b\" c;");
    assert_eq!(quoted.parse::<Epd>(), Err(EpdError::InvalidOpcode { at: fen.len() + 1 }));
}

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::from_text(text).collect()
}

/// A PGN comment with a no-break space or U+2028 changed on a round trip: the writer split
/// on Unicode whitespace, the lexer on ASCII.
#[test]
fn pgn_comment_with_unicode_spaces_survives_a_round_trip() {
    for comment in ["a\u{a0}b", "x\u{2028}y", "\u{3000}wide\u{3000}", "tab\tand  spaces", "a\u{a0}} b"] {
        let text = format!("1. e4 {{{comment}}} e5 *\n");
        let text = text.replace("{a\u{a0}} b}", "; a\u{a0}} b\n");
        let games = read_all(&text);
        let game = games[0].as_ref().unwrap();
        let read = game.moves[0].comment.clone().unwrap();
        let written = game.to_string();
        let again = read_all(&written);
        let again = again[0].as_ref().unwrap();
        assert_eq!(again.moves[0].comment.as_deref(), Some(read.as_str()), "{comment:?} written as {written:?}");
        assert_eq!(again.moves.len(), 2);
    }
}

/// 100,000 `[Variant "x"]` tags took 12.6 s to read (a scan of the tags per Variant tag).
#[test]
fn pgn_with_100_000_variant_tags_reads_in_linear_time() {
    let text = |tags: usize| "[Variant \"x\"]\n".repeat(tags) + "\n1. e4 *\n";
    assert_linear("Variant tags", 50_000, |tags| assert_eq!(read_all(&text(tags)).len(), 1));
    let games = read_all(&text(100_000));
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().map_err(|e| e.to_string()).expect("read");
    assert_eq!(game.tags.len(), 100_000);
    assert_eq!(game.tag("Variant"), Some("x"));
    assert_eq!(game.moves.len(), 1);
}

/// A million comments on one move, before the movetext, or as `;` lines each took about 50 s
/// to read: every further comment on a move (or on the game) copied the ones before it.
#[test]
fn pgn_with_a_million_comments_on_one_move_reads_in_linear_time() {
    type Text = fn(usize) -> String;
    // Each shape with its smaller size (eight times it: a million comments for the first three).
    let shapes: [(&str, Text, usize); 4] = [
        ("comments after a move", |n| format!("1. e4 {}*\n", "{c} ".repeat(n)), 125_000),
        ("comments before the movetext", |n| format!("{}1. e4 *\n", "{c} ".repeat(n)), 125_000),
        ("; comment lines", |n| format!("1. e4\n{}*\n", "; c\n".repeat(n)), 125_000),
        // The move's comments, with variations (whose moves have comments too) between them.
        ("comments between variations", |n| format!("1. e4 {}*\n", "{c} (1. d4 {x} {y}) ".repeat(n)), 25_000),
    ];
    for (what, text, size) in shapes {
        assert_linear(what, size, |n| {
            let games = read_all(&text(n));
            let game = games[0].as_ref().unwrap();
            let comment = game.comment.as_ref().or(game.moves[0].comment.as_ref());
            assert_eq!(comment.map(|c| c.as_str()), Some("c ".repeat(n).trim_end()), "{what}");
            let variations = game.moves[0].variations.len();
            assert!(variations == 0 || variations == n, "{what}: {variations} variations");
        });
    }
    // Empty comments are left out of the join, in a variation and around it alike.
    let games = read_all("{} 1. e4 {} {a} (1. d4 {x} {} {y}) {b} e5 {} *\n");
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.comment.as_deref(), Some(""));
    assert_eq!(game.moves[0].comment.as_deref(), Some("a b"));
    assert_eq!(game.moves[0].variations[0].moves[0].comment.as_deref(), Some("x y"));
    assert_eq!(game.moves[1].comment.as_deref(), Some(""));
}

/// Rules with every automatic draw and limit off, so a game can go on for ever.
fn endless_rules() -> Rules {
    Rules {
        fifty_move_plies: None,
        seventy_five_move_plies: None,
        no_progress_plies: None,
        no_progress_plies_kbn_v_k: None,
        repetitions_to_claim: None,
        repetitions_to_draw: None,
        perpetual_checks: None,
        check_limit: None,
        draw_offers_per_player: Some(u32::MAX),
        draw_offer_after_moves: 0,
        ..Rules::fide()
    }
}

/// Plays `plies` reversible moves (no capture, no pawn move) chosen by a fixed generator:
/// a long line with few repetitions.
fn long_reversible_game(plies: usize) -> Game {
    let start = Position::from_fen("r1b1kb1r/8/2n2n2/8/8/2N2N2/8/R1B1KB1R w - - 0 1").unwrap();
    let mut game = Game::from_position_with_rules(start, endless_rules());
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..plies {
        let pos = *game.position();
        let quiet: Vec<Move> =
            pos.legal_moves().into_iter().filter(|&m| !pos.is_capture(m) && !pos.gives_check(m)).collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = quiet[(state % quiet.len() as u64) as usize];
        game.push(m).unwrap();
    }
    game
}

/// `Game::push` on a long reversible line scanned back the whole line for repetitions at
/// every move (120,000 plies took 32 s); the repetitions are now looked up by key.
#[test]
fn game_push_on_a_long_reversible_line_is_linear() {
    assert_linear("reversible plies", 5_000, |plies| assert_eq!(long_reversible_game(plies).moves().len(), plies));
    let game = long_reversible_game(60_000);
    assert_eq!(game.moves().len(), 60_000);
    assert_eq!(game.position().halfmove_clock(), 60_000);
    assert_eq!(game.outcome(), None);
    // The counts agree with a count by brute force at the end of the line.
    let keys: Vec<u64> = game.positions().map(Position::repetition_key).collect();
    let last = *keys.last().unwrap();
    let brute = keys.iter().rev().step_by(2).filter(|&&k| k == last).count() as u32;
    assert_eq!(game.repetition_count(), brute);
    // Loading its save replays it in linear time as well.
    #[cfg(feature = "serde")]
    {
        let save = |plies: usize| serde_json::to_string(&long_reversible_game(plies)).unwrap();
        let saves = [save(10_000), save(80_000)];
        assert_linear("loading reversible plies", 10_000, |plies| {
            let loaded: Game = serde_json::from_str(&saves[usize::from(plies > 10_000)]).unwrap();
            assert_eq!(loaded.moves().len(), plies);
        });
        let loaded: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(loaded.position(), game.position());
        assert_eq!(loaded.repetition_count(), brute);
    }
}

/// Repetitions still count through undo and redo with the keyed lookup.
#[test]
fn game_repetitions_survive_undo_and_redo() {
    let mut game = Game::from_position_with_rules(Position::new(), endless_rules());
    for _ in 0..3 {
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            game.push_san(san).unwrap();
        }
    }
    assert_eq!(game.repetition_count(), 4);
    game.undo();
    assert_eq!(game.repetition_count(), 3);
    game.undo();
    game.undo();
    game.undo();
    assert_eq!(game.repetition_count(), 3);
    game.undo();
    assert_eq!(game.repetition_count(), 2);
    game.redo();
    game.redo();
    assert_eq!(game.repetition_count(), 3);
    for san in ["Nf6", "Ng1", "Ng8"] {
        game.push_san(san).unwrap();
    }
    assert_eq!(game.repetition_count(), 4);
    assert_eq!(game.moves().len(), 12);
}

/// 40,000 draw offers declined in a save took 2.8 s to load: each offer counted all events.
#[test]
fn game_with_40_000_draw_offers_loads_in_linear_time() {
    let offers = |count: usize| {
        let mut game = Game::from_position_with_rules(Position::new(), endless_rules());
        for _ in 0..count {
            game.offer_draw(Color::White).unwrap();
            game.decline_draw(Color::Black).unwrap();
        }
        game
    };
    assert_linear("offers and declines", 100_000, |count| assert_eq!(offers(count).events().len(), 2 * count));
    let mut game = offers(40_000);
    assert_eq!(game.draw_offers_by(Color::White), 40_000);
    assert_eq!(game.draw_offers_by(Color::Black), 0);
    #[cfg(feature = "serde")]
    {
        let saves = [25_000, 200_000].map(|count| serde_json::to_string(&offers(count)).unwrap());
        assert_linear("loading offers", 25_000, |count| {
            let loaded: Game = serde_json::from_str(&saves[usize::from(count > 25_000)]).unwrap();
            assert_eq!(loaded.draw_offers_by(Color::White), count as u32);
        });
    }
    // Undo takes back the events after the last move, and their count with them.
    game.push_san("e4").unwrap();
    game.offer_draw(Color::White).unwrap();
    assert_eq!(game.draw_offers_by(Color::White), 40_001);
    game.undo();
    assert_eq!(game.draw_offers_by(Color::White), 40_000);
}

/// Found by the `pgn` fuzz target: a repeated roster tag (a second `Date`) was dropped by the
/// writer, so the game read back lost a tag.
#[test]
fn pgn_repeated_roster_tag_survives_a_round_trip() {
    let text = "[Event \"a\"]\n[Date \"1972.01.07\"]\n[Date \"????.??.??\"]\n[Date \"x\"]\n\n1. e4 *\n";
    let games = read_all(text);
    let game = games[0].as_ref().unwrap();
    let written = game.to_string();
    let again = read_all(&written);
    let again = again[0].as_ref().unwrap();
    let dates: Vec<&str> = again.tags.iter().filter(|(n, _)| n == "Date").map(|(_, v)| v.as_str()).collect();
    assert_eq!(dates, ["1972.01.07", "????.??.??", "x"], "{written}");
    assert_eq!(again.tag("Date"), Some("1972.01.07"));
    assert_eq!(again.moves, game.moves);
}

/// The search honours its node limit on a position with very many legal moves (271), and
/// acts on a stop request promptly there.
#[test]
fn search_limits_hold_on_a_position_with_271_moves() {
    let pos =
        Position::from_fen_with("QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1", Validation::relaxed()).unwrap();
    let mut searcher = Searcher::with_hash_mb(1);
    for limit in [1, 100, 5_000] {
        let result = searcher.search(&pos, &[], &SearchLimits::nodes(limit), &mut ());
        assert!(pos.is_legal(result.best_move.unwrap()));
        assert!(result.nodes <= limit + 300, "limit {limit}: {} nodes", result.nodes);
    }
    // The searching thread's CPU time from the stop request to its answer: a busy machine
    // that keeps the thread waiting does not count.
    let stop = searcher.stop_handle();
    let search_clock = CpuClock::of_this_thread();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        stop.stop();
        search_clock.now()
    });
    let limits = SearchLimits { infinite: true, ..SearchLimits::default() };
    let result = searcher.search(&pos, &[], &limits, &mut ());
    let returned = search_clock.now();
    let stopped = stopper.join().unwrap();
    assert!(pos.is_legal(result.best_move.unwrap()));
    let latency = returned.saturating_sub(stopped);
    // A few milliseconds; generous.
    assert!(latency < Duration::from_millis(100), "stop acted on after {latency:?} of the search's CPU time");
}
