//! Arbitrary (from, to, promotion) on fuzzed positions: `resolve_move` gives a move exactly
//! when a legal move matches, and a reason exactly when none does.
#![no_main]

#[path = "common.rs"]
mod common;

use chess_core::{Role, Square};
use libfuzzer_sys::fuzz_target;

const ROLES: [Option<Role>; 7] = [
    None,
    Some(Role::Pawn),
    Some(Role::Knight),
    Some(Role::Bishop),
    Some(Role::Rook),
    Some(Role::Queen),
    Some(Role::King),
];

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = common::position_and_rest(data);
    let legal = pos.legal_moves();
    for triple in rest.chunks(3) {
        let [a, b, c] = triple else { return };
        let (Some(from), Some(to)) = (Square::from_index(usize::from(a % 64)), Square::from_index(usize::from(b % 64)))
        else {
            return;
        };
        let promotion = ROLES[usize::from(*c) % ROLES.len()];
        let exact = legal.iter().find(|m| m.from() == from && m.to() == to && m.promotion() == promotion);
        match pos.resolve_move(from, to, promotion) {
            Ok(m) => {
                assert!(legal.contains(&m), "{pos} {from}{to} {promotion:?} resolved to {m:?}, not listed");
                assert_eq!(m.from(), from, "{pos}");
                assert_eq!(m.promotion(), promotion, "{pos}");
                if let Some(&listed) = exact {
                    assert_eq!(m, listed, "{pos}");
                }
            }
            Err(reason) => {
                assert!(exact.is_none(), "{pos} {from}{to} {promotion:?}: {reason}, but {exact:?} is legal");
                let _ = reason.to_string();
            }
        }
    }
});
