//! Hints: a suggested move, in SAN and in words, with a short reason when one is clear.
//!
//! The reason comes from what the search saw: its score and its line for the move, and a
//! second, short search of what the opponent would do if the side to move passed (the
//! threat). Simple facts about the move (a castling, a passed pawn, a piece leaving its home
//! rank in the opening) explain quiet moves.

use alloc::string::{String, ToString};

use super::eval;
use super::score::TABLEBASE_BOUND;
use super::{Score, SearchResult};
use crate::{Bitboard, Color, Description, Move, Position, Role, SanPlus, Square};

/// A suggested move, written for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The move in SAN (`Nf3+`).
    pub san: String,
    /// The move described: display it for English words ("White knight g1 to f3, check"),
    /// or call `text(lang)` for another language. The hint itself displays as the
    /// description and its reason ("...; wins a pawn").
    pub description: Description,
    /// The search's score for the side to move.
    pub score: Score,
    /// Why the move is good, when there is a simple reason.
    pub reason: Option<HintReason>,
}

/// A short reason why a hinted move is good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HintReason {
    /// The move starts a forced mate in this many moves (1: it mates).
    GivesMate {
        /// Moves to mate, this one included.
        moves: u32,
    },
    /// The opponent threatened mate and the move stops it. Hints now give
    /// [`HintReason::StopsThreat`], which names the threat; this stays for code that
    /// matches on it.
    AvoidsMate,
    /// The move promotes a pawn.
    Promotes(Role),
    /// The expected line wins material, in pawns (classical values), without one piece to
    /// name (a gain by promotion later in the line).
    WinsMaterial {
        /// Pawns' worth won.
        pawns: u32,
    },
    /// The expected line wins material: the most valuable piece it takes is named.
    Wins {
        /// The biggest piece taken along the line.
        role: Role,
        /// Where it stood.
        square: Square,
        /// The net gain of the line, in pawns (classical values).
        pawns: u32,
    },
    /// The opponent threatened this move (it takes material or mates) and the hinted move
    /// stops it.
    StopsThreat {
        /// The opponent's threatened move, in SAN as if it were played now.
        threat: SanPlus,
        /// Whether the threat leads to mate.
        mate: bool,
    },
    /// A piece of the side to move was attacked and would be lost; the move saves it (by
    /// moving or defending it).
    SavesPiece {
        /// The attacked piece.
        role: Role,
        /// Its square.
        square: Square,
        /// The piece that attacks it.
        attacker: Role,
        /// The attacker's square.
        attacker_square: Square,
    },
    /// Losing already: the move is the search's best defence.
    BestDefence,
    /// Ahead in material, the move trades a piece of this kind (simplifying toward a won
    /// ending).
    TradesWhenAhead(Role),
    /// The move pushes a passed pawn (no enemy pawn can stop it on its way) to this square.
    PushesPassedPawn(Square),
    /// The move castles, taking the king to safety.
    Castles,
    /// In the opening, the move brings a knight or a bishop off its home rank.
    Develops(Role),
    /// In the opening, a pawn takes or guards a centre square (d4, e4, d5, e5).
    ControlsCentre,
    /// No simpler reason: the search's best move, with its evaluation for the side to move.
    BestMove {
        /// The evaluation in centipawns, for the side to move.
        centipawns: i32,
    },
    /// The move comes from the opening book ([`Searcher::set_book`](super::Searcher::set_book)).
    BookMove,
    /// The endgame tablebases say the position is won: the move keeps the win, and mate
    /// follows ([`Searcher::set_tablebase`](super::Searcher::set_tablebase), feature `syzygy`).
    WonEndgame,
    /// The endgame tablebases say the position is drawn with best play: the move keeps the
    /// draw ([`Searcher::set_tablebase`](super::Searcher::set_tablebase), feature `syzygy`).
    DrawnEndgame,
}

/// Moves (fullmove numbers) counted as the opening for the opening reasons.
const OPENING_MOVES: u32 = 12;

/// The material lead, in centipawns, from which an even trade counts as trading when ahead.
const AHEAD: i32 = 200;

/// How far, in centipawns, the search's score may fall short of a line's material gain
/// (positional terms, different piece values) before the gain is doubted.
const SCORE_MARGIN: i32 = 50;

