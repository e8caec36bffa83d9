//! The configurable rules a [`Game`](crate::Game) is judged by, with the FIDE and casual presets.

use super::{Outcome, Termination, material};
use crate::{Board, Move, Playable, Role};

/// Sets every rule that decides when and how a game ends; `None` switches a rule off.
///
/// Move counts come in two units, each named in the field:
/// - *plies* (half-moves) for the no-progress rules, counted by the position's halfmove clock
///   (plies since the last capture or pawn move, including those before the game's start
///   position when it was set up from a FEN);
/// - *moves by a player*: the moves that player has made in this game, from its start position.
///   "After 15 moves" means the player has made at least 15 moves of their own.
///
/// Checkmate always comes first: a move that mates wins even when it also reaches a
/// no-progress, repetition or check limit.
///
/// # Examples
///
/// ```
/// use chess_core::Rules;
///
/// let fide = Rules::fide();
/// assert_eq!(fide.seventy_five_move_plies, Some(150));
/// // An application's own variation of the casual rules.
/// let house = Rules { check_limit: Some(20), ..Rules::casual() };
/// assert_eq!(house.perpetual_checks, Some(10));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Plies without a capture or pawn move after which a player may claim a draw
    /// ([`Termination::FiftyMoves`](crate::Termination::FiftyMoves)). FIDE: 100.
    pub fifty_move_plies: Option<u32>,
    /// Plies without a capture or pawn move after which the game is drawn automatically
    /// ([`Termination::SeventyFiveMoves`](crate::Termination::SeventyFiveMoves)). FIDE: 150.
    pub seventy_five_move_plies: Option<u32>,
    /// Plies without a capture or pawn move after which the game is drawn automatically
    /// ([`Termination::NoProgress`](crate::Termination::NoProgress)). Casual: 60.
    pub no_progress_plies: Option<u32>,
    /// Replaces `no_progress_plies` when the only material is king, bishop and knight
    /// against a lone king. Casual: 100.
    pub no_progress_plies_kbn_v_k: Option<u32>,
    /// How many times a position must have occurred for a player to claim a draw. FIDE: 3.
    pub repetitions_to_claim: Option<u32>,
    /// How many times a position must occur for an automatic draw. FIDE: 5, casual: 3.
    /// The termination is [`FivefoldRepetition`](crate::Termination::FivefoldRepetition)
    /// from five occurrences on, [`ThreefoldRepetition`](crate::Termination::ThreefoldRepetition) below.
    pub repetitions_to_draw: Option<u32>,
    /// Consecutive moves giving check, by the same side and without mating, that draw the
    /// game ([`Termination::PerpetualCheck`](crate::Termination::PerpetualCheck)). Casual: 10.
    pub perpetual_checks: Option<u32>,
    /// Checks received in total by one player, without being mated, that draw the game
    /// ([`Termination::CheckLimit`](crate::Termination::CheckLimit)). Casual: 30.
    pub check_limit: Option<u32>,
    /// Also draws K+N+N v K, K+N v K+N, K+N v K+B and K+B v K+B (bishops of any colours),
    /// besides the positions where neither side can possibly mate. Casual: `true`.
    pub extended_insufficient_material: bool,
    /// Moves a player must have made before they may resign. Casual: 15.
    pub resign_after_moves: u32,
    /// Moves a player must have made before they may offer a draw. Casual: 15.
    pub draw_offer_after_moves: u32,
    /// Draw offers each player may make in a game. Casual: 3.
    pub draw_offers_per_player: Option<u32>,
    /// A player who runs out of time having made at most this many moves voids the game
    /// ([`Termination::Aborted`](crate::Termination::Aborted), no winner). Casual: 5.
    pub timeout_void_moves: Option<u32>,
    /// A player who runs out of time draws instead of losing when the opponent cannot
    /// possibly checkmate. FIDE: `true`.
    pub timeout_draw_if_opponent_cannot_mate: bool,
}

/// Calls `$macro!(Rules { field, ... })` with every field of [`Rules`], so that code which
/// must name each field (the serde implementation, the Python binding, the C library's
/// `chess_rules_config`) lists them in one place.
#[doc(hidden)]
#[macro_export]
macro_rules! with_rules_fields {
    ($macro:ident) => {
        $macro!(Rules {
            fifty_move_plies,
            seventy_five_move_plies,
            no_progress_plies,
            no_progress_plies_kbn_v_k,
            repetitions_to_claim,
            repetitions_to_draw,
            perpetual_checks,
            check_limit,
            extended_insufficient_material,
            resign_after_moves,
            draw_offer_after_moves,
            draw_offers_per_player,
            timeout_void_moves,
            timeout_draw_if_opponent_cannot_mate,
        });
    };
}

