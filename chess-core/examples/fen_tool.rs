//! A FEN tool: reads a position, lists its legal moves in SAN, tries the moves given after it
//! (SAN, UCI or two squares such as `e2 e4`), saying in English and Chinese why an illegal
//! one cannot be played, and counts the move paths a few plies deep (perft).
//!
//! ```sh
//! cargo run --release -p chess-core --example fen_tool -- "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" O-O Ke3 "a1 a8"
//! ```
//!
//! Without arguments it looks at the starting position and a few sample moves.

use std::process::ExitCode;

use chess_core::{CastlingChoice, Lang, Position, perft};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (fen, moves): (String, Vec<String>) = match args.next() {
        Some(fen) => (fen, args.collect()),
        None => (Position::new().to_fen(), ["e4", "e2 e5", "Nd4", "Ke2", "O-O"].map(String::from).to_vec()),
    };
    // Standard chess, or Chess960 when the castling rights only fit Chess960.
    let pos = match Position::from_fen_with(&fen, CastlingChoice::Automatic) {
        Ok(pos) => pos,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };

    println!("{pos} ({})", if pos.castling_mode().is_chess960() { "Chess960" } else { "standard chess" });
    let legal = pos.legal_moves();
    let sans: Vec<String> = legal.iter().map(|&m| pos.san(m).to_string()).collect();
    println!("{} legal moves: {}", legal.len(), sans.join(" "));

    for text in &moves {
        match pos.parse_move(text) {
            Ok(m) => println!("{text}: legal, {} ({})", pos.san(m), pos.describe(m).text(Lang::Zh)),
            Err(error) => match error.reason() {
                Some(reason) => println!("{text}: {} / {}", reason.text(Lang::En), reason.text(Lang::Zh)),
                None => println!("{text}: {error}"),
            },
        }
    }

    for depth in 1..=4 {
        match perft::perft(&pos, depth) {
            Ok(nodes) => println!("perft({depth}) = {nodes}"),
            Err(error) => eprintln!("{error}"),
        }
    }
    ExitCode::SUCCESS
}
