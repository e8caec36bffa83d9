//! Damaged Syzygy tables: any bytes as a WDL and a DTZ table of a small material, probed on
//! positions of that material. Probes answer or fail with a typed error, never panic, loop
//! or read outside the bytes, and answer the same when asked again.
//!
//! Input: a byte choosing the material, two bytes (little-endian) giving the length of the
//! WDL table, the WDL table, then the DTZ table. `scripts/fuzz-smoke.sh` seeds the corpus with
//! python-chess's real tables when `PYTHON_CHESS_SRC` holds them, so mutations start from
//! well-formed files.
#![no_main]

use chess_core::syzygy::{TableKind, Tablebase};
use chess_core::{Color, Piece, Position, Role};
use libfuzzer_sys::fuzz_target;

/// Materials with small tables (each needs no other table for its captures but KvK).
pub const MATERIALS: &[&str] = &["KQvK", "KRvK", "KPvK", "KNNvK", "KBvKB", "KNvKN", "KRvKR", "KQvKQ"];

/// Up to `count` legal positions of a material (either side to move), from a seed.
fn positions(name: &str, mut seed: u64, count: usize) -> Vec<Position> {
    let (white, black) = name.split_once('v').unwrap_or(("K", "K"));
    let mut out = Vec::new();
    for _ in 0..count * 4 {
        let mut board = chess_core::Board::empty();
        for (color, side) in [(Color::White, white), (Color::Black, black)] {
            for c in side.chars() {
                let Some(role) = Role::from_char(c) else { continue };
                loop {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let sq = chess_core::Square::from_index((seed % 64) as usize).unwrap_or(chess_core::Square::A1);
                    if board.piece_at(sq).is_none() {
                        board.set_piece_at(sq, Piece::new(color, role));
                        break;
                    }
                }
            }
        }
        let turn = if seed & 1 == 0 { " w - - 0 1" } else { " b - - 0 1" };
        let mut fen = String::new();
        let _ = board.write_fen(&mut fen);
        if let Ok(pos) = (fen + turn).parse::<Position>() {
            out.push(pos);
            if out.len() == count {
                break;
            }
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let [choice, a, b, rest @ ..] = data else { return };
    let name = MATERIALS[usize::from(*choice) % MATERIALS.len()];
    let split = usize::from(u16::from_le_bytes([*a, *b])).min(rest.len());
    let (wdl, dtz) = rest.split_at(split);
    let mut tables = Tablebase::new();
    tables.add_bytes(name, TableKind::Wdl, wdl.to_vec()).expect("a table name");
    tables.add_bytes(name, TableKind::Dtz, dtz.to_vec()).expect("a table name");
    let seed = data.iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3)) | 1;
    for (i, pos) in positions(name, seed, 8).iter().enumerate() {
        let wdl = tables.probe_wdl(pos);
        let dtz = tables.probe_dtz(pos);
        assert_eq!(tables.probe_wdl(pos), wdl, "{pos:?}");
        assert_eq!(tables.probe_dtz(pos), dtz, "{pos:?}");
        if i == 0 {
            let _ = tables.best_moves(pos);
            let _ = tables.move_wdls(pos);
        }
    }
});
