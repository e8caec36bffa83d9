//! A game between two computer players, Normal with White and Expert with Black, under the
//! casual rules (which draw a game automatically on repetition or long play without progress).
//! The finished game is saved with serde as JSON, read back equal, and written as PGN.
//!
//! ```sh
//! cargo run --release -p chess-core --features serde --example casual_game
//! ```

use chess_core::pgn::PgnGame;
use chess_core::search::{Level, Searcher};
use chess_core::{Color, Game, Lang, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = Game::with_rules(Rules::casual());
    let mut white = Searcher::new();
    white.set_level(Level::Normal);
    let mut black = Searcher::new();
    black.set_level(Level::Expert);
    // The weaker levels choose among good moves at random: seeded, the game is the same each run.
    white.set_seed(1);
    black.set_seed(2);

    while !game.is_over() {
        let player = match game.position().turn() {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        let Some(reply) = player.play(&game).best_move else { break };
        game.push(reply)?;
    }
    let outcome = game.outcome().expect("the loop ends with the game");
    println!("{outcome} after {} plies ({})", game.moves().len(), outcome.text(Lang::Zh));

    // The save: the start position, the moves, the events and the rules, as JSON.
    let save = serde_json::to_string(&game)?;
    let loaded: Game = serde_json::from_str(&save)?;
    assert_eq!(loaded, game, "a saved game reads back equal");
    println!("saved in {} bytes of JSON and read back equal", save.len());

    let mut pgn = PgnGame::from_game(&game);
    pgn.set_tag("Event", "Casual game");
    pgn.set_tag("White", Level::Normal.text(Lang::En).to_string().as_str());
    pgn.set_tag("Black", Level::Expert.text(Lang::En).to_string().as_str());
    print!("\n{}", pgn.to_pgn());
    Ok(())
}
