//! Reads what the player types: commands (with one-letter shortcuts and Chinese names), a
//! lone square, or a move (read by chess-core's `Position::parse_move`: SAN, `e2e4`, `e2 e4`,
//! `e2-e4`, `e7e8q`).

use chess_core::{Role, Square};

/// Names what a line of input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// An empty line.
    Empty,
    /// `help`: list the commands.
    Help,
    /// `quit`, `q`: save and leave.
    Quit,
    /// `undo`, `u`, `z`: take back.
    Undo,
    /// `hint`, `h`: suggest a move.
    Hint,
    /// `flip`, `f`: turn the board around.
    Flip,
    /// `board`, `b`: show the board again.
    Board,
    /// `fen`: print the position as FEN.
    Fen,
    /// `pieces`: switch between Unicode figures and letters.
    Pieces,
    /// `resign`.
    Resign,
    /// `draw`: offer or claim a draw.
    Draw,
    /// `pgn [FILE]`: print the game or save it.
    Pgn(Option<String>),
    /// `pace [real|fast|instant]`: show or set the computer's pace (the word as typed).
    Pace(Option<String>),
    /// `moves [SQUARE]`: the moves of one piece, or all.
    Moves(Option<Square>),
    /// `y`, `yes`.
    Yes,
    /// `n`, `no`.
    No,
    /// `s`, `settings`: a new game with new settings.
    Settings,
    /// A square on its own: a pawn move in SAN, or a question about the piece there.
    Square(Square),
    /// Anything else, read as a move (SAN, or two squares: `e2e4`, `e2 e4`, `e2-e4`).
    Move(String),
}

/// Reads one line of input.
pub(crate) fn parse(line: &str) -> Command {
    let line = line.trim();
    let lower = line.to_lowercase();
    let (word, rest) = match lower.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (lower.as_str(), ""),
    };
    match (word, rest.is_empty()) {
        ("", _) => Command::Empty,
        ("help" | "?" | "帮助", true) => Command::Help,
        ("quit" | "q" | "exit" | "退出", true) => Command::Quit,
        ("undo" | "u" | "z" | "悔棋", true) => Command::Undo,
        ("hint" | "h" | "提示", true) => Command::Hint,
        ("flip" | "f" | "翻转", true) => Command::Flip,
        ("board" | "b" | "棋盘", true) => Command::Board,
        ("fen", true) => Command::Fen,
        ("pieces" | "棋子", true) => Command::Pieces,
        ("resign" | "认输", true) => Command::Resign,
        ("draw" | "求和" | "提和", true) => Command::Draw,
        ("y" | "yes" | "是" | "好", true) => Command::Yes,
        ("n" | "no" | "否" | "不", true) => Command::No,
        ("s" | "settings" | "设置", true) => Command::Settings,
        ("pgn", true) => Command::Pgn(None),
        // Keep the file name as typed (not lowercased).
        ("pgn", false) => Command::Pgn(Some(line.get(3..).unwrap_or_default().trim().to_string())),
        ("pace" | "节奏", true) => Command::Pace(None),
        ("pace" | "节奏", false) => Command::Pace(Some(rest.to_string())),
        ("moves" | "走法", true) => Command::Moves(None),
        ("moves" | "走法", false) => match square(rest) {
            Some(square) => Command::Moves(Some(square)),
            None => Command::Move(line.to_string()),
        },
        _ => match square(&lower) {
            Some(square) => Command::Square(square),
            None => Command::Move(line.to_string()),
        },
    }
}

fn square(text: &str) -> Option<Square> {
    text.parse().ok()
}

/// Reads a one-letter piece name (`q`, `r`, `b`, `n`, also `k` and `p`).
fn role_letter(text: &str) -> Option<Role> {
    let mut chars = text.chars();
    let role = Role::from_char(chars.next()?.to_ascii_lowercase())?;
    chars.next().is_none().then_some(role)
}

/// Reads the answer to "promote to which piece?": a letter, an English or a Chinese name.
pub(crate) fn parse_promotion(answer: &str) -> Option<Role> {
    let answer = answer.trim().to_lowercase();
    match answer.as_str() {
        "queen" | "后" => Some(Role::Queen),
        "rook" | "车" => Some(Role::Rook),
        "bishop" | "象" => Some(Role::Bishop),
        "knight" | "马" => Some(Role::Knight),
        letter => role_letter(letter).filter(|role| Role::PROMOTIONS.contains(role)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_shortcuts() {
        assert_eq!(parse("  "), Command::Empty);
        for (line, command) in [
            ("help", Command::Help),
            ("Quit", Command::Quit),
            ("z", Command::Undo),
            ("u", Command::Undo),
            ("悔棋", Command::Undo),
            ("h", Command::Hint),
            ("f", Command::Flip),
            ("fen", Command::Fen),
            ("pieces", Command::Pieces),
            ("resign", Command::Resign),
            ("draw", Command::Draw),
            ("yes", Command::Yes),
            ("否", Command::No),
            ("pgn", Command::Pgn(None)),
            ("pgn Games/My Game.pgn", Command::Pgn(Some("Games/My Game.pgn".into()))),
            ("moves", Command::Moves(None)),
            ("moves e2", Command::Moves(Some(Square::E2))),
        ] {
            assert_eq!(parse(line), command, "{line}");
        }
    }

    #[test]
    fn a_lone_square() {
        assert_eq!(parse("e2"), Command::Square(Square::E2));
        assert_eq!(parse(" E2 "), Command::Square(Square::E2));
    }

    #[test]
    fn everything_else_is_a_move() {
        for line in ["e2e4", "e2 e4", "E2-E4", "e7e8=N", "Nf3", "O-O", "exd6 e.p.", "e8=Q", "moves z9", "bogus 💥"] {
            assert_eq!(parse(line), Command::Move(line.to_string()), "{line}");
        }
    }

    #[test]
    fn promotion_answers() {
        assert_eq!(parse_promotion("q"), Some(Role::Queen));
        assert_eq!(parse_promotion(" Knight "), Some(Role::Knight));
        assert_eq!(parse_promotion("车"), Some(Role::Rook));
        assert_eq!(parse_promotion("k"), None);
        assert_eq!(parse_promotion(""), None);
    }
}
