//! Events that end or shape a game besides moves: resignation, draw offers and claims,
//! timeouts and forfeits, each checked against the [`Rules`](crate::Rules).

use core::fmt;
use core::str::FromStr;

use crate::{Color, Game, Outcome, Playable, Termination};

/// Records something that happened in a game besides a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Event {
    /// The number of moves played when it happened.
    pub ply: u32,
    /// What happened.
    pub kind: EventKind,
    /// The outcome, if this event ended the game.
    pub outcome: Option<Outcome>,
}

/// Names what happened in an [`Event`], and who did it.
///
/// Each kind has a stable snake-case [`name`](EventKind::name), as saves and the bindings
/// write it; the text form is the name and the player (`"offer_draw white"`), read back by
/// `FromStr`. [`Game::apply`] records a kind through the method that checks it.
///
/// # Examples
///
/// ```
/// use chess_core::{Color, EventKind, ParseEventKindError};
///
/// let offer = EventKind::OfferDraw(Color::White);
/// assert_eq!((offer.name(), offer.player()), ("offer_draw", Color::White));
/// assert_eq!(EventKind::from_name("offer_draw", Color::White), Ok(offer));
/// assert_eq!(offer.to_string(), "offer_draw white");
/// assert_eq!("offer_draw white".parse(), Ok(offer));
/// assert_eq!("shake_hands white".parse::<EventKind>(), Err(ParseEventKindError::UnknownName));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EventKind {
    /// The player resigned.
    Resign(Color),
    /// The player offered a draw.
    OfferDraw(Color),
    /// The player accepted the opponent's pending draw offer.
    AcceptDraw(Color),
    /// The player declined the opponent's pending draw offer.
    DeclineDraw(Color),
    /// The player claimed a claimable draw.
    ClaimDraw(Color),
    /// The player ran out of time.
    Timeout(Color),
    /// The arbiter declared the player's game lost.
    Forfeit(Color),
}

impl EventKind {
    /// Every kind of event, as the function that makes it for a player.
    pub const ALL: [fn(Color) -> EventKind; 7] = [
        EventKind::Resign,
        EventKind::OfferDraw,
        EventKind::AcceptDraw,
        EventKind::DeclineDraw,
        EventKind::ClaimDraw,
        EventKind::Timeout,
        EventKind::Forfeit,
    ];

    /// Returns the kind's stable snake-case name: `resign`, `offer_draw`, `accept_draw`,
    /// `decline_draw`, `claim_draw`, `timeout` or `forfeit`.
    pub const fn name(self) -> &'static str {
        match self {
            EventKind::Resign(_) => "resign",
            EventKind::OfferDraw(_) => "offer_draw",
            EventKind::AcceptDraw(_) => "accept_draw",
            EventKind::DeclineDraw(_) => "decline_draw",
            EventKind::ClaimDraw(_) => "claim_draw",
            EventKind::Timeout(_) => "timeout",
            EventKind::Forfeit(_) => "forfeit",
        }
    }

    /// Returns the player the event is about.
    pub const fn player(self) -> Color {
        match self {
            EventKind::Resign(player)
            | EventKind::OfferDraw(player)
            | EventKind::AcceptDraw(player)
            | EventKind::DeclineDraw(player)
            | EventKind::ClaimDraw(player)
            | EventKind::Timeout(player)
            | EventKind::Forfeit(player) => player,
        }
    }

    /// Returns the event with this [`name`](EventKind::name) by `player`;
    /// [`ParseEventKindError::UnknownName`] for a name that is none.
    pub fn from_name(name: &str, player: Color) -> Result<EventKind, ParseEventKindError> {
        EventKind::ALL
            .into_iter()
            .map(|make| make(player))
            .find(|kind| kind.name() == name)
            .ok_or(ParseEventKindError::UnknownName)
    }
}

impl fmt::Display for EventKind {
    /// Writes the name and the player: `offer_draw white`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.name(), self.player())
    }
}

impl FromStr for EventKind {
    type Err = ParseEventKindError;

    /// Reads what `Display` writes: a name, a space and `white` or `black`.
    fn from_str(text: &str) -> Result<EventKind, ParseEventKindError> {
        let (name, player) = text.split_once(' ').ok_or(ParseEventKindError::UnknownPlayer)?;
        let player =
            Color::ALL.into_iter().find(|color| color.name() == player).ok_or(ParseEventKindError::UnknownPlayer)?;
        EventKind::from_name(name, player)
    }
}

