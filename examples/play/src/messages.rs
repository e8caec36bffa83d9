//! Every sentence the game writes, in English and in Chinese.
//!
//! A [`Msg`] names what to say with the values it needs; [`Msg::text`] writes it in a
//! [`Lang`]. Messages from chess-core (illegal-move reasons, move descriptions, hint reasons)
//! come in already translated.

use std::path::Path;

use chess_core::search::Level;
use chess_core::{Color, EventError, Game, IllegalMoveReason, Lang, Piece, Square};
use chess_session::texts::{casual_rules_text, game_over_text, refusal_text};
use chess_session::{HINTS_PER_GAME, Pace, RulesChoice, Side, TimeControl};

/// Names something the game says, with the values the sentence needs.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Msg<'a> {
    /// The title shown when the program starts.
    Welcome,
    /// Asks for the language (in both languages).
    AskLanguage,
    /// Asks which side the player takes, or two players.
    AskSide,
    /// Asks for the computer's level.
    AskLevel,
    /// Asks for the rules.
    AskRules,
    /// Asks whether to continue the saved game, which has this many moves.
    AskContinue {
        /// Moves played in the saved game, counted as move numbers are (a move of White and
        /// Black's reply is one move).
        moves: usize,
    },
    /// The answer to a menu question was not one of its choices.
    ChooseNumber,
    /// A new game starts with these settings.
    NewGame {
        /// Who the player is.
        side: Side,
        /// The computer's level.
        level: Level,
        /// The rules.
        rules: RulesChoice,
    },
    /// The saved game continues.
    Resumed,
    /// `--continue` was given but there is no saved game.
    NoSavedGame,
    /// The saved game could not be read.
    SaveUnreadable {
        /// The save file.
        path: &'a Path,
        /// What went wrong.
        error: &'a str,
        /// Where the file was kept aside (`None`: it could not be moved).
        kept: Option<&'a Path>,
    },
    /// Whose turn it is.
    ToMove(Color),
    /// The side to move is in check.
    Check,
    /// The moves so far, numbered.
    MoveList(&'a str),
    /// The pieces each side has taken and the material balance (White minus Black).
    Captured {
        /// What White has taken.
        white: &'a str,
        /// What Black has taken.
        black: &'a str,
        /// White's material minus Black's, in pawns.
        balance: i32,
    },
    /// A player's move, numbered (`1. e4`), with its description.
    Played {
        /// The numbered SAN.
        san: &'a str,
        /// The move in words.
        words: &'a str,
    },
    /// The computer's move, numbered, with its description.
    ComputerPlayed {
        /// The numbered SAN.
        san: &'a str,
        /// The move in words.
        words: &'a str,
    },
    /// The computer is searching: the depth finished so far and the time since it began.
    Searching {
        /// The last finished depth.
        depth: u32,
        /// Seconds since it began.
        seconds: f64,
    },
    /// The computer's search, as it was: how deep and how long.
    Searched {
        /// The last finished depth.
        depth: u32,
        /// Seconds it took.
        seconds: f64,
    },
    /// The computer plays a move of its opening book (`--book`): nothing was searched.
    BookMove,
    /// The computer plays the endgame tables' move (`--syzygy`): nothing was searched.
    TablebaseMove,
    /// The search is done; the computer waits at its pace before playing.
    TakingItsTime,
    /// Asks how long the computer waits before it plays.
    AskPace,
    /// The computer's pace is now this one.
    PaceSet(Pace),
    /// The `pace` command's answer: the pace now and the choices.
    PaceIs(Pace),
    /// The `pace` command named no pace.
    UnknownPace(&'a str),
    /// Asks for a clock.
    AskClock,
    /// A side's clock, shown beside the board.
    ClockBeside {
        /// The side.
        color: Color,
        /// Its time left, as a clock shows it.
        time: &'a str,
    },
    /// A side's time has run out.
    FlagFell(Color),
    /// The move is illegal, for this reason.
    Illegal(IllegalMoveReason),
    /// A question about a square cannot be answered, for this reason (no piece, not yours).
    Refused(IllegalMoveReason),
    /// No legal move matches the text.
    NoMatch(&'a str),
    /// Several pieces could make the move.
    Ambiguous {
        /// The move as typed.
        text: &'a str,
        /// The squares of the pieces, such as `b1 and f3`.
        squares: &'a str,
    },
    /// The line is neither a command nor a move.
    NotUnderstood(&'a str),
    /// Asks which piece a pawn promotes to.
    AskPromotion,
    /// The promotion question was left unanswered.
    MoveCancelled,
    /// Where a piece can go.
    MovesFrom {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
        /// The squares it can go to, with what it takes there.
        list: &'a str,
    },
    /// The piece has no legal move.
    NoMovesFrom {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// Every legal move of the side to move.
    AllMoves(&'a str),
    /// A hint.
    Hint {
        /// The move in SAN.
        san: &'a str,
        /// The move and why, in words.
        text: &'a str,
        /// Hints left in this game.
        left: u32,
        /// The same hint, asked again in the same position (not counted).
        again: bool,
    },
    /// The game's hints are used up.
    NoHintsLeft,
    /// This many plies were taken back.
    TookBack(usize),
    /// There is no move to take back.
    NothingToUndo,
    /// The board was turned around.
    Flipped,
    /// Resigning or offering a draw is not allowed now.
    EventRefused(&'a EventError),
    /// A side offers a draw.
    DrawOffered(Color),
    /// Asks a side whether it accepts the draw offer.
    AskAcceptDraw(Color),
    /// The computer accepts the draw.
    ComputerAcceptsDraw,
    /// The computer declines the draw.
    ComputerDeclinesDraw,
    /// The draw offer was declined.
    DrawDeclined,
    /// The game has ended: how.
    GameOver(&'a Game),
    /// Asks the player to confirm resigning.
    ConfirmResign,
    /// Asks the player to confirm offering (or claiming) a draw.
    ConfirmDraw,
    /// Resigning or offering a draw was not confirmed.
    NotConfirmed,
    /// Against the computer, the player won (`true`) or lost.
    YouWin(bool),
    /// The PGN `Event` of a game under these rules.
    PgnEvent(RulesChoice),
    /// The prompt after a game ended.
    AskNewGame,
    /// A move was typed after the game ended.
    GameIsOver,
    /// The PGN was written to a file.
    PgnSaved(&'a Path),
    /// A file could not be written.
    FileError {
        /// The file.
        path: &'a Path,
        /// What went wrong.
        error: &'a str,
    },
    /// The unfinished game was saved.
    GameSaved(&'a Path),
    /// The last words.
    Goodbye,
    /// The list of commands.
    Help,
    /// The prompt for a side's move.
    Prompt(Color),
}

/// Writes the help text in English.
fn help_en() -> String {
    format!(
        "\
Moves: SAN (Nf3, O-O, exd6 e.p., e8=Q) or coordinates (e2e4, e2 e4, e7e8q).
  moves e2 (or just e2)  where the piece on e2 can go; moves: every legal move
  hint (h)               a suggested move, explained and shown on the board ({HINTS_PER_GAME} per game)
  pace [real|fast|instant]  how long the computer waits before it plays
  undo (u, z)            take back your last move (and the computer's reply)
  draw                   offer a draw (or claim one when the rules allow)
  resign                 give up the game
  flip (f)               turn the board around
  board (b)              show the board again
  fen                    print the position as FEN
  pieces                 switch between Unicode figures and letters
  pgn [FILE]             print the game as PGN, or save it to FILE
  help                   this list
  quit (q)               save the game and leave (the next start offers to continue it)"
    )
}

/// Writes the help text in Chinese.
fn help_zh() -> String {
    format!(
        "\
走法：标准代数记谱（Nf3、O-O、exd6 e.p.、e8=Q）或坐标（e2e4、e2 e4、e7e8q）。
  moves e2（或只输入 e2）  e2上的棋子可以走到哪里；moves：所有合法走法
  hint (h)                 提示一步好棋，在棋盘上标出并说明理由（每局{HINTS_PER_GAME}次）
  pace [real|fast|instant] 电脑走棋前等待的时间（真实、较快、即时）
  undo (u, z)              悔棋（连同电脑的应着）
  draw                     提和（规则允许时申请和棋）
  resign                   认输
  flip (f)                 翻转棋盘
  board (b)                重新显示棋盘
  fen                      显示当前局面的FEN
  pieces                   切换棋子样式（图形或字母）
  pgn [文件]               显示PGN棋谱，或保存到文件
  help                     显示本列表
  quit (q)                 保存对局并退出（下次启动时可以继续）"
    )
}

impl Msg<'_> {
    /// Writes the message in `lang`.
    pub(crate) fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.chinese(),
            _ => self.english(),
        }
    }

    fn english(&self) -> String {
        let en = Lang::En;
        match *self {
            Msg::Welcome => "Chess — play against the computer".into(),
            Msg::AskLanguage => "Language / 语言: (1) English, (2) 中文 [1] ".into(),
            Msg::AskSide => "Play (1) as White, (2) as Black, or (3) two players on one screen? [1] ".into(),
            Msg::AskLevel => format!("Level: {} [2] ", level_choices(en, ", ")),
            Msg::AskRules => format!("Rules: (1) FIDE, (2) casual ({}) [1] ", casual_rules_text(en)),
            Msg::AskContinue { moves: 1 } => "Continue the last game (1 move played)? [Y/n] ".into(),
            Msg::AskContinue { moves } => format!("Continue the last game ({moves} moves played)? [Y/n] "),
            Msg::ChooseNumber => "Please answer with one of the numbers, or press Enter for the default.".into(),
            Msg::NewGame { side, level, rules } => {
                let rules = rules.name(en);
                match side {
                    Side::Both => format!("New game: two players, {rules} rules."),
                    Side::White | Side::Black => format!(
                        "New game: you play {} against the computer ({}), {rules} rules.",
                        side_name(side, en),
                        level.text(en)
                    ),
                }
            }
            Msg::Resumed => "Continuing the last game.".into(),
            Msg::NoSavedGame => "There is no saved game to continue; starting a new game.".into(),
            Msg::SaveUnreadable { path, error, kept } => match kept {
                Some(kept) => format!(
                    "The saved game in {} could not be read ({error}); it is kept as {}. Starting a new game.",
                    path.display(),
                    kept.display()
                ),
                None => {
                    format!("The saved game in {} could not be read ({error}); starting a new game.", path.display())
                }
            },
            Msg::ToMove(color) => format!("{} to move.", color.text(en)),
            Msg::Check => "Check!".into(),
            Msg::MoveList(list) => format!("Moves: {list}"),
            Msg::Captured { white, black, balance } => {
                let lead = match balance {
                    0 => "material is level".to_string(),
                    b if b > 0 => format!("White is ahead by {b}"),
                    b => format!("Black is ahead by {}", -b),
                };
                format!("Taken by White: {} | by Black: {} | {lead}", or_dash(white), or_dash(black))
            }
            Msg::Played { san, words } => format!("{san} — {words}"),
            Msg::ComputerPlayed { san, words } => format!("The computer plays {san} — {words}"),
            Msg::Searching { depth, seconds } => format!("Searching… depth {depth}, {seconds:.2} s"),
            Msg::Searched { depth, seconds } => format!("Search: depth {depth}, {seconds:.2} s."),
            Msg::TakingItsTime => "The computer takes its time…".into(),
            Msg::BookMove => "The book move.".into(),
            Msg::TablebaseMove => "The endgame tablebase's move.".into(),
            Msg::AskPace => format!(
                "The computer's pace: (1) {}, (2) {}, (3) {} [1] ",
                Pace::Real.describe(en),
                Pace::Fast.describe(en),
                Pace::Instant.describe(en)
            ),
            Msg::PaceSet(pace) => format!("The computer's pace is now {}.", pace.name(en)),
            Msg::PaceIs(pace) => format!(
                "The computer's pace is {}. Type pace real ({}, like a person), pace fast ({}) or pace instant.",
                pace.name(en),
                Pace::Real.seconds_text(en),
                Pace::Fast.seconds_text(en)
            ),
            Msg::UnknownPace(text) => format!("Unknown pace \"{text}\": choose real, fast or instant."),
            Msg::AskClock => format!(
                "Clock (minutes+seconds per move): (1) none, (2) {}, (3) {}, (4) {} [1] ",
                TimeControl::MENU[0],
                TimeControl::MENU[1],
                TimeControl::MENU[2]
            ),
            Msg::ClockBeside { color, time } => format!("{} {time}", color.text(en)),
            Msg::FlagFell(color) => format!("{}'s time has run out.", color.text(en)),
            Msg::Illegal(reason) => format!("Illegal move: {}.", reason.text(en)),
            Msg::Refused(reason) => {
                let text = reason.text(en).to_string();
                let mut chars = text.chars();
                let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or_default();
                format!("{first}{}.", chars.as_str())
            }
            Msg::NoMatch(text) => format!("No legal move matches \"{text}\"."),
            Msg::Ambiguous { text, squares } => {
                format!(
                    "\"{text}\" is ambiguous: pieces on {squares} can make it; add the file or rank of the one you mean."
                )
            }
            Msg::NotUnderstood(text) => format!("I don't understand \"{text}\". Type help for the commands."),
            Msg::AskPromotion => "Promote to which piece? queen (q), rook (r), bishop (b) or knight (n): ".into(),
            Msg::MoveCancelled => "Move cancelled.".into(),
            Msg::MovesFrom { piece, square, list } => {
                format!("The {} on {square} can go to: {list}.", piece.role.name())
            }
            Msg::NoMovesFrom { piece, square } => format!("The {} on {square} has no legal move.", piece.role.name()),
            Msg::AllMoves(list) => format!("Legal moves: {}", end_sentence(list, ".")),
            Msg::Hint { san, text, left, again: false } => format!("Hint: {san} — {text}. ({left} left in this game)"),
            Msg::Hint { san, text, left, again: true } => {
                format!("Hint (again, not counted): {san} — {text}. ({left} left in this game)")
            }
            Msg::NoHintsLeft => format!("No hints left: there are {HINTS_PER_GAME} per game."),
            Msg::TookBack(1) => "Took back the last move.".into(),
            Msg::TookBack(plies) => format!("Took back the last {plies} moves."),
            Msg::NothingToUndo => "There is no move of yours to take back.".into(),
            Msg::Flipped => "Board flipped.".into(),
            Msg::EventRefused(error) => refusal_text(error, en),
            Msg::DrawOffered(color) => format!("{} offers a draw.", color.text(en)),
            Msg::AskAcceptDraw(color) => format!("{}, do you accept the draw? [y/N] ", color.text(en)),
            Msg::ComputerAcceptsDraw => "The computer accepts the draw.".into(),
            Msg::ComputerDeclinesDraw => "The computer declines the draw and plays on.".into(),
            Msg::DrawDeclined => "The draw offer is declined.".into(),
            Msg::GameOver(game) => game_over_text(game, en).unwrap_or_default(),
            Msg::PgnEvent(rules) => format!("Game under {} rules", rules.name(en)),
            Msg::ConfirmResign => "Resign this game? [y/N] ".into(),
            Msg::ConfirmDraw => "Offer (or claim) a draw? [y/N] ".into(),
            Msg::NotConfirmed => "Play on, then.".into(),
            Msg::YouWin(true) => "You win!".into(),
            Msg::YouWin(false) => "You lose.".into(),
            Msg::AskNewGame => {
                "New game? (y: same settings, s: choose side, level and rules, n: quit; or a command such as undo or pgn) > "
                    .into()
            }
            Msg::GameIsOver => "The game is over: answer y (or s) for a new game or n to quit.".into(),
            Msg::PgnSaved(path) => format!("Saved the game as PGN to {}.", path.display()),
            Msg::FileError { path, error } => format!("Could not write {}: {error}", path.display()),
            Msg::GameSaved(path) => format!("Game saved to {}; start play again to continue it.", path.display()),
            Msg::Goodbye => "Goodbye!".into(),
            Msg::Help => help_en(),
            Msg::Prompt(color) => format!("{} > ", color.text(en)),
        }
    }

    fn chinese(&self) -> String {
        let zh = Lang::Zh;
        match *self {
            Msg::Welcome => "国际象棋 — 与电脑对弈".into(),
            Msg::AskLanguage => Msg::AskLanguage.english(),
            Msg::AskSide => "选择：(1) 执白，(2) 执黑，(3) 双人同屏对弈 [1] ".into(),
            Msg::AskLevel => format!("难度：{} [2] ", level_choices(zh, "，")),
            Msg::AskRules => format!("规则：(1) FIDE，(2) 休闲（{}）[1] ", casual_rules_text(zh)),
            Msg::AskContinue { moves } => format!("继续上一局吗（已走{moves}回合）？[Y/n] "),
            Msg::ChooseNumber => "请输入其中一个数字，或直接按回车选择默认项。".into(),
            Msg::NewGame { side, level, rules } => {
                let rules = rules.name(zh);
                match side {
                    Side::Both => format!("新对局：双人对弈，{rules}规则。"),
                    Side::White | Side::Black => {
                        format!("新对局：你{}，对手是电脑（{}），{rules}规则。", side_name(side, zh), level.text(zh))
                    }
                }
            }
            Msg::Resumed => "继续上一局。".into(),
            Msg::NoSavedGame => "没有可以继续的对局，开始新对局。".into(),
            Msg::SaveUnreadable { path, error, kept } => match kept {
                Some(kept) => {
                    format!(
                        "无法读取{}中保存的对局（{error}），已另存为{}。开始新对局。",
                        path.display(),
                        kept.display()
                    )
                }
                None => format!("无法读取{}中保存的对局（{error}），开始新对局。", path.display()),
            },
            Msg::ToMove(color) => format!("轮到{}走棋。", color.text(zh)),
            Msg::Check => "将军！".into(),
            Msg::MoveList(list) => format!("着法：{list}"),
            Msg::Captured { white, black, balance } => {
                let lead = match balance {
                    0 => "子力相等".to_string(),
                    b if b > 0 => format!("白方领先{b}分"),
                    b => format!("黑方领先{}分", -b),
                };
                format!("白方吃子：{} | 黑方吃子：{} | {lead}", or_dash(white), or_dash(black))
            }
            Msg::Played { san, words } => format!("{san} — {words}"),
            Msg::ComputerPlayed { san, words } => format!("电脑走 {san} — {words}"),
            Msg::Searching { depth, seconds } => format!("搜索中… 深度{depth}，{seconds:.2}秒"),
            Msg::Searched { depth, seconds } => format!("搜索：深度{depth}，{seconds:.2}秒。"),
            Msg::TakingItsTime => "电脑正在从容斟酌…".into(),
            Msg::BookMove => "开局着法。".into(),
            Msg::TablebaseMove => "残局库着法。".into(),
            Msg::AskPace => format!(
                "电脑走棋节奏：(1) {}，(2) {}，(3) {} [1] ",
                Pace::Real.describe(zh),
                Pace::Fast.describe(zh),
                Pace::Instant.describe(zh)
            ),
            Msg::PaceSet(pace) => format!("电脑走棋节奏已改为{}。", pace.name(zh)),
            Msg::PaceIs(pace) => format!(
                "电脑走棋节奏：{}。输入 pace real（{}，{}）、pace fast（{}，{}）或 pace instant（{}）。",
                pace.name(zh),
                Pace::Real.name(zh),
                Pace::Real.seconds_text(zh),
                Pace::Fast.name(zh),
                Pace::Fast.seconds_text(zh),
                Pace::Instant.name(zh)
            ),
            Msg::UnknownPace(text) => format!("没有“{text}”这种节奏：请选择 real、fast 或 instant。"),
            Msg::AskClock => format!(
                "棋钟（分钟+每步加秒）：(1) 不用棋钟，(2) {}，(3) {}，(4) {} [1] ",
                TimeControl::MENU[0],
                TimeControl::MENU[1],
                TimeControl::MENU[2]
            ),
            Msg::ClockBeside { color, time } => format!("{} {time}", color.text(zh)),
            Msg::FlagFell(color) => format!("{}超时了。", color.text(zh)),
            Msg::Illegal(reason) => format!("不合法的走法：{}。", reason.text(zh)),
            Msg::Refused(reason) => format!("{}。", reason.text(zh)),
            Msg::NoMatch(text) => format!("没有与“{text}”对应的合法走法。"),
            Msg::Ambiguous { text, squares } => {
                format!("“{text}”有歧义：{squares}上的棋子都可以这样走，请加上所指棋子的列或横排。")
            }
            Msg::NotUnderstood(text) => format!("无法理解“{text}”。输入 help 查看命令。"),
            Msg::AskPromotion => "升变为哪个棋子？后 (q)、车 (r)、象 (b) 或马 (n)：".into(),
            Msg::MoveCancelled => "已取消这步棋。".into(),
            Msg::MovesFrom { piece, square, list } => format!("{square}上的{}可以走：{list}。", piece.role.text(zh)),
            Msg::NoMovesFrom { piece, square } => format!("{square}上的{}没有合法走法。", piece.role.text(zh)),
            Msg::AllMoves(list) => format!("合法走法：{list}。"),
            Msg::Hint { san, text, left, again: false } => format!("提示：{san} — {text}。（本局还剩{left}次）"),
            Msg::Hint { san, text, left, again: true } => {
                format!("提示（重复显示，不计次数）：{san} — {text}。（本局还剩{left}次）")
            }
            Msg::NoHintsLeft => format!("提示已用完：每局只有{HINTS_PER_GAME}次。"),
            Msg::TookBack(plies) => format!("悔棋：退回了{plies}步。"),
            Msg::NothingToUndo => "没有你的棋可以悔。".into(),
            Msg::Flipped => "棋盘已翻转。".into(),
            Msg::EventRefused(error) => refusal_text(error, zh),
            Msg::DrawOffered(color) => format!("{}提和。", color.text(zh)),
            Msg::AskAcceptDraw(color) => format!("{}，你同意和棋吗？[y/N] ", color.text(zh)),
            Msg::ComputerAcceptsDraw => "电脑同意和棋。".into(),
            Msg::ComputerDeclinesDraw => "电脑拒绝和棋，继续对局。".into(),
            Msg::DrawDeclined => "对方拒绝了和棋。".into(),
            Msg::GameOver(game) => game_over_text(game, zh).unwrap_or_default(),
            Msg::PgnEvent(rules) => format!("{}规则对局", rules.name(zh)),
            Msg::ConfirmResign => "确定认输吗？[y/N] ".into(),
            Msg::ConfirmDraw => "确定提和（或申请和棋）吗？[y/N] ".into(),
            Msg::NotConfirmed => "那就继续下吧。".into(),
            Msg::YouWin(true) => "你赢了！".into(),
            Msg::YouWin(false) => "你输了。".into(),
            Msg::AskNewGame => {
                "再来一局吗？（y：同样设置，s：重新选择执色、难度和规则，n：退出；也可以输入 undo、pgn 等命令）> "
                    .into()
            }
            Msg::GameIsOver => "对局已结束：输入 y（或 s）开始新对局，输入 n 退出。".into(),
            Msg::PgnSaved(path) => format!("PGN棋谱已保存到{}。", path.display()),
            Msg::FileError { path, error } => format!("无法写入{}：{error}", path.display()),
            Msg::GameSaved(path) => format!("对局已保存到{}；再次启动 play 即可继续。", path.display()),
            Msg::Goodbye => "再见！".into(),
            Msg::Help => help_zh(),
            Msg::Prompt(color) => format!("{} > ", color.text(zh)),
        }
    }
}

/// Ends `text` with `stop` unless it already ends with a full stop (`exd6 e.p.`).
fn end_sentence(text: &str, stop: &str) -> String {
    if text.ends_with('.') { text.to_string() } else { format!("{text}{stop}") }
}

/// Returns the text, or a dash when it is empty.
fn or_dash(text: &str) -> &str {
    if text.is_empty() { "-" } else { text }
}

/// The levels as a numbered menu in `lang`, with chess-core's names: `(1) Beginner, (2) Normal, …`.
fn level_choices(lang: Lang, separator: &str) -> String {
    let choices: Vec<String> =
        Level::ALL.iter().enumerate().map(|(i, level)| format!("({}) {}", i + 1, level.text(lang))).collect();
    choices.join(separator)
}

/// Names the player's side: "White" / "执白".
fn side_name(side: Side, lang: Lang) -> &'static str {
    match (lang, side) {
        (Lang::Zh, Side::White) => "执白",
        (Lang::Zh, Side::Black) => "执黑",
        (Lang::Zh, _) => "双人对弈",
        (_, Side::White) => "White",
        (_, Side::Black) => "Black",
        (_, _) => "both sides",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_line_says_who_leads() {
        let line = Msg::Captured { white: "p n", black: "", balance: 4 };
        assert_eq!(line.text(Lang::En), "Taken by White: p n | by Black: - | White is ahead by 4");
        assert_eq!(line.text(Lang::Zh), "白方吃子：p n | 黑方吃子：- | 白方领先4分");
    }
}