/// The score, in centipawns, at or below which the side to move is losing.
const LOSING: i32 = -300;

impl Hint {
    /// Makes the hint for `pos` from a search of it; `threat` is the search of the position
    /// with the turn passed (`None` in check). `None` when the search found no move.
    pub(crate) fn new(pos: &Position, result: &SearchResult, threat: Option<&SearchResult>) -> Option<Hint> {
        let mv = result.best_move?;
        Some(Hint {
            mv,
            san: pos.san(mv).to_string(),
            description: pos.describe(mv),
            score: result.score,
            reason: reason(mv, pos, result, threat),
        })
    }

    /// Returns the reason the words give: none when the description already says it
    /// (a mate in one ends with "checkmate", a promotion with "promotes to a queen").
    pub(crate) fn shown_reason(&self) -> Option<HintReason> {
        self.reason.filter(|reason| !matches!(reason, HintReason::GivesMate { moves: 1 } | HintReason::Promotes(_)))
    }
}

/// Chooses the reason for `mv`, the most telling first: the book, the tables' result, mate, a
/// threat of mate stopped, promotion, a trade when ahead, material won, material saved,
/// defence, then the quiet reasons (castling, a passed pawn, the opening's development and
/// centre); a won endgame seen inside the search when nothing else says more.
fn reason(mv: Move, pos: &Position, result: &SearchResult, threat: Option<&SearchResult>) -> Option<HintReason> {
    if result.from_book {
        return Some(HintReason::BookMove);
    }
    if result.from_tablebase {
        return Some(match result.score {
            Score::Cp(0) => HintReason::DrawnEndgame,
            score if score > Score::Cp(0) => HintReason::WonEndgame,
            _ => HintReason::BestDefence,
        });
    }
    if let Score::Mate(moves @ 1..) = result.score {
        return Some(HintReason::GivesMate { moves: moves as u32 });
    }
    let threat = threat.and_then(|searched| Threat::of(pos, searched));
    if let Some(threat) = threat.filter(|threat| threat.mate) {
        return Some(HintReason::StopsThreat { threat: threat.san, mate: true });
    }
    if let Some(role) = mv.promotion() {
        return Some(HintReason::Promotes(role));
    }
    let us = pos.turn();
    let lead = lead(pos);
    let gain = seen_gain(pos, result);
    match pos.captured(mv) {
        Some(taken) if taken != Role::Pawn && lead >= AHEAD && (-99..100 * taken.value() as i32).contains(&gain) => {
            return Some(HintReason::TradesWhenAhead(taken));
        }
        _ => {}
    }
    let moved = pos.piece_at(mv.from())?.role;
    let passed_pawn = moved == Role::Pawn && is_passed(pos, us, mv.to());
    if gain >= 100 {
        let pawns = (gain + 50) as u32 / 100;
        return Some(match biggest_capture(pos, &result.pv) {
            Some((role, square)) => HintReason::Wins { role, square, pawns },
            None if passed_pawn => HintReason::PushesPassedPawn(mv.to()),
            None => HintReason::WinsMaterial { pawns },
        });
    }
    if let Some(threat) = threat.filter(|threat| gain > -threat.gain) {
        return Some(match threat.victim {
            Some((role, square)) => {
                HintReason::SavesPiece { role, square, attacker: threat.attacker, attacker_square: threat.from }
            }
            None => HintReason::StopsThreat { threat: threat.san, mate: false },
        });
    }
    if result.score <= Score::Cp(LOSING) {
        return Some(HintReason::BestDefence);
    }
    let best = match result.score {
        Score::Cp(TABLEBASE_BOUND..) => HintReason::WonEndgame,
        Score::Cp(centipawns) => HintReason::BestMove { centipawns },
        Score::Mate(_) => HintReason::BestDefence,
    };
    if mv.is_castle() {
        return Some(HintReason::Castles);
    }
    if passed_pawn {
        return Some(HintReason::PushesPassedPawn(mv.to()));
    }
    if pos.fullmove_number() > OPENING_MOVES {
        return Some(best);
    }
    Some(match moved {
        Role::Knight | Role::Bishop if Bitboard::backrank(us).contains(mv.from()) => HintReason::Develops(moved),
        Role::Pawn if (Bitboard::from_square(mv.to()) | pawn_attacks(us, mv.to())).intersects(Bitboard::CENTER) => {
            HintReason::ControlsCentre
        }
        _ => best,
    })
}

