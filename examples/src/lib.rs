//! Shared code of the example programs: reading perft suites.

pub mod suite;
