//! The streaming layer (`PgnReader::visit` and `Visitor`): what a visitor is told, that its
//! errors are the iterator's, and that the block-reading lexer keeps lines and columns right
//! across blocks and with tiny `BufRead` buffers.

use chess_core::pgn::{Movetext, PgnErrorKind, PgnReader, PgnResult, Variation, Variations, Visitor};
use chess_core::{Move, Position};

/// Writes down every event, as text.
#[derive(Default)]
struct Log {
    events: Vec<String>,
    comments: bool,
    enter: bool,
    headers_only: bool,
}

impl Visitor for Log {
    fn begin_game(&mut self) {
        self.events.push("begin".into());
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.events.push(format!("tag {name}={value}"));
    }

    fn end_tags(&mut self) -> Movetext {
        if self.headers_only { Movetext::Skip } else { Movetext::Read }
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.events.push(format!("start {}", start.to_fen()));
    }

    fn play(&mut self, before: &Position, mv: Move) {
        self.events.push(if mv.is_null() { "--".to_string() } else { before.san(mv).to_string() });
    }

    fn nag(&mut self, nag: u8) {
        self.events.push(format!("${nag}"));
    }

    fn wants_comments(&self) -> bool {
        self.comments
    }

    fn comment(&mut self, text: &str) {
        self.events.push(format!("{{{text}}}"));
    }

    fn begin_variation(&mut self) -> Variation {
        self.events.push("(".into());
        if self.enter { Variation::Enter } else { Variation::Skip }
    }

    fn end_variation(&mut self) {
        self.events.push(")".into());
    }

    fn result(&mut self, result: PgnResult) {
        self.events.push(result.to_string());
    }
}

const GAME: &str = "[Event \"E\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n{before} 1. e4 $1 {after e4} \
                    (1. e3 {in} (1. Kd2) Kd7) 1... Kd7!? ; rest of line\n2. Kf2 1-0\n";

fn events(text: &str, log: Log) -> Vec<String> {
    let mut log = log;
    let mut reader = PgnReader::from_text(text);
    while let Some(game) = reader.visit(&mut log) {
        game.unwrap();
    }
    log.events
}

#[test]
fn by_default_comments_and_variations_are_passed_over() {
    assert_eq!(
        events(GAME, Log::default()),
        [
            "begin",
            "tag Event=E",
            "tag FEN=4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "start 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "e4",
            "$1",
            "(",
            "Kd7",
            "$5",
            "Kf2",
            "1-0",
            // The attempt at a next game, which finds only the end of the text.
            "begin",
        ]
    );
}

#[test]
fn comments_and_variations_when_asked() {
    let log = Log { comments: true, enter: true, ..Log::default() };
    assert_eq!(
        events(GAME, log),
        [
            "begin",
            "tag Event=E",
            "tag FEN=4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "{before}",
            "start 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "e4",
            "$1",
            "{after e4}",
            "(",
            "e3",
            "{in}",
            "(",
            "Kd2",
            ")",
            "Kd7",
            ")",
            "Kd7",
            "$5",
            "{rest of line}",
            "Kf2",
            "1-0",
            // The attempt at a next game, which finds only the end of the text.
            "begin",
        ]
    );
}

#[test]
fn headers_only_skips_the_movetext_and_its_bad_moves() {
    let text = "[White \"A\"]\n\n1. e4 {a ] and 0-1} (1. d4 1-0?) e5 1-0\n[White \"B\"]\n\n1. Zz9 *\n";
    let log = Log { headers_only: true, ..Log::default() };
    assert_eq!(events(text, log), ["begin", "tag White=A", "begin", "tag White=B", "begin"]);
}

#[test]
fn visit_reports_the_iterators_errors_and_goes_on() {
    let texts = [
        "1. e4 {never closed\n2. d4",
        "1. e4 e5 2. Ke3 Nc6 1-0\n\n1. d4 *\n",
        "[Event x]\n*\n1. e4 *",
        "1. e4 $300 *\n1. d4 *",
        "1. e4 (1. d4 *\n\n1. c4 *",
        "1. e4 (1. d4 $x) *\n1. c4 *",
        "1. e4 (1. d4 }) *\n1. c4 *",
        "1. e4 (1. d4 (1. c4) e5\n[Event \"next\"]\n1. c4 *",
        "1. e4 e5 2. hello *\n1. d4 *",
    ];
    for variations in [Variations::Keep, Variations::Skip] {
        for text in texts {
            let expected: Vec<_> = PgnReader::from_text(text)
                .variations(variations)
                .map(|game| game.map(|_| ()).map_err(|e| (e.game, e.line, e.column, e.kind)))
                .collect();
            let mut log = Log { enter: variations == Variations::Keep, ..Log::default() };
            let mut reader = PgnReader::from_text(text);
            let mut visited = Vec::new();
            while let Some(game) = reader.visit(&mut log) {
                visited.push(game.map_err(|e| {
                    assert!(e.partial.is_none());
                    (e.game, e.line, e.column, e.kind)
                }));
            }
            assert_eq!(visited, expected, "{text} ({variations:?})");
            assert!(expected.iter().any(Result::is_err), "{text}");
        }
    }
}

