//! Splits PGN text into tokens, or passes over it, as read from a [`Buffer`].

use alloc::string::String;
use alloc::vec::Vec;

use super::buffer::{Buffer, LineSource};
use super::scan::{CHUNK, Masks, find, find_ascii_stop, find_either, prefix_xor};
use super::{CommentText, PgnErrorKind, PgnResult};

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

/// What [`Lexer::next_move`] found, as where it is in the block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// A move's word.
    Move(usize, usize),
    /// A comment's text (held in the lexer's window), runs of whitespace already single spaces.
    Comment(usize, usize),
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
    /// After the `)` that closes the variation being passed over.
    Close,
    /// After a result marker outside variations.
    Result,
    /// At a `[` that starts the next game's tags (not consumed).
    Tag,
    /// At the end of the input.
    Eof,
}

/// Where [`Lexer::pass_plain`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Passed {
    /// At a byte that the general loop of [`Lexer::skip`] looks at, outside comments, or at
    /// the end of the block.
    At(usize),
    /// At the end of the block, in a `{}` comment.
    InComment(usize),
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

/// Reads the common shape of a tag, `[Name "value"]` with an ASCII name, one space, and an
/// ASCII value without an escape or control character, starting at the `[` at `start`: where
/// the name ends and the value starts and ends. `None` for any other shape (which the general
/// reader then reads, with the same result for this shape).
#[inline(always)]
fn plain_tag(buf: &[u8], start: usize) -> Option<(usize, usize, usize)> {
    // The name ends where the general reader's does: at whitespace, `"` or `]` (or at a
    // control or non-ASCII byte, which the general reader takes).
    let name_end = start + 1 + find_ascii_stop(buf.get(start + 1..)?, b' ' + 1, b'"', b']')?;
    if name_end == start + 1 || buf.get(name_end..name_end + 2) != Some(b" \"") {
        return None;
    }
    let value_start = name_end + 2;
    let value_end = value_start + find_ascii_stop(&buf[value_start..], b' ', b'"', b'\\')?;
    (buf.get(value_end..value_end + 2) == Some(b"\"]")).then_some((name_end, value_start, value_end))
}

/// Tells whether passing over movetext stops at `b`: a delimiter but whitespace other than
/// `\n`, `%`, or the `-` and `*` that every result marker holds. Tested without a table, so
/// that a chunk's tests become vector instructions: `[` and `{` differ only in the case bit,
/// as do `]` and `}`; `(` and `)` only in the lowest bit; `%` and `-` in one bit.
#[inline(always)]
fn is_skip_stop(b: u8) -> bool {
    // `|`, not `||`: no branch, so that a chunk's tests become a few vector instructions.
    ((b | 0x20) == b'{')
        | ((b | 0x20) == b'}')
        | ((b & 0xFE) == b'(')
        | ((b & 0xF7) == b'%')
        | (b == b';')
        | (b == b'*')
        | (b == b'\n')
        | (b == b'"')
        | (b == b'$')
}

/// Finds the first byte that passing over movetext stops at ([`is_skip_stop`]).
#[inline(always)]
fn find_skip_stop(haystack: &[u8]) -> Option<usize> {
    find_first(haystack, is_skip_stop)
}

/// Finds the first byte of `haystack` that passes `test`, sixteen bytes at a time: `test`
/// runs on every byte of a chunk, and when it has no branch (`|`, not `||`) the compiler
/// makes a few vector instructions of that (inline: the loops that call it keep its
/// constants in registers).
#[inline(always)]
fn find_first(haystack: &[u8], test: impl Fn(u8) -> bool) -> Option<usize> {
    let mut chunks = haystack.chunks_exact(16);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut hits = [0u8; 16];
        for (hit, &b) in hits.iter_mut().zip(chunk) {
            *hit = u8::from(test(b));
        }
        let hits = u128::from_le_bytes(hits);
        if hits != 0 {
            return Some(offset + (hits.trailing_zeros() / 8) as usize);
        }
        offset += 16;
    }
    chunks.remainder().iter().position(|&b| test(b)).map(|i| offset + i)
}

