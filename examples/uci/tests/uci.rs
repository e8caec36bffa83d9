//! Drives the `uci` program through its stdin and stdout, as a chess GUI would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use chess_core::Position;

/// How long any answer may take before the test fails: long, so that only a hang fails.
const TIMEOUT: Duration = Duration::from_secs(60);

const MATE_IN_ONE: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

/// The running program, with its output read line by line on a thread.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_uci"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the uci program starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { stdin: child.stdin.take(), child, lines }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads lines up to and including the first one for which `last` holds.
    fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut lines = Vec::new();
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) => {
                    let done = last(&line);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no answer in {TIMEOUT:?}; read so far: {lines:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the program ended; read so far: {lines:#?}"),
            }
        }
    }

    /// Sends `isready` and returns the lines up to `readyok`, which is left out.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|line| line == "readyok");
        lines.pop();
        lines
    }

    /// Sends `go ...` and returns the info lines and the `bestmove` line.
    fn go(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let mut lines = self.read_until(|line| line.starts_with("bestmove"));
        let bestmove = lines.pop().unwrap();
        (lines, bestmove)
    }

    /// Waits for the program to end.
    fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the program did not end in {TIMEOUT:?}");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Returns the word after `key` in an info line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&word| word == key)?;
    words.next()
}

/// Plays `moves` (UCI) from `position` and returns the position reached.
fn play(mut position: Position, moves: &[&str]) -> Position {
    for uci in moves {
        position.play(position.parse_uci(uci).unwrap()).unwrap();
    }
    position
}

#[test]
fn handshake_lists_the_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|line| line == "uciok");
    assert_eq!(
        lines,
        [
            "id name chess-core 0.1.0",
            "id author the chess-core authors",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Threads type spin default 1 min 1 max 1",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Level type combo default Master var Beginner var Normal var Expert var Master",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Seed type spin default 0 min 0 max 2147483647",
            "option name UCI_Chess960 type check default false",
            "option name OwnBook type check default false",
            "option name BookFile type string default <empty>",
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            "uciok",
        ]
    );
    assert_eq!(engine.sync(), Vec::<String>::new());
}

#[test]
fn plays_a_legal_move_after_moves() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    let (infos, bestmove) = engine.go("go depth 3");
    let depths: Vec<&str> = infos.iter().filter_map(|line| field(line, "depth")).collect();
    // One line per depth, then the final line of the move played.
    assert_eq!(depths, ["1", "2", "3", "3"]);
    let words: Vec<&str> = bestmove.split_whitespace().collect();
    let after = play(Position::new(), &["e2e4", "e7e5"]);
    assert!(after.parse_uci(words[1]).is_ok(), "{bestmove}");
    assert_eq!(words.get(2), Some(&"ponder"), "{bestmove}");
    let after_best = play(after, &[words[1]]);
    assert!(after_best.parse_uci(words[3]).is_ok(), "{bestmove}");
    // The last line's principal variation starts with the best move.
    assert_eq!(field(infos.last().unwrap(), "pv"), Some(words[1]));
}

#[test]
fn finds_mate_in_one() {
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    let (infos, bestmove) = engine.go("go depth 3");
    assert_eq!(bestmove, "bestmove h5f7");
    assert_eq!(infos.len(), 4, "{infos:#?}");
    let final_line = format!(
        "info depth 3 seldepth 1 score mate 1 nodes {} nps {} time {} pv h5f7",
        field(&infos[3], "nodes").unwrap(),
        field(&infos[3], "nps").unwrap(),
        field(&infos[3], "time").unwrap(),
    );
    assert_eq!(infos[3], final_line);
    for (depth, line) in (1..).zip(&infos[..3]) {
        let number = |key| field(line, key).and_then(|value| value.parse::<u64>().ok()).expect(key);
        let expected = format!(
            "info depth {depth} seldepth {} multipv 1 score mate 1 nodes {} nps {} hashfull {} time {} pv h5f7",
            number("seldepth"),
            number("nodes"),
            number("nps"),
            number("hashfull"),
            number("time"),
        );
        assert_eq!(line, &expected);
    }
}

