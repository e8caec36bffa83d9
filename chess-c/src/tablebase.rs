//! `chess_tablebase`: Syzygy endgame tablebases.

use core::ffi::{c_char, c_int};

use chess_core::syzygy::Tablebase;

use crate::ffi::{Result, arg, arg_mut, arg_str, chess_status, fail, free_handle, guard, put_opt, this_function};
use crate::position::{chess_position, new_handle, pos as position};

/// Syzygy endgame tables (opaque; made by `chess_tablebase_new`, filled by
/// `chess_tablebase_add_directory`, freed by `chess_tablebase_free`). The probes only read it:
/// once filled, one tablebase may be probed from many threads at once (a
/// `chess_tablebase_add_directory` must not run meanwhile).
#[allow(non_camel_case_types)]
pub struct chess_tablebase(Tablebase);

/// Reads a tablebase handle that must not be NULL.
///
/// # Safety
/// `ptr` is NULL or a live `chess_tablebase` that nothing changes during `'a`.
unsafe fn tablebase<'a>(ptr: *const chess_tablebase) -> Result<&'a Tablebase> {
    // SAFETY: a live handle is valid for reads; this function's contract.
    Ok(&unsafe { arg(ptr, "tablebase") }?.0)
}

/// Makes an empty tablebase into `*out`: add tables with `chess_tablebase_add_directory`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_tablebase_new(out: *mut *mut chess_tablebase) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        unsafe { new_handle(out, chess_tablebase(Tablebase::new())) }
    })
}

/// Frees a tablebase; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_tablebase_free(tablebase: *mut chess_tablebase) {
    // SAFETY: `tablebase` is NULL or a live handle not used afterwards (the crate's contract).
    unsafe { free_handle(tablebase) }
}

/// Adds the `.rtbw` (WDL) and `.rtbz` (DTZ) files of the directory at `path` (NUL-terminated
/// UTF-8; its subdirectories are not read) and writes how many files it added into
/// `*out_count` (may be NULL). The files are opened on their first probe. `CHESS_ERR_IO` when
/// the directory cannot be read (some of its files may have been added already).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_tablebase_add_directory(
    tablebase: *mut chess_tablebase,
    path: *const c_char,
    out_count: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `tablebase` is NULL or a live handle used by nothing else meanwhile, `path`
        // NULL or a NUL-terminated string (the crate's contract).
        let (tables, path) = unsafe { (&mut arg_mut(tablebase, "tablebase")?.0, arg_str(path, "path")?) };
        let added = tables
            .add_directory(path)
            .map_err(|error| fail(chess_status::CHESS_ERR_IO, format_args!("{path}: {error}")))?;
        // SAFETY: `out_count` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_count, added) };
        Ok(())
    })
}

/// Writes win, draw or loss for the side to move in `pos` into `*out_wdl`, as python-chess's
/// `probe_wdl` gives it (as if the position had been reached by a capture or a pawn move):
/// 2 win, 1 win that the fifty-move rule turns into a draw, 0 draw, -1 loss that the rule
/// saves, -2 loss. `CHESS_ERR_MISSING_TABLE` when a table it needs was not added,
/// `CHESS_ERR_UNSUPPORTED_POSITION` for castling rights or more than 7 pieces,
/// `CHESS_ERR_CORRUPT_TABLE` or `CHESS_ERR_IO` for a damaged or unreadable file.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_tablebase_probe_wdl(
    tablebase: *const chess_tablebase,
    pos: *const chess_position,
    out_wdl: *mut c_int,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: handles NULL or live, `out_wdl` NULL or valid for writes (the crate's contract).
        let (tables, pos, out) = unsafe { (self::tablebase(tablebase)?, position(pos)?, arg_mut(out_wdl, "out_wdl")?) };
        *out = tables.probe_wdl(pos)?.value();
        Ok(())
    })
}

/// Writes the distance to the next capture or pawn move with best play, in plies, for the side
/// to move in `pos` into `*out_dtz`, as python-chess's `probe_dtz` gives it: positive when
/// winning, negative when losing, 0 for a draw, beyond 100 or -100 when the fifty-move rule
/// turns the result into a draw (the tables round: it may be one more than the real distance,
/// never where that changes the result). Needs the WDL and DTZ tables; the errors are
/// `chess_tablebase_probe_wdl`'s.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_tablebase_probe_dtz(
    tablebase: *const chess_tablebase,
    pos: *const chess_position,
    out_dtz: *mut c_int,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: handles NULL or live, `out_dtz` NULL or valid for writes (the crate's contract).
        let (tables, pos, out) = unsafe { (self::tablebase(tablebase)?, position(pos)?, arg_mut(out_dtz, "out_dtz")?) };
        *out = tables.probe_dtz(pos)?.0;
        Ok(())
    })
}
