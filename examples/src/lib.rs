//! Shared code of the example programs: reading perft suites, and the terminal game.

pub mod play;
pub mod suite;
