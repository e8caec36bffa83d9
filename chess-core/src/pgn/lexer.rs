//! Splits PGN text into tokens, reading one line at a time and tracking lines and columns.

use alloc::string::String;
use alloc::vec::Vec;

use super::{PgnErrorKind, PgnResult};

/// A source of PGN text, read line by line, so that a large file is never held in memory.
///
/// Implemented for every `std::io::BufRead` with the `std` feature, and for byte slices
/// without it.
pub trait LineSource {
    /// Appends the next line (with its `\n`, if any) to `buf`; returns its length, 0 at the end.
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind>;
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> LineSource for R {
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        self.read_until(b'\n', buf).map_err(|error| PgnErrorKind::Io(error.kind()))
    }
}

#[cfg(not(feature = "std"))]
impl LineSource for &[u8] {
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        let end = self.iter().position(|&b| b == b'\n').map_or(self.len(), |i| i + 1);
        buf.extend_from_slice(&self[..end]);
        *self = &self[end..];
        Ok(end)
    }
}

/// A piece of PGN.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: &'a str, value: &'a str },
    /// `{...}` or `;...`, whitespace runs shown as one space.
    Comment(&'a str),
    /// `$n`, or an annotation such as `!?`.
    Nag(u8),
    /// `(`
    Open,
    /// `)`
    Close,
    /// `12.`, `12...`, `...` or a bare `12`
    MoveNumber,
    /// A termination marker.
    Result(PgnResult),
    /// Any other word: a move in SAN or UCI (perhaps with check marks and annotations).
    Move(&'a [u8]),
    /// The end of the input.
    Eof,
}

/// A token and where it starts.
#[derive(Debug)]
pub(crate) struct Spanned<'a> {
    pub token: Token<'a>,
    pub line: usize,
    pub column: usize,
}

/// Where passing over a game's movetext stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SkipEnd {
    /// After a result marker outside variations.
    Result,
    /// At a `[` that starts the next game's tags (not consumed).
    Tag,
    /// At the end of the input.
    Eof,
}

/// A lexer error: what, and at which line and column.
pub(crate) type LexError = (PgnErrorKind, usize, usize);

/// The bytes that end a word: ASCII whitespace and `{}()[];$"`.
const DELIMITERS: [bool; 256] = {
    let mut table = [false; 256];
    let bytes = b" \t\n\x0C\r{}()[];$\"";
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
};

/// Tells whether a byte ends a word.
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

/// Returns where the word starting at `start` ends.
fn word_end(line: &[u8], start: usize) -> usize {
    line[start..].iter().position(|&b| is_delimiter(b)).map_or(line.len(), |i| start + i)
}

/// Reads `!`, `?`, `!!`, `??`, `!?` and `?!` as the NAGs 1 to 6.
fn annotation_nag(text: &[u8]) -> Option<u8> {
    match text {
        b"!" => Some(1),
        b"?" => Some(2),
        b"!!" => Some(3),
        b"??" => Some(4),
        b"!?" => Some(5),
        b"?!" => Some(6),
        _ => None,
    }
}

/// Appends the words of `bytes` to `text`, one space between words.
fn append_words(text: &mut String, bytes: &[u8]) {
    for word in String::from_utf8_lossy(bytes).split_ascii_whitespace() {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(word);
    }
}

/// The PGN lexer over a [`LineSource`].
pub(crate) struct Lexer<S> {
    source: S,
    line: Vec<u8>,
    /// Where the current line's text starts (3 after a byte-order mark, else 0).
    line_begin: usize,
    pos: usize,
    line_no: usize,
    /// Whether the current line is all ASCII, where a column is a byte offset.
    ascii: bool,
    /// Column cache: the column of byte `col_offset` of the current line.
    col_offset: usize,
    col: usize,
    /// Whether comments become tokens; when not, they are passed over without being read.
    pub(crate) keep_comments: bool,
    text: String,
    bytes: Vec<u8>,
    pending_nag: Option<(u8, usize, usize)>,
    eof: bool,
}

impl<S: LineSource> Lexer<S> {
    pub(crate) fn new(source: S) -> Lexer<S> {
        Lexer {
            source,
            line: Vec::new(),
            line_begin: 0,
            pos: 0,
            line_no: 0,
            ascii: true,
            col_offset: 0,
            col: 1,
            keep_comments: true,
            text: String::new(),
            bytes: Vec::new(),
            pending_nag: None,
            eof: false,
        }
    }

