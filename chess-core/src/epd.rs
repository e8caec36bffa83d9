//! EPD (Extended Position Description): a position in four FEN fields followed by
//! operations such as `bm Qxh7+;`, `id "WAC.001";` or perft counts `D1 20;`.
//!
//! # Examples
//!
//! ```
//! use chess_core::Epd;
//!
//! let epd: Epd = r#"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - bm Bc5+; id "WAC.004";"#.parse().unwrap();
//! assert_eq!(epd.operation("id"), Some(&["WAC.004".to_string()][..]));
//! assert_eq!(epd.best_moves().unwrap().unwrap().len(), 1);
//! assert_eq!(epd.to_string(), r#"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - bm Bc5+; id "WAC.004";"#);
//!
//! let perft: Epd = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66".parse().unwrap();
//! assert_eq!(perft.perft_counts(), vec![(1, 15), (2, 66)]);
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

#[cfg(doc)]
use crate::{CastlingChoice, CastlingMode};
use crate::{FenError, Move, Position, SanError, Setup, Validation};

/// An EPD record: a position and its operations, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Epd {
    /// The position.
    pub position: Position,
    /// The operations: an opcode and its operands (quotes removed).
    pub operations: Vec<(String, Vec<String>)>,
}

/// Why a line is not an EPD record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EpdError {
    /// The position fields are wrong.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// An operation's opcode is not a word starting with a letter.
    #[error("EPD operation at character {at}: opcode must start with a letter")]
    InvalidOpcode {
        /// The character index.
        at: usize,
    },
}

impl EpdError {
    /// Returns the stable error code: the FEN error's code for the position fields,
    /// [`ErrorCode::InvalidEpd`](crate::ErrorCode::InvalidEpd) for the operations.
    pub fn code(&self) -> crate::ErrorCode {
        match self {
            EpdError::Fen(error) => error.code(),
            _ => crate::ErrorCode::InvalidEpd,
        }
    }
}

impl Epd {
    /// Reads an EPD line with the given validation, as [`Position::from_fen_with`] reads a
    /// FEN: `validation` is a [`Validation`] (castling mode and accepted problems), or a
    /// [`CastlingMode`] or [`CastlingChoice`] for strict validation in that mode.
    ///
    /// The four position fields may be followed by the two clock fields of a FEN.
    ///
    /// ```
    /// use chess_core::{CastlingChoice, CastlingMode, Epd, Validation};
    ///
    /// // Nine white pawns: only relaxed validation accepts the position.
    /// let line = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - id \"nine pawns\";";
    /// assert!(Epd::parse(line, Validation::strict()).is_err());
    /// assert_eq!(Epd::parse(line, Validation::relaxed()).unwrap().to_string(), line);
    /// // A Chess960 start: refused as standard chess, read when Chess960 may be chosen.
    /// let chess960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - D1 20;";
    /// assert!(Epd::parse(chess960, Validation::strict()).is_err());
    /// let epd = Epd::parse(chess960, CastlingChoice::Automatic).unwrap();
    /// assert_eq!(epd.position.castling_mode(), CastlingMode::Chess960);
    /// ```
    pub fn parse(line: &str, validation: impl Into<Validation>) -> Result<Epd, EpdError> {
        Epd::parse_fields(line, validation, 6)
    }

    /// Reads an EPD line as [`Epd::parse`] does, but with the four EPD position fields only:
    /// what follows them is operations, so a FEN (whose clocks are no opcodes) is refused, as
    /// python-chess refuses it.
    ///
    /// ```
    /// use chess_core::{Epd, Validation};
    ///
    /// let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    /// assert!(Epd::parse(fen, Validation::strict()).is_ok());
    /// assert!(Epd::parse_without_clocks(fen, Validation::strict()).is_err());
    /// ```
    pub fn parse_without_clocks(line: &str, validation: impl Into<Validation>) -> Result<Epd, EpdError> {
        Epd::parse_fields(line, validation, 4)
    }

