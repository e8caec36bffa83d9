//! Measures the computer player: `strength suite FILE...`, `strength ladder`,
//! `strength blunders`. Run with `--help` for the options.

use std::process::ExitCode;
use std::time::Duration;

use chess_core::search::{Level, SearchLimits, Searcher};
use chess_tools::cli::wants_help;
use chess_tools::outln;
use chess_tools::strength::blunders::count_blunders;
use chess_tools::strength::ladder::{Player, play_match};
use chess_tools::strength::quantile;
use chess_tools::strength::suite::{Goal, attempt, read_suite};

const USAGE: &str = "usage:
  strength suite FILE... [--level beginner|normal|expert|master] [--movetime MS] [--nodes N] [--mate N] [--max N] [--verbose]
      solve EPD problems (bm SAN or bm #N) at a level: its own depth, or --movetime for Master (default 1000);
      --nodes N searches N nodes a problem instead (the same result however busy the machine is)
  strength ladder [--seed S] [--master-ms MS] [--pair normal-beginner|expert-normal|master-expert]...
      play 40 games between neighbouring levels from 20 openings
  strength blunders [--games N] [--seed S] [--depth D] [--opponent LEVEL] [--verbose]
      judge the Beginner's moves (against Normal unless told) with a Master search of D plies (default 6);
      --verbose lists the moves that lose 3 pawns or more";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if wants_help(&args) {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = match args.first().map(String::as_str) {
        Some("suite") => suite(&args[1..]),
        Some("ladder") => ladder(&args[1..]),
        Some("blunders") => blunders(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Options of the form `--name value` and free arguments.
struct Options {
    free: Vec<String>,
    named: Vec<(String, String)>,
    flags: Vec<String>,
}

fn parse_options(args: &[String], flags: &[&str]) -> Result<Options, String> {
    let mut options = Options { free: Vec::new(), named: Vec::new(), flags: Vec::new() };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if let Some(name) = arg.strip_prefix("--") {
            if flags.contains(&name) {
                options.flags.push(name.to_string());
            } else {
                let value = args.next().ok_or_else(|| format!("--{name} needs a value\n{USAGE}"))?;
                options.named.push((name.to_string(), value.clone()));
            }
        } else {
            options.free.push(arg.clone());
        }
    }
    Ok(options)
}

impl Options {
    fn all(&self, name: &str) -> impl Iterator<Item = &str> {
        self.named.iter().filter(move |(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        Ok(self.optional(name)?.unwrap_or(default))
    }

    /// The last value given for `--name`, if any.
    fn optional<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        let last = self.all(name).last();
        last.map(|text| text.parse().map_err(|_| format!("--{name}: cannot read {text:?}"))).transpose()
    }
}

fn suite(args: &[String]) -> Result<(), String> {
    let options = parse_options(args, &["verbose"])?;
    let level: Level = options.get("level", Level::Normal)?;
    let movetime = Duration::from_millis(options.get("movetime", 1000)?);
    let mate_filter: Option<u32> = options.optional("mate")?;
    let max: usize = options.get("max", usize::MAX)?;
    let verbose = options.flags.iter().any(|f| f == "verbose");
    let limits = match options.optional("nodes")? {
        Some(nodes) => SearchLimits::nodes(nodes),
        None if level == Level::Master => SearchLimits::move_time(movetime),
        None => level.limits(),
    };

    let mut problems = Vec::new();
    for file in &options.free {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        problems.extend(read_suite(&text).map_err(|e| format!("{file}: {e}"))?);
    }
    if let Some(moves) = mate_filter {
        problems.retain(|p| p.goal == Goal::Mate(moves));
    }
    problems.truncate(max);
    if problems.is_empty() {
        return Err(format!("no problems to solve\n{USAGE}"));
    }

    let mut searcher = Searcher::new();
    let (mut solved, mut nodes, mut total_time) = (0, 0u64, Duration::ZERO);
    let mut times = Vec::new();
    for problem in &problems {
        let attempt = attempt(&mut searcher, problem, level, &limits);
        solved += usize::from(attempt.solved);
        nodes += attempt.nodes;
        total_time += attempt.elapsed;
        times.push(attempt.elapsed);
        if verbose || !attempt.solved && options.free.len() == 1 && problems.len() <= 50 {
            let mv = attempt.best_move.map_or("none".to_string(), |m| problem.position.san(m).to_string());
            let mark = if attempt.solved { "ok  " } else { "FAIL" };
            outln!(
                "{mark} {:<12} {mv:<8} {:<7} {:>9} nodes {:>6} ms",
                problem.id,
                attempt.score,
                attempt.nodes,
                attempt.elapsed.as_millis()
            );
        }
    }
    let max_time = quantile(&mut times, 1.0);
    let p99 = quantile(&mut times, 0.99);
    let nps = (nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    outln!(
        "{level}: solved {solved}/{} | time per move: max {} ms, p99 {} ms, mean {} ms | {nps} nodes/s",
        problems.len(),
        max_time.as_millis(),
        p99.as_millis(),
        (total_time / problems.len() as u32).as_millis(),
    );
    Ok(())
}

fn ladder(args: &[String]) -> Result<(), String> {
    let options = parse_options(args, &[])?;
    let seed: u64 = options.get("seed", 1)?;
    let master_time = Duration::from_millis(options.get("master-ms", 200)?);
    let mut pairs: Vec<&str> = options.all("pair").collect();
    if pairs.is_empty() {
        pairs = vec!["normal-beginner", "expert-normal", "master-expert"];
    }
    for pair in pairs {
        let (stronger, weaker) =
            pair.split_once('-').ok_or_else(|| format!("--pair {pair}: expected like normal-beginner"))?;
        let stronger: Level = stronger.parse().map_err(|e| format!("--pair {pair}: {e}"))?;
        let weaker: Level = weaker.parse().map_err(|e| format!("--pair {pair}: {e}"))?;
        let (first, second) = (Player::new(stronger, master_time), Player::new(weaker, master_time));
        let score = play_match(&first, &second, seed, |_, _| {});
        outln!("{stronger} vs {weaker}: +{} ={} -{} ({:.1}%)", score.wins, score.draws, score.losses, score.percent());
    }
    Ok(())
}

fn blunders(args: &[String]) -> Result<(), String> {
    let options = parse_options(args, &["verbose"])?;
    let verbose = options.flags.iter().any(|f| f == "verbose");
    let games: usize = options.get("games", 20)?;
    let seed: u64 = options.get("seed", 1)?;
    let depth: u32 = options.get("depth", 6)?;
    let measured = Player::new(Level::Beginner, Duration::ZERO);
    let opponent_level: Level = options.get("opponent", Level::Normal)?;
    let opponent = Player::new(opponent_level, Duration::from_millis(200));
    let count = count_blunders(&measured, &opponent, games, seed, depth, |game, mv, lost| {
        if verbose && lost >= 300 {
            let pos = game.position();
            outln!("{:>6} cp  {:<7} {}", -lost, pos.san(mv).to_string(), pos.to_fen());
        }
    });
    outln!(
        "Beginner over {games} games against {opponent_level} ({} moves, judged at depth {depth}): loses >= 1 pawn on {:.1}%, >= 3 pawns on {:.1}%",
        count.moves,
        count.percent(count.lost_a_pawn),
        count.percent(count.lost_three_pawns)
    );
    Ok(())
}
