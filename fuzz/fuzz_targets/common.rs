//! Helpers shared by the fuzz targets: a position chosen by the input, PGN read and checked.
#![allow(dead_code)]

use chess_core::pgn::{PgnGame, PgnReader};
use chess_core::{CastlingChoice, CastlingMode, Position, Validation};

/// Positions the targets start from when the input does not give a FEN of its own.
pub const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "7k/8/8/8/8/8/8/K7 w - - 99 80",
];

/// Splits the input at its first newline: a FEN (read strictly, then relaxed, in either
/// castling mode) or, failing that, a seed chosen by the first byte; and the rest.
pub fn position_and_rest(data: &[u8]) -> (Position, &[u8]) {
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[][..], data),
    };
    if let Ok(text) = core::str::from_utf8(head) {
        for validation in
            [Validation::strict(), Validation::relaxed(), Validation::relaxed().castling(CastlingMode::Chess960)]
        {
            if let Ok(pos) = Position::from_fen_with(text, validation) {
                return (pos, rest);
            }
        }
    }
    let index = head.first().or(rest.first()).map_or(0, |&b| usize::from(b) % SEEDS.len());
    // The castling mode by the castling rights: one seed is a Chess960 position.
    (Position::from_fen_with(SEEDS[index], Validation::relaxed().castling(CastlingChoice::Automatic)).unwrap(), rest)
}

/// Writes a game read from PGN and reads it back: exactly one game, with the same start
/// position, moves (variations, comments and NAGs included) and every tag.
pub fn check_round_trip(game: &PgnGame) {
    let written = game.to_string();
    let mut reader = PgnReader::from_text(&written);
    let again = reader
        .next()
        .expect("a written game reads as one game")
        .unwrap_or_else(|e| panic!("written game does not read back: {e}\n{written}"));
    assert_eq!(again.start, game.start, "{written}");
    assert_eq!(again.moves, game.moves, "{written}");
    for (name, value) in &game.tags {
        assert!(again.tags.iter().any(|(n, v)| n == name && v == value), "tag {name} {value:?} lost\n{written}");
    }
    assert!(reader.next().is_none(), "one game written, more read back\n{written}");
}

/// Reads every game of `data`: the reader advances, and each game read writes and reads back
/// ([`check_round_trip`]). Returns the games, errors as text.
pub fn read_checked(data: &[u8]) -> Vec<Result<PgnGame, String>> {
    let mut games = Vec::new();
    for result in PgnReader::new(data) {
        assert!(games.len() <= data.len(), "the reader does not advance");
        if let Ok(game) = &result {
            check_round_trip(game);
        }
        games.push(result.map_err(|e| e.to_string()));
    }
    games
}

/// Reads only the tags of every game of `data`, from memory and through a reader that hands
/// over `capacity` bytes at a time: the same games, tags and errors (lines and columns
/// included) whichever way the text comes in blocks.
pub fn headers_agree(data: &[u8], capacity: usize) {
    let headers = |mut reader: PgnReader<_>| {
        let mut found = Vec::new();
        while let Some(read) = reader.read_headers() {
            assert!(found.len() <= data.len(), "the headers scan does not advance");
            found.push(read.map(|headers| headers.tags).map_err(|e| e.to_string()));
        }
        found
    };
    let whole = headers(PgnReader::new(std::io::BufReader::with_capacity(1 << 16, data)));
    let pieces = headers(PgnReader::new(std::io::BufReader::with_capacity(capacity, data)));
    assert_eq!(whole, pieces, "read {capacity} bytes at a time");
}
