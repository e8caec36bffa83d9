//! Scripted sessions of the terminal game, through the real binary (standard input not a
//! terminal: one command per line) and in memory through `play::run`.
//!
//! Assertions are about the rules and the interface. Which move a level picks is only
//! asserted in forced positions (a mate in one, a single legal move), so that tuning the
//! search does not break these tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use chess_play::{self as play, BoardStyle, Config, PieceStyle, RulesChoice, Side};

/// Returns a fresh save-file path for one test, so that no test touches the real home.
fn save_path(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess-play-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("saved.json")
}

/// Runs the binary with `args` (and a save file of its own), feeding `input`; returns
/// standard output, after checking that it exited successfully with nothing on standard error.
fn play_binary(test: &str, args: &[&str], input: &str) -> String {
    let save = save_path(test);
    play_binary_with_save(&save, args, input)
}

fn play_binary_with_save(save: &std::path::Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(args)
        .arg("--save")
        .arg(save)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the play binary starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success() && stderr.is_empty(), "status {}\n{stderr}\n{stdout}", output.status);
    stdout
}

/// Runs a session in memory with `config`, feeding `input` (which need not be UTF-8).
fn play_in_memory(config: &Config, input: &[u8]) -> String {
    let mut output = Vec::new();
    play::run(input, &mut output, config).unwrap();
    String::from_utf8(output).unwrap()
}

/// Returns the lines printed by the `fen` commands, in order.
fn fens(output: &str) -> Vec<&str> {
    output.lines().filter(|line| line.split(' ').count() == 6 && line.contains('/')).collect()
}

fn two_players() -> Config {
    Config { side: Some(Side::Both), ..Config::scripted() }
}

#[test]
fn a_two_player_game_to_checkmate_with_its_pgn() {
    let out = play_binary("scholar", &["--color", "both"], "e4\ne5\nBc4\nNc6\nQh5\nNf6\nQxf7#\npgn\nn\n");
    assert!(out.starts_with("New game: two players, FIDE rules.\n"), "{out}");
    assert!(out.contains("White > e4\n1. e4 — White pawn e2 to e4\n"), "{out}");
    assert!(out.contains("Black > Nf6\n3... Nf6 — Black knight g8 to f6\n"), "{out}");
    assert!(out.contains("4. Qxf7# — White queen h5 takes pawn f7, checkmate\n"), "{out}");
    assert!(out.contains("Moves: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#\n"), "{out}");
    assert!(out.contains("Taken by White: p | by Black: - | White is ahead by 1\n"), "{out}");
    assert!(out.contains("Checkmate! White wins.\n"), "{out}");
    let pgn_start = out.find("[Event").expect("the PGN is printed");
    let pgn: Vec<&str> = out[pgn_start..].lines().take(10).collect();
    assert_eq!(pgn[0..2], ["[Event \"Game under FIDE rules\"]", "[Site \"chess-core play\"]"]);
    assert!(pgn[2].starts_with("[Date \"20") && pgn[2].len() == "[Date \"2024.05.01\"]".len(), "{}", pgn[2]);
    assert_eq!(
        pgn[3..],
        [
            "[Round \"-\"]",
            "[White \"Player 1\"]",
            "[Black \"Player 2\"]",
            "[Result \"1-0\"]",
            "[Termination \"normal\"]",
            "",
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {Checkmate! White wins.} 1-0",
        ]
    );
    assert!(out.ends_with("undo or pgn) > n\nGoodbye!\n"), "{out}");
}

#[test]
fn the_computer_mates_in_one_and_announces_it() {
    // Kg8 walks into Ra8 mate.
    let out = play_binary(
        "computer-mates",
        &["--color", "black", "--level", "normal", "--seed", "1", "--fen", "7k/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1"],
        "Kg8\nn\n",
    );
    assert!(out.contains("New game: you play Black against the computer (Normal), FIDE rules.\n"), "{out}");
    // The search is shown as it was (no wait at the instant pace of a script).
    assert!(out.contains("Black > Kg8\n1... Kg8 — Black king h8 to g8\nSearch: depth "), "{out}");
    assert!(out.contains(" s.\nThe computer plays 2. Ra8# — White rook a1 to a8, checkmate\n"), "{out}");
    assert!(out.contains("The computer plays 2. Ra8# — White rook a1 to a8, checkmate\n"), "{out}");
    assert!(out.contains("Checkmate! White wins.\n"), "{out}");
    // Black's view: rank 1 at the top, files from h to a.
    assert!(out.contains("   h  g  f  e  d  c  b  a\n1  .  K  .  .  .  .  . [.] 1\n"), "{out}");
    assert!(out.contains("\n8  . !k! .  .  .  .  . [R] 8\n"), "{out}");
}