/// What the opponent would do if the side to move passed, when it is worth stopping.
#[derive(Clone, Copy, Debug)]
struct Threat {
    /// The threatened move in SAN, in the position with the turn passed.
    san: SanPlus,
    /// Whether it mates.
    mate: bool,
    /// The material it wins, in centipawns.
    gain: i32,
    /// The piece it attacks and its square, when its first move takes a piece.
    victim: Option<(Role, Square)>,
    /// The piece that makes the threatened move.
    attacker: Role,
    /// The square the threatened move starts from.
    from: Square,
}

impl Threat {
    /// Reads the threat from `searched`, the search of `pos` with the turn passed: a mate,
    /// or a line winning at least a pawn.
    fn of(pos: &Position, searched: &SearchResult) -> Option<Threat> {
        let first = *searched.pv.first()?;
        let mut passed = *pos;
        passed.play_null().ok()?;
        let mate = matches!(searched.score, Score::Mate(moves) if moves > 0);
        let gain = seen_gain(&passed, searched);
        if !mate && gain < 100 {
            return None;
        }
        Some(Threat {
            san: passed.san(first),
            mate,
            gain,
            victim: passed.captured(first).map(|role| (role, first.to())),
            attacker: passed.piece_at(first.from())?.role,
            from: first.from(),
        })
    }
}

/// Returns the side to move's material lead, in centipawns (classical values).
fn lead(pos: &Position) -> i32 {
    if pos.turn() == Color::White { eval::material(pos) } else { -eval::material(pos) }
}

/// Returns the material the side to move gains along the search's line, no more than its
/// score allows: a line cut short after a capture (the recapture beyond the horizon) would
/// otherwise count a trade as a win.
fn seen_gain(pos: &Position, result: &SearchResult) -> i32 {
    let allowed = match result.score {
        Score::Cp(cp) => cp - lead(pos) + SCORE_MARGIN,
        Score::Mate(moves) if moves > 0 => i32::MAX,
        Score::Mate(_) => i32::MIN,
    };
    material_gain(pos, &result.pv).min(allowed)
}

/// Returns the material the side to move gains along `line`.
fn material_gain(pos: &Position, line: &[Move]) -> i32 {
    let mut end = *pos;
    for &m in line {
        if end.play(m).is_err() {
            break;
        }
    }
    let gain = eval::material(&end) - eval::material(pos);
    if pos.turn() == Color::White { gain } else { -gain }
}

/// Returns the most valuable piece the side to move takes along `line`, and its square.
fn biggest_capture(pos: &Position, line: &[Move]) -> Option<(Role, Square)> {
    let mut at = *pos;
    let mut best: Option<(Role, Square)> = None;
    for (ply, &m) in line.iter().enumerate() {
        let taken = at.captured(m).filter(|_| ply % 2 == 0);
        if let Some(role) = taken.filter(|role| best.is_none_or(|(biggest, _)| role.value() > biggest.value())) {
            // En passant takes the pawn beside the mover, not on the target square.
            let square = if m.is_en_passant() { Square::from_coords(m.to().file(), m.from().rank()) } else { m.to() };
            best = Some((role, square));
        }
        if at.play(m).is_err() {
            break;
        }
    }
    best
}

/// Returns the squares a pawn of `color` on `square` attacks.
fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    let ahead = Bitboard::from_square(square).forward(color);
    ahead.east() | ahead.west()
}

/// Tells whether a pawn of `color` on `square` is passed: no enemy pawn stands ahead of it
/// on its file or the files beside it.
fn is_passed(pos: &Position, color: Color, square: Square) -> bool {
    let board = pos.board();
    let theirs = board.by_role(Role::Pawn) & board.by_color(!color);
    let mut front = Bitboard::from_square(square).forward(color);
    while front.any() {
        if (front | front.east() | front.west()).intersects(theirs) {
            return false;
        }
        front = front.forward(color);
    }
    true
}
