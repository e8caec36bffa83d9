//! How often a level's moves lose material, judged by a deeper reference search.

use chess_core::search::{Level, Score, SearchLimits, Searcher};
use chess_core::{Color, Game, Move};

use super::ladder::{OPENINGS, Player};

/// What the reference search thought of the moves of the measured level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlunderCount {
    /// Moves judged.
    pub moves: u32,
    /// Moves that lose at least a pawn (100 centipawns) against the best move.
    pub lost_a_pawn: u32,
    /// Moves that lose at least three pawns.
    pub lost_three_pawns: u32,
}

impl BlunderCount {
    /// Returns `count` as a percentage of the moves judged.
    pub fn percent(&self, count: u32) -> f64 {
        if self.moves == 0 { 0.0 } else { 100.0 * f64::from(count) / f64::from(self.moves) }
    }
}

/// Beyond ten pawns the game is decided: scores are clamped there, and a mate counts as ten
/// pawns, so that missing a long mate in a won position is not counted as losing material.
pub const DECIDED: i32 = 1_000;

/// Maps a score to centipawns within ±[`DECIDED`], mates at the bounds.
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-DECIDED, DECIDED),
        Score::Mate(moves) if moves > 0 => DECIDED,
        Score::Mate(_) => -DECIDED,
    }
}

/// Returns how many centipawns `played` loses against the best move, by a Master search of
/// `depth` plies.
pub fn loss(reference: &mut Searcher, game: &Game, played: Move, depth: u32) -> i32 {
    reference.set_level(Level::Master);
    let best = reference.search_game(game, &SearchLimits::depth(depth), &mut ());
    if best.best_move == Some(played) {
        return 0;
    }
    let limits = SearchLimits { root_moves: vec![played], ..SearchLimits::depth(depth) };
    let played_result = reference.search_game(game, &limits, &mut ());
    (centipawns(best.score) - centipawns(played_result.score)).max(0)
}

/// Plays `measured` against `opponent` from the first `games` openings (alternating colours)
/// and judges each of `measured`'s moves with a reference search of `depth` plies;
/// `on_move` sees each judged move with the game before it and the centipawns it lost.
pub fn count_blunders(
    measured: &Player,
    opponent: &Player,
    games: usize,
    seed: u64,
    depth: u32,
    mut on_move: impl FnMut(&Game, Move, i32),
) -> BlunderCount {
    let mut count = BlunderCount::default();
    let (mut player, mut other, mut reference) =
        (Searcher::with_hash_mb(16), Searcher::with_hash_mb(16), Searcher::with_hash_mb(64));
    player.set_level(measured.level);
    other.set_level(opponent.level);
    for game_number in 0..games {
        let opening = OPENINGS[game_number % OPENINGS.len()];
        let measured_color = if game_number % 2 == 0 { Color::White } else { Color::Black };
        player.set_seed(seed.wrapping_add(game_number as u64));
        let mut game = Game::new();
        for san in opening.split_whitespace() {
            game.push_san(san).expect("the openings are legal");
        }
        while !game.is_over() && game.moves().len() < super::ladder::MAX_PLIES {
            let measured_to_move = game.position().turn() == measured_color;
            let result = if measured_to_move {
                player.search_game(&game, &measured.limits, &mut ())
            } else {
                other.search_game(&game, &opponent.limits, &mut ())
            };
            let Some(mv) = result.best_move else { break };
            if measured_to_move {
                let lost = loss(&mut reference, &game, mv, depth);
                on_move(&game, mv, lost);
                count.moves += 1;
                count.lost_a_pawn += u32::from(lost >= 100);
                count.lost_three_pawns += u32::from(lost >= 300);
            }
            game.push(mv).expect("the search plays legal moves");
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hanging_the_queen_loses_nine_pawns() {
        // Moving the queen to h5, where the knight takes it, loses it.
        let game = Game::from_position("rnbqkb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 1 2".parse().unwrap());
        let qh5 = game.position().parse_san("Qh5").unwrap();
        let lost = loss(&mut Searcher::with_hash_mb(1), &game, qh5, 3);
        assert!((800..=1000).contains(&lost), "{lost}");
        let nf3 = game.position().parse_san("Nf3").unwrap();
        assert!(loss(&mut Searcher::with_hash_mb(1), &game, nf3, 3) < 100);
    }

    #[test]
    fn decided_scores_are_clamped() {
        assert_eq!(centipawns(Score::Mate(3)), 1_000);
        assert_eq!(centipawns(Score::Cp(5_000)), 1_000);
        assert_eq!(centipawns(Score::Mate(-2)), -1_000);
        assert_eq!(centipawns(Score::Cp(-250)), -250);
    }
}
