//! The annotations that chess programs write inside PGN comments, read and written as
//! python-chess 1.11.2 does: the clock `[%clk 1:05:30]`, the elapsed move time
//! `[%emt 0:00:12.5]`, the evaluation `[%eval 0.17]`, `[%eval #-3,20]`, and coloured
//! squares and arrows `[%csl Ga1]`, `[%cal Ge2e4,Rd7d5]`.
//!
//! Each function takes a comment's text; the `set_*` and `remove_*` functions return the new
//! text. What python-chess accepts is accepted here, character for character: one whitespace
//! character after the name (any Unicode whitespace), digits of any script, no spaces inside.
//! Reading takes the first valid annotation of its kind (all of them for arrows); setting
//! replaces the first one (all of them for arrows) and keeps the one whitespace character
//! either side of it, or adds the annotation where python-chess does; removing takes the
//! annotation out with the whitespace either side condensed to one character. Malformed
//! annotations are left as they are, as text. Every function runs in time linear in the
//! comment's length and never panics.
//!
//! # Examples
//!
//! ```
//! use chess_core::pgn::annotation::{self, Eval, EvalScore};
//!
//! let comment = "[%eval -0.35,18] Black is better [%clk 0:04:59.5]";
//! assert_eq!(annotation::clock(comment), Some(299.5));
//! assert_eq!(
//!     annotation::eval(comment),
//!     Some(Eval { score: EvalScore::Centipawns(-35), depth: Some(18) })
//! );
//! let comment = annotation::set_clock(comment, 290.25)?;
//! assert_eq!(comment, "[%eval -0.35,18] Black is better [%clk 0:04:50.25]");
//! assert_eq!(annotation::remove_eval(&comment), "Black is better [%clk 0:04:50.25]");
//! # Ok::<(), chess_core::pgn::InfiniteTimeError>(())
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::python_text::{decimal_digit, is_space, parse_float, parse_int, whole_seconds};
use crate::{File, Rank, Square};

/// The error for a clock or move time that is infinite (python-chess raises `ValueError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a clock or move time must be finite")]
pub struct InfiniteTimeError;

impl InfiniteTimeError {
    /// Returns [`ErrorCode::InvalidPgn`](crate::ErrorCode::InvalidPgn): the time cannot be
    /// written in PGN.
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidPgn
    }
}

/// Returns the remaining time in seconds of the first valid `[%clk H:MM:SS]` annotation
/// (seconds may have a fraction, `[%clk 0:00:09.75]`; minutes and seconds are not checked
/// against 60), or `None` when there is none or python-chess fails on its numbers (hours past
/// what an `f64` holds).
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::clock;
///
/// assert_eq!(clock("[%clk 1:30:00]"), Some(5400.0));
/// assert_eq!(clock("low on time [%clk 0:00:09.75] [%clk 0:00:01]"), Some(9.75));
/// assert_eq!(clock("[%clk 1:30]"), None);
/// ```
pub fn clock(comment: &str) -> Option<f64> {
    read_time(comment, "[%clk")
}

/// Replaces the first valid `[%clk]` annotation with one for `seconds`, or adds it at the end
/// after a space (unless the comment is empty or ends with a space or a line break).
///
/// The time is written as python-chess writes it: hours, two-digit minutes and seconds
/// rounded to milliseconds with trailing zeros dropped (`[%clk 0:01:05.5]`); a negative or
/// NaN time is written as zero.
///
/// # Errors
///
/// [`InfiniteTimeError`] for an infinite time.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::set_clock;
///
/// assert_eq!(set_clock("Good move", 3725.5)?, "Good move [%clk 1:02:05.5]");
/// assert_eq!(set_clock("a [%clk 0:00:10] b", 9.0)?, "a [%clk 0:00:09] b");
/// assert_eq!(set_clock("", 59.9996)?, "[%clk 0:00:60]");
/// assert!(set_clock("", f64::INFINITY).is_err());
/// # Ok::<(), chess_core::pgn::InfiniteTimeError>(())
/// ```
pub fn set_clock(comment: &str, seconds: f64) -> Result<String, InfiniteTimeError> {
    write_time(comment, "[%clk", seconds)
}

