//! Reading the arguments of `position` and `go`.

use std::str::FromStr;
use std::time::Duration;

use chess_core::search::{GameClock, SearchLimits};
use chess_core::{CastlingMode, Position, UciMove};

/// The largest `go mate` the engine passes on: the search turns a mate distance into plies
/// (`2 × moves − 1`), so a huge one would overflow, and it cannot look that deep anyway.
const MAX_MATE: u32 = 1000;

/// A position to search, with the Zobrist keys of the positions before it (oldest first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GamePosition {
    pub position: Position,
    pub history: Vec<u64>,
}

impl GamePosition {
    /// Returns the standard starting position with no history.
    pub fn start() -> GamePosition {
        GamePosition { position: Position::new(), history: Vec::new() }
    }
}

/// Reads the arguments of `position`: `startpos | fen <FEN>`, then `moves m1 m2 ...` if any.
/// Castling in the FEN and in the moves is read for `mode`.
pub(super) fn parse_position(args: &[&str], mode: CastlingMode) -> Result<GamePosition, String> {
    let (setup, moves) = match args.iter().position(|&word| word == "moves") {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let mut position = match setup {
        ["startpos"] => {
            let mut position = Position::new();
            let _ = position.set_castling_mode(mode);
            position
        }
        ["fen", fen @ ..] if !fen.is_empty() => {
            let fen = fen.join(" ");
            Position::from_fen_with(&fen, mode).map_err(|error| format!("bad FEN '{fen}': {error}"))?
        }
        _ => return Err("position needs 'startpos' or 'fen <FEN>', then 'moves ...' if any".to_string()),
    };
    let mut history = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let mv = position.parse_uci(text).map_err(|error| format!("move {} ({text}): {error}", index + 1))?;
        history.push(position.repetition_key());
        // parse_uci only returns legal moves.
        position.play_unchecked(mv);
    }
    Ok(GamePosition { position, history })
}

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Go {
    /// The limits as given; `multi_pv` is left at 0 (the engine's option sets it). Without a
    /// bound, the level's own limits apply (chess-core's `SearchLimits::or_level`).
    pub limits: SearchLimits,
    /// Whether to think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
}

/// Reads the arguments of `go`; the moves after `searchmoves` are read in `position`.
/// Returns the problems found too: a word that cannot be read is skipped, the rest still counts.
pub(super) fn parse_go(args: &[&str], position: &Position) -> (Go, Vec<String>) {
    let mut go = Go { limits: SearchLimits::default(), ponder: false };
    let limits = &mut go.limits;
    let mut clock = GameClock::default();
    let mut has_clock = false;
    let mut problems = Vec::new();
    let mut words = args.iter().copied().peekable();
    while let Some(word) = words.next() {
        let read = match word {
            "infinite" => {
                limits.infinite = true;
                Ok(())
            }
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                // The moves run up to the next word that is not written like a move.
                while let Some(text) = words.next_if(|word| UciMove::from_str(word).is_ok()) {
                    match position.parse_uci(text) {
                        Ok(mv) => limits.root_moves.push(mv),
                        Err(error) => problems.push(format!("searchmoves: {error}")),
                    }
                }
                Ok(())
            }
            "depth" => value(word, &mut words).map(|depth| limits.depth = Some(depth)),
            "nodes" => value(word, &mut words).map(|nodes| limits.nodes = Some(nodes)),
            "movetime" => millis(word, &mut words).map(|time| limits.move_time = Some(time)),
            "wtime" => millis(word, &mut words).map(|time| {
                clock.white_time = time;
                has_clock = true;
            }),
            "btime" => millis(word, &mut words).map(|time| {
                clock.black_time = time;
                has_clock = true;
            }),
            "winc" => millis(word, &mut words).map(|time| clock.white_increment = time),
            "binc" => millis(word, &mut words).map(|time| clock.black_increment = time),
            "movestogo" => value(word, &mut words).map(|moves| clock.moves_to_go = Some(moves)),
            "mate" => value(word, &mut words).and_then(|moves: u32| {
                if moves == 0 {
                    return Err("mate needs at least 1 move".to_string());
                }
                limits.mate = Some(moves.min(MAX_MATE));
                Ok(())
            }),
            _ => Err(format!("unknown word '{word}'")),
        };
        if let Err(problem) = read {
            problems.push(format!("go: {problem}"));
        }
    }
    limits.clock = has_clock.then_some(clock);
    (go, problems)
}

/// Reads the number after `keyword`.
fn value<'a, T: FromStr>(keyword: &str, words: &mut impl Iterator<Item = &'a str>) -> Result<T, String> {
    match words.next() {
        Some(text) => text.parse().map_err(|_| format!("{keyword} needs a whole number, not '{text}'")),
        None => Err(format!("{keyword} needs a value")),
    }
}

