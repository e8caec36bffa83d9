//! Any bytes as PGN: the reader returns games or errors and goes on; a game read is written
//! and read back with the same start, moves (variations included) and tags; reading only the
//! tags finds the same whether the text comes in one block or a few bytes at a time; a
//! visitor that skips the rest of a game or stops reading at any event leaves what came
//! before as it was; each game read as python-chess's tree is walked in PGN order over every
//! node and written in python-chess's layout, and that text reads back to a tree that writes
//! the same text.
#![no_main]

#[path = "common.rs"]
mod common;

use std::ops::ControlFlow;

use chess_core::pgn::{
    Break, ExportOptions, Exporter, GameTree, NodeId, PgnReader, PgnResult, Step, TreeBuilder, Variation, Variations,
    Visitor,
};
use chess_core::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::read_checked(data);
    common::headers_agree(data, 1 + data.len() % 97);
    breaks_hold(data);
    trees_hold(data);
});

/// Every game of `data` as a tree: the walk reaches each node below the root once, and the
/// written text of a game read whole (whose `Result` tag is a result marker) reads back to a
/// tree written alike.
fn trees_hold(data: &[u8]) {
    let mut reader = PgnReader::new(data);
    let mut builder = TreeBuilder::new(Variations::Keep);
    let mut games = 0;
    while let Some(read) = reader.visit(&mut builder) {
        games += 1;
        assert!(games <= data.len() + 1, "the tree reader does not advance");
        // A game read with an error is walked and written as far as it was read.
        let (tree, read_whole) = match read {
            Ok(tree) => (tree, true),
            Err(_) => (builder.finish(), false),
        };
        let mut visits = 0;
        // A comment in a variation without a move starts the move after the variation, as
        // python-chess reads it; written before that move, it reads back as the end of the
        // comment of the move before (in python-chess too), and the text written then stays.
        let mut main_line_starting_comment = false;
        if let Some(first) = tree.next(NodeId::ROOT) {
            let mut walk = tree.walk(first, true);
            while let Some(step) = walk.next(&tree) {
                if let Step::Visit(id) = step {
                    visits += 1;
                    let main_line = tree.parent(id).is_some_and(|parent| tree.variations(parent)[0] == id);
                    main_line_starting_comment |= main_line && !tree.node(id).starting_comment.is_empty();
                }
            }
        }
        assert_eq!(visits, tree.len() - 1, "the walk visits every node once");
        let result = tree.tags.iter().find(|(name, _)| name == "Result").map(|(_, value)| value.as_str());
        for columns in [Some(80), Some(7), None] {
            let text = written(&tree, columns);
            if !read_whole || PgnResult::from_ascii(result.unwrap_or("*").as_bytes()).is_none() {
                continue;
            }
            let mut text = text;
            if main_line_starting_comment {
                text = written(&read_back(&text), columns);
            }
            assert_eq!(written(&read_back(&text), columns), text, "written, read back and written again");
        }
    }
}

fn read_back(text: &str) -> GameTree {
    let again = PgnReader::from_text(text).visit(&mut TreeBuilder::new(Variations::Keep));
    again.expect("the written game reads back").expect("the written game reads back")
}

fn written(tree: &GameTree, columns: Option<usize>) -> String {
    let mut out = Exporter::new(ExportOptions { columns, ..ExportOptions::default() });
    tree.export(&mut out).expect("a tree read holds legal moves");
    out.text()
}

/// Writes down every event, comments and variations read or not as `mode` says, and breaks
/// off with `how` at its `at`-th event (counted from 0 over the whole text); a game's output
/// is its number of events.
struct Events {
    mode: u8,
    at: usize,
    how: Break,
    log: Vec<String>,
    game_events: usize,
    broke: bool,
}

impl Events {
    fn event(&mut self, event: String) -> ControlFlow<Break> {
        self.log.push(event);
        self.game_events += 1;
        if self.log.len() - 1 != self.at {
            return ControlFlow::Continue(());
        }
        self.broke = true;
        ControlFlow::Break(self.how)
    }
}

impl Visitor for Events {
    type Output = usize;

    fn begin_game(&mut self) -> ControlFlow<Break> {
        self.game_events = 0;
        self.event("begin".into())
    }

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.event(format!("tag {name} {value}"))
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        self.event("end tags".into())
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.event(format!("start {start}"))
    }

    fn play(&mut self, _: &Position, mv: Move) -> ControlFlow<Break> {
        self.event(format!("{mv:?}"))
    }

    fn nag(&mut self, nag: u8) -> ControlFlow<Break> {
        self.event(format!("${nag}"))
    }

    fn wants_comments(&self) -> bool {
        self.mode & 1 != 0
    }

    fn comment(&mut self, text: &str) -> ControlFlow<Break> {
        self.event(format!("{{{text}}}"))
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        self.event("(".into())?;
        ControlFlow::Continue(if self.mode & 2 != 0 { Variation::Enter } else { Variation::Skip })
    }

    fn end_variation(&mut self) -> ControlFlow<Break> {
        self.event(")".into())
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.event(result.to_string())
    }

    fn end_game(&mut self) -> usize {
        self.game_events
    }
}

/// Reads `data` with a visitor that breaks off at its `at`-th event: the games (numbers of
/// events, or errors as text), the visitor, and the index of the game returned by the read
/// in which it broke off (if it did).
fn visit_all(data: &[u8], mode: u8, at: usize, how: Break) -> (Vec<Result<usize, String>>, Events, Option<usize>) {
    let mut visitor = Events { mode, at, how, log: Vec::new(), game_events: 0, broke: false };
    let mut reader = PgnReader::new(data);
    let mut games = Vec::new();
    let mut broke_in = None;
    loop {
        let game = reader.visit(&mut visitor);
        if visitor.broke && broke_in.is_none() {
            broke_in = Some(games.len());
        }
        let Some(game) = game else { break };
        assert!(games.len() <= data.len(), "the visitor's reader does not advance");
        games.push(game.map_err(|e| e.to_string()));
    }
    assert!(reader.next().is_none() && reader.read_headers().is_none(), "reading goes on after the end");
    (games, visitor, broke_in)
}

/// Breaks off reading at an event chosen by the input, skipping the rest of that game or
/// stopping there: the events up to it and the games read before it are those of a reading
/// without a break; the game broken off ends without an error (unless the break came while
/// the reader passed over the rest of a bad game, which stays the same error); after a stop
/// nothing more is read.
fn breaks_hold(data: &[u8]) {
    let mode = data.first().copied().unwrap_or(0);
    let (full, whole, _) = visit_all(data, mode, usize::MAX, Break::SkipGame);
    let hash = data.iter().fold(data.len(), |acc, &b| acc.wrapping_mul(31).wrapping_add(usize::from(b)));
    let at = hash % (whole.log.len() + 1);
    for how in [Break::SkipGame, Break::StopReading] {
        let (games, visitor, broke_in) = visit_all(data, mode, at, how);
        let upto = |log: &[String]| log[..log.len().min(at + 1)].to_vec();
        assert_eq!(upto(&visitor.log), upto(&whole.log), "{how:?} at event {at}");
        let Some(broken) = broke_in else {
            assert_eq!(games, full, "no break, the same games");
            continue;
        };
        assert_eq!(full.get(..broken), Some(&games[..broken]), "{how:?} at event {at}");
        if let Some(game) = games.get(broken) {
            assert!(game.is_ok() || full.get(broken) == Some(game), "{how:?} at event {at}: {game:?}");
        }
        if how == Break::StopReading {
            assert!(games.len() <= broken + 1, "games read after a stop at event {at}");
        }
    }
}