/// Removes the first valid `[%clk]` annotation.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::remove_clock;
///
/// assert_eq!(remove_clock("a [%clk 0:00:10] b"), "a b");
/// assert_eq!(remove_clock("[%clk 0:00:10] b"), "b");
/// ```
pub fn remove_clock(comment: &str) -> String {
    replace_first(comment, &time_body("[%clk"), "")
}

/// Returns the elapsed move time in seconds of the first valid `[%emt H:MM:SS]` annotation,
/// read as [`clock`] reads `[%clk]`.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::emt;
///
/// assert_eq!(emt("[%emt 0:00:12.5]"), Some(12.5));
/// assert_eq!(emt("[%clk 0:00:12.5]"), None);
/// ```
pub fn emt(comment: &str) -> Option<f64> {
    read_time(comment, "[%emt")
}

/// Replaces the first valid `[%emt]` annotation with one for `seconds`, or adds it, as
/// [`set_clock`] does for `[%clk]`.
///
/// # Errors
///
/// [`InfiniteTimeError`] for an infinite time.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::set_emt;
///
/// assert_eq!(set_emt("[%clk 0:03:00]", 4.0)?, "[%clk 0:03:00] [%emt 0:00:04]");
/// # Ok::<(), chess_core::pgn::InfiniteTimeError>(())
/// ```
pub fn set_emt(comment: &str, seconds: f64) -> Result<String, InfiniteTimeError> {
    write_time(comment, "[%emt", seconds)
}

/// Removes the first valid `[%emt]` annotation.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::remove_emt;
///
/// assert_eq!(remove_emt("[%clk 0:03:00] [%emt 0:00:04]"), "[%clk 0:03:00]");
/// ```
pub fn remove_emt(comment: &str) -> String {
    replace_first(comment, &time_body("[%emt"), "")
}

/// An evaluation as `[%eval]` writes it: from White's point of view.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{eval, EvalScore};
///
/// assert_eq!(eval("[%eval 1.5]").unwrap().score, EvalScore::Centipawns(150));
/// assert_eq!(eval("[%eval #-2]").unwrap().score, EvalScore::Mate(-2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EvalScore {
    /// Hundredths of a pawn (`[%eval 0.17]` is 17), positive when White is better.
    Centipawns(i64),
    /// Mate in this many moves, positive when White mates (`#3`), negative when Black does
    /// (`#-3`). `#0` says the side to move is mated: python-chess resolves it with the
    /// position, and [`set_eval`] with `Mate(0)` removes the annotation as python-chess does.
    Mate(i64),
}

/// A `[%eval]` annotation: the score and the search depth after a comma (`[%eval 0.17,23]`).
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{eval, Eval, EvalScore};
///
/// assert_eq!(eval("[%eval #3,40]"), Some(Eval { score: EvalScore::Mate(3), depth: Some(40) }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score, from White's point of view.
    pub score: EvalScore,
    /// The search depth, if written; a depth past `u32::MAX` reads as `u32::MAX`.
    pub depth: Option<u32>,
}

/// Returns the first valid `[%eval]` annotation: pawns with at most ten digits before the
/// point and two after it (`0.17`, `-1.5`, `+3`, `.5`, `2.`), rounded to centipawns, or `#`
/// and a mate (`#3`, `#-2`, `#+1`), then an optional `,depth`.
///
/// `None` when there is none, or when the mate does not fit an `i64` (python-chess reads any
/// size).
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{eval, Eval, EvalScore};
///
/// assert_eq!(eval("[%eval -0.07]"), Some(Eval { score: EvalScore::Centipawns(-7), depth: None }));
/// assert_eq!(eval("[%eval 0.123] [%eval 2.,5]").unwrap().score, EvalScore::Centipawns(200));
/// assert_eq!(eval("[%eval 12345678901]"), None);
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    let (_, body) = find(comment, 0, &eval_body)?;
    let score = match body.score {
        ScoreText::Mate(text) => EvalScore::Mate(parse_int(text).ok()?),
        ScoreText::Pawns(text) => EvalScore::Centipawns(round_half_even(parse_float(text)? * 100.0)),
    };
    let depth = body.depth.map(|text| match parse_int(text) {
        Ok(depth) => u32::try_from(depth).unwrap_or(u32::MAX),
        Err(_) => u32::MAX,
    });
    Some(Eval { score, depth })
}

