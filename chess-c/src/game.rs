//! `chess_game`: a game with its moves, its rules and how it ended.

use core::ffi::{c_char, c_int};

use chess_core::{Color, EventKind, Game, Rules};

use crate::ffi::{
    Result, arg, arg_mut, arg_str, arg_str_len, chess_status, fail, guard, put_opt, this_function, write_str,
};
use crate::position::{chess_position, new_handle, out_slot, read_fen, store};
use crate::{chess_move, color, color_value, decode_move, role_value};

/// A game (opaque; made by `chess_game_new` or `chess_game_from_fen`, freed by `chess_game_free`).
#[allow(non_camel_case_types)]
pub struct chess_game(pub(crate) Game);

/// The rules a game is played by.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_rules {
    /// The FIDE Laws: claims by the players, fivefold and seventy-five-move draws.
    CHESS_RULES_FIDE = 0,
    /// The casual site's rules (chess-core's `Rules::casual`).
    CHESS_RULES_CASUAL = 1,
}

/// How a game ended: chess-core's `Termination::code()`, numbers that never change.
/// `CHESS_TERMINATION_NONE`: not over.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum chess_termination {
    /// The game goes on.
    CHESS_TERMINATION_NONE = 0,
    /// Checkmate.
    CHESS_TERMINATION_CHECKMATE = 1,
    /// Stalemate.
    CHESS_TERMINATION_STALEMATE = 2,
    /// Neither side can checkmate.
    CHESS_TERMINATION_INSUFFICIENT_MATERIAL = 3,
    /// A fifty-move claim.
    CHESS_TERMINATION_FIFTY_MOVES = 4,
    /// The seventy-five-move rule.
    CHESS_TERMINATION_SEVENTY_FIVE_MOVES = 5,
    /// A threefold-repetition claim.
    CHESS_TERMINATION_THREEFOLD_REPETITION = 6,
    /// Fivefold repetition.
    CHESS_TERMINATION_FIVEFOLD_REPETITION = 7,
    /// The casual rules' no-progress limit.
    CHESS_TERMINATION_NO_PROGRESS = 8,
    /// Perpetual check (casual rules).
    CHESS_TERMINATION_PERPETUAL_CHECK = 9,
    /// The check limit (casual rules).
    CHESS_TERMINATION_CHECK_LIMIT = 10,
    /// A player resigned.
    CHESS_TERMINATION_RESIGNATION = 11,
    /// The players agreed a draw.
    CHESS_TERMINATION_DRAW_AGREEMENT = 12,
    /// A player ran out of time.
    CHESS_TERMINATION_TIMEOUT = 13,
    /// A player forfeited.
    CHESS_TERMINATION_FORFEIT = 14,
    /// The game was aborted.
    CHESS_TERMINATION_ABORTED = 15,
}

/// A rule switched off, in the `uint32_t` fields of `chess_rules_config` that can be.
pub const CHESS_RULE_OFF: u32 = u32::MAX;

/// Every threshold of chess-core's `Rules`, to set up a game with rules of its own: start
/// from a preset with `chess_rules_preset`, change fields, pass to `chess_game_new_with_rules`.
/// A field documented "or CHESS_RULE_OFF" switches its rule off with that value.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct chess_rules_config {
    /// Plies without capture or pawn move after which a draw may be claimed (FIDE 100), or CHESS_RULE_OFF.
    pub fifty_move_plies: u32,
    /// Plies without capture or pawn move that draw automatically (FIDE 150), or CHESS_RULE_OFF.
    pub seventy_five_move_plies: u32,
    /// Plies without capture or pawn move that draw automatically (casual 60), or CHESS_RULE_OFF.
    pub no_progress_plies: u32,
    /// Replaces `no_progress_plies` for K+B+N v K (casual 100), or CHESS_RULE_OFF.
    pub no_progress_plies_kbn_v_k: u32,
    /// Occurrences of a position that let a player claim a draw (FIDE 3), or CHESS_RULE_OFF.
    pub repetitions_to_claim: u32,
    /// Occurrences of a position that draw automatically (FIDE 5, casual 3), or CHESS_RULE_OFF.
    pub repetitions_to_draw: u32,
    /// Consecutive checks by one side that draw (casual 10), or CHESS_RULE_OFF.
    pub perpetual_checks: u32,
    /// Checks received in total by one player that draw (casual 30), or CHESS_RULE_OFF.
    pub check_limit: u32,
    /// Also draws K+N+N v K, K+N v K+N, K+N v K+B, K+B v K+B (casual).
    pub extended_insufficient_material: bool,
    /// Moves a player must have made before resigning (casual 15).
    pub resign_after_moves: u32,
    /// Moves a player must have made before offering a draw (casual 15).
    pub draw_offer_after_moves: u32,
    /// Draw offers per player (casual 3), or CHESS_RULE_OFF.
    pub draw_offers_per_player: u32,
    /// Running out of time within this many own moves voids the game (casual 5), or CHESS_RULE_OFF.
    pub timeout_void_moves: u32,
    /// Running out of time draws when the opponent cannot mate (FIDE).
    pub timeout_draw_if_opponent_cannot_mate: bool,
}