#[test]
fn as_black_the_computer_moves_first_with_a_legal_announced_move() {
    let out = play_binary("black", &["--color", "black", "--level", "beginner", "--seed", "7"], "fen\nquit\n");
    let announced = out.lines().find(|line| line.starts_with("The computer plays 1. ")).expect("a first move");
    assert!(announced.contains(" — White "), "{announced}");
    let fen = fens(&out)[0];
    assert!(fen.contains(" b KQkq ") && fen.ends_with(" 1"), "{fen}");
    assert!(out.contains("Black > fen\n"), "{out}");
    assert!(out.contains("Game saved to "), "{out}");
}

#[test]
fn illegal_moves_are_refused_with_their_reason() {
    let pinned = "r1bqk1nr/pppp1ppp/2n5/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4";
    let out = play_binary("pinned", &["--color", "both", "--fen", pinned], "Nd5\nc3d5\nNc3-d5\nQd3\nxyz\nquit\n");
    let refusals: Vec<&str> =
        out.lines().filter(|line| line.starts_with("Illegal") || line.starts_with("I don")).collect();
    assert_eq!(
        refusals,
        [
            "Illegal move: the knight on c3 is pinned by the bishop on b4.",
            "Illegal move: the knight on c3 is pinned by the bishop on b4.",
            "Illegal move: the knight on c3 is pinned by the bishop on b4.",
            "Illegal move: your own pawn is on d3.",
            "I don't understand \"xyz\". Type help for the commands.",
        ]
    );
    let two_knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let out = play_binary("ambiguous", &["--color", "both", "--fen", two_knights], "Nd2\nNbd2\nq\n");
    assert!(
        out.contains("\"Nd2\" is ambiguous: pieces on b1, f3 can make it; add the file or rank of the one you mean.\n"),
        "{out}"
    );
    assert!(out.contains("1. Nbd2 — White knight b1 to d2\n"), "{out}");
    let through_check = "rn1qk2r/pppp1ppp/8/8/2b5/8/PPPP1PPP/RNBQK2R w KQkq - 0 1";
    let out = play_binary("castling", &["--color", "both", "--fen", through_check, "--lang", "zh"], "O-O\ne1g1\nq\n");
    let zh = "不合法的走法：不能易位：王经过的f1受到c4上的象攻击。";
    assert_eq!(out.matches(zh).count(), 2, "{out}");
    let out = play_binary("castling-en", &["--color", "both", "--fen", through_check], "O-O\nq\n");
    assert!(
        out.contains(
            "Illegal move: castling is not allowed: the king passes through f1, which the bishop on c4 attacks.\n"
        ),
        "{out}"
    );
}

#[test]
fn moves_lists_where_a_piece_goes_marking_captures_and_en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 2";
    let out = play_binary("moves", &["--color", "both", "--fen", fen], "moves e5\ne5\nmoves d5\ne4\nNf3\nmoves\nq\n");
    // The board marks the destinations: a dot on e6, a ring on d6 (en passant); the list
    // names the squares.
    let marked = "\
White > moves e5
   a  b  c  d  e  f  g  h
8  .  .  .  .  k  .  .  .  8
7  .  .  .  .  .  .  .  .  7
6  .  .  . (.) *  .  .  .  6
5  .  .  .  p  P  .  .  .  5
";
    assert!(out.contains(marked), "{out}");
    assert!(
        out.contains("White to move.\nThe pawn on e5 can go to: e6, d6 (takes en passant).\nWhite > e5\n"),
        "{out}"
    );
    assert!(out.contains("White to move.\nThe pawn on e5 can go to: e6, d6 (takes en passant).\nWhite > moves d5\n"));
    assert!(out.contains("White > moves d5\nThe pawn on d5 is Black's, and it is White's turn to move.\n"), "{out}");
    assert!(out.contains("White > e4\nIllegal move: a pawn does not move from e5 to e4.\n"), "{out}");
    assert!(out.contains("White > Nf3\nNo legal move matches \"Nf3\".\n"), "{out}");
    assert!(out.contains("Legal moves: "), "{out}");
    assert!(out.contains("O-O"), "{out}");
    assert!(out.contains(", exd6 e.p.\n"), "{out}");
    assert!(!out.contains("e.p.."), "{out}");
    // The king: dots on empty squares, castling named; rings where a piece takes.
    let out = play_binary("moves-king", &["--color", "both", "--fen", fen, "--lang", "zh"], "moves e1\nq\n");
    assert!(out.contains("\n2  .  .  .  *  *  *  .  .  2\n1  .  .  .  *  K  *  *  R  1\n"), "{out}");
    assert!(out.contains("e1上的王可以走：d1, f1, d2, e2, f2, g1（王车易位）。\n"), "{out}");
    let out = play_binary("moves-ring", &["--color", "both", "--fen", "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1"], "c3\nq\n");
    assert!(out.contains("\n5  .  *  . (n) .  .  .  .  5\n4  *  .  .  .  *  .  .  .  4\n"), "{out}");
    assert!(out.contains("The knight on c3 can go to: b1, d1, a2, e2, a4, e4, b5, d5 (takes the knight).\n"), "{out}");
    let out = play_binary("en-passant", &["--color", "both", "--fen", fen], "exd6 e.p.\npieces\nq\n");
    assert!(out.contains("2. exd6 — White pawn e5 takes pawn d6 en passant\n"), "{out}");
    assert!(out.contains("Taken by White: p | by Black: - | White is ahead by 6\n"), "{out}");
    assert!(out.contains("Taken by White: ♟ | by Black: - | White is ahead by 6\n"), "{out}");
    assert!(out.contains("\n6  .  .  . [♙] .  .  .  .  6\n"), "{out}");
}

