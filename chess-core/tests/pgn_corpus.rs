//! PGN files: every game of the in-repo chess.js files and of the shared corpus
//! (`../shared/data/pgn`, when present) reads, replays legally, and survives
//! read → write → read unchanged; so do the pychess mate puzzles in `../shared/data/suites`.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use chess_core::pgn::{MAX_LINE, PgnGame, PgnReader, PgnVariation, Variations};

const IN_REPO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/pgn");

/// The shared corpus: every file and its number of games.
const SHARED_COUNTS: [(&str, usize); 15] = [
    ("chessjs_benchmark.pgn", 100),
    ("chessjs_test_1.pgn", 1),
    ("chessjs_test_2.pgn", 1),
    ("chessjs_test_3.pgn", 1),
    ("lichess_db_1000k.pgn", 438),
    ("python-chess_anastasian-lewis.pgn", 1),
    ("python-chess_chessbase-empty-line.pgn", 1),
    ("python-chess_cutechess-fischerrandom.pgn", 4),
    ("python-chess_kasparov-deep-blue-1997.pgn", 6),
    ("python-chess_molinari-bordais-1979.pgn", 1),
    ("python-chess_nepomniachtchi-liren-game1.pgn", 1),
    ("python-chess_stockfish-learning.pgn", 1),
    ("python-chess_uci-moves.pgn", 1),
    ("python-chess_utf8-bom.pgn", 2),
    ("twic1599_1000k.pgn", 1110),
];

const IN_REPO_COUNTS: [(&str, usize); 4] =
    [("chessjs_benchmark.pgn", 100), ("chessjs_test_1.pgn", 1), ("chessjs_test_2.pgn", 1), ("chessjs_test_3.pgn", 1)];

/// Reads every game of a file by streaming it, panicking with the error on a bad game.
fn read_file(path: &Path, variations: Variations) -> Vec<PgnGame> {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PgnReader::new(BufReader::new(file))
        .variations(variations)
        .map(|game| game.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// Replays a line and its variations with checked moves.
fn replay(mut pos: chess_core::Position, line: &PgnVariation) -> usize {
    let mut plies = 0;
    for m in &line.moves {
        for variation in &m.variations {
            plies += replay(pos, variation);
        }
        if m.mv.is_null() {
            assert!(pos.play_null().is_ok(), "a null move is read only when not in check");
        } else {
            pos.play(m.mv).expect("every move read is legal");
        }
        plies += 1;
    }
    plies
}

/// Writes a game, checks the line width, reads it back and compares.
fn round_trip(game: &PgnGame, context: &str) {
    let text = game.to_pgn();
    for line in text.lines().filter(|line| !line.starts_with('[')) {
        assert!(line.chars().count() <= MAX_LINE, "{context}: line longer than {MAX_LINE}: {line}");
    }
    let again: PgnGame = text.parse().unwrap_or_else(|e| panic!("{context}: {e}\n{text}"));
    assert_eq!(again.export_tags(), game.export_tags(), "{context}: tags");
    assert!(
        again.tag("FEN").is_none() && again.tag("SetUp").is_none(),
        "{context}: the start stands for FEN and SetUp"
    );
    assert_eq!(again.start, game.start, "{context}: start");
    assert_eq!(again.comment, game.comment, "{context}: comment");
    assert_eq!(again.moves, game.moves, "{context}: moves, comments, NAGs, variations");
    assert_eq!(again.result, game.result, "{context}: result");
    assert_eq!(again.to_pgn(), text, "{context}: writing is a fixed point");
}

fn check_dir(dir: &str, counts: &[(&str, usize)]) -> (usize, usize) {
    let (mut games, mut plies) = (0, 0);
    for &(name, expected) in counts {
        let path = PathBuf::from(dir).join(name);
        let read = read_file(&path, Variations::Keep);
        assert_eq!(read.len(), expected, "{name}: number of games");
        for (i, game) in read.iter().enumerate() {
            let context = format!("{name} game {}", i + 1);
            if let Some(count) = game.tag("PlyCount").and_then(|count| count.parse::<usize>().ok()) {
                assert_eq!(game.moves.len(), count, "{context}: PlyCount");
            }
            plies += replay(game.start, &PgnVariation { comment: None, moves: game.moves.clone() });
            round_trip(game, &context);
        }
        let skipped = read_file(&path, Variations::Skip);
        assert_eq!(skipped.len(), expected, "{name}: number of games, variations skipped");
        // The headers-only scan finds the same games with the same tags (FEN and SetUp as
        // written: the full reader turns them into the start position).
        let mut reader = PgnReader::new(BufReader::new(File::open(&path).unwrap()));
        let mut headers = Vec::new();
        while let Some(read) = reader.read_headers() {
            headers.push(read.unwrap_or_else(|e| panic!("{name}: {e}")));
        }
        assert_eq!(headers.len(), expected, "{name}: number of games, headers only");
        for (i, (header, game)) in headers.iter().zip(&read).enumerate() {
            let tags: Vec<_> =
                header.tags.iter().filter(|(name, _)| name != "FEN" && name != "SetUp").cloned().collect();
            assert_eq!(tags, game.tags, "{name} game {}: headers", i + 1);
        }
        let mut reader = PgnReader::new(BufReader::new(File::open(&path).unwrap()));
        let mut skipped = 0;
        while reader.skip_game().unwrap() {
            skipped += 1;
        }
        assert_eq!(skipped, expected, "{name}: number of games skipped");
        games += read.len();
    }
    (games, plies)
}

#[test]
fn in_repo_files_read_replay_and_round_trip() {
    let (games, plies) = check_dir(IN_REPO, &IN_REPO_COUNTS);
    assert_eq!(games, 103);
    assert!(plies > 5_000, "{plies} plies");
}

#[test]
fn shared_corpus_reads_replays_and_round_trips() {
    if !Path::new(SHARED).is_dir() {
        println!("SKIPPED: {SHARED} is absent; the shared PGN corpus is not tested (CI has it)");
        return;
    }
    let mut files: Vec<String> = std::fs::read_dir(SHARED)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".pgn"))
        .collect();
    files.sort();
    let listed: Vec<&str> = SHARED_COUNTS.iter().map(|(name, _)| *name).collect();
    assert_eq!(files, listed, "every PGN file of the corpus has an expected game count");
    let (games, plies) = check_dir(SHARED, &SHARED_COUNTS);
    assert_eq!(games, 1669);
    println!("{games} games, {plies} plies");
}

