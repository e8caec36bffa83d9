//! `chess_searcher`: the computer player.

use core::ffi::{c_char, c_int, c_void};
use core::time::Duration;

use chess_core::search::{Level, Score, SearchInfo, SearchLimits, SearchResult, Searcher, StopHandle};

use crate::chess_move;
use crate::ffi::{Result, arg, arg_mut, chess_status, fail, guard, put_opt, this_function, write_str};
use crate::game::{self, chess_game};
use crate::position::{out_slot, store};

/// The computer player (opaque; made by `chess_searcher_new`, freed by `chess_searcher_free`).
/// One search at a time; `chess_searcher_stop` may be called from any thread meanwhile, and a
/// `chess_stop_handle` stops its searches from any thread at any time, even after the free.
#[allow(non_camel_case_types)]
pub struct chess_searcher {
    // Two fields reached separately through the raw pointer, never through a reference to the
    // whole: the searching thread borrows `searcher`, a stopping thread only `stop`.
    searcher: Searcher,
    stop: StopHandle,
}

/// The computer's playing strength: chess-core's `Level::code()`. 0 is not a level but "the
/// searcher's own level" (what `chess_searcher_set_level` chose, else the default,
/// `CHESS_LEVEL_MASTER`), so that a zeroed `chess_search_limits` keeps it.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_level {
    /// The searcher's own level (in `chess_search_limits.level` and `chess_searcher_hint`; not
    /// a level `chess_searcher_set_level` takes).
    CHESS_LEVEL_SEARCHER = 0,
    /// Depth 2, many mistakes.
    CHESS_LEVEL_BEGINNER = 1,
    /// Depth 3, a few mistakes.
    CHESS_LEVEL_NORMAL = 2,
    /// Depth 4, full evaluation.
    CHESS_LEVEL_EXPERT = 3,
    /// One second per move, full strength (the default: chess-core's `Level::default()`).
    CHESS_LEVEL_MASTER = 4,
}

/// What bounds a search; 0 in a bound field means "no bound of this kind". With every bound 0
/// and `infinite` false, the level chooses the bounds (chess-core's `SearchLimits::or_level`:
/// Beginner to Expert search 2 to 4 plies within a node cap, Master for a second). An
/// infinite search runs until `chess_searcher_stop`. `level` is the strength of this one
/// search (`CHESS_LEVEL_SEARCHER`, 0: the searcher's own level); the searcher's level is
/// unchanged afterwards.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct chess_search_limits {
    /// Plies to search.
    pub depth: u32,
    /// Nodes to search.
    pub nodes: u64,
    /// Milliseconds to think.
    pub movetime_ms: u64,
    /// Find a mate in this many moves.
    pub mate: u32,
    /// Search until stopped.
    pub infinite: bool,
    /// The strength of this search: a `chess_level` (`CHESS_LEVEL_SEARCHER`, 0: the
    /// searcher's own level); another number is `CHESS_ERR_INVALID_LEVEL`.
    pub level: c_int,
}

/// What a search found.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct chess_search_result {
    /// The move to play (`CHESS_MOVE_NULL` when there is no legal move).
    pub best_move: chess_move,
    /// The expected reply (`CHESS_MOVE_NULL` when unknown).
    pub ponder: chess_move,
    /// True when `score` is a mate distance, false when it is centipawns.
    pub is_mate: bool,
    /// Centipawns for the side to move, or with `is_mate` moves to mate (negative: being
    /// mated; 0: checkmated).
    pub score: i32,
    /// The last finished depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: u64,
}

/// What a search reports after each finished depth, to a progress callback.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct chess_search_info {
    /// The depth just finished, in plies.
    pub depth: u32,
    /// The first move of the best line so far (`CHESS_MOVE_NULL` when none).
    pub best_move: chess_move,
    /// True when `score` is a mate distance, false when it is centipawns.
    pub is_mate: bool,
    /// The score for the side to move (see `chess_search_result`).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began, in milliseconds.
    pub time_ms: u64,
}

/// A progress callback: called on the searching thread after each finished depth, with the
/// `user_data` given to `chess_searcher_search_with_progress`. It must not unwind (a C++
/// callback must not throw) and must not use the searcher except `chess_searcher_stop`.
#[allow(non_camel_case_types)]
pub type chess_progress_fn = Option<unsafe extern "C" fn(info: *const chess_search_info, user_data: *mut c_void)>;

