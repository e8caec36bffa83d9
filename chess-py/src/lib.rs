//! Python bindings for chess-core: the native module `chess_core._chess_core`, re-exported by
//! the Python package `chess_core` with python-chess's names.
//!
//! Squares and piece types are plain `int`s, colours plain `bool`s, bitboards plain `int`s; a
//! move is a small frozen `Move` (from, to, promotion) as in python-chess. `Board` holds a
//! chess-core [`Position`](chess_core::Position) and a stack of the positions before each move, so `pop()` is a copy
//! and repetition checks read the stored positions' keys instead of replaying the game. Every
//! rule (legality, SAN, FEN, check, mate, material) is chess-core's; the binding only
//! translates names, numbers and errors.
//!
//! The modules, by type: `squares` (square numbers, names, distances), `bitboards`
//! (`SquareSet`, python-chess's bitboard functions and tables),
//! `pieces` (piece types, colours, `Piece`), `moves` (`Move` and its shared objects,
//! `IllegalMoveReason`, the lazy move generators), `board` (`Board`: the position, its move
//! stack, rules and events), `editing` (the setup as the user made it and its status),
//! `pickling` (a board's pickled state), `errors` (the exceptions and their messages); `rules`,
//! `engine`, `pgn`, `polyglot` and `rating` add chess-core's house rules, search, PGN, opening
//! books and ratings.

mod base_board;
mod bitboards;
mod board;
mod editing;
mod engine;
mod errors;
mod game_text;
mod moves;
mod pgn;
mod pickling;
mod pieces;
mod polyglot;
mod rating;
mod rules;
mod squares;
mod syzygy;

use pyo3::prelude::*;

use crate::base_board::BaseBoard;
use crate::board::{_termination_values, Board, STARTING_FEN, zobrist_hash};
use crate::errors::{
    AmbiguousMoveError, IllegalMoveError, InvalidFenError, InvalidMoveError, InvalidPositionError, InvalidSaveError,
};
use crate::moves::{IllegalMoveReason, LegalMoveGenerator, Move, PseudoLegalMoveGenerator};
use crate::pieces::Piece;
use crate::squares::{
    parse_square, square_distance, square_knight_distance, square_manhattan_distance, square_mirror, square_name,
};

/// Registers the native classes, functions and exceptions; the Python package adds the
/// constants and the `Outcome`/`Termination` types.
#[pymodule]
fn _chess_core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Move>()?;
    m.add_class::<Piece>()?;
    m.add_class::<BaseBoard>()?;
    m.add_class::<Board>()?;
    m.add_class::<LegalMoveGenerator>()?;
    m.add_class::<PseudoLegalMoveGenerator>()?;
    m.add_class::<IllegalMoveReason>()?;
    m.add_function(wrap_pyfunction!(rules::_rules_preset, m)?)?;
    m.add_function(wrap_pyfunction!(_termination_values, m)?)?;
    m.add("EventNotAllowedError", py.get_type::<rules::EventNotAllowedError>())?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(square_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_manhattan_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_knight_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_mirror, m)?)?;
    m.add_function(wrap_pyfunction!(zobrist_hash, m)?)?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidPositionError", py.get_type::<InvalidPositionError>())?;
    m.add("InvalidSaveError", py.get_type::<InvalidSaveError>())?;
    m.add("STARTING_FEN", STARTING_FEN)?;
    bitboards::register(m)?;
    engine::register(m)?;
    pgn::register(m)?;
    polyglot::register(m)?;
    rating::register(m)?;
    syzygy::register(m)?;
    Ok(())
}
