//! Standard Algebraic Notation: written in the standard form, read leniently.
//!
//! Reading accepts what people and old books write: `0-0` and `0-0-0`, `e.p.` and `ep`
//! after en-passant captures, promotions as `e8=Q`, `e8Q`, `e8(Q)`, `e8(=Q)` or `e8/Q`,
//! check marks `+`, `++` and `#`, annotations such as `!?`, over-specified moves like
//! `Ng1f3`, and long algebraic notation (`e2-e4`, `Ng1-f3`, `Nb1xc3`).
//!
//! # Examples
//!
//! ```
//! use chess_core::{Position, SanError};
//!
//! let pos = Position::new();
//! let m = pos.parse_san("Ng1-f3!?").unwrap();
//! assert_eq!(pos.san(m).to_string(), "Nf3");
//! assert_eq!(pos.lan(m).to_string(), "Ng1-f3");
//! let error = pos.parse_san("Ke2").unwrap_err();
//! assert!(matches!(error, SanError::Illegal { .. }));
//! assert_eq!(error.to_string(), "illegal move Ke2 in this position: your own pawn is on e2");
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{
    Bitboard, Board, CastlingSide, CheckKind, Color, ErrorCode, File, IllegalMoveReason, Move, Playable, Position,
    Rank, Role, Square, attacks,
};

/// A move in SAN, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece.
        role: Role,
        /// The file of the square it leaves, if given.
        file: Option<File>,
        /// The rank of the square it leaves, if given.
        rank: Option<Rank>,
        /// Whether the move is marked as a capture.
        capture: bool,
        /// The square it goes to.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastlingSide),
    /// The null move `--`.
    Null,
}

/// Whether a move gives check or mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

/// A SAN move with its check or mate mark, as written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate mark, if any.
    pub suffix: Option<Suffix>,
}

/// Why text is not SAN: the text (its first 28 characters and `...` when longer) and
/// what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid SAN '{text}': {kind}")]
pub struct ParseSanError {
    text: arrayvec::ArrayString<32>,
    kind: ParseSanErrorKind,
}

/// What is wrong with text that is not SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSanErrorKind {
    /// There is no text.
    #[error("empty")]
    Empty,
    /// A promotion in parentheses is malformed (`e8(Q`, `e8()`).
    #[error("bad promotion")]
    BadPromotion,
    /// The promotion letter is not a piece.
    #[error("bad promotion piece")]
    BadPromotionPiece,
    /// A `(` without its `)` or the reverse.
    #[error("unbalanced parenthesis")]
    UnbalancedParenthesis,
    /// A promotion to a king or a pawn.
    #[error("cannot promote to a king or a pawn")]
    PromotionToKingOrPawn,
    /// The text is too short to end with a square.
    #[error("missing target square")]
    MissingTarget,
    /// The last two characters are not a square.
    #[error("bad target square")]
    BadTarget,
    /// The characters before the target are not a file, a rank or a square.
    #[error("bad origin square")]
    BadOrigin,
}

impl ParseSanError {
    fn new(text: &[u8], kind: ParseSanErrorKind) -> ParseSanError {
        let mut shown = arrayvec::ArrayString::new();
        for &b in text.iter().take(if text.len() > 30 { 28 } else { 30 }) {
            let _ = shown.try_push(if b.is_ascii_graphic() || b == b' ' { b as char } else { '?' });
        }
        if text.len() > 30 {
            shown.push_str("...");
        }
        ParseSanError { text: shown, kind }
    }

    /// Says what is wrong.
    pub fn kind(&self) -> ParseSanErrorKind {
        self.kind
    }

    /// Returns the stable error code, [`ErrorCode::InvalidMove`].
    pub fn code(&self) -> ErrorCode {
        ErrorCode::InvalidMove
    }
}

/// Why a SAN move cannot be played in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not SAN.
    #[error(transparent)]
    Syntax(#[from] ParseSanError),
    /// No legal move matches; `reason` says why, when one piece is clearly meant.
    #[error("illegal move {san} in this position{}", Reason(reason))]
    Illegal {
        /// The move as read.
        san: San,
        /// Why it is illegal, when the text points at one piece.
        reason: Option<IllegalMoveReason>,
    },
    /// A pawn move to the last rank without the piece to promote to (`e8` for `e8=Q`).
    #[error("move {san} needs a promotion piece: add =Q, =R, =B or =N")]
    MissingPromotion {
        /// The move as read.
        san: San,
        /// The pawn's square.
        from: Square,
        /// The last-rank square.
        to: Square,
    },
    /// Several legal moves match (for a promotion without a piece: one per piece).
    #[error("ambiguous move {san}: {count} legal moves match")]
    Ambiguous {
        /// The move as read.
        san: San,
        /// The squares of the pieces that could make it.
        from: Bitboard,
        /// How many legal moves match.
        count: u32,
    },
}