/// Replaces the first valid `[%eval]` annotation, or adds it at the end after a space (unless
/// the comment is empty or ends with a space), written as python-chess writes it: pawns with
/// two decimals (`[%eval 0.17]`, `[%eval -1.50]`) or `#` and the mate, then `,depth`.
///
/// A mate in 0 writes nothing, so it removes the annotation, as in python-chess.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{set_eval, Eval, EvalScore};
///
/// let eval = Eval { score: EvalScore::Centipawns(-150), depth: None };
/// assert_eq!(set_eval("Sharp", eval), "Sharp [%eval -1.50]");
/// let eval = Eval { score: EvalScore::Mate(3), depth: Some(20) };
/// assert_eq!(set_eval("x [%eval 0.2] y", eval), "x [%eval #3,20] y");
/// ```
pub fn set_eval(comment: &str, eval: Eval) -> String {
    let depth = eval.depth.map(|depth| format!(",{depth}")).unwrap_or_default();
    let text = match eval.score {
        EvalScore::Centipawns(cp) => format!("[%eval {:.2}{depth}]", cp as f64 / 100.0),
        EvalScore::Mate(0) => return remove_eval(comment),
        EvalScore::Mate(mate) => format!("[%eval #{mate}{depth}]"),
    };
    match find(comment, 0, &eval_body) {
        Some(_) => replace_first(comment, &eval_body, &text),
        None => append(comment, &text, |end| end == ' '),
    }
}

/// Removes the first valid `[%eval]` annotation.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::remove_eval;
///
/// assert_eq!(remove_eval("Only move [%eval #5]"), "Only move");
/// ```
pub fn remove_eval(comment: &str) -> String {
    replace_first(comment, &eval_body, "")
}

/// The colour of an arrow or a marked square: the letter `G`, `R`, `Y` or `B` in PGN.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::ArrowColor;
///
/// assert_eq!(ArrowColor::from_char('Y'), Some(ArrowColor::Yellow));
/// assert_eq!(ArrowColor::Yellow.name(), "yellow");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ArrowColor {
    /// `G`, python-chess's colour for anything else.
    #[default]
    Green,
    /// `R`
    Red,
    /// `Y`
    Yellow,
    /// `B`
    Blue,
}

impl ArrowColor {
    /// Returns the colour for its PGN letter.
    pub const fn from_char(letter: char) -> Option<ArrowColor> {
        match letter {
            'G' => Some(ArrowColor::Green),
            'R' => Some(ArrowColor::Red),
            'Y' => Some(ArrowColor::Yellow),
            'B' => Some(ArrowColor::Blue),
            _ => None,
        }
    }

    /// Returns the PGN letter: `G`, `R`, `Y` or `B`.
    pub const fn char(self) -> char {
        match self {
            ArrowColor::Green => 'G',
            ArrowColor::Red => 'R',
            ArrowColor::Yellow => 'Y',
            ArrowColor::Blue => 'B',
        }
    }

    /// Returns python-chess's name of the colour: `green`, `red`, `yellow` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            ArrowColor::Green => "green",
            ArrowColor::Red => "red",
            ArrowColor::Yellow => "yellow",
            ArrowColor::Blue => "blue",
        }
    }
}

/// An arrow from `tail` to `head`, or a marked square when they are the same.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{Arrow, ArrowColor};
/// use chess_core::Square;
///
/// let arrow = Arrow { tail: Square::E2, head: Square::E4, color: ArrowColor::Red };
/// assert_eq!(arrow.to_string(), "Re2e4");
/// assert_eq!(Arrow { head: Square::E2, ..arrow }.to_string(), "Re2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where the arrow starts.
    pub tail: Square,
    /// Where the arrow points.
    pub head: Square,
    /// Its colour.
    pub color: ArrowColor,
}

