//! Property tests for PGN: no input makes the reader panic, whatever it reads survives
//! write → read, and random annotated games with variations round-trip exactly.

use chess_core::pgn::{MAX_LINE, PgnError, PgnGame, PgnHeaders, PgnMove, PgnReader, PgnText, PgnVariation, Variations};
use chess_core::{Position, Role};
use proptest::prelude::*;

/// Words that PGN is made of, so that random sequences often form (partly) valid games.
const WORDS: &[&str] = &[
    "[Event \"e\"]",
    "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]",
    "[Variant \"Chess960\"]",
    "[Result \"1-0\"]",
    "[SetUp \"1\"]",
    "[White \"a \\\" b\"]",
    "[",
    "]",
    "\"",
    "1.",
    "1...",
    "2.",
    "...",
    "e4",
    "e5",
    "d4",
    "d5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "O-O",
    "0-0-0",
    "Ke2",
    "e8=Q",
    "g1f3",
    "e2e4",
    "--",
    "Z0",
    "!",
    "?!",
    "$1",
    "$",
    "$999",
    "(",
    ")",
    "{",
    "}",
    "{a comment}",
    ";",
    "; line\n",
    "\n%",
    "\n",
    "\r\n",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "\u{feff}",
    "é",
    "\t",
    "x",
    "+",
    "#",
];

fn no_panic_and_round_trip(bytes: &[u8]) {
    // The headers-only and skipping scans never panic and always end.
    let mut reader = PgnReader::new(bytes);
    let mut scans = 0;
    while reader.read_headers().is_some() {
        scans += 1;
        assert!(scans <= bytes.len() + 1);
    }
    let mut reader = PgnReader::new(bytes);
    while reader.skip_game() == Ok(true) {
        scans += 1;
        assert!(scans <= 2 * bytes.len() + 2);
    }
    for variations in [Variations::Keep, Variations::Skip] {
        for game in PgnReader::new(bytes).variations(variations).flatten() {
            let written = game.to_pgn();
            for line in written.lines().filter(|line| !line.starts_with('[') && !line.starts_with(';')) {
                assert!(line.chars().count() <= MAX_LINE || !line.contains(' '), "{line}");
            }
            let again: PgnGame = written.parse().unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(again.export_tags(), game.export_tags(), "{written}");
            assert_eq!((&again.comment, &again.moves, again.result), (&game.comment, &game.moves, game.result));
            assert_eq!(again.start, game.start);
        }
    }
}

/// Plays a random line of up to `plies` moves from `pos`, with random annotations and, while
/// `depth` allows, random variations.
fn random_line(pos: Position, rng: &mut u64, plies: usize, depth: u32) -> Vec<PgnMove> {
    let mut next = move || {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        *rng
    };
    let mut pos = pos;
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut m = PgnMove::new(moves[(next() % moves.len() as u64) as usize]);
        if next() % 4 == 0 {
            m.nags.push((next() % 256) as u8);
        }
        match next() % 6 {
            0 => m.comment = Some("a comment {with brace".into()),
            1 => m.comment = Some(format!("eval {} [%clk 0:0{}:00]", next() % 100, next() % 10).into()),
            2 => m.comment = Some("semicolon } style".into()),
            _ => {}
        }
        if depth > 0 && next() % 5 == 0 {
            let mut seed = next() | 1;
            let moves = random_line(pos, &mut seed, (next() % 6) as usize, depth - 1);
            let comment = (next() % 3 == 0).then(|| "variation".into());
            m.variations.push(PgnVariation { comment, moves });
        }
        pos.play_unchecked(m.mv);
        line.push(m);
    }
    line
}

/// What a reader found in each game: its tags, or the error's game, line, column and text.
type Found = Vec<Result<Vec<(String, String)>, (usize, usize, usize, String)>>;

fn found<T>(read: impl Iterator<Item = Result<T, PgnError>>, tags: impl Fn(&T) -> Vec<(String, String)>) -> Found {
    read.map(|game| game.map(|game| tags(&game)).map_err(|e| (e.game, e.line, e.column, e.kind.to_string()))).collect()
}

