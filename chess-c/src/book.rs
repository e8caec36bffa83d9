//! `chess_book`: Polyglot opening books.

use core::ffi::c_char;

use chess_core::book::{Book, BookMove};

use crate::chess_move;
use crate::ffi::{Result, arg, arg_mut, arg_str, chess_status, fail, free_handle, guard, this_function};
use crate::position::{chess_position, new_handle, pos as position};

/// A Polyglot opening book (opaque; made by `chess_book_open` or `chess_book_from_bytes`,
/// freed by `chess_book_free`). Read-only once made: one book may be used from many threads.
#[allow(non_camel_case_types)]
pub struct chess_book(Book<'static>);

/// One entry of a book for a position: the stored fields and the legal move they name.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct chess_book_entry {
    /// The legal move, in chess-core's encoding (castling as the king taking its rook, as the
    /// book stores it); `CHESS_MOVE_NULL` when there is no entry.
    pub mv: chess_move,
    /// The move's weight, relative to the position's other entries.
    pub weight: u16,
    /// The learn value, as stored.
    pub learn: u32,
    /// The position's Polyglot key.
    pub key: u64,
    /// The move as the book stores it.
    pub raw_move: u16,
}

impl From<BookMove> for chess_book_entry {
    fn from(found: BookMove) -> chess_book_entry {
        let entry = found.entry;
        chess_book_entry {
            mv: found.mv.to_u16(),
            weight: entry.weight,
            learn: entry.learn,
            key: entry.key,
            raw_move: entry.raw_move,
        }
    }
}

/// Reads a book handle that must not be NULL.
///
/// # Safety
/// `ptr` is NULL or a live `chess_book`.
unsafe fn book<'a>(ptr: *const chess_book) -> Result<&'a Book<'static>> {
    // SAFETY: a live handle is valid for reads; this function's contract.
    Ok(&unsafe { arg(ptr, "book") }?.0)
}

/// Reads the Polyglot book in the file at `path` (NUL-terminated UTF-8) into `*out`:
/// `CHESS_ERR_IO` when the file cannot be read, `CHESS_ERR_INVALID_BOOK` when it is not a book
/// (a length not a multiple of 16 bytes, keys not sorted).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_open(path: *const c_char, out: *mut *mut chess_book) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `path` is NULL or a NUL-terminated string (the crate's contract).
        let path = unsafe { arg_str(path, "path") }?;
        let book = Book::open(path)
            .map_err(|error| fail(chess_status::from_code(error.code()), format_args!("{path}: {error}")))?;
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        unsafe { new_handle(out, chess_book(book)) }
    })
}

/// Reads a Polyglot book from `len` bytes at `bytes` (copied; NULL with `len` 0 is the empty
/// book) into `*out`: `CHESS_ERR_INVALID_BOOK` when they are not a book.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_from_bytes(
    bytes: *const u8,
    len: usize,
    out: *mut *mut chess_book,
) -> chess_status {
    guard(this_function!(), || {
        let data = if len == 0 {
            Vec::new()
        } else {
            if bytes.is_null() {
                return Err(fail(chess_status::CHESS_ERR_NULL_ARGUMENT, "argument `bytes` is NULL"));
            }
            // SAFETY: `bytes` holds `len` bytes (the crate's contract).
            unsafe { core::slice::from_raw_parts(bytes, len) }.to_vec()
        };
        let book = Book::from_vec(data)?;
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        unsafe { new_handle(out, chess_book(book)) }
    })
}

/// Frees a book; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_free(book: *mut chess_book) {
    // SAFETY: `book` is NULL or a live handle not used afterwards (the crate's contract).
    unsafe { free_handle(book) }
}

/// Writes the number of entries of the book (all positions) into `*out_count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_len(book: *const chess_book, out_count: *mut usize) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `book` is NULL or a live book, `out_count` NULL or valid for writes (the
        // crate's contract).
        let (book, out) = unsafe { (self::book(book)?, arg_mut(out_count, "out_count")?) };
        *out = book.len();
        Ok(())
    })
}

/// Writes the entries for `pos` with a weight of at least `minimum_weight` whose moves are
/// legal there, in the book's order, into `entries` (room for `capacity`) and their number into
/// `*out_count`. With too little room: nothing is written to `entries`, the number is, and the
/// status is `CHESS_ERR_BUFFER_TOO_SMALL`; with no entry, `entries` may be NULL. Entries whose
/// move is not legal are left out.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_entries(
    book: *const chess_book,
    pos: *const chess_position,
    minimum_weight: u16,
    entries: *mut chess_book_entry,
    capacity: usize,
    out_count: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `book` and `pos` are NULL or live handles, `out_count` NULL or valid for
        // writes (the crate's contract).
        let (book, pos, count) = unsafe { (self::book(book)?, position(pos)?, arg_mut(out_count, "out_count")?) };
        let found: Vec<chess_book_entry> = book.find_all(pos, minimum_weight, &[]).map(Into::into).collect();
        *count = found.len();
        if found.is_empty() {
            return Ok(());
        }
        if entries.is_null() || capacity < found.len() {
            return Err(fail(
                chess_status::CHESS_ERR_BUFFER_TOO_SMALL,
                format_args!("{} entries need room, {capacity} given", found.len()),
            ));
        }
        // SAFETY: `entries` holds `capacity >= found.len()` entries (the crate's contract).
        let out = unsafe { core::slice::from_raw_parts_mut(entries, found.len()) };
        out.copy_from_slice(&found);
        Ok(())
    })
}

/// Writes the entry for `pos` with the highest weight (the first of equal ones; weight 1 or
/// more, move legal) into `*out_entry`; with no such entry, an entry whose move is
/// `CHESS_MOVE_NULL` (and the status `CHESS_OK`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_find(
    book: *const chess_book,
    pos: *const chess_position,
    out_entry: *mut chess_book_entry,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: handles NULL or live, `out_entry` NULL or valid for writes (the crate's contract).
        let (book, pos, out) = unsafe { (self::book(book)?, position(pos)?, arg_mut(out_entry, "out_entry")?) };
        *out = book.find(pos, 1, &[]).map(Into::into).unwrap_or_default();
        Ok(())
    })
}

/// Chooses an entry for `pos` at random in proportion to the weights, with `random` (any
/// number the caller draws, from its own seeded generator) taken modulo the sum of the
/// weights, into `*out_entry`; with no entry, an entry whose move is `CHESS_MOVE_NULL`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_weighted_choice(
    book: *const chess_book,
    pos: *const chess_position,
    random: u64,
    out_entry: *mut chess_book_entry,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: handles NULL or live, `out_entry` NULL or valid for writes (the crate's contract).
        let (book, pos, out) = unsafe { (self::book(book)?, position(pos)?, arg_mut(out_entry, "out_entry")?) };
        *out = book.weighted_choice(pos, &[], &mut |bound| random % bound).map(Into::into).unwrap_or_default();
        Ok(())
    })
}