fn score_value(score: Score) -> (bool, i32) {
    match score {
        Score::Cp(cp) => (false, cp),
        Score::Mate(moves) => (true, moves),
    }
}

fn millis(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
}

/// A level number (`CHESS_LEVEL_BEGINNER`..=`CHESS_LEVEL_MASTER`); `searcher` stands for
/// `CHESS_LEVEL_SEARCHER` where that is allowed.
fn level_or(number: c_int, searcher: Option<Level>) -> Result<Level> {
    let level = match (number, searcher) {
        (0, Some(own)) => Some(own),
        _ => u8::try_from(number).ok().and_then(Level::from_code),
    };
    level.ok_or_else(|| {
        let least = if searcher.is_some() { 0 } else { 1 };
        fail(chess_status::CHESS_ERR_INVALID_LEVEL, format_args!("level {number} is not in {least}..=4"))
    })
}

fn result_value(result: &SearchResult) -> chess_search_result {
    let (is_mate, score) = score_value(result.score);
    chess_search_result {
        best_move: result.best_move.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16()),
        ponder: result.ponder.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16()),
        is_mate,
        score,
        depth: result.depth,
        nodes: result.nodes,
        time_ms: millis(result.elapsed),
    }
}

/// Borrows the searcher of a handle without touching its stop field.
///
/// # Safety
/// `ptr` is NULL or a live `chess_searcher` whose `searcher` field nothing else uses during
/// `'a` (its `stop` field may be used meanwhile: `chess_searcher_stop`).
unsafe fn searcher_mut<'a>(ptr: *mut chess_searcher) -> Result<&'a mut Searcher> {
    if ptr.is_null() {
        return Err(fail(chess_status::CHESS_ERR_NULL_ARGUMENT, "argument `searcher` is NULL"));
    }
    // SAFETY: a live handle, not NULL (this function's contract); only this field is borrowed
    // mutably, without a reference to the whole handle.
    Ok(unsafe { &mut *core::ptr::addr_of_mut!((*ptr).searcher) })
}

/// Borrows the stop handle of a searcher, which may be used while another thread searches.
///
/// # Safety
/// `ptr` is NULL or a live `chess_searcher` for `'a`.
unsafe fn stop_of<'a>(ptr: *const chess_searcher) -> Result<&'a StopHandle> {
    if ptr.is_null() {
        return Err(fail(chess_status::CHESS_ERR_NULL_ARGUMENT, "argument `searcher` is NULL"));
    }
    // SAFETY: a live handle, not NULL (this function's contract); only the stop field (an
    // `Arc` of an atomic, never changed after the handle is made) is borrowed.
    Ok(unsafe { &*core::ptr::addr_of!((*ptr).stop) })
}

/// Makes a searcher at the default level (chess-core's `Level::default()`,
/// `CHESS_LEVEL_MASTER`) with a 16 MiB hash into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_new(out: *mut *mut chess_searcher) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        let searcher = Searcher::new();
        let stop = searcher.stop_handle();
        store(out, chess_searcher { searcher, stop })
    })
}

/// Frees a searcher; NULL is a no-op. No search may be running on it, and no call to
/// `chess_searcher_stop` on it may be under way or come later (a `chess_stop_handle` may).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_free(searcher: *mut chess_searcher) {
    // SAFETY: `searcher` is NULL or a live handle, not used afterwards (the crate's contract).
    unsafe { crate::ffi::free_handle(searcher) }
}

/// Sets the playing level (`CHESS_LEVEL_BEGINNER` to `CHESS_LEVEL_MASTER`); another number
/// (`CHESS_LEVEL_SEARCHER` too) is `CHESS_ERR_INVALID_LEVEL`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_set_level(searcher: *mut chess_searcher, level: c_int) -> chess_status {
    guard(this_function!(), || {
        let level = level_or(level, None)?;
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        unsafe { searcher_mut(searcher) }?.set_level(level);
        Ok(())
    })
}

/// The limits given (a search without any runs with its level's own).
fn core_limits(limits: &chess_search_limits) -> SearchLimits {
    let nonzero = |n: u64| (n != 0).then_some(n);
    SearchLimits {
        depth: (limits.depth != 0).then_some(limits.depth),
        nodes: nonzero(limits.nodes),
        move_time: nonzero(limits.movetime_ms).map(Duration::from_millis),
        mate: (limits.mate != 0).then_some(limits.mate),
        infinite: limits.infinite,
        ..SearchLimits::default()
    }
}

