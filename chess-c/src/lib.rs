//! A C ABI for chess-core: positions, games and the computer player from C and C++.
//!
//! The header `include/chess.h` is generated from this crate by cbindgen (see
//! `tests/header.rs`); `README.md` explains the conventions, which are also at the top of the
//! header. In short:
//!
//! - every symbol is `chess_<type>_<verb>`; handles (`chess_position`, `chess_game`,
//!   `chess_searcher`, `chess_stop_handle`, `chess_book`, `chess_tablebase`) are created and
//!   freed only by the library,
//!   `chess_*_free(NULL)` is a no-op, a double free or a use after free is undefined
//!   behaviour; a move is a `chess_move` (`uint16_t`) in chess-core's own encoding
//!   (`Move::to_u16`, read back with `Move::try_from`, so a bad number is refused);
//! - every fallible function returns a `chess_status` (0 = `CHESS_OK`, below 1000 chess-core's
//!   stable `ErrorCode` numbers, from 1000 the C layer's own failures); outputs go through
//!   out-parameters, untouched on failure; `chess_last_error_message` gives the message of
//!   the last failure on the calling thread;
//! - strings in are NUL-terminated UTF-8; strings out are written into a caller buffer,
//!   NUL-terminated, with the length needed reported (ask first with a NULL buffer);
//! - no panic unwinds into C (`CHESS_ERR_PANIC`); integers from C are range-checked.
//!
//! # Safety
//!
//! Every `extern "C"` function here has the same contract, written once instead of on each:
//! a pointer argument is NULL (refused with `CHESS_ERR_NULL_ARGUMENT`, or a no-op for the
//! `free` functions) or valid for the access its type implies (a handle made by this library
//! and not yet freed, a NUL-terminated string, a buffer of the size given), and a handle is
//! not used from two threads at once, except by `chess_searcher_stop` (during a search) and
//! `chess_stop_handle_stop` (at any time: its handle shares only an `Arc` with the searcher),
//! and by the calls that take a `const` book or tablebase (they only read it, and chess-core's
//! `Book` and `Tablebase` are `Sync`).
//! "The crate's contract" in a `SAFETY` comment means this paragraph. The private helpers
//! that read raw pointers are `unsafe fn`s with their own `# Safety` section, which the
//! entry points meet by the crate's contract.
#![allow(clippy::missing_safety_doc)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod book;
mod ffi;
mod game;
mod position;
mod search;
mod tablebase;

pub use book::*;
pub use ffi::chess_status;
pub use game::*;
pub use position::*;
pub use search::*;
pub use tablebase::*;

use core::ffi::{c_char, c_int};

use chess_core::{Color, Lang, Move, Role, Square};
use ffi::{Result, chess_status::*, fail};

/// A move in chess-core's 16-bit encoding: bits 0-5 the from square, 6-11 the to square
/// (a1 = 0 ... h8 = 63), 12-15 the kind (0 ordinary, 1 en passant, 2 castling with the rook's
/// square as target, 4-7 promotion to knight, bishop, rook, queen). 0 is the null move.
#[allow(non_camel_case_types)]
pub type chess_move = u16;

/// The null move (also "no move" in outputs).
pub const CHESS_MOVE_NULL: chess_move = 0;

/// The most legal moves any position has: a legal-move buffer of this size always suffices.
pub const CHESS_MAX_LEGAL_MOVES: usize = 682;

const _: () = assert!(CHESS_MAX_LEGAL_MOVES == chess_core::MAX_LEGAL_MOVES);

/// A side: chess-core's `Color::index()`. Values passed in are checked; `CHESS_COLOR_NONE`
/// is only an output (no piece, no winner).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_color {
    /// White.
    CHESS_WHITE = 0,
    /// Black.
    CHESS_BLACK = 1,
    /// No colour: an empty square, a drawn or unfinished game.
    CHESS_COLOR_NONE = -1,
}