impl SanError {
    /// Returns the stable error code: [`ErrorCode::InvalidMove`], [`ErrorCode::IllegalMove`],
    /// [`ErrorCode::AmbiguousMove`] or [`ErrorCode::MissingPromotion`].
    pub fn code(&self) -> ErrorCode {
        match self {
            SanError::Syntax(error) => error.code(),
            SanError::Illegal { .. } => ErrorCode::IllegalMove,
            SanError::Ambiguous { .. } => ErrorCode::AmbiguousMove,
            SanError::MissingPromotion { .. } => ErrorCode::MissingPromotion,
        }
    }
}

/// Writes `: reason` after an illegal-move message, or nothing.
struct Reason<'a>(&'a Option<IllegalMoveReason>);

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(reason) => write!(f, ": {reason}"),
            None => Ok(()),
        }
    }
}

fn strip_suffix<'a>(text: &'a [u8], suffix: &[u8]) -> Option<&'a [u8]> {
    text.strip_suffix(suffix)
}

impl SanPlus {
    /// Reads SAN leniently from bytes.
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        if let Some(plain) = SanPlus::from_plain(text) {
            return Ok(plain);
        }
        let original = text;
        let mut text = text.trim_ascii();
        let mut suffix = None;
        // Strip annotations, check marks and en-passant marks from the end, in any order.
        while let [rest @ .., last] = text {
            if matches!(last, b'!' | b'?') {
                text = rest;
            } else if *last == b'#' {
                suffix = Some(Suffix::Checkmate);
                text = rest;
            } else if *last == b'+' {
                suffix = suffix.or(Some(Suffix::Check));
                text = rest;
            } else if !matches!(last, b'.' | b'p') {
                break;
            } else if let Some(rest) = strip_suffix(text, b"e.p.").or_else(|| {
                strip_suffix(text, b"ep").filter(|rest| rest.trim_ascii_end().last().is_some_and(u8::is_ascii_digit))
            }) {
                text = rest.trim_ascii_end();
            } else {
                break;
            }
        }
        let san = San::parse(text).map_err(|reason| ParseSanError::new(original, reason))?;
        Ok(SanPlus { san, suffix })
    }

    /// Reads the form nearly every move is written in, `[NBRQK][file][rank][x]square[+#]`
    /// (each part but the square optional), as the lenient reader would; `None` for anything
    /// else, which the lenient reader then reads.
    pub(crate) fn from_plain(text: &[u8]) -> Option<SanPlus> {
        let (text, suffix) = match text {
            [rest @ .., b'+'] => (rest, Some(Suffix::Check)),
            [rest @ .., b'#'] => (rest, Some(Suffix::Checkmate)),
            _ => (text, None),
        };
        let (role, body) = match text {
            [b'N', body @ ..] => (Role::Knight, body),
            [b'B', body @ ..] => (Role::Bishop, body),
            [b'R', body @ ..] => (Role::Rook, body),
            [b'Q', body @ ..] => (Role::Queen, body),
            [b'K', body @ ..] => (Role::King, body),
            _ => (Role::Pawn, text),
        };
        let file_of = |b: u8| File::from_index(usize::from(b.wrapping_sub(b'a')));
        let rank_of = |b: u8| Rank::from_index(usize::from(b.wrapping_sub(b'1')));
        let [rest @ .., to_file, to_rank] = body else {
            return None;
        };
        let to = Square::from_coords(file_of(*to_file)?, rank_of(*to_rank)?);
        let (rest, capture) = match rest {
            [rest @ .., b'x'] => (rest, true),
            _ => (rest, false),
        };
        let (file, rank) = match *rest {
            [] => (None, None),
            [b @ b'a'..=b'h'] => (file_of(b), None),
            [b @ b'1'..=b'8'] => (None, rank_of(b)),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (file_of(f), rank_of(r)),
            _ => return None,
        };
        Some(SanPlus { san: San::Normal { role, file, rank, capture, to, promotion: None }, suffix })
    }
}

