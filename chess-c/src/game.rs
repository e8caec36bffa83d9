//! `chess_game`: a game with its moves, its rules and how it ended.

use core::ffi::{c_char, c_int};

use chess_core::{Color, EventError, Game, Outcome, Rules, Termination};

use crate::ffi::{
    Result, arg, arg_mut, arg_str, arg_str_len, chess_status, core_failure, fail, guard, put_opt, write_str,
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

/// How a game ended; the numbers are stable. `CHESS_TERMINATION_NONE`: not over.
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
    /// An ending newer than this library's numbers.
    CHESS_TERMINATION_OTHER = 255,
}

fn termination_value(termination: Termination) -> chess_termination {
    use chess_termination::*;
    match termination {
        Termination::Checkmate => CHESS_TERMINATION_CHECKMATE,
        Termination::Stalemate => CHESS_TERMINATION_STALEMATE,
        Termination::InsufficientMaterial => CHESS_TERMINATION_INSUFFICIENT_MATERIAL,
        Termination::FiftyMoves => CHESS_TERMINATION_FIFTY_MOVES,
        Termination::SeventyFiveMoves => CHESS_TERMINATION_SEVENTY_FIVE_MOVES,
        Termination::ThreefoldRepetition => CHESS_TERMINATION_THREEFOLD_REPETITION,
        Termination::FivefoldRepetition => CHESS_TERMINATION_FIVEFOLD_REPETITION,
        Termination::NoProgress => CHESS_TERMINATION_NO_PROGRESS,
        Termination::PerpetualCheck => CHESS_TERMINATION_PERPETUAL_CHECK,
        Termination::CheckLimit => CHESS_TERMINATION_CHECK_LIMIT,
        Termination::Resignation => CHESS_TERMINATION_RESIGNATION,
        Termination::DrawAgreement => CHESS_TERMINATION_DRAW_AGREEMENT,
        Termination::Timeout => CHESS_TERMINATION_TIMEOUT,
        Termination::Forfeit => CHESS_TERMINATION_FORFEIT,
        Termination::Aborted => CHESS_TERMINATION_ABORTED,
        _ => CHESS_TERMINATION_OTHER,
    }
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

fn off(value: Option<u32>) -> u32 {
    value.unwrap_or(CHESS_RULE_OFF)
}

fn on(value: u32) -> Option<u32> {
    (value != CHESS_RULE_OFF).then_some(value)
}

impl From<Rules> for chess_rules_config {
    fn from(rules: Rules) -> chess_rules_config {
        chess_rules_config {
            fifty_move_plies: off(rules.fifty_move_plies),
            seventy_five_move_plies: off(rules.seventy_five_move_plies),
            no_progress_plies: off(rules.no_progress_plies),
            no_progress_plies_kbn_v_k: off(rules.no_progress_plies_kbn_v_k),
            repetitions_to_claim: off(rules.repetitions_to_claim),
            repetitions_to_draw: off(rules.repetitions_to_draw),
            perpetual_checks: off(rules.perpetual_checks),
            check_limit: off(rules.check_limit),
            extended_insufficient_material: rules.extended_insufficient_material,
            resign_after_moves: rules.resign_after_moves,
            draw_offer_after_moves: rules.draw_offer_after_moves,
            draw_offers_per_player: off(rules.draw_offers_per_player),
            timeout_void_moves: off(rules.timeout_void_moves),
            timeout_draw_if_opponent_cannot_mate: rules.timeout_draw_if_opponent_cannot_mate,
        }
    }
}

impl From<chess_rules_config> for Rules {
    fn from(config: chess_rules_config) -> Rules {
        Rules {
            fifty_move_plies: on(config.fifty_move_plies),
            seventy_five_move_plies: on(config.seventy_five_move_plies),
            no_progress_plies: on(config.no_progress_plies),
            no_progress_plies_kbn_v_k: on(config.no_progress_plies_kbn_v_k),
            repetitions_to_claim: on(config.repetitions_to_claim),
            repetitions_to_draw: on(config.repetitions_to_draw),
            perpetual_checks: on(config.perpetual_checks),
            check_limit: on(config.check_limit),
            extended_insufficient_material: config.extended_insufficient_material,
            resign_after_moves: config.resign_after_moves,
            draw_offer_after_moves: config.draw_offer_after_moves,
            draw_offers_per_player: on(config.draw_offers_per_player),
            timeout_void_moves: on(config.timeout_void_moves),
            timeout_draw_if_opponent_cannot_mate: config.timeout_draw_if_opponent_cannot_mate,
        }
    }
}

/// Writes the thresholds of a preset (`CHESS_RULES_FIDE` or `CHESS_RULES_CASUAL`) into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_rules_preset(rules: c_int, out: *mut chess_rules_config) -> chess_status {
    guard("chess_rules_preset", || {
        let rules = self::rules(rules)?;
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
    guard("chess_game_new_with_rules", || {
        let out = out_slot(out)?;
        let rules = Rules::from(*unsafe { arg(config, "config") }?);
        let position = if fen.is_null() {
            read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", flags)?
        } else {
            read_fen(unsafe { arg_str(fen, "fen") }?, flags)?
        };
        store(out, chess_game(Game::from_position_with_rules(position, rules)))
    })
}

/// Writes the rules a game is played by into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_rules(game: *const chess_game, out: *mut chess_rules_config) -> chess_status {
    guard("chess_game_rules", || {
        let rules = *self::game(game)?.rules();
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

fn game<'a>(ptr: *const chess_game) -> Result<&'a Game> {
    Ok(&unsafe { arg(ptr, "game") }?.0)
}

fn game_mut<'a>(ptr: *mut chess_game) -> Result<&'a mut Game> {
    Ok(&mut unsafe { arg_mut(ptr, "game") }?.0)
}

/// Starts a game from the standard position under the FIDE rules, into `*out`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_new(out: *mut *mut chess_game) -> chess_status {
    guard("chess_game_new", || new_handle(out, chess_game(Game::new())))
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
    guard("chess_game_from_fen", || {
        let out = out_slot(out)?;
        let position = read_fen(unsafe { arg_str(fen, "fen") }?, flags)?;
        let game = Game::from_position_with_rules(position, self::rules(rules)?);
        store(out, chess_game(game))
    })
}

/// Frees a game; NULL is a no-op.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_free(game: *mut chess_game) {
    unsafe { crate::ffi::free_handle(game) }
}

/// Copies the game's current position into a new handle in `*out` (free it with
/// `chess_position_free`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_position(game: *const chess_game, out: *mut *mut chess_position) -> chess_status {
    guard("chess_game_position", || {
        let out = out_slot(out)?;
        let position = *self::game(game)?.position();
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
    guard("chess_game_fen", || unsafe { write_str(&self::game(game)?.position().to_fen(), buf, capacity, out_len) })
}

/// Plays `m` (resolved: e1g1 castles); `CHESS_ERR_GAME_OVER` once the game has ended.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push(game: *mut chess_game, m: chess_move) -> chess_status {
    guard("chess_game_push", || {
        let game = game_mut(game)?;
        game.push(decode_move(m)?).map_err(|error| core_failure(error.code(), error))
    })
}

/// Plays a move written in SAN; the move goes to `*out_move` (may be NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_push_san(
    game: *mut chess_game,
    san: *const c_char,
    out_move: *mut chess_move,
) -> chess_status {
    guard("chess_game_push_san", || {
        let text = unsafe { arg_str(san, "san") }?;
        let m = game_mut(game)?.push_san(text).map_err(|error| core_failure(error.code(), error))?;
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
    guard("chess_game_push_uci", || {
        let text = unsafe { arg_str(uci, "uci") }?;
        let m = game_mut(game)?.push_uci(text).map_err(|error| core_failure(error.code(), error))?;
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}

/// Takes back the last move; the move goes to `*out_move` (may be NULL), `CHESS_MOVE_NULL`
/// when there was none to take back.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_undo(game: *mut chess_game, out_move: *mut chess_move) -> chess_status {
    guard("chess_game_undo", || {
        let undone = game_mut(game)?.undo();
        unsafe { put_opt(out_move, undone.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16())) };
        Ok(())
    })
}

/// Plays again the last move taken back; the move goes to `*out_move` (may be NULL),
/// `CHESS_MOVE_NULL` when there was none.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_redo(game: *mut chess_game, out_move: *mut chess_move) -> chess_status {
    guard("chess_game_redo", || {
        let redone = game_mut(game)?.redo();
        unsafe { put_opt(out_move, redone.map_or(crate::CHESS_MOVE_NULL, |m| m.to_u16())) };
        Ok(())
    })
}

/// Writes the number of moves played into `*out_count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_move_count(game: *const chess_game, out_count: *mut usize) -> chess_status {
    guard("chess_game_move_count", || {
        let count = self::game(game)?.moves().len();
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
    guard("chess_game_move_at", || {
        let moves = self::game(game)?.moves();
        let m = moves.get(index).ok_or_else(|| {
            fail(
                chess_status::CHESS_ERR_INVALID_ARGUMENT,
                format_args!("move index {index} is past the {} moves played", moves.len()),
            )
        })?;
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
    guard("chess_game_outcome", || {
        let outcome = self::game(game)?.outcome();
        let termination =
            outcome.map_or(chess_termination::CHESS_TERMINATION_NONE, |o| termination_value(o.termination));
        unsafe {
            put_opt(out_termination, termination as c_int);
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
    guard("chess_game_result", || unsafe { write_str(self::game(game)?.result(), buf, capacity, out_len) })
}

fn event(
    function: &str,
    game: *mut chess_game,
    player: c_int,
    act: fn(&mut Game, Color) -> core::result::Result<(), EventError>,
) -> chess_status {
    guard(function, || {
        let game = game_mut(game)?;
        act(game, color(player)?).map_err(|error| core_failure(error.code(), error))
    })
}

fn ended(result: core::result::Result<Outcome, EventError>) -> core::result::Result<(), EventError> {
    result.map(|_| ())
}

/// `player` (`CHESS_WHITE` or `CHESS_BLACK`) resigns; `CHESS_ERR_GAME_OVER` if the game ended.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_resign(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_resign", game, player, |game, player| ended(game.resign(player)))
}

/// `player` offers a draw (`CHESS_ERR_NOT_ALLOWED` when the rules refuse it now).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_offer_draw(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_offer_draw", game, player, Game::offer_draw)
}

/// `player` accepts the opponent's draw offer: the game is drawn by agreement.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_accept_draw(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_accept_draw", game, player, |game, player| ended(game.accept_draw(player)))
}

/// `player` declines the opponent's draw offer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_decline_draw(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_decline_draw", game, player, Game::decline_draw)
}

/// `player` claims a draw (fifty moves, threefold repetition); `CHESS_ERR_NOT_ALLOWED` when
/// there is none to claim.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_claim_draw(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_claim_draw", game, player, |game, player| ended(game.claim_draw(player)))
}

/// `player` ran out of time (a draw if the opponent cannot mate).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_timeout(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_timeout", game, player, |game, player| ended(game.timeout(player)))
}

/// `player` forfeits the game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_forfeit(game: *mut chess_game, player: c_int) -> chess_status {
    event("chess_game_forfeit", game, player, |game, player| ended(game.forfeit(player)))
}

/// Writes the game as PGN text (headers, moves, result).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_to_pgn(
    game: *const chess_game,
    buf: *mut c_char,
    capacity: usize,
    out_len: *mut usize,
) -> chess_status {
    guard("chess_game_to_pgn", || {
        let text = chess_core::pgn::PgnGame::from_game(self::game(game)?).to_string();
        unsafe { write_str(&text, buf, capacity, out_len) }
    })
}