#[test]
fn undo_takes_back_castling_and_promotion_exactly() {
    // Against the computer: undo takes back the player's move and the computer's reply.
    let castling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let out = play_binary("undo-castle", &["--seed", "3", "--fen", castling], "O-O\nfen\nz\nfen\nquit\n");
    let seen = fens(&out);
    assert!(seen[0].contains("/PPPPPPPP/R4RK1 w "), "{out}");
    assert_eq!(seen[1], castling);
    assert!(out.contains("Took back the last 2 moves.\n"), "{out}");

    // Promotion without a piece asks which one; undo restores the pawn.
    let promotion = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    let input = "e8\nking\nn\nfen\nu\nfen\ne7e8\nr\nfen\nundo\nfen\nquit\n";
    let out = play_binary("undo-promote", &["--seed", "3", "--fen", promotion], input);
    assert_eq!(out.matches("Promote to which piece? queen (q), rook (r), bishop (b) or knight (n): ").count(), 3);
    assert!(out.contains("1. e8=N+ — White pawn e7 to e8, promotes to a knight, check\n"), "{out}");
    assert!(out.contains("1. e8=R — White pawn e7 to e8, promotes to a rook\n"), "{out}");
    let seen = fens(&out);
    assert!(seen[0].starts_with("4N3/"), "{out}");
    assert_eq!(seen[1], promotion);
    assert!(seen[2].starts_with("4R3/"), "{out}");
    assert_eq!(seen[3], promotion);

    // Two players: one ply at a time; nothing to take back at the start.
    let out = play_in_memory(
        &Config { fen: Some(castling.parse().unwrap()), ..two_players() },
        b"O-O\nO-O-O\nu\nfen\nu\nfen\nu\nq\n",
    );
    assert_eq!(fens(&out), ["r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1", castling]);
    assert_eq!(out.matches("Took back the last move.\n").count(), 2);
    assert!(out.contains("There is no move of yours to take back.\n"), "{out}");
}

#[test]
fn hints_explain_the_move_three_times_a_game() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4";
    let input = "hint\nh\nNxh4\nh\nNc6\nh\nNf3\nNf6\nh\nq\n";
    let out = play_binary("hint", &["--color", "both", "--fen", fen], input);
    // The hinted move is highlighted on the board, then explained.
    let highlighted = "\
White > hint
   a  b  c  d  e  f  g  h
8  r  n  b  .  k  b  n  r  8
7  p  p  p  p  .  p  p  p  7
6  .  .  .  .  .  .  .  .  6
5  .  .  .  .  p  .  .  .  5
4  .  .  .  .  P  .  . <q> 4
3  .  .  .  .  . <N> .  .  3
";
    assert!(out.contains(highlighted), "{out}");
    let hint =
        "White to move.\nHint: Nxh4 — White knight f3 takes queen h4; wins the queen on h4. (2 left in this game)\n";
    assert!(out.contains(hint), "{out}");
    // Asked again in the same position: the same hint, not counted.
    let again = "Hint (again, not counted): Nxh4 — White knight f3 takes queen h4; wins the queen on h4. (2 left in this game)\nWhite > Nxh4\n";
    assert!(out.contains(again), "{out}");
    assert!(out.contains("(1 left in this game)\nBlack > Nc6\n"), "{out}");
    assert!(out.contains("(0 left in this game)\nWhite > Nf3\n"), "{out}");
    assert!(out.contains("White > h\nNo hints left: there are 3 per game.\n"), "{out}");
    let out = play_binary("hint-zh", &["--color", "both", "--fen", fen, "--lang", "zh"], "提示\n提示\nq\n");
    assert!(out.contains("提示：Nxh4 — 白方马从f3吃h4的后；得h4的后。（本局还剩2次）\n"), "{out}");
    assert!(
        out.contains("提示（重复显示，不计次数）：Nxh4 — 白方马从f3吃h4的后；得h4的后。（本局还剩2次）\n"),
        "{out}"
    );
}

