//! Helpers shared by the integration tests.

use chess_core::Position;

/// Plays `plies` pseudo-random legal moves from `start`, chosen by `seed` (xorshift), and
/// returns every position on the way, `start` first; stops early when no move is left.
pub fn random_line(start: Position, seed: u64, plies: usize) -> Vec<Position> {
    let mut pos = start;
    let mut state = seed | 1;
    let mut line = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        line.push(pos);
    }
    line
}