#[test]
fn castling_is_written_for_the_mode() {
    let mut engine = Engine::start();
    engine.send(&format!("position fen {CASTLING}"));
    let (infos, bestmove) = engine.go("go depth 2 searchmoves e1g1");
    assert!(bestmove.starts_with("bestmove e1g1"), "{bestmove}");
    assert!(infos.iter().all(|line| field(line, "pv") == Some("e1g1")), "{infos:#?}");
    // Either form is read.
    let (_, bestmove) = engine.go("go depth 2 searchmoves e1h1");
    assert!(bestmove.starts_with("bestmove e1g1"), "{bestmove}");
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5");
    assert_eq!(engine.sync(), Vec::<String>::new());

    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {CASTLING}"));
    let (infos, bestmove) = engine.go("go depth 2 searchmoves e1g1");
    assert!(bestmove.starts_with("bestmove e1h1"), "{bestmove}");
    assert!(infos.iter().all(|line| field(line, "pv") == Some("e1h1")), "{infos:#?}");
}

#[test]
fn go_infinite_answers_only_after_stop() {
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MATE_IN_ONE}"));
    engine.send("go infinite");
    engine.read_until(|line| line.starts_with("info depth"));
    // Give the search time to run out of depths: it must still wait for stop.
    thread::sleep(Duration::from_millis(300));
    let lines = engine.sync();
    assert!(lines.iter().all(|line| line.starts_with("info depth")), "{lines:#?}");
    engine.send("stop");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove h5f7");
    // A stop with no search running is ignored.
    engine.send("stop");
    assert_eq!(engine.sync(), Vec::<String>::new());
}

/// Eight pawns each about to promote: the engine's first depth once ran for minutes here,
/// deaf to its limits and to `stop`.
const EIGHT_PAWNS: &str = "8/PPPPPPPP/8/2k5/8/2K5/pppppppp/8 w - - 0 1";

#[test]
fn every_limit_and_stop_hold_on_a_position_made_to_blow_up_the_search() {
    let position: Position = EIGHT_PAWNS.parse().unwrap();
    let legal = |bestmove: &str| {
        let uci = bestmove.split_whitespace().nth(1).unwrap();
        position.parse_uci(uci).is_ok_and(|mv| position.is_legal(mv))
    };
    let mut engine = Engine::start();
    for level in ["0", "15", "20"] {
        engine.send(&format!("setoption name Skill Level value {level}"));
        engine.send(&format!("position fen {EIGHT_PAWNS}"));
        // Seconds for a tenth of a second: only a search deaf to its limit fails.
        let started = Instant::now();
        let (_, bestmove) = engine.go("go movetime 100");
        assert!(started.elapsed() < Duration::from_secs(5), "movetime 100 took {:?}", started.elapsed());
        assert!(legal(&bestmove), "{bestmove}");

        let (infos, bestmove) = engine.go("go nodes 500");
        assert!(legal(&bestmove), "{bestmove}");
        let nodes: u64 = field(infos.last().unwrap(), "nodes").unwrap().parse().unwrap();
        assert!(nodes <= 500, "{nodes} nodes for go nodes 500");

        engine.send("go infinite");
        thread::sleep(Duration::from_millis(50));
        let stopped = Instant::now();
        engine.send("stop");
        let lines = engine.read_until(|line| line.starts_with("bestmove"));
        assert!(stopped.elapsed() < Duration::from_secs(5), "stop took {:?}", stopped.elapsed());
        assert!(legal(lines.last().unwrap()), "{lines:#?}");
    }
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder depth 3");
    engine.read_until(|line| line.starts_with("info depth"));
    let lines = engine.sync();
    assert!(lines.iter().all(|line| line.starts_with("info depth")), "{lines:#?}");
    engine.send("ponderhit");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    // After the hit, the search runs within the go limits: depth 3 is its last.
    assert_eq!(field(&lines[lines.len() - 2], "depth"), Some("3"), "{lines:#?}");

    engine.send("go ponder");
    engine.read_until(|line| line.starts_with("info depth"));
    engine.send("stop");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    let best = field(lines.last().unwrap(), "bestmove").unwrap();
    assert!(play(Position::new(), &["e2e4", "e7e5"]).parse_uci(best).is_ok(), "{lines:#?}");
}

