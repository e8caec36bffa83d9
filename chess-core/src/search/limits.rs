//! What bounds a search: depth, nodes, time, a game clock, a mate to find.

use alloc::vec::Vec;
use core::time::Duration;

use super::Level;
use crate::{Color, Move};

/// When a search stops and what it looks for. Every limit is optional and they combine: the
/// search stops at the first one reached. With none (the default), a [`Searcher`](super::Searcher)
/// searches within its level's own limits ([`SearchLimits::or_level`]); to search until
/// stopped, set [`infinite`](SearchLimits::infinite).
///
/// # Examples
///
/// ```
/// use core::time::Duration;
/// use chess_core::search::SearchLimits;
///
/// let limits = SearchLimits { nodes: Some(100_000), ..SearchLimits::depth(8) };
/// assert_eq!(limits.depth, Some(8));
/// let quick = SearchLimits::move_time(Duration::from_millis(50));
/// assert_eq!(quick.move_time, Some(Duration::from_millis(50)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The number of nodes after which the search stops.
    pub nodes: Option<u64>,
    /// The time the search may take.
    pub move_time: Option<Duration>,
    /// The players' clocks: the search budgets its own time from them.
    pub clock: Option<GameClock>,
    /// Look for a mate in at most this many moves (and stop when one is found).
    pub mate: Option<u32>,
    /// Only these root moves are searched (all when empty).
    pub root_moves: Vec<Move>,
    /// How many best lines to find (1 when 0).
    pub multi_pv: u32,
    /// Keep searching until stopped, even after a mate is found (UCI `go infinite`).
    pub infinite: bool,
}

impl SearchLimits {
    /// Returns limits with only a depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    /// Returns limits with only a node count.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }

    /// Returns limits with only a time for the move.
    pub fn move_time(time: Duration) -> SearchLimits {
        SearchLimits { move_time: Some(time), ..SearchLimits::default() }
    }

    /// Returns limits that look for a mate in at most `moves` moves.
    pub fn mate(moves: u32) -> SearchLimits {
        SearchLimits { mate: Some(moves), ..SearchLimits::default() }
    }

    /// Tells whether any limit bounds the search: a depth, a node count, a time, a clock, a
    /// mate to find, or [`infinite`](SearchLimits::infinite) (until stopped). The root moves
    /// and the number of lines bound nothing.
    pub fn is_bounded(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.move_time.is_some()
            || self.clock.is_some()
            || self.mate.is_some()
            || self.infinite
    }

    /// Returns what a search with these limits at `level` runs with: these limits when they
    /// [bound](SearchLimits::is_bounded) the search, else the level's own
    /// ([`Level::limits`]: a depth and a node cap, or Master's second) with these root moves
    /// and number of lines.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::time::Duration;
    /// use chess_core::search::{Level, SearchLimits};
    ///
    /// assert_eq!(SearchLimits::default().or_level(Level::Normal), Level::Normal.limits());
    /// assert_eq!(SearchLimits::default().or_level(Level::Master).move_time, Some(Duration::from_secs(1)));
    /// assert_eq!(SearchLimits::depth(9).or_level(Level::Normal), SearchLimits::depth(9));
    /// ```
    pub fn or_level(self, level: Level) -> SearchLimits {
        if self.is_bounded() {
            return self;
        }
        SearchLimits { root_moves: self.root_moves, multi_pv: self.multi_pv, ..level.limits() }
    }

    /// Returns the (soft, hard) time budget for `side`: the search does not start a new
    /// iteration after the soft one and stops at the hard one.
    pub(crate) fn time_budget(&self, side: Color) -> Option<(Duration, Duration)> {
        let from_clock = self.clock.map(|clock| clock.budget(side));
        match (self.move_time, from_clock) {
            (Some(time), Some((soft, hard))) => Some((soft.min(time), hard.min(time))),
            (Some(time), None) => Some((time, time)),
            (None, clock) => clock,
        }
    }
}

/// The players' clocks, as the UCI `go wtime btime winc binc movestogo` gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    /// White's remaining time.
    pub white_time: Duration,
    /// Black's remaining time.
    pub black_time: Duration,
    /// White's increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

impl GameClock {
    /// Returns the (soft, hard) budget for a move by `side`.
    fn budget(&self, side: Color) -> (Duration, Duration) {
        let (time, increment) = match side {
            Color::White => (self.white_time, self.white_increment),
            Color::Black => (self.black_time, self.black_increment),
        };
        // Keep a safety margin for the communication with the interface.
        let margin = Duration::from_millis(30).min(time / 4);
        let usable = time.saturating_sub(margin);
        let moves_left = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        // Saturating: a clock read from a stranger may hold any duration (up to `Duration::MAX`).
        let soft = (usable / moves_left).saturating_add(increment.saturating_mul(3) / 4).min(usable / 2);
        let hard = soft.saturating_mul(3).min(usable / 2).max(soft);
        (soft, hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        let clock = GameClock {
            white_time: Duration::from_secs(60),
            black_time: Duration::from_millis(100),
            white_increment: Duration::from_secs(1),
            ..GameClock::default()
        };
        let (soft, hard) = clock.budget(Color::White);
        assert_eq!(soft, Duration::from_millis(59_970) / 30 + Duration::from_millis(750));
        assert!(hard >= soft && hard <= Duration::from_secs(30));
        let (soft, hard) = clock.budget(Color::Black);
        assert!(soft <= hard && hard <= Duration::from_millis(50));
        let limits = SearchLimits { clock: Some(clock), ..SearchLimits::move_time(Duration::from_millis(500)) };
        assert_eq!(limits.time_budget(Color::White), Some((Duration::from_millis(500), Duration::from_millis(500))));
    }

    #[test]
    fn without_a_bound_the_level_decides() {
        let e4 = Move::new(crate::Square::E2, crate::Square::E4);
        let unbounded = SearchLimits { root_moves: alloc::vec![e4], multi_pv: 3, ..SearchLimits::default() };
        assert!(!unbounded.is_bounded());
        for level in Level::ALL {
            let limits = unbounded.clone().or_level(level);
            assert_eq!(limits, SearchLimits { root_moves: alloc::vec![e4], multi_pv: 3, ..level.limits() });
            assert!(limits.is_bounded(), "{level:?}");
        }
        assert_eq!(
            SearchLimits::default().or_level(Level::Expert),
            SearchLimits { nodes: Some(Level::MAX_NODES), ..SearchLimits::depth(4) }
        );
        let clock = GameClock { white_time: Duration::from_secs(5), ..GameClock::default() };
        let bounds = [
            SearchLimits::depth(1),
            SearchLimits::nodes(1),
            SearchLimits::move_time(Duration::ZERO),
            SearchLimits::mate(1),
            SearchLimits { clock: Some(clock), ..SearchLimits::default() },
            SearchLimits { infinite: true, ..SearchLimits::default() },
        ];
        for bound in bounds {
            assert!(bound.is_bounded(), "{bound:?}");
            assert_eq!(bound.clone().or_level(Level::Beginner), bound);
        }
    }
}