/// A field of chess-core's `Rules` as `chess_rules_config` holds it: a rule switched off
/// (`None`) is `CHESS_RULE_OFF`.
trait ConfigField {
    type C;
    fn to_c(self) -> Self::C;
    fn from_c(value: Self::C) -> Self;
}

impl ConfigField for Option<u32> {
    type C = u32;
    fn to_c(self) -> u32 {
        self.unwrap_or(CHESS_RULE_OFF)
    }
    fn from_c(value: u32) -> Option<u32> {
        (value != CHESS_RULE_OFF).then_some(value)
    }
}

/// Fields that are the same in C.
macro_rules! same_in_c {
    ($($ty:ty),*) => {
        $(impl ConfigField for $ty {
            type C = $ty;
            fn to_c(self) -> $ty {
                self
            }
            fn from_c(value: $ty) -> $ty {
                value
            }
        })*
    };
}
same_in_c!(u32, bool);

/// Converts between `Rules` and `chess_rules_config`, field by field, for chess-core's list of
/// the fields (`with_rules_fields!`): a field missing on either side does not compile.
macro_rules! convert_rules {
    (Rules { $($field:ident),* $(,)? }) => {
        impl From<Rules> for chess_rules_config {
            fn from(rules: Rules) -> chess_rules_config {
                chess_rules_config { $($field: rules.$field.to_c()),* }
            }
        }

        impl From<chess_rules_config> for Rules {
            fn from(config: chess_rules_config) -> Rules {
                Rules { $($field: ConfigField::from_c(config.$field)),* }
            }
        }
    };
}
chess_core::with_rules_fields!(convert_rules);

/// Writes the thresholds of a preset (`CHESS_RULES_FIDE` or `CHESS_RULES_CASUAL`) into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_rules_preset(rules: c_int, out: *mut chess_rules_config) -> chess_status {
    guard(this_function!(), || {
        let rules = self::rules(rules)?;
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out, "out") }? = rules.into();
        Ok(())
    })
}

/// Starts a game under the rules `config` from a FEN read with `CHESS_FEN_*` `flags` (as
/// `chess_position_from_fen_with`), or from the standard position when `fen` is NULL (then
/// `flags` must still be known flags), into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_new_with_rules(
    fen: *const c_char,
    flags: u32,
    config: *const chess_rules_config,
    out: *mut *mut chess_game,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `config` is NULL or valid for reads (the crate's contract).
        let rules = Rules::from(*unsafe { arg(config, "config") }?);
        let position = if fen.is_null() {
            read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", flags)?
        } else {
            // SAFETY: `fen` is NULL or a NUL-terminated string (the crate's contract).
            read_fen(unsafe { arg_str(fen, "fen") }?, flags)?
        };
        store(out, chess_game(Game::from_position_with_rules(position, rules)))
    })
}

/// Writes the rules a game is played by into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_rules(game: *const chess_game, out: *mut chess_rules_config) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let rules = *unsafe { self::game(game) }?.rules();
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out, "out") }? = rules.into();
        Ok(())
    })
}

fn rules(number: c_int) -> Result<Rules> {
    match number {
        0 => Ok(Rules::fide()),
        1 => Ok(Rules::casual()),
        _ => Err(fail(
            chess_status::CHESS_ERR_INVALID_ARGUMENT,
            format_args!("rules {number} are neither CHESS_RULES_FIDE (0) nor CHESS_RULES_CASUAL (1)"),
        )),
    }
}

