//! Serde: squares as names, moves as UCI text, positions as FEN (feature `serde`).
#![cfg(feature = "serde")]

use chess_core::{Move, Position, Square};

#[test]
fn json_round_trips() {
    assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
    assert_eq!(serde_json::from_str::<Square>("\"h8\"").unwrap(), Square::H8);
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());

    let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"");
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"not a fen\"").is_err());

    let castle = pos.parse_san("O-O").unwrap();
    let json = serde_json::to_string(&castle).unwrap();
    assert_eq!(json, "\"e1h1\"");
    let back: Move = serde_json::from_str(&json).unwrap();
    // The squares come back; the position recognises the castling move.
    assert_eq!(pos.resolve_move(back.from(), back.to(), back.promotion()), Ok(castle));
    let promotion: Move = serde_json::from_str("\"a7a8q\"").unwrap();
    assert_eq!(promotion.promotion(), Some(chess_core::Role::Queen));
    assert!(serde_json::from_str::<Move>("\"a7a8x\"").is_err());
}
