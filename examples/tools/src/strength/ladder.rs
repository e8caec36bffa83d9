//! Games between two computer players from a set of openings, to compare the levels.

use std::time::Duration;

use chess_core::search::{Level, SearchLimits, Searcher};
use chess_core::{Color, Game};

/// Twenty common openings (SAN), each played once with either colour by a match.
pub const OPENINGS: [&str; 20] = [
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "e4 e5 Nf3 Nf6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "e4 c5 Nc3 Nc6 g3",
    "e4 e6 d4 d5 Nc3 Bb4",
    "e4 c6 d4 d5 e5 Bf5",
    "e4 d5 exd5 Qxd5 Nc3 Qa5",
    "e4 d6 d4 Nf6 Nc3 g6",
    "e4 Nf6 e5 Nd5 d4 d6",
    "d4 d5 c4 e6 Nc3 Nf6 Bg5",
    "d4 d5 c4 c6 Nf3 Nf6",
    "d4 d5 c4 dxc4 e4",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",
    "d4 Nf6 c4 e6 Nc3 Bb4",
    "d4 Nf6 c4 c5 d5 b5",
    "d4 f5 g3 Nf6 Bg2 g6",
    "c4 e5 Nc3 Nf6 g3",
    "Nf3 d5 g3 Nf6 Bg2 c6",
    "e4 e5 f4 exf4 Nf3 g5",
];

/// A computer player of a match: a level and the limits it searches each move with.
#[derive(Clone, Debug)]
pub struct Player {
    /// The level.
    pub level: Level,
    /// The limits of each move.
    pub limits: SearchLimits,
}

impl Player {
    /// Returns a player at `level` with the level's own limits, except that Master thinks for
    /// `master_time` per move.
    pub fn new(level: Level, master_time: Duration) -> Player {
        let limits = if level == Level::Master { SearchLimits::move_time(master_time) } else { level.limits() };
        Player { level, limits }
    }
}

/// The results of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn (including games stopped at the ply limit).
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl MatchScore {
    /// Returns the first player's score in percent (a draw counts half).
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 { 0.0 } else { 100.0 * (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games) }
    }
}

/// Plies after which a game is stopped and counted as a draw.
pub const MAX_PLIES: usize = 400;

/// Plays one game from `opening` (SAN) under FIDE rules and returns the winner, if any.
pub fn play_game(white: (&Player, &mut Searcher), black: (&Player, &mut Searcher), opening: &str) -> Option<Color> {
    let mut game = Game::new();
    for san in opening.split_whitespace() {
        game.push_san(san).expect("the openings are legal");
    }
    let (white_player, white_searcher) = white;
    let (black_player, black_searcher) = black;
    white_searcher.set_level(white_player.level);
    black_searcher.set_level(black_player.level);
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let (player, searcher) = match game.position().turn() {
            Color::White => (white_player, &mut *white_searcher),
            Color::Black => (black_player, &mut *black_searcher),
        };
        let result = searcher.search_game(&game, &player.limits, &mut ());
        let Some(mv) = result.best_move else { break };
        game.push(mv).expect("the search plays legal moves");
    }
    game.outcome().and_then(|outcome| outcome.winner)
}

/// Plays every opening twice (once with each colour) between `first` and `second`, seeding
/// the players' random choices from `seed`, and returns the first player's results.
/// `on_game` is called after each game with its number and the winner.
pub fn play_match(
    first: &Player,
    second: &Player,
    seed: u64,
    mut on_game: impl FnMut(usize, Option<Color>),
) -> MatchScore {
    let mut score = MatchScore::default();
    let (mut a, mut b) = (Searcher::with_hash_mb(16), Searcher::with_hash_mb(16));
    for (index, opening) in OPENINGS.iter().enumerate() {
        for first_is_white in [true, false] {
            let game_number = 2 * index + usize::from(!first_is_white);
            a.new_game();
            b.new_game();
            a.set_seed(seed.wrapping_add(2 * game_number as u64));
            b.set_seed(seed.wrapping_add(2 * game_number as u64 + 1));
            let winner = if first_is_white {
                play_game((first, &mut a), (second, &mut b), opening)
            } else {
                play_game((second, &mut b), (first, &mut a), opening)
            };
            let first_color = if first_is_white { Color::White } else { Color::Black };
            match winner {
                Some(color) if color == first_color => score.wins += 1,
                Some(_) => score.losses += 1,
                None => score.draws += 1,
            }
            on_game(game_number, winner);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_legal_and_distinct() {
        let mut fens: Vec<String> = OPENINGS
            .iter()
            .map(|opening| {
                let mut game = Game::new();
                for san in opening.split_whitespace() {
                    game.push_san(san).unwrap();
                }
                game.position().to_fen()
            })
            .collect();
        fens.sort();
        fens.dedup();
        assert_eq!(fens.len(), OPENINGS.len());
    }

    #[test]
    fn match_score_percent() {
        let score = MatchScore { wins: 30, draws: 4, losses: 6 };
        assert_eq!(score.percent(), 80.0);
    }
}
