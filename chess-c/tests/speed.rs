//! Speed of the ABI against native Rust (ignored by default: timings, not assertions about
//! behaviour). Run with
//! `cargo test --release -p chess-c --test speed -- --ignored --nocapture`.

use std::hint::black_box;
use std::time::Instant;

use chess_c::{
    CHESS_MAX_LEGAL_MOVES, chess_move, chess_position, chess_position_free, chess_position_from_fen,
    chess_position_legal_moves, chess_status,
};
use chess_core::Position;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Best of `rounds` timings of `calls` calls, in nanoseconds per call.
fn ns_per_call(rounds: u32, calls: u32, mut f: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..calls {
                f();
            }
            start.elapsed().as_nanos() as f64 / f64::from(calls)
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
#[ignore = "a timing, run by hand"]
fn legal_moves_through_the_abi_against_rust() {
    let native = Position::from_fen(KIWIPETE).unwrap();
    let fen = std::ffi::CString::new(KIWIPETE).unwrap();
    let mut handle: *mut chess_position = std::ptr::null_mut();
    assert_eq!(unsafe { chess_position_from_fen(fen.as_ptr(), &mut handle) }, chess_status::CHESS_OK);
    let mut buffer: [chess_move; CHESS_MAX_LEGAL_MOVES] = [0; CHESS_MAX_LEGAL_MOVES];
    let mut count = 0usize;

    let rust = ns_per_call(7, 200_000, || {
        black_box(black_box(&native).legal_moves());
    });
    let abi = ns_per_call(7, 200_000, || {
        let status =
            unsafe { chess_position_legal_moves(black_box(handle), buffer.as_mut_ptr(), buffer.len(), &mut count) };
        black_box((status, &buffer, count));
    });
    assert_eq!(count, 48);
    println!("Kiwipete legal moves: Rust {rust:.1} ns/call, ABI {abi:.1} ns/call, ratio {:.2}", abi / rust);
    unsafe { chess_position_free(handle) };
}
