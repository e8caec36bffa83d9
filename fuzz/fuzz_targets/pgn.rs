//! Any bytes as PGN: the reader returns games or errors and goes on; a game read is written
//! and read back with the same start, moves (variations included) and tags.
#![no_main]

use chess_core::pgn::{PgnGame, PgnReader};
use libfuzzer_sys::fuzz_target;

fn check_round_trip(game: &PgnGame) {
    let written = game.to_string();
    let mut reader = PgnReader::from_text(&written);
    let again = reader
        .next()
        .expect("a written game reads as one game")
        .unwrap_or_else(|e| panic!("written game does not read back: {e}\n{written}"));
    assert_eq!(again.start, game.start, "{written}");
    assert_eq!(again.moves, game.moves, "{written}");
    for (name, value) in &game.tags {
        assert!(again.tags.iter().any(|(n, v)| n == name && v == value), "tag {name} {value:?} lost\n{written}");
    }
    assert!(reader.next().is_none(), "one game written, more read back\n{written}");
}

fuzz_target!(|data: &[u8]| {
    let mut games = 0;
    for result in PgnReader::new(data) {
        games += 1;
        assert!(games <= data.len() + 1, "the reader does not advance");
        if let Ok(game) = result {
            check_round_trip(&game);
        }
    }
});