    /// Reads the position in four fields, then up to `max_fields - 4` clock fields, then the
    /// operations.
    fn parse_fields(line: &str, validation: impl Into<Validation>, max_fields: usize) -> Result<Epd, EpdError> {
        let line = line.trim_end();
        let mut fields = ArrayVec::<(usize, &str), 6>::new();
        let mut at = 0;
        // Four position fields, then optional clocks, then operations.
        while fields.len() < max_fields {
            let rest = &line[at..];
            let skipped = rest.len() - rest.trim_start().len();
            at += skipped;
            let word_len = line[at..].find(' ').unwrap_or(line.len() - at);
            if word_len == 0 {
                break;
            }
            let word = &line[at..at + word_len];
            let is_clock = word.bytes().all(|b| b.is_ascii_digit());
            if fields.len() >= 4 && !is_clock {
                break;
            }
            fields.push((at, word));
            at += word_len;
        }
        if fields.len() < 4 {
            return Err(FenError::WrongFieldCount { found: fields.len() }.into());
        }
        // The fields are read where they stand in the line, so errors give the line's character indices.
        let setup = Setup::from_fen_fields(&fields, fields.len())?;
        let position = Position::from_setup(setup, validation).map_err(FenError::Position)?;
        let operations = parse_operations(&line[at..], at)?;
        Ok(Epd { position, operations })
    }

    /// Returns the operands of the first operation with this opcode.
    pub fn operation(&self, opcode: &str) -> Option<&[String]> {
        self.operations.iter().find(|(op, _)| op == opcode).map(|(_, operands)| operands.as_slice())
    }

    /// Returns the best moves (`bm`), read as SAN in the position.
    pub fn best_moves(&self) -> Option<Result<Vec<Move>, SanError>> {
        self.moves_of("bm")
    }

    /// Returns the moves to avoid (`am`), read as SAN in the position.
    pub fn avoid_moves(&self) -> Option<Result<Vec<Move>, SanError>> {
        self.moves_of("am")
    }

    fn moves_of(&self, opcode: &str) -> Option<Result<Vec<Move>, SanError>> {
        let operands = self.operation(opcode)?;
        Some(operands.iter().map(|san| self.position.parse_san(san)).collect())
    }

    /// Returns the perft counts given as `D1 20; D2 400; ...`, by depth.
    pub fn perft_counts(&self) -> Vec<(u32, u64)> {
        self.operations.iter().filter_map(|(op, operands)| crate::perft::depth_count(op, operands.first()?)).collect()
    }
}

fn parse_operations(text: &str, start: usize) -> Result<Vec<(String, Vec<String>)>, EpdError> {
    let mut operations = Vec::new();
    // The current operation's words, each with where it starts and whether it was quoted.
    let mut words: Vec<Word> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut finish = |words: &mut Vec<Word>| -> Result<(), EpdError> {
        // A stray dash where an opcode would stand (as in `w q - - bm Rxf4;`) is skipped.
        if words.first().is_some_and(|word| !word.quoted && word.text == "-") {
            words.remove(0);
        }
        if words.is_empty() {
            return Ok(());
        }
        let opcode = words.remove(0);
        // An opcode is a bare word: a quoted one could not be written back.
        if opcode.quoted || !opcode.text.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(EpdError::InvalidOpcode { at: start + opcode.at });
        }
        operations.push((opcode.text, words.drain(..).map(|word| word.text).collect()));
        Ok(())
    };
    while let Some((at, c)) = chars.next() {
        match c {
            ';' => finish(&mut words)?,
            '"' => {
                // A quoted operand: `\"` is a quote and `\\` a backslash inside it (as in PGN);
                // any other backslash stays as it is. A string not closed runs to the end of
                // the line, without a final `;`, as python-chess reads it.
                let mut text = String::new();
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) if matches!(chars.peek(), Some((_, '"' | '\\'))) => {
                            text.push(chars.next().map_or('\\', |(_, c)| c));
                        }
                        Some((_, c)) => text.push(c),
                        None => {
                            if text.ends_with(';') {
                                text.pop();
                            }
                            break;
                        }
                    }
                }
                words.push(Word { at, text, quoted: true });
            }
            c if c.is_whitespace() => {}
            _ => {
                let mut text = String::from(c);
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() || c == ';' {
                        break;
                    }
                    text.push(c);
                    chars.next();
                }
                words.push(Word { at, text, quoted: false });
            }
        }
    }
    finish(&mut words)?;
    Ok(operations)
}

/// One word of an EPD operation as read: where it starts, its text, whether it was quoted.
struct Word {
    at: usize,
    text: String,
    quoted: bool,
}

impl FromStr for Epd {
    type Err = EpdError;

    /// Reads an EPD line as [`Position::from_fen`] reads a FEN: standard chess, validated
    /// strictly.
    fn from_str(line: &str) -> Result<Epd, EpdError> {
        Epd::parse(line, Validation::strict())
    }
}

