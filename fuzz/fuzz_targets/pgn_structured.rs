//! PGN written by a generator the input drives: one to three games with tags (escaped quotes
//! and backslashes, Unicode, a `FEN` and `SetUp` start), movetext of legal moves in SAN or
//! UCI (with or without check signs and `!?` suffixes, null moves), move numbers, `$` NAGs,
//! `{}` and `;` comments (with `]`, `(`, `{`, `%`, a result, a tag on its own line,
//! non-breaking spaces and U+2028 inside), `%` escape lines, nested variations, and a result.
//!
//! The generator keeps the game it means alongside the text, so a well-formed text must read
//! back as exactly those games: same tags, start, moves, NAGs, comments (runs of whitespace
//! as one space), variations and result. Half the inputs then damage the text (a stray `}`,
//! `)`, `(`, `[`, a result inside a variation, a NAG out of range, a word that is no move,
//! non-ASCII spaces outside comments, a NUL, invalid UTF-8, a cut); for those the reader must
//! return games or errors and keep going. Every game read is written and read back equal,
//! as in the `pgn` target.
#![no_main]

#[path = "common.rs"]
mod common;

use chess_core::pgn::{PgnGame, PgnMove, PgnResult, PgnText, PgnVariation};
use chess_core::{CastlingMode, Move, Position, Validation};
use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

/// Nesting depth the generator goes to (the reader keeps up to 100).
const MAX_DEPTH: usize = 6;

const TAG_NAMES: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "ECO",
    "Annotator",
    "Time_Control",
    "X1",
];
/// Pieces of tag values and comment words: brackets, braces, quotes, results, Unicode spaces.
const WORDS: &[&str] = &[
    "good",
    "a]b",
    "(x)",
    "1-0",
    "*",
    "[%clk 0:00:01]",
    ";",
    "$1",
    "e4",
    "\u{a0}",
    "a\u{a0}b",
    "\u{2028}",
    "é",
    "\"q\"",
    "{",
    "\\",
    "[Event \"x\"]",
    "1.",
    "--",
    ")",
];
const SPACES: &[&str] = &[" ", "  ", "\n", "\t", "\r\n"];
const RESULTS: [PgnResult; 4] = [PgnResult::WhiteWins, PgnResult::BlackWins, PgnResult::Draw, PgnResult::Unknown];
/// What damages a text.
const DAMAGE: &[&str] = &[
    "}",
    ")",
    "(",
    "[",
    "]",
    "{",
    "(1-0)",
    "$256",
    "$99999999999",
    "Zz9",
    "\u{a0}",
    "\u{2028}",
    "\0",
    "\u{feff}",
    "%",
    "\n%",
    "\"",
    "e4e5e6",
    "O-O-O-O",
    "1/2",
    "\n[Event \"x\"]\n",
    "()",
    "( )",
];

struct Generator<'a> {
    u: Unstructured<'a>,
    text: String,
}

