//! The site's policy, once: hints, undo, resigning and draws, the save and its older formats.

use chess_core::search::{Hint, Level, Score, Searcher};
use chess_core::{Color, EventError, Lang, Move, Position, Square};

use super::*;

/// A session with `side` and `rules` from `fen`, after `moves` (SAN).
fn session(side: Side, rules: RulesChoice, fen: &str, moves: &[&str]) -> Session {
    let settings = Settings { side, rules, ..Settings::default() };
    let mut session = Session::new(settings, fen.parse().unwrap());
    for san in moves {
        push(&mut session, san);
    }
    session
}

/// Plays `san` in the session's game.
fn push(session: &mut Session, san: &str) {
    let m = session.game.position().parse_san(san).unwrap();
    session.game.push(m).unwrap();
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A hint for `san` in the session's position, as the search would give it.
fn found(session: &Session, san: &str) -> Option<Hint> {
    let position = session.game.position();
    let mv: Move = position.parse_san(san).unwrap();
    Some(Hint { mv, san: san.to_string(), description: position.describe(mv), score: Score::Cp(0), reason: None })
}

#[test]
fn three_hints_a_game_and_the_same_one_again_is_free() {
    let mut session = session(Side::Both, RulesChoice::Fide, START, &[]);
    for (used, san) in ["e4", "e5", "Nf3"].into_iter().enumerate() {
        assert_eq!(session.ask_hint(), Ok(None));
        let given = session.give_hint(found(&session, san)).unwrap().clone();
        assert_eq!((given.ply, given.san.as_str(), session.hints_left()), (used, san, 2 - used as u32));
        // Asked again in the same position: the same hint, not counted.
        assert_eq!(session.ask_hint(), Ok(Some(&given)));
        assert_eq!(session.hints_left(), 2 - used as u32);
        push(&mut session, san);
        assert_eq!(session.current_hint(), None, "a hint belongs to its position");
    }
    assert_eq!(session.ask_hint(), Err(Refusal::NoHintsLeft));
    assert_eq!(session.give_hint(None), Err(Refusal::GameOver));
}

#[test]
fn a_hint_keeps_its_squares_and_words_in_both_languages() {
    let mut session = session(Side::White, RulesChoice::Fide, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &[]);
    let found = search_hint(&mut Searcher::new(), &session.game);
    let given = session.give_hint(found).unwrap();
    assert_eq!((given.from, given.to, given.san.as_str()), (Square::A1, Square::A8, "Ra8#"));
    assert!(given.text.get(Lang::En).starts_with("White rook a1 to a8, checkmate"), "{:?}", given.text);
    assert!(given.text.get(Lang::Zh).starts_with("白方车"), "{:?}", given.text);
}

#[test]
fn no_hint_after_the_end_or_on_the_computers_turn_but_the_last_one_again() {
    let mated = session(Side::Both, RulesChoice::Fide, START, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(mated.ask_hint(), Err(Refusal::GameOver));
    let thinking = session(Side::Black, RulesChoice::Fide, START, &[]);
    assert_eq!(thinking.ask_hint(), Err(Refusal::NotYourTurn));
    // A hint given just before the game ended is still shown in its position.
    let mut before = session(Side::Both, RulesChoice::Fide, START, &["f3", "e5", "g4"]);
    let given = before.give_hint(found(&before, "Qh4#")).unwrap().clone();
    before.game.resign(Color::White).unwrap();
    assert_eq!(before.ask_hint(), Ok(Some(&given)));
}

#[test]
fn undo_takes_back_the_players_move_and_the_computers_reply() {
    let mut session = session(Side::White, RulesChoice::Fide, START, &[]);
    assert!(!session.can_undo());
    assert_eq!(session.undo(), Err(Refusal::NothingToUndo));
    push(&mut session, "e4");
    // While the computer is to move, only the player's move.
    assert!(session.computer_to_move());
    assert_eq!(session.undo(), Ok(1));
    push(&mut session, "e4");
    push(&mut session, "e5");
    assert!(!session.computer_to_move());
    assert_eq!(session.undo(), Ok(2));
    assert_eq!(session.game.position().to_fen(), START);
    // Two players: one ply.
    let mut two = self::session(Side::Both, RulesChoice::Fide, START, &["d4", "d5"]);
    assert_eq!(two.undo(), Ok(1));
    assert_eq!(two.game.moves().len(), 1);
}

#[test]
fn an_undo_takes_the_hint_with_it() {
    // Black's hint after 1.e4; then 1.e4 is taken back and 1.d4 played: the same ply, another position.
    let mut session = session(Side::Both, RulesChoice::Fide, START, &["e4"]);
    session.give_hint(found(&session, "e5")).unwrap();
    session.undo().unwrap();
    push(&mut session, "d4");
    assert_eq!(session.current_hint(), None);
    assert_eq!((session.hints_left(), session.ask_hint()), (2, Ok(None)));
}

#[test]
fn the_player_resigns_and_offers_draws_by_the_rules() {
    // Against the computer, the player acts even on the computer's turn.
    let mut early = session(Side::Black, RulesChoice::Casual, START, &[]);
    assert_eq!(early.player(), Color::Black);
    let refused = early.resign().unwrap_err();
    assert_eq!(refused, Refusal::Event(EventError::ResignTooEarly { color: Color::Black, made: 0, required: 15 }));
    assert!(matches!(early.draw(), Err(Refusal::Event(EventError::DrawOfferTooEarly { .. }))));
    let mut fide = session(Side::White, RulesChoice::Fide, START, &["e4", "e5"]);
    fide.resign().unwrap();
    assert_eq!(fide.game.outcome().map(|outcome| outcome.winner), Some(Some(Color::Black)));
    // Two players: the side to move offers; the other side answers.
    let mut two = session(Side::Both, RulesChoice::Fide, START, &["e4"]);
    assert_eq!(two.answer_draw(true), Err(Refusal::NoDrawOffer));
    assert_eq!((two.player(), two.draw()), (Color::Black, Ok(Draw::Offered)));
    assert_eq!(two.game.draw_offer(), Some(Color::Black));
    two.answer_draw(false).unwrap();
    assert!(!two.game.is_over());
    assert_eq!(two.draw(), Ok(Draw::Offered));
    two.answer_draw(true).unwrap();
    assert!(two.game.is_over());
    // A repetition is claimed, not offered.
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let mut repeated = session(Side::Both, RulesChoice::Fide, START, &moves);
    assert_eq!(repeated.draw(), Ok(Draw::Claimed));
    assert!(repeated.game.is_over());
}

#[test]
fn the_computer_accepts_a_draw_only_when_it_is_not_ahead() {
    let mut searcher = Searcher::new();
    searcher.set_level(Level::Beginner);
    let queen_down = session(Side::White, RulesChoice::Fide, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", &[]);
    assert!(accepts_draw(&mut searcher, &queen_down.game));
    let queen_up = session(Side::White, RulesChoice::Fide, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert!(!accepts_draw(&mut searcher, &queen_up.game));
}

#[test]
fn a_new_game_takes_its_rules_and_shows_the_board_from_the_players_side() {
    let black = session(Side::Black, RulesChoice::Casual, START, &[]);
    assert!(black.flipped && black.computer_to_move());
    assert_eq!(black.game.rules(), &chess_core::Rules::casual());
    let white = session(Side::White, RulesChoice::Fide, START, &[]);
    assert!(!white.flipped && !white.computer_to_move());
    assert_eq!((white.hints_used, white.hints_left()), (0, HINTS_PER_GAME));
}

#[test]
fn a_session_comes_back_from_its_save_as_it_was() {
    let mut session = session(Side::Black, RulesChoice::Casual, START, &["d4"]);
    session.settings.lang = Lang::Zh;
    session.settings.pace = Pace::Fast;
    session.settings.clock = Some(TimeControl { minutes: 5, increment: 3 });
    session.give_hint(found(&session, "d5")).unwrap();
    let text = serde_json::to_string(&session).unwrap();
    assert!(
        text.starts_with(r#"{"version":2,"side":"black","level":"Normal","rules":"casual","lang":"zh","#),
        "{text}"
    );
    let back = Session::from_json(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    assert_eq!((back.settings, back.hints_used, back.flipped), (session.settings, 1, true));
    assert_eq!((back.current_hint(), back.game.moves()), (session.current_hint(), session.game.moves()));
}

/// The casual rules as the first saves wrote them.
const CASUAL_RULES: &str = r#"{"fifty_move_plies":null,"seventy_five_move_plies":null,"no_progress_plies":60,
    "no_progress_plies_kbn_v_k":100,"repetitions_to_claim":null,"repetitions_to_draw":3,"perpetual_checks":10,
    "check_limit":30,"extended_insufficient_material":true,"resign_after_moves":15,"draw_offer_after_moves":15,
    "draw_offers_per_player":3,"timeout_void_moves":5,"timeout_draw_if_opponent_cannot_mate":false}"#;

#[test]
fn the_terminals_first_saves_still_load() {
    // Written by the terminal game before the save had a version (`play --color black
    // --rules casual --lang zh --pace fast --clock 5+3`, one hint, then quit).
    let text = r#"{
  "settings": {
    "side": "black",
    "level": "Normal",
    "rules": "casual",
    "lang": "zh",
    "pace": "fast",
    "clock": {
      "minutes": 5,
      "increment": 3
    }
  },
  "hints_used": 1,
  "flipped": true,
  "game": {
    "start": {
      "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "chess960": false
    },
    "moves": [
      "d2d4",
      "e7e5",
      "d4e5"
    ],
    "rules": CASUAL,
    "events": [],
    "judging": "enforce"
  }
}"#
    .replace("CASUAL", CASUAL_RULES);
    let session = Session::from_json(&text).unwrap();
    let settings = Settings {
        side: Side::Black,
        level: Level::Normal,
        rules: RulesChoice::Casual,
        lang: Lang::Zh,
        pace: Pace::Fast,
        clock: Some(TimeControl { minutes: 5, increment: 3 }),
    };
    assert_eq!((session.settings, session.hints_used, session.flipped), (settings, 1, true));
    assert_eq!((session.hint, session.game.moves().len()), (None, 3));
    assert_eq!(session.game.rules(), &chess_core::Rules::casual());
    // Saves from before the pace and the clock were chosen: the real pace, no clock.
    let older = r#"{"settings":{"side":"white","level":"Expert","rules":"fide","lang":"en"},"hints_used":0,
        "flipped":false,"game":GAME}"#
        .replace("GAME", &serde_json::to_string(&Session::new(Settings::default(), Position::new()).game).unwrap());
    let session = Session::from_json(&older).unwrap();
    assert_eq!(session.settings, Settings { level: Level::Expert, ..Settings::default() });
}

#[test]
fn the_web_pages_first_saves_still_load() {
    // Written by the web game before the save had a version: a casual game as White at
    // Beginner, 1.e4 g5, then a hint.
    let text = r#"{"side":"white","level":"Beginner","rules":"casual","hints_used":1,"hint":{"ply":2,"from":"g1",
        "to":"f3","san":"Nf3","text":{"en":"White knight g1 to f3; develops the knight","zh":"白方马从g1走到f3；出动马"}},
        "game":{"start":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","chess960":false},
        "moves":["e2e4","g7g5"],"rules":CASUAL,"events":[],"judging":"enforce"}}"#
        .replace("CASUAL", CASUAL_RULES);
    let session = Session::from_json(&text).unwrap();
    let settings = Settings { level: Level::Beginner, rules: RulesChoice::Casual, ..Settings::default() };
    assert_eq!((session.settings, session.hints_used, session.flipped), (settings, 1, false));
    let hint = session.current_hint().unwrap();
    assert_eq!((hint.from, hint.to, hint.san.as_str()), (Square::G1, Square::F3, "Nf3"));
    assert_eq!(hint.text.get(Lang::Zh), "白方马从g1走到f3；出动马");
    assert_eq!(session.game.moves().len(), 2);
}

#[test]
fn a_save_of_an_unknown_version_is_refused_with_its_number() {
    let current = serde_json::to_string(&Session::new(Settings::default(), Position::new())).unwrap();
    for version in [0, 1, 3, u64::MAX] {
        let text = current.replace(r#""version":2"#, &format!(r#""version":{version}"#));
        let error = Session::from_json(&text).unwrap_err();
        assert!(matches!(error, SaveError::UnknownVersion(v) if v == version), "{error:?}");
        assert!(error.to_string().contains(&format!("version {version} ")), "{error}");
    }
    assert!(matches!(Session::from_json(r#"{"version":"2"}"#), Err(SaveError::Invalid(_))));
}

#[test]
fn a_broken_save_says_what_is_wrong() {
    let current = serde_json::to_string(&Session::new(Settings::default(), Position::new())).unwrap();
    for (text, says) in [
        ("{ not json", "key must be a string"),
        ("42", "invalid type: integer `42`, expected struct Save"),
        (&current.replace(r#""side":"white""#, r#""side":"green""#), "unknown variant `green`"),
        (&current.replace(r#""hints_used":0,"#, ""), "missing field `hints_used`"),
        (&current.replace(r#""moves":[]"#, r#""moves":["e2e5"]"#), "e2e5"),
    ] {
        let error = Session::from_json(text).unwrap_err();
        assert!(matches!(error, SaveError::Invalid(_)) && error.to_string().contains(says), "{text}: {error}");
    }
}

#[test]
fn data_directory_per_system() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |name: &str| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
    };
    let vars = &[("HOME", "/home/ann"), ("APPDATA", r"C:\Users\ann\AppData\Roaming")];
    assert_eq!(user_data_dir("linux", env(vars)), Some(PathBuf::from("/home/ann/.local/share")));
    assert_eq!(user_data_dir("macos", env(vars)), Some(PathBuf::from("/home/ann/Library/Application Support")));
    assert_eq!(user_data_dir("windows", env(vars)), Some(PathBuf::from(r"C:\Users\ann\AppData\Roaming")));
    let xdg = &[("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data/ann")];
    assert_eq!(user_data_dir("linux", env(xdg)), Some(PathBuf::from("/data/ann")));
    // A relative XDG_DATA_HOME is ignored, as the specification says.
    let relative = &[("HOME", "/home/ann"), ("XDG_DATA_HOME", "data")];
    assert_eq!(user_data_dir("freebsd", env(relative)), Some(PathBuf::from("/home/ann/.local/share")));
    assert_eq!(user_data_dir("linux", env(&[])), None);
    assert_eq!(user_data_dir("windows", env(&[("HOME", "/home/ann")])), None);
}
