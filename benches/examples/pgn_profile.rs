//! Reads a PGN file with chess-core's reader, for profiling (`valgrind --tool=callgrind`).
//!
//! Usage: cargo run --release -p chess-benches --example pgn_profile -- FILE [tree|headers|stream|stream-headers|peer] [--from-file]
//!
//! With `--from-file` chess-core streams the file through a `BufReader` (for peak-memory
//! measurements with `/usr/bin/time -v`); otherwise the file is read into memory first.

use std::ops::ControlFlow;

use chess_core::pgn::{LineSource, PgnReader};

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: pgn_profile FILE [tree|headers|stream|stream-headers|peer] [--from-file]";
    let path = args.next().expect(usage);
    let mode = args.next().unwrap_or_else(|| "tree".to_string());
    let (games, errors, moves) = if args.next().as_deref() == Some("--from-file") {
        // Streamed from the file: memory stays bounded by the longest game.
        let file = std::fs::File::open(&path).expect("readable PGN file");
        run(PgnReader::new(std::io::BufReader::new(file)), &mode)
    } else {
        let text = std::fs::read_to_string(&path).expect("readable PGN file");
        if mode == "peer" { peer(&text) } else { run(PgnReader::from_text(&text), &mode) }
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
        "stream" | "stream-headers" => {
            let mut visitor = Mainline { moves: 0, headers_only: mode == "stream-headers" };
            while let Some(game) = reader.visit(&mut visitor) {
                games += 1;
                errors += usize::from(game.is_err());
            }
            moves = visitor.moves;
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
    let mut visitor = PeerMainline { moves: 0 };
    let (mut games, mut errors) = (0, 0);
    while let Some(ok) = reader.read_game(&mut visitor).expect("in memory") {
        games += 1;
        errors += usize::from(!ok);
    }
    (games, errors, visitor.moves)
}

/// pgn-reader + shakmaty: every mainline SAN checked and played, variations skipped.
struct PeerMainline {
    moves: usize,
}

impl pgn_reader::Visitor for PeerMainline {
    type Tags = Option<shakmaty_pgn::Chess>;
    type Movetext = shakmaty_pgn::Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: pgn_reader::RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = shakmaty_pgn::fen::Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(shakmaty_pgn::CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            *tags = Some(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<bool, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<bool, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn san(&mut self, pos: &mut Self::Movetext, san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        use shakmaty_pgn::Position as _;
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Self::Movetext) -> bool {
        true
    }
}

/// chess-core's streaming path: counts the mainline moves (or the tags, headers only).
struct Mainline {
    moves: usize,
    headers_only: bool,
}

impl chess_core::pgn::Visitor for Mainline {
    fn tag(&mut self, _: &str, _: &str) {
        self.moves += usize::from(self.headers_only);
    }

    fn end_tags(&mut self) -> chess_core::pgn::Movetext {
        if self.headers_only { chess_core::pgn::Movetext::Skip } else { chess_core::pgn::Movetext::Read }
    }

    fn play(&mut self, _: &chess_core::Position, _: chess_core::Move) {
        self.moves += 1;
    }
}