impl core::fmt::Display for Arrow {
    /// Writes the arrow as `[%cal]` does (`Ge2e4`), a marked square as `[%csl]` does (`Ga1`).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", self.color.char(), self.tail)?;
        if self.head != self.tail {
            write!(f, "{}", self.head)?;
        }
        Ok(())
    }
}

/// Returns the arrows and marked squares of every valid `[%csl]` and `[%cal]` annotation, in
/// the order they are written. Either annotation takes both forms of entry: `Ga1` (a marked
/// square: an arrow whose tail is its head) and `Ga1h8`.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{arrows, Arrow, ArrowColor};
/// use chess_core::Square;
///
/// let found = arrows("[%csl Rd5][%cal Ge2e4,Bg1f3] [%cal Xa1a2]");
/// assert_eq!(found.len(), 3);
/// assert_eq!(found[0], Arrow { tail: Square::D5, head: Square::D5, color: ArrowColor::Red });
/// assert_eq!(found[2], Arrow { tail: Square::G1, head: Square::F3, color: ArrowColor::Blue });
/// ```
pub fn arrows(comment: &str) -> Vec<Arrow> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some((span, entries)) = find(comment, from, &arrows_body) {
        found.extend(entries.split(',').filter_map(parse_arrow));
        from = span.end;
    }
    found
}

/// Removes every valid `[%csl]` and `[%cal]` annotation and writes `arrows` at the start:
/// the marked squares in one `[%csl]`, then the arrows in one `[%cal]`, then a space before
/// the rest of the comment (unless it is empty or starts with a space or a line break).
///
/// # Examples
///
/// ```
/// use chess_core::pgn::annotation::{set_arrows, Arrow, ArrowColor};
/// use chess_core::Square;
///
/// let e4 = Arrow { tail: Square::E2, head: Square::E4, color: ArrowColor::Green };
/// let d5 = Arrow { tail: Square::D5, head: Square::D5, color: ArrowColor::Red };
/// assert_eq!(set_arrows("Plan [%cal Ra1a8]", &[e4, d5]), "[%csl Rd5][%cal Ge2e4] Plan");
/// assert_eq!(set_arrows("Plan [%cal Ra1a8] here", &[]), "Plan here");
/// ```
pub fn set_arrows(comment: &str, arrows: &[Arrow]) -> String {
    let mut rest = String::with_capacity(comment.len());
    let mut from = 0;
    while let Some((span, _)) = find(comment, from, &arrows_body) {
        rest.push_str(&comment[from..span.start]);
        rest.push_str(span.condensed());
        from = span.end;
    }
    rest.push_str(&comment[from..]);
    let mut text = String::new();
    for (name, squares) in [("csl", true), ("cal", false)] {
        let mut kind = arrows.iter().filter(|arrow| (arrow.tail == arrow.head) == squares).peekable();
        if kind.peek().is_some() {
            text.push_str("[%");
            text.push_str(name);
            for (i, arrow) in kind.enumerate() {
                text.push(if i == 0 { ' ' } else { ',' });
                text.push_str(&format!("{arrow}"));
            }
            text.push(']');
        }
    }
    if !text.is_empty() && !rest.is_empty() && !rest.starts_with([' ', '\n']) {
        text.push(' ');
    }
    text.push_str(&rest);
    text
}

/// An annotation found in a comment: the match of python-chess's pattern, which takes one
/// whitespace character either side of the brackets with it.
struct Span<'a> {
    start: usize,
    end: usize,
    /// The whitespace character before the `[`, or empty.
    prefix: &'a str,
    /// The whitespace character after the `]`, or empty.
    suffix: &'a str,
}

impl<'a> Span<'a> {
    /// What is left where the annotation is taken out: the whitespace after it when there
    /// was whitespace on both sides, else nothing.
    fn condensed(&self) -> &'a str {
        if self.prefix.is_empty() { "" } else { self.suffix }
    }
}

/// Reads an annotation at the start of the text (at a `[`): how many bytes up to and with its
/// `]`, and what it says.
trait Body<'a, T>: Fn(&'a str) -> Option<(usize, T)> {}
impl<'a, T, F: Fn(&'a str) -> Option<(usize, T)>> Body<'a, T> for F {}

