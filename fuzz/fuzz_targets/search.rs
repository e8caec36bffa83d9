//! Tiny node limits on fuzzed legal positions at every level: a legal best move and a legal
//! principal variation, or no move exactly when there is none; never a panic.
#![no_main]

#[path = "common.rs"]
mod common;

use std::sync::Mutex;

use chess_core::search::{Level, SearchLimits, Searcher};
use libfuzzer_sys::fuzz_target;

static SEARCHER: Mutex<Option<Searcher>> = Mutex::new(None);

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = common::position_and_rest(data);
    let level = Level::ALL[usize::from(rest.first().copied().unwrap_or(0)) % Level::ALL.len()];
    let nodes = 1 + u64::from(rest.get(1).copied().unwrap_or(0)) * 4;
    let depth = rest.get(2).map(|&d| u32::from(d % 8));
    let mut guard = SEARCHER.lock().unwrap();
    let searcher = guard.get_or_insert_with(|| Searcher::with_hash_mb(1));
    searcher.set_level(level);
    let limits = SearchLimits { depth, ..SearchLimits::nodes(nodes) };
    let result = searcher.search(&pos, &[], &limits, &mut ());
    let has_moves = pos.count_legal_moves() > 0;
    match result.best_move {
        Some(m) => assert!(pos.is_legal(m), "{pos} best {m:?}"),
        None => assert!(!has_moves, "{pos}: no move at {level:?} with {nodes} nodes"),
    }
    let mut line = pos;
    for &m in &result.pv {
        assert!(line.is_legal(m), "{pos}: PV {:?} has illegal {m:?} in {line}", result.pv);
        line.play_unchecked(m);
    }
});
