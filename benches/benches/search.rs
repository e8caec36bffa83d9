//! The search: time per move of each fixed-depth level on tactical positions, and the nodes
//! per second of the Master search. No peer has a search, so there is nothing to compare with;
//! the numbers go to BENCHMARKS.md.
//!
//! Run with `cargo bench -p chess-benches --bench search`.

use std::hint::black_box;
use std::time::Duration;

use chess_core::Position;
use chess_core::search::{Level, SearchLimits, Searcher};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

/// Ten Win at Chess positions (WAC.001-010, as in Arasan's wacnew.epd), quiet and tactical.
const WAC: [&str; 10] = [
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
    "7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1",
    "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1",
    "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1",
    "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1",
    "2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1",
];

fn positions() -> Vec<Position> {
    WAC.iter().map(|fen| fen.parse().unwrap()).collect()
}

/// Searches every position with a fresh (small, so quickly cleared) table; returns the nodes.
fn solve_all(searcher: &mut Searcher, positions: &[Position], limits: &SearchLimits) -> u64 {
    positions
        .iter()
        .map(|pos| {
            searcher.new_game();
            searcher.search(pos, &[], limits, &mut ()).nodes
        })
        .sum()
}

fn bench_levels(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("search/wac10");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    group.sampling_mode(SamplingMode::Flat);
    for level in [Level::Beginner, Level::Normal, Level::Expert] {
        let mut searcher = Searcher::with_hash_mb(2);
        searcher.set_level(level);
        let limits = level.limits();
        let nodes = solve_all(&mut searcher, &positions, &limits);
        group.throughput(Throughput::Elements(nodes));
        group
            .bench_function(level.to_string(), |b| b.iter(|| solve_all(&mut searcher, black_box(&positions), &limits)));
    }
    let mut searcher = Searcher::with_hash_mb(2);
    let limits = SearchLimits::depth(8);
    let nodes = solve_all(&mut searcher, &positions, &limits);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("Master depth 8", |b| b.iter(|| solve_all(&mut searcher, black_box(&positions), &limits)));
    group.finish();
}

criterion_group!(benches, bench_levels);
criterion_main!(benches);
