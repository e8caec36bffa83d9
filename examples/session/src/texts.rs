//! What both games say that the rules and the site's policy decide, in English and in Chinese:
//! the end of a game, a refused resignation or draw offer, and the casual rules in brief.

use std::fmt;

use chess_core::{EventError, Game, Lang, Rules, Termination, Words};
use serde::{Deserialize, Serialize};

/// A text in both languages of the site.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Texts {
    /// English.
    pub en: String,
    /// Chinese.
    pub zh: String,
}

impl Texts {
    /// Writes `text` in English and in Chinese.
    ///
    /// ```
    /// use chess_core::Lang;
    /// use chess_session::{Texts, texts};
    ///
    /// let rules = Texts::with(texts::casual_rules_text);
    /// assert!(rules.get(Lang::Zh).starts_with("走满15步"));
    /// ```
    pub fn with(text: impl Fn(Lang) -> String) -> Texts {
        Texts { en: text(Lang::En), zh: text(Lang::Zh) }
    }

    /// Writes a value that has words (a move description, a reason, a hint) in both languages.
    pub fn of<T: Words + ?Sized>(value: &T) -> Texts {
        Texts::with(|lang| In(value, lang).to_string())
    }

    /// Returns the text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            _ => &self.en,
        }
    }
}

/// Displays a value's words in one language.
struct In<'a, T: ?Sized>(&'a T, Lang);

impl<T: Words + ?Sized> fmt::Display for In<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(self.1, f)
    }
}

/// Returns what the game says when it has ended (`None` while it goes on): who won and why,
/// with the numbers of the game's rules.
///
/// ```
/// use chess_core::{Game, Lang, Position};
/// use chess_session::texts::game_over_text;
///
/// let mut game = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     let m = game.position().parse_san(san)?;
///     game.push(m)?;
/// }
/// assert_eq!(game_over_text(&game, Lang::En).as_deref(), Some("Checkmate! Black wins."));
/// assert_eq!(game_over_text(&game, Lang::Zh).as_deref(), Some("将死！黑方获胜。"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn game_over_text(game: &Game, lang: Lang) -> Option<String> {
    let outcome = game.outcome()?;
    let zh = lang == Lang::Zh;
    // The endings whose sentence names a number of the game's rules; chess-core words the others.
    Some(match (outcome.termination, game.rules().timeout_void_moves) {
        (Termination::NoProgress, _) => {
            let moves = game.position().halfmove_clock() / 2;
            if zh {
                format!("和棋：连续{moves}回合没有吃子或走兵（休闲规则）。")
            } else {
                format!("Draw: {moves} moves without a capture or a pawn move (casual rules).")
            }
        }
        (Termination::Aborted, Some(moves)) if zh => format!("对局作废：在前{moves}步内超时（休闲规则）。"),
        (Termination::Aborted, Some(moves)) => {
            format!("The game is void: time ran out within the first {moves} moves (casual rules).")
        }
        _ => outcome.text(lang).to_string(),
    })
}

/// Returns what the game says when the rules refuse a resignation, draw offer or claim.
///
/// ```
/// use chess_core::{Color, EventError, Lang};
/// use chess_session::texts::refusal_text;
///
/// let early = EventError::ResignTooEarly { color: Color::White, made: 3, required: 15 };
/// assert_eq!(refusal_text(&early, Lang::En), "Under these rules you may resign only after 15 moves; you have made 3.");
/// assert_eq!(refusal_text(&early, Lang::Zh), "按照本规则，走满15步后才能认输；你已走了3步。");
/// ```
pub fn refusal_text(error: &EventError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match *error {
        EventError::ResignTooEarly { made, required, .. } if zh => {
            format!("按照本规则，走满{required}步后才能认输；你已走了{made}步。")
        }
        EventError::ResignTooEarly { made, required, .. } => {
            format!("Under these rules you may resign only after {required} moves; you have made {made}.")
        }
        EventError::DrawOfferTooEarly { made, required, .. } if zh => {
            format!("按照本规则，走满{required}步后才能提和；你已走了{made}步。")
        }
        EventError::DrawOfferTooEarly { made, required, .. } => {
            format!("Under these rules you may offer a draw only after {required} moves; you have made {made}.")
        }
        EventError::TooManyDrawOffers { limit, .. } if zh => format!("你已经用完了本规则允许的{limit}次提和。"),
        EventError::TooManyDrawOffers { limit, .. } => {
            format!("You have already made the {limit} draw offers these rules allow.")
        }
        EventError::GameOver(_) if zh => "对局已经结束。".into(),
        _ if zh => "现在不能这样做。".into(),
        ref other => format!("Not possible now: {other}."),
    }
}

/// Sums up the casual rules ([`Rules::casual`]) where a player chooses them, with their
/// numbers: when a player may resign or offer a draw, and what draws at once.
///
/// ```
/// use chess_core::Lang;
/// use chess_session::texts::casual_rules_text;
///
/// assert!(casual_rules_text(Lang::En).starts_with("resign or offer a draw only after 15 moves, 3 offers each; "));
/// ```
pub fn casual_rules_text(lang: Lang) -> String {
    rules_text(&Rules::casual(), lang)
}

