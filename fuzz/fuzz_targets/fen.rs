//! Any bytes as a FEN, read strictly, relaxed, as Chess960 and with the castling mode chosen by
//! the castling rights: a position read writes and reads back equal with the same key, lists
//! exactly its counted moves, all legal, and each child writes a FEN that reads again.
#![no_main]

use chess_core::{CastlingChoice, CastlingMode, Position, Validation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let validations = [
        Validation::strict(),
        Validation::relaxed(),
        Validation::strict().castling(CastlingMode::Chess960),
        Validation::relaxed().castling(CastlingMode::Chess960),
        Validation::strict().castling(CastlingChoice::Automatic),
    ];
    for validation in validations {
        let Ok(pos) = Position::from_fen_with(text, validation) else { continue };
        let fen = pos.to_fen();
        let again = Position::from_fen_with(&fen, validation)
            .unwrap_or_else(|e| panic!("{text:?} wrote {fen:?}, which does not read back: {e}"));
        assert_eq!(again.to_fen(), fen);
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{fen}");
        assert_eq!(again.legal_moves(), pos.legal_moves(), "{text:?} -> {fen:?}");
        // The FEN leaves out an en-passant square no capture can use, which `Position`
        // equality and the Polyglot key still see: the FEN with it gives the same position.
        let full = pos.fen().always_en_passant().to_string();
        let exact = Position::from_fen_with(&full, validation)
            .unwrap_or_else(|e| panic!("{text:?} wrote {full:?}, which does not read back: {e}"));
        assert_eq!(exact, pos, "{text:?} -> {full:?}");
        assert_eq!(exact.zobrist_key(), pos.zobrist_key(), "{full}");
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves() as usize, moves.len(), "{fen}");
        let relaxed = Validation::relaxed().castling(pos.castling_mode());
        for &m in &moves {
            assert!(pos.is_legal(m), "{fen} {m:?}");
            let mut child = pos;
            child.play_unchecked(m);
            let child_fen = child.to_fen();
            let read = Position::from_fen_with(&child_fen, relaxed)
                .unwrap_or_else(|e| panic!("{fen} {m:?} gives {child_fen:?}, unreadable: {e}"));
            assert_eq!(read.to_fen(), child_fen);
        }
    }
});
