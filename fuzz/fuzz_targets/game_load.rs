//! Any bytes as a saved game (serde JSON): an error, or a game whose moves replayed from its
//! start give its position, and which saves and loads back the same.
#![no_main]

use chess_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = serde_json::from_slice::<Game>(data) else { return };
    let start = *game.positions().next().unwrap();
    let mut replay = Game::from_position_with_rules(start, *game.rules()).with_judging(game.judging());
    for &m in game.moves() {
        replay.push(m).unwrap_or_else(|e| panic!("loaded move {m:?} does not replay: {e}"));
    }
    assert_eq!(replay.position(), game.position());
    for (a, b) in replay.positions().zip(game.positions()) {
        assert_eq!(a, b);
    }
    let json = serde_json::to_string(&game).unwrap();
    let again: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("saved game refused: {e}\n{json}"));
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.position(), game.position());
    assert_eq!(again.outcome(), game.outcome());
});