/// Finds the first annotation the body reads at or after byte `from`.
///
/// Every body stops at a `[`, so each byte is looked at a bounded number of times.
fn find<'a, T>(comment: &'a str, from: usize, body: &impl Body<'a, T>) -> Option<(Span<'a>, T)> {
    let mut at = from;
    loop {
        at += comment.get(at..)?.find('[')?;
        if let Some((length, value)) = body(&comment[at..]) {
            let before = &comment[from..at];
            let prefix = before
                .chars()
                .next_back()
                .filter(|&c| is_space(c))
                .map_or("", |c| &before[before.len() - c.len_utf8()..]);
            let after = &comment[at + length..];
            let suffix = after.chars().next().filter(|&c| is_space(c)).map_or("", |c| &after[..c.len_utf8()]);
            let span = Span { start: at - prefix.len(), end: at + length + suffix.len(), prefix, suffix };
            return Some((span, value));
        }
        at += 1;
    }
}

/// Replaces the first annotation the body reads: by `text` with the whitespace around kept,
/// or, when `text` is empty, by the whitespace [`Span::condensed`] keeps.
fn replace_first<'a, T>(comment: &'a str, body: &impl Body<'a, T>, text: &str) -> String {
    let Some((span, _)) = find(comment, 0, body) else { return comment.into() };
    let middle =
        if text.is_empty() { span.condensed().into() } else { format!("{}{text}{}", span.prefix, span.suffix) };
    format!("{}{middle}{}", &comment[..span.start], &comment[span.end..])
}

/// Adds `text` at the end, after a space unless the comment is empty or `no_space` says its
/// last character needs none.
fn append(comment: &str, text: &str, no_space: impl Fn(char) -> bool) -> String {
    let space = comment.chars().next_back().is_some_and(|end| !no_space(end));
    format!("{comment}{}{text}", if space { " " } else { "" })
}

/// A cursor over an annotation's text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, at: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Takes `literal` if the text goes on with it.
    fn eat(&mut self, literal: &str) -> bool {
        let found = self.text[self.at..].starts_with(literal);
        if found {
            self.at += literal.len();
        }
        found
    }

    /// Takes one character if `wanted` says so.
    fn eat_if(&mut self, wanted: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek().filter(|&c| wanted(c))?;
        self.at += c.len_utf8();
        Some(c)
    }

    /// Takes the longest run of decimal digits (of any script): the text and how many.
    fn digits(&mut self) -> (&'a str, usize) {
        let start = self.at;
        let mut count = 0;
        while self.eat_if(|c| decimal_digit(c).is_some()).is_some() {
            count += 1;
        }
        (&self.text[start..self.at], count)
    }

    /// Takes one or more digits.
    fn some_digits(&mut self) -> Option<&'a str> {
        let (digits, count) = self.digits();
        (count > 0).then_some(digits)
    }

    /// The name of an annotation and the one whitespace character after it.
    fn eat_name(&mut self, name: &str) -> bool {
        self.eat(name) && self.eat_if(is_space).is_some()
    }

    /// Ends the annotation at `]`.
    fn close<T>(mut self, value: T) -> Option<(usize, T)> {
        self.eat("]").then_some((self.at, value))
    }
}

/// The texts of a time's hours, minutes and seconds.
type TimeText<'a> = (&'a str, &'a str, &'a str);

/// Reads `[%clk H:M:S]` or `[%emt H:M:S]` (by `name`, without the `]`): digits, seconds with
/// an optional point and fraction.
fn time_body<'a>(name: &'static str) -> impl Body<'a, TimeText<'a>> {
    move |text: &'a str| {
        let mut cursor = Cursor::new(text);
        if !cursor.eat_name(name) {
            return None;
        }
        let hours = cursor.some_digits()?;
        cursor.eat(":").then_some(())?;
        let minutes = cursor.some_digits()?;
        cursor.eat(":").then_some(())?;
        let start = cursor.at;
        cursor.some_digits()?;
        if cursor.eat(".") {
            cursor.digits();
        }
        let seconds = &text[start..cursor.at];
        cursor.close((hours, minutes, seconds))
    }
}

