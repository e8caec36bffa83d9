//! Draws the board: Unicode figures or letters, on ANSI-coloured squares or in plain ASCII,
//! with coordinates, the last move's squares marked and the king's square red when in check.
//!
//! In plain mode a cell is ` x ` (`.` for an empty square), `[x]` on the last move's from and
//! to squares and `!K!` for a king in check.

use std::fmt::Write;
use std::str::FromStr;

use chess_core::{File, Move, Piece, Position, Rank, Square};

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

/// How a square is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    LastMove,
    Check,
}

/// Background colours (256-colour palette): light, dark, last move light, last move dark, check.
const LIGHT: u8 = 223;
const DARK: u8 = 137;
const LAST_LIGHT: u8 = 186;
const LAST_DARK: u8 = 143;
const CHECK: u8 = 160;

/// Draws `position` as seen from White's side, or Black's when `flipped`, marking the squares
/// of `last_move` and the king in check.
pub(crate) fn render(position: &Position, last_move: Option<Move>, flipped: bool, style: BoardStyle) -> String {
    let last: Vec<Square> = last_move.map(|m| vec![m.from(), m.destination()]).unwrap_or_default();
    let checked = position.is_check().then(|| position.king_of(position.turn()));
    let mark = |square: Square| {
        if Some(square) == checked {
            Mark::Check
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
        let glyph = if glyph == '.' { ' ' } else { glyph };
        let background = match (mark, square.is_light()) {
            (Mark::Check, _) => CHECK,
            (Mark::LastMove, true) => LAST_LIGHT,
            (Mark::LastMove, false) => LAST_DARK,
            (Mark::None, true) => LIGHT,
            (Mark::None, false) => DARK,
        };
        format!("\x1b[48;5;{background};38;5;16m {glyph} \x1b[0m")
    } else {
        match mark {
            Mark::Check => format!("!{glyph}!"),
            Mark::LastMove => format!("[{glyph}]"),
            Mark::None => format!(" {glyph} "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: BoardStyle = BoardStyle { colors: false, pieces: PieceStyle::Letters };

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
        assert_eq!(render(&pos, Some(e4), false, PLAIN), expected);
    }

    #[test]
    fn flipped_board_has_black_at_the_bottom_and_marks_the_checked_king() {
        let pos: Position = "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3".parse().unwrap();
        let qh5 = Move::new(Square::D1, Square::H5);
        let board = render(&pos, Some(qh5), true, PLAIN);
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
        let plain = render(&pos, Some(castle), false, PLAIN);
        assert!(plain.contains("1  R  .  .  . [.] R [K] .  1"), "{plain}");
        let coloured = render(&pos, Some(castle), false, BoardStyle { colors: true, pieces: PieceStyle::Unicode });
        assert!(coloured.contains("\x1b[48;5;143;38;5;16m ♔ \x1b[0m"), "{coloured}"); // g1 is dark
        assert!(coloured.contains("\x1b[48;5;223;38;5;16m ♜ \x1b[0m")); // h8 is light
    }
}