impl fmt::Display for Epd {
    /// Writes the four position fields (and the clocks unless they are `0 1`) and the
    /// operations, quoting operands with spaces, `;` or quotes (a quote or backslash inside
    /// quotes is written `\"` or `\\`). The en-passant square is written as stored, with a
    /// capture or not (as a FEN records every double step), so that the record reads back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = &self.position;
        let fen = pos.fen().always_en_passant();
        if pos.halfmove_clock() == 0 && pos.fullmove_number() == 1 {
            write!(f, "{}", fen.without_clocks())?;
        } else {
            write!(f, "{fen}")?;
        }
        Epd::write_operations(&self.operations, f)
    }
}

impl Epd {
    /// Writes operations as an EPD record does after its position, each preceded by a space
    /// and ended by `;`, quoting operands with spaces, `;` or quotes (a quote or backslash
    /// inside quotes is written `\\"` or `\\\\`), and those of `id` and the comments `c0`–`c9`.
    ///
    /// ```
    /// use chess_core::Epd;
    ///
    /// let mut text = String::new();
    /// let operations = [("bm".to_string(), vec!["Nf3".to_string()]), ("id".to_string(), vec!["a \"b\"".to_string()])];
    /// Epd::write_operations(&operations, &mut text).unwrap();
    /// assert_eq!(text, r#" bm Nf3; id "a \"b\"";"#);
    /// ```
    pub fn write_operations(operations: &[(String, Vec<String>)], f: &mut impl fmt::Write) -> fmt::Result {
        for (opcode, operands) in operations {
            write!(f, " {opcode}")?;
            for operand in operands {
                let needs_quotes = operand.is_empty()
                    || operand.contains(|c: char| c.is_whitespace() || c == ';' || c == '"')
                    || matches!(
                        opcode.as_str(),
                        "id" | "c0" | "c1" | "c2" | "c3" | "c4" | "c5" | "c6" | "c7" | "c8" | "c9"
                    );
                if needs_quotes {
                    f.write_str(" \"")?;
                    for c in operand.chars() {
                        if c == '"' || c == '\\' {
                            f.write_str("\\")?;
                        }
                        write!(f, "{c}")?;
                    }
                    f.write_str("\"")?;
                } else {
                    write!(f, " {operand}")?;
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }

    /// Returns the record as text (same as `to_string`).
    pub fn to_epd(&self) -> String {
        self.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;

    #[test]
    fn errors_point_at_the_bad_operation() {
        let line = "5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 bm #1; ep; 00:00;";
        assert_eq!(Epd::parse(line, CastlingMode::Standard), Err(EpdError::InvalidOpcode { at: 50 }));
        // A string not closed runs to the end of the line (without a final `;`).
        for (unterminated, id) in [("id \"open;", "open"), ("bm Kb1; id \"", "")] {
            let epd =
                Epd::parse(&alloc::format!("8/8/8/8/8/8/8/K1k5 w - - {unterminated}"), CastlingMode::Standard).unwrap();
            assert_eq!(epd.operation("id"), Some(&[id.to_string()][..]));
        }
        // A quoted opcode is refused, also after a stray dash (the fuzz target's find: it was
        // read as the opcode `m x` and written back as the opcode `m` with an operand `x`).
        let quoted = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w -  - - \"m \x07\0h7+; id \"C004\";";
        assert_eq!(Epd::parse(quoted, CastlingMode::Standard), Err(EpdError::InvalidOpcode { at: 58 }));
        let epd = Epd::parse(&line[..50], CastlingMode::Standard).unwrap();
        assert_eq!(epd.operation("bm"), Some(&["#1".to_string()][..]));
        assert_eq!(epd.operation("ep"), Some(&[][..]));
    }

    #[test]
    fn a_stray_dash_before_an_opcode_is_skipped() {
        let line = r#"r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - - bm Rxf4; id "ERET 001";"#;
        let epd = Epd::parse_without_clocks(line, CastlingMode::Standard).unwrap();
        assert_eq!(epd.operation("bm"), Some(&["Rxf4".to_string()][..]));
        assert_eq!(epd.operation("id"), Some(&["ERET 001".to_string()][..]));
        // A dash alone is no operation; a quoted one is an opcode, and refused.
        assert_eq!(Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - -;", CastlingMode::Standard).unwrap().operations, []);
        assert!(Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - \"-\" 1;", CastlingMode::Standard).is_err());
    }
}
