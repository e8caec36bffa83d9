//! The streaming layer (`PgnReader::visit` and `Visitor`): what a visitor is told, that its
//! errors are the iterator's, the output of each game, skipping a game and stopping, and that
//! the block-reading lexer keeps lines and columns right across blocks and with tiny `BufRead`
//! buffers.

use std::ops::ControlFlow;

use chess_core::pgn::{Break, PgnErrorKind, PgnReader, PgnResult, Variation, Variations, Visitor};
use chess_core::{Move, Position};

/// A callback's answer that reads on.
const GO: ControlFlow<Break> = ControlFlow::Continue(());

/// Writes down every event, as text.
#[derive(Default)]
struct Log {
    events: Vec<String>,
    comments: bool,
    enter: bool,
    headers_only: bool,
}

impl Visitor for Log {
    type Output = ();

    fn begin_game(&mut self) -> ControlFlow<Break> {
        self.events.push("begin".into());
        GO
    }

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.events.push(format!("tag {name}={value}"));
        GO
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        if self.headers_only { ControlFlow::Break(Break::SkipGame) } else { GO }
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.events.push(format!("start {}", start.to_fen()));
        GO
    }

    fn play(&mut self, before: &Position, mv: Move) -> ControlFlow<Break> {
        self.events.push(if mv.is_null() { "--".to_string() } else { before.san(mv).to_string() });
        GO
    }

    fn nag(&mut self, nag: u8) -> ControlFlow<Break> {
        self.events.push(format!("${nag}"));
        GO
    }

    fn wants_comments(&self) -> bool {
        self.comments
    }

    fn comment(&mut self, text: &str) -> ControlFlow<Break> {
        self.events.push(format!("{{{text}}}"));
        GO
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        self.events.push("(".into());
        ControlFlow::Continue(if self.enter { Variation::Enter } else { Variation::Skip })
    }

    fn end_variation(&mut self) -> ControlFlow<Break> {
        self.events.push(")".into());
        GO
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.events.push(result.to_string());
        GO
    }

    fn end_game(&mut self) {}
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
    type Output = ();

    fn wants_keys(&self) -> bool {
        self.keys
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.start = start.zobrist_key();
        GO
    }

    fn play(&mut self, before: &Position, _: Move) -> ControlFlow<Break> {
        self.seen.push((before.to_fen(), before.zobrist_key()));
        GO
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        ControlFlow::Continue(Variation::Enter)
    }

    fn end_game(&mut self) {}
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

/// Writes down every event as `Log` does (with `end tags` too), and breaks off with `how` at
/// its `at`-th event, counted from 0 over the whole text; each game's output is its events.
struct Breaker {
    at: usize,
    how: Break,
    enter: bool,
    seen: usize,
    events: Vec<String>,
}

impl Breaker {
    fn new(at: usize, how: Break, enter: bool) -> Breaker {
        Breaker { at, how, enter, seen: 0, events: Vec::new() }
    }

    fn event(&mut self, event: String) -> ControlFlow<Break> {
        self.events.push(event);
        self.seen += 1;
        if self.seen - 1 == self.at { ControlFlow::Break(self.how) } else { GO }
    }
}

impl Visitor for Breaker {
    type Output = Vec<String>;

    fn begin_game(&mut self) -> ControlFlow<Break> {
        self.event("begin".into())
    }

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.event(format!("tag {name}={value}"))
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        self.event("end tags".into())
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.event(format!("start {}", start.to_fen()))
    }

    fn play(&mut self, before: &Position, mv: Move) -> ControlFlow<Break> {
        self.event(before.san(mv).to_string())
    }

    fn nag(&mut self, nag: u8) -> ControlFlow<Break> {
        self.event(format!("${nag}"))
    }

    fn wants_comments(&self) -> bool {
        true
    }

    fn comment(&mut self, text: &str) -> ControlFlow<Break> {
        self.event(format!("{{{text}}}"))
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        self.event("(".into())?;
        ControlFlow::Continue(if self.enter { Variation::Enter } else { Variation::Skip })
    }

    fn end_variation(&mut self) -> ControlFlow<Break> {
        self.event(")".into())
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.event(result.to_string())
    }

    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.events)
    }
}

