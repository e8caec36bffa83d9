//! A byte string drives a `Game<AnyPosition>` as a python-chess board drives it: pseudo-legal
//! moves (into check too), null moves, edits of the side to move and the clocks, undo and
//! events, from any setup (a FEN of the input, kings or not). At every step the position plays
//! as a `FreePosition` plays, undo restores the previous position exactly, the outcome
//! queries answer, and a game that is a game of legal positions survives the trip to
//! `Game<Position>` and back.
#![no_main]

#[path = "common.rs"]
mod common;

use chess_core::{AnyPosition, CastlingMode, Color, Game, Judging, Rules, Setup};
use libfuzzer_sys::fuzz_target;

/// A setup from the input's first line (any placement), or a seed.
fn setup_and_rest(data: &[u8]) -> (Setup, &[u8]) {
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[][..], data),
    };
    let setup = core::str::from_utf8(head).ok().and_then(|text| Setup::from_fen(text).ok());
    let seed = head.first().or(rest.first()).map_or(0, |&b| usize::from(b) % common::SEEDS.len());
    (setup.unwrap_or_else(|| Setup::from_fen(common::SEEDS[seed]).unwrap()), rest)
}

fuzz_target!(|data: &[u8]| {
    let (setup, rest) = setup_and_rest(data);
    let Some((&flags, ops)) = rest.split_first() else { return };
    let mode = if flags & 1 == 0 { CastlingMode::Standard } else { CastlingMode::Chess960 };
    let rules = if flags & 2 == 0 { Rules::fide() } else { Rules::casual() };
    let mut game = Game::from_position_with_rules(AnyPosition::new(setup, mode), rules).with_judging(Judging::Record);
    let mut bytes = ops.iter().copied().take(400);
    while let Some(op) = bytes.next() {
        let before = *game.position();
        let color = if op & 0x10 == 0 { Color::White } else { Color::Black };
        match op % 8 {
            0..=3 => {
                let moves = before.pseudo_legal_moves();
                let m = match bytes.next() {
                    Some(choice) if !moves.is_empty() => moves[usize::from(choice) % moves.len()],
                    _ => chess_core::Move::NULL,
                };
                game.push_pseudo_legal(m);
                let mut free = before.to_free();
                free.play_unchecked(m);
                assert_eq!(game.position().to_setup(), free.to_setup(), "{m:?} from {before:?}");
                assert_eq!(game.position().legal().is_some(), AnyPosition::new(free.to_setup(), mode).legal().is_some());
            }
            4 => {
                let plies = game.moves().len();
                let previous = game.positions().nth(plies.saturating_sub(1)).copied();
                if game.undo().is_some() {
                    assert_eq!(Some(*game.position()), previous);
                }
            }
            5 => {
                let mut edited = before.to_setup();
                edited.turn = !edited.turn;
                edited.halfmove_clock = u32::from(bytes.next().unwrap_or(0));
                game.edit_position(AnyPosition::new(edited, mode));
                assert_eq!(game.position().to_setup(), edited);
            }
            6 => {
                let _ = game.offer_draw(color);
                let _ = game.claim_draw(color);
            }
            _ => {
                let _ = game.resign(color);
            }
        }
        let pos = game.position();
        let _ = (game.outcome(), game.position_outcome(), game.occurrences(pos.repetition_key()));
        let _ = (pos.to_position(), pos.to_free().fen().shredder().to_string());
        assert_eq!(game.positions().len(), game.moves().len() + 1);
    }
    let plies = game.moves().len();
    let part = game.section(plies / 2..plies);
    assert_eq!(part.position(), game.position());
    if let Some(legal) = game.to_legal_game() {
        assert_eq!(Game::<AnyPosition>::from(legal.clone()).to_legal_game(), Some(legal));
    }
});