impl San {
    fn parse(text: &[u8]) -> Result<San, ParseSanErrorKind> {
        use ParseSanErrorKind::*;
        match text {
            b"" => return Err(Empty),
            b"--" | b"Z0" => return Ok(San::Null),
            b"O-O" | b"0-0" | b"o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let (role, mut body) = match text[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' | b'P' => (Role::from_char(text[0] as char).ok_or(BadOrigin)?, &text[1..]),
            _ => (Role::Pawn, text),
        };

        // Promotion at the end: =Q, (=Q), (Q), /Q or a bare Q after the square.
        let mut promotion = None;
        if let Some(&last) = body.last() {
            if let Some(piece) = Role::from_char(last as char).filter(|_| last.is_ascii_alphabetic()) {
                let before = &body[..body.len() - 1];
                if before.last().is_some_and(u8::is_ascii_digit) || before.ends_with(b"=") || before.ends_with(b"/") {
                    promotion = Some(piece);
                    body = before.strip_suffix(b"=").or_else(|| before.strip_suffix(b"/")).unwrap_or(before);
                }
            } else if last == b')' {
                let inner = body.strip_suffix(b")").ok_or(BadPromotion)?;
                let open = inner.iter().rposition(|&b| b == b'(').ok_or(UnbalancedParenthesis)?;
                let piece = inner[open + 1..].strip_prefix(b"=").unwrap_or(&inner[open + 1..]);
                let [letter] = piece else {
                    return Err(BadPromotion);
                };
                promotion = Some(Role::from_char(*letter as char).ok_or(BadPromotionPiece)?);
                body = &inner[..open];
            }
        }
        if promotion.is_some_and(|p| matches!(p, Role::King | Role::Pawn)) {
            return Err(PromotionToKingOrPawn);
        }

        if body.len() < 2 {
            return Err(MissingTarget);
        }
        let to = Square::from_ascii(&body[body.len() - 2..]).map_err(|_| BadTarget)?;
        let mut rest = &body[..body.len() - 2];
        let mut capture = false;
        if let Some(r) = rest.strip_suffix(b"x").or_else(|| rest.strip_suffix(b":")) {
            capture = true;
            rest = r;
        } else if let Some(r) = rest.strip_suffix(b"-") {
            rest = r;
        }
        let (mut file, mut rank) = (None, None);
        for &c in rest {
            match (File::from_char(c as char), Rank::from_char(c as char)) {
                (Some(f), _) if file.is_none() && rank.is_none() => file = Some(f),
                (_, Some(r)) if rank.is_none() => rank = Some(r),
                _ => return Err(BadOrigin),
            }
        }
        Ok(San::Normal { role, file, rank, capture, to, promotion })
    }

    /// Finds the legal move this SAN names in `pos`.
    pub fn to_move(self, pos: &Position) -> Result<Move, SanError> {
        match self.direct(pos) {
            Some(m) => Ok(m),
            None => find_move(self, pos),
        }
    }

    /// Finds the move in the common case straight from the attack sets, without generating
    /// moves: a knight, bishop, rook, queen or king move (not castling), or a pawn push or
    /// capture that neither promotes nor takes en passant, where exactly one piece of the side
    /// to move reaches the target, and that move is legal (it answers a single check, and a
    /// pinned piece stays on its pin line; the king goes to a square no enemy piece attacks
    /// once it has left its own). `None` leaves every other case (castling, promotions, en
    /// passant, several or no pieces, illegal moves and their reasons) to
    /// [`San::to_move`]'s search of the legal moves, which finds the same move whenever this
    /// finds one.
    pub(crate) fn direct(self, pos: &Position) -> Option<Move> {
        let San::Normal { role, capture, to, promotion: None, .. } = self else {
            return None;
        };
        let us = pos.turn();
        let board = pos.board();
        let occupied = board.occupied();
        if board.by_color(us).contains(to) {
            return None;
        }
        let pawn_rule = || role == Role::Pawn && !Bitboard::backrank(!us).contains(to);
        let reach = match role {
            Role::Knight => attacks::knight(to),
            Role::Bishop => attacks::bishop(to, occupied),
            Role::Rook => attacks::rook(to, occupied),
            Role::Queen => attacks::queen(to, occupied),
            Role::King => attacks::king(to),
            _ if capture && pawn_rule() && occupied.contains(to) => attacks::pawn(!us, to),
            _ if !capture && pawn_rule() && !occupied.contains(to) => {
                let behind = Bitboard::from(to).forward(!us);
                if occupied.intersects(behind) || to.rank() != Rank::Fourth.relative_to(us) {
                    behind
                } else {
                    behind.forward(!us)
                }
            }
            _ => return None,
        };
        let from = (self.origins(pos.board(), pos.turn()) & reach).single_square()?;
        let safe = match role {
            Role::King => board.attackers_to(to, !us, occupied.without(from)).is_empty(),
            _ => pos.keeps_king_safe(from, to),
        };
        safe.then(|| Move::new(from, to))
    }

