//! PGN text in the layout python-chess's exporters write: tokens followed by a space, lines
//! filled up to a number of columns, `{ comments }` and `( variations )` spaced inside,
//! tag values as they are but where the reader would take a `\` or `"` for an escape or the
//! value's end.

use alloc::string::String;
use core::fmt::Write;

use super::tree::{GameTree, NodeId, Step};
use super::writer::write_tag;
use crate::{Color, IllegalMoveError, Move, Position};

/// What an [`Exporter`] writes.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::ExportOptions;
///
/// let options = ExportOptions { columns: None, variations: false, ..ExportOptions::default() };
/// assert!(options.headers && options.comments);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExportOptions {
    /// The widest movetext line (tags and a single long token may be wider); `None` puts the
    /// movetext on one line. Default 80.
    pub columns: Option<usize>,
    /// Whether tags are written. Default `true`.
    pub headers: bool,
    /// Whether comments and NAGs are written. Default `true`.
    pub comments: bool,
    /// Whether variations are written. Default `true`.
    pub variations: bool,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions { columns: Some(80), headers: true, comments: true, variations: true }
    }
}

/// Writes PGN text a token at a time, in python-chess's layout (`StringExporter` and
/// `FileExporter` give the same text), as a visitor is told a game: tags, moves, comments,
/// NAGs, variations, the result. [`GameTree::export`] drives it over a whole tree.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{ExportOptions, Exporter};
/// use chess_core::Position;
///
/// let mut out = Exporter::new(ExportOptions::default());
/// out.begin_headers();
/// out.header("White", "Anna");
/// out.end_headers();
/// let start = Position::new();
/// out.play(&start, start.parse_san("e4")?);
/// out.comment("best by test");
/// out.result("*");
/// out.end_game();
/// assert_eq!(out.text(), "[White \"Anna\"]\n\n1. e4 { best by test } *");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Exporter {
    options: ExportOptions,
    /// Finished lines, each ending in a newline.
    written: String,
    line: String,
    /// The characters (not bytes) of `line`.
    line_chars: usize,
    found_headers: bool,
    force_move_number: bool,
    variation_depth: usize,
}

impl Exporter {
    /// Makes an exporter with nothing written.
    pub fn new(options: ExportOptions) -> Exporter {
        Exporter {
            options,
            written: String::new(),
            line: String::new(),
            line_chars: 0,
            found_headers: false,
            force_move_number: true,
            variation_depth: 0,
        }
    }

    /// Returns the options.
    pub fn options(&self) -> ExportOptions {
        self.options
    }

    fn token(&mut self, token: &str) {
        let len = token.chars().count();
        if self.options.columns.is_some_and(|columns| columns.saturating_sub(self.line_chars) < len) {
            self.flush_line();
        }
        self.line.push_str(token);
        self.line_chars += len;
    }

    fn flush_line(&mut self) {
        if !self.line.is_empty() {
            self.written.push_str(self.line.trim_end());
            self.written.push('\n');
        }
        self.line.clear();
        self.line_chars = 0;
    }

    fn write_line(&mut self, line: &str) {
        self.flush_line();
        self.written.push_str(line.trim_end());
        self.written.push('\n');
    }

    /// Whether what is in the current variation is written.
    fn writes_here(&self) -> bool {
        self.options.variations || self.variation_depth == 0
    }

    /// Starts a game's tags.
    pub fn begin_headers(&mut self) {
        self.found_headers = false;
    }

    /// Writes a tag line (when tags are written): `[Name "value"]`, a `\` or `"` of the value
    /// escaped where the reader would take it for an escape or the value's end.
    pub fn header(&mut self, name: &str, value: &str) {
        if self.options.headers {
            self.found_headers = true;
            let mut line = String::with_capacity(name.len() + value.len() + 5);
            let _ = write_tag(&mut line, name, value, false);
            self.write_line(&line);
        }
    }

    /// Ends the tags: a blank line after them, if any was written.
    pub fn end_headers(&mut self) {
        if self.found_headers {
            self.write_line("");
        }
    }

    /// Starts a variation; returns whether its content is written (else the caller may pass
    /// over it). Either way, [`Exporter::end_variation`] ends it.
    pub fn begin_variation(&mut self) -> bool {
        self.variation_depth += 1;
        if self.options.variations {
            self.token("( ");
            self.force_move_number = true;
        }
        self.options.variations
    }

    /// Ends a variation.
    pub fn end_variation(&mut self) {
        self.variation_depth = self.variation_depth.saturating_sub(1);
        if self.options.variations {
            self.token(") ");
            self.force_move_number = true;
        }
    }