impl Rules {
    /// Returns the FIDE Laws of Chess: fifty-move and threefold-repetition draws are claimable,
    /// seventy-five-move and fivefold-repetition draws automatic, dead positions drawn, a timeout
    /// drawn when the opponent cannot mate, resignation and draw offers at any time.
    pub const fn fide() -> Rules {
        Rules {
            fifty_move_plies: Some(100),
            seventy_five_move_plies: Some(150),
            no_progress_plies: None,
            no_progress_plies_kbn_v_k: None,
            repetitions_to_claim: Some(3),
            repetitions_to_draw: Some(5),
            perpetual_checks: None,
            check_limit: None,
            extended_insufficient_material: false,
            resign_after_moves: 0,
            draw_offer_after_moves: 0,
            draw_offers_per_player: None,
            timeout_void_moves: None,
            timeout_draw_if_opponent_cannot_mate: true,
        }
    }

    /// Returns the casual online rules: 60 plies without progress (100 for K+B+N v K),
    /// threefold repetition, 10 consecutive checks and 30 checks in total draw automatically;
    /// practically drawn endings count as insufficient material; resignation and draw offers
    /// (3 per player) only after 15 moves; a timeout within a player's first 5 moves voids the game.
    pub const fn casual() -> Rules {
        Rules {
            fifty_move_plies: None,
            seventy_five_move_plies: None,
            no_progress_plies: Some(60),
            no_progress_plies_kbn_v_k: Some(100),
            repetitions_to_claim: None,
            repetitions_to_draw: Some(3),
            perpetual_checks: Some(10),
            check_limit: Some(30),
            extended_insufficient_material: true,
            resign_after_moves: 15,
            draw_offer_after_moves: 15,
            draw_offers_per_player: Some(3),
            timeout_void_moves: Some(5),
            timeout_draw_if_opponent_cannot_mate: false,
        }
    }
}

/// What the rules need to know about how a position was reached, besides the position.
///
/// [`Game`](crate::Game) keeps it for every position it records; a program that keeps its own
/// history (a binding's board, a server) gives it to [`Rules::automatic_outcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tally {
    /// How many times the position has occurred, this time included.
    pub repetitions: u32,
    /// Consecutive moves giving check by the side that just moved, the last move included.
    pub check_streak: u32,
    /// Checks received so far by White and by Black.
    pub checks_received: [u32; 2],
}

impl Default for Tally {
    /// A position reached for the first time, without checks.
    fn default() -> Tally {
        Tally { repetitions: 1, check_streak: 0, checks_received: [0; 2] }
    }
}

impl Rules {
    /// Judges a position by the automatic rules, in python-chess's order: checkmate,
    /// insufficient material (so a stalemate with insufficient material is reported as
    /// insufficient material), stalemate, the seventy-five-move and no-progress rules,
    /// repetition, perpetual check, the check limit. Claimable draws are not automatic (see
    /// [`Rules::claimable_draw`]).
    ///
    /// ```
    /// use chess_core::{Position, Rules, Tally, Termination};
    ///
    /// let pos: Position = "7k/8/8/8/8/8/8/R6K w - - 150 90".parse()?;
    /// let outcome = Rules::fide().automatic_outcome(&pos, Tally::default()).unwrap();
    /// assert_eq!(outcome.termination, Termination::SeventyFiveMoves);
    /// assert_eq!(Rules::fide().automatic_outcome(&Position::new(), Tally::default()), None);
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn automatic_outcome(&self, position: &(impl Playable + Clone), tally: Tally) -> Option<Outcome> {
        self.outcome_with_moves(position, tally, position.has_legal_moves())
    }

    /// [`Rules::automatic_outcome`] when it is known whether the side to move has a legal
    /// move (a game knows it of a position left by a legal move).
    pub(crate) fn outcome_with_moves(
        &self,
        position: &impl Playable,
        tally: Tally,
        has_moves: bool,
    ) -> Option<Outcome> {
        if !has_moves && position.is_check() {
            return Some(Outcome::win(Termination::Checkmate, !position.turn()));
        }
        if let Some(draw) = self.material_outcome(position) {
            return Some(draw);
        }
        if !has_moves {
            return Some(Outcome::draw(Termination::Stalemate));
        }
        if let Some(termination) = self.no_progress_draw(position.halfmove_clock(), position.board(), false) {
            return Some(Outcome::draw(termination));
        }
        if reached(tally.repetitions, self.repetitions_to_draw) {
            return Some(Outcome::draw(if tally.repetitions >= 5 {
                Termination::FivefoldRepetition
            } else {
                Termination::ThreefoldRepetition
            }));
        }
        self.check_draw(tally.check_streak, tally.checks_received).map(Outcome::draw)
    }