fn read_time(comment: &str, name: &'static str) -> Option<f64> {
    let (_, (hours, minutes, seconds)) = find(comment, 0, &time_body(name))?;
    Some(whole_seconds(hours, minutes)? + parse_float(seconds)?)
}

fn write_time(comment: &str, name: &'static str, seconds: f64) -> Result<String, InfiniteTimeError> {
    let text = format!("{name} {}]", format_time(seconds)?);
    Ok(match find(comment, 0, &time_body(name)) {
        Some(_) => replace_first(comment, &time_body(name), &text),
        None => append(comment, &text, |end| end == ' ' || end == '\n'),
    })
}

/// `H:MM:SS.sss` as python-chess writes a time: whole hours and minutes, seconds rounded to
/// milliseconds (so 59.9996 is `60`) with trailing zeros and point dropped.
fn format_time(seconds: f64) -> Result<String, InfiniteTimeError> {
    // Python's max(0, seconds): NaN and negative times are 0.
    let seconds = if seconds > 0.0 { seconds } else { 0.0 };
    if seconds == f64::INFINITY {
        return Err(InfiniteTimeError);
    }
    let hours = floor_div(seconds, 3600.0);
    let within_hour = seconds % 3600.0;
    let minutes = floor_div(within_hour, 60.0);
    let seconds = format!("{:06.3}", within_hour % 60.0);
    let seconds = seconds.trim_end_matches('0').trim_end_matches('.');
    Ok(format!("{hours:.0}:{minutes:02.0}:{seconds}"))
}

/// Python's `x // divisor` for a finite `x >= 0` and `divisor > 0`: the quotient of `x` less
/// its remainder, to the nearest whole number below, or above when it is past a half below.
fn floor_div(x: f64, divisor: f64) -> f64 {
    let quotient = (x - x % divisor) / divisor;
    let floor = whole_part(quotient);
    if quotient - floor > 0.5 { floor + 1.0 } else { floor }
}

/// The whole part of a finite `x >= 0` (`f64::floor` is not in `core`).
fn whole_part(x: f64) -> f64 {
    // From 2^52 up every f64 is whole.
    if x >= 4_503_599_627_370_496.0 { x } else { x as u64 as f64 }
}

/// Python's `round(x)` for `|x|` below 2^52: to the nearest whole number, ties to even.
fn round_half_even(x: f64) -> i64 {
    let whole = x as i64;
    let fraction = x - whole as f64;
    let step = if x < 0.0 { -1 } else { 1 };
    let half = fraction.abs();
    if half > 0.5 || (half == 0.5 && whole % 2 != 0) { whole + step } else { whole }
}

/// A score's text in `[%eval]`.
enum ScoreText<'a> {
    /// After `#`, with its sign.
    Mate(&'a str),
    /// Pawns, with its sign.
    Pawns(&'a str),
}

struct EvalText<'a> {
    score: ScoreText<'a>,
    depth: Option<&'a str>,
}

/// Reads `[%eval #M,D]` or `[%eval P,D]`: a mate is a sign and digits; pawns are a sign and
/// either at most ten digits, a point and one or two digits, or one to ten digits and an
/// optional point.
fn eval_body(text: &str) -> Option<(usize, EvalText<'_>)> {
    let mut cursor = Cursor::new(text);
    if !cursor.eat_name("[%eval") {
        return None;
    }
    let score = if cursor.eat("#") {
        let start = cursor.at;
        cursor.eat_if(|c| c == '+' || c == '-');
        cursor.some_digits()?;
        ScoreText::Mate(&text[start..cursor.at])
    } else {
        let start = cursor.at;
        cursor.eat_if(|c| c == '+' || c == '-');
        let (_, whole) = cursor.digits();
        if whole > 10 {
            return None;
        }
        if cursor.eat(".") {
            let (_, fraction) = cursor.digits();
            // No fraction needs whole digits ("2."); three decimals are no match at all.
            if fraction > 2 || (fraction == 0 && whole == 0) {
                return None;
            }
        } else if whole == 0 {
            return None;
        }
        ScoreText::Pawns(&text[start..cursor.at])
    };
    let depth = if cursor.eat(",") { Some(cursor.some_digits()?) } else { None };
    cursor.close(EvalText { score, depth })
}