    /// Writes a comment as `{ text }`, without its `}`s and the spaces at its ends.
    pub fn comment(&mut self, text: &str) {
        if self.options.comments && self.writes_here() {
            let mut token = String::with_capacity(text.len() + 5);
            token.push_str("{ ");
            token.extend(text.trim().chars().filter(|&c| c != '}'));
            let kept = token.trim_end().len();
            token.truncate(kept);
            token.push_str(" } ");
            self.token(&token);
            self.force_move_number = true;
        }
    }

    /// Writes a NAG as `$n`.
    pub fn nag(&mut self, nag: u8) {
        if self.options.comments && self.writes_here() {
            let mut token = String::new();
            let _ = write!(token, "${nag} ");
            self.token(&token);
        }
    }

    /// Writes `mv`, played from `before`, in SAN (`--` for a null move), after its move number
    /// when White plays it or when a comment or variation came before it.
    pub fn play(&mut self, before: &Position, mv: Move) {
        if !self.writes_here() {
            return;
        }
        let mut token = String::new();
        if before.turn() == Color::White {
            let _ = write!(token, "{}. ", before.fullmove_number());
        } else if self.force_move_number {
            let _ = write!(token, "{}... ", before.fullmove_number());
        }
        if !token.is_empty() {
            self.token(&token);
            token.clear();
        }
        if mv.is_null() {
            token.push_str("-- ");
        } else {
            let _ = write!(token, "{} ", before.san(mv));
        }
        self.token(&token);
        self.force_move_number = false;
    }

    /// Writes the result marker.
    pub fn result(&mut self, result: &str) {
        let mut token = String::with_capacity(result.len() + 1);
        token.push_str(result);
        token.push(' ');
        self.token(&token);
    }

    /// Ends a game: its last line, then a blank line.
    pub fn end_game(&mut self) {
        self.write_line("");
    }

    /// Returns everything written, lines joined by newlines, without the spaces and newlines
    /// at the end (python-chess's `StringExporter`).
    pub fn text(&self) -> String {
        let mut text = self.written.clone();
        text.push_str(self.line.trim_end());
        let kept = text.trim_end().len();
        text.truncate(kept);
        text
    }

    /// Takes the finished lines, each ending in a newline, written since the last call
    /// (python-chess's `FileExporter` writes these as they are finished).
    pub fn take_finished(&mut self) -> String {
        core::mem::take(&mut self.written)
    }
}

impl GameTree {
    /// Writes the game to `out` as python-chess's `Game.accept(exporter)` does: the tags in
    /// order, the root's comment, the main line from the root with its variations, the
    /// `Result` tag's value (`*` without one), then the end of the game. Stops at the first
    /// move that is not legal where it is played.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::pgn::{ExportOptions, Exporter, PgnReader, TreeBuilder, Variations};
    ///
    /// let mut builder = TreeBuilder::new(Variations::Keep);
    /// let tree = PgnReader::from_text("1. e4 {main} (1. d4 $1) e5 *").visit(&mut builder).unwrap()?;
    /// let mut out = Exporter::new(ExportOptions { headers: false, ..ExportOptions::default() });
    /// tree.export(&mut out)?;
    /// assert_eq!(out.text(), "1. e4 { main } ( 1. d4 $1 ) 1... e5 *");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn export(&self, out: &mut Exporter) -> Result<(), IllegalMoveError> {
        out.begin_headers();
        for (name, value) in &self.tags {
            out.header(name, value);
        }
        out.end_headers();
        let root = self.node(NodeId::ROOT);
        if !root.comment.is_empty() {
            out.comment(&root.comment);
        }
        if let Some(first) = self.next(NodeId::ROOT) {
            self.export_from(first, true, self.start, out)?;
        }
        let result = self.tags.iter().find(|(name, _)| name == "Result").map_or("*", |(_, value)| value.as_str());
        out.result(result);
        out.end_game();
        Ok(())
    }

    /// Writes the line from `id` (played from `before`) as [`GameTree::walk`] walks it.
    pub fn export_from(
        &self,
        id: NodeId,
        sidelines: bool,
        before: Position,
        out: &mut Exporter,
    ) -> Result<(), IllegalMoveError> {
        let mut pos = before;
        let mut stack = alloc::vec::Vec::new();
        let mut walk = self.walk(id, sidelines);
        while let Some(step) = walk.next(self) {
            match step {
                Step::Visit(id) => {
                    let node = self.node(id);
                    if !node.starting_comment.is_empty() {
                        out.comment(&node.starting_comment);
                    }
                    check(&pos, node.mv)?;
                    out.play(&pos, node.mv);
                    for &nag in &node.nags {
                        out.nag(nag);
                    }
                    if !node.comment.is_empty() {
                        out.comment(&node.comment);
                    }
                }
                Step::Push(id) => {
                    stack.push(pos);
                    super::reader::play(&mut pos, self.node(id).mv);
                }
                Step::Pop => pos = stack.pop().unwrap_or(pos),
                Step::BeginVariation => {
                    if !out.begin_variation() {
                        walk.skip_variation();
                    }
                }
                Step::EndVariation => out.end_variation(),
            }
        }
        Ok(())
    }
}