#[test]
fn errors_in_skipped_variations_are_reported_where_they_are() {
    let cases: [(&str, PgnErrorKind, usize, usize); 4] = [
        ("1. e4 (1. d4 $x) *", PgnErrorKind::BadNag, 1, 14),
        ("1. e4 (1. d4 (1. c4 1-0)) *", PgnErrorKind::ResultInVariation, 1, 21),
        ("1. e4 (1. d4\n2.1-0) *", PgnErrorKind::ResultInVariation, 2, 3),
        ("1. e4 (1. d4 {open\n\n*", PgnErrorKind::UnclosedComment, 1, 14),
    ];
    for (text, kind, line, column) in cases {
        let error = PgnReader::from_text(text).variations(Variations::Skip).find_map(Result::err).unwrap();
        assert_eq!((error.kind, error.line, error.column), (kind, line, column), "{text}");
    }
    // A skipped variation's moves are not checked: only its shape is.
    let game = PgnReader::from_text("1. e4 (1. Zz9 $1 {x)} ; )\n) e5 *").variations(Variations::Skip).next();
    assert_eq!(game.unwrap().unwrap().moves.len(), 2);
}

#[test]
fn lines_and_columns_stay_right_across_blocks_and_tiny_buffers() {
    // About 300 KB: several of the lexer's 64 KiB blocks, and a comment over many lines.
    let game = "[Event \"é\"]\n\n1. e4 {a comment\nover\nthree lines} e5 2. Nf3 Nc6 *\n\n";
    let mut text = game.repeat(5000);
    text.push_str("[Event \"bad\"]\n\n1. e4 é 2. Ke3 *\n");
    let bad_line = 5000 * 6 + 3;
    let check = |games: Vec<Result<chess_core::pgn::PgnGame, chess_core::pgn::PgnError>>| {
        assert_eq!(games.len(), 5001);
        assert!(games[..5000].iter().all(|g| g.as_ref().is_ok_and(|g| g.moves.len() == 4)));
        let error = games[5000].as_ref().unwrap_err();
        // Columns count characters: `é` is one.
        assert_eq!((error.game, error.line, error.column), (5001, bad_line, 7), "{error}");
        assert_eq!(error.kind, PgnErrorKind::InvalidMove("é".into()));
    };
    check(PgnReader::from_text(&text).collect());
    for capacity in [1, 7, 64] {
        check(PgnReader::new(std::io::BufReader::with_capacity(capacity, text.as_bytes())).collect());
    }
    // The streaming path counts the same lines.
    let mut reader = PgnReader::from_text(&text);
    let mut log = Log::default();
    let mut last = None;
    while let Some(game) = reader.visit(&mut log) {
        last = Some(game);
    }
    let error = last.unwrap().unwrap_err();
    assert_eq!((error.game, error.line, error.column), (5001, bad_line, 7));
}

#[test]
fn a_line_longer_than_a_block_is_read_whole() {
    // One movetext line of 80 KB, longer than a block: 20,000 knight moves back and forth.
    let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(5000);
    let text = format!("[Event \"long\"]\n\n{moves}1. e4 é *\n");
    let error = PgnReader::from_text(&text).next().unwrap().unwrap_err();
    assert_eq!((error.line, error.column), (3, moves.len() + 7));
    assert_eq!(error.partial.unwrap().moves.len(), 20_001);
}

