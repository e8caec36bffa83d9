//! Writes games as PGN: the seven-tag roster first, then movetext with move numbers, SAN,
//! NAGs, comments, variations and the result, wrapped at 80 columns.

use core::fmt::{self, Write};

use arrayvec::ArrayString;

use super::{PgnGame, PgnMove};
use crate::{Color, Position};

/// The longest line the writer makes (a single token longer than this gets a line of its own).
pub const MAX_LINE: usize = 80;

/// Writes tokens separated by spaces, starting a new line when the next would pass 80 columns.
struct Wrapper<'a, W: Write> {
    out: &'a mut W,
    column: usize,
    /// A `(` to glue to the next token.
    open: bool,
}

impl<W: Write> Wrapper<'_, W> {
    /// Writes a token made of `parts`, which are never split.
    fn token(&mut self, parts: &[&str]) -> fmt::Result {
        let prefix = if self.open { "(" } else { "" };
        self.open = false;
        let len = prefix.len() + parts.iter().map(|part| part.chars().count()).sum::<usize>();
        self.space_for(len)?;
        self.out.write_str(prefix)?;
        for part in parts {
            self.out.write_str(part)?;
        }
        self.column += len;
        Ok(())
    }

    /// Starts a new line if `len` more characters (and a space) do not fit; else writes the space.
    fn space_for(&mut self, len: usize) -> fmt::Result {
        if self.column > 0 {
            if self.column + 1 + len > MAX_LINE {
                self.newline()?;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        Ok(())
    }

    fn newline(&mut self) -> fmt::Result {
        self.column = 0;
        self.out.write_char('\n')
    }

    fn close(&mut self) -> fmt::Result {
        if self.column + 1 > MAX_LINE {
            self.newline()?;
        }
        self.column += 1;
        self.out.write_char(')')
    }

    /// Writes a comment as `{words}`; a comment containing `}` as a `;` comment ending the line.
    /// Words are split on ASCII whitespace only, as the lexer splits them, so other spaces
    /// (no-break, line separator) come back as they were.
    fn comment(&mut self, text: &str) -> fmt::Result {
        if text.contains('}') {
            let len = 1 + text.split_ascii_whitespace().map(|word| 1 + word.chars().count()).sum::<usize>();
            if self.open {
                self.token(&[""])?;
            }
            self.space_for(len)?;
            self.out.write_char(';')?;
            for word in text.split_ascii_whitespace() {
                self.out.write_char(' ')?;
                self.out.write_str(word)?;
            }
            return self.newline();
        }
        let mut words = text.split_ascii_whitespace().peekable();
        if words.peek().is_none() {
            return self.token(&["{}"]);
        }
        let mut first = true;
        while let Some(word) = words.next() {
            let open = if first { "{" } else { "" };
            let close = if words.peek().is_none() { "}" } else { "" };
            self.token(&[open, word, close])?;
            first = false;
        }
        Ok(())
    }
}

/// Formats a value into a small stack buffer (move numbers, SAN, NAGs).
fn small(args: fmt::Arguments<'_>) -> ArrayString<24> {
    let mut text = ArrayString::new();
    let _ = text.write_fmt(args);
    text
}

/// Writes the tag pair `[Name "value"]`. With `standard`, every `\` and `"` of the value is
/// escaped with a backslash, as the PGN standard has it; else only those the reader would take
/// for an escape or the value's end (a `\` before `"`, `\` or the end, a `"` before `]`,
/// whitespace between), and the value is otherwise written as it is, as python-chess writes
/// every value.
pub(crate) fn write_tag<W: Write>(out: &mut W, name: &str, value: &str, standard: bool) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for (i, c) in value.char_indices() {
        let rest = &value.as_bytes()[i + c.len_utf8()..];
        let escaped = match c {
            '\\' => standard || matches!(rest.first(), None | Some(b'"' | b'\\')),
            '"' => standard || rest.trim_ascii_start().first() == Some(&b']'),
            _ => false,
        };
        if escaped {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    out.write_str("\"]")
}

/// Writes a line of moves from `pos`; `number` forces a move number before a Black first move.
fn write_line<W: Write>(w: &mut Wrapper<'_, W>, mut pos: Position, moves: &[PgnMove]) -> fmt::Result {
    let mut number = true;
    let mut legal = true;
    for m in moves {
        let before = pos;
        let playable = if m.mv.is_null() { !pos.is_check() } else { pos.is_legal(m.mv) };
        if legal && !playable {
            // Not legal here: write this move and the rest of the line in UCI, without variations.
            legal = false;
        }
        if !legal {
            w.token(&[&small(format_args!("{}", m.mv.to_uci_chess960()))])?;
            continue;
        }
        if pos.turn() == Color::White {
            w.token(&[&small(format_args!("{}.", pos.fullmove_number()))])?;
        } else if number {
            w.token(&[&small(format_args!("{}...", pos.fullmove_number()))])?;
        }
        if m.mv.is_null() {
            w.token(&["--"])?;
        } else {
            w.token(&[&small(format_args!("{}", pos.san(m.mv)))])?;
        }
        super::reader::play(&mut pos, m.mv);
        number = false;
        for nag in &m.nags {
            w.token(&[&small(format_args!("${nag}"))])?;
        }
        if let Some(comment) = &m.comment {
            w.comment(comment)?;
            number = true;
        }
        for variation in &m.variations {
            w.open = true;
            if let Some(comment) = &variation.comment {
                w.comment(comment)?;
            }
            write_line(w, before, &variation.moves)?;
            if w.open {
                // An empty variation.
                w.token(&[""])?;
            }
            w.close()?;
            number = true;
        }
    }
    Ok(())
}

impl PgnGame {
    /// Writes the game as PGN: tags, a blank line, the movetext wrapped at 80 columns, and
    /// a final newline.
    pub fn write_pgn<W: Write>(&self, out: &mut W) -> fmt::Result {
        for (name, value) in self.export_tags() {
            write_tag(out, &name, &value, true)?;
            out.write_char('\n')?;
        }
        out.write_char('\n')?;
        let mut w = Wrapper { out, column: 0, open: false };
        if let Some(comment) = &self.comment {
            w.comment(comment)?;
        }
        write_line(&mut w, self.start, &self.moves)?;
        w.token(&[self.result.as_str()])?;
        w.newline()
    }

    /// Returns the game as PGN text (see [`PgnGame::write_pgn`]).
    pub fn to_pgn(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(self)
    }
}

impl fmt::Display for PgnGame {
    /// Writes the game as PGN, as [`PgnGame::write_pgn`] does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_pgn(f)
    }
}
