//! PGN edge cases, written as small strings: byte-order mark, empty lines in the tag section,
//! move numbers, UCI movetext, variations, comments, NAGs, escapes, errors and recovery,
//! Chess960, and the writer's layout.

use chess_core::pgn::{
    MAX_LINE, MAX_VARIATION_DEPTH, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnReader, PgnResult, PgnVariation,
    Variations,
};
use chess_core::{Bitboard, CastlingMode, Move, Position, SanError, Square};

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::from_text(text).collect()
}

fn read_one(text: &str) -> PgnGame {
    let games = read_all(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.into_iter().next().unwrap().unwrap()
}

fn error(text: &str) -> PgnError {
    read_all(text).into_iter().find_map(Result::err).expect("an error")
}

fn sans(game: &PgnGame) -> Vec<String> {
    sans_from(game.start, &game.moves)
}

fn sans_from(mut pos: Position, moves: &[PgnMove]) -> Vec<String> {
    moves
        .iter()
        .map(|m| {
            let san = pos.san(m.mv).to_string();
            pos.play(m.mv).unwrap();
            san
        })
        .collect()
}

/// Returns the movetext as written, lines joined with spaces.
fn movetext(game: &PgnGame) -> String {
    game.to_pgn().lines().filter(|line| !line.starts_with('[') && !line.is_empty()).collect::<Vec<_>>().join(" ")
}

fn round_trip(game: &PgnGame) -> PgnGame {
    let text = game.to_pgn();
    let again: PgnGame = text.parse().unwrap();
    // `FEN` and `SetUp` come back as the start position, not as tags.
    let expected: Vec<_> =
        game.export_tags().into_iter().filter(|(name, _)| name != "FEN" && name != "SetUp").collect();
    assert_eq!(again.tags, expected);
    assert_eq!(
        (&again.comment, &again.moves, again.result, again.start),
        (&game.comment, &game.moves, game.result, game.start)
    );
    again
}

#[test]
fn byte_order_mark_is_skipped_and_columns_start_after_it() {
    let game = read_one("\u{feff}[Event \"A\"]\n\n1. e4 *\n");
    assert_eq!(game.tag("Event"), Some("A"));
    let err = error("\u{feff}1. e5 *\n");
    assert_eq!((err.game, err.line, err.column), (1, 1, 4));
}

#[test]
fn empty_lines_in_the_tag_section_are_allowed() {
    let game = read_one("[Event \"E\"]\n\n[Date \"2017.12.04\"]\n\n[White \"W\"]\n\n1. e4  e5  2. Nf3 1-0\n");
    assert_eq!(game.tags.len(), 3);
    assert_eq!(game.tag("White"), Some("W"));
    assert_eq!(sans(&game), ["e4", "e5", "Nf3"]);
}

#[test]
fn move_numbers_with_or_without_spaces() {
    let game = read_one("1.Nf3 d5 2.g3 2...Bg4 3. b3 3... Nd7 4 . Bb2 *");
    assert_eq!(sans(&game), ["Nf3", "d5", "g3", "Bg4", "b3", "Nd7", "Bb2"]);
    let fen = "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1";
    let game = read_one(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. ... Ba5 2. O-O d6\n3. d4 *\n"));
    assert_eq!(sans(&game), ["Ba5", "O-O", "d6", "d4"]);
    assert_eq!(game.start.to_fen(), fen);
    assert!(game.to_pgn().contains("\n1... Ba5 2. O-O d6 3. d4 *\n"));
}

#[test]
fn uci_movetext_is_read() {
    let game = read_one("g1f3 c7c5 e2e4 b8c6 f1b5 g8f6 e1g1 e7e5 b5c6 d7c6 f3e5 d8d4 e5f7 d4e4 f7h8 1-0");
    assert_eq!(sans(&game)[..7], ["Nf3", "c5", "e4", "Nc6", "Bb5", "Nf6", "O-O"]);
    assert_eq!(game.result, PgnResult::WhiteWins);
    let promotion = read_one("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\na7a8n *");
    assert_eq!(sans(&promotion), ["a8=N"]);
}

#[test]
fn nested_variations_are_kept_as_a_tree() {
    let text = "1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3 (2. f4 exf4 (2... d5)) Nc6 *";
    let game = read_one(text);
    assert_eq!(sans(&game), ["e4", "e5", "Nf3", "Nc6"]);
    let after_e4 = {
        let mut pos = Position::new();
        pos.play(game.moves[0].mv).unwrap();
        pos
    };
    let [sicilian, french] = &game.moves[1].variations[..] else { panic!("two variations") };
    assert_eq!(sans_from(after_e4, &sicilian.moves), ["c5", "Nf3", "d6"]);
    assert_eq!(sicilian.moves[0].comment.as_deref(), Some("Sicilian"));
    assert_eq!(sans_from(after_e4, &french.moves), ["e6"]);
    let mut after_c5 = after_e4;
    after_c5.play(sicilian.moves[0].mv).unwrap();
    assert_eq!(sans_from(after_c5, &sicilian.moves[1].variations[0].moves), ["c3", "d5"]);
    let kings_gambit = &game.moves[2].variations[0];
    assert_eq!(kings_gambit.moves[1].variations.len(), 1);
    let again = round_trip(&game);
    assert_eq!(
        movetext(&again),
        ("1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 *")
    );

    let skipped: Vec<_> = PgnReader::from_text(text).variations(Variations::Skip).collect();
    let skipped = skipped[0].as_ref().unwrap();
    assert_eq!(sans(skipped), ["e4", "e5", "Nf3", "Nc6"]);
    assert!(skipped.moves.iter().all(|m| m.variations.is_empty()));
}

#[test]
fn comments_semicolons_and_escape_lines() {
    let text = "% a line for another program\n[Event \"x\"]\n\n{Before  the\n   game} 1. e4 ; king's pawn {not a comment\n% 1. zz\ne5 {one} {two} 2. Nf3 *\n";
    let game = read_one(text);
    assert_eq!(game.comment.as_deref(), Some("Before the game"));
    assert_eq!(game.moves[0].comment.as_deref(), Some("king's pawn {not a comment"));
    assert_eq!(game.moves[1].comment.as_deref(), Some("one two"));
    assert_eq!(sans(&game), ["e4", "e5", "Nf3"]);
    round_trip(&game);
}

/// Comments on one line are read in place, others through a copy: both ways give the same text.
#[test]
fn comments_of_every_shape_read_the_same_in_place_or_copied() {
    let long = "x".repeat(700); // longer than the text window checked as UTF-8 at once
    let text = format!(
        "{{ before the game }} 1. e4 {{ [%clk 0:05:00] }} e5 {{two  spaces}} {{sevens:  eight}} 2. Nf3 {{\ttab and\rreturn }} Nc6 {{}} 3. Bb5 {{   }} \
         a6 {{caf\u{e9} \u{4e2d}\u{6587}}} 4. Ba4 {{\u{a0}nbsp\u{a0}}} Nf6 {{{long}}} 5. O-O {{over\n two lines}} *\n"
    );
    let game = read_one(&text);
    assert_eq!(game.comment.as_deref(), Some("before the game"));
    let comments: Vec<_> = game.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("[%clk 0:05:00]"),
            Some("two spaces sevens: eight"),
            Some("tab and return"),
            Some(""),
            Some(""),
            Some("caf\u{e9} \u{4e2d}\u{6587}"),
            Some("\u{a0}nbsp\u{a0}"),
            Some(long.as_str()),
            Some("over two lines"),
        ]
    );
    // Bytes that are not UTF-8 are shown as replacement characters, in place or not.
    let bytes: &[u8] = b"1. e4 {a \xff b} e5 {\xfe} *\n";
    let game = PgnReader::new(bytes).next().unwrap().unwrap();
    assert_eq!(game.moves[0].comment.as_deref(), Some("a \u{fffd} b"));
    assert_eq!(game.moves[1].comment.as_deref(), Some("\u{fffd}"));
}

