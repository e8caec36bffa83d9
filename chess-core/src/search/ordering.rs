//! Move ordering: which moves to search first so that alpha-beta cuts early.
//!
//! The hash move first, then winning and even captures by most valuable victim / least
//! valuable attacker, queen promotions, the two killer moves of the ply, quiet moves by their
//! history, and losing captures last.

use super::eval::MATERIAL;
use crate::{Bitboard, Color, Move, MoveList, Position, Role};

/// The deepest ply a search reaches (extensions included).
pub(crate) const MAX_PLY: usize = 128;

/// What the search learns about quiet moves as it goes: killers per ply and a history score
/// per (side, from, to).
pub(crate) struct Heuristics {
    killers: [[Move; 2]; MAX_PLY],
    history: [[[i32; 64]; 64]; 2],
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics { killers: [[Move::NULL; 2]; MAX_PLY], history: [[[0; 64]; 64]; 2] }
    }

    /// Forgets the killers and ages the history between searches.
    pub fn new_search(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY];
        for value in self.history.iter_mut().flatten().flatten() {
            *value /= 8;
        }
    }

    /// Records a quiet move that caused a cut-off at `ply`, searched to `depth`; the quiet moves
    /// tried before it at that node are penalised.
    pub fn record_cutoff(&mut self, side: Color, m: Move, tried: &[Move], ply: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != m {
            killers[1] = killers[0];
            killers[0] = m;
        }
        let bonus = (depth * depth).min(400) as i32;
        let history = &mut self.history[side as usize];
        update(&mut history[m.from() as usize][m.to() as usize], bonus);
        for quiet in tried {
            update(&mut history[quiet.from() as usize][quiet.to() as usize], -bonus);
        }
    }
}

/// Moves a history value toward ±`MAX_HISTORY` so that it stays bounded.
fn update(value: &mut i32, bonus: i32) {
    const MAX_HISTORY: i32 = 16_384;
    *value += bonus - *value * bonus.abs() / MAX_HISTORY;
}

/// The moves of one node with their scores, handed out best first.
///
/// A picker has room for [`MAX_LEGAL_MOVES`](crate::MAX_LEGAL_MOVES) moves and scores (about
/// 4 KB): the search keeps one per ply on the heap and refills it at each node, so that a deep
/// search fits a small thread stack.
pub(crate) struct MovePicker {
    moves: MoveList,
    /// One score per move, filled without clearing the rest of the room (a position may have
    /// up to `MAX_LEGAL_MOVES` moves, but a node of the search has a few dozen).
    scores: arrayvec::ArrayVec<i32, { crate::MAX_LEGAL_MOVES }>,
    next: usize,
}

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 24;
const PROMOTION: i32 = GOOD_CAPTURE - 1;
const KILLER: i32 = 1 << 22;
const BAD_CAPTURE: i32 = -(1 << 24);

impl MovePicker {
    /// Makes an empty picker.
    pub fn new() -> MovePicker {
        MovePicker { moves: MoveList::new(), scores: arrayvec::ArrayVec::new(), next: 0 }
    }

    /// Generates the legal moves of a node at `ply` (in place: the list is too large for the
    /// stack of a deep search) and orders them, `hash_move` from the transposition table first.
    /// Returns whether there is any.
    pub fn order(&mut self, pos: &Position, hash_move: Move, heuristics: &Heuristics, ply: usize) -> bool {
        self.moves.clear();
        // No position has more than `MAX_LEGAL_MOVES` legal moves (a proven bound).
        pos.for_each_legal_move(|m| {
            let _ = self.moves.try_push(m);
        });
        let killers = &heuristics.killers[ply.min(MAX_PLY - 1)];
        let history = &heuristics.history[pos.turn() as usize];
        self.score(|m| {
            if m == hash_move {
                HASH_MOVE
            } else if let Some(victim) = pos.captured(m) {
                let order = mvv_lva(pos, m, victim);
                if see(pos, m) >= 0 { GOOD_CAPTURE + order } else { BAD_CAPTURE + order }
            } else if m.promotion() == Some(Role::Queen) {
                PROMOTION
            } else if m == killers[0] {
                KILLER + 1
            } else if m == killers[1] {
                KILLER
            } else if m.is_promotion() {
                BAD_CAPTURE - 1 // under-promotions last
            } else {
                history[m.from() as usize][m.to() as usize]
            }
        });
        !self.moves.is_empty()
    }