/// Reads a game handle that must not be NULL.
///
/// # Safety
/// `ptr` is NULL or a live `chess_game` that nothing changes during `'a`.
pub(crate) unsafe fn game<'a>(ptr: *const chess_game) -> Result<&'a Game> {
    // SAFETY: a live handle is valid for reads; this function's contract.
    Ok(&unsafe { arg(ptr, "game") }?.0)
}

/// Reads a game handle that must not be NULL, to change it.
///
/// # Safety
/// `ptr` is NULL or a live `chess_game` that nothing else uses during `'a`.
unsafe fn game_mut<'a>(ptr: *mut chess_game) -> Result<&'a mut Game> {
    // SAFETY: a live handle is valid for reads and writes; this function's contract.
    Ok(&mut unsafe { arg_mut(ptr, "game") }?.0)
}

/// Starts a game from the standard position under the FIDE rules, into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_new(out: *mut *mut chess_game) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        unsafe { new_handle(out, chess_game(Game::new())) }
    })
}

/// Starts a game from a FEN read with `CHESS_FEN_*` `flags` (or-ed: `CHESS_FEN_RELAXED`,
/// `CHESS_FEN_CHESS960`; `CHESS_FEN_STRICT` for none, as `chess_position_from_fen_with`) under
/// `rules` (`CHESS_RULES_FIDE` or `CHESS_RULES_CASUAL`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_fen(
    fen: *const c_char,
    flags: u32,
    rules: c_int,
    out: *mut *mut chess_game,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `fen` is NULL or a NUL-terminated string (the crate's contract).
        let position = read_fen(unsafe { arg_str(fen, "fen") }?, flags)?;
        let game = Game::from_position_with_rules(position, self::rules(rules)?);
        store(out, chess_game(game))
    })
}

/// Frees a game; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_free(game: *mut chess_game) {
    // SAFETY: `game` is NULL or a live handle, not used afterwards (the crate's contract).
    unsafe { crate::ffi::free_handle(game) }
}

/// Copies the game's current position into a new handle in `*out` (free it with
/// `chess_position_free`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_position(game: *const chess_game, out: *mut *mut chess_position) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let position = *unsafe { self::game(game) }?.position();
        store(out, chess_position(position))
    })
}

/// Writes the FEN of the game's current position (see the string conventions).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_fen(
    game: *const chess_game,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let fen = unsafe { self::game(game) }?.position().to_fen();
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&fen, buf, capacity, out_len) }
    })
}

/// Plays `m` (resolved: e1g1 castles); `CHESS_ERR_GAME_OVER` once the game has ended.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push(game: *mut chess_game, m: chess_move) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let game = unsafe { game_mut(game) }?;
        Ok(game.push(decode_move(m)?)?)
    })
}

/// Plays a move written in SAN; the move goes to `*out_move` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push_san(
    game: *mut chess_game,
    san: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `san` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(san, "san") }?;
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let m = unsafe { game_mut(game) }?.push_san(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// Plays a move written in UCI; the move goes to `*out_move` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push_uci(
    game: *mut chess_game,
    uci: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `uci` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(uci, "uci") }?;
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let m = unsafe { game_mut(game) }?.push_uci(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// Takes back the last move; the move goes to `*out_move` (may be NULL), `CHESS_MOVE_NULL`
/// when there was none to take back.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_undo(game: *mut chess_game, out_move: *mut chess_move) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let undone = unsafe { game_mut(game) }?.undo();
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, undone.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16())) };
        Ok(())
    })
}

/// Plays again the last move taken back; the move goes to `*out_move` (may be NULL),
/// `CHESS_MOVE_NULL` when there was none.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_redo(game: *mut chess_game, out_move: *mut chess_move) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let redone = unsafe { game_mut(game) }?.redo();
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, redone.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16())) };
        Ok(())
    })
}

/// Writes the number of moves played into `*out_count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_move_count(game: *const chess_game, out_count: *mut usize) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let count = unsafe { self::game(game) }?.moves().len();
        // SAFETY: `out_count` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_count, "out_count") }? = count;
        Ok(())
    })
}

/// Writes the move at `index` (0 = the first move) into `*out_move`; an index past the end is
/// `CHESS_ERR_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_move_at(
    game: *const chess_game,
    index: usize,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let moves = unsafe { self::game(game) }?.moves();
        let m = moves.get(index).ok_or_else(|| {
            fail(
                chess_status::CHESS_ERR_INVALID_ARGUMENT,
                format_args!("move index {index} is past the {} moves played", moves.len()),
            )
        })?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out_move, "out_move") }? = m.to_u16();
        Ok(())
    })
}

