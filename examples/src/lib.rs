//! Shared code of the example programs: reading perft suites, and the UCI engine.

pub mod suite;
pub mod uci_engine;
