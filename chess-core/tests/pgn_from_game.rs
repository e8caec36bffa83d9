//! `PgnGame::from_game`: the exact PGN written for games that end in each way, from the
//! standard position and from a FEN.

use chess_core::pgn::{FromGameOptions, PgnGame, PgnReader, PgnResult, ToGameError};
use chess_core::{Color, EventKind, Game, IllegalMoveError, Judging, Move, Outcome, PushError, Rules, Termination};

fn play(game: &mut Game, sans: &[&str]) {
    for san in sans {
        game.push_san(san).unwrap();
    }
}

fn roster(result: &str) -> String {
    format!(
        "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"-\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"{result}\"]\n"
    )
}

fn with_names(game: &Game) -> String {
    named(PgnGame::from_game(game))
}

/// As [`with_names`], with the closing comment asked for.
fn with_names_and_comment(game: &Game) -> String {
    named(PgnGame::from_game_with(game, FromGameOptions::new().with_end_comment()))
}

fn named(mut pgn: PgnGame) -> String {
    for (name, value) in
        [("Event", "Casual game"), ("Date", "2024.05.01"), ("Round", "-"), ("White", "Ann"), ("Black", "Ben")]
    {
        pgn.set_tag(name, value);
    }
    pgn.to_pgn()
}

#[test]
fn an_unfinished_game_is_unterminated() {
    let mut game = Game::new();
    play(&mut game, &["e4", "e5", "Nf3"]);
    let expected = roster("*") + "[Termination \"unterminated\"]\n\n1. e4 e5 2. Nf3 *\n";
    assert_eq!(with_names(&game), expected);
}

#[test]
fn checkmate_gets_the_result_and_a_termination_tag_and_a_comment_only_when_asked() {
    let mut game = Game::new();
    play(&mut game, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    let expected = roster("1-0") + "[Termination \"normal\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    assert_eq!(with_names(&game), expected);
    let expected = roster("1-0")
        + "[Termination \"normal\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {white wins by checkmate} 1-0\n";
    assert_eq!(with_names_and_comment(&game), expected);
}

#[test]
fn a_game_from_a_fen_has_setup_and_fen_tags_and_black_may_move_first() {
    // Casual rules: 60 plies without a capture or pawn move draw the game.
    let fen = "8/8/4k3/8/8/3K4/8/R7 b - - 59 40";
    let mut game = Game::from_position_with_rules(fen.parse().unwrap(), Rules::casual());
    play(&mut game, &["Ke7"]);
    let expected = roster("1/2-1/2")
        + "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/8/R7 b - - 59 40\"]\n[Termination \"normal\"]\n\n40... Ke7 1/2-1/2\n";
    assert_eq!(with_names(&game), expected);
}

#[test]
fn a_resignation_before_any_move_is_a_comment_before_the_movetext() {
    let mut game = Game::new();
    game.resign(Color::Black).unwrap();
    let expected = roster("1-0") + "[Termination \"normal\"]\n\n{white wins by resignation} 1-0\n";
    assert_eq!(with_names_and_comment(&game), expected);
    assert_eq!(with_names(&game), roster("1-0") + "[Termination \"normal\"]\n\n1-0\n");
}

#[test]
fn timeouts_forfeits_and_void_games_have_their_own_termination() {
    let mut game = Game::new();
    play(&mut game, &["d4", "d5"]);
    game.timeout(Color::White).unwrap();
    let pgn = with_names(&game);
    assert!(pgn.ends_with("[Termination \"time forfeit\"]\n\n1. d4 d5 0-1\n"), "{pgn}");

    let mut game = Game::new();
    game.forfeit(Color::White).unwrap();
    assert!(with_names(&game).contains("[Termination \"rules infraction\"]\n"));

    let mut game = Game::with_rules(Rules::casual());
    play(&mut game, &["d4"]);
    game.timeout(Color::Black).unwrap();
    let pgn = with_names(&game);
    assert!(pgn.starts_with(&roster("*")), "{pgn}");
    assert!(pgn.ends_with("[Termination \"abandoned\"]\n\n1. d4 *\n"), "{pgn}");
}

#[test]
fn the_pgn_reads_back_to_the_same_moves_and_end_position() {
    let mut game = Game::new();
    play(&mut game, &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "Be2", "e6", "O-O"]);
    let text = PgnGame::from_game(&game).to_pgn();
    let read = PgnReader::from_text(&text).next().unwrap().unwrap();
    assert_eq!(read.mainline().collect::<Vec<_>>(), game.moves());
    assert_eq!(read.end_position().unwrap(), *game.position());
    assert_eq!(read.tag("Termination"), Some("unterminated"));
}

// --- Back to a game: PgnGame::to_game ---------------------------------------------------------------

fn to_game(text: &str) -> Game {
    text.parse::<PgnGame>().unwrap().to_game().unwrap()
}

