//! Every sentence the game writes, in English and in Chinese.
//!
//! A [`Msg`] names what to say with the values it needs; [`Msg::text`] writes it in a
//! [`Lang`]. Messages from chess-core (illegal-move reasons, move descriptions, hint reasons)
//! come in already translated.

use std::path::Path;

use chess_core::search::Level;
use chess_core::{Color, EventError, IllegalMoveReason, Lang, Outcome, Piece, Square, Termination};

use super::{Pace, RulesChoice, Side, TimeControl};

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
    /// The three hints are used up.
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
    /// The game ended; the halfmove clock tells the no-progress count.
    GameOver {
        /// How it ended.
        outcome: Outcome,
        /// Plies since the last capture or pawn move.
        halfmove_clock: u32,
    },
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

/// The help text, in English.
const HELP_EN: &str = "\
Moves: SAN (Nf3, O-O, exd6 e.p., e8=Q) or coordinates (e2e4, e2 e4, e7e8q).
  moves e2 (or just e2)  where the piece on e2 can go; moves: every legal move
  hint (h)               a suggested move, explained and shown on the board (3 per game)
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
  quit (q)               save the game and leave (the next start offers to continue it)";

/// The help text, in Chinese.
const HELP_ZH: &str = "\
走法：标准代数记谱（Nf3、O-O、exd6 e.p.、e8=Q）或坐标（e2e4、e2 e4、e7e8q）。
  moves e2（或只输入 e2）  e2上的棋子可以走到哪里；moves：所有合法走法
  hint (h)                 提示一步好棋，在棋盘上标出并说明理由（每局3次）
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
  quit (q)                 保存对局并退出（下次启动时可以继续）";

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
            Msg::AskLevel => "Level: (1) Beginner, (2) Normal, (3) Expert, (4) Master [2] ".into(),
            Msg::AskRules => "Rules: (1) FIDE, (2) casual (resign or offer a draw only after 15 moves, 3 offers each; \
                 draws at once: 10 checks in a row, 30 checks in all, 30 moves without a capture or pawn move, \
                 threefold repetition) [1] "
                .into(),
            Msg::AskContinue { moves: 1 } => "Continue the last game (1 move played)? [Y/n] ".into(),
            Msg::AskContinue { moves } => format!("Continue the last game ({moves} moves played)? [Y/n] "),
            Msg::ChooseNumber => "Please answer with one of the numbers, or press Enter for the default.".into(),
            Msg::NewGame { side, level, rules } => {
                let rules = rules.name();
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
            Msg::AskPace => {
                "The computer's pace: (1) real (waits 2-5 s, like a person), (2) faster (1-2 s), (3) instant [1] "
                    .into()
            }
            Msg::PaceSet(pace) => format!("The computer's pace is now {}.", pace_name(pace, en)),
            Msg::PaceIs(pace) => format!(
                "The computer's pace is {}. Type pace real (2-5 s, like a person), pace fast (1-2 s) or pace instant.",
                pace_name(pace, en)
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
            Msg::NoHintsLeft => "No hints left: there are 3 per game.".into(),
            Msg::TookBack(1) => "Took back the last move.".into(),
            Msg::TookBack(plies) => format!("Took back the last {plies} moves."),
            Msg::NothingToUndo => "There is no move of yours to take back.".into(),
            Msg::Flipped => "Board flipped.".into(),
            Msg::EventRefused(error) => refused_en(error),
            Msg::DrawOffered(color) => format!("{} offers a draw.", color.text(en)),
            Msg::AskAcceptDraw(color) => format!("{}, do you accept the draw? [y/N] ", color.text(en)),
            Msg::ComputerAcceptsDraw => "The computer accepts the draw.".into(),
            Msg::ComputerDeclinesDraw => "The computer declines the draw and plays on.".into(),
            Msg::DrawDeclined => "The draw offer is declined.".into(),
            Msg::GameOver { outcome, halfmove_clock } => game_over_en(outcome, halfmove_clock),
            Msg::PgnEvent(rules) => format!("Game under {} rules", rules.name()),
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
            Msg::Help => HELP_EN.into(),
            Msg::Prompt(color) => format!("{} > ", color.text(en)),
        }
    }

    fn chinese(&self) -> String {
        let zh = Lang::Zh;
        match *self {
            Msg::Welcome => "国际象棋 — 与电脑对弈".into(),
            Msg::AskLanguage => Msg::AskLanguage.english(),
            Msg::AskSide => "选择：(1) 执白，(2) 执黑，(3) 双人同屏对弈 [1] ".into(),
            Msg::AskLevel => "难度：(1) 初级，(2) 中级，(3) 高级，(4) 大师 [2] ".into(),
            Msg::AskRules => "规则：(1) FIDE，(2) 休闲（走满15步才能认输或提和，每方3次提和；\
                 连续将军10次、累计将军30次、30回合没有吃子或走兵、三次重复局面均立即和棋）[1] "
                .into(),
            Msg::AskContinue { moves } => format!("继续上一局吗（已走{moves}回合）？[Y/n] "),
            Msg::ChooseNumber => "请输入其中一个数字，或直接按回车选择默认项。".into(),
            Msg::NewGame { side, level, rules } => {
                let rules = rules.name_zh();
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
            Msg::AskPace => "电脑走棋节奏：(1) 真实（像人一样等2-5秒），(2) 较快（1-2秒），(3) 即时 [1] ".into(),
            Msg::PaceSet(pace) => format!("电脑走棋节奏已改为{}。", pace_name(pace, zh)),
            Msg::PaceIs(pace) => format!(
                "电脑走棋节奏：{}。输入 pace real（真实，2-5秒）、pace fast（较快，1-2秒）或 pace instant（即时）。",
                pace_name(pace, zh)
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
            Msg::NoHintsLeft => "提示已用完：每局只有3次。".into(),
            Msg::TookBack(plies) => format!("悔棋：退回了{plies}步。"),
            Msg::NothingToUndo => "没有你的棋可以悔。".into(),
            Msg::Flipped => "棋盘已翻转。".into(),
            Msg::EventRefused(error) => refused_zh(error),
            Msg::DrawOffered(color) => format!("{}提和。", color.text(zh)),
            Msg::AskAcceptDraw(color) => format!("{}，你同意和棋吗？[y/N] ", color.text(zh)),
            Msg::ComputerAcceptsDraw => "电脑同意和棋。".into(),
            Msg::ComputerDeclinesDraw => "电脑拒绝和棋，继续对局。".into(),
            Msg::DrawDeclined => "对方拒绝了和棋。".into(),
            Msg::GameOver { outcome, halfmove_clock } => game_over_zh(outcome, halfmove_clock),
            Msg::PgnEvent(rules) => format!("{}规则对局", rules.name_zh()),
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
            Msg::Help => HELP_ZH.into(),
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

/// Names a pace: "real" / "真实".
fn pace_name(pace: Pace, lang: Lang) -> &'static str {
    match (lang, pace) {
        (Lang::Zh, Pace::Real) => "真实",
        (Lang::Zh, Pace::Fast) => "较快",
        (Lang::Zh, Pace::Instant) => "即时",
        (_, Pace::Real) => "real",
        (_, Pace::Fast) => "faster",
        (_, Pace::Instant) => "instant",
    }
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

fn refused_en(error: &EventError) -> String {
    match *error {
        EventError::ResignTooEarly { made, required, .. } => {
            format!("Under these rules you may resign only after {required} moves; you have made {made}.")
        }
        EventError::DrawOfferTooEarly { made, required, .. } => {
            format!("Under these rules you may offer a draw only after {required} moves; you have made {made}.")
        }
        EventError::TooManyDrawOffers { limit, .. } => {
            format!("You have already made the {limit} draw offers these rules allow.")
        }
        ref other => format!("Not possible now: {other}."),
    }
}

fn refused_zh(error: &EventError) -> String {
    match *error {
        EventError::ResignTooEarly { made, required, .. } => {
            format!("按照本规则，走满{required}步后才能认输；你已走了{made}步。")
        }
        EventError::DrawOfferTooEarly { made, required, .. } => {
            format!("按照本规则，走满{required}步后才能提和；你已走了{made}步。")
        }
        EventError::TooManyDrawOffers { limit, .. } => format!("你已经用完了本规则允许的{limit}次提和。"),
        EventError::GameOver(_) => "对局已经结束。".into(),
        _ => "现在不能这样做。".into(),
    }
}

fn game_over_en(outcome: Outcome, halfmove_clock: u32) -> String {
    let en = Lang::En;
    let winner = outcome.winner.map_or(String::new(), |color| color.text(en).to_string());
    let loser = outcome.winner.map_or(String::new(), |color| (!color).text(en).to_string());
    match outcome.termination {
        Termination::Checkmate => format!("Checkmate! {winner} wins."),
        Termination::Stalemate => "Stalemate: the game is drawn.".into(),
        Termination::InsufficientMaterial => "Draw: neither side has enough material to checkmate.".into(),
        Termination::FiftyMoves => "Draw claimed: fifty moves without a capture or a pawn move.".into(),
        Termination::SeventyFiveMoves => "Draw: seventy-five moves without a capture or a pawn move.".into(),
        Termination::ThreefoldRepetition => "Draw by threefold repetition.".into(),
        Termination::FivefoldRepetition => "Draw by fivefold repetition.".into(),
        Termination::NoProgress => {
            format!("Draw: {} moves without a capture or a pawn move (casual rules).", halfmove_clock / 2)
        }
        Termination::PerpetualCheck => "Draw by perpetual check.".into(),
        Termination::CheckLimit => "Draw: a player has been checked as often as the rules allow.".into(),
        Termination::Resignation => format!("{loser} resigns: {winner} wins."),
        Termination::DrawAgreement => "Draw by agreement.".into(),
        Termination::Timeout if outcome.winner.is_some() => format!("{loser} lost on time: {winner} wins."),
        Termination::Timeout => "Time ran out, but the other side cannot mate: the game is drawn.".into(),
        Termination::Aborted => "The game is void: time ran out within the first 5 moves (casual rules).".into(),
        _ => format!("Game over: {outcome}."),
    }
}

fn game_over_zh(outcome: Outcome, halfmove_clock: u32) -> String {
    let zh = Lang::Zh;
    let winner = outcome.winner.map_or(String::new(), |color| color.text(zh).to_string());
    let loser = outcome.winner.map_or(String::new(), |color| (!color).text(zh).to_string());
    match outcome.termination {
        Termination::Checkmate => format!("将死！{winner}获胜。"),
        Termination::Stalemate => "逼和：和棋。".into(),
        Termination::InsufficientMaterial => "和棋：双方都没有足够的子力将死对方。".into(),
        Termination::FiftyMoves => "申请和棋成功：五十回合内没有吃子或走兵。".into(),
        Termination::SeventyFiveMoves => "和棋：七十五回合内没有吃子或走兵。".into(),
        Termination::ThreefoldRepetition => "三次重复局面，和棋。".into(),
        Termination::FivefoldRepetition => "五次重复局面，和棋。".into(),
        Termination::NoProgress => format!("和棋：连续{}回合没有吃子或走兵（休闲规则）。", halfmove_clock / 2),
        Termination::PerpetualCheck => "长将，和棋。".into(),
        Termination::CheckLimit => "和棋：将军次数达到规则上限。".into(),
        Termination::Resignation => format!("{loser}认输，{winner}获胜。"),
        Termination::DrawAgreement => "双方同意和棋。".into(),
        Termination::Timeout if outcome.winner.is_some() => format!("{loser}超时判负，{winner}获胜。"),
        Termination::Timeout => "超时，但对方无法将死：和棋。".into(),
        Termination::Aborted => "对局作废：在前5步内超时（休闲规则）。".into(),
        _ => format!("对局结束：{}", outcome.result()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_over_messages_name_the_winner_and_the_rule() {
        let mate = Outcome::win(Termination::Checkmate, Color::Black);
        assert_eq!(Msg::GameOver { outcome: mate, halfmove_clock: 0 }.text(Lang::En), "Checkmate! Black wins.");
        assert_eq!(Msg::GameOver { outcome: mate, halfmove_clock: 0 }.text(Lang::Zh), "将死！黑方获胜。");
        let resigned =
            Msg::GameOver { outcome: Outcome::win(Termination::Resignation, Color::White), halfmove_clock: 3 };
        assert_eq!(resigned.text(Lang::En), "Black resigns: White wins.");
        assert_eq!(resigned.text(Lang::Zh), "黑方认输，白方获胜。");
        let thirty = Msg::GameOver { outcome: Outcome::draw(Termination::NoProgress), halfmove_clock: 60 };
        assert_eq!(thirty.text(Lang::En), "Draw: 30 moves without a capture or a pawn move (casual rules).");
        assert_eq!(thirty.text(Lang::Zh), "和棋：连续30回合没有吃子或走兵（休闲规则）。");
    }

    #[test]
    fn refusals_give_the_numbers_of_the_rules() {
        let early = EventError::ResignTooEarly { color: Color::White, made: 3, required: 15 };
        assert_eq!(
            Msg::EventRefused(&early).text(Lang::En),
            "Under these rules you may resign only after 15 moves; you have made 3."
        );
        assert_eq!(Msg::EventRefused(&early).text(Lang::Zh), "按照本规则，走满15步后才能认输；你已走了3步。");
    }

    #[test]
    fn material_line_says_who_leads() {
        let line = Msg::Captured { white: "p n", black: "", balance: 4 };
        assert_eq!(line.text(Lang::En), "Taken by White: p n | by Black: - | White is ahead by 4");
        assert_eq!(line.text(Lang::Zh), "白方吃子：p n | 黑方吃子：- | 白方领先4分");
    }
}
