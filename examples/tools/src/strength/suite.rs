//! Solving test suites: EPD positions with a best move (`bm Qg6`) or a mate distance (`bm #2`).

use std::time::Duration;

use chess_core::search::{Level, Score, SearchLimits, Searcher};
use chess_core::{CastlingMode, Epd, EpdError, Move, Position};

/// What a suite position asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Find one of these moves (and none of the moves to avoid).
    BestMove {
        /// The accepted moves (`bm`); empty when only `am` is given.
        best: Vec<Move>,
        /// The moves to avoid (`am`).
        avoid: Vec<Move>,
    },
    /// Find a mate in at most this many moves (`bm #N`).
    Mate(u32),
}

/// A suite position.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The name (`id`), or the line number.
    pub id: String,
    /// The position.
    pub position: Position,
    /// What to find.
    pub goal: Goal,
}

/// Reads the problems of an EPD suite; lines that are not problems (no `bm`/`am`, a mate for
/// the other side) are skipped. Returns an error naming the line for a malformed one.
pub fn read_suite(text: &str) -> Result<Vec<Problem>, String> {
    let mut problems = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // Some suites end their lines with a non-EPD note (`bm #2; 00:00;`): keep what precedes it.
        let epd = match Epd::parse(line, CastlingMode::Standard) {
            Err(EpdError::InvalidOpcode { at }) if at > 0 => Epd::parse(&line[..at], CastlingMode::Standard),
            other => other,
        };
        let epd = epd.map_err(|e| format!("line {}: {e}", number + 1))?;
        let id =
            epd.operation("id").and_then(|ops| ops.first().cloned()).unwrap_or_else(|| format!("line {}", number + 1));
        let goal = match epd.operation("bm").and_then(|ops| ops.first()) {
            Some(mate) if mate.starts_with('#') => match mate[1..].parse::<i32>() {
                Ok(moves) if moves > 0 => Goal::Mate(moves as u32),
                _ => continue,
            },
            _ => {
                let best = epd.best_moves().transpose().map_err(|e| format!("{id}: {e}"))?.unwrap_or_default();
                let avoid = epd.avoid_moves().transpose().map_err(|e| format!("{id}: {e}"))?.unwrap_or_default();
                if best.is_empty() && avoid.is_empty() {
                    continue;
                }
                Goal::BestMove { best, avoid }
            }
        };
        problems.push(Problem { id, position: epd.position, goal });
    }
    Ok(problems)
}

/// How one problem went.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The move the search chose.
    pub best_move: Option<Move>,
    /// Its score.
    pub score: Score,
    /// Whether it solves the problem.
    pub solved: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Searches `problem` at `level` within `limits` with a fresh table and tells whether it is solved:
/// the move is one of the best moves (and none to avoid), or the score is a mate in at most
/// the asked number of moves.
pub fn attempt(searcher: &mut Searcher, problem: &Problem, level: Level, limits: &SearchLimits) -> Attempt {
    searcher.new_game();
    searcher.set_level(level);
    let result = searcher.search(&problem.position, &[], limits, &mut ());
    let solved = match (&problem.goal, result.best_move) {
        (_, None) => false,
        (Goal::Mate(moves), Some(_)) => matches!(result.score, Score::Mate(n) if n > 0 && n as u32 <= *moves),
        (Goal::BestMove { best, avoid }, Some(mv)) => (best.is_empty() || best.contains(&mv)) && !avoid.contains(&mv),
    };
    Attempt { best_move: result.best_move, score: result.score, solved, nodes: result.nodes, elapsed: result.elapsed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_best_moves_and_mates() {
        let text = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n\
                    6Qk/PP1PP1np/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 b - - bm #-1;\n\
                    2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; 00:00;\n\
                    7n/BBP2P1P/8/P1PpK3/P5RR/5k2/Pn2NPN1/3Q2b1 w - d6 bm #1; ep; 00:00;\n";
        let problems = read_suite(text).unwrap();
        assert_eq!(problems.len(), 3);
        assert_eq!(problems[0].id, "WAC.001");
        let qg6 = problems[0].position.parse_san("Qg6").unwrap();
        assert_eq!(problems[0].goal, Goal::BestMove { best: vec![qg6], avoid: vec![] });
        assert_eq!(problems[1].goal, Goal::Mate(2));
        assert_eq!(problems[2].goal, Goal::Mate(1));
        assert!(read_suite("not a position bm e4;").unwrap_err().starts_with("line 1:"));
    }

    #[test]
    fn solves_a_mate_in_two_at_normal_level() {
        let problems = read_suite("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2;").unwrap();
        let attempt = attempt(&mut Searcher::with_hash_mb(1), &problems[0], Level::Normal, &Level::Normal.limits());
        assert!(attempt.solved, "{attempt:?}");
        assert_eq!(attempt.score, Score::Mate(2));
    }
}