#[test]
fn quitting_saves_and_the_next_start_continues() {
    let save = save_path("continue");
    let out = play_binary_with_save(&save, &["--color", "both"], "e4\nc5\nh\nf\nquit\n");
    assert!(out.ends_with(&format!("Game saved to {}; start play again to continue it.\nGoodbye!\n", save.display())));
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("\"moves\": [\n      \"e2e4\",\n      \"c7c5\"\n    ]"), "{saved}");
    assert!(saved.contains("\"hints_used\": 1,\n  \"flipped\": true,"), "{saved}");

    // Without a menu, --continue resumes; the hints used and the flipped board come back.
    let out = play_binary_with_save(&save, &["--continue"], "fen\nh\nNf3\nNc6\nh\nd4\ncxd4\nh\nq\n");
    assert!(out.starts_with("Continuing the last game.\n   h  g  f  e  d  c  b  a\n"), "{out}");
    assert_eq!(fens(&out)[0], "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(out.contains("(1 left in this game)\nWhite > Nf3\n"), "{out}");
    assert!(out.contains("(0 left in this game)\nWhite > d4\n"), "{out}");
    assert!(out.contains("White > h\nNo hints left"), "{out}");

    // The menu offers it; n starts a new game, whose questions come next.
    let out = play_binary_with_save(&save, &["--menu"], "1\ny\nfen\nq\n");
    // Moves are counted as move numbers are: 1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 is 3 moves.
    assert!(out.contains("Continue the last game (3 moves played)? [Y/n] y\nContinuing the last game.\n"), "{out}");
    assert_eq!(fens(&out)[0], "r1bqkbnr/pp1ppppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4");
    let out = play_binary_with_save(&save, &["--menu", "--seed", "2"], "\nn\n9\n2\n3\n2\n1\nfen\nq\n");
    assert!(out.contains("Please answer with one of the numbers, or press Enter for the default.\n"), "{out}");
    assert!(out.contains("New game: you play Black against the computer (Expert), casual rules.\n"), "{out}");
    assert!(out.contains("The computer plays 1. "), "{out}");

    // A finished game is not offered again.
    let out = play_binary_with_save(&save, &["--color", "both", "--rules", "fide"], "resign\ny\nn\n");
    assert!(out.contains("White resigns: Black wins.\n"), "{out}");
    assert!(!save.exists());
    let out = play_binary_with_save(&save, &["--continue"], "q\n");
    assert!(out.starts_with("There is no saved game to continue; starting a new game.\n"), "{out}");
}