/// Reads the first game of PGN text (its main line; FIDE rules) into a new game in `*out`.
/// Text without a game, or that cannot be read, is `CHESS_ERR_INVALID_PGN`; a move that cannot
/// be played has the move's status (`CHESS_ERR_ILLEGAL_MOVE`, ...).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_from_pgn(pgn: *const c_char, out: *mut *mut chess_game) -> chess_status {
    guard("chess_game_from_pgn", || {
        let out = out_slot(out)?;
        let text = unsafe { arg_str(pgn, "pgn") }?;
        let record = chess_core::pgn::PgnReader::from_text(text)
            .next()
            .ok_or_else(|| fail(chess_status::CHESS_ERR_INVALID_PGN, "the text has no game"))?
            .map_err(|error| core_failure(error.code(), error))?;
        let game = record.to_game().map_err(|error| core_failure(error.code(), error))?;
        store(out, chess_game(game))
    })
}

/// Tells whether the side to move may claim a draw now (fifty moves, threefold repetition).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_can_claim_draw(game: *const chess_game, out: *mut bool) -> chess_status {
    guard("chess_game_can_claim_draw", || {
        let can = self::game(game)?.can_claim_draw();
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
    guard("chess_game_position_at", || {
        let out = out_slot(out)?;
        let game = self::game(game)?;
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
    guard("chess_game_captured", || {
        let game = self::game(game)?;
        let player = color(player)?;
        let captured = game.captured_by(player);
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
            // SAFETY: `roles` holds `capacity >= captured.len()` entries (the caller's contract).
            let out = unsafe { core::slice::from_raw_parts_mut(roles, captured.len()) };
            for (slot, role) in out.iter_mut().zip(captured) {
                *slot = role_value(Some(role));
            }
        }
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
    guard("chess_game_save", || {
        let text = serde_json::to_string(self::game(game)?).map_err(|error| {
            fail(chess_status::CHESS_ERR_INVALID_SAVE, format_args!("cannot write the game: {error}"))
        })?;
        unsafe { write_str(&text, buf, capacity, out_len) }
    })
}

/// Reads a game saved by `chess_game_save` into a new game in `*out` (the moves and events are
/// replayed, so a save that breaks the rules is refused with `CHESS_ERR_INVALID_SAVE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_load(json: *const c_char, out: *mut *mut chess_game) -> chess_status {
    guard("chess_game_load", || {
        let out = out_slot(out)?;
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
    guard("chess_game_push_san_n", || {
        let text = unsafe { arg_str_len(san, len, "san") }?;
        let m = game_mut(game)?.push_san(text).map_err(|error| core_failure(error.code(), error))?;
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
    guard("chess_game_push_uci_n", || {
        let text = unsafe { arg_str_len(uci, len, "uci") }?;
        let m = game_mut(game)?.push_uci(text).map_err(|error| core_failure(error.code(), error))?;
        unsafe { put_opt(out_move, m.to_u16()) };
        Ok(())
    })
}
