//! [`KeyIndex`]: where a game last saw each repetition key.

use alloc::vec::Vec;

/// A map from repetition keys to the index of the latest state with that key.
///
/// Every move and take-back writes to it, so it is a flat table rather than a `BTreeMap`
/// (which cost a game more than the move itself): open addressing with linear probing, at
/// most half full, a removal shifting back the entries after it. The keys are Zobrist keys,
/// spread already; a multiplication mixes their bits into the slot number.
#[derive(Debug, Clone, Default)]
pub(super) struct KeyIndex {
    /// `(key, index)`, or [`EMPTY`] in the index for a free slot; the length is 0 or a power of two.
    slots: Vec<(u64, u32)>,
    len: usize,
}

/// The index of a free slot.
const EMPTY: u32 = u32::MAX;

impl KeyIndex {
    /// An index holding `key` at state `index`.
    #[cfg(test)]
    fn with(key: u64, index: u32) -> KeyIndex {
        let mut keys = KeyIndex::default();
        keys.insert(key, index);
        keys
    }

    /// Removes every key, keeping the table's memory, given every key stored (each at least
    /// once, in any order): from each key's own slot the entries up to a free slot are freed,
    /// so that clearing costs the keys' number rather than the table's size.
    ///
    /// Each key lies in the run of entries from its own slot, and every run freed is the end
    /// of a run of entries (the rest of it freed before it or by it): the key is reached.
    pub(super) fn clear(&mut self, keys: impl Iterator<Item = u64>) {
        if self.slots.is_empty() {
            return;
        }
        let mask = self.slots.len() - 1;
        for key in keys {
            let mut slot = self.slot_of(key);
            while self.slots[slot].1 != EMPTY {
                self.slots[slot] = (0, EMPTY);
                slot = (slot + 1) & mask;
            }
        }
        self.len = 0;
        debug_assert!(self.slots.iter().all(|&(_, index)| index == EMPTY), "a key was left out");
    }

    /// Returns the index stored for `key`.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.slot_of(key);
        loop {
            match self.slots[slot] {
                (_, EMPTY) => return None,
                (stored, index) if stored == key => return Some(index),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Stores `index` for `key` and returns what was stored.
    #[inline]
    pub(super) fn insert(&mut self, key: u64, index: u32) -> Option<u32> {
        debug_assert_ne!(index, EMPTY);
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.slot_of(key);
        loop {
            match self.slots[slot] {
                (_, EMPTY) => {
                    self.slots[slot] = (key, index);
                    self.len += 1;
                    return None;
                }
                (stored, previous) if stored == key => {
                    self.slots[slot].1 = index;
                    return Some(previous);
                }
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Removes `key`, moving back the entries whose probe passed its slot.
    #[inline]
    pub(super) fn remove(&mut self, key: u64) {
        if self.slots.is_empty() {
            return;
        }
        let mask = self.slots.len() - 1;
        let mut hole = self.slot_of(key);
        loop {
            match self.slots[hole] {
                (_, EMPTY) => return,
                (stored, _) if stored == key => break,
                _ => hole = (hole + 1) & mask,
            }
        }
        let mut next = hole;
        loop {
            next = (next + 1) & mask;
            let (stored, index) = self.slots[next];
            if index == EMPTY {
                break;
            }
            // The entry may fill the hole when the hole lies on its probe, from its own slot.
            let probed = next.wrapping_sub(self.slot_of(stored)) & mask;
            if probed >= next.wrapping_sub(hole) & mask {
                self.slots[hole] = (stored, index);
                hole = next;
            }
        }
        self.slots[hole] = (0, EMPTY);
        self.len -= 1;
    }

    #[inline]
    fn slot_of(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of the product.
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(16);
        let old = core::mem::replace(&mut self.slots, alloc::vec![(0, EMPTY); capacity]);
        self.len = 0;
        for (key, index) in old.into_iter().filter(|&(_, index)| index != EMPTY) {
            self.insert(key, index);
        }
    }
}

/// Equal when they map the same keys to the same indices, however the slots are laid out.
#[cfg(test)]
impl PartialEq for KeyIndex {
    fn eq(&self, other: &KeyIndex) -> bool {
        self.len == other.len
            && self
                .slots
                .iter()
                .filter(|&&(_, index)| index != EMPTY)
                .all(|&(key, index)| other.get(key) == Some(index))
    }
}

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;

    use super::*;

    /// Random inserts and removes, with keys crowded into few slots, agree with a `BTreeMap`.
    #[test]
    fn agrees_with_a_btree_map() {
        let (mut index, mut model) = (KeyIndex::default(), BTreeMap::new());
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for step in 0..20_000u32 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Few distinct keys, many sharing their high bits: long probes and wrap-arounds.
            let key = ((state % 61) << 58) | ((state >> 40) % 3);
            if state.is_multiple_of(3) {
                index.remove(key);
                model.remove(&key);
            } else {
                assert_eq!(index.insert(key, step), model.insert(key, step));
            }
            assert_eq!(index.get(key), model.get(&key).copied());
            assert_eq!(index.len, model.len());
        }
        for (&key, &value) in &model {
            assert_eq!(index.get(key), Some(value));
        }
        let mut rebuilt = KeyIndex::default();
        for (&key, &value) in model.iter().rev() {
            rebuilt.insert(key, value);
        }
        assert_eq!(rebuilt, index);
        rebuilt.remove(*model.keys().next().unwrap());
        assert_ne!(rebuilt, index);
    }

    /// Clearing by the keys stored (crowded into few slots, repeated, in any order) frees
    /// every slot, and the table works on.
    #[test]
    fn clears_given_the_keys_stored() {
        let mut index = KeyIndex::default();
        let keys: Vec<u64> = (0..200u64).map(|i| ((i % 61) << 58) | (i % 7)).collect();
        for (step, &key) in keys.iter().enumerate() {
            index.insert(key, step as u32);
        }
        let capacity = index.slots.len();
        index.clear(keys.iter().rev().chain(&keys).copied());
        assert_eq!((index.len, index.slots.len()), (0, capacity));
        assert!(index.slots.iter().all(|&(_, stored)| stored == EMPTY));
        assert_eq!(index.get(keys[5]), None);
        assert_eq!(index.insert(keys[5], 1), None);
        assert_eq!(index, KeyIndex::with(keys[5], 1));
    }
}
