//! `PgnGame::from_game`: the exact PGN written for games that end in each way, from the
//! standard position and from a FEN.

use chess_core::pgn::{PgnGame, PgnReader};
use chess_core::{Color, Game, Rules};

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
    let mut pgn = PgnGame::from_game(game);
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
fn checkmate_gets_the_result_and_a_closing_comment() {
    let mut game = Game::new();
    play(&mut game, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    let expected = roster("1-0")
        + "[Termination \"normal\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {white wins by checkmate} 1-0\n";
    assert_eq!(with_names(&game), expected);
}

#[test]
fn a_game_from_a_fen_has_setup_and_fen_tags_and_black_may_move_first() {
    // Casual rules: 60 plies without a capture or pawn move draw the game.
    let fen = "8/8/4k3/8/8/3K4/8/R7 b - - 59 40";
    let mut game = Game::from_position_with_rules(fen.parse().unwrap(), Rules::casual());
    play(&mut game, &["Ke7"]);
    let expected = roster("1/2-1/2")
        + "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/3K4/8/R7 b - - 59 40\"]\n[Termination \"normal\"]\n\n40... Ke7 {draw by no progress} 1/2-1/2\n";
    assert_eq!(with_names(&game), expected);
}

#[test]
fn a_resignation_before_any_move_is_a_comment_before_the_movetext() {
    let mut game = Game::new();
    game.resign(Color::Black).unwrap();
    let expected = roster("1-0") + "[Termination \"normal\"]\n\n{white wins by resignation} 1-0\n";
    assert_eq!(with_names(&game), expected);
}

#[test]
fn timeouts_forfeits_and_void_games_have_their_own_termination() {
    let mut game = Game::new();
    play(&mut game, &["d4", "d5"]);
    game.timeout(Color::White).unwrap();
    let pgn = with_names(&game);
    assert!(pgn.ends_with("[Termination \"time forfeit\"]\n\n1. d4 d5 {black wins by timeout} 0-1\n"), "{pgn}");

    let mut game = Game::new();
    game.forfeit(Color::White).unwrap();
    assert!(with_names(&game).contains("[Termination \"rules infraction\"]\n"));

    let mut game = Game::with_rules(Rules::casual());
    play(&mut game, &["d4"]);
    game.timeout(Color::Black).unwrap();
    let pgn = with_names(&game);
    assert!(pgn.starts_with(&roster("*")), "{pgn}");
    assert!(pgn.ends_with("[Termination \"abandoned\"]\n\n1. d4 {game aborted} *\n"), "{pgn}");
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
