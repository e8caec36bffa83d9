//! Reads perft suites in the three formats the project meets:
//! EPD with `;D1 20 ;D2 400` operations, python-chess `.perft` blocks
//! (`id` / `epd` / `perft DEPTH NODES`), and this repository's own
//! `<id>; <FEN>; <depth>=<nodes> ...` lines.

/// One position of a suite with its expected node counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteEntry {
    /// A name for reports (the id, or the line number).
    pub id: String,
    /// The FEN (four to six fields).
    pub fen: String,
    /// Expected (depth, nodes) pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Why a suite line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiteError {
    /// The 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl std::fmt::Display for SuiteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn error(line: usize, message: impl Into<String>) -> SuiteError {
    SuiteError { line, message: message.into() }
}

fn number<T: std::str::FromStr>(text: &str, line: usize, what: &str) -> Result<T, SuiteError> {
    text.trim().parse().map_err(|_| error(line, format!("{what} '{text}' is not a number")))
}

/// Reads a suite in any of the three formats.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    let mut pending_id: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
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
            let entry = entries.last_mut().ok_or_else(|| error(line_no, "perft line before any epd line"))?;
            let (depth, nodes) =
                rest.trim().split_once(' ').ok_or_else(|| error(line_no, "expected: perft DEPTH NODES"))?;
            entry.counts.push((number(depth, line_no, "depth")?, number(nodes, line_no, "node count")?));
        } else if line.contains('=') && line.split(';').count() == 3 {
            let mut parts = line.split(';').map(str::trim);
            let (id, fen, counts) =
                (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let mut pairs = Vec::new();
            for pair in counts.split_whitespace() {
                let (depth, nodes) = pair.split_once('=').ok_or_else(|| error(line_no, "expected DEPTH=NODES"))?;
                pairs.push((number(depth, line_no, "depth")?, number(nodes, line_no, "node count")?));
            }
            entries.push(SuiteEntry { id: id.to_string(), fen: fen.to_string(), counts: pairs });
        } else {
            let (fen, ops) = line.split_once(';').ok_or_else(|| error(line_no, "expected FEN ;D1 N ;D2 N ..."))?;
            let mut pairs = Vec::new();
            for op in ops.split(';').map(str::trim).filter(|op| !op.is_empty()) {
                let (depth, nodes) =
                    op.split_once(' ').ok_or_else(|| error(line_no, format!("bad operation '{op}'")))?;
                let depth = depth.strip_prefix('D').ok_or_else(|| error(line_no, format!("bad operation '{op}'")))?;
                pairs.push((number(depth, line_no, "depth")?, number(nodes, line_no, "node count")?));
            }
            entries.push(SuiteEntry { id: format!("line {line_no}"), fen: fen.trim().to_string(), counts: pairs });
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_all_three_formats() {
        let epd = parse_suite("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n").unwrap();
        assert_eq!(epd[0].counts, vec![(1, 15), (2, 66)]);
        assert_eq!(epd[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let blocks =
            parse_suite("# comment\nid pos-3\nepd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\nperft 1 14\nperft 2 191\n")
                .unwrap();
        assert_eq!(blocks[0].id, "pos-3");
        assert_eq!(blocks[0].counts, vec![(1, 14), (2, 191)]);
        let own = parse_suite("std-003; 4k3/8/8/8/8/8/8/4K2R w K - 0 1; 1=15 2=66\n").unwrap();
        assert_eq!(own[0].id, "std-003");
        assert_eq!(own[0].counts, vec![(1, 15), (2, 66)]);
        assert_eq!(parse_suite("id x\nperft 1\n").unwrap_err().line, 2);
    }
}
