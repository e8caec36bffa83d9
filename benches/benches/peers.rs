//! chess-core side by side with its peers shakmaty and cozy-chess, in one criterion run.
//!
//! Every group benchmarks the same work with each library, under the function names
//! `chess-core`, `shakmaty` and `cozy-chess`, so `benches/ratios.py` can put them in one table.
//! Each library's result is checked once, outside the timing loop, before it is timed.
//!
//! cozy-chess has no SAN support (no SAN type, writer or parser in the crate), so the
//! `san/*` groups compare chess-core with shakmaty only.
//!
//! Run with `cargo bench -p chess-benches`, then `python3 benches/ratios.py`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

#[path = "../peer_perft.rs"]
mod peer_perft;
use peer_perft::{cozy_perft, cozy_perft_full, shakmaty_perft_full};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions for the FEN and SAN benchmarks. Every FEN here is in the canonical form all three
/// libraries write back (the en-passant squares are ones where a capture is legal), so a
/// parse + write round trip reproduces it exactly.
const FENS: [&str; 8] = [
    STARTPOS,
    KIWIPETE,
    // Perft suite position 3: rook and pawn endgame.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Perft suite position 4: promotions, pins, castling only for Black.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // Perft suite position 5.
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Perft suite position 6: a quiet middlegame.
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // Opening with an en-passant capture available (exf6) and full castling rights.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Pawn endgame with an en-passant capture available (exd6).
    "8/8/4k3/3pP3/8/8/4K3/8 w - d6 0 50",
];

const STARTPOS_D5: u64 = 4_865_609;
const KIWIPETE_D4: u64 = 4_085_603;
const STARTPOS_D4: u64 = 197_281;

fn core_pos(fen: &str) -> chess_core::Position {
    chess_core::Position::from_fen(fen).unwrap_or_else(|e| panic!("chess-core rejects {fen}: {e}"))
}

fn shakmaty_pos(fen: &str) -> Chess {
    let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
    setup.into_position(CastlingMode::Standard).unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
}

fn cozy_board(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).unwrap_or_else(|e| panic!("cozy-chess rejects {fen}: {e:?}"))
}

/// Settings for the perft groups: a handful of long iterations, measured briefly.
fn perft_group<'a>(c: &'a mut Criterion, name: &str, nodes: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(nodes));
    group
}

/// Settings for the groups of short iterations (FEN, SAN).
fn short_group<'a>(c: &'a mut Criterion, name: &str, items: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(items));
    group
}

fn bench_perft_bulk(c: &mut Criterion) {
    for (name, fen, depth, expected) in
        [("perft_bulk/startpos_d5", STARTPOS, 5, STARTPOS_D5), ("perft_bulk/kiwipete_d4", KIWIPETE, 4, KIWIPETE_D4)]
    {
        let core = core_pos(fen);
        let shak = shakmaty_pos(fen);
        let cozy = cozy_board(fen);
        assert_eq!(chess_core::perft::perft(&core, depth), Ok(expected), "chess-core {name}");
        assert_eq!(shakmaty::perft(&shak, depth), expected, "shakmaty {name}");
        assert_eq!(cozy_perft(&cozy, depth), expected, "cozy-chess {name}");

        let mut group = perft_group(c, name, expected);
        group.bench_function("chess-core", |b| b.iter(|| chess_core::perft::perft(black_box(&core), depth)));
        group.bench_function("shakmaty", |b| b.iter(|| shakmaty::perft(black_box(&shak), depth)));
        group.bench_function("cozy-chess", |b| b.iter(|| cozy_perft(black_box(&cozy), depth)));
        group.finish();
    }
}

fn bench_perft_full(c: &mut Criterion) {
    let name = "perft_full/startpos_d4";
    let depth = 4;
    let core = core_pos(STARTPOS);
    let shak = shakmaty_pos(STARTPOS);
    let cozy = cozy_board(STARTPOS);
    assert_eq!(chess_core::perft::perft_full(&core, depth), Ok(STARTPOS_D4), "chess-core {name}");
    assert_eq!(shakmaty_perft_full(&shak, depth), STARTPOS_D4, "shakmaty {name}");
    assert_eq!(cozy_perft_full(&cozy, depth), STARTPOS_D4, "cozy-chess {name}");

    let mut group = perft_group(c, name, STARTPOS_D4);
    group.bench_function("chess-core", |b| b.iter(|| chess_core::perft::perft_full(black_box(&core), depth)));
    group.bench_function("shakmaty", |b| b.iter(|| shakmaty_perft_full(black_box(&shak), depth)));
    group.bench_function("cozy-chess", |b| b.iter(|| cozy_perft_full(black_box(&cozy), depth)));
    group.finish();
}

