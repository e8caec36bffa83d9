//! English words.

use core::fmt;

use crate::{CastlingSide, CheckKind, Color, Description, IllegalMoveReason, Piece, Role};

/// Returns a piece's name: `knight`.
pub(crate) const fn role_name(role: Role) -> &'static str {
    role.name()
}

/// Returns a side's name: `White`.
pub(crate) const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Returns a castling side's name: `kingside`.
const fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// Returns the words for a kind of check: `discovered check`.
pub(crate) const fn check(check: CheckKind) -> &'static str {
    match check {
        CheckKind::Check => "check",
        CheckKind::Discovered => "discovered check",
        CheckKind::Double => "double check",
        CheckKind::Checkmate => "checkmate",
    }
}

/// Writes a move in words: `White knight g1 to f3`.
pub(crate) fn description(d: &Description, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let (side, role) = (color_name(d.piece.color), role_name(d.piece.role));
    let (from, to) = (d.from, d.to);
    match (d.castle, d.capture) {
        (Some(castle), _) => write!(f, "{side} castles {}", side_name(castle))?,
        (None, Some(_)) if d.en_passant => write!(f, "{side} {role} {from} takes pawn {to} en passant")?,
        (None, Some(taken)) => write!(f, "{side} {role} {from} takes {} {to}", role_name(taken))?,
        (None, None) => write!(f, "{side} {role} {from} to {to}")?,
    }
    if let Some(promotion) = d.promotion {
        write!(f, ", promotes to a {}", role_name(promotion))?;
    }
    match d.check {
        Some(kind) => write!(f, ", {}", check(kind)),
        None => Ok(()),
    }
}

/// Writes why a move is illegal.
pub(crate) fn reason(reason: &IllegalMoveReason, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use IllegalMoveReason::*;
    let name = |piece: Piece| role_name(piece.role);
    match *reason {
        NoPiece { square } => write!(f, "there is no piece on {square}"),
        NotYourPiece { square, piece } => write!(
            f,
            "the {} on {square} is {}'s, and it is {}'s turn to move",
            name(piece),
            color_name(piece.color),
            color_name(!piece.color)
        ),
        NoSuchMove { piece, from, to } => write!(f, "a {} does not move from {from} to {to}", name(piece)),
        NothingToCapture { to, .. } => {
            write!(f, "a pawn moves diagonally only to capture, and there is nothing to capture on {to}")
        }
        Blocked { piece, from, to, blocker_square, blocker } => write!(
            f,
            "the {} cannot go from {from} to {to}: the {} on {blocker_square} is in the way",
            name(piece),
            name(blocker)
        ),
        OwnPiece { square, piece } => write!(f, "your own {} is on {square}", name(piece)),
        Pinned { piece, square, pinner, pinner_square } => {
            write!(f, "the {} on {square} is pinned by the {} on {pinner_square}", name(piece), name(pinner))
        }
        LeavesKingInCheck { checker, checker_square } => {
            write!(f, "the move leaves your king in check from the {} on {checker_square}", name(checker))
        }
        KingIntoCheck { to, attacker, attacker_square } => {
            write!(f, "the king would be in check on {to} from the {} on {attacker_square}", name(attacker))
        }
        CastlingRightsLost { side } => {
            write!(f, "castling is not allowed: the king or the {} rook has already moved", side_name(side))
        }
        CastlingBlocked { square, piece, .. } => {
            write!(f, "castling is not allowed: the {} on {square} is in the way", name(piece))
        }
        CastlingInCheck { checker, checker_square, .. } => {
            write!(f, "castling is not allowed: the king is in check from the {} on {checker_square}", name(checker))
        }
        CastlingThroughCheck { square, attacker, attacker_square, .. } => write!(
            f,
            "castling is not allowed: the king passes through {square}, which the {} on {attacker_square} attacks",
            name(attacker)
        ),
        CastlingIntoCheck { square, attacker, attacker_square, .. } => write!(
            f,
            "castling is not allowed: the king would land on {square}, which the {} on {attacker_square} attacks",
            name(attacker)
        ),
        EnPassantUnavailable { pawn_square, .. } => {
            write!(f, "en passant is not possible: the pawn on {pawn_square} did not just advance two squares")
        }
        MustPromote { .. } => {
            f.write_str("a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight")
        }
        InvalidPromotion { role } => write!(f, "a pawn cannot promote to a {role}"),
        PromotionNotAllowed { .. } => f.write_str("only a pawn reaching the last rank can promote"),
        NullMove => f.write_str("passing the turn (a null move) is not a legal move"),
        Put { role, square } => write!(f, "putting a {role} on {square} (a crazyhouse drop) is not a move in chess"),
    }
}