/// Why text is not an [`EventKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseEventKindError {
    /// The name is not an event's.
    #[error(
        "unknown game event (expected resign, offer_draw, accept_draw, decline_draw, claim_draw, timeout or forfeit)"
    )]
    UnknownName,
    /// The player is missing or is not `white` or `black`.
    #[error("a game event needs its player after a space: white or black")]
    UnknownPlayer,
}

impl ParseEventKindError {
    /// Returns the stable error code, [`ErrorCode::InvalidEvent`](crate::ErrorCode::InvalidEvent).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidEvent
    }
}

/// Why an event is not allowed now; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The player has not made enough moves to resign.
    #[error("{color} may resign only after {required} moves, and has made {made}")]
    ResignTooEarly {
        /// The player who tried to resign.
        color: Color,
        /// The moves the player has made.
        made: u32,
        /// The moves the rules require.
        required: u32,
    },
    /// The player has not made enough moves to offer a draw.
    #[error("{color} may offer a draw only after {required} moves, and has made {made}")]
    DrawOfferTooEarly {
        /// The player who tried to offer a draw.
        color: Color,
        /// The moves the player has made.
        made: u32,
        /// The moves the rules require.
        required: u32,
    },
    /// The player has used up the draw offers the rules allow.
    #[error("{color} has already made the {limit} draw offers allowed")]
    TooManyDrawOffers {
        /// The player who tried to offer a draw.
        color: Color,
        /// The offers allowed per player.
        limit: u32,
    },
    /// A draw offer is already waiting for an answer (from the player named).
    #[error("{0} has already offered a draw")]
    DrawOfferPending(Color),
    /// There is no draw offer to accept or decline.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The player named made the pending draw offer, and only the opponent may answer it.
    #[error("{0} cannot answer their own draw offer")]
    OwnDrawOffer(Color),
    /// The position does not allow claiming a draw.
    #[error("no draw can be claimed in this position")]
    NoDrawToClaim,
}

impl EventError {
    /// Returns the stable error code: [`ErrorCode::GameOver`](crate::ErrorCode::GameOver) or
    /// [`ErrorCode::EventNotAllowed`](crate::ErrorCode::EventNotAllowed).
    pub fn code(&self) -> crate::ErrorCode {
        match self {
            EventError::GameOver(_) => crate::ErrorCode::GameOver,
            _ => crate::ErrorCode::EventNotAllowed,
        }
    }
}

impl<P: Playable + Copy> Game<P> {
    /// Returns the events recorded so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Records the event `kind` through the method that checks it ([`Game::resign`],
    /// [`Game::offer_draw`], ...) and returns the outcome if it ended the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{Color, EventKind, Game, Outcome, Termination};
    ///
    /// let mut game = Game::new();
    /// assert_eq!(game.apply(EventKind::OfferDraw(Color::White)), Ok(None));
    /// let agreed = Outcome::draw(Termination::DrawAgreement);
    /// assert_eq!(game.apply("accept_draw black".parse()?), Ok(Some(agreed)));
    /// # Ok::<(), chess_core::ParseEventKindError>(())
    /// ```
    pub fn apply(&mut self, kind: EventKind) -> Result<Option<Outcome>, EventError> {
        match kind {
            EventKind::Resign(player) => self.resign(player).map(Some),
            EventKind::OfferDraw(player) => self.offer_draw(player).map(|()| None),
            EventKind::AcceptDraw(player) => self.accept_draw(player).map(Some),
            EventKind::DeclineDraw(player) => self.decline_draw(player).map(|()| None),
            EventKind::ClaimDraw(player) => self.claim_draw(player).map(Some),
            EventKind::Timeout(player) => self.timeout(player).map(Some),
            EventKind::Forfeit(player) => self.forfeit(player).map(Some),
        }
    }