#[test]
fn tags_of_every_shape_are_read_alike() {
    // The common shape `[Name "value"]` has a fast path; every other shape goes the general way.
    let text = "[Name \"plain\"]\n[ Spaced   \"x\" ]\n[Tab\t\"y\"]\n[Esc \"a \\\"q\\\" b\\\\c\"]\n\
                [Quote \"say \"hi\"\"]\n[Utf \"é\"]\n[Empty \"\"]\n[A \"1\"] [B \"2\"]\n[Dig1t_s \"v\" ]\n\
                [Ctl \"a\u{1}b\tc\"]\n[Long \"https://lichess.org/abcdefgh\"]\n\n*\n";
    let tags = [
        "tag Name=plain",
        "tag Spaced=x",
        "tag Tab=y",
        "tag Esc=a \"q\" b\\c",
        "tag Quote=say \"hi\"",
        "tag Utf=é",
        "tag Empty=",
        "tag A=1",
        "tag B=2",
        "tag Dig1t_s=v",
        "tag Ctl=a\u{1}b\tc",
        "tag Long=https://lichess.org/abcdefgh",
    ];
    for headers_only in [false, true] {
        let events = events(text, Log { headers_only, ..Log::default() });
        assert_eq!(events[1..=tags.len()], tags, "headers only: {headers_only}");
    }
    let errors = [
        ("[Name \"open\n*", PgnErrorKind::BadTag("value not closed on its line"), 1, 1),
        ("[Name \"v\" x]\n*", PgnErrorKind::BadTag("expected ']' after the value"), 1, 1),
        ("[é \"v\"]\n[Name v]\n*", PgnErrorKind::BadTag("expected a quoted value after the tag name"), 2, 1),
    ];
    for (text, kind, line, column) in errors {
        let error = PgnReader::from_text(text).find_map(Result::err).unwrap();
        assert_eq!((error.kind, error.line, error.column), (kind, line, column), "{text}");
    }
}

#[test]
fn columns_count_characters_only_where_a_line_has_them() {
    // Non-ASCII text before the error on its line, on a later line, and on an earlier one.
    let cases = [
        ("1. e4 {é} Zz9 *", 1, 11),
        ("1. e4 Zz9 *\n{é}", 1, 7),
        ("{é}\n1. e4 Zz9 *", 2, 7),
        ("[Event \"ééé\"]\n\n1. e4 e5 {ü} 2. Nf3 {ü ü} Zz9 *", 3, 27),
    ];
    for (text, line, column) in cases {
        for keep in [false, true] {
            let variations = if keep { Variations::Keep } else { Variations::Skip };
            let error = PgnReader::from_text(text).variations(variations).find_map(Result::err).unwrap();
            assert_eq!((error.line, error.column), (line, column), "{text}");
            let mut reader = PgnReader::from_text(text);
            let error = reader.visit(&mut Log::default()).unwrap().unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{text}");
        }
    }
}

#[test]
fn moves_read_without_tokens_keep_their_events_and_places() {
    // Moves between move numbers (`12.`, `12...`, `12.Nf3`, a bare `12`) and comments take the
    // reader's fast path; annotated moves, NAGs and results its tokens.
    let text = "1. e4!? {a\ncomment} e5 2.Nf3?? $3 2... Nc6 3 Bb5 *";
    let start = "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The last `begin` is the visitor being asked about the empty end of the text.
    let expected = ["begin", start, "e4", "$5", "e5", "Nf3", "$4", "$3", "Nc6", "Bb5", "*", "begin"];
    assert_eq!(events(text, Log::default()), expected);
    let with_comments = events(text, Log { comments: true, ..Log::default() });
    assert_eq!(with_comments[..5], ["begin", start, "e4", "$5", "{a comment}"]);
    let errors = [
        ("1. e4 {a\nb} 2. Zz9 *", 2, 7, "invalid"),
        ("1. e4 e5 12 Nf3 Kd6 *", 1, 17, "illegal"),
        ("1.e4 e5\n2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Zz9", 2, 26, "invalid"),
    ];
    for (text, line, column, what) in errors {
        for enter in [false, true] {
            let mut reader = PgnReader::from_text(text);
            let error = reader.visit(&mut Log { enter, ..Log::default() }).unwrap().unwrap_err();
            assert_eq!((error.line, error.column), (line, column), "{text}");
            let kind = match error.kind {
                PgnErrorKind::InvalidMove(_) => "invalid",
                PgnErrorKind::IllegalMove { .. } => "illegal",
                _ => "other",
            };
            assert_eq!(kind, what, "{text}");
        }
    }
}

#[test]
fn comments_show_runs_of_whitespace_as_one_space() {
    let text: &[u8] = b"1. e4 {  a \t b\n c  } e5 { [%clk 0:03:00] } 2. Nf3 {\xE9t\xE9 x} Nc6 ;  x   y \r\n\
                        3. Bb5 {} a6 {a\x01b} *";
    let mut log = Log { comments: true, ..Log::default() };
    let mut reader = PgnReader::new(text);
    reader.visit(&mut log).unwrap().unwrap();
    let comments: Vec<_> = log.events.iter().filter(|e| e.starts_with('{')).cloned().collect();
    let expected = ["{a b c}", "{[%clk 0:03:00]}", "{\u{FFFD}t\u{FFFD} x}", "{x y}", "{}", "{a\u{1}b}"];
    assert_eq!(comments, expected);
}