/// Parses every FEN of [`FENS`] and writes it back into `buf`; returns the bytes written.
fn core_fen_round_trip(buf: &mut String) -> usize {
    let mut total = 0;
    for fen in FENS {
        let pos = chess_core::Position::from_fen(black_box(fen)).expect("valid FEN");
        buf.clear();
        write!(buf, "{pos}").expect("writing to a String");
        total += black_box(&*buf).len();
    }
    total
}

fn shakmaty_fen_round_trip(buf: &mut String) -> usize {
    let mut total = 0;
    for fen in FENS {
        let setup = Fen::from_ascii(black_box(fen).as_bytes()).expect("valid FEN");
        let pos: Chess = setup.into_position(CastlingMode::Standard).expect("valid position");
        buf.clear();
        write!(buf, "{}", Fen::from_position(&pos, EnPassantMode::Legal)).expect("writing to a String");
        total += black_box(&*buf).len();
    }
    total
}

fn cozy_fen_round_trip(buf: &mut String) -> usize {
    let mut total = 0;
    for fen in FENS {
        let board = cozy_chess::Board::from_fen(black_box(fen), false).expect("valid FEN");
        buf.clear();
        write!(buf, "{board}").expect("writing to a String");
        total += black_box(&*buf).len();
    }
    total
}

fn bench_fen(c: &mut Criterion) {
    // Each library must reproduce every FEN exactly.
    let mut buf = String::new();
    for fen in FENS {
        buf.clear();
        write!(buf, "{}", core_pos(fen)).unwrap();
        assert_eq!(buf, fen, "chess-core FEN round trip");
        buf.clear();
        write!(buf, "{}", Fen::from_position(&shakmaty_pos(fen), EnPassantMode::Legal)).unwrap();
        assert_eq!(buf, fen, "shakmaty FEN round trip");
        buf.clear();
        write!(buf, "{}", cozy_board(fen)).unwrap();
        assert_eq!(buf, fen, "cozy-chess FEN round trip");
    }
    let bytes: usize = FENS.iter().map(|fen| fen.len()).sum();
    assert_eq!(core_fen_round_trip(&mut buf), bytes);
    assert_eq!(shakmaty_fen_round_trip(&mut buf), bytes);
    assert_eq!(cozy_fen_round_trip(&mut buf), bytes);

    let mut group = short_group(c, "fen/parse_write", FENS.len() as u64);
    group.bench_function("chess-core", |b| b.iter(|| core_fen_round_trip(&mut buf)));
    group.bench_function("shakmaty", |b| b.iter(|| shakmaty_fen_round_trip(&mut buf)));
    group.bench_function("cozy-chess", |b| b.iter(|| cozy_fen_round_trip(&mut buf)));
    group.finish();
}

/// For every position of [`FENS`]: the position, its legal moves and their SAN (with + or #).
struct SanCases {
    core: Vec<(chess_core::Position, Vec<chess_core::Move>, Vec<String>)>,
    shakmaty: Vec<(Chess, Vec<shakmaty::Move>, Vec<String>)>,
    moves: u64,
}

impl SanCases {
    fn new() -> SanCases {
        let mut core = Vec::new();
        let mut shak = Vec::new();
        for fen in FENS {
            let pos = core_pos(fen);
            let moves: Vec<_> = pos.legal_moves().into_iter().collect();
            let sans: Vec<String> = moves.iter().map(|&m| pos.san(m).to_string()).collect();
            core.push((pos, moves, sans));

            let pos = shakmaty_pos(fen);
            let moves: Vec<_> = pos.legal_moves().into_iter().collect();
            let sans: Vec<String> = moves.iter().map(|&m| SanPlus::from_move(pos.clone(), m).to_string()).collect();
            shak.push((pos, moves, sans));
        }
        // Both libraries must write the same SAN for the same set of moves.
        for (i, ((_, _, core_sans), (_, _, shak_sans))) in core.iter().zip(&shak).enumerate() {
            let mut a = core_sans.clone();
            let mut b = shak_sans.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "SAN of the legal moves differ for {}", FENS[i]);
        }
        let moves = core.iter().map(|(_, moves, _)| moves.len() as u64).sum();
        SanCases { core, shakmaty: shak, moves }
    }
}

fn core_san_write(cases: &SanCases, buf: &mut String) -> usize {
    let mut total = 0;
    for (pos, moves, _) in &cases.core {
        let pos = black_box(pos);
        for &m in moves {
            buf.clear();
            write!(buf, "{}", pos.san(m)).expect("writing to a String");
            total += black_box(&*buf).len();
        }
    }
    total
}

