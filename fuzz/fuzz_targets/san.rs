//! A position chosen by the input plus any text as SAN: a parsed move is legal and its SAN
//! (and LAN) read back to it; every legal move's SAN and LAN read back too.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = common::position_and_rest(data);
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = pos.parse_san(&text) {
        assert!(pos.is_legal(m), "{pos} {text:?} -> {m:?}");
        let san = pos.san(m).to_string();
        assert_eq!(pos.parse_san(&san), Ok(m), "{pos} {text:?} wrote {san}");
    }
    for m in pos.legal_moves() {
        let san = pos.san(m).to_string();
        assert_eq!(pos.parse_san(&san), Ok(m), "{pos} {m:?} SAN {san}");
        let lan = pos.lan(m).to_string();
        assert_eq!(pos.parse_san(&lan), Ok(m), "{pos} {m:?} LAN {lan}");
    }
});
