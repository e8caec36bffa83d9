//! Draws the board: Unicode figures or letters, on ANSI-coloured squares or in plain ASCII,
//! with coordinates, the last move's squares marked, the king's square red when in check, a
//! hinted move's squares highlighted, and where a piece can go (a dot on an empty square, a
//! ring around a piece it can take).
//!
//! In plain mode a cell is ` x ` (`.` for an empty square), `[x]` on the last move's from and
//! to squares, `!K!` for a king in check, `<x>` on a hinted move's squares, ` * ` on an empty
//! square a piece can go to and `(x)` on a square where it takes (`(.)` for en passant).

use std::fmt::Write;
use std::str::FromStr;

use chess_core::{Bitboard, File, Move, Piece, Position, Rank, Square};

/// Chooses how pieces are drawn: Unicode figures (`♘`) or FEN letters (`N`, `n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceStyle {
    /// Unicode chess figures: outlined for White, solid for Black.
    Unicode,
    /// Letters as in FEN: uppercase for White, lowercase for Black.
    Letters,
}

impl FromStr for PieceStyle {
    type Err = String;

    /// Reads `unicode` or `letters`.
    fn from_str(text: &str) -> Result<PieceStyle, String> {
        match text.to_ascii_lowercase().as_str() {
            "unicode" | "figures" => Ok(PieceStyle::Unicode),
            "letters" | "ascii" => Ok(PieceStyle::Letters),
            _ => Err(format!("unknown piece style '{text}' (expected unicode or letters)")),
        }
    }
}

impl PieceStyle {
    /// Returns the character drawn for `piece`.
    pub fn glyph(self, piece: Piece) -> char {
        match self {
            PieceStyle::Unicode => piece.unicode(),
            PieceStyle::Letters => piece.char(),
        }
    }
}

/// Sets how the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardStyle {
    /// Colours the squares with ANSI escape codes (otherwise plain ASCII marks).
    pub colors: bool,
    /// How the pieces are drawn.
    pub pieces: PieceStyle,
}

/// What to mark on the board besides the pieces.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Marks {
    /// The last move played.
    pub last: Option<Move>,
    /// A hinted move.
    pub hint: Option<Move>,
    /// Empty squares a piece can go to (dots).
    pub dots: Bitboard,
    /// Squares where a piece can take (rings; en passant's target square included).
    pub rings: Bitboard,
}

/// How a square is marked, the strongest mark first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Check,
    Hint,
    Ring,
    Dot,
    LastMove,
    None,
}

/// Background colours (256-colour palette): light, dark, last move light, last move dark,
/// check, hint, a square where a piece can take.
const LIGHT: u8 = 223;
const DARK: u8 = 137;
const LAST_LIGHT: u8 = 186;
const LAST_DARK: u8 = 143;
const CHECK: u8 = 160;
const HINT: u8 = 117;
const RING: u8 = 174;

/// Draws `position` as seen from White's side, or Black's when `flipped`, with `marks` and
/// the king in check marked.
pub(crate) fn render(position: &Position, marks: &Marks, flipped: bool, style: BoardStyle) -> String {
    let squares = |m: Option<Move>| m.map(|m| vec![m.from(), m.destination()]).unwrap_or_default();
    let (last, hint) = (squares(marks.last), squares(marks.hint));
    let checked = position.is_check().then(|| position.king_of(position.turn()));
    let mark = |square: Square| {
        if Some(square) == checked {
            Mark::Check
        } else if hint.contains(&square) {
            Mark::Hint
        } else if marks.rings.contains(square) {
            Mark::Ring
        } else if marks.dots.contains(square) {
            Mark::Dot
        } else if last.contains(&square) {
            Mark::LastMove
        } else {
            Mark::None
        }
    };
    let files: Vec<File> = if flipped { File::ALL.into_iter().rev().collect() } else { File::ALL.to_vec() };
    let ranks: Vec<Rank> = if flipped { Rank::ALL.to_vec() } else { Rank::ALL.into_iter().rev().collect() };
    let header: String = files.iter().map(|file| format!(" {} ", file.char())).collect();
    let header = format!("  {}", header.trim_end());
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for &rank in &ranks {
        let _ = write!(out, "{} ", rank.char());
        for &file in &files {
            let square = Square::from_coords(file, rank);
            let glyph = position.piece_at(square).map_or('.', |piece| style.pieces.glyph(piece));
            out.push_str(&cell(square, glyph, mark(square), style.colors));
        }
        let _ = writeln!(out, " {}", rank.char());
    }
    out.push_str(&header);
    out.push('\n');
    out
}