/// Finds the first byte that ends a stretch of comment text that can be read as it is: a
/// `}`, a control character (`\n`, `\t`, `\r` among them), or a space after a space; eight
/// bytes at a time. (A `!` after a space may be taken for a second space: the comment is then
/// read the general way, with the same result.)
fn find_comment_stop(haystack: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `word` that is zero (and maybe of bytes above one).
    let zeros = |word: u64| word.wrapping_sub(LOW) & !word & HIGH;
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    // The high bit of byte 0 when the byte before the chunk is a space.
    let mut space_before = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let spaces = zeros(word ^ (LOW * u64::from(b' ')));
        let controls = word.wrapping_sub(LOW * u64::from(b' ')) & !word & HIGH;
        let found = zeros(word ^ (LOW * u64::from(b'}'))) | controls | (spaces & ((spaces << 8) | space_before));
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        space_before = spaces >> 56;
        offset += 8;
    }
    let mut after_space = space_before != 0;
    chunks
        .remainder()
        .iter()
        .position(|&b| {
            let stop = b == b'}' || b < b' ' || (b == b' ' && after_space);
            after_space = b == b' ';
            stop
        })
        .map(|i| offset + i)
}

/// Reads the number of a `$` NAG, 0 to 255.
fn parse_nag(digits: &[u8]) -> Option<u8> {
    core::str::from_utf8(digits).ok()?.parse().ok()
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

/// Where the text of a one-line comment `from..close` is as written: one space after the `{`
/// and one before the `}` trimmed.
fn as_written(bytes: &[u8], from: usize, close: usize) -> (usize, usize) {
    let start = if from < close && bytes[from] == b' ' { from + 1 } else { from };
    let end = if close > start && bytes[close - 1] == b' ' { close - 1 } else { close };
    (start, end)
}

/// Appends the words of `bytes` (split at ASCII whitespace) to `out`, one space between words.
fn append_words(out: &mut Vec<u8>, bytes: &[u8]) {
    let words = bytes.trim_ascii();
    if words.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push(b' ');
    }
    // Most comments (`[%clk 0:03:00]`) have single spaces between their words already.
    if single_spaced(words) {
        out.extend_from_slice(words);
        return;
    }
    for (i, word) in words.split(u8::is_ascii_whitespace).filter(|word| !word.is_empty()).enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(word);
    }
}

/// Tells whether `words` (trimmed) has no whitespace but single spaces between words.
fn single_spaced(words: &[u8]) -> bool {
    let mut previous = 0;
    words.iter().all(|&b| {
        let plain = b > b' ' || (b == b' ' && previous != b' ');
        previous = b;
        plain
    })
}