/// Runs a search for the entry point `function` (its [`this_function!`] path).
///
/// # Safety
/// The crate's contract for every pointer; `progress`, when not NULL, may be called with
/// `user_data` (the caller's promise to C).
#[allow(clippy::too_many_arguments)]
unsafe fn run_search(
    function: &'static str,
    searcher: *mut chess_searcher,
    game: *const chess_game,
    limits: *const chess_search_limits,
    progress: chess_progress_fn,
    user_data: *mut c_void,
    out_result: *mut chess_search_result,
) -> chess_status {
    guard(function, || {
        // SAFETY: `game` is NULL or a live game (this function's contract).
        let game = unsafe { game::game(game) }?;
        // SAFETY: `out_result` is NULL or valid for writes (this function's contract).
        let out = unsafe { arg_mut(out_result, "out_result") }?;
        // SAFETY: `searcher` is NULL or a live searcher (this function's contract).
        let searcher = unsafe { searcher_mut(searcher) }?;
        // SAFETY: `limits` is NULL or valid for reads (this function's contract).
        let limits = unsafe { limits.as_ref() }.copied().unwrap_or_default();
        let own = searcher.level();
        let level = level_or(limits.level, Some(own))?;
        let limits = core_limits(&limits);
        searcher.set_level(level);
        let result = match progress {
            None => searcher.search_game(game, &limits, &mut ()),
            Some(callback) => {
                let mut report = |info: &SearchInfo<'_>| {
                    let (is_mate, score) = score_value(info.score);
                    let info = chess_search_info {
                        depth: info.depth,
                        best_move: info.pv.first().map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16()),
                        is_mate,
                        score,
                        nodes: info.nodes,
                        time_ms: millis(info.elapsed),
                    };
                    // SAFETY: the caller's callback, called with its own user data (this
                    // function's contract).
                    unsafe { callback(&info, user_data) };
                };
                searcher.search_game(game, &limits, &mut report)
            }
        };
        searcher.set_level(own);
        *out = result_value(&result);
        Ok(())
    })
}

/// Searches the game's current position by the game's rules within `limits` (NULL or all
/// zero: the searcher's level) and writes what it found into `*out_result`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_search(
    searcher: *mut chess_searcher,
    game: *const chess_game,
    limits: *const chess_search_limits,
    out_result: *mut chess_search_result,
) -> chess_status {
    // SAFETY: the crate's contract is `run_search`'s.
    unsafe { run_search(this_function!(), searcher, game, limits, None, core::ptr::null_mut(), out_result) }
}

/// As `chess_searcher_search`, calling `progress(info, user_data)` after each finished depth
/// (`progress` may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_search_with_progress(
    searcher: *mut chess_searcher,
    game: *const chess_game,
    limits: *const chess_search_limits,
    progress: chess_progress_fn,
    user_data: *mut c_void,
    out_result: *mut chess_search_result,
) -> chess_status {
    // SAFETY: the crate's contract is `run_search`'s.
    unsafe { run_search(this_function!(), searcher, game, limits, progress, user_data, out_result) }
}

/// Sets the size of the transposition table in MiB, from 1 (0 is `CHESS_ERR_INVALID_ARGUMENT`)
/// to 4096 (a larger size is capped); the size in use (less when memory is short) goes to
/// `*out_mb` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_set_hash_size(
    searcher: *mut chess_searcher,
    megabytes: usize,
    out_mb: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        let searcher = unsafe { searcher_mut(searcher) }?;
        if megabytes == 0 {
            return Err(fail(chess_status::CHESS_ERR_INVALID_ARGUMENT, "a hash size of 0 MiB: the least is 1"));
        }
        let used = searcher.set_hash_mb(megabytes);
        // SAFETY: `out_mb` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_mb, used) };
        Ok(())
    })
}

/// Forgets what earlier searches learnt (call between unrelated games).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_new_game(searcher: *mut chess_searcher) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        unsafe { searcher_mut(searcher) }?.new_game();
        Ok(())
    })
}

