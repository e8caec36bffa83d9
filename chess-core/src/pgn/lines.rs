//! Where a game ends in a stream of lines, as python-chess's `read_game(handle)` ends it: at
//! the first blank line after the movetext has started (outside a `{}` comment), or at a
//! second blank line in a row after the tags. A reader that takes one line at a time from a
//! file (so that the file is left just after the game) gathers the game's lines with it.

/// What a line is to the game being gathered ([`GameLines::line`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// A line of the game.
    Part,
    /// A blank line before the game: not part of it.
    Skip,
    /// The blank line that ends the game: not part of it, and the game is complete.
    End,
}

/// Sorts lines into games, python-chess's way: feed it each line (with or without its line
/// break) until it says [`LineKind::End`] or the lines run out.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{GameLines, LineKind};
///
/// let mut lines = GameLines::new();
/// let kinds: Vec<LineKind> =
///     ["", "[Event \"A\"]", "", "1. e4 {a comment", "", "over lines} e5", "", "[Event \"B\"]"]
///         .iter()
///         .map(|line| lines.line(line.as_bytes()))
///         .collect();
/// use LineKind::*;
/// assert_eq!(kinds[..7], [Skip, Part, Part, Part, Part, Part, End]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct GameLines {
    /// Whether a line of the game was seen.
    started: bool,
    in_movetext: bool,
    in_comment: bool,
    blank_lines: usize,
}

impl GameLines {
    /// Starts before a game.
    pub fn new() -> GameLines {
        GameLines::default()
    }

    /// Whether a line of the game was seen.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Tells what `line` is to the game, and takes it into account. A byte-order mark at the
    /// start of the first line is the caller's to drop. Blank lines and comment lines (`%`,
    /// `;`) before the game are not part of it.
    pub fn line(&mut self, line: &[u8]) -> LineKind {
        let text = line.trim_ascii();
        if !self.started && (line.starts_with(b"%") || line.starts_with(b";")) {
            return LineKind::Skip;
        }
        if text.is_empty() {
            self.blank_lines += 1;
            if (self.in_movetext && !self.in_comment) || (self.started && self.blank_lines > 1) {
                return LineKind::End;
            }
            return if self.started { LineKind::Part } else { LineKind::Skip };
        }
        self.blank_lines = 0;
        self.started = true;
        if !self.in_movetext && !text.starts_with(b"[") && !text.starts_with(b"%") {
            self.in_movetext = true;
        }
        if self.in_movetext && (self.in_comment || !line.starts_with(b"%")) {
            self.in_comment = comment_open_after(line, self.in_comment);
        }
        LineKind::Part
    }
}

/// Whether a `{}` comment is open at the end of a movetext line: a `{` in a comment is text,
/// and a `;` comment (outside braces) runs to the line's end, braces and all. Each byte is
/// looked at once.
fn comment_open_after(line: &[u8], mut in_comment: bool) -> bool {
    for &b in line {
        match b {
            b'}' if in_comment => in_comment = false,
            b'{' if !in_comment => in_comment = true,
            b';' if !in_comment => return false,
            _ => {}
        }
    }
    in_comment
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn kinds(lines: &[&str]) -> Vec<LineKind> {
        let mut game = GameLines::new();
        lines.iter().map(|line| game.line(line.as_bytes())).collect()
    }

    #[test]
    fn a_game_ends_where_python_chess_ends_it() {
        use LineKind::*;
        // Tags, then two blank lines: a game without movetext.
        assert_eq!(kinds(&["[Event \"A\"]", "", ""]), [Part, Part, End]);
        // A `;` comment's brace opens nothing; an escape line's neither.
        assert_eq!(kinds(&["1. e4 ; {", "", "x"]), [Part, End, Part]);
        assert_eq!(kinds(&["[A \"1\"]", "% {", "", "1. e4", ""]), [Part, Part, Part, Part, End]);
        // A `{` in a comment is text: the `}` closes it.
        assert_eq!(kinds(&["1. e4 {a { b", "", "c} e5", " "]), [Part, Part, Part, End]);
        assert_eq!(kinds(&["  ", "\t", "1. d4"]), [Skip, Skip, Part]);
        // Comment lines before the game are passed over, blank lines after them too.
        assert_eq!(
            kinds(&["% x", "", "; y", "", "[A \"1\"]", "", "1. e4", ""]),
            [Skip, Skip, Skip, Skip, Part, Part, Part, End]
        );
        assert_eq!(kinds(&[" % x", ""]), [Part, Part]);
    }
}
