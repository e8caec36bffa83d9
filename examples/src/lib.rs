//! Shared code of the example programs: reading perft suites, measuring the search.

pub mod strength;
pub mod suite;
