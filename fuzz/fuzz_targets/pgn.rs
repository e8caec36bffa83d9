//! Any bytes as PGN: the reader returns games or errors and goes on; a game read is written
//! and read back with the same start, moves (variations included) and tags; reading only the
//! tags finds the same whether the text comes in one block or a few bytes at a time.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::read_checked(data);
    common::headers_agree(data, 1 + data.len() % 97);
});
