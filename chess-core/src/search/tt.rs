//! The transposition table: what earlier searches learnt about positions, by Zobrist key.

use alloc::vec::Vec;

use super::score::MATE_BOUND;
use crate::Move;

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// Classifies the best score of a search with the window (`alpha`, `beta`) it began with.
    pub fn of(best_score: i32, alpha: i32, beta: i32) -> Bound {
        if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One remembered search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    key: u64,
    /// The best (or refuting) move found, or [`Move::NULL`].
    pub mv: Move,
    score: i16,
    /// The depth the score was searched to.
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

impl Entry {
    const EMPTY: Entry = Entry { key: 0, mv: Move::NULL, score: 0, depth: 0, bound: Bound::Upper, generation: 0 };

    /// Returns the stored score if it settles a node `ply` plies below the root searched with
    /// the window (`alpha`, `beta`).
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let score = self.score(ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }

    /// Returns the score as seen from a node `ply` plies below the root.
    pub fn score(&self, ply: usize) -> i32 {
        let score = i32::from(self.score);
        if score >= MATE_BOUND {
            score - ply as i32
        } else if score <= -MATE_BOUND {
            score + ply as i32
        } else {
            score
        }
    }
}

/// A fixed-size table of [`Entry`]s, indexed by Zobrist key.
pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// Makes a table of about `megabytes` MiB (at least one entry), or as large as memory
    /// allows: the size is halved until the allocation succeeds.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let mut count = (megabytes.saturating_mul(1 << 20) / core::mem::size_of::<Entry>()).max(1);
        let mut entries = Vec::new();
        while entries.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        entries.resize(count, Entry::EMPTY);
        TranspositionTable { entries, generation: 0 }
    }

    /// Returns the table's size in MiB (rounded down).
    pub fn megabytes(&self) -> usize {
        (self.entries.len() * core::mem::size_of::<Entry>()) >> 20
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search, so that old entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the table without a division.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// Returns the entry for `key`, if one is stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[self.index(key)];
        (entry.key == key).then_some(entry)
    }

    /// Stores what a search of the node `ply` plies below the root found.
    pub fn store(&mut self, key: u64, mv: Move, score: i32, depth: u32, bound: Bound, ply: usize) {
        let index = self.index(key);
        let old = self.entries[index];
        let depth = depth.min(255) as u8;
        // Keep deeper results of this search; results of earlier searches make way.
        let replace = old.generation != self.generation || depth + 3 >= old.depth;
        if !replace {
            return;
        }
        // Mate scores are stored relative to this node, not to the root.
        let score = if score >= MATE_BOUND {
            score + ply as i32
        } else if score <= -MATE_BOUND {
            score - ply as i32
        } else {
            score
        };
        let mv = if mv.is_null() && old.key == key { old.mv } else { mv };
        self.entries[index] = Entry { key, mv, score: score as i16, depth, bound, generation: self.generation };
    }

    /// Returns how full the table is, in thousandths (from a sample of the first entries).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        let used = sample.iter().filter(|e| e.generation == self.generation && e.key != 0).count();
        (used * 1000 / sample.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    const MATE_IN_7_PLIES: i32 = MATE - 7;

    #[test]
    fn stores_and_adjusts_mate_scores_by_ply() {
        let mut tt = TranspositionTable::new(1);
        let mv = Move::new(crate::Square::E2, crate::Square::E4);
        // A mate in 3 plies seen from a node 4 plies below the root: 7 plies from the root.
        tt.store(42, mv, MATE_IN_7_PLIES, 5, Bound::Exact, 4);
        let entry = tt.probe(42).unwrap();
        assert_eq!(entry.mv, mv);
        assert_eq!(entry.score(4), MATE_IN_7_PLIES);
        assert_eq!(entry.score(2), MATE_IN_7_PLIES + 2);
        assert!(tt.probe(43).is_none());
        tt.clear();
        assert!(tt.probe(42).is_none());
    }
}
