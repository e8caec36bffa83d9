//! The bridge from the game layer to PGN: [`PgnGame::from_game`].

use alloc::string::ToString;

use super::{PgnGame, PgnMove, PgnResult};
use crate::{Game, Outcome, Termination};

impl PgnGame {
    /// Makes the PGN record of `game`: its start position (with `SetUp` and `FEN` tags when it
    /// is not the standard one), its moves, its result, a `Termination` tag, and how it ended
    /// in words as a comment after the last move.
    ///
    /// The `Termination` tag takes the PGN standard's values: `normal` for a game that ended
    /// on the board or by agreement, resignation or a claim; `time forfeit`; `rules
    /// infraction` for a forfeit; `abandoned` for a void game; `unterminated` while it goes
    /// on. The other tags of the seven-tag roster are left for the caller to set with
    /// [`PgnGame::set_tag`] (they are written as `?` otherwise).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::Game;
    /// use chess_core::pgn::PgnGame;
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.push_san(san)?;
    /// }
    /// let mut pgn = PgnGame::from_game(&game);
    /// pgn.set_tag("White", "Anna");
    /// assert_eq!(
    ///     pgn.to_pgn(),
    ///     r#"[Event "?"]
    /// [Site "?"]
    /// [Date "????.??.??"]
    /// [Round "?"]
    /// [White "Anna"]
    /// [Black "?"]
    /// [Result "0-1"]
    /// [Termination "normal"]
    ///
    /// 1. f3 e5 2. g4 Qh4# {black wins by checkmate} 0-1
    /// "#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> PgnGame {
        let mut pgn = PgnGame::from_position(*game.start_position());
        pgn.moves = game.moves().iter().map(|&m| PgnMove::new(m)).collect();
        let outcome = game.outcome();
        pgn.result = PgnResult::from_ascii(game.result().as_bytes()).unwrap_or_default();
        pgn.set_tag("Termination", termination_tag(outcome));
        if let Some(outcome) = outcome {
            let words = Some(outcome.to_string());
            match pgn.moves.last_mut() {
                Some(last) => last.comment = words,
                None => pgn.comment = words,
            }
        }
        pgn
    }
}

/// Returns the PGN standard's `Termination` tag value for an outcome (`None`: still going on).
fn termination_tag(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|outcome| outcome.termination) {
        None => "unterminated",
        Some(Termination::Timeout) => "time forfeit",
        Some(Termination::Forfeit) => "rules infraction",
        Some(Termination::Aborted) => "abandoned",
        Some(_) => "normal",
    }
}
