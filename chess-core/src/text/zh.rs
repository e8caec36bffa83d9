//! Chinese (simplified) words.

use core::fmt;

use crate::{CastlingSide, CheckKind, Color, Description, IllegalMoveReason, Piece, Role};

/// Returns a piece's name: `马`.
pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "兵",
        Role::Knight => "马",
        Role::Bishop => "象",
        Role::Rook => "车",
        Role::Queen => "后",
        Role::King => "王",
    }
}

/// Returns a side's name: `白方`.
pub(crate) const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "白方",
        Color::Black => "黑方",
    }
}

/// Returns the name of a castling side's rook: `王翼`.
const fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "王翼",
        CastlingSide::QueenSide => "后翼",
    }
}

/// Returns the words for a kind of check: `闪将`.
pub(crate) const fn check(check: CheckKind) -> &'static str {
    match check {
        CheckKind::Check => "将军",
        CheckKind::Discovered => "闪将",
        CheckKind::Double => "双将",
        CheckKind::Checkmate => "将死",
    }
}

/// Writes a move in words: `白方马从g1走到f3`.
pub(crate) fn description(d: &Description, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let (side, role) = (color_name(d.piece.color), role_name(d.piece.role));
    let (from, to) = (d.from, d.to);
    match (d.castle, d.capture) {
        (Some(CastlingSide::KingSide), _) => write!(f, "{side}短易位")?,
        (Some(CastlingSide::QueenSide), _) => write!(f, "{side}长易位")?,
        (None, Some(_)) if d.en_passant => write!(f, "{side}{role}从{from}吃过路兵到{to}")?,
        (None, Some(taken)) => write!(f, "{side}{role}从{from}吃{to}的{}", role_name(taken))?,
        (None, None) => write!(f, "{side}{role}从{from}走到{to}")?,
    }
    if let Some(promotion) = d.promotion {
        write!(f, "，升变为{}", role_name(promotion))?;
    }
    match d.check {
        Some(kind) => write!(f, "，{}", check(kind)),
        None => Ok(()),
    }
}

/// Writes why a move is illegal.
pub(crate) fn reason(reason: &IllegalMoveReason, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use IllegalMoveReason::*;
    let name = |piece: Piece| role_name(piece.role);
    match *reason {
        NoPiece { square } => write!(f, "{square}上没有棋子"),
        NotYourPiece { square, piece } => write!(
            f,
            "{square}上的{}是{}的，现在轮到{}走棋",
            name(piece),
            color_name(piece.color),
            color_name(!piece.color)
        ),
        NoSuchMove { piece, from, to } => write!(f, "{}不能从{from}走到{to}", name(piece)),
        NothingToCapture { to, .. } => write!(f, "兵只有吃子时才能斜走，{to}上没有可吃的棋子"),
        Blocked { piece, from, to, blocker_square, blocker } => {
            write!(f, "{}不能从{from}走到{to}：{blocker_square}上的{}挡住了去路", name(piece), name(blocker))
        }
        OwnPiece { square, piece } => write!(f, "{square}上已经有自己的{}", name(piece)),
        Pinned { piece, square, pinner, pinner_square } => {
            write!(f, "{square}上的{}被{pinner_square}上的{}牵制", name(piece), name(pinner))
        }
        LeavesKingInCheck { checker, checker_square } => {
            write!(f, "走这步棋后，你的王仍被{checker_square}上的{}将军", name(checker))
        }
        KingIntoCheck { to, attacker, attacker_square } => {
            write!(f, "王不能走到{to}：会被{attacker_square}上的{}将军", name(attacker))
        }
        CastlingRightsLost { side } => write!(f, "不能易位：王或{}的车已经动过", side_name(side)),
        CastlingBlocked { square, piece, .. } => write!(f, "不能易位：{square}上的{}挡在中间", name(piece)),
        CastlingInCheck { checker, checker_square, .. } => {
            write!(f, "不能易位：王正被{checker_square}上的{}将军", name(checker))
        }
        CastlingThroughCheck { square, attacker, attacker_square, .. } => {
            write!(f, "不能易位：王经过的{square}受到{attacker_square}上的{}攻击", name(attacker))
        }
        CastlingIntoCheck { square, attacker, attacker_square, .. } => {
            write!(f, "不能易位：王到达的{square}受到{attacker_square}上的{}攻击", name(attacker))
        }
        EnPassantUnavailable { pawn_square, .. } => {
            write!(f, "不能吃过路兵：{pawn_square}上的兵不是刚走了两格")
        }
        MustPromote { .. } => f.write_str("兵到达底线必须升变：请选择后、车、象或马"),
        InvalidPromotion { role } => write!(f, "兵不能升变为{}", role_name(role)),
        PromotionNotAllowed { .. } => f.write_str("只有到达底线的兵才能升变"),
        NullMove => f.write_str("不能空着（跳过一步）"),
        Put { role, square } => write!(f, "国际象棋不能打入棋子（把{}放到{square}）", role_name(role)),
    }
}

/// Returns a level's name, as the casual site names it: `高手`.
#[cfg(feature = "search")]
pub(crate) const fn level(level: crate::search::Level) -> &'static str {
    use crate::search::Level;
    match level {
        Level::Beginner => "入门",
        Level::Normal => "普通",
        Level::Expert => "高手",
        Level::Master => "大师",
    }
}