/// Games whose ends are hard to find: a result, `)` and `[` in comments, results in a
/// variation, a `;` comment and a `%` line; a game without tags after a result; a game of a
/// result alone; a game without a result that ends at the next game's tags; a game of tags
/// alone at the end.
const GAMES: &str = "[Event \"one\"]\n[White \"Anna\"]\n\n{pre} 1. e4 $1 {c ) 1-0 [x]} (1. d4 {in 0-1} (1. c4) \
                     1... d5 ; 1-0 in a line\n% 0-1 on an escape line\n) 1... e5!? 2. Nf3 1-0\n1. d4 d5 *\n*\n\
                     [Event \"three\"]\n\n1. c4 e5 2. Nc3\n[Event \"four\"]\n\n1. Nf3 (1. g3) *\n\n[Event \"five\"]\n";

/// Reads every game of `text` with `visitor`, checking that the reader stays done once it
/// returns `None`.
fn outputs(text: &str, visitor: &mut Breaker) -> Vec<Vec<String>> {
    let mut reader = PgnReader::from_text(text);
    let outputs = std::iter::from_fn(|| reader.visit(visitor)).map(Result::unwrap).collect();
    assert!(reader.visit(visitor).is_none());
    assert!(reader.next().is_none());
    assert!(reader.read_headers().is_none());
    assert_eq!(reader.skip_game(), Ok(false));
    outputs
}

#[test]
fn each_game_makes_its_output() {
    let games = outputs(GAMES, &mut Breaker::new(usize::MAX, Break::SkipGame, true));
    let start = "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let expected: [&[&str]; 6] = [
        &[
            "begin",
            "tag Event=one",
            "tag White=Anna",
            "{pre}",
            "end tags",
            start,
            "e4",
            "$1",
            "{c ) 1-0 [x]}",
            "(",
            "d4",
            "{in 0-1}",
            "(",
            "c4",
            ")",
            "d5",
            "{1-0 in a line}",
            ")",
            "e5",
            "$5",
            "Nf3",
            "1-0",
        ],
        &["begin", "end tags", start, "d4", "d5", "*"],
        &["begin", "end tags", start, "*"],
        &["begin", "tag Event=three", "end tags", start, "c4", "e5", "Nc3"],
        &["begin", "tag Event=four", "end tags", start, "Nf3", "(", "g3", ")", "*"],
        &["begin", "tag Event=five", "end tags", start],
    ];
    assert_eq!(games, expected);
    // The tree reader finds the same games.
    let trees: Vec<_> = PgnReader::from_text(GAMES).map(|game| game.unwrap().moves.len()).collect();
    assert_eq!(trees, [3, 2, 0, 3, 1, 0]);
}

#[test]
fn a_skipped_game_ends_where_it_would_have_and_the_next_read_is_the_next_game() {
    for enter in [true, false] {
        let full = outputs(GAMES, &mut Breaker::new(usize::MAX, Break::SkipGame, enter));
        // Every event, and the `begin` of the attempt at a game after the last.
        let events = full.iter().map(Vec::len).sum::<usize>() + 1;
        for at in 0..events {
            let (mut game, mut local) = (0, at);
            while game < full.len() && local >= full[game].len() {
                local -= full[game].len();
                game += 1;
            }
            let mut expected = full.clone();
            if let Some(broken) = expected.get_mut(game) {
                broken.truncate(local + 1);
            }
            let skipped = outputs(GAMES, &mut Breaker::new(at, Break::SkipGame, enter));
            assert_eq!(skipped, expected, "skipping at event {at}, variations entered: {enter}");

            // Stopping there instead: nothing after it, and no game when it stops at its start.
            expected.truncate(if local == 0 { game } else { game + 1 });
            let stopped = outputs(GAMES, &mut Breaker::new(at, Break::StopReading, enter));
            assert_eq!(stopped, expected, "stopping at event {at}, variations entered: {enter}");
        }
    }
}

#[test]
fn a_visitor_that_stops_after_n_games_gets_n_outputs() {
    /// Stops at the start of game `n + 1`; each game's output is its number of moves.
    struct FirstGames {
        n: usize,
        games: usize,
        moves: usize,
    }

    impl Visitor for FirstGames {
        type Output = usize;

        fn begin_game(&mut self) -> ControlFlow<Break> {
            self.games += 1;
            if self.games > self.n { ControlFlow::Break(Break::StopReading) } else { GO }
        }

        fn play(&mut self, _: &Position, _: Move) -> ControlFlow<Break> {
            self.moves += 1;
            GO
        }

        fn end_game(&mut self) -> usize {
            std::mem::take(&mut self.moves)
        }
    }

    let text = "1. e4 *\n1. d4 d5 *\n1. c4 e5 2. Nc3 *\n1. Nf3 d5 2. g3 c5 *\n";
    for n in 0..=5 {
        let mut reader = PgnReader::from_text(text);
        let mut visitor = FirstGames { n, games: 0, moves: 0 };
        let moves: Vec<usize> = std::iter::from_fn(|| reader.visit(&mut visitor)).map(Result::unwrap).collect();
        assert_eq!(moves, [1, 2, 3, 4][..n.min(4)], "n = {n}");
        assert!(reader.next().is_none(), "n = {n}");
    }
}