/// Writes how the game ended: the termination (`CHESS_TERMINATION_NONE` while it goes on)
/// and the winner (`CHESS_COLOR_NONE` for a draw or an unfinished game). Either out-parameter
/// may be NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_outcome(
    game: *const chess_game,
    out_termination: *mut c_int,
    out_winner: *mut c_int,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let outcome = unsafe { self::game(game) }?.outcome();
        let termination = outcome.map_or(chess_termination::CHESS_TERMINATION_NONE as c_int, |outcome| {
            c_int::from(outcome.termination.code())
        });
        // SAFETY: `out_termination` and `out_winner` are NULL or valid for writes (the crate's
        // contract).
        unsafe {
            put_opt(out_termination, termination);
            put_opt(out_winner, color_value(outcome.and_then(|o| o.winner)));
        }
        Ok(())
    })
}

/// Writes the result string: "1-0", "0-1", "1/2-1/2" or "*".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_result(
    game: *const chess_game,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let result = unsafe { self::game(game) }?.result();
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(result, buf, capacity, out_len) }
    })
}

/// Records the event `kind` by `player` in `game` (chess-core's `Game::apply`), for the entry
/// point `function` (its [`this_function!`] path).
///
/// # Safety
/// `game` is NULL or a live `chess_game` that nothing else uses during the call.
unsafe fn event(
    function: &'static str,
    game: *mut chess_game,
    player: c_int,
    kind: fn(Color) -> EventKind,
) -> chess_status {
    guard(function, || {
        // SAFETY: `game` is NULL or a live game used by this call only (this function's contract).
        let game = unsafe { game_mut(game) }?;
        game.apply(kind(color(player)?))?;
        Ok(())
    })
}

/// `player` (`CHESS_WHITE` or `CHESS_BLACK`) resigns; `CHESS_ERR_GAME_OVER` if the game ended.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_resign(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::Resign) }
}

/// `player` offers a draw (`CHESS_ERR_NOT_ALLOWED` when the rules refuse it now).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_offer_draw(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::OfferDraw) }
}

/// `player` accepts the opponent's draw offer: the game is drawn by agreement.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_accept_draw(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::AcceptDraw) }
}

/// `player` declines the opponent's draw offer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_decline_draw(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::DeclineDraw) }
}

/// `player` claims a draw (fifty moves, threefold repetition); `CHESS_ERR_NOT_ALLOWED` when
/// there is none to claim.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_claim_draw(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::ClaimDraw) }
}

/// `player` ran out of time (a draw if the opponent cannot mate).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_timeout(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::Timeout) }
}

/// `player` forfeits the game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_forfeit(game: *mut chess_game, player: c_int) -> chess_status {
    // SAFETY: the crate's contract is `event`'s.
    unsafe { event(this_function!(), game, player, EventKind::Forfeit) }
}

/// Writes the game as PGN text (headers, moves, result).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_to_pgn(
    game: *const chess_game,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let text = chess_core::pgn::PgnGame::from_game(unsafe { self::game(game) }?).to_string();
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&text, buf, capacity, out_len) }
    })
}

/// Reads the first game of PGN text (its main line; FIDE rules) into a new game in `*out`.
/// Text without a game, or that cannot be read, is `CHESS_ERR_INVALID_PGN`; a move that cannot
/// be played has the move's status (`CHESS_ERR_ILLEGAL_MOVE`, ...).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_pgn(pgn: *const c_char, out: *mut *mut chess_game) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `pgn` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(pgn, "pgn") }?;
        let record = chess_core::pgn::PgnReader::from_text(text)
            .next()
            .ok_or_else(|| fail(chess_status::CHESS_ERR_INVALID_PGN, "the text has no game"))??;
        let game = record.to_game()?;
        store(out, chess_game(game))
    })
}

/// Tells whether the side to move may claim a draw now (fifty moves, threefold repetition).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_can_claim_draw(game: *const chess_game, out: *mut bool) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let can = unsafe { self::game(game) }?.can_claim_draw();
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        *unsafe { arg_mut(out, "out") }? = can;
        Ok(())
    })
}

