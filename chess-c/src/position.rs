//! `chess_position`: a chess position, its legal moves and move notation.

use core::ffi::{c_char, c_int};

use chess_core::{CastlingChoice, Move, Position, Validation};

use crate::ffi::{
    Result, arg, arg_mut, arg_str, arg_str_len, chess_status, fail, guard, put_opt, this_function, write_str,
};
use crate::{chess_move, color_value, decode_move, lang, promotion, role_value, square};

/// A chess position (opaque; made by `chess_position_new`, `chess_position_from_fen`,
/// `chess_position_clone` or `chess_game_position`, freed by `chess_position_free`).
#[allow(non_camel_case_types)]
pub struct chess_position(pub(crate) Position);

/// FEN reading: the default, strict validation with the castling mode chosen from the rights.
pub const CHESS_FEN_STRICT: u32 = 0;
/// FEN reading: relaxed validation (accepts what chess-core's `Validation::relaxed` accepts).
pub const CHESS_FEN_RELAXED: u32 = 1;
/// FEN reading: Chess960 castling (X-FEN/Shredder-FEN rights, king and rook on any files).
pub const CHESS_FEN_CHESS960: u32 = 2;

/// Makes a handle into `*out`.
///
/// # Safety
/// As [`out_slot`].
pub(crate) unsafe fn new_handle<T>(out: *mut *mut T, value: T) -> Result {
    // SAFETY: this function's contract is `out_slot`'s.
    store(unsafe { out_slot(out) }?, value)
}

/// Checks a handle's out-parameter before the work that makes the handle.
///
/// # Safety
/// `out` is NULL or valid for writes, and not aliased, for `'a`.
pub(crate) unsafe fn out_slot<'a, T>(out: *mut *mut T) -> Result<&'a mut *mut T> {
    // SAFETY: this function's contract is `arg_mut`'s.
    unsafe { arg_mut(out, "out") }
}

/// Boxes `value` into a handle in `slot`.
pub(crate) fn store<T>(slot: &mut *mut T, value: T) -> Result {
    *slot = Box::into_raw(Box::new(value));
    Ok(())
}

/// Reads a position handle that must not be NULL.
///
/// # Safety
/// `ptr` is NULL or a live `chess_position` that nothing changes during `'a`.
pub(crate) unsafe fn pos<'a>(ptr: *const chess_position) -> Result<&'a Position> {
    // SAFETY: a live handle is valid for reads; this function's contract.
    Ok(&unsafe { arg(ptr, "pos") }?.0)
}

/// Reads a position handle that must not be NULL, to change it.
///
/// # Safety
/// `ptr` is NULL or a live `chess_position` that nothing else uses during `'a`.
unsafe fn pos_mut<'a>(ptr: *mut chess_position) -> Result<&'a mut Position> {
    // SAFETY: a live handle is valid for reads and writes; this function's contract.
    Ok(&mut unsafe { arg_mut(ptr, "pos") }?.0)
}

/// Reads a FEN with the `CHESS_FEN_*` flags.
pub(crate) fn read_fen(fen: &str, flags: u32) -> Result<Position> {
    if flags & !(CHESS_FEN_RELAXED | CHESS_FEN_CHESS960) != 0 {
        return Err(fail(chess_status::CHESS_ERR_INVALID_ARGUMENT, format_args!("unknown FEN flags {flags:#x}")));
    }
    let validation = if flags & CHESS_FEN_RELAXED != 0 { Validation::relaxed() } else { Validation::strict() };
    let castling = if flags & CHESS_FEN_CHESS960 != 0 { CastlingChoice::Chess960 } else { CastlingChoice::Automatic };
    Ok(Position::from_fen_with(fen, validation.castling(castling))?)
}

/// Makes the standard starting position into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_new(out: *mut *mut chess_position) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        unsafe { new_handle(out, chess_position(Position::new())) }
    })
}

/// Reads a FEN (strict validation, castling mode from the rights) into a new position in `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_from_fen(fen: *const c_char, out: *mut *mut chess_position) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `fen` is NULL or a NUL-terminated string (the crate's contract).
        let position = read_fen(unsafe { arg_str(fen, "fen") }?, CHESS_FEN_STRICT)?;
        store(out, chess_position(position))
    })
}