    /// Reads the next line; `false` at the end of the input.
    fn next_line(&mut self) -> Result<bool, LexError> {
        if self.eof {
            return Ok(false);
        }
        // Read after the old line, so that at the end the last line (and positions in it) stay valid.
        let old = self.line.len();
        let read = self.source.read_line_into(&mut self.line).map_err(|kind| (kind, self.line_no + 1, 1))?;
        if read == 0 {
            self.eof = true;
            return Ok(false);
        }
        self.line.drain(..old);
        self.line_begin = if self.line_no == 0 && self.line.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        self.line_no += 1;
        self.pos = self.line_begin;
        self.ascii = self.line.is_ascii();
        self.col_offset = self.line_begin;
        self.col = 1;
        Ok(true)
    }

    /// Returns the column of byte `offset` of the current line (offsets asked in increasing order).
    fn column(&mut self, offset: usize) -> usize {
        if self.ascii {
            return offset + 1 - self.line_begin;
        }
        if offset < self.col_offset {
            self.col_offset = self.line_begin;
            self.col = 1;
        }
        self.col += self.line[self.col_offset..offset].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.col_offset = offset;
        self.col
    }

    /// Returns the next token. After an error the lexer has moved past the bad text.
    pub(crate) fn next_token(&mut self) -> Result<Spanned<'_>, LexError> {
        if let Some((nag, line, column)) = self.pending_nag.take() {
            return Ok(Spanned { token: Token::Nag(nag), line, column });
        }
        loop {
            while self.pos < self.line.len() && self.line[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos >= self.line.len() {
                let column = self.column(self.pos);
                if !self.next_line()? {
                    return Ok(Spanned { token: Token::Eof, line: self.line_no.max(1), column });
                }
                continue;
            }
            let start = self.pos;
            let (line, column) = (self.line_no, self.column(start));
            let at = |kind| Err((kind, line, column));
            let token = match self.line[start] {
                b'%' if start == self.line_begin => {
                    self.pos = self.line.len();
                    continue;
                }
                b'{' if !self.keep_comments => {
                    self.pos = start + 1;
                    if !self.pass_comment()? {
                        return at(PgnErrorKind::UnclosedComment);
                    }
                    continue;
                }
                b'{' => {
                    self.pos = start + 1;
                    if !self.read_comment()? {
                        return at(PgnErrorKind::UnclosedComment);
                    }
                    Token::Comment(&self.text)
                }
                b';' if !self.keep_comments => {
                    self.pos = self.line.len();
                    continue;
                }
                b';' => {
                    self.text.clear();
                    append_words(&mut self.text, &self.line[start + 1..]);
                    self.pos = self.line.len();
                    Token::Comment(&self.text)
                }
                b'(' => {
                    self.pos = start + 1;
                    Token::Open
                }
                b')' => {
                    self.pos = start + 1;
                    Token::Close
                }
                b'[' => match self.read_tag(start) {
                    Ok((name_end, plain)) => {
                        let name = core::str::from_utf8(&self.line[start + 1..name_end]).unwrap_or("?");
                        let value = match plain.map(|(from, to)| core::str::from_utf8(&self.line[from..to])) {
                            Some(Ok(value)) => value,
                            Some(Err(_)) | None => &self.text,
                        };
                        Token::Tag { name: name.trim_ascii_start(), value }
                    }
                    Err(kind) => {
                        self.pos = self.line.len();
                        return at(kind);
                    }
                },
                b'$' => {
                    let digits = self.line[start + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    self.pos = start + 1 + digits;
                    let number =
                        core::str::from_utf8(&self.line[start + 1..self.pos]).ok().and_then(|s| s.parse().ok());
                    match number {
                        Some(nag) => Token::Nag(nag),
                        None => return at(PgnErrorKind::BadNag),
                    }
                }
                c @ (b'}' | b']' | b'"') => {
                    self.pos = start + 1;
                    return at(PgnErrorKind::Unexpected(c as char));
                }
                // A word starting with a letter can only be a move (a piece letter, a pawn's
                // file, `O-O`, `Z0`, or UCI).
                c if c.is_ascii_alphabetic() => {
                    let end = word_end(&self.line, start);
                    self.pos = end;
                    self.move_token(start, end, line, column)
                }
                _ => {
                    let end = word_end(&self.line, start);
                    self.pos = end;
                    let word = &self.line[start..end];
                    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                    if word.iter().all(|&b| b == b'.') || (digits > 0 && matches!(word.get(digits), Some(b'.') | None))
                    {
                        let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
                        self.pos = start + digits + dots;
                        Token::MoveNumber
                    } else if let Some(result) = PgnResult::from_ascii(word) {
                        Token::Result(result)
                    } else if word.iter().all(|&b| b == b'!' || b == b'?') {
                        match annotation_nag(word) {
                            Some(nag) => Token::Nag(nag),
                            None => continue,
                        }
                    } else {
                        self.move_token(start, end, line, column)
                    }
                }
            };
            return Ok(Spanned { token, line, column });
        }
    }

    /// Makes a move token of the word `start..end`; an annotation after it (`e4!?`) becomes
    /// the next token.
    fn move_token(&mut self, start: usize, end: usize, line: usize, column: usize) -> Token<'_> {
        let word = &self.line[start..end];
        let marks = word.iter().rev().take_while(|b| matches!(b, b'!' | b'?' | b'+' | b'#')).count();
        if marks > 0 {
            let suffix = &word[word.len() - marks..];
            let mut annotation = arrayvec::ArrayVec::<u8, 2>::new();
            for &b in suffix.iter().filter(|&&b| b == b'!' || b == b'?') {
                if annotation.try_push(b).is_err() {
                    annotation.clear();
                    break;
                }
            }
            if let Some(nag) = annotation_nag(&annotation) {
                self.pending_nag = Some((nag, line, column + word.len() - marks));
            }
        }
        Token::Move(word)
    }