fn shakmaty_san_write(cases: &SanCases, buf: &mut String) -> usize {
    let mut total = 0;
    for (pos, moves, _) in &cases.shakmaty {
        let pos = black_box(pos);
        for &m in moves {
            buf.clear();
            write!(buf, "{}", SanPlus::from_move(pos.clone(), m)).expect("writing to a String");
            total += black_box(&*buf).len();
        }
    }
    total
}

fn core_san_parse(cases: &SanCases) -> usize {
    let mut found = 0;
    for (pos, _, sans) in &cases.core {
        for san in sans {
            black_box(pos.parse_san(black_box(san)).expect("legal SAN"));
            found += 1;
        }
    }
    found
}

fn shakmaty_san_parse(cases: &SanCases) -> usize {
    let mut found = 0;
    for (pos, _, sans) in &cases.shakmaty {
        for san in sans {
            let parsed = SanPlus::from_ascii(black_box(san).as_bytes()).expect("valid SAN");
            black_box(parsed.san.to_move(pos).expect("legal SAN"));
            found += 1;
        }
    }
    found
}

fn bench_san(c: &mut Criterion) {
    let cases = SanCases::new();
    // Parsing each SAN back must give the move it was written for.
    for (pos, moves, sans) in &cases.core {
        for (&m, san) in moves.iter().zip(sans) {
            assert_eq!(pos.parse_san(san).expect("chess-core parses its own SAN"), m, "chess-core {san}");
        }
    }
    for (pos, moves, sans) in &cases.shakmaty {
        for (&m, san) in moves.iter().zip(sans) {
            let parsed = SanPlus::from_ascii(san.as_bytes()).expect("shakmaty parses its own SAN");
            assert_eq!(parsed.san.to_move(pos).expect("shakmaty finds its own SAN"), m, "shakmaty {san}");
        }
    }
    let mut buf = String::new();
    let chars: usize = cases.core.iter().flat_map(|(_, _, sans)| sans).map(String::len).sum();
    assert_eq!(core_san_write(&cases, &mut buf), chars);
    assert_eq!(shakmaty_san_write(&cases, &mut buf), chars);
    assert_eq!(core_san_parse(&cases) as u64, cases.moves);
    assert_eq!(shakmaty_san_parse(&cases) as u64, cases.moves);

    // cozy-chess has no SAN: these groups compare chess-core with shakmaty only.
    let mut group = short_group(c, "san/write", cases.moves);
    group.bench_function("chess-core", |b| b.iter(|| core_san_write(&cases, &mut buf)));
    group.bench_function("shakmaty", |b| b.iter(|| shakmaty_san_write(&cases, &mut buf)));
    group.finish();

    let mut group = short_group(c, "san/parse", cases.moves);
    group.bench_function("chess-core", |b| b.iter(|| core_san_parse(&cases)));
    group.bench_function("shakmaty", |b| b.iter(|| shakmaty_san_parse(&cases)));
    group.finish();
}

/// The 100 lichess games of the in-repo chess.js benchmark file (BSD-2-Clause, see its README).
const PGN_GAMES: &str = include_str!("../../chess-core/tests/data/pgn/chessjs_benchmark.pgn");

/// Reading PGN, replaying every move. Only chess-core: shakmaty reads PGN in a separate crate
/// (pgn-reader) and cozy-chess has no PGN.
fn bench_pgn(c: &mut Criterion) {
    let read_all = || chess_core::pgn::PgnReader::from_text(black_box(PGN_GAMES)).filter(Result::is_ok).count() as u64;
    let games = read_all();
    assert_eq!(games, 100, "chess-core pgn/read");
    let mut group = short_group(c, "pgn/read", games);
    group.bench_function("chess-core", |b| b.iter(read_all));
    group.finish();

    // The largest file of the shared corpus (GPL, so not in the repository): read when present.
    let twic = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/pgn/twic1599_1000k.pgn");
    let Ok(text) = std::fs::read_to_string(twic) else {
        println!("pgn/read_twic skipped: {twic} is absent");
        return;
    };
    let read_twic = || chess_core::pgn::PgnReader::from_text(black_box(&text)).filter(Result::is_ok).count() as u64;
    let games = read_twic();
    assert_eq!(games, 1_110, "chess-core pgn/read_twic");
    let mut group = short_group(c, "pgn/read_twic", games);
    group.bench_function("chess-core", |b| b.iter(read_twic));
    group.finish();
}

criterion_group!(peers, bench_perft_bulk, bench_perft_full, bench_fen, bench_san, bench_pgn);
criterion_main!(peers);