#[test]
fn no_legal_move_gives_the_null_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let (infos, bestmove) = engine.go("go depth 3");
    assert_eq!(infos, ["info depth 0 score mate 0"]);
    assert_eq!(bestmove, "bestmove 0000");
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go infinite");
    assert_eq!(engine.read_until(|line| line.starts_with("info")), ["info depth 0 score cp 0"]);
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.send("stop");
    assert_eq!(engine.read_until(|line| line.starts_with("bestmove")), ["bestmove 0000"]);
}

#[test]
fn earlier_positions_count_for_repetition() {
    // Black can bring the start position back a third time: a draw, which the search sees
    // only with the moves that led here.
    let moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    let mut engine = Engine::start();
    engine.send(&format!("position startpos moves {moves}"));
    let (infos, _) = engine.go("go depth 4 searchmoves f6g8");
    assert_eq!(field(infos.last().unwrap(), "score"), Some("cp"));
    assert_eq!(field(infos.last().unwrap(), "cp"), Some("0"), "{infos:#?}");

    let fen = play(Position::new(), &moves.split(' ').collect::<Vec<_>>()).to_fen();
    engine.send(&format!("position fen {fen}"));
    let (infos, _) = engine.go("go depth 4 searchmoves f6g8");
    assert_ne!(field(infos.last().unwrap(), "cp"), Some("0"), "{infos:#?}");
}

#[test]
fn bad_input_is_reported_and_survived() {
    let mut engine = Engine::start();
    engine.send("hello");
    engine.send_bytes(b"\xff\xfe\n");
    engine.send("position fen not/a/fen w - - 0 1");
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    engine.send("position");
    engine.send("setoption name Hash value -3");
    engine.send("setoption name Nonsense value 3");
    engine.send("setoption");
    let lines = engine.sync();
    assert_eq!(lines.len(), 8, "{lines:#?}");
    assert!(lines.iter().all(|line| line.starts_with("info string ")), "{lines:#?}");
    assert_eq!(lines[0], "info string unknown command 'hello'");
    assert!(lines[3].starts_with("info string move 3 (e1e3): illegal move e1e3"), "{}", lines[3]);
    assert_eq!(lines[5], "info string Hash must be a whole number from 1 to 4096, not '-3'");

    // The engine still plays, from the last good position (the start).
    let (infos, bestmove) = engine.go("go depth 2 mate 0 nodes lots");
    assert_eq!(infos[0], "info string go: mate needs at least 1 move");
    assert_eq!(infos[1], "info string go: nodes needs a whole number, not 'lots'");
    let best = field(&bestmove, "bestmove").unwrap();
    assert!(Position::new().parse_uci(best).is_ok(), "{bestmove}");
}

#[test]
fn quit_ends_the_program_even_while_searching() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.read_until(|line| line.starts_with("info depth"));
    engine.send("quit");
    assert!(engine.wait().success());

    // The end of the input ends it too.
    let mut engine = Engine::start();
    engine.send("isready");
    engine.read_until(|line| line == "readyok");
    engine.stdin = None;
    assert!(engine.wait().success());
}

#[test]
fn help_is_printed_without_reading_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uci"))
        .arg("--help")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let _stdin = child.stdin.take(); // kept open: uci must not wait for it
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(10), "uci --help waits on standard input");
        thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.starts_with("usage: uci [--help]\n\nA chess engine speaking the UCI protocol"), "{out}");
}

/// A Polyglot book of the start position only: e2e4 (weight 3) and d2d4 (weight 1), written
/// to a file of its own for `name`.
fn start_book(name: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let key = Position::new().zobrist_key();
    let entry = |raw_move: u16, weight: u16| chess_core::book::Entry { key, raw_move, weight, learn: 0 }.to_bytes();
    std::fs::write(&path, [entry(0x031c, 3), entry(0x02db, 1)].concat()).unwrap();
    path
}

