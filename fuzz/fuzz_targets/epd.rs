//! Any bytes as an EPD line: an error, or a record that writes and reads back equal.
#![no_main]

use chess_core::{CastlingMode, Epd, Validation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    for validation in
        [Validation::strict(), Validation::relaxed(), Validation::relaxed().castling(CastlingMode::Chess960)]
    {
        let Ok(epd) = Epd::parse(text, validation) else { continue };
        let written = epd.to_string();
        let again = Epd::parse(&written, validation)
            .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}, which does not read back: {e}"));
        assert_eq!(again, epd, "{text:?} wrote {written:?}");
        let _ = epd.best_moves();
        let _ = epd.perft_counts();
    }
});