/// Returns a level's name: `Expert`.
#[cfg(feature = "search")]
pub(crate) const fn level(level: crate::search::Level) -> &'static str {
    use crate::search::Level;
    match level {
        Level::Beginner => "Beginner",
        Level::Normal => "Normal",
        Level::Expert => "Expert",
        Level::Master => "Master",
    }
}

/// Writes why a hint is good: `wins material worth 3 pawns`.
#[cfg(feature = "search")]
pub(crate) fn hint_reason(reason: crate::search::HintReason, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use crate::search::HintReason;
    match reason {
        HintReason::GivesMate { moves: 1 } => f.write_str("checkmate"),
        HintReason::GivesMate { moves } => write!(f, "forces mate in {moves}"),
        HintReason::AvoidsMate => f.write_str("stops a threat of mate"),
        HintReason::Promotes(role) => write!(f, "promotes to a {}", role_name(role)),
        HintReason::WinsMaterial { pawns: 1 } => f.write_str("wins a pawn"),
        HintReason::WinsMaterial { pawns } => write!(f, "wins material worth {pawns} pawns"),
        HintReason::Wins { role, square, pawns } if pawns >= role.value() => {
            write!(f, "wins the {} on {square}", role_name(role))
        }
        HintReason::Wins { role, square, pawns: 1 } => {
            write!(f, "takes the {} on {square}, a pawn up", role_name(role))
        }
        HintReason::Wins { role, square, pawns } => {
            write!(f, "takes the {} on {square}, {pawns} pawns up", role_name(role))
        }
        HintReason::StopsThreat { threat, mate: true } => write!(f, "stops the threat of mate ({threat})"),
        HintReason::StopsThreat { threat, mate: false } => write!(f, "stops the threat {threat}"),
        HintReason::SavesPiece { role, square, attacker, attacker_square } => write!(
            f,
            "saves the {} on {square}, attacked by the {} on {attacker_square}",
            role_name(role),
            role_name(attacker)
        ),
        HintReason::BestDefence => f.write_str("the best defence in a difficult position"),
        HintReason::TradesWhenAhead(role) => write!(f, "trades a {} while ahead in material", role_name(role)),
        HintReason::PushesPassedPawn(square) => write!(f, "pushes the passed pawn to {square}"),
        HintReason::Castles => f.write_str("castles, taking the king to safety"),
        HintReason::Develops(role) => write!(f, "develops the {}", role_name(role)),
        HintReason::ControlsCentre => f.write_str("takes control of the centre"),
        HintReason::BookMove => f.write_str("the book move"),
        HintReason::WonEndgame => f.write_str("a won endgame: mate follows"),
        HintReason::DrawnEndgame => f.write_str("a drawn endgame"),
        HintReason::BestMove { centipawns } => {
            write!(f, "the search's best move (evaluation {:+.2})", f64::from(centipawns) / 100.0)
        }
    }
}

/// Writes a hint: the move in words and, after `; `, why.
#[cfg(feature = "search")]
pub(crate) fn hint(hint: &crate::search::Hint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    super::write_hint(hint, f, description, hint_reason, "; ")
}

/// Writes how a game ended, as a game tells its players: `Checkmate! Black wins.`
#[cfg(all(feature = "alloc", feature = "text"))]
pub(crate) fn outcome(outcome: &crate::Outcome, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use crate::Termination::*;
    let Some(winner) = outcome.winner.map(color_name) else {
        return f.write_str(match outcome.termination {
            Stalemate => "Stalemate: the game is drawn.",
            InsufficientMaterial => "Draw: neither side has enough material to checkmate.",
            FiftyMoves => "Draw claimed: fifty moves without a capture or a pawn move.",
            SeventyFiveMoves => "Draw: seventy-five moves without a capture or a pawn move.",
            ThreefoldRepetition => "Draw by threefold repetition.",
            FivefoldRepetition => "Draw by fivefold repetition.",
            NoProgress => "Draw: too many moves without a capture or a pawn move.",
            PerpetualCheck => "Draw by perpetual check.",
            CheckLimit => "Draw: a player has been checked as often as the rules allow.",
            DrawAgreement => "Draw by agreement.",
            Timeout => "Time ran out, but the other side cannot mate: the game is drawn.",
            Aborted => "The game is void.",
            Checkmate | Resignation | Forfeit => "The game is drawn.",
        });
    };
    let loser = outcome.winner.map_or("", |color| color_name(!color));
    match outcome.termination {
        Checkmate => write!(f, "Checkmate! {winner} wins."),
        Resignation => write!(f, "{loser} resigns: {winner} wins."),
        Timeout => write!(f, "{loser} lost on time: {winner} wins."),
        Forfeit => write!(f, "{loser} forfeits: {winner} wins."),
        termination => write!(f, "{winner} wins by {}.", termination.name()),
    }
}
