//! The lexer's input: a block of whole lines read from a [`LineSource`], and where each of
//! its bytes is in the text (line and column).

use alloc::string::String;
use alloc::vec::Vec;

use super::PgnErrorKind;
use super::lexer::LexError;
use super::scan::find;

/// A source of PGN text, read a few whole lines at a time, so that a large file is never
/// held in memory.
///
/// Implemented for every `std::io::BufRead` with the `std` feature, and for byte slices
/// without it.
pub trait LineSource {
    /// Appends the next line (with its `\n`, if any) to `buf`; returns its length, 0 at the end.
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind>;

    /// Appends the next whole lines (at least one, each with its `\n`, the last perhaps
    /// without at the end) to `buf`; returns their length, 0 at the end. By default one line.
    fn read_lines_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        self.read_line_into(buf)
    }
}

/// How many bytes a source hands over at most in one go (unless one line is longer).
const BLOCK: usize = 64 * 1024;

/// Returns how much of `data` is whole lines, at most [`BLOCK`] bytes: 0 when its first line
/// is longer or has no `\n`.
fn whole_lines(data: &[u8]) -> usize {
    let window = &data[..data.len().min(BLOCK)];
    window.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> LineSource for R {
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        self.read_until(b'\n', buf).map_err(|error| PgnErrorKind::Io(error.kind()))
    }

    fn read_lines_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        let data = self.fill_buf().map_err(|error| PgnErrorKind::Io(error.kind()))?;
        match whole_lines(data) {
            0 => self.read_line_into(buf),
            end => {
                buf.extend_from_slice(&data[..end]);
                self.consume(end);
                Ok(end)
            }
        }
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

    fn read_lines_into(&mut self, buf: &mut Vec<u8>) -> Result<usize, PgnErrorKind> {
        match whole_lines(self) {
            0 => self.read_line_into(buf),
            end => {
                buf.extend_from_slice(&self[..end]);
                *self = &self[end..];
                Ok(end)
            }
        }
    }
}

/// How much text [`Buffer::hold`] checks as UTF-8 at once: a game's tag section, or most of
/// it, or a stretch of a line of commented moves (a longer copy checks text that is mostly
/// passed over).
const WINDOW: usize = 512;

/// A block of whole lines of a [`LineSource`] (with the current line kept while the next block
/// is read, so that columns in it stay right), the place being read, and the line and column
/// of each byte, counted as the lexer passes the line ends.
pub(super) struct Buffer<S> {
    source: S,
    /// The block.
    pub(super) bytes: Vec<u8>,
    /// Where the lexer is in `bytes`.
    pub(super) pos: usize,
    /// Where the current line's text starts in `bytes` (after a byte-order mark on line 1).
    line_start: usize,
    line_no: usize,
    /// Where the first non-ASCII byte at or after `line_start` is (`bytes.len()` if none), once
    /// looked for: up to it a column is a byte offset. Each byte is looked at once.
    non_ascii: usize,
    /// Column cache: the column of byte `col_offset` of the current line.
    col_offset: usize,
    col: usize,
    /// Up to [`WINDOW`] bytes of the block from `window_at` on, as far as they are UTF-8: one
    /// check for a game's tags, or a stretch of comments, instead of one per tag or comment.
    /// Emptied when the block moves.
    window: String,
    window_at: usize,
    eof: bool,
}

impl<S: LineSource> Buffer<S> {
    pub(super) fn new(source: S) -> Buffer<S> {
        Buffer {
            source,
            bytes: Vec::new(),
            pos: 0,
            line_start: 0,
            line_no: 0,
            non_ascii: 0,
            col_offset: 0,
            col: 1,
            window: String::new(),
            window_at: 0,
            eof: false,
        }
    }

    /// Reads the next block of lines once everything read is passed; `false` at the end of
    /// the input. The current line stays (so that columns in it stay right).
    pub(super) fn fill(&mut self) -> Result<bool, LexError> {
        if self.eof {
            return Ok(false);
        }
        let keep = self.line_start.min(self.pos);
        self.bytes.drain(..keep);
        self.pos -= keep;
        self.line_start -= keep;
        self.col_offset = self.col_offset.saturating_sub(keep).max(self.line_start);
        self.window.clear();
        let read = self.source.read_lines_into(&mut self.bytes).map_err(|kind| (kind, self.line_no + 1, 1))?;
        if read == 0 {
            self.eof = true;
            return Ok(false);
        }
        if self.line_no == 0 {
            self.line_no = 1;
            if self.bytes.starts_with(b"\xEF\xBB\xBF") {
                self.pos = 3;
                self.line_start = 3;
                self.col_offset = 3;
            }
        }
        self.find_non_ascii();
        Ok(true)
    }