/// Reads a FEN with `CHESS_FEN_*` flags (or-ed: `CHESS_FEN_RELAXED`, `CHESS_FEN_CHESS960`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_from_fen_with(
    fen: *const c_char,
    flags: u32,
    out: *mut *mut chess_position,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `fen` is NULL or a NUL-terminated string (the crate's contract).
        let position = read_fen(unsafe { arg_str(fen, "fen") }?, flags)?;
        store(out, chess_position(position))
    })
}

/// Copies a position into a new handle in `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_clone(
    pos: *const chess_position,
    out: *mut *mut chess_position,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let copy = *unsafe { self::pos(pos) }?;
        store(out, chess_position(copy))
    })
}

/// Copies the position `src` into the existing handle `dst` (no allocation: a search or perft
/// from C keeps one handle per ply).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_assign(dst: *mut chess_position, src: *const chess_position) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `src` is NULL or a live position (the crate's contract).
        let copy = *unsafe { self::pos(src) }?;
        // SAFETY: `dst` is NULL or valid for writes (the crate's contract).
        unsafe { arg_mut(dst, "dst") }?.0 = copy;
        Ok(())
    })
}

/// Frees a position; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_free(pos: *mut chess_position) {
    // SAFETY: `pos` is NULL or a live handle, not used afterwards (the crate's contract).
    unsafe { crate::ffi::free_handle(pos) }
}

/// Writes the position's FEN into `buf` (see the string conventions).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_to_fen(
    pos: *const chess_position,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let fen = unsafe { self::pos(pos) }?.to_fen();
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&fen, buf, capacity, out_len) }
    })
}

/// Writes the side to move (`CHESS_WHITE` or `CHESS_BLACK`) into `*out_color`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_turn(pos: *const chess_position, out_color: *mut c_int) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let turn = unsafe { self::pos(pos) }?.turn();
        // SAFETY: `out_color` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_color, "out_color") }? = color_value(Some(turn));
        Ok(())
    })
}

/// Writes the piece on `square` (0..=63): its colour and kind (`CHESS_COLOR_NONE` and
/// `CHESS_ROLE_NONE` for an empty square). Either out-parameter may be NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_piece_at(
    pos: *const chess_position,
    square: c_int,
    out_color: *mut c_int,
    out_role: *mut c_int,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let piece = unsafe { self::pos(pos) }?.piece_at(self::square(square)?);
        // SAFETY: `out_color` and `out_role` are NULL or valid for writes (the crate's contract).
        unsafe {
            put_opt(out_color, color_value(piece.map(|p| p.color)));
            put_opt(out_role, role_value(piece.map(|p| p.role)));
        }
        Ok(())
    })
}

/// Writes the halfmove clock and the fullmove number (either out-parameter may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_clocks(
    pos: *const chess_position,
    out_halfmove_clock: *mut u32,
    out_fullmove_number: *mut u32,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let pos = unsafe { self::pos(pos) }?;
        // SAFETY: `out_halfmove_clock` and `out_fullmove_number` are NULL or valid for writes (the
        // crate's contract).
        unsafe {
            put_opt(out_halfmove_clock, pos.halfmove_clock());
            put_opt(out_fullmove_number, pos.fullmove_number());
        }
        Ok(())
    })
}

/// Writes the en-passant square of the FEN (-1 for none) into `*out_square`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_ep_square(pos: *const chess_position, out_square: *mut c_int) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let ep = unsafe { self::pos(pos) }?.ep_square();
        // SAFETY: `out_square` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_square, "out_square") }? = ep.map_or(-1, |sq| sq.index() as c_int);
        Ok(())
    })
}

/// Writes `moves` into `out` and their number into `*out_count`.
///
/// # Safety
/// `out` is NULL or valid for writes of `capacity` moves; `out_count` is NULL or valid for writes.
unsafe fn write_moves(moves: &[Move], out: *mut chess_move, capacity: usize, out_count: *mut usize) -> Result {
    // SAFETY: `out_count` is NULL or valid for writes (this function's contract).
    let count = unsafe { arg_mut(out_count, "out_count") }?;
    *count = moves.len();
    if moves.is_empty() {
        return Ok(());
    }
    if out.is_null() || capacity < moves.len() {
        return Err(fail(
            chess_status::CHESS_ERR_BUFFER_TOO_SMALL,
            format_args!("{} moves need a buffer of {} entries, {capacity} given", moves.len(), moves.len()),
        ));
    }
    // SAFETY: `out` holds `capacity >= moves.len()` entries (this function's contract).
    let out = unsafe { core::slice::from_raw_parts_mut(out, moves.len()) };
    for (slot, m) in out.iter_mut().zip(moves) {
        *slot = m.to_u16();
    }
    Ok(())
}