impl Generator<'_> {
    fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    fn pick<'s>(&mut self, list: &[&'s str]) -> &'s str {
        list[usize::from(self.byte()) % list.len()]
    }

    /// A separator between tokens, now and then a `%` escape line.
    fn space(&mut self) {
        match self.byte() % 16 {
            0 => self.text.push('\n'),
            1 => {
                let word = self.pick(WORDS);
                self.text.push_str("\n% escaped ");
                self.text.push_str(word);
                self.text.push('\n');
            }
            _ => self.text.push(' '),
        }
    }

    /// Comment words with whitespace of any kind between them; returns them joined by one
    /// space, as the reader gives them. `stop` is a character they must not contain.
    fn words(&mut self, stop: char, newlines: bool) -> String {
        let mut shown = Vec::new();
        for _ in 0..self.byte() % 5 {
            let word = self.pick(WORDS);
            let space = if newlines { self.pick(SPACES) } else { " " };
            if word.contains(stop) {
                continue;
            }
            self.text.push_str(space);
            self.text.push_str(word);
            shown.extend(word.split_ascii_whitespace());
        }
        if self.byte().is_multiple_of(2) {
            self.text.push(' ');
        }
        shown.join(" ")
    }

    /// A `{}` or `;` comment; returns its text as read.
    fn comment(&mut self) -> String {
        if self.byte().is_multiple_of(4) {
            self.text.push(';');
            let text = self.words('\n', false);
            self.text.push('\n');
            text
        } else {
            self.text.push('{');
            let text = self.words('}', true);
            self.text.push('}');
            text
        }
    }

    /// A line of moves from `pos` with comments, NAGs and variations, written to the text and
    /// returned as the reader should read it (the first comment, the moves).
    fn line(&mut self, mut pos: Position, depth: usize) -> (Option<PgnText>, Vec<PgnMove>) {
        let mut comment = None;
        let mut moves: Vec<PgnMove> = Vec::new();
        let mut before = pos;
        // A variation has at least one move: the generator writes no empty ones.
        let first_move = depth > 0;
        for step in 0..3 + self.byte() % 12 {
            let kind = if first_move && step == 0 { 0 } else { self.byte() % 8 };
            match kind {
                0..=3 => {
                    let legal = pos.legal_moves();
                    let null_ok = !pos.is_check() && self.byte().is_multiple_of(32);
                    if legal.is_empty() && !null_ok {
                        continue;
                    }
                    let number = pos.fullmove_number();
                    if pos.turn().is_white() {
                        self.text.push_str(&format!("{number}. "));
                    } else if self.byte().is_multiple_of(4) {
                        self.text.push_str(&format!("{number}... "));
                    }
                    let m = if null_ok { Move::NULL } else { legal[usize::from(self.byte()) % legal.len()] };
                    let mut nags = Vec::new();
                    let word = match self.byte() % 8 {
                        _ if m == Move::NULL => "--".to_string(),
                        0 => pos.uci(m).to_string(),
                        1 => pos.san(m).san.to_string(),
                        2 => {
                            let (suffix, nag) = [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)]
                                [usize::from(self.byte()) % 6];
                            nags.push(nag);
                            format!("{}{suffix}", pos.san(m))
                        }
                        _ => pos.san(m).to_string(),
                    };
                    self.text.push_str(&word);
                    before = pos;
                    if m == Move::NULL {
                        pos.play_null().expect("not in check");
                    } else {
                        pos.play_unchecked(m);
                    }
                    moves.push(PgnMove { mv: m, nags, comment: None, variations: Vec::new() });
                }
                4 => {
                    let text = self.comment();
                    let target = match moves.last_mut() {
                        Some(last) => &mut last.comment,
                        None => &mut comment,
                    };
                    join(target, text);
                }
                5 if !moves.is_empty() => {
                    let nag = self.byte();
                    self.text.push_str(&format!("${nag}"));
                    moves.last_mut().unwrap().nags.push(nag);
                }
                6 if !moves.is_empty() && depth < MAX_DEPTH => {
                    self.text.push('(');
                    if self.byte().is_multiple_of(2) {
                        self.text.push(' ');
                    }
                    let (comment, variation) = self.line(before, depth + 1);
                    self.text.push(')');
                    moves.last_mut().unwrap().variations.push(PgnVariation { comment, moves: variation });
                }
                _ => {}
            }
            self.space();
        }
        (comment, moves)
    }

    /// A game: tags, movetext and a result marker.
    fn game(&mut self) -> PgnGame {
        let mut game = PgnGame::new();
        for _ in 0..self.byte() % 4 {
            let name = self.pick(TAG_NAMES);
            let mut value = String::new();
            for _ in 0..self.byte() % 3 {
                value.push_str(self.pick(WORDS));
            }
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            self.text.push_str(&format!("[{name} \"{escaped}\"]\n"));
            game.tags.push((name.into(), value.into()));
        }
        let seed = self.byte();
        if seed % 2 == 1 {
            let fen = common::SEEDS[usize::from(seed / 2) % common::SEEDS.len()];
            // The Chess960 seed needs its Variant tag; the relaxed-only seeds are left out.
            let chess960 = fen.contains("HFhf");
            let validation =
                if chess960 { Validation::strict().castling(CastlingMode::Chess960) } else { Validation::strict() };
            if let Ok(start) = Position::from_fen_with(fen, validation) {
                if chess960 {
                    self.text.push_str("[Variant \"Chess960\"]\n");
                    game.tags.push(("Variant".into(), "Chess960".into()));
                }
                self.text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
                game.start = start;
            }
        }
        self.text.push('\n');
        let (comment, moves) = self.line(game.start, 0);
        game.comment = comment;
        game.moves = moves;
        game.result = RESULTS[usize::from(self.byte()) % RESULTS.len()];
        self.text.push_str(game.result.as_str());
        self.text.push_str("\n\n");
        game
    }

    /// The text damaged at places the input chooses (invalid UTF-8 included: the reader
    /// reads bytes).
    fn damaged(&mut self) -> Vec<u8> {
        let mut bytes = core::mem::take(&mut self.text).into_bytes();
        for _ in 0..1 + self.byte() % 3 {
            let at = usize::from(self.byte()) * 7 % (bytes.len() + 1);
            match self.byte() % 8 {
                0 => bytes.truncate(at),
                1 => bytes.insert(at, 0xFF),
                _ => {
                    let stray = self.pick(DAMAGE);
                    bytes.splice(at..at, stray.bytes());
                }
            }
        }
        bytes
    }
}

/// Adds a comment to what a move or line already has, as the reader joins them: the texts
/// that are not empty, one space apart.
fn join(target: &mut Option<PgnText>, text: String) {
    match target {
        Some(existing) if !existing.is_empty() => {
            if !text.is_empty() {
                *existing = format!("{existing} {text}").into();
            }
        }
        _ => *target = Some(text.into()),
    }
}

/// An empty comment and no comment are the same to a reader of the game.
fn normalise(moves: &mut [PgnMove]) {
    for m in moves {
        if m.comment.as_deref() == Some("") {
            m.comment = None;
        }
        for variation in &mut m.variations {
            if variation.comment.as_deref() == Some("") {
                variation.comment = None;
            }
            normalise(&mut variation.moves);
        }
    }
}

fn normalised(mut game: PgnGame) -> PgnGame {
    if game.comment.as_deref() == Some("") {
        game.comment = None;
    }
    normalise(&mut game.moves);
    game
}

fuzz_target!(|data: &[u8]| {
    let mut generator = Generator { u: Unstructured::new(data), text: String::new() };
    let expected: Vec<PgnGame> = (0..1 + generator.byte() % 3).map(|_| generator.game()).collect();
    if generator.byte() % 2 == 1 {
        common::read_checked(&generator.damaged());
        return;
    }
    let text = generator.text;
    let read = common::read_checked(text.as_bytes());
    assert_eq!(read.len(), expected.len(), "{text}");
    for (game, expected) in read.into_iter().zip(expected) {
        let game = game.unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(game.start.to_fen(), expected.start.to_fen(), "{text}");
        assert_eq!(game.tags, expected.tags, "{text}");
        assert_eq!(game.result, expected.result, "{text}");
        let (game, expected) = (normalised(game), normalised(expected));
        assert_eq!(game.comment, expected.comment, "{text}");
        assert_eq!(game.moves, expected.moves, "{text}");
    }
});