    /// Passes over movetext, `depth` variations deep, without making tokens: only comments,
    /// `%` lines, parentheses, tags and result markers are looked at. Only the source can fail.
    pub(crate) fn skip_movetext(&mut self, mut depth: usize) -> Result<SkipEnd, LexError> {
        self.pending_nag = None;
        loop {
            let Some(&b) = self.line.get(self.pos) else {
                if !self.next_line()? {
                    return Ok(SkipEnd::Eof);
                }
                if self.line.get(self.line_begin) == Some(&b'%') {
                    self.pos = self.line.len();
                }
                continue;
            };
            match b {
                b'{' => {
                    self.pos += 1;
                    if !self.pass_comment()? {
                        return Ok(SkipEnd::Eof);
                    }
                }
                b';' => self.pos = self.line.len(),
                b'(' => {
                    depth += 1;
                    self.pos += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    self.pos += 1;
                }
                b'[' => return Ok(SkipEnd::Tag),
                _ if is_delimiter(b) => self.pos += 1,
                _ => {
                    let start = self.pos;
                    let rest = &self.line[start..];
                    let end = rest.iter().position(|&c| is_delimiter(c)).map_or(self.line.len(), |i| start + i);
                    self.pos = end;
                    if depth == 0 && PgnResult::from_ascii(&self.line[start..end]).is_some() {
                        return Ok(SkipEnd::Result);
                    }
                }
            }
        }
    }