/// Writes the legal moves into `moves` (room for `capacity`; `CHESS_MAX_LEGAL_MOVES` always
/// suffices) and their number into `*out_count`. With too little room: nothing is written to
/// `moves`, the number is, and the status is `CHESS_ERR_BUFFER_TOO_SMALL`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_legal_moves(
    pos: *const chess_position,
    moves: *mut chess_move,
    capacity: usize,
    out_count: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let list = unsafe { self::pos(pos) }?.legal_moves();
        // SAFETY: `moves` is NULL or holds `capacity` moves, `out_count` is NULL or valid for
        // writes (the crate's contract).
        unsafe { write_moves(&list, moves, capacity, out_count) }
    })
}

/// As `chess_position_legal_moves`, for the moves of the piece on `from` (0..=63) only.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_legal_moves_from(
    pos: *const chess_position,
    from: c_int,
    moves: *mut chess_move,
    capacity: usize,
    out_count: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let pos = unsafe { self::pos(pos) }?;
        let list = pos.legal_moves_masked(square(from)?, chess_core::Bitboard::FULL);
        // SAFETY: `moves` is NULL or holds `capacity` moves, `out_count` is NULL or valid for
        // writes (the crate's contract).
        unsafe { write_moves(&list, moves, capacity, out_count) }
    })
}

/// Writes the number of legal moves into `*out_count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_count_legal_moves(
    pos: *const chess_position,
    out_count: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let n = unsafe { self::pos(pos) }?.count_legal_moves();
        // SAFETY: `out_count` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_count, "out_count") }? = n as usize;
        Ok(())
    })
}

/// Tells whether `m` (exact encoding, as the legal moves list it) is legal. A number that is
/// no move's encoding is `CHESS_ERR_INVALID_MOVE`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_legal(
    pos: *const chess_position,
    m: chess_move,
    out_legal: *mut bool,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let legal = unsafe { self::pos(pos) }?.is_legal(decode_move(m)?);
        // SAFETY: `out_legal` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_legal, "out_legal") }? = legal;
        Ok(())
    })
}

/// Finds the legal move from `from` to `to` (0..=63) with `promotion` (`CHESS_ROLE_NONE` or
/// a piece kind): chess-core's one resolver, so e1g1 and e1h1 both castle and a pawn's
/// diagonal step captures en passant. An illegal move is `CHESS_ERR_ILLEGAL_MOVE` (or
/// `CHESS_ERR_MISSING_PROMOTION`) with the reason as the message ("the knight on c3 is
/// pinned ...").
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_resolve_move(
    pos: *const chess_position,
    from: c_int,
    to: c_int,
    promotion: c_int,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let pos = unsafe { self::pos(pos) }?;
        let (from, to, promotion) = (square(from)?, square(to)?, self::promotion(promotion)?);
        let m = pos.resolve_move(from, to, promotion)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_move, "out_move") }? = m.to_u16();
        Ok(())
    })
}

/// Plays `m` (resolved as `chess_position_resolve_move` does: e1g1 castles). The position is
/// unchanged on failure.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_play(pos: *mut chess_position, m: chess_move) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position used by this call only (the crate's contract).
        let pos = unsafe { pos_mut(pos) }?;
        Ok(pos.play(decode_move(m)?)?)
    })
}

/// Plays the move written in SAN (`"Nf3"`, `"O-O"`, `"exd6"`); the move played goes to
/// `*out_move` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_play_san(
    pos: *mut chess_position,
    san: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `san` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(san, "san") }?;
        // SAFETY: `pos` is NULL or a live position used by this call only (the crate's contract).
        let pos = unsafe { pos_mut(pos) }?;
        let m = pos.parse_san(text)?;
        pos.play(m)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// Plays the move written in UCI (`"e2e4"`, `"e7e8q"`, `"e1g1"`); the move played goes to
/// `*out_move` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_play_uci(
    pos: *mut chess_position,
    uci: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `uci` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(uci, "uci") }?;
        // SAFETY: `pos` is NULL or a live position used by this call only (the crate's contract).
        let pos = unsafe { pos_mut(pos) }?;
        let m = pos.parse_uci(text)?;
        pos.play(m)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// Reads a SAN into the legal move it names, without playing it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_parse_san(
    pos: *const chess_position,
    san: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `san` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(san, "san") }?;
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let m = unsafe { self::pos(pos) }?.parse_san(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_move, "out_move") }? = m.to_u16();
        Ok(())
    })
}

