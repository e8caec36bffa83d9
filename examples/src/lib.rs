//! Shared code of the example programs: reading perft suites, measuring the search, and the
//! UCI engine.

pub mod strength;
pub mod suite;
pub mod uci_engine;
