//! The tools that measure chess-core: the `perft` program (move generation against known node
//! counts, and its speed) and the `strength` program (the computer player on test suites, in
//! games between the levels, and how often the Beginner errs).

pub mod cli;
pub mod strength;
