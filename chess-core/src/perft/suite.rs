//! Reads perft suites in the three formats the project meets: EPD with `;D1 20 ;D2 400`
//! operations, python-chess `.perft` blocks (`id` / `epd` / `perft DEPTH NODES`), and this
//! repository's own `<id>; <FEN>; <depth>=<nodes> ...` lines (`chess-core/tests/data/*.perft`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// One position of a perft suite with its expected node counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteEntry {
    /// A name for reports: the id, or `line N` when the format has none.
    pub id: String,
    /// The FEN (four to six fields), unvalidated: the caller chooses the castling mode and how
    /// strictly to validate.
    pub fen: String,
    /// The expected (depth, nodes) pairs, in the order given.
    pub counts: Vec<(u32, u64)>,
}

/// Why a perft suite could not be read: the line and what was wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct SuiteError {
    /// The 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub kind: SuiteErrorKind,
}

impl SuiteError {
    /// Returns the stable error code, [`ErrorCode::InvalidEpd`](crate::ErrorCode::InvalidEpd)
    /// (perft suites are EPD-like files).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidEpd
    }
}

/// What was wrong with a perft suite's line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SuiteErrorKind {
    /// A `perft DEPTH NODES` line came before any `epd` line.
    #[error("a perft line before any epd line")]
    CountWithoutPosition,
    /// A node count is not written as its format asks (`perft DEPTH NODES`, `DEPTH=NODES` or
    /// `;DDEPTH NODES`), or a number does not fit.
    #[error("'{found}' is not a depth and node count")]
    InvalidCount {
        /// The text that was read as a count.
        found: String,
    },
    /// The line is in none of the three formats.
    #[error("expected an id, epd or perft line, 'ID; FEN; DEPTH=NODES ...' or 'FEN ;D1 NODES ...'")]
    UnknownLine,
}

/// Reads an EPD perft operation (`D5` with the operand `4865609`) as (depth, nodes).
/// [`Epd::perft_counts`](crate::Epd::perft_counts) reads its operations with it too.
pub(crate) fn depth_count(opcode: &str, nodes: &str) -> Option<(u32, u64)> {
    Some((opcode.strip_prefix('D')?.parse().ok()?, nodes.trim().parse().ok()?))
}

/// Reads a perft suite in any of the three formats (they may be mixed, one format a line);
/// blank lines and lines starting with `#` are skipped.
///
/// # Examples
///
/// ```
/// use chess_core::perft::{self, parse_suite};
/// use chess_core::Position;
///
/// let text = concat!(
///     "# our own format, then EPD\n",
///     "kiwipete; r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1; 1=48 2=2039\n",
///     "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n",
/// );
/// let suite = parse_suite(text)?;
/// assert_eq!(suite[0].id, "kiwipete");
/// assert_eq!(suite[1].id, "line 3");
/// assert_eq!(suite[1].counts, [(1, 15), (2, 66)]);
/// for entry in &suite {
///     let pos: Position = entry.fen.parse()?;
///     for &(depth, nodes) in &entry.counts {
///         assert_eq!(perft::perft(&pos, depth), Ok(nodes));
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    let mut pending_id: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let error = |kind| SuiteError { line: line_no, kind };
        let invalid = |found: &str| error(SuiteErrorKind::InvalidCount { found: found.to_string() });
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(id) = line.strip_prefix("id ") {
            pending_id = Some(id.trim().to_string());
        } else if let Some(fen) = line.strip_prefix("epd ") {
            let id = pending_id.take().unwrap_or_else(|| format!("line {line_no}"));
            entries.push(SuiteEntry { id, fen: fen.trim().to_string(), counts: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let entry = entries.last_mut().ok_or_else(|| error(SuiteErrorKind::CountWithoutPosition))?;
            let count = rest.trim().split_once(' ').and_then(|(depth, nodes)| Some((number(depth)?, number(nodes)?)));
            entry.counts.push(count.ok_or_else(|| invalid(line))?);
        } else if line.contains('=') && line.split(';').count() == 3 {
            let mut parts = line.split(';').map(str::trim);
            let (id, fen, counts) =
                (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let counts = counts
                .split_whitespace()
                .map(|pair| {
                    let count = pair.split_once('=').and_then(|(depth, nodes)| Some((number(depth)?, number(nodes)?)));
                    count.ok_or_else(|| invalid(pair))
                })
                .collect::<Result<_, _>>()?;
            entries.push(SuiteEntry { id: id.to_string(), fen: fen.to_string(), counts });
        } else {
            let (fen, operations) = line.split_once(';').ok_or_else(|| error(SuiteErrorKind::UnknownLine))?;
            let counts = operations
                .split(';')
                .map(str::trim)
                .filter(|op| !op.is_empty())
                .map(|op| {
                    op.split_once(' ').and_then(|(opcode, nodes)| depth_count(opcode, nodes)).ok_or_else(|| invalid(op))
                })
                .collect::<Result<_, _>>()?;
            entries.push(SuiteEntry { id: format!("line {line_no}"), fen: fen.trim().to_string(), counts });
        }
    }
    Ok(entries)
}

fn number<T: core::str::FromStr>(text: &str) -> Option<T> {
    text.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn reads_all_three_formats() {
        let epd = parse_suite("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n").unwrap();
        assert_eq!(epd[0].counts, vec![(1, 15), (2, 66)]);
        assert_eq!(epd[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(epd[0].id, "line 1");
        let blocks =
            parse_suite("# comment\nid pos-3\nepd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\nperft 1 14\nperft 2 191\n")
                .unwrap();
        assert_eq!(blocks[0].id, "pos-3");
        assert_eq!(blocks[0].fen, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
        assert_eq!(blocks[0].counts, vec![(1, 14), (2, 191)]);
        let own = parse_suite("std-003; 4k3/8/8/8/8/8/8/4K2R w K - 0 1; 1=15 2=66\n").unwrap();
        assert_eq!(own[0].id, "std-003");
        assert_eq!(own[0].counts, vec![(1, 15), (2, 66)]);
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        let error = parse_suite("id x\nperft 1\n").unwrap_err();
        assert_eq!(error, SuiteError { line: 2, kind: SuiteErrorKind::CountWithoutPosition });
        assert_eq!(error.to_string(), "line 2: a perft line before any epd line");
        let error = parse_suite("\nepd 4k3/8/8/8/8/8/8/4K3 w - -\nperft 1 x\n").unwrap_err();
        assert_eq!(
            error,
            SuiteError { line: 3, kind: SuiteErrorKind::InvalidCount { found: "perft 1 x".to_string() } }
        );
        let error = parse_suite("a; 4k3/8/8/8/8/8/8/4K3 w - - 0 1; 1=3 2:14\n").unwrap_err();
        assert_eq!(error.to_string(), "line 1: '2:14' is not a depth and node count");
        let error = parse_suite("4k3/8/8/8/8/8/8/4K3 w - - ;D1 3 ;bm Kd2\n").unwrap_err();
        assert_eq!(error.kind, SuiteErrorKind::InvalidCount { found: "bm Kd2".to_string() });
        assert_eq!(parse_suite("4k3/8/8/8/8/8/8/4K3 w - -\n").unwrap_err().kind, SuiteErrorKind::UnknownLine);
    }
}