    /// Takes the captures of a quiescence node and orders them: the hash move, then by most
    /// valuable victim and least valuable attacker.
    pub fn order_captures(&mut self, pos: &Position, moves: MoveList, hash_move: Move) {
        self.moves = moves;
        self.score(|m| match pos.captured(m) {
            _ if m == hash_move => HASH_MOVE,
            Some(victim) => mvv_lva(pos, m, victim),
            None => MATERIAL[m.promotion().map_or(0, |role| role as usize)],
        });
    }

    fn score(&mut self, score: impl Fn(Move) -> i32) {
        self.scores.clear();
        self.scores.extend(self.moves.iter().map(|&m| score(m)));
        self.next = 0;
    }

    /// Returns the best move not yet handed out.
    pub fn next_move(&mut self) -> Option<Move> {
        let remaining = self.next..self.moves.len();
        let best = remaining.max_by_key(|&i| self.scores[i])?;
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

fn mvv_lva(pos: &Position, m: Move, victim: Role) -> i32 {
    let attacker = pos.board().role_at(m.from()).map_or(0, |role| role as i32);
    (victim as i32 + 1) * 16 - attacker
}

/// Returns the static exchange evaluation of a capture: the material the side to move wins (or
/// loses, when negative) if both sides keep recapturing on the target square with their least
/// valuable attacker, each free to stop when it would lose.
pub(crate) fn see(pos: &Position, m: Move) -> i32 {
    let board = pos.board();
    let target = m.to();
    let Some(mut attacker_role) = board.role_at(m.from()) else { return 0 };
    let first_gain = pos.captured(m).map_or(0, |role| MATERIAL[role as usize]);
    let mut occupied = board.occupied().without(m.from());
    if m.is_en_passant() {
        occupied = occupied.without(crate::moves::en_passant_victim(m.from(), target));
    }
    if let Some(role) = m.promotion() {
        attacker_role = role;
    }
    let mut gains = [0i32; 32];
    gains[0] = first_gain;
    let mut depth = 0;
    let mut side = !pos.turn();
    loop {
        let attackers = board.attackers_to(target, side, occupied) & occupied;
        let Some((square, role)) = least_valuable(board, attackers) else { break };
        depth += 1;
        // What the side to move wins if it recaptures: the piece that just captured.
        gains[depth] = MATERIAL_WITH_KING[attacker_role as usize] - gains[depth - 1];
        if role == Role::King && (board.attackers_to(target, !side, occupied.without(square)) & occupied).any() {
            depth -= 1; // the king may not recapture into an attacked square
            break;
        }
        attacker_role = role;
        occupied = occupied.without(square);
        side = !side;
        if depth == gains.len() - 1 {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Material values with a large value for the king, for exchanges.
const MATERIAL_WITH_KING: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

fn least_valuable(board: &crate::Board, attackers: Bitboard) -> Option<(crate::Square, Role)> {
    Role::ALL.into_iter().find_map(|role| (attackers & board.by_role(role)).first().map(|square| (square, role)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos: Position = fen.parse().unwrap();
        let m = pos.parse_uci(uci).unwrap();
        see(&pos, m)
    }

    #[test]
    fn static_exchange() {
        // Pawn takes an undefended knight.
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 300);
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100 - 900);
        // Rook takes a rook defended by a rook, backed by a second rook (x-ray through the file).
        assert_eq!(see_of("3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 500);
        // The king may recapture only an undefended piece.
        assert_eq!(see_of("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1e7"), 100 - 500);
        assert_eq!(see_of("4k3/4p3/8/8/8/8/4R3/4RK2 w - - 0 1", "e2e7"), 100);
    }

    #[test]
    fn picker_hands_out_the_hash_move_then_captures() {
        let pos: Position = "4k3/8/8/3n4/4P3/8/8/R3K3 w - - 0 1".parse().unwrap();
        let hash = pos.parse_uci("a1a8").unwrap();
        let mut picker = MovePicker::new();
        assert!(picker.order(&pos, hash, &Heuristics::new(), 0));
        assert_eq!(picker.next_move(), Some(hash));
        assert_eq!(picker.next_move(), Some(pos.parse_uci("e4d5").unwrap()));
    }
}
