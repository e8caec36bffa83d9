//! Reads a PGN file with chess-core's reader, for profiling (`valgrind --tool=callgrind`).
//!
//! Usage: cargo run --release -p chess-benches --example pgn_profile -- FILE [tree|builder|headers|skip|stream|stream-keys|stream-headers|peer|peer-headers] [--from-file | --repeat N]
//!
//! With `--from-file` chess-core streams the file through a `BufReader` (for peak-memory
//! measurements with `/usr/bin/time -v`); otherwise the file is read into memory first.
//! With `--repeat N` the text in memory is read N times (for sampling profilers such as
//! `perf record`, which need a longer run than one pass).

#[path = "../peer_pgn.rs"]
mod peer_pgn;
use peer_pgn::{PeerHeaders, PeerMainline};

use std::ops::ControlFlow;

use chess_core::pgn::{Break, LineSource, PgnReader, TreeBuilder, Variations, Visitor};

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: pgn_profile FILE [tree|builder|headers|skip|stream|stream-keys|stream-headers|peer|peer-headers] [--from-file | --repeat N]";
    let path = args.next().expect(usage);
    let mode = args.next().unwrap_or_else(|| "tree".to_string());
    let option = args.next();
    let repeat = match option.as_deref() {
        Some("--repeat") => args.next().and_then(|n| n.parse().ok()).expect(usage),
        _ => 1,
    };
    let (games, errors, moves) = if option.as_deref() == Some("--from-file") {
        // Streamed from the file: memory stays bounded by the longest game.
        let file = std::fs::File::open(&path).expect("readable PGN file");
        run(PgnReader::new(std::io::BufReader::new(file)), &mode)
    } else {
        let text = std::fs::read_to_string(&path).expect("readable PGN file");
        let once = || match mode.as_str() {
            "peer" => peer(&text),
            "peer-headers" => peer_headers(&text),
            _ => run(PgnReader::from_text(&text), &mode),
        };
        (1..repeat).for_each(|_| {
            std::hint::black_box(once());
        });
        once()
    };
    println!("{mode}: {games} games, {errors} errors, {moves} moves or tags");
}

/// Reads every game in one of chess-core's ways: (games, errors, moves or tags).
fn run<S: LineSource>(mut reader: PgnReader<S>, mode: &str) -> (usize, usize, usize) {
    let (mut games, mut errors, mut moves) = (0usize, 0usize, 0usize);
    match mode {
        "headers" => {
            while let Some(headers) = reader.read_headers() {
                match headers {
                    Ok(h) => moves += h.tags.len(),
                    Err(_) => errors += 1,
                }
                games += 1;
            }
        }
        "skip" => {
            while reader.skip_game().expect("a readable source") {
                games += 1;
            }
        }
        "stream" | "stream-keys" | "stream-headers" => {
            let (keys, headers_only) = (mode == "stream-keys", mode == "stream-headers");
            let mut visitor = Mainline { moves: 0, headers_only, keys };
            while let Some(game) = reader.visit(&mut visitor) {
                games += 1;
                errors += usize::from(game.is_err());
            }
            moves = visitor.moves;
        }
        "builder" => {
            let mut builder = TreeBuilder::new(Variations::Keep);
            while let Some(game) = reader.visit(&mut builder) {
                match game {
                    Ok(tree) => moves += tree.len() - 1,
                    Err(_) => errors += 1,
                }
                games += 1;
            }
        }
        _ => {
            for game in reader {
                match game {
                    Ok(g) => moves += g.moves.len(),
                    Err(_) => errors += 1,
                }
                games += 1;
            }
        }
    }
    (games, errors, moves)
}

/// pgn-reader + shakmaty's mainline visitor over text in memory.
fn peer(text: &str) -> (usize, usize, usize) {
    let mut reader = pgn_reader::Reader::new(text.as_bytes());
    let mut visitor = PeerMainline::default();
    let (mut games, mut errors) = (0, 0);
    while let Some(ok) = reader.read_game(&mut visitor).expect("in memory") {
        games += 1;
        errors += usize::from(!ok);
    }
    (games, errors, visitor.moves as usize)
}

/// pgn-reader's headers path over text in memory: (games, errors, tag bytes).
fn peer_headers(text: &str) -> (usize, usize, usize) {
    let mut reader = pgn_reader::Reader::new(text.as_bytes());
    let mut visitor = PeerHeaders::default();
    let mut games = 0;
    while reader.read_game(&mut visitor).expect("in memory").is_some() {
        games += 1;
    }
    (games, 0, visitor.tag_bytes as usize)
}

/// chess-core's streaming path: counts the mainline moves (or the tags, headers only), with
/// positions that keep their Zobrist keys only when `keys` (`stream-keys`).
struct Mainline {
    moves: usize,
    headers_only: bool,
    keys: bool,
}

impl Visitor for Mainline {
    type Output = ();

    fn tag(&mut self, _: &str, _: &str) -> ControlFlow<Break> {
        self.moves += usize::from(self.headers_only);
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        if self.headers_only { ControlFlow::Break(Break::SkipGame) } else { ControlFlow::Continue(()) }
    }

    fn play(&mut self, _: &chess_core::Position, _: chess_core::Move) -> ControlFlow<Break> {
        self.moves += 1;
        ControlFlow::Continue(())
    }

    /// Like the peer's positions, these need no Zobrist key (but with `stream-keys`).
    fn wants_keys(&self) -> bool {
        self.keys
    }

    fn end_game(&mut self) {}
}