/// Whether `mv` can be played from `pos` (a null move when not in check).
fn check(pos: &Position, mv: Move) -> Result<(), IllegalMoveError> {
    let mut after = *pos;
    if mv.is_null() { after.play_null() } else { after.play(mv) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::PgnReader;

    fn export(text: &str, options: ExportOptions) -> String {
        let mut builder = crate::pgn::TreeBuilder::new(crate::pgn::Variations::Keep);
        let tree = PgnReader::from_text(text).visit(&mut builder).unwrap().unwrap();
        let mut out = Exporter::new(options);
        tree.export(&mut out).unwrap();
        out.text()
    }

    #[test]
    fn writes_python_chess_layout_with_each_option() {
        let text = "[Event \"E\"]\n\n{start} 1. e4 {Scandi:} d5 ({This} 1... h5 $2 {is nonsense}) (1... e5 2. Qf3 $2) 2. exd5 {Best} *";
        let no_headers = ExportOptions { headers: false, ..ExportOptions::default() };
        assert_eq!(
            export(text, no_headers),
            "{ start } 1. e4 { Scandi: } 1... d5 ( { This } 1... h5 $2 { is nonsense } ) (\n1... e5 2. Qf3 $2 ) 2. exd5 { Best } *"
        );
        let bare = ExportOptions { columns: None, headers: false, comments: false, variations: false };
        assert_eq!(export(text, bare), "1. e4 d5 2. exd5 *");
        let lines = ExportOptions { columns: None, comments: false, ..ExportOptions::default() };
        assert!(
            export(text, lines)
                .ends_with("[Black \"?\"]\n[Result \"*\"]\n\n1. e4 d5 ( 1... h5 ) ( 1... e5 2. Qf3 ) 2. exd5 *")
        );
    }

    #[test]
    fn tag_values_are_written_as_python_chess_writes_them_unless_they_would_read_back_otherwise() {
        let header = |value: &str| {
            let mut out = Exporter::new(ExportOptions::default());
            out.header("Site", value);
            out.text()
        };
        // As python-chess writes them: a quote not before `]`, a backslash not before a quote,
        // a backslash or the end.
        assert_eq!(header("C:\\games"), "[Site \"C:\\games\"]");
        assert_eq!(header("Anna \"the rook\" K."), "[Site \"Anna \"the rook\" K.\"]");
        // Found by the fuzz target `pgn`: written as they are, the reader's unescaping halved
        // backslashes and ended a value at a quote before `]`.
        assert_eq!(header("a\\\\b\\"), "[Site \"a\\\\\\b\\\\\"]");
        assert_eq!(header("x\" ]y"), "[Site \"x\\\" ]y\"]");
        // Every value of up to 5 of these characters reads back as it was.
        let alphabet = ['a', '\\', '"', ']', ' '];
        let mut values = alloc::vec![String::new()];
        for length in 1..=5 {
            let longer: alloc::vec::Vec<String> = values
                .iter()
                .filter(|value| value.len() == length - 1)
                .flat_map(|value| alphabet.iter().map(move |&c| alloc::format!("{value}{c}")))
                .collect();
            values.extend(longer);
        }
        assert_eq!(values.len(), 3906);
        for value in &values {
            let text = alloc::format!("{}\n\n*", header(value));
            let mut builder = crate::pgn::TreeBuilder::new(crate::pgn::Variations::Keep);
            let tree = PgnReader::from_text(&text).visit(&mut builder).unwrap().unwrap();
            let site = tree.tags.iter().find(|(name, _)| name == "Site").map(|(_, value)| value.as_str());
            assert_eq!(site, Some(value.as_str()), "{text}");
        }
    }

    #[test]
    fn file_output_ends_each_game_with_a_blank_line() {
        let mut out = Exporter::new(ExportOptions::default());
        out.result("*");
        out.end_game();
        assert_eq!(out.take_finished(), "*\n\n");
        assert_eq!(out.take_finished(), "");
    }

    #[test]
    fn a_comment_loses_its_braces_and_a_null_move_is_dashes() {
        let mut out = Exporter::new(ExportOptions::default());
        out.comment("  a } b ");
        out.play(&Position::new(), Move::NULL);
        assert_eq!(out.text(), "{ a  b } 1. --");
    }
}