/// Suggests a move for the side to move in `game`, searched at `level`
/// (`CHESS_LEVEL_SEARCHER`: the searcher's own level): the move goes to
/// `*out_move` (`CHESS_MOVE_NULL` and an empty text when the game has no legal move), its SAN
/// to `san_buf` and an explanation in `lang` to `text_buf` ("White knight f3 takes queen h4;
/// wins the queen on h4"); both buffers follow the string conventions. The searcher's
/// own level is kept.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_hint(
    searcher: *mut chess_searcher,
    game: *const chess_game,
    level: c_int,
    lang: c_int,
    out_move: *mut chess_move,
    san_buf: *mut c_char,
    san_capacity: usize,
    text_buf: *mut c_char,
    text_capacity: usize,
    out_text_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let game = unsafe { game::game(game) }?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        let out_move = unsafe { arg_mut(out_move, "out_move") }?;
        let lang = crate::lang(lang)?;
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        let searcher = unsafe { searcher_mut(searcher) }?;
        let level = level_or(level, Some(searcher.level()))?;
        let hint = searcher.hint(game, level);
        let (m, san, text) = match &hint {
            Some(hint) => (hint.mv.to_u16(), hint.san.clone(), hint.text(lang).to_string()),
            None => (crate::CHESS_MOVE_NULL, String::new(), String::new()),
        };
        if san_capacity <= san.len() || san_buf.is_null() {
            return Err(fail(
                chess_status::CHESS_ERR_BUFFER_TOO_SMALL,
                format_args!("the SAN needs a buffer of {} bytes (with its NUL), {san_capacity} given", san.len() + 1),
            ));
        }
        // SAFETY: `text_buf` is NULL or holds `text_capacity` bytes, `out_text_len` is NULL or
        // valid for writes (the crate's contract).
        unsafe { write_str(&text, text_buf, text_capacity, out_text_len) }?;
        // SAFETY: `san_buf` holds `san_capacity` bytes (the crate's contract), enough: checked
        // above.
        unsafe { write_str(&san, san_buf, san_capacity, core::ptr::null_mut()) }?;
        *out_move = m;
        Ok(())
    })
}

/// Chooses a move for the game at the searcher's level, into `*out_move` (`CHESS_MOVE_NULL`
/// when there is no legal move).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_best_move(
    searcher: *mut chess_searcher,
    game: *const chess_game,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let game = unsafe { game::game(game) }?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        let out = unsafe { arg_mut(out_move, "out_move") }?;
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        let result = unsafe { searcher_mut(searcher) }?.play(game);
        *out = result.best_move.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16());
        Ok(())
    })
}

/// Asks the running search on `searcher` to stop as soon as it can (it then returns its best
/// move so far). Safe from any thread while another searches, but not while or after
/// `chess_searcher_free` frees the searcher: a thread that may outlive the searcher stops it
/// through a `chess_stop_handle`. A stop when no search runs does nothing (a search that
/// starts later is not stopped).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_stop(searcher: *const chess_searcher) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        unsafe { stop_of(searcher) }?.stop();
        Ok(())
    })
}

/// Stops the searches of one searcher (opaque; made by `chess_searcher_stop_handle`, freed by
/// `chess_stop_handle_free`). It has its own lifetime: it stays valid after its searcher is
/// freed (stopping it then does nothing), and `chess_stop_handle_stop` may race anything on
/// the searcher, `chess_searcher_free` included.
#[allow(non_camel_case_types)]
pub struct chess_stop_handle(StopHandle);

/// Makes a stop handle for `searcher` into `*out`. Each handle is freed on its own by
/// `chess_stop_handle_free`, before or after the searcher.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_searcher_stop_handle(
    searcher: *const chess_searcher,
    out: *mut *mut chess_stop_handle,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `searcher` is NULL or a live searcher (the crate's contract).
        let stop = unsafe { stop_of(searcher) }?.clone();
        store(out, chess_stop_handle(stop))
    })
}

/// Asks the search running on the handle's searcher to stop, as `chess_searcher_stop` does.
/// Safe from any thread at any time until the handle itself is freed; does nothing when no
/// search runs or the searcher was freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_stop_handle_stop(handle: *const chess_stop_handle) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `handle` is NULL or valid for reads (the crate's contract).
        unsafe { arg(handle, "handle") }?.0.stop();
        Ok(())
    })
}

/// Frees a stop handle; NULL is a no-op. No call to `chess_stop_handle_stop` with it may be
/// under way or come later.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_stop_handle_free(handle: *mut chess_stop_handle) {
    // SAFETY: `handle` is NULL or a live handle, not used afterwards (the crate's contract).
    unsafe { crate::ffi::free_handle(handle) }
}