/// Reads a UCI move into the legal move it names, without playing it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_parse_uci(
    pos: *const chess_position,
    uci: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `uci` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(uci, "uci") }?;
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let m = unsafe { self::pos(pos) }?.parse_uci(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_move, "out_move") }? = m.to_u16();
        Ok(())
    })
}

/// Reads a move for notation: it must be a legal move's exact encoding.
fn legal_move(pos: &Position, m: chess_move) -> Result<Move> {
    let m = decode_move(m)?;
    if pos.is_legal(m) {
        return Ok(m);
    }
    let mut copy = *pos;
    Err(match copy.play(m) {
        Err(error) => error.into(),
        Ok(()) => fail(
            chess_status::CHESS_ERR_ILLEGAL_MOVE,
            format_args!(
                "move {:#06x} is not a legal move's exact encoding (chess_position_resolve_move gives it)",
                m.to_u16()
            ),
        ),
    })
}

/// Writes a legal move in a notation, for the entry point `function` (its
/// [`this_function!`] path).
///
/// # Safety
/// The crate's contract for `pos`, `buf`, `capacity` and `out_len`.
unsafe fn notation(
    function: &'static str,
    pos: *const chess_position,
    m: chess_move,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
    write: fn(&Position, Move) -> String,
) -> chess_status {
    guard(function, || {
        // SAFETY: `pos` is NULL or a live position (this function's contract).
        let pos = unsafe { self::pos(pos) }?;
        let m = legal_move(pos, m)?;
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (this function's contract).
        unsafe { write_str(&write(pos, m), buf, capacity, out_len) }
    })
}

/// Writes a legal move in SAN, with its check or mate sign (`"Nf3"`, `"Qxf7#"`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_san(
    pos: *const chess_position,
    m: chess_move,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    // SAFETY: the crate's contract is `notation`'s.
    unsafe { notation(this_function!(), pos, m, buf, capacity, out_len, |pos, m| pos.san(m).to_string()) }
}

/// Writes a legal move in UCI (`"e2e4"`, `"e1g1"` for standard castling).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_uci(
    pos: *const chess_position,
    m: chess_move,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    // SAFETY: the crate's contract is `notation`'s.
    unsafe { notation(this_function!(), pos, m, buf, capacity, out_len, |pos, m| pos.uci(m).to_string()) }
}

/// Writes a legal move in long algebraic notation (`"Ng1-f3"`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_lan(
    pos: *const chess_position,
    m: chess_move,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    // SAFETY: the crate's contract is `notation`'s.
    unsafe { notation(this_function!(), pos, m, buf, capacity, out_len, |pos, m| pos.lan(m).to_string()) }
}

/// Answers a yes-or-no question about a position, for the entry point `function` (its
/// [`this_function!`] path).
///
/// # Safety
/// The crate's contract for `pos` and `out`.
unsafe fn predicate(
    function: &'static str,
    pos: *const chess_position,
    out: *mut bool,
    test: fn(&Position) -> bool,
) -> chess_status {
    guard(function, || {
        // SAFETY: `pos` is NULL or a live position (this function's contract).
        let value = test(unsafe { self::pos(pos) }?);
        // SAFETY: `out` is NULL or valid for writes (this function's contract).
        *unsafe { arg_mut(out, "out") }? = value;
        Ok(())
    })
}

/// Tells whether the side to move is in check.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_check(pos: *const chess_position, out: *mut bool) -> chess_status {
    // SAFETY: the crate's contract is `predicate`'s.
    unsafe { predicate(this_function!(), pos, out, Position::is_check) }
}

/// Tells whether the side to move is checkmated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_checkmate(pos: *const chess_position, out: *mut bool) -> chess_status {
    // SAFETY: the crate's contract is `predicate`'s.
    unsafe { predicate(this_function!(), pos, out, Position::is_checkmate) }
}

/// Tells whether the side to move is stalemated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_stalemate(pos: *const chess_position, out: *mut bool) -> chess_status {
    // SAFETY: the crate's contract is `predicate`'s.
    unsafe { predicate(this_function!(), pos, out, Position::is_stalemate) }
}

