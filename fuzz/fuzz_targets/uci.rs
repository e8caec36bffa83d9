//! A position chosen by the input plus any text as UCI: a parsed move is legal and its UCI
//! reads back to it; every legal move's UCI reads back too.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = common::position_and_rest(data);
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = pos.parse_uci(&text) {
        assert!(pos.is_legal(m), "{pos} {text:?} -> {m:?}");
        let uci = pos.uci(m).to_string();
        assert_eq!(pos.parse_uci(&uci), Ok(m), "{pos} {text:?} wrote {uci}");
    }
    for m in pos.legal_moves() {
        let uci = pos.uci(m).to_string();
        assert_eq!(pos.parse_uci(&uci), Ok(m), "{pos} {m:?} UCI {uci}");
    }
});
