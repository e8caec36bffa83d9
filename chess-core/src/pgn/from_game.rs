//! The bridge between the game layer and PGN: [`PgnGame::from_game`] and [`PgnGame::to_game`].

use alloc::string::ToString;

use super::{PgnGame, PgnMove, PgnResult};
use crate::{Color, Game, Judging, Move, Outcome, PushError, Rules, Termination};

/// Options for [`PgnGame::from_game_with`].
///
/// # Examples
///
/// ```
/// use chess_core::pgn::FromGameOptions;
///
/// assert!(!FromGameOptions::new().end_comment);
/// assert!(FromGameOptions::new().with_end_comment().end_comment);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct FromGameOptions {
    /// Also says how the game ended in English words, as a comment after the last move
    /// (before the movetext if there is none), such as `{black wins by checkmate}`.
    pub end_comment: bool,
}

impl FromGameOptions {
    /// Returns the default options: the `Termination` tag only, no comment.
    pub const fn new() -> FromGameOptions {
        FromGameOptions { end_comment: false }
    }

    /// Returns the options with the closing comment switched on.
    #[must_use]
    pub const fn with_end_comment(mut self) -> FromGameOptions {
        self.end_comment = true;
        self
    }
}

/// Why [`PgnGame::to_game`] could not play a move of the main line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({uci}) of the main line: {error}", number = .ply + 1, uci = .mv.to_uci_chess960())]
pub struct ToGameError {
    /// The index of the move in the main line, from 0.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Why the game refused it (a null move is an illegal move to a [`Game`]).
    pub error: PushError,
}

impl ToGameError {
    /// Returns the stable error code of the move that could not be pushed.
    pub fn code(&self) -> crate::ErrorCode {
        self.error.code()
    }
}