#[test]
fn a_skipped_game_is_not_checked_but_for_its_source() {
    // The bad move and the bad tag after the break are not read; only their shape ends the game.
    let text = "[Event \"1\"]\n\n1. e4 Zz9 (1. d4 $x }) *\n[Event \"2\"]\n[Bad\n\n1. Ke5 *\n[Event \"3\"]\n\n1. e4 *\n";
    let mut reader = PgnReader::from_text(text);
    let mut first_tag = Breaker::new(1, Break::SkipGame, false);
    assert_eq!(reader.visit(&mut first_tag).unwrap().unwrap(), ["begin", "tag Event=1"]);
    first_tag.at = 3;
    assert_eq!(reader.visit(&mut first_tag).unwrap().unwrap(), ["begin", "tag Event=2"]);
    assert_eq!(reader.visit(&mut first_tag).unwrap().unwrap().last().unwrap(), "*");
    assert!(reader.visit(&mut first_tag).is_none());

    // A failing source is still an error, and ends the reading.
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("broken"))
        }
    }
    let source = std::io::BufReader::new(std::io::Read::chain(&b"[Event \"1\"]\n\n1. e4 e5 "[..], Failing));
    let mut reader = PgnReader::new(source);
    let error = reader.visit(&mut Breaker::new(1, Break::SkipGame, false)).unwrap().unwrap_err();
    assert!(error.kind.is_io(), "{error}");
    assert!(reader.visit(&mut Breaker::new(1, Break::SkipGame, false)).is_none());
}

/// Hands each position reached to a `Game`, and writes down each move with the position it reached.
#[derive(Default)]
struct Reached {
    game: chess_core::Game,
    seen: Vec<String>,
    /// Breaks off at this move's `play`.
    skip_at: Option<&'static str>,
}

impl Visitor for Reached {
    type Output = chess_core::Game;

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.game.reset(*start);
        GO
    }

    fn play(&mut self, before: &Position, mv: Move) -> ControlFlow<Break> {
        if self.skip_at == Some(&*before.san(mv).to_string()) { ControlFlow::Break(Break::SkipGame) } else { GO }
    }

    fn played(&mut self, mv: Move, after: &Position) -> ControlFlow<Break> {
        self.seen.push(format!("{} {}", mv.to_uci_chess960(), after.to_fen()));
        self.game.push_reached(mv, after).map_or(ControlFlow::Break(Break::SkipGame), |()| GO)
    }

    fn end_game(&mut self) -> chess_core::Game {
        self.game.clone()
    }
}

#[test]
fn played_hands_over_each_position_reached_on_the_main_line_and_a_game_takes_it() {
    let mut visitor = Reached::default();
    let text = format!("{GAME}\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *\n");
    let mut reader = PgnReader::from_text(&text);
    let first = reader.visit(&mut visitor).unwrap().unwrap();
    assert_eq!(
        visitor.seen,
        [
            "e2e4 4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
            "e8d7 8/3k4/8/8/4P3/8/8/4K3 w - - 1 2",
            "e1f2 8/3k4/8/8/4P3/8/5K2/8 b - - 2 2",
        ]
    );
    let mut pushed = chess_core::Game::from_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap());
    for san in ["e4", "Kd7", "Kf2"] {
        pushed.push_san(san).unwrap();
    }
    assert_eq!(first, pushed);
    // The same `Game`, started again: the repetition is counted from the new start.
    let second = reader.visit(&mut visitor).unwrap().unwrap();
    assert_eq!(second.moves().len(), 5);
    assert_eq!(second.repetition_count(), 2);
}

#[test]
fn played_is_not_called_when_play_breaks_off() {
    let mut visitor = Reached { skip_at: Some("Kd7"), ..Reached::default() };
    PgnReader::from_text(GAME).visit(&mut visitor).unwrap().unwrap();
    assert_eq!(visitor.seen, ["e2e4 4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"]);
}