#[test]
fn a_save_of_the_first_format_continues() {
    // Written by `play` before saves had a version (and before the pace and the clock).
    let first = r#"{
  "settings": {"side": "both", "level": "Normal", "rules": "fide", "lang": "zh"},
  "hints_used": 2,
  "flipped": true,
  "game": {
    "start": {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess960": false},
    "moves": ["e2e4", "c7c5"],
    "rules": {"fifty_move_plies": 100, "seventy_five_move_plies": 150, "no_progress_plies": null,
      "no_progress_plies_kbn_v_k": null, "repetitions_to_claim": 3, "repetitions_to_draw": 5,
      "perpetual_checks": null, "check_limit": null, "extended_insufficient_material": false,
      "resign_after_moves": 0, "draw_offer_after_moves": 0, "draw_offers_per_player": null,
      "timeout_void_moves": null, "timeout_draw_if_opponent_cannot_mate": true},
    "events": [],
    "judging": "enforce"
  }
}"#;
    let save = save_path("first-format");
    std::fs::create_dir_all(save.parent().unwrap()).unwrap();
    std::fs::write(&save, first).unwrap();
    let out = play_binary_with_save(&save, &["--continue"], "fen\nh\nh\nq\n");
    assert!(out.starts_with("继续上一局。\n   h  g  f  e  d  c  b  a\n"), "{out}");
    assert_eq!(fens(&out), ["rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]);
    assert!(out.contains("。（本局还剩0次）\n白方 > h\n"), "{out}");
    assert!(out.contains("提示（重复显示，不计次数）："), "{out}");
    // Saved again in the current format, with the hint used.
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.starts_with("{\n  \"version\": 2,\n  \"side\": \"both\",\n"), "{saved}");
    assert!(saved.contains("\"hints_used\": 3,\n  \"flipped\": true,"), "{saved}");
}

#[test]
fn a_corrupt_save_file_is_reported_kept_aside_and_a_new_game_starts() {
    let save = save_path("corrupt");
    let aside = save.with_extension("json.unreadable");
    std::fs::create_dir_all(save.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&aside);
    std::fs::write(&save, "{ not json").unwrap();
    let out = play_binary_with_save(&save, &["--continue", "--color", "both"], "e4\nq\n");
    assert!(out.starts_with(&format!("The saved game in {} could not be read (", save.display())), "{out}");
    let kept =
        format!("); it is kept as {}. Starting a new game.\nNew game: two players, FIDE rules.\n", aside.display());
    assert!(out.contains(&kept), "{out}");
    // The broken file is kept as it was; the new game is saved in its place.
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{ not json");
    assert!(std::fs::read_to_string(&save).unwrap().contains("\"e2e4\""));
}

#[test]
fn a_script_without_save_leaves_the_saved_game_alone() {
    let save = save_path("script");
    std::fs::create_dir_all(save.parent().unwrap()).unwrap();
    let _ = play_binary_with_save(&save, &["--color", "both"], "e4\nq\n");
    let before = std::fs::read_to_string(&save).unwrap();
    // The binary without --save, piped, with the data directory pointing at the save's folder.
    let output = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--color", "both"])
        .env("XDG_DATA_HOME", save.parent().unwrap())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(b"d4\nq\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(output.status.success());
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    assert!(!save.parent().unwrap().join("chess-core").exists(), "nothing saved by default");
}

#[test]
fn the_casual_thirty_move_rule_draws_from_a_fen() {
    // 58 plies without progress: the player's move and the computer's reply make 60.
    let fen = "8/8/8/3k4/8/8/8/R3K3 w - - 58 80";
    let out = play_binary("thirty", &["--rules", "casual", "--seed", "5", "--fen", fen], "Ra2\nn\n");
    assert!(out.contains("New game: you play White against the computer (Normal), casual rules.\n"), "{out}");
    assert!(out.contains("The computer plays 80... K"), "{out}");
    assert!(out.contains("Draw: 30 moves without a capture or a pawn move (casual rules).\n"), "{out}");
    let out = play_binary(
        "thirty-zh",
        &["--rules", "casual", "--color", "both", "--fen", fen, "--lang", "zh"],
        "Ra2\nKe5\nn\n",
    );
    assert!(out.contains("和棋：连续30回合没有吃子或走兵（休闲规则）。\n"), "{out}");
}

#[test]
fn draw_offers_follow_the_rules_and_the_computers_judgement() {
    // Casual rules: no offer before 15 moves.
    let out = play_binary("draw-early", &["--rules", "casual", "--seed", "1"], "draw\ny\nresign\ny\nq\n");
    assert!(out.contains("Under these rules you may offer a draw only after 15 moves; you have made 0.\n"), "{out}");
    assert!(out.contains("Under these rules you may resign only after 15 moves; you have made 0.\n"), "{out}");
    // The computer, a queen up, declines; a queen down, it accepts.
    let winning_for_black = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";
    let out = play_binary("draw-declined", &["--seed", "1", "--fen", winning_for_black], "draw\ny\nq\n");
    assert!(out.contains("White offers a draw.\nThe computer declines the draw and plays on.\n"), "{out}");
    let losing_for_black = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let out = play_binary("draw-accepted", &["--seed", "1", "--fen", losing_for_black], "draw\ny\nn\n");
    assert!(out.contains("White offers a draw.\nThe computer accepts the draw.\n"), "{out}");
    assert!(out.contains("Draw by agreement.\n"), "{out}");
    // Two players: the other side answers.
    let out = play_in_memory(&two_players(), b"draw\ny\nn\ndraw\ny\nyes\nn\n");
    assert!(
        out.contains("White offers a draw.\nBlack, do you accept the draw? [y/N] n\nThe draw offer is declined.\n")
    );
    assert!(out.contains("Draw by agreement.\n"), "{out}");
}

#[test]
fn fide_draw_claims_by_repetition() {
    let out = play_in_memory(&two_players(), b"Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw\ny\nn\n");
    assert!(out.contains("Draw by threefold repetition.\n"), "{out}");
}

#[test]
fn chinese_check_status_and_the_new_game_offer() {
    let config = Config { lang: Some(chess_core::Lang::Zh), ..two_players() };
    let out = play_in_memory(&config, "e4\nf5\nQh5\n是\n否\n".as_bytes());
    assert!(out.contains("1. e4 — 白方兵从e2走到e4\n"), "{out}");
    assert!(out.contains("轮到黑方走棋。 将军！\n"), "{out}");
    assert!(out.contains("黑方 > 是\n无法理解“是”。输入 help 查看命令。\n"), "{out}");
}

#[test]
fn after_the_end_a_new_game_starts_on_yes() {
    let config = Config { rules: Some(RulesChoice::Casual), ..two_players() };
    let out = play_in_memory(&config, b"f3\ne5\ng4\nQh4#\ne4\nundo\nQh4#\ny\nfen\nq\n");
    assert_eq!(out.matches("Checkmate! Black wins.\n").count(), 2, "{out}");
    assert!(out.contains("> e4\nThe game is over: answer y (or s) for a new game or n to quit.\n"), "{out}");
    assert_eq!(out.matches("New game: two players, casual rules.\n").count(), 2, "{out}");
    assert_eq!(fens(&out), ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]);
}

#[test]
fn the_board_in_colour_marks_check_in_red_and_can_flip() {
    let config = Config {
        board: BoardStyle { colors: true, pieces: PieceStyle::Unicode },
        fen: Some("4k3/8/8/8/8/8/8/4K2R w - - 0 1".parse().unwrap()),
        ..two_players()
    };
    let out = play_in_memory(&config, b"Rh8+\nflip\nq\n");
    assert!(out.contains("\x1b[48;5;160;38;5;16m ♚ \x1b[0m"), "{out}");
    assert!(out.contains("Board flipped.\n   h  g  f  e  d  c  b  a\n"), "{out}");
}

#[test]
fn no_input_line_makes_it_fail() {
    let mut input = Vec::new();
    for line in [
        &b"\xff\xfe\n"[..],
        b"e2e9\n",
        b"z9\n",
        b"moves\n",
        b"pgn /nonexistent-dir/x.pgn\n",
        "兵e4\n".as_bytes(),
        b"O-O-O-O\n",
        b"e7e8k\n",
        b"Qxx\n",
        b"help\n",
        b"board\n",
        b"\n",
        b"   \n",
        b"e4 e5 Nf3\n",
    ] {
        input.extend_from_slice(line);
    }
    let out = play_in_memory(&two_players(), &input);
    assert!(out.contains("Could not write /nonexistent-dir/x.pgn: "), "{out}");
    assert!(out.contains("e7e8k\nIllegal move: the pawn on e7 is Black's, and it is White's turn to move.\n"), "{out}");
    assert!(out.contains("  quit (q)               save the game and leave"), "{out}");
    assert!(out.ends_with("Goodbye!\n"), "{out}");
}

#[test]
fn bad_flags_exit_with_usage() {
    let output = Command::new(env!("CARGO_BIN_EXE_play")).args(["--level", "grandmaster"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr, "play: unknown level \"grandmaster\" (expected beginner, normal, expert or master)\n");
    let help = Command::new(env!("CARGO_BIN_EXE_play")).arg("--help").output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8(help.stdout).unwrap().starts_with("usage: play "));
}

#[test]
fn the_pace_is_chosen_in_the_menu_and_changed_by_a_command() {
    let config = Config {
        menu: true,
        lang: Some(chess_core::Lang::En),
        side: Some(Side::White),
        level: Some(chess_core::search::Level::Beginner),
        rules: Some(RulesChoice::Fide),
        pace: None,
        ..Config::scripted()
    };
    let out = play_in_memory(&config, b"3\n2\npace\npace faster\npace slow\ne4\npace instant\nq\n");
    let question =
        "The computer's pace: (1) real (waits 2-5 s, like a person), (2) faster (1-2 s), (3) instant [1] 3\n";
    let clock = "Clock (minutes+seconds per move): (1) none, (2) 10+5, (3) 5+3, (4) 3+2 [1] 2\n";
    assert!(out.starts_with(&format!("Chess — play against the computer\n{question}{clock}New game: ")), "{out}");
    // The clock chosen in the menu is shown beside the board.
    assert!(out.contains("\n8  r  n  b  q  k  b  n  r  8   Black 10:00\n"), "{out}");
    let is =
        "The computer's pace is instant. Type pace real (2-5 s, like a person), pace fast (1-2 s) or pace instant.";
    assert!(out.contains(&format!("White > pace\n{is}\n")), "{out}");
    assert!(out.contains("White > pace faster\nThe computer's pace is now faster.\n"), "{out}");
    assert!(out.contains("White > pace slow\nUnknown pace \"slow\": choose real, fast or instant.\n"), "{out}");
    // At the faster pace the computer searches, says how deep and how long, then takes its time.
    let searched = out.find("1. e4 — White pawn e2 to e4\nSearch: depth ").expect(&out);
    let waited = out[searched..].find(" s.\nThe computer takes its time…\nThe computer plays 1... ");
    assert!(waited.is_some(), "{out}");
    assert!(out.contains("White > pace instant\nThe computer's pace is now instant.\n"), "{out}");
    let zh = play_in_memory(&Config { lang: Some(chess_core::Lang::Zh), ..config }, b"\n\npace\nq\n");
    assert!(zh.contains("电脑走棋节奏：(1) 真实（像人一样等2-5秒），(2) 较快（1-2秒），(3) 即时 [1] \n"), "{zh}");
    assert!(zh.contains("电脑走棋节奏：真实。输入 pace real"), "{zh}");
}

/// Plays `input` with a clock of one minute, no increment, where every line (and every
/// computer move) takes `step` seconds.
fn with_clock(config: Config, step: u64, input: &str) -> String {
    let clock = Some(play::TimeControl { minutes: 1, increment: 0 });
    let time = play::TimeSource::Fixed(std::time::Duration::from_secs(step));
    play_in_memory(&Config { clock, time, ..config }, input.as_bytes())
}

#[test]
fn a_flag_fall_ends_the_game_by_the_rules() {
    let fide = Config { rules: Some(RulesChoice::Fide), ..two_players() };
    let out = with_clock(fide.clone(), 25, "e4\ne5\nNf3\nNc6\nBc4\nn\n");
    assert!(out.contains("\n8  r  n  b  q  k  b  n  r  8   Black 1:00\n"), "{out}");
    assert!(out.contains("\n1  R  N  B  Q  K  B  N  R  1   White 1:00\n"), "{out}");
    assert!(out.contains("\n1  R  N  B  Q  K  B  N  R  1   White 0:35\n"), "{out}");
    assert!(out.contains("White > Bc4\nWhite's time has run out.\n"), "{out}");
    assert!(out.contains("\n1  R  N  B  Q  K  B  .  R  1   White 0:00.0\n"), "{out}");
    assert!(out.contains("White lost on time: Black wins.\n"), "{out}");
    assert!(!out.contains("3. Bc4"), "{out}");

    // Casual rules: within a player's first 5 moves a flag fall voids the game; after, it loses.
    let casual = Config { rules: Some(RulesChoice::Casual), ..two_players() };
    let out = with_clock(casual.clone(), 25, "e4\ne5\nNf3\nNc6\nBc4\nn\n");
    assert!(out.contains("The game is void: time ran out within the first 5 moves (casual rules).\n"), "{out}");
    let moves = "e4\ne5\nNf3\nNc6\nBc4\nBc5\nc3\nNf6\nd3\nd6\nO-O\nO-O\nh3\nn\n";
    let out = with_clock(casual, 9, moves);
    assert!(out.contains("White > h3\nWhite's time has run out.\n"), "{out}");
    assert!(out.contains("White lost on time: Black wins.\n"), "{out}");
    let zh = with_clock(Config { lang: Some(chess_core::Lang::Zh), ..fide }, 25, "e4\ne5\nNf3\nNc6\nBc4\nn\n");
    assert!(zh.contains("白方超时了。\n"), "{zh}");
    assert!(zh.contains("白方超时判负，黑方获胜。\n"), "{zh}");
}

#[test]
fn the_computer_uses_the_same_clock() {
    // The computer has White: its three moves take 25 s each, and its flag falls.
    let config =
        Config { side: Some(Side::Black), rules: Some(RulesChoice::Fide), seed: Some(1), ..Config::scripted() };
    let out = with_clock(config, 25, "e5\nNc6\nn\n");
    assert_eq!(out.matches("The computer plays").count(), 2, "{out}");
    assert!(out.contains("White's time has run out.\n"), "{out}");
    assert!(out.contains("White lost on time: Black wins.\n"), "{out}");
}

#[test]
fn a_new_game_may_change_side_level_and_rules() {
    let config = Config { rules: Some(RulesChoice::Casual), seed: Some(1), ..two_players() };
    let out = play_in_memory(&config, b"f3\ne5\ng4\nQh4#\ns\n2\n1\n1\nfen\nq\n");
    let questions = "undo or pgn) > s\nPlay (1) as White, (2) as Black, or (3) two players on one screen? [1] 2\n\
                     Level: (1) Beginner, (2) Normal, (3) Expert, (4) Master [2] 1\nRules: (1) FIDE, (2) casual";
    assert!(out.contains(questions), "{out}");
    // The casual rules name all their limits.
    let casual = "(2) casual (resign or offer a draw only after 15 moves, 3 offers each; draws at once: 10 checks \
                  in a row, 30 checks in all, 30 moves without a capture or pawn move, threefold repetition) [1] 1\n";
    assert!(out.contains(casual), "{out}");
    assert!(
        out.contains("New game: you play Black against the computer (Beginner), FIDE rules.\nSearch: depth "),
        "{out}"
    );
}

#[test]
fn confirmations_cases_captures_results_and_the_pgn_in_the_games_language() {
    // Resigning asks first; anything but yes plays on.
    let out = play_in_memory(&two_players(), b"resign\nno\nE4\nnf6\nfen\nq\n");
    assert!(out.contains("White > resign\nResign this game? [y/N] no\nPlay on, then.\n"), "{out}");
    // Input in another case, where only one move is meant.
    assert!(out.contains("White > E4\n1. e4 — White pawn e2 to e4\n"), "{out}");
    assert!(out.contains("Black > nf6\n1... Nf6 — Black knight g8 to f6\n"), "{out}");

    // What each side took, the cheapest first (the knight was taken before the pawn).
    let fen = "4k3/8/8/3n4/4P3/5p2/8/4K3 w - - 0 1";
    let config = Config { fen: Some(fen.parse().unwrap()), ..two_players() };
    let out = play_in_memory(&config, b"exd5\nKd7\nKf2\nKd6\nKxf3\nq\n");
    assert!(out.contains("Taken by White: pn | by Black: - | White is ahead by 1\n"), "{out}");

    // The move list wraps between moves.
    let moves = "e4\ne5\nNf3\nNc6\nBc4\nBc5\nc3\nNf6\nd3\nd6\nO-O\nO-O\nh3\nh6\nq\n";
    let out = play_in_memory(&two_players(), moves.as_bytes());
    let wrapped = "Moves: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. O-O O-O\n  7. h3 h6\n";
    assert!(out.contains(wrapped), "{out}");

    // Against the computer the result is also said to the player.
    let config = Config {
        side: Some(Side::Black),
        seed: Some(1),
        fen: Some("7k/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1".parse().unwrap()),
        ..Config::scripted()
    };
    let out = play_in_memory(&config, b"Kg8\nn\n");
    assert!(out.contains("Checkmate! White wins.\nYou lose.\n"), "{out}");

    // The PGN names the rules in its Event and ends with the result in the game's language.
    let config = Config { lang: Some(chess_core::Lang::Zh), ..two_players() };
    let out = play_in_memory(&config, "f3\ne5\ng4\nQh4#\npgn\nn\n".as_bytes());
    assert!(out.contains("[Event \"FIDE规则对局\"]\n"), "{out}");
    assert!(out.contains("[Termination \"normal\"]\n"), "{out}");
    assert!(out.contains("2. g4 Qh4# {将死！黑方获胜。} 0-1\n"), "{out}");
}

/// Writes a Polyglot book of the start position only, e2e4 (weight 3) and d2d4 (weight 1).
fn start_book(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chess-play-test-{}-{test}.bin", std::process::id()));
    let key = chess_core::Position::new().zobrist_key();
    let entry = |raw_move: u16, weight: u16| chess_core::book::Entry { key, raw_move, weight, learn: 0 }.to_bytes();
    std::fs::write(&path, [entry(0x031c, 3), entry(0x02db, 1)].concat()).unwrap();
    path
}

#[test]
fn with_a_book_the_computer_plays_book_moves_and_hints_name_them() {
    let book = start_book("book");
    let book = book.to_str().unwrap();
    let mut first_moves = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let seed = seed.to_string();
        let out = play_binary("book", &["--color", "black", "--seed", &seed, "--book", book], "quit\n");
        assert!(out.contains("The book move.\n"), "{out}");
        let announced = out.lines().find(|line| line.starts_with("The computer plays 1. ")).expect("a first move");
        first_moves.insert(announced.split_whitespace().nth(4).unwrap().to_string());
    }
    assert_eq!(first_moves, ["d4", "e4"].map(String::from).into(), "both book moves over 12 seeds");

    let out = play_binary("book-hint", &["--color", "white", "--book", book], "hint\nq\n");
    assert!(out.contains("; the book move. (2 left in this game)\n"), "{out}");
    let out = play_binary("book-hint-zh", &["--color", "white", "--book", book, "--lang", "zh"], "提示\nq\n");
    assert!(out.contains("；开局着法。（本局还剩2次）\n"), "{out}");

    // A file that is not a book is refused before the game starts.
    let args = play::parse_args(
        ["--book".to_string(), "/nonexistent/book.bin".to_string()],
        play::Terminal { stdin: false, stdout: false, no_color: false },
    );
    assert!(args.unwrap_err().starts_with("--book /nonexistent/book.bin: cannot read the book"));
}

/// python-chess's Syzygy tables ($PYTHON_CHESS_SRC/data/syzygy/regular), or `None` with a
/// message when they are not there.
fn syzygy_dir() -> Option<String> {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return None;
    };
    let dir = PathBuf::from(src).join("data/syzygy/regular");
    if !dir.join("KQvK.rtbw").is_file() {
        eprintln!("skipped: no Syzygy tables in {}", dir.display());
        return None;
    }
    Some(dir.to_str().unwrap().to_string())
}

