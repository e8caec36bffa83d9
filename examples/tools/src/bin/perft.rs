//! perft: counts move-tree leaves to check and time move generation.
//!
//! ```text
//! perft [--fen FEN] [--chess960] [--divide] [--no-bulk] DEPTH
//! perft --epd FILE [--max-nodes N] [--chess960]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use chess_core::perft::{self, parse_suite};
use chess_core::{CastlingMode, Position, Validation};
use chess_tools::cli::wants_help;
use chess_tools::outln;

const USAGE: &str = "\
usage: perft [--fen FEN] [--chess960] [--divide] [--no-bulk] DEPTH
       perft --epd FILE [--max-nodes N] [--chess960]

Counts the leaves of the move tree DEPTH plies deep (from the start position, or FEN) and
the speed; --divide lists the count under each first move; --no-bulk plays every last-ply
move instead of counting them in bulk (slower; checks the move maker too). --epd checks every
position of a perft suite (lines of FEN ;D1 20 ;D2 400 ...) up to N nodes a depth.
--chess960 reads castling rights as Chess960 (Shredder-FEN or X-FEN files).";

struct Options {
    fen: Option<String>,
    epd: Option<String>,
    mode: CastlingMode,
    divide: bool,
    /// Play every leaf move instead of counting the last ply in bulk.
    no_bulk: bool,
    max_nodes: u64,
    depth: Option<u32>,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        fen: None,
        epd: None,
        mode: CastlingMode::Standard,
        divide: false,
        no_bulk: false,
        max_nodes: u64::MAX,
        depth: None,
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--fen" => options.fen = Some(value("--fen")?),
            "--epd" => options.epd = Some(value("--epd")?),
            "--max-nodes" => {
                options.max_nodes = value("--max-nodes")?.parse().map_err(|_| "--max-nodes needs a number")?
            }
            "--chess960" => options.mode = CastlingMode::Chess960,
            "--divide" => options.divide = true,
            "--no-bulk" => options.no_bulk = true,
            _ => options.depth = Some(arg.parse().map_err(|_| format!("unknown argument '{arg}'\n{USAGE}"))?),
        }
    }
    Ok(options)
}

/// Reads a FEN in `mode` (strictly, else relaxed); when it fails in standard mode but reads
/// as Chess960, the error suggests `--chess960`.
fn read_position(fen: &str, mode: CastlingMode) -> Result<Position, String> {
    let read = |mode| {
        Position::from_fen_with(fen, mode)
            .or_else(|_| Position::from_fen_with(fen, Validation::relaxed().castling(mode)))
    };
    read(mode).map_err(|error| match (mode, read(CastlingMode::Chess960)) {
        (CastlingMode::Standard, Ok(_)) => {
            format!("{error}\n(the castling rights read in Chess960 mode: try --chess960)")
        }
        _ => error.to_string(),
    })
}

fn report(nodes: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    outln!("nodes {nodes}  seconds {seconds:.3}  Mnodes/s {:.1}", nodes as f64 / seconds.max(1e-9) / 1e6);
}

fn run_one(options: &Options) -> Result<ExitCode, String> {
    let depth = options.depth.ok_or(USAGE)?;
    let fen = options.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let pos = read_position(fen, options.mode)?;
    let started = Instant::now();
    let nodes = if options.divide {
        let mut total = 0;
        for (m, nodes) in perft::divide(&pos, depth).map_err(|e| e.to_string())? {
            outln!("{} {nodes}", pos.uci(m));
            total += nodes;
        }
        total
    } else if options.no_bulk {
        perft::perft_full(&pos, depth).map_err(|e| e.to_string())?
    } else {
        perft::perft(&pos, depth).map_err(|e| e.to_string())?
    };
    report(nodes, started);
    Ok(ExitCode::SUCCESS)
}

fn run_suite(path: &str, options: &Options) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let entries = parse_suite(&text).map_err(|e| format!("{path}: {e}"))?;
    let (mut passed, mut failed, mut total_nodes) = (0, 0, 0);
    let started = Instant::now();
    for entry in &entries {
        let pos = match read_position(&entry.fen, options.mode) {
            Ok(pos) => pos,
            Err(e) => {
                outln!("FAIL {}: {e}", entry.id);
                failed += 1;
                continue;
            }
        };
        for &(depth, expected) in entry.counts.iter().filter(|(_, nodes)| *nodes <= options.max_nodes) {
            let Ok(nodes) = perft::perft(&pos, depth) else {
                outln!("FAIL {} depth {depth}: past the perft depth limit {}", entry.id, perft::MAX_DEPTH);
                failed += 1;
                continue;
            };
            total_nodes += nodes;
            if nodes == expected {
                passed += 1;
            } else {
                outln!("FAIL {} depth {depth}: expected {expected}, got {nodes} ({})", entry.id, entry.fen);
                failed += 1;
            }
        }
    }
    report(total_nodes, started);
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if wants_help(&args) {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = parse_args(args.into_iter()).and_then(|options| match &options.epd {
        Some(path) => run_suite(path, &options),
        None => run_one(&options),
    });
    result.unwrap_or_else(|message| {
        eprintln!("{message}");
        ExitCode::from(2)
    })
}
