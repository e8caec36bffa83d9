//! Every limit of a search holds from its first node: a node limit, a time limit, a stop from
//! another thread and a level's node cap, on positions made to blow a search up (mass
//! promotions, many queens, long capture chains). Stopped before it has searched a single root
//! move, a search still answers with a legal move.
//!
//! The time and stop checks run on a clock that counts its own readings (one millisecond a
//! reading), so that they count work rather than time and hold on a busy machine; one check on
//! the real clock allows seconds for a tenth of a second.

use std::cell::Cell;
use std::time::{Duration, Instant};

use chess_core::search::{Level, SearchLimits, SearchResult, Searcher, StopHandle};
use chess_core::{Game, Position, Role};

/// Seven pawns each about to promote: Expert took 15.6 M nodes (10 s) to finish depth 1.
const SEVEN_PAWNS: &str = "8/PPPPPPP1/8/2k5/8/2K5/ppppppp1/8 w - - 0 1";
/// Eight pawns each: the search ran for more than ten minutes.
const EIGHT_PAWNS: &str = "8/PPPPPPPP/8/2k5/8/2K5/pppppppp/8 w - - 0 1";

/// A small random number generator (xorshift), so that the family is the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Writes the FEN of `pieces` (a piece letter per square, a1 first) with White to move.
fn fen(pieces: &[Option<char>; 64]) -> String {
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for piece in &pieces[rank * 8..rank * 8 + 8] {
                match piece {
                    Some(letter) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*letter);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

/// Places the kings on free squares of ranks 3 to 6, then each group's pieces (a letter, how
/// many, where) on random free squares; `None` when that is not a legal position.
fn place(rng: &mut Rng, groups: &[(char, usize, &[usize])]) -> Option<Position> {
    let mut pieces = [None; 64];
    for king in ['K', 'k'] {
        pieces[16 + rng.below(32)].get_or_insert(king);
    }
    for &(letter, count, squares) in groups {
        for _ in 0..count {
            pieces[squares[rng.below(squares.len())]].get_or_insert(letter);
        }
    }
    fen(&pieces).parse().ok()
}

/// The two positions of the audit and a generated family of twelve: pawns of both sides on
/// their seventh rank, many queens, and rooks and queens stacked on the middle files (long
/// capture chains).
fn hostile_positions() -> Vec<Position> {
    let mut positions: Vec<Position> = [SEVEN_PAWNS, EIGHT_PAWNS].iter().map(|fen| fen.parse().unwrap()).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let seventh: Vec<usize> = (48..56).collect();
    let second: Vec<usize> = (8..16).collect();
    let everywhere: Vec<usize> = (0..64).collect();
    let middle_files: Vec<usize> = (0..64).filter(|square| (2..6).contains(&(square % 8))).collect();
    for kind in [0, 1, 2].repeat(4) {
        loop {
            let (few, more) = (4 + rng.below(3), 5 + rng.below(4));
            let groups: Vec<(char, usize, &[usize])> = match kind {
                0 => vec![('P', more, &seventh), ('p', more, &second)],
                1 => vec![('Q', more, &everywhere), ('q', more, &everywhere)],
                _ => ['R', 'r', 'Q', 'q'].map(|letter| (letter, few, middle_files.as_slice())).to_vec(),
            };
            if let Some(position) = place(&mut rng, &groups).filter(|position| position.has_legal_moves()) {
                positions.push(position);
                break;
            }
        }
    }
    positions
}

/// Checks that `result` plays a legal move of `position`.
fn assert_plays_a_legal_move(position: &Position, result: &SearchResult, what: &str) {
    let mv = result.best_move.unwrap_or_else(|| panic!("{what}: no move for {position}"));
    assert!(position.is_legal(mv), "{what}: {mv:?} is not legal in {position}");
}

fn searcher(level: Level) -> Searcher {
    let mut searcher = Searcher::with_hash_mb(1);
    searcher.set_level(level);
    searcher
}

#[test]
fn the_family_is_what_it_says() {
    let positions = hostile_positions();
    assert_eq!(positions.len(), 14);
    let count = |position: &Position, role: Role| position.board().by_role(role).len();
    assert!(positions[2..].iter().any(|position| count(position, Role::Pawn) >= 12));
    assert!(positions[2..].iter().any(|position| count(position, Role::Queen) >= 10));
    assert!(positions[2..].iter().any(|position| count(position, Role::Rook) >= 6));
}

#[test]
fn a_node_limit_holds_from_the_first_node() {
    for position in hostile_positions() {
        for level in Level::ALL {
            let result = searcher(level).search(&position, &[], &SearchLimits::nodes(2_000), &mut ());
            assert!(result.nodes <= 2_000, "{level:?} searched {} nodes of 2,000 in {position}", result.nodes);
            assert_plays_a_legal_move(&position, &result, "a node limit");
        }
    }
}

#[test]
fn a_search_stopped_before_depth_one_plays_the_move_that_looks_best() {
    // Expert needs about 100,000 nodes for depth 1 here: 500 stop it long before.
    let position: Position = EIGHT_PAWNS.parse().unwrap();
    let result = searcher(Level::Expert).search(&position, &[], &SearchLimits::nodes(500), &mut ());
    assert_eq!(result.depth, 0, "no depth was finished");
    let mv = result.best_move.unwrap();
    assert_eq!(mv.promotion(), Some(Role::Queen), "{}", position.san(mv));
    assert_eq!(result.pv, [mv]);
}

#[test]
fn each_level_keeps_to_its_node_cap() {
    for position in hostile_positions() {
        for level in [Level::Beginner, Level::Normal, Level::Expert] {
            let result = searcher(level).play(&Game::from_position(position));
            assert!(result.nodes <= Level::MAX_NODES, "{level:?} searched {} nodes in {position}", result.nodes);
            assert_plays_a_legal_move(&position, &result, "a level's move");
        }
    }
}

#[test]
fn the_capture_search_stays_shallow_on_mass_promotions() {
    // Unbounded, depth 1 reached ply 56 after 15.6 M nodes.
    for fen in [SEVEN_PAWNS, EIGHT_PAWNS] {
        let position: Position = fen.parse().unwrap();
        let result = searcher(Level::Expert).search(&position, &[], &SearchLimits::depth(1), &mut ());
        assert_eq!(result.depth, 1);
        assert!(result.seldepth <= 10, "seldepth {} in {fen}", result.seldepth);
        assert!(result.nodes <= 200_000, "{} nodes in {fen}", result.nodes);
    }
}

thread_local! {
    /// Readings of the counting clock on this thread.
    static READINGS: Cell<u64> = const { Cell::new(0) };
    /// A stop the counting clock sends at its fourth reading.
    static STOP_AT_FOURTH_READING: Cell<Option<StopHandle>> = const { Cell::new(None) };
}

/// A clock that advances one millisecond each time it is read.
fn counting_clock() -> Duration {
    let readings = READINGS.get() + 1;
    READINGS.set(readings);
    if readings == 4 {
        if let Some(stop) = STOP_AT_FOURTH_READING.take() {
            stop.stop();
        }
    }
    Duration::from_millis(readings)
}

/// A searcher at `level` timed by the counting clock, from its first reading.
fn counted(level: Level) -> Searcher {
    READINGS.set(0);
    let mut searcher = searcher(level);
    searcher.set_clock(counting_clock);
    searcher
}

/// The nodes a search may visit between two readings of the clock (it reads it every 1,024).
const NODES_PER_READING: u64 = 1_024;

#[test]
fn a_time_limit_holds_from_the_first_node() {
    for position in hostile_positions() {
        for level in [Level::Expert, Level::Master] {
            let mut searcher = counted(level);
            let result = searcher.search(&position, &[], &SearchLimits::move_time(Duration::from_millis(100)), &mut ());
            // 100 readings of 1 ms, and a few for the depths finished.
            assert!(
                result.nodes <= 120 * NODES_PER_READING,
                "{level:?} searched {} nodes in 100 readings in {position}",
                result.nodes
            );
            assert_plays_a_legal_move(&position, &result, "a time limit");
        }
    }
}

#[test]
fn a_stop_holds_from_the_first_node() {
    for position in hostile_positions() {
        let mut searcher = counted(Level::Master);
        STOP_AT_FOURTH_READING.set(Some(searcher.stop_handle()));
        let hour = SearchLimits::move_time(Duration::from_secs(3600));
        let result = searcher.search(&position, &[], &hour, &mut ());
        assert!(result.nodes <= 8 * NODES_PER_READING, "{} nodes after a stop in {position}", result.nodes);
        assert_plays_a_legal_move(&position, &result, "a stop");
    }
}

#[test]
fn a_search_without_limits_keeps_to_its_levels_own() {
    let game = Game::new();
    for (level, depth) in [(Level::Beginner, 2), (Level::Normal, 3), (Level::Expert, 4)] {
        let result = searcher(level).search_game(&game, &SearchLimits::default(), &mut ());
        assert_eq!(result.depth, depth, "{level:?}");
    }
    // Master's second: a thousand readings of the counting clock, not an endless search. The
    // root moves and the number of lines bound nothing and are kept.
    let e4 = game.position().parse_uci("e2e4").unwrap();
    let limits = SearchLimits { root_moves: vec![e4], multi_pv: 2, ..SearchLimits::default() };
    let result = counted(Level::Master).search_game(&game, &limits, &mut ());
    assert_eq!(result.best_move, Some(e4));
    assert!(READINGS.get() <= 1_100, "{} readings", READINGS.get());
    assert!(result.nodes <= 1_100 * NODES_PER_READING, "{} nodes", result.nodes);
}

#[test]
fn on_the_real_clock_a_tenth_of_a_second_takes_well_under_five() {
    for fen in [SEVEN_PAWNS, EIGHT_PAWNS] {
        let position: Position = fen.parse().unwrap();
        for level in [Level::Expert, Level::Master] {
            let started = Instant::now();
            let result =
                searcher(level).search(&position, &[], &SearchLimits::move_time(Duration::from_millis(100)), &mut ());
            assert!(started.elapsed() < Duration::from_secs(5), "{level:?} took {:?} in {fen}", started.elapsed());
            assert_plays_a_legal_move(&position, &result, "movetime 100");
        }
    }
}

#[test]
fn a_stop_from_another_thread_ends_an_endless_search_soon() {
    let position: Position = EIGHT_PAWNS.parse().unwrap();
    let mut searcher = searcher(Level::Master);
    let stop = searcher.stop_handle();
    let endless = SearchLimits { infinite: true, ..SearchLimits::default() };
    let (result, stopped) = std::thread::scope(|scope| {
        let search = scope.spawn(|| searcher.search(&position, &[], &endless, &mut ()));
        std::thread::sleep(Duration::from_millis(50));
        // A stop sent before the search began is forgotten: send it until the search ends.
        let stopped = Instant::now();
        while !search.is_finished() {
            stop.stop();
            std::thread::sleep(Duration::from_millis(5));
        }
        (search.join().unwrap(), stopped.elapsed())
    });
    assert!(stopped < Duration::from_secs(5), "the search ended {stopped:?} after the stop");
    assert_plays_a_legal_move(&position, &result, "an endless search stopped");
}

#[test]
fn a_stop_during_a_hint_skips_its_threat_search() {
    // The clock is read at the start and end of each search: a hint stopped during its move's
    // search reads it as often as that search alone, with no threat search after it.
    let game = Game::from_position(SEVEN_PAWNS.parse().unwrap());
    let mut searcher = counted(Level::Master);
    STOP_AT_FOURTH_READING.set(Some(searcher.stop_handle()));
    searcher.search_game(&game, &Level::Master.limits(), &mut ());
    let one_search = READINGS.get();
    let mut searcher = counted(Level::Master);
    STOP_AT_FOURTH_READING.set(Some(searcher.stop_handle()));
    let hint = searcher.hint(&game, Level::Master).unwrap();
    assert!(game.position().is_legal(hint.mv));
    assert_eq!(READINGS.get(), one_search);
}