#[test]
fn a_comment_with_a_closing_brace_is_written_as_a_semicolon_comment() {
    let mut game = read_one("1. e4 ; a } b\n e5 *");
    assert_eq!(game.moves[0].comment.as_deref(), Some("a } b"));
    assert!(game.to_pgn().contains("1. e4 ; a } b\n1... e5 *"));
    round_trip(&game);
    game.moves[1].variations.push(PgnVariation { comment: Some("x}".into()), moves: vec![] });
    round_trip(&game);
}

#[test]
fn nags_and_annotations() {
    let game = read_one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $32 Nf6 ! 5. O-O+!? *");
    let nags: Vec<&[u8]> = game.moves.iter().map(|m| &m.nags[..]).collect();
    assert_eq!(nags, [&[1][..], &[2], &[3], &[4], &[5], &[6], &[14, 32], &[1], &[5]]);
    let text = movetext(&round_trip(&game));
    assert!(text.contains("1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 4. Ba4 $14 $32 Nf6 $1 5. O-O $5 *"));
}

#[test]
fn escaped_quotes_and_backslashes_in_tags() {
    let game = read_one(r#"[White "Smith, \"Jr.\" \\ Co"] [Black "B"] *"#);
    assert_eq!(game.tag("White"), Some(r#"Smith, "Jr." \ Co"#));
    assert!(game.to_pgn().contains(r#"[White "Smith, \"Jr.\" \\ Co"]"#));
    round_trip(&game);
    // Unescaped quotes inside a value, as some files have them.
    let game = read_one("[White \"\"Socrates Expert\"\"] [Black \"a \" b\"]\n*");
    assert_eq!(game.tag("White"), Some("\"Socrates Expert\""));
    assert_eq!(game.tag("Black"), Some("a \" b"));
    round_trip(&game);
}

#[test]
fn results_and_games_without_moves() {
    for (marker, result) in [
        ("1-0", PgnResult::WhiteWins),
        ("0-1", PgnResult::BlackWins),
        ("1/2-1/2", PgnResult::Draw),
        ("*", PgnResult::Unknown),
    ] {
        let game = read_one(&format!("[Event \"e\"]\n\n{marker}\n"));
        assert_eq!(game.result, result);
        assert!(game.moves.is_empty());
        assert_eq!(result.to_string(), marker);
        round_trip(&game);
    }
    // No marker: the Result tag's, else `*`.
    assert_eq!(read_one("[Result \"0-1\"]\n\n1. e4\n").result, PgnResult::BlackWins);
    assert_eq!(read_one("[Event \"x\"]\n").result, PgnResult::Unknown);
    assert!(read_all("").is_empty());
    assert!(read_all("  \n {only a comment}\n").is_empty());
    // A comment between tags does not split the game.
    let game = read_one("[Event \"e\"]\n; about the game\n[Site \"s\"]\n{more}\n1. e4 *");
    assert_eq!((game.tag("Site"), game.comment.as_deref()), (Some("s"), Some("about the game more")));
}

#[test]
fn several_games_with_and_without_tags() {
    let games = read_all("1. e4 e5 1-0 1. d4 d5 0-1\n[Event \"3\"]\n1. c4 *[Event \"4\"] *");
    let games: Vec<PgnGame> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(sans(&games[1]), ["d4", "d5"]);
    assert_eq!(games[2].tag("Event"), Some("3"));
    assert_eq!(games[3].tag("Event"), Some("4"));
    let crlf = read_all("[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n");
    assert_eq!(crlf.len(), 2);
    assert_eq!(crlf[1].as_ref().unwrap().tag("Event"), Some("b"));
}

#[test]
fn a_bad_game_reports_where_and_the_next_game_is_read() {
    let text = "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Nf6 4. Nf6 Nf6 5. d4 (5. c4\n*\n\n[Event \"3\"]\n\n1. d4 *\n";
    let games = read_all(text);
    assert_eq!(games.len(), 3);
    assert_eq!(sans(games[0].as_ref().unwrap()), ["e4", "e5"]);
    let err = games[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 8, 15));
    let PgnErrorKind::IllegalMove { text, error: SanError::Illegal { san, reason } } = &err.kind else {
        panic!("{err:?}");
    };
    assert_eq!((text.as_str(), san.to_string(), *reason), ("Nf6", "Nf6".to_string(), None));
    assert_eq!(err.to_string(), "illegal move Nf6 in this position at game 2, line 8, column 15");
    // The game as far as it was read: its tag, the seven moves before, the variation never closed.
    let partial = err.partial.as_deref().unwrap();
    assert_eq!(partial.tag("Event"), Some("2"));
    assert_eq!(sans(partial), ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"]);
    assert_eq!(partial.result, PgnResult::Unknown);
    let third = games[2].as_ref().unwrap();
    assert_eq!(third.tag("Event"), Some("3"));
    assert_eq!(sans(third), ["d4"]);
}

#[test]
fn every_error_names_its_place() {
    let cases: [(&str, PgnErrorKind, usize, usize); 13] = [
        ("1. e4 {never closed\n2. d4", PgnErrorKind::UnclosedComment, 1, 7),
        ("1. e4 (1. d4 *", PgnErrorKind::ResultInVariation, 1, 14),
        ("1. e4 (1. d4\n", PgnErrorKind::UnclosedVariation, 1, 7),
        ("1. e4 ) *", PgnErrorKind::Unexpected(')'), 1, 7),
        ("1. e4 } *", PgnErrorKind::Unexpected('}'), 1, 7),
        ("[Event x]\n*", PgnErrorKind::BadTag("expected a quoted value after the tag name"), 1, 1),
        ("[Event \"x]\n*", PgnErrorKind::BadTag("value not closed on its line"), 1, 1),
        ("[Event \"x\"\n*", PgnErrorKind::BadTag("expected ']' after the value"), 1, 1),
        ("[Variant \"Atomic\"]\n\n1. e4 *", PgnErrorKind::UnsupportedVariant("Atomic".into()), 1, 1),
        ("(1. e4) *", PgnErrorKind::VariationBeforeMove, 1, 1),
        ("1. e4 $300 *", PgnErrorKind::BadNag, 1, 7),
        (
            "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *",
            PgnErrorKind::IllegalMove {
                text: "Nd2".into(),
                error: SanError::Ambiguous {
                    san: "Nd2".parse().unwrap(),
                    from: Bitboard::from(Square::B1) | Bitboard::from(Square::F1),
                    count: 2,
                },
            },
            2,
            4,
        ),
        ("1. e4 e5 2. hello *", PgnErrorKind::InvalidMove("hello".into()), 1, 13),
    ];
    for (text, kind, line, column) in cases {
        let err = error(text);
        assert_eq!((err.kind, err.line, err.column), (kind, line, column), "{text}");
    }
    let err = error("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert!(matches!(err.kind, PgnErrorKind::BadFen(_)));
    assert_eq!((err.line, err.column), (2, 1));
    assert!(err.to_string().starts_with("bad FEN tag: illegal position"), "{err}");
}

#[test]
fn variations_nested_too_deep_are_an_error_and_reading_goes_on() {
    let deep = format!(
        "1. e4 {}{} *\n[Event \"next\"]\n1. d4 *",
        "(1. d4 ".repeat(MAX_VARIATION_DEPTH + 1),
        ")".repeat(MAX_VARIATION_DEPTH + 1)
    );
    let games = read_all(&deep);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap_err().kind, PgnErrorKind::TooDeep(MAX_VARIATION_DEPTH));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
    let skipped: Vec<_> = PgnReader::from_text(&deep).variations(Variations::Skip).collect();
    assert!(skipped.iter().all(Result::is_ok));
}

#[test]
fn chess960_from_a_fen_tag() {
    let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    let game = read_one(&format!("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. O-O O-O-O *"));
    assert!(game.start.castling_mode().is_chess960());
    assert_eq!(sans(&game), ["O-O", "O-O-O"]);
    assert_eq!(game.moves[0].mv, Move::castle(Square::E1, Square::G1));
    assert_eq!(game.moves[1].mv, Move::castle(Square::E8, Square::B8));
    assert_eq!(game.end_position().unwrap().to_fen(), "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2");
    round_trip(&game);
    // X-FEN `KQkq` with the cutechess variant name.
    let xfen = "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1";
    let game = read_one(&format!("[Variant \"fischerandom\"]\n[FEN \"{xfen}\"]\n\n1. d4 d5 *"));
    assert_eq!(game.start, Position::from_fen_with(xfen, CastlingMode::Chess960).unwrap());
    // Chess960 from the standard array, with no FEN tag.
    let game = read_one("[Variant \"chess 960\"]\n\n1. e4 *");
    assert!(game.start.castling_mode().is_chess960());
    assert!(game.to_pgn().contains(
        "[Variant \"chess 960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"
    ));
    assert_eq!(round_trip(&game).tag("FEN"), None);
}

#[test]
fn null_moves_are_read_and_written() {
    let game = read_one("1. e4 -- 2. d4 Z0 3. c4 *");
    assert!(game.moves[1].mv.is_null() && game.moves[3].mv.is_null());
    assert!(game.to_pgn().ends_with("1. e4 -- 2. d4 -- 3. c4 *\n"));
    round_trip(&game);
    let err = error("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *");
    assert_eq!(err.kind, PgnErrorKind::IllegalNullMove("--".into()));
    assert_eq!(err.to_string(), "null move \"--\" while in check at game 1, line 1, column 30");
    assert_eq!(err.partial.unwrap().moves.len(), 5);
}

#[test]
fn writer_puts_the_roster_first_and_adds_setup_for_other_starts() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut game = PgnGame::from_position(pos);
    game.set_tag("Annotator", "me");
    game.set_tag("White", "W");
    game.moves.push(PgnMove::new(pos.parse_san("e4").unwrap()));
    game.result = PgnResult::Draw;
    game.comment = Some("start".into());
    assert_eq!(
        game.to_pgn(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\
         [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Annotator \"me\"]\n\n{start} 1. e4 1/2-1/2\n"
    );
    round_trip(&game);
    let mut plain = PgnGame::new();
    plain.start = pos;
    assert!(plain.to_pgn().contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"));
}

#[test]
fn writer_wraps_at_80_columns_without_splitting_tokens() {
    let long_word = "x".repeat(100);
    let text = format!(
        "1. e4 {{{} {long_word} end}} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *",
        "a comment with many words ".repeat(8)
    );
    let game = read_one(&text);
    let written = game.to_pgn();
    for line in written.lines() {
        assert!(line.chars().count() <= MAX_LINE || line == long_word, "{line}");
    }
    assert!(written.lines().filter(|line| !line.starts_with('[')).count() > 4);
    round_trip(&game);
}

#[test]
fn illegal_moves_put_in_by_hand_are_written_in_uci() {
    let mut game = PgnGame::new();
    game.moves.push(PgnMove::new(Move::new(Square::E2, Square::E5)));
    game.moves.push(PgnMove::new(Move::new(Square::E7, Square::E5)));
    assert!(game.to_pgn().ends_with("\ne2e5 e7e5 *\n"));
    assert!(game.end_position().is_err());
}

#[test]
fn streams_from_a_bufread() {
    let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n".repeat(50);
    let reader = std::io::BufReader::with_capacity(16, text.as_bytes());
    let games: Vec<_> = PgnReader::new(reader).collect::<Result<_, _>>().unwrap();
    assert_eq!(games.len(), 100);
    assert_eq!(games[99].tag("Event"), Some("b"));
}

#[test]
fn io_errors_end_the_stream() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut reader = PgnReader::new(std::io::BufReader::new(Failing));
    let err = reader.next().unwrap().unwrap_err();
    assert_eq!(err.kind, PgnErrorKind::Io(std::io::ErrorKind::Other));
    assert!(reader.next().is_none());
}

// --- Headers only, skipping games -------------------------------------------------------------

/// Games whose movetext holds everything that could fool a scan for the end of the game.
const TRICKY: &str = "[Event \"1\"]\n[White \"A\"]\n\n1. e4 {a comment with ] and 1-0 and ( and [Event \"no\"]} e5\n\
                      2. Nf3 ; a line comment with 0-1 and {\n% an escape line with 1/2-1/2 and [Event \"no\"]\n\
                      2... Nc6 (2... d6 (2... f6 3. Nxe5 {) 1-0} fxe5) 3. d4 {*}) 3. Bb5 $1 *\n\n\
                      [Event \"2\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O 1/2-1/2\n\n\
                      [Event \"3\"]\n\n1. e4 e5 2. Ke3 Nc6 {never closed\n";

#[test]
fn read_headers_passes_over_comments_escapes_and_variations() {
    let mut reader = PgnReader::from_text(TRICKY);
    let first = reader.read_headers().unwrap().unwrap();
    assert_eq!(first.tags, [("Event".into(), "1".into()), ("White".into(), "A".into())]);
    let second = reader.read_headers().unwrap().unwrap();
    assert_eq!(second.tag("Event"), Some("2"));
    // The headers keep the FEN tag as written.
    assert_eq!(second.tag("FEN"), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    // The third game's illegal move and unclosed comment are never read.
    assert_eq!(reader.read_headers().unwrap().unwrap().tag("Event"), Some("3"));
    assert!(reader.read_headers().is_none());
    // Reading whole games finds the same three, the last one with its error.
    let games = read_all(TRICKY);
    assert_eq!(games.len(), 3);
    assert_eq!(sans(games[0].as_ref().unwrap()), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
    assert_eq!(games[2].as_ref().unwrap_err().game, 3);
}

/// Passing over movetext looks at 64 bytes at a time for bytes that may stop it; the escape
/// character (0x1B) looks like one without being one, and a stop can be at any place of a
/// chunk.
#[test]
fn read_headers_finds_the_end_of_movetext_at_any_offset_among_escape_characters() {
    for pad in 0..140 {
        let filler = "\u{1b}".repeat(pad) + &" Nf3".repeat(pad % 5);
        let text = format!("[Event \"1\"]\n\n1. e4{filler} {{c}} e5 1-0\n[Event \"2\"]\n\n1. d4 {filler}*\n");
        let mut reader = PgnReader::from_text(&text);
        let events: Vec<_> = core::iter::from_fn(|| reader.read_headers())
            .map(|h| h.unwrap().tag("Event").map(str::to_string))
            .collect();
        assert_eq!(events, [Some("1".to_string()), Some("2".to_string())], "with {pad} escape characters");
    }
    // A long run of them (more than a block) is passed over in linear time, without recursion.
    let text = format!("[Event \"x\"]\n\n1. e4 {} *\n", "\u{1b}".repeat(200_000));
    let mut reader = PgnReader::from_text(&text);
    assert_eq!(reader.read_headers().unwrap().unwrap().tag("Event"), Some("x"));
    assert!(reader.read_headers().is_none());
}

#[test]
fn skip_game_and_read_headers_mix_with_reading_games() {
    let mut reader = PgnReader::from_text(TRICKY);
    assert_eq!(reader.skip_game(), Ok(true));
    let second = reader.next().unwrap().unwrap();
    assert_eq!(second.tag("Event"), Some("2"));
    assert_eq!(second.tag("FEN"), None);
    assert_eq!(second.start.to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // Errors still name the game by its number in the input.
    let third = reader.next().unwrap().unwrap_err();
    assert_eq!((third.game, third.line, third.column), (3, 16, 13));
    assert_eq!(reader.skip_game(), Ok(false));
    assert!(reader.next().is_none());

    // Games without tags, a game that is only a result, and one only of comments (not a game).
    let text = "1. e4 e5 *\n1. d4 (1. c4 {*}) d5 1-0\n*\n{just a comment}\n";
    let mut reader = PgnReader::from_text(text);
    assert_eq!(reader.read_headers().unwrap(), Ok(chess_core::pgn::PgnHeaders::default()));
    assert_eq!(reader.next().unwrap().unwrap().result, PgnResult::WhiteWins);
    assert_eq!(reader.skip_game(), Ok(true));
    assert_eq!(reader.skip_game(), Ok(false));
    assert!(reader.read_headers().is_none());
}

#[test]
fn skip_game_passes_over_a_bad_game_where_the_reader_does() {
    // Errors before the movetext: the rest of the game is passed over as after any error,
    // whether the game is read or skipped, so both find the same games.
    let texts = [
        "$ ( [Event \"e\"] *\n1. e4 *\n",
        "[Event \"1\"]\n[Bad\n(1. e4 [Event \"2\"] *) *\n[Event \"3\"]\n1. d4 *\n",
        "} [Event \"x\"] 1. e4 (1. d4 *\n[Event \"y\"]\n*",
    ];
    for text in texts {
        let games = read_all(text);
        assert!(games.iter().any(Result::is_err), "{text}");
        for skip in 0..=games.len() {
            let mut reader = PgnReader::from_text(text);
            for _ in 0..skip {
                assert_eq!(reader.skip_game(), Ok(true), "{text}");
            }
            assert_eq!(reader.next(), games.get(skip).cloned(), "{text}: after skipping {skip}");
        }
    }
}

#[test]
fn read_headers_reports_a_bad_tag_and_goes_on() {
    let text = "[Event \"1\"]\n[White x]\n[Black \"B\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n";
    let mut reader = PgnReader::from_text(text);
    let error = reader.read_headers().unwrap().unwrap_err();
    assert_eq!((error.game, error.line, error.column), (1, 2, 1));
    assert_eq!(error.kind, PgnErrorKind::BadTag("expected a quoted value after the tag name"));
    assert_eq!(error.partial, None);
    // The tags after the bad one belong to the same game.
    assert_eq!(reader.read_headers().unwrap().unwrap().tag("Event"), Some("2"));
    assert!(reader.read_headers().is_none());
    let games = read_all(text);
    assert_eq!((games.len(), games[1].as_ref().unwrap().tag("Event")), (2, Some("2")));
    // A result inside a variation (an error for the full reader) does not end the scan.
    let mut reader = PgnReader::from_text("1. e4 (1. d4 1-0) e5 0-1\n[Event \"2\"]\n*");
    assert_eq!(reader.skip_game(), Ok(true));
    assert_eq!(reader.read_headers().unwrap().unwrap().tag("Event"), Some("2"));
    // Skipping does not care.
    let mut reader = PgnReader::from_text(text);
    assert_eq!(reader.skip_game(), Ok(true));
    assert_eq!(reader.next().unwrap().unwrap().tag("Event"), Some("2"));
}

// --- The game read before an error --------------------------------------------------------------

#[test]
fn an_error_in_a_variation_keeps_the_main_line_and_the_open_variation() {
    let err =
        error("[Event \"x\"]\n\n1. e4 e5 2. Nf3 (2. Bc4 Nf6 3. Bxf7+ Kxf7 4. Ke2 Kxe2) Nc6 0-1\n[Event \"y\"]\n*");
    assert_eq!((err.line, err.column), (3, 50));
    assert!(
        matches!(err.kind, PgnErrorKind::IllegalMove { ref text, error: SanError::Illegal { .. } } if text == "Kxe2")
    );
    let partial = err.partial.unwrap();
    assert_eq!(sans(&partial), ["e4", "e5", "Nf3"]);
    assert_eq!(sans_from(Position::new(), &partial.moves[..2]), ["e4", "e5"]);
    let after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".parse().unwrap();
    assert_eq!(sans_from(after_e5, &partial.moves[2].variations[0].moves), ["Bc4", "Nf6", "Bxf7+", "Kxf7", "Ke2"]);
    // The result marker after the error.
    assert_eq!(partial.result, PgnResult::BlackWins);
    // A bad FEN leaves nothing to keep.
    let err = error("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert_eq!(err.partial, None);
    // An unclosed variation at the end keeps what was read.
    let err = error("1. e4 (1. d4 d5\n");
    assert_eq!(err.kind, PgnErrorKind::UnclosedVariation);
    let partial = err.partial.unwrap();
    assert_eq!(sans_from(Position::new(), &partial.moves[0].variations[0].moves), ["d4", "d5"]);
}