    /// Returns the squares the move may start from: the pieces of its role and side, on its
    /// file and rank when given; a pawn that does not capture stays on its file.
    fn origins(self, board: &Board, us: Color) -> Bitboard {
        let San::Normal { role, mut file, rank, capture, to, .. } = self else {
            return Bitboard::EMPTY;
        };
        if role == Role::Pawn && !capture && file.is_none() {
            file = Some(to.file());
        }
        let mut from = board.by_role(role) & board.by_color(us);
        if let Some(file) = file {
            from &= Bitboard::from_file(file);
        }
        if let Some(rank) = rank {
            from &= Bitboard::from_rank(rank);
        }
        from
    }

    /// Says why an illegal SAN move is illegal, when the text points at one piece: the only
    /// piece of its kind, the only one that could make the move's shape, or castling.
    fn reason(self, pos: &Position) -> Option<IllegalMoveReason> {
        match self {
            San::Null => Some(IllegalMoveReason::NullMove),
            San::Castle(side) => {
                let (us, king) = (pos.turn(), pos.king_of(pos.turn()));
                let target = pos.castling_rook(us, side).unwrap_or(side.king_to(us));
                pos.resolve_move(king, target, None).err()
            }
            San::Normal { to, promotion, .. } => {
                let origins = self.origins(pos.board(), pos.turn());
                if let Some(from) = origins.single_square() {
                    // One piece of its kind: even "a king does not move from e1 to e3" helps.
                    return pos.resolve_move(from, to, promotion).err();
                }
                let mut reasons = origins
                    .into_iter()
                    .filter_map(|from| pos.resolve_move(from, to, promotion).err())
                    .filter(|reason| !matches!(reason, IllegalMoveReason::NoSuchMove { .. }));
                match (reasons.next(), reasons.next()) {
                    (Some(reason), None) => Some(reason),
                    _ => None,
                }
            }
        }
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(text: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(text.as_bytes())
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(text: &str) -> Result<San, ParseSanError> {
        Ok(SanPlus::from_str(text)?.san)
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Null => f.write_str("--"),
            San::Castle(side) => f.write_str(side.san()),
            San::Normal { role, file, rank, capture, to, promotion } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(role) = promotion {
                    write!(f, "={}", role.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Suffix::Check => "+",
            Suffix::Checkmate => "#",
        })
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(suffix) => write!(f, "{suffix}"),
            None => Ok(()),
        }
    }
}

/// A move in long algebraic notation (`Ng1-f3`, `e7xd8=Q#`), for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lan {
    role: Role,
    from: Square,
    to: Square,
    capture: bool,
    promotion: Option<Role>,
    castle: Option<CastlingSide>,
    suffix: Option<Suffix>,
}

impl fmt::Display for Lan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(side) = self.castle {
            f.write_str(side.san())?;
        } else {
            if self.role != Role::Pawn {
                write!(f, "{}", self.role.upper_char())?;
            }
            write!(f, "{}{}{}", self.from, if self.capture { 'x' } else { '-' }, self.to)?;
            if let Some(role) = self.promotion {
                write!(f, "={}", role.upper_char())?;
            }
        }
        match self.suffix {
            Some(suffix) => write!(f, "{suffix}"),
            None => Ok(()),
        }
    }
}

/// What writing and reading SAN asks of a position: [`Position`], or a
/// [`FreePosition`](crate::FreePosition) with python-chess's rules.
pub(crate) trait SanContext: Playable {
    /// Calls `f` with each legal move from `from` to `to`.
    fn for_each_legal_move_masked(&self, from: Bitboard, to: Bitboard, f: impl FnMut(Move));
    /// The check or mate mark a legal move earns.
    fn suffix(&self, m: Move) -> Option<Suffix>;
    /// Why a SAN move names no legal move, when it can be told.
    fn illegal_reason(&self, _san: San) -> Option<IllegalMoveReason> {
        None
    }
}

impl SanContext for Position {
    fn for_each_legal_move_masked(&self, from: Bitboard, to: Bitboard, f: impl FnMut(Move)) {
        Position::for_each_legal_move_masked(self, from, to, f);
    }

    fn suffix(&self, m: Move) -> Option<Suffix> {
        Position::suffix(self, m)
    }

    fn illegal_reason(&self, san: San) -> Option<IllegalMoveReason> {
        san.reason(self)
    }
}

/// A legal move in long algebraic notation.
pub(crate) fn lan(pos: &impl SanContext, m: Move) -> Lan {
    Lan {
        role: pos.board().role_at(m.from()).unwrap_or(Role::Pawn),
        from: m.from(),
        to: m.to(),
        capture: pos.is_capture(m),
        promotion: m.promotion(),
        castle: m.castling_side(),
        suffix: pos.suffix(m),
    }
}

