//! chess-core's PGN paths side by side with pgn-reader + shakmaty, in one criterion run.
//!
//! For each of the two largest files of the shared corpus (`../shared/data/pgn`, GPL and so
//! not in the repository; a group is skipped with a message when its file is absent), read
//! from memory:
//! - `pgn/<file>_mainline`: every game's tags and mainline moves, every move's legality
//!   checked, variations and comments skipped. chess-core: [`PgnReader::visit`] with a
//!   visitor; pgn-reader: a visitor that skips variations and plays each SAN with shakmaty
//!   (as pgn-reader's own `validate` example does).
//! - `pgn/<file>_headers`: every game's tags, the movetext skipped. chess-core: a visitor
//!   that skips the rest of the game at [`Visitor::end_tags`]; pgn-reader: a visitor that
//!   breaks at `begin_movetext`.
//!   Both see each tag's name and value and add up their lengths.
//! - `pgn/<file>_tree`: chess-core's full reader ([`PgnReader`] as an iterator: comments,
//!   NAGs and variations kept as a tree) against the same pgn-reader mainline visitor.
//!
//! Run with `cargo bench -p chess-benches --bench pgn`, then `python3 benches/ratios.py`.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use chess_core::pgn::{Break, PgnReader, Visitor};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
#[path = "../peer_pgn.rs"]
mod peer_pgn;
use peer_pgn::{PeerHeaders, PeerMainline};

/// The shared corpus's two largest files, their games and mainline moves.
const FILES: [(&str, &str, u64, u64); 2] =
    [("twic", "twic1599_1000k.pgn", 1_110, 101_487), ("lichess", "lichess_db_1000k.pgn", 438, 28_538)];

fn group<'a>(c: &'a mut Criterion, name: &str, games: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(games));
    group
}

/// chess-core's streaming path: counts games and mainline moves (or tag bytes, headers only).
#[derive(Default)]
struct CoreCount {
    games: u64,
    moves: u64,
    tag_bytes: u64,
    headers_only: bool,
}

impl Visitor for CoreCount {
    type Output = ();

    fn begin_game(&mut self) -> ControlFlow<Break> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.tag_bytes += (name.len() + value.len()) as u64;
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        if self.headers_only { ControlFlow::Break(Break::SkipGame) } else { ControlFlow::Continue(()) }
    }

    fn play(&mut self, _: &chess_core::Position, _: chess_core::Move) -> ControlFlow<Break> {
        self.moves += 1;
        ControlFlow::Continue(())
    }

    /// Like the peer's positions, these need no Zobrist key.
    fn wants_keys(&self) -> bool {
        false
    }

    fn end_game(&mut self) {}
}

fn core_visit(text: &str, headers_only: bool) -> (u64, u64, u64) {
    let mut reader = PgnReader::from_text(text);
    let mut count = CoreCount { headers_only, ..CoreCount::default() };
    let mut games = 0;
    while let Some(game) = reader.visit(&mut count) {
        games += u64::from(game.is_ok());
    }
    (games, count.moves, count.tag_bytes)
}

fn core_tree(text: &str) -> (u64, u64) {
    let mut moves = 0;
    let mut games = 0;
    for game in PgnReader::from_text(text).flatten() {
        games += 1;
        moves += game.moves.len() as u64;
    }
    (games, moves)
}

fn peer_mainline(text: &str) -> (u64, u64) {
    let mut reader = pgn_reader::Reader::new(text.as_bytes());
    let mut visitor = PeerMainline::default();
    let mut games = 0;
    while let Some(ok) = reader.read_game(&mut visitor).expect("reading from memory") {
        games += u64::from(ok);
    }
    (games, visitor.moves)
}

fn peer_headers(text: &str) -> (u64, u64) {
    let mut reader = pgn_reader::Reader::new(text.as_bytes());
    let mut visitor = PeerHeaders::default();
    let mut games = 0;
    while let Some(ok) = reader.read_game(&mut visitor).expect("reading from memory") {
        games += u64::from(ok);
    }
    (games, visitor.tag_bytes)
}

fn bench_pgn(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/pgn");
    for (name, file, games, moves) in FILES {
        let path = format!("{dir}/{file}");
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("pgn/{name}_*: skipped, {path} is absent");
            continue;
        };
        // Each side's result is checked once, outside the timing loop.
        let (core_games, core_moves, _) = core_visit(&text, false);
        assert_eq!((core_games, core_moves), (games, moves), "chess-core visit {file}");
        assert_eq!(peer_mainline(&text), (games, moves), "pgn-reader mainline {file}");
        assert_eq!(core_tree(&text), (games, moves), "chess-core tree {file}");
        let (core_games, _, core_tag_bytes) = core_visit(&text, true);
        assert_eq!((core_games, core_tag_bytes), peer_headers(&text), "headers {file}");

        let mut g = group(c, &format!("pgn/{name}_mainline"), games);
        g.bench_function("chess-core", |b| b.iter(|| core_visit(black_box(&text), false)));
        g.bench_function("pgn-reader", |b| b.iter(|| peer_mainline(black_box(&text))));
        g.finish();

        let mut g = group(c, &format!("pgn/{name}_headers"), games);
        g.bench_function("chess-core", |b| b.iter(|| core_visit(black_box(&text), true)));
        g.bench_function("pgn-reader", |b| b.iter(|| peer_headers(black_box(&text))));
        g.finish();

        let mut g = group(c, &format!("pgn/{name}_tree"), games);
        g.bench_function("chess-core", |b| b.iter(|| core_tree(black_box(&text))));
        g.bench_function("pgn-reader", |b| b.iter(|| peer_mainline(black_box(&text))));
        g.finish();
    }
}

criterion_group!(pgn, bench_pgn);
criterion_main!(pgn);