    /// Starts a new line after the `\n` at `at`.
    pub(super) fn newline(&mut self, at: usize) {
        self.line_no += 1;
        self.line_start = at + 1;
        self.col_offset = at + 1;
        self.col = 1;
    }

    /// Counts the lines that end in `bytes[from..to]`.
    pub(super) fn pass_lines(&mut self, from: usize, to: usize) {
        let passed = &self.bytes[from..to];
        if find(b'\n', passed).is_some() {
            let lines = passed.iter().filter(|&&b| b == b'\n').count();
            let last = passed.iter().rposition(|&b| b == b'\n').unwrap_or_default();
            self.newline(from + last);
            self.line_no += lines - 1;
        }
    }

    /// Counts the line ends of a chunk that starts at `at` and that were passed: bit `i` of
    /// `newlines` for a `\n` at `at + i`.
    #[inline(always)]
    pub(super) fn pass_newlines(&mut self, at: usize, newlines: u64) {
        if newlines != 0 {
            self.newline(at + 63 - newlines.leading_zeros() as usize);
            self.line_no += newlines.count_ones() as usize - 1;
        }
    }

    /// Where the current line's text starts.
    #[inline]
    pub(super) fn line_start(&self) -> usize {
        self.line_start
    }

    /// The line and column of byte `offset` of the current line, as a token there would have.
    #[inline(always)]
    pub(super) fn location(&mut self, offset: usize) -> (usize, usize) {
        (self.line_no, self.column(offset))
    }

    /// Returns the column of byte `offset` of the current line (offsets asked in increasing order).
    #[inline(always)]
    fn column(&mut self, offset: usize) -> usize {
        // Asked of every token: the common case (ASCII so far on the line) stays inline.
        if self.line_start <= self.non_ascii && offset <= self.non_ascii {
            return offset + 1 - self.line_start;
        }
        self.column_slow(offset)
    }

    /// [`Buffer::column`] past a non-ASCII byte, or once the line passed the one known.
    #[inline(never)]
    fn column_slow(&mut self, offset: usize) -> usize {
        if self.ascii_until(offset) {
            return offset + 1 - self.line_start;
        }
        if offset < self.col_offset {
            self.col_offset = self.line_start;
            self.col = 1;
        }
        self.col += self.bytes[self.col_offset..offset].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.col_offset = offset;
        self.col
    }

    /// Tells whether the current line is ASCII up to byte `end` (exclusive).
    pub(super) fn ascii_until(&mut self, end: usize) -> bool {
        if self.non_ascii < self.line_start {
            self.find_non_ascii();
        }
        self.non_ascii >= end
    }

    /// Looks for the first non-ASCII byte from `line_start` on.
    fn find_non_ascii(&mut self) {
        let rest = &self.bytes[self.line_start..];
        // Whole ASCII stretches are passed a word at a time.
        let ascii = (rest.chunks(64).take_while(|chunk| chunk.is_ascii()).count() * 64).min(rest.len());
        self.non_ascii =
            self.line_start + ascii + rest[ascii..].iter().position(|&b| !b.is_ascii()).unwrap_or(rest.len() - ascii);
    }

    /// Returns where the current line ends (its `\n`, or the end of the block).
    pub(super) fn line_end(&self, from: usize) -> usize {
        find(b'\n', &self.bytes[from..]).map_or(self.bytes.len(), |i| from + i)
    }

    /// Makes the window hold the bytes `from..to` of the block (copying it anew from `from` on
    /// when it does not); tells whether it does, which it does when they are UTF-8.
    #[inline]
    pub(super) fn hold(&mut self, from: usize, to: usize) -> bool {
        let holds = |buf: &Self| buf.window_at <= from && to <= buf.window_at + buf.window.len();
        if !holds(self) {
            self.copy_window(from, to);
        }
        holds(self)
    }

    /// The bytes `from..to` of the block as text, once [`Buffer::hold`] said the window holds
    /// them (they start and end at characters: after and before ASCII bytes).
    #[inline]
    pub(super) fn held(&self, from: usize, to: usize) -> &str {
        self.window.get(from - self.window_at..to - self.window_at).unwrap_or_default()
    }

    /// Copies the text from `start` on into the window: up to `end` or [`WINDOW`] bytes,
    /// whichever is further, as far as it is UTF-8.
    #[inline(never)]
    fn copy_window(&mut self, start: usize, end: usize) {
        let bytes = &self.bytes[start..self.bytes.len().min(end.max(start + WINDOW))];
        let text = match core::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => core::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
        };
        self.window.clear();
        self.window.push_str(text);
        self.window_at = start;
    }
}