impl PgnGame {
    /// Makes the PGN record of `game`: its start position (written as `SetUp` and `FEN`
    /// tags when it is not the standard one), its moves, its result and a `Termination` tag;
    /// see [`PgnGame::from_game_with`] to add how it ended in words.
    ///
    /// The `Termination` tag takes the PGN standard's values: `normal` for a game that ended
    /// on the board or by agreement, resignation or a claim (the casual rules' automatic
    /// draws included); `time forfeit`; `rules infraction` for a forfeit; `abandoned` for a
    /// void game; `unterminated` while it goes on. The other tags of the seven-tag roster are
    /// left for the caller to set with [`PgnGame::set_tag`] (they are written as `?` otherwise).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::Game;
    /// use chess_core::pgn::PgnGame;
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.push_san(san)?;
    /// }
    /// let mut pgn = PgnGame::from_game(&game);
    /// pgn.set_tag("White", "Anna");
    /// assert_eq!(
    ///     pgn.to_pgn(),
    ///     r#"[Event "?"]
    /// [Site "?"]
    /// [Date "????.??.??"]
    /// [Round "?"]
    /// [White "Anna"]
    /// [Black "?"]
    /// [Result "0-1"]
    /// [Termination "normal"]
    ///
    /// 1. f3 e5 2. g4 Qh4# 0-1
    /// "#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> PgnGame {
        PgnGame::from_game_with(game, FromGameOptions::new())
    }

    /// Makes the PGN record of `game` as [`PgnGame::from_game`] does, with `options`.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{Color, Game};
    /// use chess_core::pgn::{FromGameOptions, PgnGame};
    ///
    /// let mut game = Game::new();
    /// game.push_san("e4")?;
    /// game.resign(Color::Black)?;
    /// let pgn = PgnGame::from_game_with(&game, FromGameOptions::new().with_end_comment());
    /// assert!(pgn.to_pgn().ends_with("[Termination \"normal\"]\n\n1. e4 {white wins by resignation} 1-0\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game_with(game: &Game, options: FromGameOptions) -> PgnGame {
        let mut pgn = PgnGame::from_position(*game.start_position());
        pgn.moves = game.moves().iter().map(|&m| PgnMove::new(m)).collect();
        let outcome = game.outcome();
        pgn.result = PgnResult::from_ascii(game.result().as_bytes()).unwrap_or_default();
        pgn.set_tag("Termination", termination_tag(outcome));
        if let Some(outcome) = outcome.filter(|_| options.end_comment) {
            let words = Some(outcome.to_string().into());
            match pgn.moves.last_mut() {
                Some(last) => last.comment = words,
                None => pgn.comment = words,
            }
        }
        pgn
    }

    /// Replays the main line into a [`Game`] under the FIDE rules; see
    /// [`PgnGame::to_game_with_rules`].
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{Color, Judging, Outcome, Termination};
    /// use chess_core::pgn::PgnGame;
    ///
    /// let pgn: PgnGame = "[Termination \"time forfeit\"]\n\n1. e4 e5 2. Nf3 0-1".parse()?;
    /// let game = pgn.to_game()?;
    /// assert_eq!(game.moves().len(), 3);
    /// assert_eq!(game.judging(), Judging::Record);
    /// assert_eq!(game.outcome(), Some(Outcome::win(Termination::Timeout, Color::Black)));
    /// assert_eq!(PgnGame::from_game(&game).to_pgn(), pgn.to_pgn());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_game(&self) -> Result<Game, ToGameError> {
        self.to_game_with_rules(Rules::fide())
    }

    /// Replays the main line into a [`Game`] judged by `rules` that
    /// [records past its end](Judging::Record), as PGN files record what was played: from
    /// `start` (the `FEN` tag), every main-line move, then the result where the game does
    /// not already end on the board and an event can express it:
    ///
    /// - `1-0` or `0-1`: the loser's timeout for the `Termination` tag `time forfeit`, a
    ///   forfeit for `rules infraction` or `abandoned`, a resignation otherwise;
    /// - `1/2-1/2`: a claim by the side to move when a draw is claimable, a timeout for
    ///   `time forfeit` when the rules draw it, otherwise an offer by the side that just
    ///   moved accepted by the side to move;
    /// - `*`: nothing.
    ///
    /// The rules have the last word: a timeout against a side that cannot mate is a draw
    /// under the FIDE rules whatever the result marker says, and an event the rules refuse
    /// is left out. Variations, comments and NAGs are not part of a [`Game`].
    pub fn to_game_with_rules(&self, rules: Rules) -> Result<Game, ToGameError> {
        let mut game = Game::from_position_with_rules(self.start, rules).with_judging(Judging::Record);
        for (ply, mv) in self.mainline().enumerate() {
            game.push(mv).map_err(|error| ToGameError { ply, mv, error })?;
        }
        if game.outcome().is_none() {
            self.record_result(&mut game);
        }
        Ok(game)
    }

    /// Records the result marker as the event that expresses it, if any.
    fn record_result(&self, game: &mut Game) {
        let termination = self.tag("Termination").map(|value| value.trim().to_ascii_lowercase());
        let termination = termination.as_deref();
        let turn = game.position().turn();
        let loser = match self.result {
            PgnResult::WhiteWins => Color::Black,
            PgnResult::BlackWins => Color::White,
            PgnResult::Draw => {
                if game.can_claim_draw() {
                    let _ = game.claim_draw(turn);
                    return;
                }
                if termination == Some("time forfeit") {
                    for color in [turn, !turn] {
                        let mut timed_out = game.clone();
                        if timed_out.timeout(color).is_ok_and(Outcome::is_draw) {
                            *game = timed_out;
                            return;
                        }
                    }
                }
                if game.offer_draw(!turn).is_ok() {
                    let _ = game.accept_draw(turn);
                }
                return;
            }
            PgnResult::Unknown => return,
        };
        let _ = match termination {
            Some("time forfeit") => game.timeout(loser),
            Some("rules infraction" | "abandoned") => game.forfeit(loser),
            _ => game.resign(loser),
        };
    }
}

/// Returns the PGN standard's `Termination` tag value for an outcome (`None`: still going on).
fn termination_tag(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|outcome| outcome.termination) {
        None => "unterminated",
        Some(Termination::Timeout) => "time forfeit",
        Some(Termination::Forfeit) => "rules infraction",
        Some(Termination::Aborted) => "abandoned",
        Some(_) => "normal",
    }
}