/// Returns a legal move's SAN without the check mark; a piece is told apart from the others
/// of its role and side that reach the same square (for a king, only on boards with several).
pub(crate) fn san_without_suffix(pos: &impl SanContext, m: Move) -> San {
    if m.is_null() {
        return San::Null;
    }
    if let Some(side) = m.castling_side() {
        return San::Castle(side);
    }
    let board = pos.board();
    let role = board.role_at(m.from()).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let (mut file, mut rank) = (None, None);
    if role == Role::Pawn {
        file = capture.then(|| m.from().file());
    } else {
        let others = (board.by_role(role) & board.by_color(pos.turn())).without(m.from());
        let mut rivals = Bitboard::EMPTY;
        if others.any() {
            pos.for_each_legal_move_masked(others, Bitboard::from(m.to()), |other| rivals = rivals.with(other.from()));
        }
        if rivals.any() {
            if !rivals.intersects(Bitboard::from_file(m.from().file())) {
                file = Some(m.from().file());
            } else if !rivals.intersects(Bitboard::from_rank(m.from().rank())) {
                rank = Some(m.from().rank());
            } else {
                file = Some(m.from().file());
                rank = Some(m.from().rank());
            }
        }
    }
    San::Normal { role, file, rank, capture, to: m.to(), promotion: m.promotion() }
}

/// Finds the legal move `san` names among `pos`'s legal moves.
pub(crate) fn find_move(san: San, pos: &impl SanContext) -> Result<Move, SanError> {
    let illegal = || SanError::Illegal { san, reason: pos.illegal_reason(san) };
    let board = pos.board();
    let us = pos.turn();
    match san {
        San::Null => Err(illegal()),
        San::Castle(side) => {
            let kings = board.by_piece(crate::Piece::new(us, Role::King));
            let rooks = board.by_piece(crate::Piece::new(us, Role::Rook)) & Bitboard::backrank(us);
            let mut found = None;
            pos.for_each_legal_move_masked(kings, rooks, |m| {
                if m.castling_side() == Some(side) {
                    found = found.or(Some(m));
                }
            });
            found.ok_or_else(illegal)
        }
        San::Normal { role, file, rank, to, promotion, .. } => {
            let from = san.origins(board, us);
            let mut candidates = crate::MoveList::new();
            pos.for_each_legal_move_masked(from, Bitboard::from(to), |m| {
                if !m.is_castle() && (m.promotion() == promotion || promotion.is_none()) {
                    let _ = candidates.try_push(m);
                }
            });
            let one_pawn_promoting = || {
                let pawns: Bitboard = candidates.iter().filter(|m| m.is_promotion()).map(|m| m.from()).collect();
                pawns.single_square().is_some()
            };
            match (candidates.len(), promotion) {
                (1, _) => Ok(candidates[0]),
                (4, None) if one_pawn_promoting() => {
                    Err(SanError::MissingPromotion { san, from: candidates[0].from(), to })
                }
                (0, _) if role == Role::Pawn && file == Some(File::B) && rank.is_none() => {
                    // "bxc3" may be a bishop move written in lowercase.
                    let bishop =
                        San::Normal { role: Role::Bishop, file: None, rank: None, capture: true, to, promotion };
                    find_move(bishop, pos).map_err(|_| illegal())
                }
                (0, _) => Err(illegal()),
                (count, _) => Err(SanError::Ambiguous {
                    san,
                    from: candidates.iter().map(|m| m.from()).collect(),
                    count: count as u32,
                }),
            }
        }
    }
}

impl Position {
    /// Returns a legal move's SAN, without the check mark.
    pub fn san_without_suffix(&self, m: Move) -> San {
        san_without_suffix(self, m)
    }

    /// Returns the check or mate mark a legal move earns. Costs one move played and,
    /// only when the move checks, one search for a reply.
    pub fn suffix(&self, m: Move) -> Option<Suffix> {
        CheckKind::of(self, m).map(|check| match check {
            CheckKind::Checkmate => Suffix::Checkmate,
            _ => Suffix::Check,
        })
    }

    /// Returns a legal move's SAN with its check or mate mark.
    pub fn san(&self, m: Move) -> SanPlus {
        SanPlus { san: self.san_without_suffix(m), suffix: self.suffix(m) }
    }

    /// Returns a legal move in long algebraic notation.
    pub fn lan(&self, m: Move) -> Lan {
        lan(self, m)
    }

    /// Reads a SAN move leniently and finds it among the legal moves.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        SanPlus::from_str(text)?.san.to_move(self)
    }
}