/// Reads the milliseconds after `keyword`; a negative time (a clock that ran out) counts as 0.
fn millis<'a>(keyword: &str, words: &mut impl Iterator<Item = &'a str>) -> Result<Duration, String> {
    value(keyword, words).map(|ms: i64| Duration::from_millis(ms.max(0).unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<&str> {
        line.split_whitespace().collect()
    }

    fn read_go(line: &str) -> (Go, Vec<String>) {
        parse_go(&words(line), &Position::new())
    }

    #[test]
    fn position_keeps_the_keys_of_earlier_positions() {
        let game = parse_position(&words("startpos moves g1f3 g8f6 f3g1 f6g8"), CastlingMode::Standard).unwrap();
        assert_eq!(game.position.zobrist_key(), Position::new().zobrist_key());
        let mut replay = Position::new();
        let mut keys = Vec::new();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            keys.push(replay.repetition_key());
            replay.play(replay.parse_uci(uci).unwrap()).unwrap();
        }
        assert_eq!(game.history, keys);
        assert_eq!(game.history[0], game.position.repetition_key());
        assert_eq!(parse_position(&words("startpos"), CastlingMode::Standard), Ok(GamePosition::start()));
        assert_eq!(parse_position(&words("startpos moves"), CastlingMode::Standard), Ok(GamePosition::start()));
    }

    #[test]
    fn position_from_fen_with_or_without_clocks() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let game = parse_position(&words(&format!("fen {fen} moves e1g1")), CastlingMode::Standard).unwrap();
        assert_eq!(game.position.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        assert_eq!(game.history.len(), 1);
        let short = parse_position(&words("fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"), CastlingMode::Chess960).unwrap();
        assert_eq!(short.position.to_fen(), fen);
        assert!(short.position.castling_mode().is_chess960());
    }

    #[test]
    fn position_errors_name_the_problem() {
        let standard = CastlingMode::Standard;
        let error = parse_position(&words("startpos moves e2e4 e7e5 e1e3"), standard).unwrap_err();
        assert!(error.starts_with("move 3 (e1e3): illegal move e1e3 in this position"), "{error}");
        let error = parse_position(&words("startpos moves e2e4 xyz"), standard).unwrap_err();
        assert!(error.starts_with("move 2 (xyz): UCI move must have 4 or 5 characters"), "{error}");
        let error = parse_position(&words("fen 8/8/8 w - - 0 1"), standard).unwrap_err();
        assert!(error.starts_with("bad FEN '8/8/8 w - - 0 1': "), "{error}");
        let usage = "position needs 'startpos' or 'fen <FEN>', then 'moves ...' if any";
        for args in ["", "fen", "fen moves e2e4", "moves e2e4", "startpos e2e4", "start"] {
            assert_eq!(parse_position(&words(args), standard), Err(usage.to_string()), "{args}");
        }
    }

    #[test]
    fn go_reads_every_limit() {
        let (go, problems) =
            read_go("wtime 60000 btime 59000 winc 1000 binc 500 movestogo 20 depth 9 nodes 50000 movetime 800");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            go.limits,
            SearchLimits {
                depth: Some(9),
                nodes: Some(50_000),
                move_time: Some(Duration::from_millis(800)),
                clock: Some(GameClock {
                    white_time: Duration::from_secs(60),
                    black_time: Duration::from_secs(59),
                    white_increment: Duration::from_secs(1),
                    black_increment: Duration::from_millis(500),
                    moves_to_go: Some(20),
                }),
                ..SearchLimits::default()
            }
        );
        assert!(go.limits.is_bounded() && !go.ponder);
        let (go, _) = read_go("ponder infinite mate 3");
        assert!(go.ponder && go.limits.infinite);
        assert_eq!(go.limits.mate, Some(3));
    }

    #[test]
    fn go_without_a_bound() {
        for args in ["", "ponder", "searchmoves e2e4", "winc 100 binc 100"] {
            let (go, problems) = read_go(args);
            assert!(!go.limits.is_bounded(), "{args}");
            assert!(problems.is_empty(), "{args}: {problems:?}");
        }
    }

    #[test]
    fn go_searchmoves_run_to_the_next_keyword() {
        let (go, problems) = read_go("searchmoves e2e4 g1f3 e2e5 depth 2");
        let pos = Position::new();
        assert_eq!(go.limits.root_moves, [pos.parse_uci("e2e4").unwrap(), pos.parse_uci("g1f3").unwrap()]);
        assert_eq!(go.limits.depth, Some(2));
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("searchmoves: illegal move e2e5 in this position"), "{problems:?}");
    }

    #[test]
    fn go_skips_what_it_cannot_read() {
        let (go, problems) = read_go("depth x nodes -5 mate 0 wtime -300 btime 2000 fast movetime");
        assert_eq!(
            problems,
            [
                "go: depth needs a whole number, not 'x'",
                "go: nodes needs a whole number, not '-5'",
                "go: mate needs at least 1 move",
                "go: unknown word 'fast'",
                "go: movetime needs a value",
            ]
        );
        assert_eq!(go.limits.depth, None);
        assert_eq!(go.limits.mate, None);
        let clock = go.limits.clock.unwrap();
        assert_eq!((clock.white_time, clock.black_time), (Duration::ZERO, Duration::from_secs(2)));
        let (huge, _) = read_go("mate 4000000000");
        assert_eq!(huge.limits.mate, Some(MAX_MATE));
    }
}