    /// Tells which draw the player to move may claim (FIDE Laws 9.2 and 9.3): the fifty-move
    /// rule ([`Rules::may_claim_fifty_moves`]), then repetition
    /// ([`Rules::may_claim_repetition`]), each in the position on the board or by announcing
    /// the legal move that brings it about.
    ///
    /// ```
    /// use chess_core::{Position, Rules, Termination};
    ///
    /// // 99 plies without progress: a rook move makes 100, so the claim can be made.
    /// let pos: Position = "7k/8/8/8/8/8/8/R6K w - - 99 90".parse()?;
    /// assert_eq!(Rules::fide().claimable_draw(&pos, |_| 1), Some(Termination::FiftyMoves));
    /// assert_eq!(Rules::casual().claimable_draw(&pos, |_| 1), None);
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn claimable_draw(
        &self,
        position: &(impl Playable + Clone),
        occurrences: impl Fn(u64) -> u32,
    ) -> Option<Termination> {
        if self.may_claim_fifty_moves(position) {
            Some(Termination::FiftyMoves)
        } else if self.may_claim_repetition(position, occurrences) {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// Tells whether the player to move may claim a draw by the fifty-move rule
    /// ([`Rules::fifty_move_plies`]): the plies are reached, or a legal move that does not
    /// reset the count reaches them and leaves the opponent a move. Nothing to claim without
    /// legal moves.
    pub fn may_claim_fifty_moves(&self, position: &(impl Playable + Clone)) -> bool {
        let Some(plies) = self.fifty_move_plies else {
            return false;
        };
        if position.halfmove_clock() >= plies {
            return position.has_legal_moves();
        }
        position.halfmove_clock() + 1 >= plies
            && position.legal_moves().iter().any(|&m| {
                let after = after(position, m);
                after.halfmove_clock() >= plies && after.has_legal_moves()
            })
    }

    /// Tells whether the player to move may claim a draw by repetition
    /// ([`Rules::repetitions_to_claim`]): the position on the board, or the one a legal move
    /// leads to, has occurred that often. `occurrences(key)` counts the positions with that
    /// [`Playable::repetition_key`] so far, the current one included.
    pub fn may_claim_repetition(&self, position: &(impl Playable + Clone), occurrences: impl Fn(u64) -> u32) -> bool {
        self.repetitions_to_claim.is_some_and(|count| {
            position.has_legal_moves()
                && (occurrences(position.repetition_key()) >= count
                    || position
                        .legal_moves()
                        .iter()
                        .any(|&m| occurrences(after(position, m).repetition_key()) + 1 >= count))
        })
    }
}

/// What a game needs to judge at once a position reached by a legal move, as most moves of a
/// game are, without asking every rule ([`Rules::quiet_moves`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QuietMoves {
    /// The halfmove clocks up to `plies` draw by no rule.
    plies: u32,
    /// The occurrences that draw by repetition (`u32::MAX` when no repetition draws; 0 when
    /// the checks are counted or any clock draws: each position is then judged in full).
    repetitions: u32,
}

impl QuietMoves {
    /// Tells whether, of the rules [`Rules::outcome_with_moves`] applies to a position with a
    /// legal move, only the material can end one with this halfmove clock that has occurred
    /// this often ([`Rules::material_outcome`]). Reached by a legal move from a position the
    /// rules did not end, with a running clock (not 0), it goes on: the move captured and
    /// promoted nothing, so the material (and the bishops' square colours) is that of a
    /// position not drawn by it.
    #[inline]
    pub(crate) fn leave_only_material(&self, halfmove_clock: u32, repetitions: u32) -> bool {
        halfmove_clock <= self.plies && repetitions < self.repetitions
    }
}

/// The rule checks that both [`Game::outcome`](crate::Game::outcome) and the search
/// ([`Searcher::search_game`](crate::search::Searcher::search_game)) apply, written once.
impl Rules {
    /// Tells which no-progress rule draws a position with this halfmove clock and material:
    /// the seventy-five-move rule, then the no-progress rule (with its K+B+N v K count); with
    /// `claims`, the claimable fifty-move rule last. Checkmate is the caller's to rule out.
    ///
    /// ```
    /// use chess_core::{Position, Rules, Termination};
    ///
    /// let pos: Position = "7k/8/8/8/8/8/8/R6K w - - 100 90".parse()?;
    /// assert_eq!(Rules::fide().no_progress_draw(pos.halfmove_clock(), pos.board(), false), None);
    /// assert_eq!(Rules::fide().no_progress_draw(100, pos.board(), true), Some(Termination::FiftyMoves));
    /// assert_eq!(Rules::casual().no_progress_draw(60, pos.board(), false), Some(Termination::NoProgress));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn no_progress_draw(&self, halfmove_clock: u32, board: &Board, claims: bool) -> Option<super::Termination> {
        if reached(halfmove_clock, self.seventy_five_move_plies) {
            return Some(super::Termination::SeventyFiveMoves);
        }
        let (plain, kbn_v_k) = (self.no_progress_plies, self.no_progress_plies_kbn_v_k.or(self.no_progress_plies));
        // The material is looked at only once a limit is reached (this runs after every move).
        let no_progress = match (reached(halfmove_clock, plain), reached(halfmove_clock, kbn_v_k)) {
            (false, false) => false,
            (plain, kbn_v_k) => {
                if material::is_kbn_v_k(board) {
                    kbn_v_k
                } else {
                    plain
                }
            }
        };
        if no_progress {
            return Some(super::Termination::NoProgress);
        }
        (claims && reached(halfmove_clock, self.fifty_move_plies)).then_some(super::Termination::FiftyMoves)
    }