/// Copies the position before move `index` (0 = the start; the move count = the current
/// position) into a new handle in `*out`; an index past that is `CHESS_ERR_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_position_at(
    game: *const chess_game,
    index: usize,
    out: *mut *mut chess_position,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let game = unsafe { self::game(game) }?;
        let position = *game.positions().nth(index).ok_or_else(|| {
            fail(
                chess_status::CHESS_ERR_INVALID_ARGUMENT,
                format_args!("position index {index} is past the {} positions of the game", game.positions().len()),
            )
        })?;
        store(out, chess_position(position))
    })
}

/// Writes the pieces `player` captured (`chess_role` values, in the order taken) into `roles`
/// (room for `capacity`: at most the opponent's pieces but the king at the start, so 15 for
/// a strictly valid start, 62 for any) and their number into `*out_count`, and the
/// value of `player`'s material on the board (pawn 1, knight 3, bishop 3, rook 5, queen 9)
/// into `*out_material` (may be NULL). Too little room: `CHESS_ERR_BUFFER_TOO_SMALL`, the
/// count written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_captured(
    game: *const chess_game,
    player: c_int,
    roles: *mut c_int,
    capacity: usize,
    out_count: *mut usize,
    out_material: *mut u32,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let game = unsafe { self::game(game) }?;
        let player = color(player)?;
        let captured = game.captured_by(player);
        // SAFETY: `out_count` is NULL or valid for writes (the crate's contract).
        let count = unsafe { arg_mut(out_count, "out_count") }?;
        *count = captured.len();
        if !captured.is_empty() {
            if roles.is_null() || capacity < captured.len() {
                return Err(fail(
                    chess_status::CHESS_ERR_BUFFER_TOO_SMALL,
                    format_args!(
                        "{} captured pieces need {} entries, {capacity} given",
                        captured.len(),
                        captured.len()
                    ),
                ));
            }
            // SAFETY: `roles` holds `capacity >= captured.len()` entries (the crate's contract).
            let out = unsafe { core::slice::from_raw_parts_mut(roles, captured.len()) };
            for (slot, role) in out.iter_mut().zip(captured) {
                *slot = role_value(Some(role));
            }
        }
        // SAFETY: `out_material` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_material, game.material(player)) };
        Ok(())
    })
}

/// Writes the game as JSON text in chess-core's save format (start position, moves, rules,
/// events), for `chess_game_load`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_save(
    game: *const chess_game,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `game` is NULL or a live game (the crate's contract).
        let text = serde_json::to_string(unsafe { self::game(game) }?).map_err(|error| {
            fail(chess_status::CHESS_ERR_INVALID_SAVE, format_args!("cannot write the game: {error}"))
        })?;
        // SAFETY: `buf` is NULL or holds `capacity` bytes, `out_len` is NULL or valid for writes
        // (the crate's contract).
        unsafe { write_str(&text, buf, capacity, out_len) }
    })
}

/// Reads a game saved by `chess_game_save` into a new game in `*out` (the moves and events are
/// replayed, so a save that breaks the rules is refused with `CHESS_ERR_INVALID_SAVE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_load(json: *const c_char, out: *mut *mut chess_game) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `out` is NULL or valid for writes (the crate's contract).
        let out = unsafe { out_slot(out) }?;
        // SAFETY: `json` is NULL or a NUL-terminated string (the crate's contract).
        let text = unsafe { arg_str(json, "json") }?;
        let game: Game = serde_json::from_str(text).map_err(|error| {
            fail(chess_status::CHESS_ERR_INVALID_SAVE, format_args!("cannot read the saved game: {error}"))
        })?;
        store(out, chess_game(game))
    })
}

/// As `chess_game_push_san`, with the SAN given by pointer and length in bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push_san_n(
    game: *mut chess_game,
    san: *const c_char,
    len: usize,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `san` is NULL or holds `len` bytes (the crate's contract).
        let text = unsafe { arg_str_len(san, len, "san") }?;
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let m = unsafe { game_mut(game) }?.push_san(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// As `chess_game_push_uci`, with the UCI move given by pointer and length in bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push_uci_n(
    game: *mut chess_game,
    uci: *const c_char,
    len: usize,
    out_move: *mut chess_move,
) -> chess_status {
    guard(this_function!(), || {
        // SAFETY: `uci` is NULL or holds `len` bytes (the crate's contract).
        let text = unsafe { arg_str_len(uci, len, "uci") }?;
        // SAFETY: `game` is NULL or a live game used by this call only (the crate's contract).
        let m = unsafe { game_mut(game) }?.push_uci(text)?;
        // SAFETY: `out_move` is NULL or valid for writes (the crate's contract).
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}
