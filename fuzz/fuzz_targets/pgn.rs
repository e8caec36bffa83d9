//! Any bytes as PGN: the reader returns games or errors and goes on; a game read is written
//! and read back with the same start, moves (variations included) and tags.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::read_checked(data);
});