#[test]
fn own_book_plays_book_moves_and_searches_out_of_book() {
    let book = start_book("uci_start_book.bin");
    let mut engine = Engine::start();
    engine.send(&format!("setoption name BookFile value {}", book.display()));
    assert_eq!(engine.sync(), [format!("info string book {}: 2 entries", book.display())]);
    // OwnBook is off by default: a search.
    let (infos, _) = engine.go("go depth 2");
    assert!(infos.iter().any(|line| field(line, "depth") == Some("2")), "{infos:?}");

    engine.send("setoption name OwnBook value true");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..20 {
        engine.send("position startpos");
        let (infos, bestmove) = engine.go("go depth 5");
        assert_eq!(infos.len(), 1, "{infos:?}");
        assert!(infos[0].starts_with("info string book move, weight "), "{infos:?}");
        assert!(bestmove == "bestmove e2e4" || bestmove == "bestmove d2d4", "{bestmove}");
        seen.insert(bestmove);
    }
    assert_eq!(seen.len(), 2, "both book moves come up in 20 games");
    // Out of the book, and with searchmoves, it searches.
    engine.send("position startpos moves e2e4");
    let (infos, _) = engine.go("go depth 2");
    assert!(infos.iter().any(|line| field(line, "depth") == Some("2")), "{infos:?}");
    engine.send("position startpos");
    let (_, bestmove) = engine.go("go depth 2 searchmoves g1f3");
    assert_eq!(bestmove.split_whitespace().nth(1), Some("g1f3"));

    // A file that is not a book is refused and leaves no book.
    std::fs::write(&book, [0u8; 20]).unwrap();
    engine.send(&format!("setoption name BookFile value {}", book.display()));
    let refused = engine.sync();
    assert!(refused[0].contains("cannot use the book") && refused[0].contains("20 bytes"), "{refused:?}");
    let (infos, _) = engine.go("go depth 1");
    assert!(infos.iter().all(|line| !line.contains("book")), "{infos:?}");
}

/// python-chess's Syzygy tables ($PYTHON_CHESS_SRC/data/syzygy/regular), or `None` with a
/// message when they are not there.
fn syzygy_dir() -> Option<std::path::PathBuf> {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return None;
    };
    let dir = std::path::PathBuf::from(src).join("data/syzygy/regular");
    if !dir.join("KQvK.rtbw").is_file() {
        eprintln!("skipped: no Syzygy tables in {}", dir.display());
        return None;
    }
    Some(dir)
}

#[test]
fn syzygy_path_plays_the_tables_best_move() {
    let Some(dir) = syzygy_dir() else { return };
    let kqvk = "8/8/8/8/3k4/8/8/KQ6 w - - 0 1";
    let mut tables = chess_core::syzygy::Tablebase::new();
    tables.add_directory(&dir).unwrap();
    let position: Position = kqvk.parse().unwrap();
    let best: Vec<String> =
        tables.best_moves(&position).unwrap().iter().map(|&m| position.uci(m).to_string()).collect();

    let mut engine = Engine::start();
    // Without tables: a search.
    engine.send(&format!("position fen {kqvk}"));
    let (infos, _) = engine.go("go depth 1");
    assert!(infos.iter().all(|line| !line.contains("tablebase")), "{infos:?}");

    engine.send(&format!("setoption name SyzygyPath value /no/such/dir:{}", dir.display()));
    let said = engine.sync();
    assert!(said[0].starts_with("info string cannot read the tables in /no/such/dir"), "{said:?}");
    assert!(said[1].starts_with("info string syzygy ") && said[1].ends_with(" table files"), "{said:?}");
    let (infos, bestmove) = engine.go("go depth 1");
    assert!(infos.contains(&"info string tablebase move".to_string()), "{infos:?}");
    assert!(infos.iter().any(|line| field(line, "score") == Some("cp")), "{infos:?}");
    let played = bestmove.split_whitespace().nth(1).unwrap().to_string();
    assert!(best.contains(&played), "{bestmove} not in {best:?}");

    // At most two pieces probed: a search; three: the tables again.
    engine.send("setoption name SyzygyProbeLimit value 2");
    let (infos, _) = engine.go("go depth 1");
    assert!(infos.iter().all(|line| !line.contains("tablebase")), "{infos:?}");
    engine.send("setoption name SyzygyProbeLimit value 3");
    let (infos, _) = engine.go("go depth 1");
    assert!(infos.contains(&"info string tablebase move".to_string()), "{infos:?}");

    // Taken away again: a search.
    engine.send("setoption name SyzygyPath value <empty>");
    let (infos, _) = engine.go("go depth 1");
    assert!(infos.iter().all(|line| !line.contains("tablebase")), "{infos:?}");
}