#[test]
fn shared_corpus_details() {
    if !Path::new(SHARED).is_dir() {
        println!("SKIPPED: {SHARED} is absent");
        return;
    }
    let read = |name: &str| read_file(&Path::new(SHARED).join(name), Variations::Keep);
    let uci = read("python-chess_uci-moves.pgn");
    assert_eq!(uci[0].moves.len(), 113);
    let bom = read("python-chess_utf8-bom.pgn");
    assert_eq!(bom[0].tag("Event"), Some("A"));
    assert!(bom.iter().all(|game| game.moves.is_empty()));
    let chessbase = read("python-chess_chessbase-empty-line.pgn");
    assert_eq!(chessbase[0].tag("Board"), Some("1"));
    assert_eq!(chessbase[0].moves.len(), 134);
    let fischer = read("python-chess_cutechess-fischerrandom.pgn");
    assert!(fischer.iter().all(|game| game.start.castling_mode().is_chess960()));
    let kasparov = read("python-chess_kasparov-deep-blue-1997.pgn");
    assert_eq!(kasparov[0].moves.len(), 89);
    let lichess = read("lichess_db_1000k.pgn");
    assert_eq!(lichess[0].moves[0].comment.as_deref(), Some("[%clk 0:05:00]"));
    let twic = read("twic1599_1000k.pgn");
    let plies: usize = twic.iter().map(|game| game.moves.len()).sum();
    assert!(plies > 100_000, "{plies}");
}

#[test]
fn shared_mate_puzzles_read_and_end_in_mate() {
    let suites = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/suites");
    if !Path::new(suites).is_dir() {
        println!("SKIPPED: {suites} is absent; the mate puzzles (GPL, pychess) are not tested");
        return;
    }
    for (name, expected) in [("mate_in_2.pgn", 166), ("mate_in_3.pgn", 375), ("mate_in_4.pgn", 373)] {
        let games = read_file(&Path::new(suites).join(name), Variations::Keep);
        assert_eq!(games.len(), expected, "{name}");
        for (i, game) in games.iter().enumerate() {
            let context = format!("{name} game {}", i + 1);
            assert!(game.end_position().unwrap().is_checkmate(), "{context}: the solution mates");
            round_trip(game, &context);
        }
    }
}