/// Tells whether neither side has the material to checkmate.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_is_insufficient_material(
    pos: *const chess_position,
    out: *mut bool,
) -> chess_status {
    // SAFETY: the crate's contract is `predicate`'s.
    unsafe { predicate(this_function!(), pos, out, Position::is_insufficient_material) }
}

/// Writes the position's Zobrist key (Polyglot's numbers) into `*out_key`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_zobrist_key(pos: *const chess_position, out_key: *mut u64) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let key = unsafe { self::pos(pos) }?.zobrist_key();
        // SAFETY: `out_key` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_key, "out_key") }? = key;
        Ok(())
    })
}

/// Counts the leaf nodes of the legal move tree `depth` plies deep (perft) into `*out_nodes`;
/// a depth beyond chess-core's limit (64) is `CHESS_ERR_DEPTH_TOO_LARGE`. A bulk call that
/// nothing interrupts: its time grows by the number of legal moves per ply (about 30 in an
/// opening, hundreds with many queens), so choose the depth for the position (from the start,
/// depth 6 counts 119 million leaves in under a second, depth 8 85 billion in minutes).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_perft(
    pos: *const chess_position,
    depth: u32,
    out_nodes: *mut u64,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let pos = unsafe { self::pos(pos) }?;
        // SAFETY: `out_nodes` is NULL or valid for writes (the crate's contract).
        let out = unsafe { arg_mut(out_nodes, "out_nodes") }?;
        *out = chess_core::perft::perft(pos, depth)?;
        Ok(())
    })
}

/// Writes the squares of the rooks that still have castling rights, as a 64-bit set (bit n =
/// square n: `1 << 0` a1, `1 << 7` h1, ...) into `*out_rooks`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_castling_rights(
    pos: *const chess_position,
    out_rooks: *mut u64,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let rooks = unsafe { self::pos(pos) }?.castling_rights();
        // SAFETY: `out_rooks` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_rooks, "out_rooks") }? = rooks.0;
        Ok(())
    })
}

/// Describes a legal move in words for players, in `lang` (`CHESS_LANG_EN`: "White knight g1
/// to f3"; `CHESS_LANG_ZH`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_describe(
    pos: *const chess_position,
    m: chess_move,
    lang: c_int,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let pos = unsafe { self::pos(pos) }?;
        let lang = self::lang(lang)?;
        let m = legal_move(pos, m)?;
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&pos.describe(m).text(lang).to_string(), buf, capacity, out_len) }
    })
}

/// Tells why `m` cannot be played (as `chess_position_play` would refuse it), in `lang`:
/// writes the reason ("the knight on c3 is pinned by the bishop on b4"), or an empty string
/// when the move can be played. `*out_status` (may be NULL) gets the status playing it would
/// return (`CHESS_OK`, `CHESS_ERR_ILLEGAL_MOVE`, `CHESS_ERR_MISSING_PROMOTION`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_why_illegal(
    pos: *const chess_position,
    m: chess_move,
    lang: c_int,
    out_status: *mut chess_status,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `pos` is NULL or a live position (the crate's contract).
        let mut copy = *unsafe { self::pos(pos) }?;
        let lang = self::lang(lang)?;
        let (status, text) = match copy.play(decode_move(m)?) {
            Ok(()) => (chess_status::CHESS_OK, String::new()),
            Err(error) => (chess_status::from_code(error.code()), error.reason.text(lang).to_string()),
        };
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&text, buf, capacity, out_len) }?;
        // SAFETY: `out_status` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_status, status) };
        Ok(())
    })
}

/// As `chess_position_from_fen_with`, with the FEN given by pointer and length in bytes (a C++
/// `std::string_view`; no NUL needed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_from_fen_n(
    fen: *const c_char,
    len: usize,
    flags: u32,
    out: *mut *mut chess_position,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `fen` is NULL or holds `len` bytes (the crate's contract).
        let position = read_fen(unsafe { arg_str_len(fen, len, "fen") }?, flags)?;
        store(out, chess_position(position))
    })
}

/// As `chess_position_play_san`, with the SAN given by pointer and length in bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_play_san_n(
    pos: *mut chess_position,
    san: *const c_char,
    len: usize,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `san` is NULL or holds `len` bytes (the crate's contract).
        let text = unsafe { arg_str_len(san, len, "san") }?;
        // SAFETY: `pos` is NULL or a live position used by this call only (the crate's contract).
        let pos = unsafe { pos_mut(pos) }?;
        let m = pos.parse_san(text)?;
        pos.play(m)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}