/// A game whose movetext holds what passing over it must see through: comments with line
/// ends, braces, brackets, `;`, `%` and results in them, `;` comments, escape lines,
/// variations (holding comments), NAGs and runs of blanks, at random places, between moves
/// that are always legal (knights going out and back). Some games have a malformed tag, whose
/// error's line and column show whether the lines of the movetext before it were counted.
fn tricky_game(rng: &mut u64, games: usize) -> String {
    let mut next = |n: u64| {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        *rng % n
    };
    const COMMENT: &[u8] = b"ab {[]();%*-10/2O\n\n  \r\t";
    let mut text = String::new();
    for game in 0..games {
        text.push_str(&format!("[Event \"{game}\"]\n"));
        if next(4) == 0 {
            text.push_str("[Bad \"not closed]\n");
        }
        text.push('\n');
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for ply in 0..next(12) as usize {
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(moves[ply % 4]);
            for _ in 0..next(3) {
                match next(7) {
                    0 | 1 => {
                        let comment: String =
                            (0..next(90)).map(|_| COMMENT[next(COMMENT.len() as u64) as usize] as char).collect();
                        text.push_str(&format!(" {{{comment}}}"));
                    }
                    2 => text.push_str(" ; a line comment with { and 1-0\n"),
                    3 => text.push_str("\n% an escape line with {, ( and 0-1\n"),
                    4 => text.push_str(if ply % 2 == 0 { " (Nc3 {in (a variation} $1)" } else { " (Nc6 !?)" }),
                    5 => text.push_str(&" \n".repeat(next(40) as usize)),
                    _ => text.push_str(" $5 !"),
                }
            }
            text.push(' ');
        }
        text.push_str(["1-0", "0-1", "1/2-1/2", "*", ""][next(5) as usize]);
        text.push_str("\n\n");
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Reading only the tags (the movetext passed over 64 bytes at a time) finds the games,
    /// tags and errors (with their lines and columns) that reading whole games finds, from
    /// text in memory and from a source that hands over a few bytes at a time.
    #[test]
    fn headers_only_reading_finds_what_reading_games_finds(seed in any::<u64>(), games in 1usize..6, capacity in 1usize..200) {
        let text = tricky_game(&mut (seed | 1), games);
        let game_tags = |game: &PgnGame| game.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        let games_found = found(PgnReader::from_text(&text), game_tags);
        // (A game with a malformed tag and no result can take the next game's tags with it.)
        prop_assert!(!games_found.is_empty() && games_found.len() <= games, "{}", text);
        prop_assert_eq!(&found(PgnReader::from_text(&text).variations(Variations::Skip), game_tags), &games_found, "{}", text);
        let header_tags = |headers: &PgnHeaders| headers.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        let mut reader = PgnReader::from_text(&text);
        prop_assert_eq!(&found(std::iter::from_fn(|| reader.read_headers()), header_tags), &games_found, "{}", text);
        let mut reader = PgnReader::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()));
        prop_assert_eq!(&found(std::iter::from_fn(|| reader.read_headers()), header_tags), &games_found, "{}", text);
    }

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC*") {
        no_panic_and_round_trip(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        no_panic_and_round_trip(&bytes);
    }

    #[test]
    fn pgn_like_word_sequences_never_panic_and_round_trip(
        words in prop::collection::vec(prop::sample::select(WORDS), 0..80),
        joiners in prop::collection::vec(prop::sample::select(&[" ", "", "\n"][..]), 80),
    ) {
        let mut text = String::new();
        for (word, joiner) in words.iter().zip(&joiners) {
            text.push_str(word);
            text.push_str(joiner);
        }
        no_panic_and_round_trip(text.as_bytes());
    }

    /// Comments of random spacing, tabs, line ends, `!` and non-ASCII text read as their words
    /// with one space between them, whether read in place or through a copy.
    #[test]
    fn comments_read_as_their_words_with_single_spaces(
        pieces in prop::collection::vec(
            ("[a!\u{a0}\u{4e2d}\u{2028}\\[%:0-9]{0,5}", prop_oneof![6 => " {0,3}", 1 => "[ \t\r\n]{0,2}"]),
            0..8,
        ),
        after_move in any::<bool>(),
    ) {
        let text: String = pieces.iter().map(|(word, blanks)| format!("{word}{blanks}")).collect();
        let pgn = if after_move { format!("1. e4 {{{text}}} e5 *\n") } else { format!("{{{text}}} 1. e4 e5 *\n") };
        let game = PgnReader::from_text(&pgn).next().unwrap().unwrap();
        let words = text.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
        let comment = if after_move { &game.moves[0].comment } else { &game.comment };
        prop_assert_eq!(comment.as_deref(), Some(words.as_str()));
    }

    /// `PgnText` (inline up to 22 bytes, on the heap beyond) holds any text as a `String`
    /// would: same text, order and hash, from `&str` or `String` and back.
    #[test]
    fn pgn_text_behaves_as_the_string_it_holds(a in "[a\u{e9}\u{4e2d}\u{1f642} ]{0,30}", b in "\\PC{0,30}") {
        use std::hash::BuildHasher;
        let hasher = std::hash::RandomState::new();
        for text in [&a, &b] {
            let kept = PgnText::from(text.as_str());
            prop_assert_eq!(kept.as_str(), text.as_str());
            prop_assert_eq!(&PgnText::from(text.clone()), &kept);
            prop_assert_eq!(String::from(kept.clone()), text.clone());
            prop_assert_eq!(hasher.hash_one(&kept), hasher.hash_one(text.as_str()));
        }
        prop_assert_eq!(PgnText::from(a.as_str()).cmp(&PgnText::from(b.as_str())), a.cmp(&b));
    }

    #[test]
    fn random_annotated_games_round_trip(seed in any::<u64>(), plies in 0usize..120, chess960 in any::<bool>()) {
        let start = if chess960 {
            Position::from_fen_with("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                chess_core::CastlingMode::Chess960).unwrap()
        } else {
            Position::new()
        };
        let mut rng = seed | 1;
        let mut game = PgnGame::from_position(start);
        game.set_tag("Event", "random \"game\"");
        game.moves = random_line(start, &mut rng, plies, 3);
        game.comment = (seed % 3 == 0).then(|| "before".into());
        let text = game.to_pgn();
        let again: PgnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&again.export_tags(), &game.export_tags());
        prop_assert_eq!(again.tag("FEN"), None);
        prop_assert_eq!(&again.moves, &game.moves);
        prop_assert_eq!(&again.comment, &game.comment);
        prop_assert_eq!(again.start, game.start);
        prop_assert!(game.end_position().is_ok());
        prop_assert!(game.moves.iter().all(|m| m.mv.promotion() != Some(Role::King)));
    }
}
