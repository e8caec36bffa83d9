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

const USAGE: &str =
    "usage: perft [--fen FEN] [--chess960] [--divide] DEPTH\n       perft --epd FILE [--max-nodes N] [--chess960]";

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
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => options.depth = Some(arg.parse().map_err(|_| format!("unknown argument '{arg}'\n{USAGE}"))?),
        }
    }
    Ok(options)
}

fn report(nodes: u64, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    println!("nodes {nodes}  seconds {seconds:.3}  Mnodes/s {:.1}", nodes as f64 / seconds.max(1e-9) / 1e6);
}

fn run_one(options: &Options) -> Result<ExitCode, String> {
    let depth = options.depth.ok_or(USAGE)?;
    let fen = options.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let pos = Position::from_fen_with(fen, options.mode)
        .or_else(|_| Position::from_fen_with(fen, Validation::relaxed().castling(options.mode)))
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let nodes = if options.divide {
        let mut total = 0;
        for (m, nodes) in perft::divide(&pos, depth).map_err(|e| e.to_string())? {
            println!("{} {nodes}", pos.uci(m));
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
        let pos = match Position::from_fen_with(&entry.fen, options.mode)
            .or_else(|_| Position::from_fen_with(&entry.fen, Validation::relaxed().castling(options.mode)))
        {
            Ok(pos) => pos,
            Err(e) => {
                println!("FAIL {}: {e}", entry.id);
                failed += 1;
                continue;
            }
        };
        for &(depth, expected) in entry.counts.iter().filter(|(_, nodes)| *nodes <= options.max_nodes) {
            let Ok(nodes) = perft::perft(&pos, depth) else {
                println!("FAIL {} depth {depth}: past the perft depth limit {}", entry.id, perft::MAX_DEPTH);
                failed += 1;
                continue;
            };
            total_nodes += nodes;
            if nodes == expected {
                passed += 1;
            } else {
                println!("FAIL {} depth {depth}: expected {expected}, got {nodes} ({})", entry.id, entry.fen);
                failed += 1;
            }
        }
    }
    report(total_nodes, started);
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn main() -> ExitCode {
    let result = parse_args(std::env::args().skip(1)).and_then(|options| match &options.epd {
        Some(path) => run_suite(path, &options),
        None => run_one(&options),
    });
    result.unwrap_or_else(|message| {
        eprintln!("{message}");
        ExitCode::from(2)
    })
}
