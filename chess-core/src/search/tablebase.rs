//! Endgame tablebases in the search (feature `syzygy`): the move at a root the tables hold,
//! and the scores of the positions they hold inside the tree.

use crate::syzygy::{Tablebase, Wdl};
use crate::{Move, Position, Rules};

/// The plies without a capture or pawn move after which the tables' fifty-move rule draws.
const TABLES_NO_PROGRESS: u32 = 100;

/// The tables a search probes, up to a number of pieces.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probe<'a> {
    tables: &'a Tablebase,
    /// The most pieces probed: the largest table's, or fewer (UCI's `SyzygyProbeLimit`).
    max_pieces: u32,
}

impl<'a> Probe<'a> {
    /// Probes `tables` for positions of at most `limit` pieces.
    pub(super) fn new(tables: &'a Tablebase, limit: u32) -> Probe<'a> {
        Probe { tables, max_pieces: tables.max_pieces().min(limit) }
    }

    /// Tells whether the tables may hold `pos`: no castling rights, and no more pieces than
    /// probed.
    pub(super) fn may_hold(self, pos: &Position) -> bool {
        !pos.castling_rights().any() && pos.board().occupied().len() <= self.max_pieces
    }
}

/// The result of `pos` for the side to move by the tables, under `rules`' no-progress draws
/// (or the tables' own fifty-move rule when it comes first): a win or loss that they turn into
/// a draw is a draw. `None` when the tables do not hold the position (or a probe fails).
///
/// With the fifty-move rule and a position just reached by a capture or a pawn move, a WDL
/// probe answers; otherwise the distance to the next zeroing move (DTZ) is compared with
/// what is left of the count.
pub(super) fn result(probe: Probe<'_>, pos: &Position, rules: &Rules) -> Option<Wdl> {
    if !probe.may_hold(pos) {
        return None;
    }
    let tables = probe.tables;
    let limit = no_progress_limit(rules, pos);
    let clock = pos.halfmove_clock();
    if clock == 0 && limit == TABLES_NO_PROGRESS {
        return tables.probe_wdl(pos).ok().map(|wdl| match wdl {
            Wdl::CursedWin | Wdl::BlessedLoss => Wdl::Draw,
            wdl => wdl,
        });
    }
    let dtz = tables.probe_dtz(pos).ok()?.0;
    let in_time = clock.saturating_add(dtz.unsigned_abs()) <= limit;
    Some(match dtz {
        1.. if in_time => Wdl::Win,
        ..=-1 if in_time => Wdl::Loss,
        _ => Wdl::Draw,
    })
}

/// The move the tables choose at the root `pos` ([`Tablebase::best_moves`]: a mate, else the
/// fastest way to the next zeroing move when winning, the slowest when losing), among
/// `root_moves` when there are any, with the position's result under `rules`. `None` when
/// the tables do not hold the position, or none of their best moves is allowed.
pub(super) fn root_move(probe: Probe<'_>, pos: &Position, rules: &Rules, root_moves: &[Move]) -> Option<(Move, Wdl)> {
    let wdl = result(probe, pos, rules)?;
    let best = probe.tables.best_moves(pos).ok()?;
    let mv = best.into_iter().find(|m| root_moves.is_empty() || root_moves.contains(m))?;
    Some((mv, wdl))
}

/// The plies without progress at which `rules` draw `pos`'s material, the tables' 100 at most.
fn no_progress_limit(rules: &Rules, pos: &Position) -> u32 {
    if rules.first_no_progress_draw() >= TABLES_NO_PROGRESS {
        return TABLES_NO_PROGRESS;
    }
    (1..TABLES_NO_PROGRESS)
        .find(|&plies| rules.no_progress_draw(plies, pos.board(), true).is_some())
        .unwrap_or(TABLES_NO_PROGRESS)
}