/// A kind of piece: chess-core's `Role::index()` + 1, as python-chess numbers them.
/// `CHESS_ROLE_NONE` is an empty square in outputs and "no promotion" in inputs.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_role {
    /// No piece, no promotion.
    CHESS_ROLE_NONE = 0,
    /// A pawn.
    CHESS_PAWN = 1,
    /// A knight.
    CHESS_KNIGHT = 2,
    /// A bishop.
    CHESS_BISHOP = 3,
    /// A rook.
    CHESS_ROOK = 4,
    /// A queen.
    CHESS_QUEEN = 5,
    /// A king.
    CHESS_KING = 6,
}

/// A language for words meant for players (move descriptions, reasons, hints): chess-core's
/// `Lang::code()`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_lang {
    /// English.
    CHESS_LANG_EN = 0,
    /// Chinese (simplified).
    CHESS_LANG_ZH = 1,
}

/// Reads a language (`CHESS_LANG_EN` or `CHESS_LANG_ZH`).
pub(crate) fn lang(number: c_int) -> Result<Lang> {
    u8::try_from(number).ok().and_then(Lang::from_code).ok_or_else(|| {
        fail(
            CHESS_ERR_INVALID_ARGUMENT,
            format_args!("language {number} is neither CHESS_LANG_EN (0) nor CHESS_LANG_ZH (1)"),
        )
    })
}

/// The library's version ("0.1.0"), a static string.
#[unsafe(no_mangle)]
pub extern "C" fn chess_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The snake-case name of a status ("ok", "illegal_move", "null_argument", ...), a static
/// string; "unknown_status" for a number that is no status.
#[unsafe(no_mangle)]
pub extern "C" fn chess_status_str(status: c_int) -> *const c_char {
    chess_status::ALL
        .into_iter()
        .find(|s| *s as c_int == status)
        .map_or(c"unknown_status".as_ptr(), |s| s.name().as_ptr())
}

/// Writes the message of the last failure on the calling thread (chess-core's words, after
/// the name of the function that failed, e.g. "chess_position_play_san: illegal SAN ...")
/// into `buf` (`capacity` bytes, NUL-terminated) and its length into `out_len` (may be NULL).
/// Empty before any failure; successful calls leave it alone. Returns
/// `CHESS_ERR_BUFFER_TOO_SMALL` (with the length written) when `buf` is NULL or too small, and
/// then keeps the message.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_last_error_message(
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes (the
    // crate's contract).
    unsafe { ffi::write_last_error(buf, capacity, out_len) }
}

/// Reads a square number (a1 = 0 ... h8 = 63).
pub(crate) fn square(number: c_int) -> Result<Square> {
    usize::try_from(number)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| fail(CHESS_ERR_INVALID_SQUARE, format_args!("square {number} is not in 0..=63")))
}

/// Reads a colour (`CHESS_WHITE` or `CHESS_BLACK`).
pub(crate) fn color(number: c_int) -> Result<Color> {
    usize::try_from(number).ok().and_then(|index| Color::ALL.get(index).copied()).ok_or_else(|| {
        fail(CHESS_ERR_INVALID_ARGUMENT, format_args!("colour {number} is neither CHESS_WHITE (0) nor CHESS_BLACK (1)"))
    })
}

/// The C value of a colour.
pub(crate) fn color_value(color: Option<Color>) -> c_int {
    color.map_or(chess_color::CHESS_COLOR_NONE as c_int, |color| color.index() as c_int)
}

/// Reads a promotion piece (`CHESS_ROLE_NONE` for none).
pub(crate) fn promotion(number: c_int) -> Result<Option<Role>> {
    match number {
        0 => Ok(None),
        1..=6 => Ok(Role::from_index(number as usize - 1)),
        _ => Err(fail(CHESS_ERR_INVALID_ARGUMENT, format_args!("piece kind {number} is not in 0..=6"))),
    }
}

/// The C value of a piece kind.
pub(crate) fn role_value(role: Option<Role>) -> c_int {
    role.map_or(0, |role| role.index() as c_int + 1)
}

/// Reads a move's encoding, refusing numbers that are no move.
pub(crate) fn decode_move(bits: chess_move) -> Result<Move> {
    Ok(Move::try_from(bits)?)
}