#[test]
fn with_syzygy_tables_the_computer_plays_their_moves_and_hints_say_won_or_drawn() {
    let terminal = play::Terminal { stdin: false, stdout: false, no_color: false };
    let refused = play::parse_args(["--syzygy".to_string(), "/nonexistent/tables".to_string()], terminal);
    assert!(refused.unwrap_err().starts_with("--syzygy /nonexistent/tables: "));
    let Some(dir) = syzygy_dir() else { return };
    assert!(play::parse_args(["--syzygy".to_string(), dir.clone()], terminal).unwrap().tablebase.is_some());

    let kqvk = "8/8/8/8/3k4/8/8/KQ6 w - - 0 1";
    let out = play_binary("syzygy", &["--color", "black", "--fen", kqvk, "--syzygy", &dir], "quit\n");
    assert!(out.contains("The endgame tablebase's move.\n"), "{out}");
    let out =
        play_binary("syzygy-zh", &["--color", "black", "--fen", kqvk, "--syzygy", &dir, "--lang", "zh"], "quit\n");
    assert!(out.contains("残局库着法。\n"), "{out}");

    let out = play_binary("syzygy-hint", &["--color", "white", "--fen", kqvk, "--syzygy", &dir], "hint\nq\n");
    assert!(out.contains("; a won endgame: mate follows."), "{out}");
    let krvkr = "8/8/4k3/8/8/2r5/8/R3K3 w - - 0 1";
    let out = play_binary(
        "syzygy-drawn",
        &["--color", "white", "--fen", krvkr, "--syzygy", &dir, "--lang", "zh"],
        "提示\nq\n",
    );
    assert!(out.contains("；和棋残局。"), "{out}");

    // Without the tables, the computer searches.
    let out = play_binary("syzygy-none", &["--color", "black", "--fen", kqvk], "quit\n");
    assert!(out.contains("Search: depth ") && !out.contains("tablebase"), "{out}");
}
