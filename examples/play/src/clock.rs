//! The chess clock: each side's time left under a time control (`10+5`: minutes and an
//! increment in seconds), and where time comes from (the wall clock, or a fixed cost per
//! answer and per computer move, so that tests do not depend on timing).

use std::time::{Duration, Instant};

use chess_core::Color;
use chess_session::TimeControl;

/// Where the clock's time comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeSource {
    /// The wall clock: the time the player takes to answer and the computer to move.
    Real,
    /// Every line the player types, and every computer move, takes this long (for tests).
    Fixed(Duration),
}

/// A running chess clock.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    control: TimeControl,
    source: TimeSource,
    /// Time left, White's then Black's.
    left: [Duration; 2],
    /// When the time now being counted began (for the wall clock).
    since: Instant,
}

impl Clock {
    /// Starts a clock with each side's full time.
    pub(crate) fn new(control: TimeControl, source: TimeSource) -> Clock {
        let full = Duration::from_secs(u64::from(control.minutes) * 60);
        Clock { control, source, left: [full; 2], since: Instant::now() }
    }

    /// Returns the time `color` has left.
    pub(crate) fn left(&self, color: Color) -> Duration {
        self.left[color as usize]
    }

    /// Starts counting from now (the side to move begins to think).
    pub(crate) fn restart(&mut self) {
        self.since = Instant::now();
    }

    /// Charges `color` for the time since it was last charged (the wall clock) or for one
    /// answer (a fixed source); returns whether its time has run out.
    pub(crate) fn charge(&mut self, color: Color) -> bool {
        let spent = match self.source {
            TimeSource::Real => self.since.elapsed(),
            TimeSource::Fixed(step) => step,
        };
        self.since = Instant::now();
        let left = &mut self.left[color as usize];
        *left = left.saturating_sub(spent);
        left.is_zero()
    }

    /// Adds the increment to `color`'s time after its move.
    pub(crate) fn add_increment(&mut self, color: Color) {
        self.left[color as usize] += Duration::from_secs(u64::from(self.control.increment));
    }
}

/// Writes time left as a clock shows it: `9:58`, `1:02:00` from an hour, `0:09.5` under ten
/// seconds.
pub(crate) fn format_time(time: Duration) -> String {
    let seconds = time.as_secs();
    if seconds < 10 {
        return format!("0:{seconds:02}.{}", time.subsec_millis() / 100);
    }
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 { format!("{hours}:{minutes:02}:{seconds:02}") } else { format!("{minutes}:{seconds:02}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_source_charges_each_answer_and_the_flag_falls_at_zero() {
        let mut clock =
            Clock::new(TimeControl { minutes: 1, increment: 5 }, TimeSource::Fixed(Duration::from_secs(25)));
        assert!(!clock.charge(Color::White));
        assert_eq!(clock.left(Color::White), Duration::from_secs(35));
        clock.add_increment(Color::White);
        assert_eq!(clock.left(Color::White), Duration::from_secs(40));
        assert!(!clock.charge(Color::White));
        assert!(clock.charge(Color::White));
        assert_eq!(clock.left(Color::White), Duration::ZERO);
        assert_eq!(clock.left(Color::Black), Duration::from_secs(60));
    }

    #[test]
    fn times_are_shown_as_a_clock_shows_them() {
        assert_eq!(format_time(Duration::from_secs(600)), "10:00");
        assert_eq!(format_time(Duration::from_secs(62)), "1:02");
        assert_eq!(format_time(Duration::from_secs(3720)), "1:02:00");
        assert_eq!(format_time(Duration::from_millis(9_580)), "0:09.5");
    }
}
