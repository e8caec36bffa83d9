//! What the page shows of a game: the board, the legal moves, the move list, captures, the
//! outcome; every text in English and in Chinese.

use std::collections::BTreeMap;

use chess_core::search::Level;
use chess_core::{Color, Game, Move, Position, Square};
use chess_session::texts::game_over_text;
use chess_session::{GivenHint, RulesChoice, Session, Side, Texts};
use serde::{Deserialize, Serialize};

/// A legal move as the board shows it: castling goes to the square two files from the king.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The moving piece's square.
    pub from: Square,
    /// Where it goes (for castling, the king's destination).
    pub to: Square,
    /// The move in SAN (for a promotion, with a queen).
    pub san: String,
    /// Whether it takes a piece (en passant included).
    pub capture: bool,
    /// Whether it takes en passant.
    pub en_passant: bool,
    /// Whether it castles.
    pub castle: bool,
    /// Whether it promotes: the page asks for the piece.
    pub promotion: bool,
}

impl LegalMove {
    /// Describes `m`, legal in `position`.
    fn new(position: &Position, m: Move) -> LegalMove {
        LegalMove {
            from: m.from(),
            to: m.destination(),
            san: position.san(m).to_string(),
            capture: position.is_capture(m),
            en_passant: m.is_en_passant(),
            castle: m.is_castle(),
            promotion: m.is_promotion(),
        }
    }
}

/// Returns the legal moves of the piece on `from` (every piece's when `None`), one per pair of
/// squares: a promotion is listed once, with a queen.
pub fn legal_moves(position: &Position, from: Option<Square>) -> Vec<LegalMove> {
    position
        .legal_moves()
        .into_iter()
        .filter(|m| from.is_none_or(|from| m.from() == from))
        .filter(|m| m.promotion().is_none_or(|role| role == chess_core::Role::Queen))
        .map(|m| LegalMove::new(position, m))
        .collect()
}

/// A move played, as the page announces it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The moving piece's square.
    pub from: Square,
    /// Where it went (for castling, the king's destination).
    pub to: Square,
    /// The move in SAN.
    pub san: String,
    /// The move in words.
    pub text: Texts,
}

impl Played {
    /// Describes `m`, legal in `position`.
    pub fn new(position: &Position, m: Move) -> Played {
        Played {
            from: m.from(),
            to: m.destination(),
            san: position.san(m).to_string(),
            text: Texts::of(&position.describe(m)),
        }
    }
}

/// The end of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// Who won (`None`: a draw or a void game).
    pub winner: Option<Color>,
    /// What the game says, as the terminal game does.
    pub text: Texts,
}

/// A position of the game as the board draws it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// The position.
    pub fen: String,
    /// Every piece by square, as FEN letters.
    pub pieces: BTreeMap<Square, char>,
    /// The squares of the move that led here.
    pub last_move: Option<LastMove>,
    /// The square of the king in check.
    pub check: Option<Square>,
}

impl BoardView {
    /// Shows `position`, reached by `last` (none at the start).
    fn new(position: &Position, last: Option<Move>) -> BoardView {
        BoardView {
            fen: position.to_fen(),
            pieces: Square::ALL.into_iter().filter_map(|sq| Some((sq, position.piece_at(sq)?.char()))).collect(),
            last_move: last.map(|m| LastMove { from: m.from(), to: m.destination() }),
            check: position.is_check().then(|| position.king_of(position.turn())),
        }
    }
}

/// Every position of `game` as the board draws it, from the start to now: the one after `n`
/// moves at index `n`.
pub fn positions(game: &Game) -> Vec<BoardView> {
    let last_moves = std::iter::once(None).chain(game.moves().iter().copied().map(Some));
    game.positions().zip(last_moves).map(|(position, last)| BoardView::new(position, last)).collect()
}

/// The game as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The position now (its FEN, pieces, last move and check).
    #[serde(flatten)]
    pub board: BoardView,
    /// The side to move.
    pub turn: Color,
    /// Who sits at the board.
    pub side: Side,
    /// The computer's level, lower-case.
    pub level: String,
    /// `fide` or `casual`.
    pub rules: RulesChoice,
    /// The legal moves (none once the game is over).
    pub legal: Vec<LegalMove>,
    /// The moves so far in SAN.
    pub moves: Vec<String>,
    /// The pieces each side has taken, as FEN letters (White's are Black's pieces), the
    /// least valuable first.
    pub captured: Captured,
    /// White's material minus Black's, in pawns.
    pub material: i32,
    /// Hints left in this game.
    pub hints_left: u32,
    /// The hint given in this position, if any.
    pub hint: Option<GivenHint>,
    /// Whether the computer moves next.
    pub computer_to_move: bool,
    /// The side whose draw offer waits for an answer.
    pub draw_offer: Option<Color>,
    /// Whether an undo would take something back.
    pub can_undo: bool,
    /// The end of the game, when it is over.
    pub outcome: Option<OutcomeView>,
}

/// The squares of the last move (for castling, the king's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// Where the piece came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
}

/// The pieces taken by each side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// Taken by White (Black's pieces, lower-case letters).
    pub white: Vec<char>,
    /// Taken by Black (White's pieces, upper-case letters).
    pub black: Vec<char>,
}

impl View {
    /// Shows the game of `session`.
    pub fn new(session: &Session) -> View {
        let game = &session.game;
        let position = game.position();
        let turn = position.turn();
        let over = game.outcome();
        let taken = |color: Color| {
            let mut roles = game.captured_by(color);
            roles.sort_by_key(|role| role.value());
            roles.into_iter().map(|role| chess_core::Piece::new(!color, role).char()).collect()
        };
        View {
            board: BoardView::new(position, game.last_move()),
            turn,
            side: session.settings.side,
            level: level_word(session.settings.level),
            rules: session.settings.rules,
            legal: if over.is_some() { Vec::new() } else { legal_moves(position, None) },
            moves: san_list(game),
            captured: Captured { white: taken(Color::White), black: taken(Color::Black) },
            material: game.material_balance(),
            hints_left: session.hints_left(),
            hint: session.current_hint().cloned(),
            computer_to_move: session.computer_to_move(),
            draw_offer: game.draw_offer(),
            can_undo: session.can_undo(),
            outcome: over.map(|outcome| OutcomeView {
                result: outcome.result(),
                winner: outcome.winner,
                text: Texts::with(|lang| game_over_text(game, lang).unwrap_or_default()),
            }),
        }
    }
}

/// Returns a level's word in the API: `beginner`.
pub(crate) fn level_word(level: Level) -> String {
    level.to_string().to_lowercase()
}

/// Returns the game's moves in SAN.
fn san_list(game: &Game) -> Vec<String> {
    game.positions().zip(game.moves()).map(|(position, &m)| position.san(m).to_string()).collect()
}