/// Sums up the limits on resigning and offering draws, and the automatic draws, of `rules`.
fn rules_text(rules: &Rules, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let (resign, offer) = (rules.resign_after_moves, rules.draw_offer_after_moves);
    let when = match (zh, resign == offer) {
        (true, true) => format!("走满{resign}步才能认输或提和"),
        (true, false) => format!("走满{resign}步才能认输，走满{offer}步才能提和"),
        (false, true) => format!("resign or offer a draw only after {resign} moves"),
        (false, false) => format!("resign only after {resign} moves, offer a draw only after {offer} moves"),
    };
    let offers = rules
        .draw_offers_per_player
        .map(|n| if zh { format!("，每方{n}次提和") } else { format!(", {n} offers each") });
    let draws: Vec<String> = [
        rules.perpetual_checks.map(|n| if zh { format!("连续将军{n}次") } else { format!("{n} checks in a row") }),
        rules.check_limit.map(|n| if zh { format!("累计将军{n}次") } else { format!("{n} checks in all") }),
        rules.no_progress_plies.map(|plies| plies / 2).map(|n| {
            if zh {
                format!("{n}回合没有吃子或走兵")
            } else {
                format!("{n} moves without a capture or pawn move")
            }
        }),
        rules
            .repetitions_to_draw
            .map(|n| if zh { format!("{}重复局面", times_zh(n)) } else { format!("{} repetition", fold_en(n)) }),
    ]
    .into_iter()
    .flatten()
    .collect();
    let offers = offers.unwrap_or_default();
    if zh {
        format!("{when}{offers}；{}均立即和棋", draws.join("、"))
    } else {
        format!("{when}{offers}; draws at once: {}", draws.join(", "))
    }
}

/// Writes `threefold` for 3, `fivefold` for 5.
fn fold_en(n: u32) -> String {
    match n {
        2 => "twofold".into(),
        3 => "threefold".into(),
        4 => "fourfold".into(),
        5 => "fivefold".into(),
        n => format!("{n}-fold"),
    }
}

/// Writes `三次` for 3, `五次` for 5.
fn times_zh(n: u32) -> String {
    match n {
        2 => "两次".into(),
        3 => "三次".into(),
        4 => "四次".into(),
        5 => "五次".into(),
        n => format!("{n}次"),
    }
}

#[cfg(test)]
mod tests {
    use chess_core::{Color, Position};

    use super::*;

    /// Plays `moves` (SAN) from `fen` under `rules`.
    fn game(fen: &str, rules: Rules, moves: &[&str]) -> Game {
        let mut game = Game::from_position_with_rules(fen.parse::<Position>().unwrap(), rules);
        for san in moves {
            let m = game.position().parse_san(san).unwrap();
            game.push(m).unwrap();
        }
        game
    }

    #[test]
    fn game_over_messages_name_the_winner_and_the_rule() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut resigned = game(start, Rules::fide(), &["e4"]);
        resigned.resign(Color::Black).unwrap();
        assert_eq!(game_over_text(&resigned, Lang::En).unwrap(), "Black resigns: White wins.");
        assert_eq!(game_over_text(&resigned, Lang::Zh).unwrap(), "黑方认输，白方获胜。");
        // 58 plies without progress, and two more: the casual rules draw after 30 moves.
        let thirty = game("8/8/8/3k4/8/8/8/R3K3 w - - 58 80", Rules::casual(), &["Ra2", "Ke5"]);
        assert_eq!(
            game_over_text(&thirty, Lang::En).unwrap(),
            "Draw: 30 moves without a capture or a pawn move (casual rules)."
        );
        assert_eq!(game_over_text(&thirty, Lang::Zh).unwrap(), "和棋：连续30回合没有吃子或走兵（休闲规则）。");
        assert_eq!(game_over_text(&game(start, Rules::casual(), &["e4"]), Lang::En), None);
    }

    #[test]
    fn a_void_game_names_the_moves_of_its_rules() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut void = game(start, Rules::casual(), &["e4", "e5"]);
        void.timeout(Color::White).unwrap();
        assert_eq!(
            game_over_text(&void, Lang::En).unwrap(),
            "The game is void: time ran out within the first 5 moves (casual rules)."
        );
        assert_eq!(game_over_text(&void, Lang::Zh).unwrap(), "对局作废：在前5步内超时（休闲规则）。");
        let mut house = game(start, Rules { timeout_void_moves: Some(2), ..Rules::casual() }, &["e4"]);
        house.timeout(Color::Black).unwrap();
        assert!(game_over_text(&house, Lang::En).unwrap().contains("within the first 2 moves"));
    }

    #[test]
    fn the_casual_rules_are_summed_up_with_their_numbers() {
        assert_eq!(
            casual_rules_text(Lang::En),
            "resign or offer a draw only after 15 moves, 3 offers each; draws at once: 10 checks in a row, \
             30 checks in all, 30 moves without a capture or pawn move, threefold repetition"
        );
        assert_eq!(
            casual_rules_text(Lang::Zh),
            "走满15步才能认输或提和，每方3次提和；连续将军10次、累计将军30次、30回合没有吃子或走兵、三次重复局面均立即和棋"
        );
        let house = Rules {
            resign_after_moves: 10,
            draw_offers_per_player: None,
            check_limit: None,
            repetitions_to_draw: Some(5),
            ..Rules::casual()
        };
        assert_eq!(
            rules_text(&house, Lang::En),
            "resign only after 10 moves, offer a draw only after 15 moves; draws at once: 10 checks in a row, \
             30 moves without a capture or pawn move, fivefold repetition"
        );
        assert_eq!(
            rules_text(&house, Lang::Zh),
            "走满10步才能认输，走满15步才能提和；连续将军10次、30回合没有吃子或走兵、五次重复局面均立即和棋"
        );
    }
}
