//! Moves described in words, in English or Chinese, for move lists and hints.
//!
//! [`Position::describe`] returns a [`Description`], which displays in the chosen [`Lang`];
//! its documentation lists every form.
//!
//! # Examples
//!
//! ```
//! use chess_core::{Lang, Position};
//!
//! let pos = Position::new();
//! let nf3 = pos.parse_san("Nf3").unwrap();
//! assert_eq!(pos.describe(nf3, Lang::En).to_string(), "White knight g1 to f3");
//! assert_eq!(pos.describe(nf3, Lang::Zh).to_string(), "白方马从g1走到f3");
//!
//! let pos: Position = "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3".parse().unwrap();
//! let mate = pos.parse_san("Qh5").unwrap();
//! assert_eq!(chess_core::describe(&pos, mate, Lang::En).to_string(), "White queen d1 to h5, checkmate");
//! assert_eq!(pos.describe(mate, Lang::Zh).to_string(), "白方后从d1走到h5，将死");
//! ```

use core::fmt;

use crate::{CastlingSide, Color, Move, Piece, Position, Role, Square};

/// A language for the words this crate writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Returns a piece's name: `knight` / `马`.
    pub const fn role(self, role: Role) -> &'static str {
        match self {
            Lang::En => role.name(),
            Lang::Zh => match role {
                Role::Pawn => "兵",
                Role::Knight => "马",
                Role::Bishop => "象",
                Role::Rook => "车",
                Role::Queen => "后",
                Role::King => "王",
            },
        }
    }

    /// Returns a side's name: `White` / `白方`.
    pub const fn color(self, color: Color) -> &'static str {
        match (self, color) {
            (Lang::En, Color::White) => "White",
            (Lang::En, Color::Black) => "Black",
            (Lang::Zh, Color::White) => "白方",
            (Lang::Zh, Color::Black) => "黑方",
        }
    }
}

/// How a move checks the opponent's king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// The piece that moved gives check.
    Check,
    /// Another piece, uncovered by the move, gives check.
    Discovered,
    /// Two pieces give check.
    Double,
    /// The move checkmates.
    Checkmate,
}

impl CheckKind {
    /// Finds how the legal move `m` checks, if it does.
    pub fn of(pos: &Position, m: Move) -> Option<CheckKind> {
        let mut child = *pos;
        child.play_unchecked(m);
        let checkers = child.checkers();
        let moved_to = match m.castling_side() {
            Some(side) => side.rook_to(pos.turn()), // only the rook can check after castling
            None => m.to(),
        };
        if checkers.is_empty() {
            None
        } else if !child.has_legal_moves() {
            Some(CheckKind::Checkmate)
        } else if checkers.more_than_one() {
            Some(CheckKind::Double)
        } else if checkers.contains(moved_to) {
            Some(CheckKind::Check)
        } else {
            Some(CheckKind::Discovered)
        }
    }

    /// Returns the words for this kind of check: `check` / `将军`.
    pub const fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::En, CheckKind::Check) => "check",
            (Lang::En, CheckKind::Discovered) => "discovered check",
            (Lang::En, CheckKind::Double) => "double check",
            (Lang::En, CheckKind::Checkmate) => "checkmate",
            (Lang::Zh, CheckKind::Check) => "将军",
            (Lang::Zh, CheckKind::Discovered) => "闪将",
            (Lang::Zh, CheckKind::Double) => "双将",
            (Lang::Zh, CheckKind::Checkmate) => "将死",
        }
    }
}

