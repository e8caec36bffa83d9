//! Statistics over a PGN file: the result markers, and how each game stands by the FIDE
//! rules once its moves are played (checkmate, a threefold repetition that may be claimed, or
//! undecided on the board, as after a resignation).
//!
//! The streaming reader hands every move it found legal, with the position it reached, to a
//! visitor, which builds a `Game` with `Game::push_reached` (no second legality check, the move
//! not played again), in one `Game` started again for each game with `Game::reset` (its memory
//! kept). Run it on a PGN file, or without one on a small sample written below:
//!
//! ```sh
//! cargo run --release -p chess-core --example pgn_stats -- games.pgn
//! ```

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::process::ExitCode;

use chess_core::pgn::{Break, PgnReader, PgnResult, Visitor};
use chess_core::{Game, Judging, Move, Position, Standing};

/// Three short games: a checkmate, a threefold repetition drawn by agreement, a resignation.
const SAMPLE: &str = r#"[Event "Sample"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Sample"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2

[Event "Sample"]
[Result "0-1"]

1. d4 d5 2. c4 e6 0-1
"#;

/// What the statistics need of a game.
struct Summary {
    moves: usize,
    result: PgnResult,
    standing: Standing,
}

/// Builds a `Game` from each game's moves, all in one `Game`, and sums each game up.
struct Games {
    game: Game,
    result: PgnResult,
}

impl Default for Games {
    fn default() -> Games {
        // A PGN file records what was played, even moves after the game's end.
        Games { game: Game::new().with_judging(Judging::Record), result: PgnResult::default() }
    }
}

impl Visitor for Games {
    type Output = Summary;

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        // The same rules and judging, the memory of the games before kept.
        self.game.reset(*start);
        ControlFlow::Continue(())
    }

    fn play(&mut self, _before: &Position, mv: Move) -> ControlFlow<Break> {
        // A null move (`--`) is no move of a game: skip that game.
        if mv.is_null() { ControlFlow::Break(Break::SkipGame) } else { ControlFlow::Continue(()) }
    }

    fn played(&mut self, mv: Move, after: &Position) -> ControlFlow<Break> {
        // The reader has checked that the move is legal and played it.
        match self.game.push_reached(mv, after) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(Break::SkipGame),
        }
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.result = result;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Summary {
        Summary {
            moves: self.game.moves().len(),
            result: std::mem::take(&mut self.result),
            standing: self.game.standing(),
        }
    }
}

fn main() -> ExitCode {
    let text = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{path}: {error}");
                return ExitCode::FAILURE;
            }
        },
        None => SAMPLE.to_string(),
    };

    let mut reader = PgnReader::from_text(&text);
    let mut visitor = Games::default();
    let (mut games, mut moves, mut errors) = (0, 0, 0);
    let mut results: HashMap<PgnResult, usize> = HashMap::new();
    let mut endings: HashMap<String, usize> = HashMap::new();
    while let Some(read) = reader.visit(&mut visitor) {
        let Summary { moves: played, result, standing } = match read {
            Ok(read) => read,
            Err(error) => {
                eprintln!("a game could not be read: {error}");
                errors += 1;
                continue;
            }
        };
        games += 1;
        moves += played;
        *results.entry(result).or_default() += 1;
        let ending = match standing {
            Standing::Ended(outcome) => outcome.to_string(),
            Standing::Claimable(termination) => format!("a draw may be claimed: {termination}"),
            Standing::Ongoing => "undecided on the board".to_string(),
        };
        *endings.entry(ending).or_default() += 1;
    }

    println!("{games} games, {moves} moves, {errors} unreadable");
    println!("results:");
    for result in [PgnResult::WhiteWins, PgnResult::BlackWins, PgnResult::Draw, PgnResult::Unknown] {
        println!("  {:>8} {}", result.as_str(), results.get(&result).unwrap_or(&0));
    }
    println!("by the rules, after the last move:");
    let mut endings: Vec<_> = endings.into_iter().collect();
    endings.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (ending, count) in endings {
        println!("  {count:>6} {ending}");
    }
    if errors == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