/// Writes why a hint is good: `净得3个兵的子力`.
#[cfg(feature = "search")]
pub(crate) fn hint_reason(reason: crate::search::HintReason, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use crate::search::HintReason;
    match reason {
        HintReason::GivesMate { moves: 1 } => f.write_str("将死"),
        HintReason::GivesMate { moves } => write!(f, "强制{moves}步杀"),
        HintReason::AvoidsMate => f.write_str("化解杀棋威胁"),
        HintReason::Promotes(role) => write!(f, "升变为{}", role_name(role)),
        HintReason::WinsMaterial { pawns: 1 } => f.write_str("得一兵"),
        HintReason::WinsMaterial { pawns } => write!(f, "净得{pawns}个兵的子力"),
        HintReason::Wins { role, square, pawns } if pawns >= role.value() => {
            write!(f, "得{square}的{}", role_name(role))
        }
        HintReason::Wins { role, square, pawns } => {
            write!(f, "吃掉{square}的{}，净得{pawns}个兵的子力", role_name(role))
        }
        HintReason::StopsThreat { threat, mate: true } => write!(f, "化解对方的杀棋威胁（{threat}）"),
        HintReason::StopsThreat { threat, mate: false } => write!(f, "化解对方{threat}的威胁"),
        HintReason::SavesPiece { role, square, attacker, attacker_square } => {
            write!(f, "救出{square}的{}（受到{attacker_square}的{}攻击）", role_name(role), role_name(attacker))
        }
        HintReason::BestDefence => f.write_str("劣势下的最佳防守"),
        HintReason::TradesWhenAhead(role) => write!(f, "子力领先时兑换{}", role_name(role)),
        HintReason::PushesPassedPawn(square) => write!(f, "挺进通路兵到{square}"),
        HintReason::Castles => f.write_str("王车易位，让王更安全"),
        HintReason::Develops(role) => write!(f, "出动{}", role_name(role)),
        HintReason::ControlsCentre => f.write_str("控制中心"),
        HintReason::BookMove => f.write_str("开局着法"),
        HintReason::WonEndgame => f.write_str("残局必胜：将杀在后"),
        HintReason::DrawnEndgame => f.write_str("和棋残局"),
        HintReason::BestMove { centipawns } => {
            write!(f, "搜索找到的最佳着法（评估{:+.2}）", f64::from(centipawns) / 100.0)
        }
    }
}

/// Writes a hint: the move in words and, after `；`, why.
#[cfg(feature = "search")]
pub(crate) fn hint(hint: &crate::search::Hint, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    super::write_hint(hint, f, description, hint_reason, "；")
}

/// Returns a termination's words: `三次重复局面`.
#[cfg(feature = "alloc")]
pub(crate) const fn termination(termination: crate::Termination) -> &'static str {
    use crate::Termination::*;
    match termination {
        Checkmate => "将死",
        Stalemate => "逼和",
        InsufficientMaterial => "子力不足",
        FiftyMoves => "五十回合规则",
        SeventyFiveMoves => "七十五回合规则",
        ThreefoldRepetition => "三次重复局面",
        FivefoldRepetition => "五次重复局面",
        NoProgress => "无进展",
        PerpetualCheck => "长将",
        CheckLimit => "将军次数上限",
        Resignation => "认输",
        DrawAgreement => "协议和棋",
        Timeout => "超时",
        Forfeit => "判负",
        Aborted => "作废",
    }
}

/// Writes how a game ended, as a game tells its players: `将死！黑方获胜。`
#[cfg(feature = "alloc")]
pub(crate) fn outcome(outcome: &crate::Outcome, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    use crate::Termination::*;
    let Some(winner) = outcome.winner.map(color_name) else {
        return f.write_str(match outcome.termination {
            Stalemate => "逼和：和棋。",
            InsufficientMaterial => "和棋：双方都没有足够的子力将死对方。",
            FiftyMoves => "申请和棋成功：五十回合内没有吃子或走兵。",
            SeventyFiveMoves => "和棋：七十五回合内没有吃子或走兵。",
            ThreefoldRepetition => "三次重复局面，和棋。",
            FivefoldRepetition => "五次重复局面，和棋。",
            NoProgress => "和棋：太多回合没有吃子或走兵。",
            PerpetualCheck => "长将，和棋。",
            CheckLimit => "和棋：将军次数达到规则上限。",
            DrawAgreement => "双方同意和棋。",
            Timeout => "超时，但对方无法将死：和棋。",
            Aborted => "对局作废。",
            Checkmate | Resignation | Forfeit => "和棋。",
        });
    };
    let loser = outcome.winner.map_or("", |color| color_name(!color));
    match outcome.termination {
        Checkmate => write!(f, "将死！{winner}获胜。"),
        Resignation => write!(f, "{loser}认输，{winner}获胜。"),
        Timeout => write!(f, "{loser}超时判负，{winner}获胜。"),
        Forfeit => write!(f, "{loser}被判负，{winner}获胜。"),
        termination => write!(f, "{winner}因{}获胜。", self::termination(termination)),
    }
}
