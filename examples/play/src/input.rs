//! Reads what the player types: commands (with one-letter shortcuts and Chinese names),
//! coordinates (`e2e4`, `e2 e4`, `e2-e4`, `e7e8q`), a lone square, or SAN.

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
    /// A move given by its squares.
    Coords {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// The promotion piece, if given.
        promotion: Option<Role>,
    },
    /// A square on its own: a pawn move in SAN, or a question about the piece there.
    Square(Square),
    /// Anything else, read as SAN.
    San(String),
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
            None => Command::San(line.to_string()),
        },
        _ => coordinates(&lower).unwrap_or_else(|| Command::San(line.to_string())),
    }
}

/// Reads `e2e4`, `e2 e4`, `e2-e4`, `e7e8q`, `e7e8=q` or a lone square `e2`.
fn coordinates(text: &str) -> Option<Command> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    if let Some(square) = square(&compact) {
        return Some(Command::Square(square));
    }
    let from = square(compact.get(0..2)?)?;
    let to = square(compact.get(2..4)?)?;
    let promotion = match compact.get(4..)?.trim_start_matches('=') {
        "" => None,
        piece => Some(role_letter(piece)?),
    };
    Some(Command::Coords { from, to, promotion })
}

fn square(text: &str) -> Option<Square> {
    text.parse().ok()
}

/// Reads a one-letter piece name (`q`, `r`, `b`, `n`, also `k` and `p`: the rules refuse those).
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
    fn coordinates_in_several_spellings() {
        let e2e4 = Command::Coords { from: Square::E2, to: Square::E4, promotion: None };
        for line in ["e2e4", "e2 e4", "e2-e4", "E2E4"] {
            assert_eq!(parse(line), e2e4, "{line}");
        }
        let promotion = Command::Coords { from: Square::E7, to: Square::E8, promotion: Some(Role::Knight) };
        assert_eq!(parse("e7e8n"), promotion);
        assert_eq!(parse("e7e8=N"), promotion);
        assert_eq!(parse("e2"), Command::Square(Square::E2));
        // The rules explain why a pawn cannot become a king.
        assert_eq!(parse("e7e8k"), Command::Coords { from: Square::E7, to: Square::E8, promotion: Some(Role::King) });
    }

    #[test]
    fn everything_else_is_san() {
        for line in ["Nf3", "O-O", "exd6 e.p.", "e8=Q", "e7e8x", "moves z9", "bogus 💥"] {
            assert_eq!(parse(line), Command::San(line.to_string()), "{line}");
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