    #[cfg(feature = "search")]
    /// Returns the fewest plies without progress at which [`Rules::no_progress_draw`] can
    /// draw, claims included, whatever the material; `u32::MAX` when no such rule is on.
    pub(crate) fn first_no_progress_draw(&self) -> u32 {
        [self.fifty_move_plies, self.seventy_five_move_plies, self.no_progress_plies, self.no_progress_plies_kbn_v_k]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Returns what judges at once a position reached by a legal move under these rules (see
    /// [`QuietMoves::leave_only_material`]).
    pub(crate) fn quiet_moves(&self) -> QuietMoves {
        let no_progress = [self.seventy_five_move_plies, self.no_progress_plies, self.no_progress_plies_kbn_v_k];
        match no_progress.into_iter().flatten().min().unwrap_or(u32::MAX).checked_sub(1) {
            Some(plies) if !self.counts_checks() => {
                QuietMoves { plies, repetitions: self.repetitions_to_draw.unwrap_or(u32::MAX) }
            }
            _ => QuietMoves { plies: 0, repetitions: 0 },
        }
    }

    /// Returns the draw by insufficient material ([`Rules::is_material_draw`]), if any: the
    /// first rule [`Rules::outcome_with_moves`] applies to a position with a legal move.
    #[inline]
    pub(crate) fn material_outcome(&self, position: &impl Playable) -> Option<Outcome> {
        self.is_material_draw(position).then_some(Outcome::draw(Termination::InsufficientMaterial))
    }

    /// Tells whether the material draws: neither side can possibly mate, or (with
    /// [`Rules::extended_insufficient_material`]) the ending is one the rules call drawn.
    /// Checkmate is the caller's to rule out (the extended endings can be mates).
    #[inline]
    pub(crate) fn is_material_draw(&self, position: &impl Playable) -> bool {
        let board = position.board();
        // Neither kind of draw has a pawn, rook or queen (asked after most captures).
        let heavy = board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        board.is_insufficient_material()
            || (self.extended_insufficient_material && material::is_practically_drawn(position.board()))
    }

    /// Tells whether any rule counts checks (perpetual check, the check limit): a game
    /// keeps its check counters only then.
    pub(crate) fn counts_checks(&self) -> bool {
        self.perpetual_checks.is_some() || self.check_limit.is_some()
    }

    /// Tells which check rule draws, given the consecutive checks of the side that just moved
    /// and the checks each side has received: perpetual check, then the check limit.
    /// Checkmate is the caller's to rule out.
    pub(crate) fn check_draw(&self, check_streak: u32, checks_received: [u32; 2]) -> Option<super::Termination> {
        if reached(check_streak, self.perpetual_checks) {
            Some(super::Termination::PerpetualCheck)
        } else if checks_received.iter().any(|&checks| reached(checks, self.check_limit)) {
            Some(super::Termination::CheckLimit)
        } else {
            None
        }
    }

    #[cfg(feature = "search")]
    /// Returns how many occurrences of a position draw the game; with `claims`, the claimable
    /// count too when it is lower.
    pub(crate) fn repetitions_drawing(&self, claims: bool) -> Option<u32> {
        let claim = self.repetitions_to_claim.filter(|_| claims);
        match (claim, self.repetitions_to_draw) {
            (Some(claim), Some(draw)) => Some(claim.min(draw)),
            (claim, draw) => claim.or(draw),
        }
    }
}

/// The position after a legal move.
fn after<P: Playable + Clone>(position: &P, m: Move) -> P {
    let mut after = position.clone();
    after.play_unchecked(m);
    after
}

/// Tells whether `value` has reached a limit that is switched on.
pub(crate) fn reached(value: u32, limit: Option<u32>) -> bool {
    limit.is_some_and(|limit| value >= limit)
}

impl Default for Rules {
    /// Returns [`Rules::fide`].
    fn default() -> Rules {
        Rules::fide()
    }
}