#[test]
fn to_game_replays_the_main_line_from_the_fen_tag() {
    let text = "[FEN \"8/8/4k3/8/8/3K4/8/R7 b - - 59 40\"]\n\n40... Ke7 (40... Kd6) 41. Ra7+ Kd6 *";
    let game = to_game(text);
    assert_eq!(game.start_position().to_fen(), "8/8/4k3/8/8/3K4/8/R7 b - - 59 40");
    assert_eq!(game.position().to_fen(), "8/R7/3k4/8/8/3K4/8/8 w - - 62 42");
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.judging(), Judging::Record);
    assert_eq!((game.outcome(), game.result()), (None, "*"));
    assert!(game.events().is_empty());
}

#[test]
fn to_game_expresses_the_result_as_the_event_it_stands_for() {
    // A decisive result without mate: a resignation, a timeout or a forfeit by the loser.
    let game = to_game("1. e4 e5 2. Qh5 1-0");
    assert_eq!(game.outcome(), Some(Outcome::win(Termination::Resignation, Color::White)));
    assert_eq!(game.events()[0].kind, EventKind::Resign(Color::Black));
    let game = to_game("[Termination \"time forfeit\"]\n1. e4 0-1");
    assert_eq!(game.events()[0].kind, EventKind::Timeout(Color::White));
    let game = to_game("[Termination \"rules infraction\"]\n1. e4 1-0");
    assert_eq!(game.outcome(), Some(Outcome::win(Termination::Forfeit, Color::White)));
    let game = to_game("[Termination \"Abandoned\"]\n1. e4 0-1");
    assert_eq!(game.events()[0].kind, EventKind::Forfeit(Color::White));
    // A draw: agreement (offered by the side that just moved), or a claim when one is possible.
    let game = to_game("1. e4 e5 1/2-1/2");
    let kinds: Vec<_> = game.events().iter().map(|event| event.kind).collect();
    assert_eq!(kinds, [EventKind::OfferDraw(Color::Black), EventKind::AcceptDraw(Color::White)]);
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::DrawAgreement)));
    let game = to_game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2");
    assert_eq!(game.events()[0].kind, EventKind::ClaimDraw(Color::White));
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::ThreefoldRepetition)));
    // A timeout against a side that cannot mate is a draw.
    let game = to_game("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Termination \"time forfeit\"]\n1. e4 1/2-1/2");
    assert_eq!(game.events()[0].kind, EventKind::Timeout(Color::White));
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::Timeout)));
    // A mate on the board needs no event.
    let game = to_game("1. f3 e5 2. g4 Qh4# 0-1");
    assert!(game.events().is_empty());
    assert_eq!(game.outcome(), Some(Outcome::win(Termination::Checkmate, Color::Black)));
}

#[test]
fn to_game_records_moves_played_past_an_automatic_draw() {
    // The players went on after the fivefold repetition (and White resigned later).
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(4);
    let game = to_game(&format!("{shuffle} 9. e4 e5 1-0"));
    assert_eq!(game.moves().len(), 18);
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::FivefoldRepetition)));
    assert!(game.events().is_empty());
    // Judging it refuses a further move.
    let mut judged = game.clone();
    judged.set_judging(Judging::Enforce);
    assert_eq!(judged.push_san("Nf3"), Err(PushError::GameOver(Outcome::draw(Termination::FivefoldRepetition))));
}

#[test]
fn to_game_refuses_null_moves_and_illegal_moves_put_in_by_hand() {
    let pgn: PgnGame = "1. e4 -- 2. d4 *".parse().unwrap();
    let error = pgn.to_game().unwrap_err();
    assert_eq!(
        error,
        ToGameError {
            ply: 1,
            mv: Move::NULL,
            error: PushError::Illegal(IllegalMoveError {
                mv: Move::NULL,
                reason: chess_core::IllegalMoveReason::NullMove
            })
        }
    );
    assert!(error.to_string().starts_with("move 2 (0000) of the main line: "), "{error}");
}

#[test]
fn from_game_and_to_game_round_trip() {
    let mut game = Game::new();
    play(&mut game, &["d4", "d5", "c4"]);
    game.timeout(Color::Black).unwrap();
    let pgn = PgnGame::from_game(&game);
    assert_eq!((pgn.result, pgn.tag("Termination")), (PgnResult::WhiteWins, Some("time forfeit")));
    let back = pgn.to_game().unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.events(), game.events());
    assert_eq!(back.outcome(), game.outcome());
    assert_eq!(PgnGame::from_game(&back), pgn);
    // From a FEN with an en-passant square no capture can use: the start comes back equal.
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
    let mut game = Game::from_position(start);
    play(&mut game, &["c5"]);
    let text = PgnGame::from_game(&game).to_pgn();
    assert!(text.contains("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"), "{text}");
    let back = text.parse::<PgnGame>().unwrap().to_game().unwrap();
    assert_eq!(back.start_position(), game.start_position());
    assert_eq!(back.position(), game.position());
}