/// Reads `[%csl E,E]` or `[%cal E,E]`: the entries' text, each entry a colour letter and one
/// or two squares.
fn arrows_body(text: &str) -> Option<(usize, &str)> {
    let mut cursor = Cursor::new(text);
    if !(cursor.eat_name("[%csl") || cursor.eat_name("[%cal")) {
        return None;
    }
    let start = cursor.at;
    loop {
        cursor.eat_if(|c| ArrowColor::from_char(c).is_some())?;
        for _ in 0..2 {
            cursor.eat_if(|c| File::from_char(c).is_some())?;
            cursor.eat_if(|c| Rank::from_char(c).is_some())?;
            if cursor.peek().and_then(File::from_char).is_none() {
                break;
            }
        }
        if !cursor.eat(",") {
            break;
        }
    }
    let entries = &text[start..cursor.at];
    cursor.close(entries)
}

/// An entry `arrows_body` accepted: a colour letter and one or two squares.
fn parse_arrow(entry: &str) -> Option<Arrow> {
    let color = ArrowColor::from_char(entry.chars().next()?)?;
    let tail: Square = entry.get(1..3)?.parse().ok()?;
    let head = match entry.get(3..) {
        Some("") | None => tail,
        Some(head) => head.parse().ok()?,
    };
    Some(Arrow { tail, head, color })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(cp: i64, depth: Option<u32>) -> Option<Eval> {
        Some(Eval { score: EvalScore::Centipawns(cp), depth })
    }

    #[test]
    fn clocks_as_python_chess_reads_them() {
        assert_eq!(clock("[%clk 0:00:00]"), Some(0.0));
        assert_eq!(clock("[%clk 10:99:99.]"), Some(36000.0 + 99.0 * 60.0 + 99.0));
        assert_eq!(clock("[%clk\n1:2:3.25]"), Some(3723.25));
        assert_eq!(clock("[%clk\u{3000}١:٠٢:٠٣]"), Some(3723.0));
        for bad in ["[%clk  1:2:3]", "[%clk 1:2:3 ]", "[%clk 1:2]", "[%clk -1:2:3]", "[%clk 1:2:.5]", "[%CLK 1:2:3]"] {
            assert_eq!(clock(bad), None, "{bad}");
        }
        // Hours past what an f64 holds: python-chess raises OverflowError.
        assert_eq!(clock(&format!("[%clk {}:00:00]", "9".repeat(400))), None);
        // Seconds past it are infinite.
        assert_eq!(clock(&format!("[%clk 0:00:{}]", "9".repeat(400))), Some(f64::INFINITY));
        assert_eq!(clock("[%clk 1:2:x] [%clk 0:0:7]"), Some(7.0));
    }

    #[test]
    fn times_written_as_python_chess_writes_them() {
        let text = |seconds| format_time(seconds).unwrap();
        assert_eq!(text(0.0), "0:00:00");
        assert_eq!(text(-5.0), "0:00:00");
        assert_eq!(text(f64::NAN), "0:00:00");
        assert_eq!(text(f64::NEG_INFINITY), "0:00:00");
        assert_eq!(text(0.0625), "0:00:00.062");
        assert_eq!(text(3599.9999), "0:59:60");
        assert_eq!(text(86400.5), "24:00:00.5");
        assert_eq!(text(1e20), "27777777777777776:46:40");
        assert_eq!(format_time(f64::INFINITY), Err(InfiniteTimeError));
    }

    #[test]
    fn whitespace_around_is_kept_or_condensed() {
        assert_eq!(set_clock("a\t[%clk 0:00:10]\nb", 1.0).unwrap(), "a\t[%clk 0:00:01]\nb");
        assert_eq!(remove_clock("a\t[%clk 0:00:10]\nb"), "a\nb");
        assert_eq!(remove_clock("a [%clk 0:00:10]b"), "ab");
        assert_eq!(remove_clock("a[%clk 0:00:10] b"), "ab");
        assert_eq!(remove_clock("  [%clk 0:00:10]  "), "   ");
        assert_eq!(set_clock("a\n", 1.0).unwrap(), "a\n[%clk 0:00:01]");
        assert_eq!(set_eval("a\n", Eval { score: EvalScore::Mate(-1), depth: None }), "a\n [%eval #-1]");
        assert_eq!(remove_eval("x [%eval #0] y [%eval 1]"), "x y [%eval 1]");
    }

    #[test]
    fn evals_as_python_chess_reads_them() {
        assert_eq!(eval("[%eval 0.17]"), cp(17, None));
        assert_eq!(eval("[%eval +.5,0]"), cp(50, Some(0)));
        assert_eq!(eval("[%eval -1234567890.99]"), cp(-123_456_789_099, None));
        assert_eq!(eval("[%eval 0.125]"), None);
        assert_eq!(eval("[%eval 0.005]"), None);
        assert_eq!(eval("[%eval 1.005]"), None);
        // 0.285 * 100 is 28.499999999999996.
        assert_eq!(eval("[%eval 0.285]"), None);
        assert_eq!(eval("[%eval .285]"), None);
        assert_eq!(eval("[%eval 0.28]"), cp(28, None));
        assert_eq!(eval("[%eval 2.675]"), None);
        assert_eq!(eval("[%eval 0.025]"), None);
        assert_eq!(eval("[%eval 1.01]"), cp(101, None));
        assert_eq!(eval("[%eval -0.0]"), cp(0, None));
        assert_eq!(eval("[%eval .]"), None);
        assert_eq!(eval("[%eval 1,]"), None);
        assert_eq!(eval("[%eval #]"), None);
        assert_eq!(eval("[%eval #+3]").map(|e| e.score), Some(EvalScore::Mate(3)));
        assert_eq!(eval("[%eval #-0]").map(|e| e.score), Some(EvalScore::Mate(0)));
        assert_eq!(eval("[%eval #99999999999999999999]"), None);
        assert_eq!(eval("[%eval 1,99999999999]").and_then(|e| e.depth), Some(u32::MAX));
    }

    #[test]
    fn centipawns_round_half_to_even() {
        assert_eq!(round_half_even(0.5), 0);
        assert_eq!(round_half_even(1.5), 2);
        assert_eq!(round_half_even(-2.5), -2);
        assert_eq!(round_half_even(-3.5), -4);
        assert_eq!(round_half_even(-0.4), 0);
        assert_eq!(round_half_even(28.499999999999996), 28);
        assert_eq!(eval("[%eval 0.015]"), None);
        assert_eq!(eval("[%eval 0.01]"), cp(1, None));
    }

    #[test]
    fn arrows_read_and_written() {
        assert_eq!(arrows("[%cal Ga1]")[0].head, Square::A1);
        assert_eq!(arrows("[%csl Ga1b2]")[0].head, Square::B2);
        assert!(arrows("[%csl Ga1,]").is_empty());
        assert!(arrows("[%csl ga1]").is_empty());
        assert!(arrows("[%csl Ga1b2c3]").is_empty());
        assert!(arrows("[%csl Ga9]").is_empty());
        assert_eq!(arrows("[%csl Ga1] [%csl Gb1]  [%csl Gc1]").len(), 3);
        assert_eq!(set_arrows("[%csl Ga1] [%csl Gb1]  [%csl Gc1]", &[]), "");
        assert_eq!(
            set_arrows("\n", &[Arrow { tail: Square::A1, head: Square::A1, color: ArrowColor::Blue }]),
            "[%csl Ba1]\n"
        );
    }

    #[test]
    fn no_panics_on_odd_text() {
        for text in ["[", "[%", "[%clk", "[%clk é", "é[%eval\u{3000}#١]é", "[%cal Gé", "[%csl Ga1,Gé]"] {
            clock(text);
            eval(text);
            arrows(text);
            remove_clock(text);
            remove_eval(text);
            set_arrows(text, &[]);
        }
        assert_eq!(eval("é[%eval\u{3000}#١]é").map(|e| e.score), Some(EvalScore::Mate(1)));
    }
}