/// Draws one square, three characters wide.
fn cell(square: Square, glyph: char, mark: Mark, colors: bool) -> String {
    if colors {
        let glyph = match (glyph, mark) {
            ('.', Mark::Dot) => '•',
            ('.', _) => ' ',
            (glyph, _) => glyph,
        };
        let background = match (mark, square.is_light()) {
            (Mark::Check, _) => CHECK,
            (Mark::Hint, _) => HINT,
            (Mark::Ring, _) => RING,
            (Mark::LastMove, true) => LAST_LIGHT,
            (Mark::LastMove, false) => LAST_DARK,
            (Mark::None | Mark::Dot, true) => LIGHT,
            (Mark::None | Mark::Dot, false) => DARK,
        };
        format!("\x1b[48;5;{background};38;5;16m {glyph} \x1b[0m")
    } else {
        match mark {
            Mark::Check => format!("!{glyph}!"),
            Mark::Hint => format!("<{glyph}>"),
            Mark::Ring => format!("({glyph})"),
            Mark::Dot => " * ".to_string(),
            Mark::LastMove => format!("[{glyph}]"),
            Mark::None => format!(" {glyph} "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: BoardStyle = BoardStyle { colors: false, pieces: PieceStyle::Letters };

    fn last(m: Move) -> Marks {
        Marks { last: Some(m), ..Marks::default() }
    }

    #[test]
    fn plain_board_marks_the_last_move() {
        let mut pos = Position::new();
        let e4 = pos.parse_san("e4").unwrap();
        pos.play(e4).unwrap();
        let expected = "   a  b  c  d  e  f  g  h
8  r  n  b  q  k  b  n  r  8
7  p  p  p  p  p  p  p  p  7
6  .  .  .  .  .  .  .  .  6
5  .  .  .  .  .  .  .  .  5
4  .  .  .  . [P] .  .  .  4
3  .  .  .  .  .  .  .  .  3
2  P  P  P  P [.] P  P  P  2
1  R  N  B  Q  K  B  N  R  1
   a  b  c  d  e  f  g  h
";
        assert_eq!(render(&pos, &last(e4), false, PLAIN), expected);
    }

    #[test]
    fn flipped_board_has_black_at_the_bottom_and_marks_the_checked_king() {
        let pos: Position = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3".parse().unwrap();
        let qh5 = Move::new(Square::D1, Square::H5);
        let board = render(&pos, &last(qh5), true, PLAIN);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "   h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "1  R  N  B  K [.] B  N  R  1");
        assert_eq!(lines[4], "4  .  .  .  P  .  .  .  .  4");
        assert_eq!(lines[5], "5 [Q] p  .  .  .  .  .  .  5");
        assert_eq!(lines[8], "8  r  n  b !k! q  b  n  r  8");
    }

    #[test]
    fn castling_marks_the_king_squares_and_colours_use_ansi_codes() {
        let mut pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let castle = pos.parse_san("O-O").unwrap();
        pos.play(castle).unwrap();
        let plain = render(&pos, &last(castle), false, PLAIN);
        assert!(plain.contains("1  R  .  .  . [.] R [K] .  1"), "{plain}");
        let coloured = render(&pos, &last(castle), false, BoardStyle { colors: true, pieces: PieceStyle::Unicode });
        assert!(coloured.contains("\x1b[48;5;143;38;5;16m ♔ \x1b[0m"), "{coloured}"); // g1 is dark
        assert!(coloured.contains("\x1b[48;5;223;38;5;16m ♜ \x1b[0m")); // h8 is light
    }

    #[test]
    fn hints_dots_and_rings_have_their_colours() {
        let pos: Position = "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1".parse().unwrap();
        let nxd5 = pos.parse_san("Nxd5").unwrap();
        let marks = Marks {
            hint: Some(nxd5),
            dots: Bitboard::from_square(Square::B5),
            rings: Bitboard::from_square(Square::E4),
            ..Marks::default()
        };
        let coloured = render(&pos, &marks, false, BoardStyle { colors: true, pieces: PieceStyle::Letters });
        assert!(coloured.contains("\x1b[48;5;117;38;5;16m n \x1b[0m"), "{coloured}"); // the hint's d5
        assert!(coloured.contains("\x1b[48;5;223;38;5;16m • \x1b[0m"), "{coloured}"); // b5 is light
        assert!(coloured.contains("\x1b[48;5;174;38;5;16m   \x1b[0m"), "{coloured}"); // e4
        let plain = render(&pos, &marks, false, PLAIN);
        assert!(plain.contains("5  .  *  . <n> .  .  .  .  5"), "{plain}");
        assert!(plain.contains("3  .  . <N> .  .  .  .  .  3"), "{plain}");
    }
}