    /// Resigns for `color`: the opponent wins. Allowed once `color` has made
    /// [`Rules::resign_after_moves`](crate::Rules::resign_after_moves) moves.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, EventError> {
        self.ensure_event_allowed()?;
        let (made, required) = (self.moves_by(color), self.rules.resign_after_moves);
        if made < required {
            return Err(EventError::ResignTooEarly { color, made, required });
        }
        Ok(self.end(EventKind::Resign(color), Outcome::win(Termination::Resignation, !color)))
    }

    /// Offers a draw from `color`. Allowed once `color` has made
    /// [`Rules::draw_offer_after_moves`](crate::Rules::draw_offer_after_moves) moves, at most
    /// [`Rules::draw_offers_per_player`](crate::Rules::draw_offers_per_player) times, and not
    /// while another offer waits. The offer lapses when the opponent makes a move.
    pub fn offer_draw(&mut self, color: Color) -> Result<(), EventError> {
        self.ensure_event_allowed()?;
        if let Some(offerer) = self.draw_offer() {
            return Err(EventError::DrawOfferPending(offerer));
        }
        let (made, required) = (self.moves_by(color), self.rules.draw_offer_after_moves);
        if made < required {
            return Err(EventError::DrawOfferTooEarly { color, made, required });
        }
        if let Some(limit) = self.rules.draw_offers_per_player {
            if self.draw_offers_by(color) >= limit {
                return Err(EventError::TooManyDrawOffers { color, limit });
            }
        }
        self.add_event(EventKind::OfferDraw(color), None);
        Ok(())
    }

    /// Returns the player whose draw offer waits for an answer, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        let event = self.events.last()?;
        let EventKind::OfferDraw(offerer) = event.kind else {
            return None;
        };
        let plies_since = self.moves.len() - event.ply as usize;
        let opponent_moved =
            plies_since >= 2 || (plies_since == 1 && self.states[event.ply as usize].position.turn() != offerer);
        (!opponent_moved).then_some(offerer)
    }

    /// Returns how many draw offers `color` has made in this game.
    pub fn draw_offers_by(&self, color: Color) -> u32 {
        self.draw_offers[color.index()]
    }

    /// Accepts, for `color`, the opponent's waiting draw offer: the game is drawn by agreement.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{Color, EventError, Game, Outcome, Termination};
    ///
    /// let mut game = Game::new();
    /// game.offer_draw(Color::White)?;
    /// assert_eq!(game.accept_draw(Color::White), Err(EventError::OwnDrawOffer(Color::White)));
    /// assert_eq!(game.accept_draw(Color::Black), Ok(Outcome::draw(Termination::DrawAgreement)));
    /// # Ok::<(), EventError>(())
    /// ```
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, EventError> {
        self.ensure_event_allowed()?;
        self.ensure_answerable(color)?;
        Ok(self.end(EventKind::AcceptDraw(color), Outcome::draw(Termination::DrawAgreement)))
    }

    /// Declines, for `color`, the opponent's waiting draw offer.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), EventError> {
        self.ensure_event_allowed()?;
        self.ensure_answerable(color)?;
        self.add_event(EventKind::DeclineDraw(color), None);
        Ok(())
    }

    /// Checks that a draw offer waits and that `color` is not the player who made it.
    fn ensure_answerable(&self, color: Color) -> Result<(), EventError> {
        match self.draw_offer() {
            None => Err(EventError::NoDrawOffer),
            Some(offerer) if offerer == color => Err(EventError::OwnDrawOffer(color)),
            Some(_) => Ok(()),
        }
    }

    /// Tells whether a draw may be claimed under the fifty-move rule
    /// ([`Rules::fifty_move_plies`](crate::Rules::fifty_move_plies)) in the current position.
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.blocking_outcome().is_none() && self.fifty_moves_reached()
    }

    /// Tells whether a draw may be claimed because the current position has occurred
    /// [`Rules::repetitions_to_claim`](crate::Rules::repetitions_to_claim) times.
    ///
    /// Only the position on the board counts; a claim for a repetition that a move would
    /// bring about is made by playing the move first.
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.blocking_outcome().is_none() && self.repetition_reached()
    }

    /// Tells whether any draw may be claimed now.
    pub fn can_claim_draw(&self) -> bool {
        self.blocking_outcome().is_none() && (self.fifty_moves_reached() || self.repetition_reached())
    }

    /// Claims a draw for `color`, by the fifty-move rule if it applies, otherwise by repetition.
    ///
    /// Either player may claim: the claim is about the position on the board, which the
    /// player who just moved may have brought about (see
    /// [`Game::can_claim_threefold_repetition`]).
    pub fn claim_draw(&mut self, color: Color) -> Result<Outcome, EventError> {
        self.ensure_event_allowed()?;
        let termination = self.claimable_draw().ok_or(EventError::NoDrawToClaim)?;
        Ok(self.end(EventKind::ClaimDraw(color), Outcome::draw(termination)))
    }

    /// Returns the draw a claim would give in the current position, ignoring whether the
    /// game is over: the fifty-move rule first, then repetition.
    pub(super) fn claimable_draw(&self) -> Option<Termination> {
        if self.fifty_moves_reached() {
            Some(Termination::FiftyMoves)
        } else if self.repetition_reached() {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }

    /// Records that `color` ran out of time. The game is void ([`Termination::Aborted`]) if
    /// `color` has made at most [`Rules::timeout_void_moves`](crate::Rules::timeout_void_moves)
    /// moves; drawn if the rules say so and the opponent cannot possibly mate; lost otherwise.
    pub fn timeout(&mut self, color: Color) -> Result<Outcome, EventError> {
        self.ensure_event_allowed()?;
        let rules = &self.rules;
        let outcome = if rules.timeout_void_moves.is_some_and(|moves| self.moves_by(color) <= moves) {
            Outcome::draw(Termination::Aborted)
        } else if rules.timeout_draw_if_opponent_cannot_mate
            && self.position().board().has_insufficient_material(!color)
        {
            Outcome::draw(Termination::Timeout)
        } else {
            Outcome::win(Termination::Timeout, !color)
        };
        Ok(self.end(EventKind::Timeout(color), outcome))
    }

    /// Records the arbiter's decision that `color` loses by forfeit.
    pub fn forfeit(&mut self, color: Color) -> Result<Outcome, EventError> {
        self.ensure_event_allowed()?;
        Ok(self.end(EventKind::Forfeit(color), Outcome::win(Termination::Forfeit, !color)))
    }

    fn fifty_moves_reached(&self) -> bool {
        self.rules.fifty_move_plies.is_some_and(|plies| self.position().halfmove_clock() >= plies)
    }

    fn repetition_reached(&self) -> bool {
        self.rules.repetitions_to_claim.is_some_and(|count| self.repetition_count() >= count)
    }

    fn ensure_event_allowed(&self) -> Result<(), EventError> {
        self.blocking_outcome().map_or(Ok(()), |outcome| Err(EventError::GameOver(outcome)))
    }

    fn end(&mut self, kind: EventKind, outcome: Outcome) -> Outcome {
        self.add_event(kind, Some(outcome));
        outcome
    }

    pub(super) fn add_event(&mut self, kind: EventKind, outcome: Option<Outcome>) {
        self.undone.clear();
        if let EventKind::OfferDraw(color) = kind {
            self.draw_offers[color.index()] += 1;
        }
        let ply = self.moves.len() as u32;
        if self.event_end.is_none() {
            self.event_end = outcome.map(|outcome| (ply, outcome));
        }
        self.events.push(Event { ply, kind, outcome });
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec::Vec;

    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_name_and_its_text() {
        let mut names = Vec::new();
        for make in EventKind::ALL {
            for player in Color::ALL {
                let kind = make(player);
                assert_eq!(kind.player(), player);
                assert_eq!(EventKind::from_name(kind.name(), player), Ok(kind));
                assert_eq!(kind.to_string().parse(), Ok(kind));
            }
            names.push(make(Color::White).name());
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), EventKind::ALL.len());
    }

    #[test]
    fn unknown_text_is_a_typed_error() {
        for name in ["", "Resign", "resign ", "unknown", "draw"] {
            assert_eq!(EventKind::from_name(name, Color::White), Err(ParseEventKindError::UnknownName), "{name:?}");
        }
        for text in ["resign", "resign White", "resign  white", "resign w", "resign white "] {
            assert_eq!(text.parse::<EventKind>(), Err(ParseEventKindError::UnknownPlayer), "{text:?}");
        }
        assert_eq!("shake_hands black".parse::<EventKind>(), Err(ParseEventKindError::UnknownName));
        assert_eq!(ParseEventKindError::UnknownName.code(), crate::ErrorCode::InvalidEvent);
    }

    #[test]
    fn apply_records_each_kind_through_its_checked_method() {
        let mut game = Game::new();
        assert_eq!(game.apply(EventKind::AcceptDraw(Color::Black)), Err(EventError::NoDrawOffer));
        assert_eq!(game.apply(EventKind::ClaimDraw(Color::White)), Err(EventError::NoDrawToClaim));
        assert_eq!(game.apply(EventKind::OfferDraw(Color::White)), Ok(None));
        assert_eq!(game.apply(EventKind::DeclineDraw(Color::Black)), Ok(None));
        let resigned = Outcome::win(Termination::Resignation, Color::White);
        assert_eq!(game.apply(EventKind::Resign(Color::Black)), Ok(Some(resigned)));
        assert_eq!(game.apply(EventKind::Forfeit(Color::White)), Err(EventError::GameOver(resigned)));
        let kinds: Vec<EventKind> = game.events().iter().map(|event| event.kind).collect();
        assert_eq!(
            kinds,
            [EventKind::OfferDraw(Color::White), EventKind::DeclineDraw(Color::Black), EventKind::Resign(Color::Black)]
        );
        let mut game = Game::new();
        assert_eq!(
            game.apply(EventKind::Timeout(Color::White)),
            Ok(Some(Outcome::win(Termination::Timeout, Color::Black)))
        );
        let mut game = Game::new();
        assert_eq!(
            game.apply(EventKind::Forfeit(Color::Black)),
            Ok(Some(Outcome::win(Termination::Forfeit, Color::White)))
        );
    }
}
