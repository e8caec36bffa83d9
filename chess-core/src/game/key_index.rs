//! [`KeyIndex`]: where a game last saw each repetition key.

use alloc::vec::Vec;

/// A map from repetition keys to the index of the latest state with that key.
///
/// Every move and take-back writes to it, so it is a flat table rather than a `BTreeMap`
/// (which cost a game more than the move itself): open addressing with linear probing, at
/// most half full, a removal shifting back the entries after it. The keys are Zobrist keys,
/// spread already; a multiplication mixes their bits into the slot number.
///
/// A slot is in use when it carries the table's current generation: clearing the table
/// starts a new generation, which frees every slot at once (a program reading many games
/// into one [`Game`](crate::Game) clears it for each).
#[derive(Debug, Clone, Default)]
pub(super) struct KeyIndex {
    /// The slots; the length is 0 or a power of two.
    slots: Vec<Slot>,
    len: usize,
    /// The generation of the slots in use: never [`FREE`] once the table has slots.
    generation: u32,
    /// 64 minus the base-2 logarithm of the number of slots: the slot of a key is the top
    /// bits of its mixed key.
    shift: u32,
}

/// A key and the index stored for it, in use when `generation` is the table's.
#[derive(Debug, Clone, Copy)]
struct Slot {
    key: u64,
    index: u32,
    generation: u32,
}

/// The generation of a slot that is free whatever the table's generation.
const FREE: u32 = 0;

/// A free slot.
const EMPTY: Slot = Slot { key: 0, index: 0, generation: FREE };

impl KeyIndex {
    /// An index holding `key` at state `index`.
    #[cfg(test)]
    fn with(key: u64, index: u32) -> KeyIndex {
        let mut keys = KeyIndex::default();
        keys.insert(key, index);
        keys
    }

    /// Removes every key, keeping the table's memory: a new generation begins, in which no
    /// slot is in use (the slots are written again only when the generations wrap around).
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == FREE {
            self.slots.fill(EMPTY);
            self.generation = FREE + 1;
        }
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
            let Slot { key: stored, index, generation } = self.slots[slot];
            if generation != self.generation {
                return None;
            }
            if stored == key {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `index` for `key` and returns what was stored.
    #[inline]
    pub(super) fn insert(&mut self, key: u64, index: u32) -> Option<u32> {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.slot_of(key);
        loop {
            let stored = &mut self.slots[slot];
            if stored.generation != self.generation {
                *stored = Slot { key, index, generation: self.generation };
                self.len += 1;
                return None;
            }
            if stored.key == key {
                return Some(core::mem::replace(&mut stored.index, index));
            }
            slot = (slot + 1) & mask;
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
            let Slot { key: stored, generation, .. } = self.slots[hole];
            if generation != self.generation {
                return;
            }
            if stored == key {
                break;
            }
            hole = (hole + 1) & mask;
        }
        let mut next = hole;
        loop {
            next = (next + 1) & mask;
            let entry = self.slots[next];
            if entry.generation != self.generation {
                break;
            }
            // The entry may fill the hole when the hole lies on its probe, from its own slot.
            let probed = next.wrapping_sub(self.slot_of(entry.key)) & mask;
            if probed >= next.wrapping_sub(hole) & mask {
                self.slots[hole] = entry;
                hole = next;
            }
        }
        self.slots[hole] = EMPTY;
        self.len -= 1;
    }

    #[inline]
    fn slot_of(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of the product.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The entries in use.
    #[cfg(test)]
    fn entries(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.slots.iter().filter(|slot| slot.generation == self.generation).map(|slot| (slot.key, slot.index))
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(16);
        let old = core::mem::replace(&mut self.slots, alloc::vec![EMPTY; capacity]);
        let generation = core::mem::replace(&mut self.generation, FREE + 1);
        self.shift = 64 - capacity.trailing_zeros();
        self.len = 0;
        for slot in old.into_iter().filter(|slot| slot.generation == generation) {
            self.insert(slot.key, slot.index);
        }
    }
}

/// Equal when they map the same keys to the same indices, however the slots are laid out.
#[cfg(test)]
impl PartialEq for KeyIndex {
    fn eq(&self, other: &KeyIndex) -> bool {
        self.len == other.len && self.entries().all(|(key, index)| other.get(key) == Some(index))
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

    /// Clearing frees every slot at once, keeping the memory, and the table works on, also
    /// when the generations wrap around.
    #[test]
    fn clears_every_key() {
        let mut index = KeyIndex::default();
        let keys: Vec<u64> = (0..200u64).map(|i| ((i % 61) << 58) | (i % 7)).collect();
        for (step, &key) in keys.iter().enumerate() {
            index.insert(key, step as u32);
        }
        let capacity = index.slots.len();
        index.clear();
        assert_eq!((index.len, index.slots.len(), index.entries().count()), (0, capacity, 0));
        assert_eq!(index.get(keys[5]), None);
        assert_eq!(index.insert(keys[5], 1), None);
        assert_eq!(index, KeyIndex::with(keys[5], 1));
        index.generation = u32::MAX;
        index.clear();
        assert_eq!((index.generation, index.entries().count()), (FREE + 1, 0));
        assert!(index.slots.iter().all(|slot| slot.generation == FREE));
        assert_eq!(index.insert(keys[7], 2), None);
        assert_eq!(index, KeyIndex::with(keys[7], 2));
    }
}