/// Sets `text` to `bytes` as text, bytes that are not UTF-8 shown as replacement characters.
fn set_text(text: &mut String, bytes: &[u8]) {
    text.clear();
    match core::str::from_utf8(bytes) {
        Ok(valid) => text.push_str(valid),
        Err(_) => text.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// The PGN lexer over a [`LineSource`]: makes tokens of the text in its [`Buffer`], or passes
/// over it.
pub(crate) struct Lexer<S> {
    buf: Buffer<S>,
    /// Whether comments become tokens; when not, they are passed over without being read.
    pub(crate) keep_comments: bool,
    /// How kept comments read.
    pub(crate) comment_text: CommentText,
    /// A comment's or tag value's text, when it is not read in place.
    text: String,
    /// The bytes of [`Lexer::text`] being gathered.
    scratch: Vec<u8>,
    pending_nag: Option<(u8, usize, usize)>,
}

impl<S: LineSource> Lexer<S> {
    pub(crate) fn new(source: S) -> Lexer<S> {
        Lexer {
            buf: Buffer::new(source),
            keep_comments: true,
            comment_text: CommentText::Words,
            text: String::new(),
            scratch: Vec::new(),
            pending_nag: None,
        }
    }

    /// Returns the next token. After an error the lexer has moved past the bad text.
    pub(crate) fn next_token(&mut self) -> Result<Spanned<'_>, LexError> {
        if let Some((nag, line, column)) = self.pending_nag.take() {
            return Ok(Spanned { token: Token::Nag(nag), line, column });
        }
        loop {
            let mut start = self.buf.pos;
            while let Some(b' ' | b'\t' | b'\r') = self.buf.bytes.get(start) {
                start += 1;
            }
            self.buf.pos = start;
            let Some(&first) = self.buf.bytes.get(start) else {
                let (line, column) = self.buf.location(start);
                if !self.buf.fill()? {
                    return Ok(Spanned { token: Token::Eof, line: line.max(1), column });
                }
                continue;
            };
            if first == b'\n' {
                self.buf.newline(start);
                self.buf.pos = start + 1;
                continue;
            }
            if first.is_ascii_whitespace() {
                self.buf.pos = start + 1;
                continue;
            }
            let (line, column) = self.buf.location(start);
            let at = |kind| Err((kind, line, column));
            let token = match first {
                // A word starting with a letter can only be a move (a piece letter, a pawn's
                // file, `O-O`, `Z0`, or UCI).
                c if c.is_ascii_alphabetic() => {
                    let end = word_end(&self.buf.bytes, start);
                    self.buf.pos = end;
                    self.move_token(start, end, line, column)
                }
                b'%' if start == self.buf.line_start() => {
                    self.buf.pos = self.buf.line_end(start);
                    continue;
                }
                b'{' if !self.keep_comments => {
                    self.buf.pos = start + 1;
                    if !self.pass_comment()? {
                        return at(PgnErrorKind::UnclosedComment);
                    }
                    continue;
                }
                b'{' => {
                    self.buf.pos = start + 1;
                    let in_place = self.one_line_comment(start + 1).filter(|&(from, to, _)| self.buf.hold(from, to));
                    if let Some((from, to, close)) = in_place {
                        self.buf.pos = close + 1;
                        Token::Comment(self.buf.held(from, to))
                    } else if self.read_comment()? {
                        Token::Comment(&self.text)
                    } else {
                        return at(PgnErrorKind::UnclosedComment);
                    }
                }
                b';' if !self.keep_comments || self.comment_text == CommentText::AsWritten => {
                    self.buf.pos = self.buf.line_end(start);
                    continue;
                }
                b';' => {
                    self.buf.pos = self.buf.line_end(start);
                    self.scratch.clear();
                    append_words(&mut self.scratch, &self.buf.bytes[start + 1..self.buf.pos]);
                    set_text(&mut self.text, &self.scratch);
                    Token::Comment(&self.text)
                }
                b'(' => {
                    self.buf.pos = start + 1;
                    Token::Open
                }
                b')' => {
                    self.buf.pos = start + 1;
                    Token::Close
                }
                b'[' => {
                    if let Some(found) = plain_tag(&self.buf.bytes, start) {
                        self.buf.pos = found.2 + 2;
                        let (name, value) = self.read_plain_tag(start, found);
                        return Ok(Spanned { token: Token::Tag { name, value }, line, column });
                    }
                    let line_end = self.buf.line_end(start);
                    match self.read_tag(start, line_end) {
                        Ok((name_end, plain)) => {
                            // Name and value in one check when the value is as written.
                            let (name, value) = (name_end - start - 1, plain.map(|(from, to)| (from - start - 1, to)));
                            let whole =
                                value.and_then(|(_, to)| core::str::from_utf8(&self.buf.bytes[start + 1..to]).ok());
                            let (name, value) = match (whole, value) {
                                (Some(whole), Some((from, _))) => (&whole[..name], &whole[from..]),
                                _ => {
                                    if let Some((from, to)) = plain {
                                        // Not UTF-8: shown with replacement characters.
                                        self.text.clear();
                                        self.text.push_str(&String::from_utf8_lossy(&self.buf.bytes[from..to]));
                                    }
                                    (
                                        core::str::from_utf8(&self.buf.bytes[start + 1..name_end]).unwrap_or("?"),
                                        &*self.text,
                                    )
                                }
                            };
                            Token::Tag { name: name.trim_ascii_start(), value }
                        }
                        Err(kind) => {
                            self.buf.pos = line_end;
                            return at(kind);
                        }
                    }
                }
                b'$' => {
                    let digits = self.buf.bytes[start + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    self.buf.pos = start + 1 + digits;
                    match parse_nag(&self.buf.bytes[start + 1..self.buf.pos]) {
                        Some(nag) => Token::Nag(nag),
                        None => return at(PgnErrorKind::BadNag),
                    }
                }
                c @ (b'}' | b']' | b'"') => {
                    self.buf.pos = start + 1;
                    return at(PgnErrorKind::Unexpected(c as char));
                }
                _ => {
                    let end = word_end(&self.buf.bytes, start);
                    self.buf.pos = end;
                    let word = &self.buf.bytes[start..end];
                    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                    if word.iter().all(|&b| b == b'.') || (digits > 0 && matches!(word.get(digits), Some(b'.') | None))
                    {
                        let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
                        self.buf.pos = start + digits + dots;
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

    /// The name and value of the plain tag whose `[` is at `start`, as [`plain_tag`] found it
    /// (the caller moves past it).
    #[inline(always)]
    fn read_plain_tag(&mut self, start: usize, found: (usize, usize, usize)) -> (&str, &str) {
        let (name_end, value_start, value_end) = found;
        // A plain tag is ASCII, so the window holds it.
        self.buf.hold(start + 1, value_end);
        let whole = self.buf.held(start + 1, value_end);
        (&whole[..name_end - start - 1], &whole[value_start - start - 1..])
    }

    /// Passes over the whitespace before the next tag and reads it when it is plain
    /// ([`plain_tag`]): its name, value, line and column, as its token would have them.
    /// `None` at anything else (another byte, a tag of another shape, the end of the block),
    /// which [`Lexer::next_token`] then reads from where this stopped: the fast path of a
    /// tag section.
    #[inline(always)]
    pub(crate) fn next_tag(&mut self) -> Option<(&str, &str, usize, usize)> {
        if self.pending_nag.is_some() {
            return None;
        }
        loop {
            let start = self.buf.pos;
            match *self.buf.bytes.get(start)? {
                b' ' | b'\t' | b'\r' => self.buf.pos = start + 1,
                b'\n' => {
                    self.buf.newline(start);
                    self.buf.pos = start + 1;
                }
                b'[' => {
                    let (line, column) = self.buf.location(start);
                    let found = plain_tag(&self.buf.bytes, start)?;
                    // The line end that most often follows, passed here at once.
                    let after = found.2 + 2;
                    self.buf.pos = after;
                    if self.buf.bytes.get(after) == Some(&b'\n') {
                        self.buf.newline(after);
                        self.buf.pos = after + 1;
                    }
                    let (name, value) = self.read_plain_tag(start, found);
                    return Some((name, value, line, column));
                }
                _ => return None,
            }
        }
    }

    /// Passes over what comes before the next move, when that is only what reading tokens
    /// would pass over too (whitespace, move numbers, and `{}` comments that end in the block
    /// unless comments are kept), and returns where the move's word is in the block, or, when
    /// comments are kept, where the text of a comment that [`Lexer::one_line_comment`] can read
    /// in place is. `None` at anything else (a result, a variation, a NAG, an annotated move,
    /// a `;` comment, another comment, the end of the block...), which [`Lexer::next_token`]
    /// then reads from where this stopped: the fast path of the common movetext
    /// `12. Nf3 {[%clk 0:03:00]} Nc6`. Inlined into the driver's loop, its one caller, where
    /// its state stays in registers (as a call: 7% more instructions reading lichess games).
    #[inline(always)]
    pub(crate) fn next_move(&mut self) -> Option<Found> {
        if self.pending_nag.is_some() {
            return None;
        }
        // Blanks are passed in this one match, as in `next_tag`, rather than by a shared
        // helper: on the streaming path the helper's second match cost 7% more instructions.
        loop {
            let start = self.buf.pos;
            match *self.buf.bytes.get(start)? {
                b' ' | b'\t' | b'\r' => self.buf.pos = start + 1,
                b'\n' => {
                    self.buf.newline(start);
                    self.buf.pos = start + 1;
                }
                b'{' if !self.keep_comments => {
                    // A comment on one line is passed in one search.
                    let stop = start + 1 + find_either(b'}', b'\n', &self.buf.bytes[start + 1..])?;
                    let close = match self.buf.bytes[stop] {
                        b'}' => stop,
                        _ => start + 1 + find(b'}', &self.buf.bytes[start + 1..])?,
                    };
                    self.buf.pass_lines(stop, close);
                    self.buf.pos = close + 1;
                }
                b'{' => {
                    let (from, to, close) = self.one_line_comment(start + 1)?;
                    if !self.buf.hold(from, to) {
                        return None;
                    }
                    self.buf.pos = close + 1;
                    return Some(Found::Comment(from, to));
                }
                b'0'..=b'9' => {
                    let digits = self.buf.bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
                    match *self.buf.bytes.get(start + digits)? {
                        b'.' => {
                            let dots = self.buf.bytes[start + digits..].iter().take_while(|&&b| b == b'.').count();
                            self.buf.pos = start + digits + dots;
                        }
                        b if is_delimiter(b) => self.buf.pos = start + digits,
                        _ => return None,
                    }
                }
                b if b.is_ascii_alphabetic() => {
                    let end = word_end(&self.buf.bytes, start);
                    if matches!(self.buf.bytes[end - 1], b'!' | b'?') {
                        return None;
                    }
                    self.buf.pos = end;
                    return Some(Found::Move(start, end));
                }
                _ => return None,
            }
        }
    }

    /// The bytes `start..end` of the block, as [`Lexer::next_move`] returned them.
    pub(crate) fn word(&self, start: usize, end: usize) -> &[u8] {
        &self.buf.bytes[start..end]
    }

    /// The text of a comment, as [`Lexer::next_move`] returned it.
    pub(crate) fn comment(&self, from: usize, to: usize) -> &str {
        self.buf.held(from, to)
    }

    /// The line and column of byte `offset` of the current line, as a token there would have.
    pub(crate) fn location(&mut self, offset: usize) -> (usize, usize) {
        self.buf.location(offset)
    }

    /// Makes a move token of the word `start..end`; an annotation after it (`e4!?`) becomes
    /// the next token.
    fn move_token(&mut self, start: usize, end: usize, line: usize, column: usize) -> Token<'_> {
        let word = &self.buf.bytes[start..end];
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

    /// Passes over movetext without making tokens, `depth` variations deep; a variation
    /// (`depth` 1 and up) ends at its `)` when `to_close`. Only comments, `%` lines,
    /// parentheses, tags and result markers are looked at, plus (in a variation) what reading
    /// its tokens would report: a bad NAG, a stray `}`, `]` or `"`, an unclosed comment, a
    /// result marker. An error comes with how deep it was.
    fn skip(&mut self, mut depth: usize, to_close: bool) -> Result<SkipEnd, (LexError, usize)> {
        self.pending_nag = None;
        loop {
            let start = if to_close {
                let rest = &self.buf.bytes[self.buf.pos..];
                self.buf.pos + find_skip_stop(rest).unwrap_or(rest.len())
            } else {
                match self.pass_plain() {
                    Passed::At(at) => at,
                    Passed::InComment(at) => {
                        self.buf.pos = at;
                        if !self.pass_comment().map_err(|error| (error, depth))? {
                            return Ok(SkipEnd::Eof);
                        }
                        continue;
                    }
                }
            };
            self.buf.pos = start;
            let Some(&b) = self.buf.bytes.get(start) else {
                if !self.buf.fill().map_err(|error| (error, depth))? {
                    return Ok(SkipEnd::Eof);
                }
                continue;
            };
            let fail = |lexer: &mut Self, kind, at| {
                let (line, column) = lexer.buf.location(at);
                Err(((kind, line, column), depth))
            };
            match b {
                b'\n' => {
                    self.buf.newline(start);
                    self.buf.pos = start + 1;
                }
                b'%' if start == self.buf.line_start() => self.buf.pos = self.buf.line_end(start),
                b'{' => {
                    self.buf.pos = start + 1;
                    // Only a variation reports where an unclosed comment opened.
                    let (line, column) = if to_close { self.buf.location(start) } else { (0, 0) };
                    if !self.pass_comment().map_err(|error| (error, depth))? {
                        if !to_close {
                            return Ok(SkipEnd::Eof);
                        }
                        return Err(((PgnErrorKind::UnclosedComment, line, column), depth));
                    }
                }
                b';' => self.buf.pos = self.buf.line_end(start),
                b'(' => {
                    depth += 1;
                    self.buf.pos = start + 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    self.buf.pos = start + 1;
                    if to_close && depth == 0 {
                        return Ok(SkipEnd::Close);
                    }
                }
                b'[' => return Ok(SkipEnd::Tag),
                b'$' if to_close => {
                    let digits = self.buf.bytes[start + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    self.buf.pos = start + 1 + digits;
                    if parse_nag(&self.buf.bytes[start + 1..self.buf.pos]).is_none() {
                        return fail(self, PgnErrorKind::BadNag, start);
                    }
                }
                c @ (b'}' | b']' | b'"') if to_close => {
                    self.buf.pos = start + 1;
                    return fail(self, PgnErrorKind::Unexpected(c as char), start);
                }
                _ if is_delimiter(b) => self.buf.pos = start + 1,
                _ => {
                    // In a word that may be a result marker (perhaps after a move number, `2.1-0`).
                    let end = word_end(&self.buf.bytes, start);
                    self.buf.pos = end;
                    let line_start = self.buf.line_start();
                    let line = &self.buf.bytes[line_start..start];
                    let start = line.iter().rposition(|&b| is_delimiter(b)).map_or(line_start, |i| line_start + i + 1);
                    let word = &self.buf.bytes[start..end];
                    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
                    let at = if digits > 0 && dots > 0 { start + digits + dots } else { start };
                    if PgnResult::from_ascii(&self.buf.bytes[at..end]).is_some() {
                        if to_close {
                            return fail(self, PgnErrorKind::ResultInVariation, at);
                        }
                        if depth == 0 {
                            return Ok(SkipEnd::Result);
                        }
                    }
                }
            }
        }
    }

    /// Passes over movetext outside a variation, 64 bytes at a time, up to the next place that
    /// needs the general loop of [`Lexer::skip`], and says where that is. On the way it passes
    /// what that loop would pass without a change but the line count: line ends, `{}`
    /// comments (found for a whole chunk at once: the bytes between a `{` and the next `}`),
    /// and a `-` after an `O` (castling: a word holding it is no result marker).
    #[inline(always)]
    fn pass_plain(&mut self) -> Passed {
        let mut pos = self.buf.pos;
        // Whether `pos` is in a comment whose `{` came before it.
        let mut in_comment = false;
        // The block's last bytes, when fewer than a chunk, followed by zeros.
        let mut padded = [0; CHUNK];
        loop {
            let rest = &self.buf.bytes[pos..];
            let chunk = match rest.first_chunk::<CHUNK>() {
                Some(chunk) => chunk,
                None if rest.is_empty() => return if in_comment { Passed::InComment(pos) } else { Passed::At(pos) },
                None => {
                    // Zeros are none of the bytes looked for.
                    padded[..rest.len()].copy_from_slice(rest);
                    &padded
                }
            };
            let masks = Masks::of(chunk);
            // Bit `i`: whether byte `i` is in a comment (its `{` included, its `}` not), as long
            // as braces alternate, which they do but for a `{` in a comment or a `}` outside one.
            let braces = masks.open | masks.close;
            let state = if in_comment { u64::MAX } else { 0 };
            let inside = if braces == 0 { state } else { prefix_xor(braces) ^ state };
            // Where they first do not, the general loop takes over: it passes a stray `}`, and
            // the rest of a comment from a `{` in it.
            let broken = (masks.open & !inside) | (masks.close & inside);
            let first_broken = broken & broken.wrapping_neg();
            let mut stops = (masks.stops & !inside & first_broken.wrapping_sub(1)) | first_broken;
            // A castling `-` is passed.
            while stops != 0 {
                let at = pos + stops.trailing_zeros() as usize;
                if !(self.buf.bytes[at] == b'-' && at > 0 && self.buf.bytes[at - 1] == b'O') {
                    break;
                }
                stops &= stops - 1;
            }
            if stops != 0 {
                let at = stops.trailing_zeros();
                self.buf.pass_newlines(pos, masks.newline & ((1 << at) - 1));
                return Passed::At(pos + at as usize);
            }
            let len = rest.len().min(CHUNK);
            self.buf.pass_newlines(pos, masks.newline);
            in_comment = inside >> 63 != 0;
            pos += len;
        }
    }

    /// Passes over movetext, `depth` variations deep, without making tokens: only comments,
    /// `%` lines, parentheses, tags and result markers are looked at. Only the source can fail.
    pub(crate) fn skip_movetext(&mut self, depth: usize) -> Result<SkipEnd, LexError> {
        self.skip(depth, false).map_err(|(error, _)| error)
    }

    /// Passes over a variation whose `(` was just read, to its `)`, without making tokens, as
    /// the reader does for a variation it skips: `Ok(true)` after the `)`, `Ok(false)` at a `[`
    /// (the next game's tags, not consumed) or at the end of the input. Reports what reading
    /// the variation's tokens would: a result marker inside it, a bad NAG, a stray `}`, `]` or
    /// `"`, an unclosed comment; the error comes with how deep in the variation it was.
    pub(crate) fn skip_variation(&mut self) -> Result<bool, (LexError, usize)> {
        Ok(self.skip(1, true)? == SkipEnd::Close)
    }

    /// Passes over the rest of a `{` comment, across lines; `false` if it never closes.
    fn pass_comment(&mut self) -> Result<bool, LexError> {
        loop {
            let from = self.buf.pos;
            // One search for the brace or a newline: most comments are on one line.
            match find_either(b'}', b'\n', &self.buf.bytes[from..]).map(|i| from + i) {
                Some(close) if self.buf.bytes[close] == b'}' => {
                    self.buf.pos = close + 1;
                    return Ok(true);
                }
                Some(newline) => {
                    self.buf.newline(newline);
                    self.buf.pos = newline + 1;
                }
                None => {
                    self.buf.pos = self.buf.bytes.len();
                    if !self.buf.fill()? {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Finds the common comment, on one line, with single spaces between its words, whose text
    /// starts after its `{` at `from`: where its words start and end and where its `}` is.
    /// Such a comment is read in place (without the copies of [`Lexer::read_comment`]).
    #[inline]
    fn one_line_comment(&self, from: usize) -> Option<(usize, usize, usize)> {
        if self.comment_text == CommentText::AsWritten {
            let close = from + find_either(b'}', b'\n', &self.buf.bytes[from..])?;
            if self.buf.bytes[close] != b'}' || self.buf.bytes[from..close].contains(&b'\r') {
                return None;
            }
            let (start, end) = as_written(&self.buf.bytes, from, close);
            return Some((start, end, close));
        }
        let close = from + find_comment_stop(&self.buf.bytes[from..])?;
        if self.buf.bytes[close] != b'}' {
            return None;
        }
        // No two spaces in a row, so at most one to trim at either end.
        let start = if from < close && self.buf.bytes[from] == b' ' { from + 1 } else { from };
        let end = if start < close && self.buf.bytes[close - 1] == b' ' { close - 1 } else { close };
        Some((start, end, close))
    }

    /// Reads a `{` comment's text into `self.text`, across lines; `false` if it never closes.
    fn read_comment(&mut self) -> Result<bool, LexError> {
        self.scratch.clear();
        let mut first = true;
        loop {
            let from = self.buf.pos;
            // One search for a comment on one line, a second one only for one over lines.
            let stop = find_either(b'}', b'\n', &self.buf.bytes[from..]).map(|i| from + i);
            let close = match stop {
                Some(stop) if self.buf.bytes[stop] == b'}' => Some(stop),
                Some(stop) => find(b'}', &self.buf.bytes[stop..]).map(|i| stop + i),
                None => None,
            };
            let to = close.unwrap_or(self.buf.bytes.len());
            match self.comment_text {
                CommentText::Words => append_words(&mut self.scratch, &self.buf.bytes[from..to]),
                CommentText::AsWritten => self.append_as_written(from, to, first, close.is_some()),
            }
            self.buf.pass_lines(stop.unwrap_or(to), to);
            first = false;
            if close.is_some() {
                self.buf.pos = to + 1;
                set_text(&mut self.text, &self.scratch);
                return Ok(true);
            }
            self.buf.pos = to;
            if !self.buf.fill()? {
                return Ok(false);
            }
        }
    }

    /// Appends the comment text `from..to` as written: a line break (`\n`, `\r\n` or `\r`) as
    /// `\n`, as Python reads a text file, one space after the `{` (when `first`) and, at the
    /// `}` (when `closes`), one space before it on its line trimmed, as python-chess reads
    /// comments.
    fn append_as_written(&mut self, from: usize, to: usize, first: bool, closes: bool) {
        let skip = usize::from(first && from < to && self.buf.bytes[from] == b' ');
        let bytes = &self.buf.bytes[from + skip..to];
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {}
                b'\r' => self.scratch.push(b'\n'),
                _ => self.scratch.push(b),
            }
        }
        let last_line = self.scratch.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if closes && self.scratch.len() > last_line && self.scratch.last() == Some(&b' ') {
            self.scratch.pop();
        }
    }

    /// Reads `[Name "value"]` starting at `start`, on the line ending at `line_end`; returns where the name ends and, for a
    /// value without escapes, where it is in the line (else the value is in `self.text`).
    fn read_tag(&mut self, start: usize, line_end: usize) -> Result<(usize, Option<(usize, usize)>), PgnErrorKind> {
        let ascii = self.buf.ascii_until(line_end);
        let line = &self.buf.bytes[..line_end];
        let mut i = start + 1;
        while line.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let name_start = i;
        while line.get(i).is_some_and(|&b| !b.is_ascii_whitespace() && b != b'"' && b != b']') {
            i += 1;
        }
        if i == name_start || (!ascii && core::str::from_utf8(&line[name_start..i]).is_err()) {
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
        // Most values have no escape and end at their first quote.
        if let Some(quote) = find(b'"', &line[value_start..]) {
            let value_end = value_start + quote;
            let close = value_end + 1 + line[value_end + 1..].iter().take_while(|b| b.is_ascii_whitespace()).count();
            let raw = &line[value_start..value_end];
            if line.get(close) == Some(&b']') && !raw.iter().any(|&b| b == b'\\' || b == b'\r') {
                self.buf.pos = close + 1;
                return Ok((name_end, Some((value_start, value_end))));
            }
        }
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
        self.buf.pos = i + 1;
        let raw = &line[value_start..value_end];
        if !raw.contains(&b'\\') && (ascii || core::str::from_utf8(raw).is_ok()) {
            return Ok((name_end, Some((value_start, value_end))));
        }
        self.scratch.clear();
        let mut k = value_start;
        while k < value_end {
            if line[k] == b'\\' && matches!(line.get(k + 1), Some(b'"' | b'\\')) {
                k += 1;
            }
            self.scratch.push(line[k]);
            k += 1;
        }
        self.text.clear();
        self.text.push_str(&String::from_utf8_lossy(&self.scratch));
        Ok((name_end, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passing_over_movetext_stops_at_delimiters_but_blanks_and_at_result_bytes() {
        for b in 0..=255u8 {
            let blank = matches!(b, b' ' | b'\t' | b'\r' | 0x0C);
            let expected = (is_delimiter(b) && !blank) || matches!(b, b'%' | b'*' | b'-');
            assert_eq!(is_skip_stop(b), expected, "byte {b:#04x}");
        }
    }
}