/// Writes down each position played from: its FEN and Zobrist key.
struct Keys {
    keys: bool,
    seen: Vec<(String, u64)>,
    start: u64,
}

impl Visitor for Keys {
    fn wants_keys(&self) -> bool {
        self.keys
    }

    fn begin_movetext(&mut self, start: &Position) {
        self.start = start.zobrist_key();
    }

    fn play(&mut self, before: &Position, _: Move) {
        self.seen.push((before.to_fen(), before.zobrist_key()));
    }

    fn begin_variation(&mut self) -> Variation {
        Variation::Enter
    }
}

#[test]
fn positions_keep_their_keys_unless_the_visitor_needs_none() {
    let text = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 -- 3. Bc4 Nf6 4. O-O *";
    let fen_key = |fen: &str| fen.parse::<Position>().unwrap().zobrist_key();
    let mut runs = Vec::new();
    for keys in [true, false] {
        let mut visitor = Keys { keys, seen: Vec::new(), start: 0 };
        PgnReader::from_text(text).visit(&mut visitor).unwrap().unwrap();
        // The start position has its key either way.
        assert_eq!(visitor.start, Position::new().zobrist_key());
        assert_eq!(visitor.seen.len(), 9);
        for (fen, key) in &visitor.seen {
            assert_eq!(*key, if keys { fen_key(fen) } else { 0 }, "{fen}");
        }
        runs.push(visitor.seen.into_iter().map(|(fen, _)| fen).collect::<Vec<_>>());
    }
    // The same positions, keys or not; the tree reader (which keeps none) keeps its start's.
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0][8], "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let game = PgnReader::from_text(text).next().unwrap().unwrap();
    assert_eq!(game.start.zobrist_key(), Position::new().zobrist_key());
}

#[test]
fn long_tag_sections_and_bytes_that_are_not_utf8_read_alike() {
    // Tags are checked as UTF-8 a kilobyte at a time: a section longer than that, a tag that
    // is not UTF-8 (Latin-1 `é`) in its middle, and small buffers all give the same tags.
    let mut text = Vec::new();
    for i in 0..60 {
        text.extend_from_slice(format!("[Tag{i} \"value number {i}\"]\n").as_bytes());
        if i == 30 {
            text.extend_from_slice(b"[Latin \"caf\xE9\"]\n");
        }
    }
    text.extend_from_slice(b"\n1. e4 *\n");
    let mut expected: Vec<String> = (0..60).map(|i| format!("tag Tag{i}=value number {i}")).collect();
    expected.insert(31, "tag Latin=caf\u{FFFD}".to_string());
    let tags = |log: Log| log.events.into_iter().filter(|e| e.starts_with("tag ")).collect::<Vec<_>>();
    let mut log = Log::default();
    PgnReader::new(&text[..]).visit(&mut log).unwrap().unwrap();
    assert_eq!(tags(log), expected);
    for capacity in [1, 7, 64] {
        let mut log = Log::default();
        PgnReader::new(std::io::BufReader::with_capacity(capacity, &text[..])).visit(&mut log).unwrap().unwrap();
        assert_eq!(tags(log), expected, "buffer of {capacity}");
    }
}

#[test]
fn headers_only_passes_castling_comments_and_lines_as_the_general_loop_did() {
    // Castling (a `-` that is no result), one-line comments holding `[` and results, a `;`
    // comment, a `%` line, a comment over lines and a variation with a result-like word are all
    // passed over; the lines they hold are counted, so the bad tag of the third game is placed
    // on line 11.
    let text = "[White \"A\"]\n\n1. O-O-O {c [x] 1-0} 2. e4 ; 0-1 here\n% 1-0 escape\n{multi\nline 1-0 } \
                (1. d4 1-0?) *\n[White \"B\"]\n\n1. e4 2.1-0\n\n[White \"C]\n";
    let mut reader = PgnReader::from_text(text);
    assert_eq!(reader.read_headers().unwrap().unwrap().tags, [("White".into(), "A".into())]);
    assert_eq!(reader.read_headers().unwrap().unwrap().tags, [("White".into(), "B".into())]);
    let error = reader.read_headers().unwrap().unwrap_err();
    assert_eq!((error.game, error.line, error.column), (3, 11, 1));
    assert_eq!(error.kind, PgnErrorKind::BadTag("value not closed on its line"));
    assert!(reader.read_headers().is_none());
}
