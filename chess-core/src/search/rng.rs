//! A small seedable random number generator (SplitMix64), so that games can be replayed.

/// SplitMix64: fast, tiny, and good enough to vary a computer player's moves.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Returns a number in `-limit..=limit` (0 when `limit` is not positive).
    pub fn symmetric(&mut self, limit: i32) -> i32 {
        if limit <= 0 {
            return 0;
        }
        let span = 2 * limit as u64 + 1;
        (self.next_u64() % span) as i32 - limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_within_bounds() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            let x = a.symmetric(50);
            assert_eq!(x, b.symmetric(50));
            assert!((-50..=50).contains(&x));
        }
        assert_eq!(a.symmetric(0), 0);
    }
}
