//! A byte string drives a `Game`: moves chosen among the legal ones, undo, redo and events,
//! under FIDE or casual rules. At every step the key equals a fresh one, undo restores the
//! previous FEN and key, an ended game stays ended (until undo), and the outcome agrees with
//! the same history judged from scratch (the save read back replays it through the checked
//! methods).
#![no_main]

#[path = "common.rs"]
mod common;

use chess_core::{CastlingChoice, Color, Game, Judging, Position, Rules, Validation};
use libfuzzer_sys::fuzz_target;

fn fresh_key(pos: &Position) -> u64 {
    let fen = pos.fen().always_en_passant().to_string();
    Position::from_fen_with(&fen, Validation::relaxed().castling(pos.castling_mode()))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .zobrist_key()
}

fuzz_target!(|data: &[u8]| {
    let Some((&setup, ops)) = data.split_first() else { return };
    let rules = if setup & 1 == 0 { Rules::fide() } else { Rules::casual() };
    // Seed 6 is a Chess960 position: the castling mode is chosen by the castling rights.
    let seed = common::SEEDS[usize::from(setup >> 1) % 7];
    let start = Position::from_fen_with(seed, CastlingChoice::Automatic).unwrap();
    let mut game = Game::from_position_with_rules(start, rules);
    if setup & 0x80 != 0 {
        game = game.with_judging(Judging::Record);
    }
    let mut bytes = ops.iter().copied();
    while let Some(op) = bytes.next() {
        let before = game.clone();
        let was_over = game.is_over();
        let color = if op & 0x10 == 0 { Color::White } else { Color::Black };
        let mut undid = false;
        match op % 16 {
            0..=6 => {
                let moves = game.position().legal_moves();
                if !moves.is_empty() {
                    let m = moves[usize::from(bytes.next().unwrap_or(0)) % moves.len()];
                    if game.push(m).is_ok() {
                        assert_eq!(game.moves().last(), Some(&m));
                    }
                }
            }
            7 | 8 => {
                undid = true;
                let plies = game.moves().len();
                if let Some(m) = game.undo() {
                    assert_eq!(game.moves().len(), plies - 1);
                    let previous = before.positions().nth(plies - 1).unwrap();
                    assert_eq!(game.position().to_fen(), previous.to_fen(), "undo of {m:?}");
                    assert_eq!(game.position().zobrist_key(), previous.zobrist_key());
                }
            }
            9 => {
                let _ = game.redo();
            }
            10 => {
                let _ = game.resign(color);
            }
            11 => {
                let _ = game.offer_draw(color);
            }
            12 => {
                let _ = game.accept_draw(color);
            }
            13 => {
                let _ = game.decline_draw(color);
            }
            14 => {
                let _ = game.claim_draw(color);
            }
            _ => {
                let _ = if op & 0x20 == 0 { game.timeout(color) } else { game.forfeit(color) };
            }
        }
        let pos = game.position();
        assert_eq!(pos.zobrist_key(), fresh_key(pos), "{pos}");
        let outcome = game.outcome();
        if was_over && !undid {
            assert!(outcome.is_some(), "an ended game came back to life: {before:?} then op {op}");
        }
        assert_eq!(game.positions().len(), game.moves().len() + 1);
    }
    // The same history judged from scratch: the save replays the moves and events.
    let json = serde_json::to_string(&game).unwrap();
    let loaded: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("own save refused: {e}\n{json}"));
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.outcome(), game.outcome(), "{json}");
});