/// A move described in words, for a move list or a hint.
///
/// The forms, with White moving (Black reads `Black …` / `黑方…`):
///
/// | move | English | Chinese |
/// |---|---|---|
/// | quiet move | `White knight g1 to f3` | `白方马从g1走到f3` |
/// | capture | `White bishop b5 takes knight c6` | `白方象从b5吃c6的马` |
/// | en passant | `White pawn e5 takes pawn d6 en passant` | `白方兵从e5吃过路兵到d6` |
/// | castling | `White castles kingside` / `White castles queenside` | `白方短易位` / `白方长易位` |
/// | promotion | `White pawn e7 to e8, promotes to a queen` | `白方兵从e7走到e8，升变为后` |
/// | capture and promotion | `White pawn e7 takes rook d8, promotes to a knight` | `白方兵从e7吃d8的车，升变为马` |
///
/// A move that checks adds `, check`, `, discovered check` (the piece that moved does not
/// give the check), `, double check` or `, checkmate`; in Chinese `，将军`, `，闪将`,
/// `，双将` or `，将死` (a full-width comma). En passant names the square the capturing pawn
/// lands on. Descriptions are written with `core::fmt`, without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Description {
    lang: Lang,
    piece: Piece,
    from: Square,
    to: Square,
    castle: Option<CastlingSide>,
    capture: Option<Role>,
    en_passant: bool,
    promotion: Option<Role>,
    check: Option<CheckKind>,
}

impl Description {
    /// Returns how the move checks, if it does.
    pub fn check(&self) -> Option<CheckKind> {
        self.check
    }

    /// Returns the same description in another language.
    pub fn in_lang(self, lang: Lang) -> Description {
        Description { lang, ..self }
    }
}

/// Describes the legal move `m` of `pos` in `lang` (the same as [`Position::describe`]).
pub fn describe(pos: &Position, m: Move, lang: Lang) -> Description {
    pos.describe(m, lang)
}

impl Position {
    /// Describes a legal move in words, for a move list or a hint.
    pub fn describe(&self, m: Move, lang: Lang) -> Description {
        Description {
            lang,
            piece: self.moved_piece(m).unwrap_or(Piece::new(self.turn(), Role::Pawn)),
            from: m.from(),
            to: m.to(),
            castle: m.castling_side(),
            capture: self.capture(m),
            en_passant: m.is_en_passant(),
            promotion: m.promotion(),
            check: CheckKind::of(self, m),
        }
    }
}

impl fmt::Display for Description {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lang = self.lang;
        let (side, role) = (lang.color(self.piece.color), lang.role(self.piece.role));
        let (from, to) = (self.from, self.to);
        match lang {
            Lang::En => {
                match (self.castle, self.capture) {
                    (Some(CastlingSide::KingSide), _) => write!(f, "{side} castles kingside")?,
                    (Some(CastlingSide::QueenSide), _) => write!(f, "{side} castles queenside")?,
                    (None, Some(_)) if self.en_passant => write!(f, "{side} {role} {from} takes pawn {to} en passant")?,
                    (None, Some(taken)) => write!(f, "{side} {role} {from} takes {} {to}", lang.role(taken))?,
                    (None, None) => write!(f, "{side} {role} {from} to {to}")?,
                }
                if let Some(promotion) = self.promotion {
                    write!(f, ", promotes to a {}", lang.role(promotion))?;
                }
                match self.check {
                    Some(check) => write!(f, ", {}", check.name(lang)),
                    None => Ok(()),
                }
            }
            Lang::Zh => {
                match (self.castle, self.capture) {
                    (Some(CastlingSide::KingSide), _) => write!(f, "{side}短易位")?,
                    (Some(CastlingSide::QueenSide), _) => write!(f, "{side}长易位")?,
                    (None, Some(_)) if self.en_passant => write!(f, "{side}{role}从{from}吃过路兵到{to}")?,
                    (None, Some(taken)) => write!(f, "{side}{role}从{from}吃{to}的{}", lang.role(taken))?,
                    (None, None) => write!(f, "{side}{role}从{from}走到{to}")?,
                }
                if let Some(promotion) = self.promotion {
                    write!(f, "，升变为{}", lang.role(promotion))?;
                }
                match self.check {
                    Some(check) => write!(f, "，{}", check.name(lang)),
                    None => Ok(()),
                }
            }
        }
    }
}