    /// Passes over a variation whose `(` was just read, to its `)`, without making tokens, as
    /// the reader does for a variation it skips: `Ok(true)` after the `)`, `Ok(false)` at a `[`
    /// (the next game's tags, not consumed) or at the end of the input. Reports what reading
    /// the variation's tokens would: a result marker inside it, a bad NAG, a stray `}`, `]` or
    /// `"`, an unclosed comment; the error comes with how deep in the variation it was.
    pub(crate) fn skip_variation(&mut self) -> Result<bool, (LexError, usize)> {
        self.pending_nag = None;
        let mut depth = 1;
        loop {
            let Some(&b) = self.line.get(self.pos) else {
                if !self.next_line().map_err(|error| (error, depth))? {
                    return Ok(false);
                }
                if self.line.get(self.line_begin) == Some(&b'%') {
                    self.pos = self.line.len();
                }
                continue;
            };
            let start = self.pos;
            self.pos += 1;
            let fail = |lexer: &mut Self, kind| Err(((kind, lexer.line_no, lexer.column(start)), depth));
            match b {
                b'{' => {
                    let line = self.line_no;
                    let column = self.column(start);
                    if !self.pass_comment().map_err(|error| (error, depth))? {
                        return Err(((PgnErrorKind::UnclosedComment, line, column), depth));
                    }
                }
                b';' => self.pos = self.line.len(),
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(true);
                    }
                }
                b'[' => {
                    self.pos = start;
                    return Ok(false);
                }
                b'$' => {
                    let digits = self.line[start + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    self.pos = start + 1 + digits;
                    let number =
                        core::str::from_utf8(&self.line[start + 1..self.pos]).ok().and_then(|s| s.parse::<u8>().ok());
                    if number.is_none() {
                        return fail(self, PgnErrorKind::BadNag);
                    }
                }
                c @ (b'}' | b']' | b'"') => return fail(self, PgnErrorKind::Unexpected(c as char)),
                _ if is_delimiter(b) => {}
                _ => {
                    let end = word_end(&self.line, start);
                    self.pos = end;
                    // A result marker, perhaps after a move number (`2.1-0`).
                    let word = &self.line[start..end];
                    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
                    let at = if digits > 0 && dots > 0 { start + digits + dots } else { start };
                    if PgnResult::from_ascii(&self.line[at..end]).is_some() {
                        let column = self.column(at);
                        return Err(((PgnErrorKind::ResultInVariation, self.line_no, column), depth));
                    }
                }
            }
        }
    }

    /// Passes over the rest of a `{` comment, across lines; `false` if it never closes.
    fn pass_comment(&mut self) -> Result<bool, LexError> {
        loop {
            let rest = &self.line[self.pos..];
            if let Some(close) = rest.iter().position(|&c| c == b'}') {
                self.pos += close + 1;
                return Ok(true);
            }
            if !self.next_line()? {
                return Ok(false);
            }
        }
    }

    /// Reads a `{` comment's text into `self.text`, across lines; `false` if it never closes.
    fn read_comment(&mut self) -> Result<bool, LexError> {
        self.text.clear();
        loop {
            let rest = &self.line[self.pos..];
            match rest.iter().position(|&b| b == b'}') {
                Some(close) => {
                    append_words(&mut self.text, &rest[..close]);
                    self.pos += close + 1;
                    return Ok(true);
                }
                None => {
                    append_words(&mut self.text, rest);
                    if !self.next_line()? {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Reads `[Name "value"]` starting at `start`; returns where the name ends and, for a
    /// value without escapes, where it is in the line (else the value is in `self.text`).
    fn read_tag(&mut self, start: usize) -> Result<(usize, Option<(usize, usize)>), PgnErrorKind> {
        let line = &self.line;
        let mut i = start + 1;
        while line.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let name_start = i;
        while line.get(i).is_some_and(|&b| !b.is_ascii_whitespace() && b != b'"' && b != b']') {
            i += 1;
        }
        if i == name_start || (!self.ascii && core::str::from_utf8(&line[name_start..i]).is_err()) {
            return Err(PgnErrorKind::BadTag("missing tag name"));
        }
        let name_end = i;
        while line.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        if line.get(i) != Some(&b'"') {
            return Err(PgnErrorKind::BadTag("expected a quoted value after the tag name"));
        }
        let value_start = i + 1;
        // The value ends at the first unescaped quote followed by `]`; quotes that are not
        // (as in `[White ""Socrates""]`) are taken as part of the value.
        let mut end = None;
        i = value_start;
        while let Some(&b) = line.get(i) {
            match b {
                b'\\' if matches!(line.get(i + 1), Some(b'"' | b'\\')) => i += 1,
                b'"' => {
                    let mut j = i + 1;
                    while line.get(j).is_some_and(u8::is_ascii_whitespace) {
                        j += 1;
                    }
                    if line.get(j) == Some(&b']') {
                        end = Some((i, j));
                        break;
                    }
                    if !line[i + 1..].contains(&b'"') {
                        return Err(PgnErrorKind::BadTag("expected ']' after the value"));
                    }
                }
                b'\n' | b'\r' => break,
                _ => {}
            }
            i += 1;
        }
        let Some((value_end, close)) = end else {
            return Err(PgnErrorKind::BadTag("value not closed on its line"));
        };
        i = close;
        self.pos = i + 1;
        let raw = &line[value_start..value_end];
        if !raw.contains(&b'\\') && (self.ascii || core::str::from_utf8(raw).is_ok()) {
            return Ok((name_end, Some((value_start, value_end))));
        }
        self.bytes.clear();
        let mut k = value_start;
        while k < value_end {
            if line[k] == b'\\' && matches!(line.get(k + 1), Some(b'"' | b'\\')) {
                k += 1;
            }
            self.bytes.push(line[k]);
            k += 1;
        }
        self.text.clear();
        self.text.push_str(&String::from_utf8_lossy(&self.bytes));
        Ok((name_end, None))
    }
}
