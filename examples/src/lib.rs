//! Shared code of the example programs: the terminal game, the UCI engine, reading perft
//! suites and measuring the search.

pub mod play;
pub mod strength;
pub mod suite;
pub mod uci_engine;
