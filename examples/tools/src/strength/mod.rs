//! Measuring the computer player: test suites, a ladder of games between the levels, and how
//! often the Beginner errs.
//!
//! The `strength` binary prints what these functions measure; `BENCHMARKS.md` keeps the numbers.

pub mod blunders;
pub mod ladder;
pub mod suite;

/// Returns the `q`-quantile (0.0 to 1.0) of `values` (sorted in place); 0 for none.
pub fn quantile<T: Copy + Ord + Default>(values: &mut [T], q: f64) -> T {
    if values.is_empty() {
        return T::default();
    }
    values.sort_unstable();
    let index = ((values.len() - 1) as f64 * q).round() as usize;
    values[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles() {
        let mut values: Vec<u32> = (1..=100).collect();
        assert_eq!(quantile(&mut values, 0.99), 99);
        assert_eq!(quantile(&mut values, 1.0), 100);
        assert_eq!(quantile::<u32>(&mut [], 0.5), 0);
    }
}
