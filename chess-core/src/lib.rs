//! Chess rules for Rust: positions, legal moves, FEN/EPD, SAN, UCI, Chess960,
//! Polyglot-compatible Zobrist keys and perft.
//!
//! The crate is `#![no_std]`; the rules (positions, moves, FEN, SAN, UCI, perft, reasons)
//! need no feature. Features, all but `serde` on by default:
//! - `std`: implies `alloc`; time limits of the search, I/O sources for the PGN reader.
//! - `alloc`: [`Game`] (history, undo, rules and outcome), PGN reading and writing ([`pgn`],
//!   with [`pgn::PgnGame::from_game`] to write a game), EPD records, Polyglot opening books
//!   ([`book`]; with `std`, read from a file), and `String`-returning helpers such as
//!   [`Position::to_fen`].
//! - `search` (implies `alloc`): the computer player (`search`: levels from Beginner to
//!   Master, hints). It needs pointer-sized atomics (`Arc<AtomicBool>` stops a search), which
//!   every target with an allocator and threads has (thumbv7em does; thumbv6m does not).
//!   Time limits need `std` or a clock set with `search::Searcher::set_clock`.
//! - `rating`: the casual site's points table and Elo (`rating`).
//! - `text`: words in languages other than English ([`Lang`], `text(lang)` on reasons,
//!   descriptions, levels and hints). Without it, everything still displays in English.
//! - `syzygy` (implies `std`): probing Syzygy endgame tablebases (`syzygy`: win/draw/loss,
//!   distance to zeroing, the best moves by them), with no further dependency.
//! - `serde`: [`Square`], [`Move`] (as UCI text) and [`Position`] (as FEN and castling mode)
//!   serialise, and with `alloc` so do `Game` (to save a game and go on later) and `Rules`.
//!
//! # Examples
//!
//! ```
//! use chess_core::{perft, Bitboard, CastlingChoice, CastlingMode, Position, Square};
//!
//! // Parse a position, list and play its legal moves, write it back.
//! let mut pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
//! assert_eq!(pos.legal_moves().len(), 27);
//! let bb5 = pos.parse_san("Bb5")?;
//! assert_eq!(pos.san(bb5).to_string(), "Bb5");
//! pos.play(bb5)?;
//! assert_eq!(pos.to_fen(), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
//! assert_eq!(pos.legal_moves_masked(Square::G8, Bitboard::FULL).len(), 3);
//! assert_eq!(perft::perft(&Position::new(), 4), Ok(197_281));
//!
//! // A FEN reads as standard chess: castling rights that only Chess960 allows (the king on
//! // f1) are an error naming them. The castling mode can be chosen by the rights instead.
//! let fen = "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
//! let error = fen.parse::<Position>().unwrap_err();
//! assert!(error.to_string().contains("castling field"));
//! let pos = Position::from_fen_with(fen, CastlingChoice::Automatic)?;
//! assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The main types: [`Position`] (a legal position that moves can be played in), [`Move`]
//! (two bytes), [`MoveList`] (a list on the stack), [`Bitboard`] (a set of squares),
//! [`Setup`] (a position before validation), [`FreePosition`] (moves on any setup, legal
//! position or not, with python-chess's rules), and the notations [`San`], [`UciMove`],
//! [`Fen`] and [`Epd`]. For interfaces: [`Position::resolve_move`] turns squares into the legal
//! move they mean or says why there is none ([`IllegalMoveReason`]), [`Position::describe`] puts a move into English or Chinese words,
//! [`SanStyle`] and [`MoveText`] write SAN and move lists in book style, and [`rating`] holds
//! the casual points table and Elo. [`search::Searcher`] plays a move at a
//! [`search::Level`] or within [`search::SearchLimits`], and [`search::hint`] suggests one.

#![no_std]
#![warn(missing_docs)]
// Three `unsafe` blocks, each allowed where it stands: `pgn::PgnText::as_str`, and the calls
// of the two SSE2 byte scans in `pgn::scan` on x86_64.
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod any_position;
pub mod attacks;
mod bitboard;
mod board;
#[cfg(feature = "alloc")]
pub mod book;
mod castling;
mod chess960;
mod color;
mod describe;
#[cfg(feature = "alloc")]
mod epd;
mod error;
mod explain;
mod fen;
mod free;
#[cfg(feature = "alloc")]
mod game;
mod move_order;
mod movegen;
mod moves;
mod parse_move;
pub mod perft;
#[cfg(feature = "alloc")]
pub mod pgn;
mod piece;
mod playable;
mod position;
#[cfg(feature = "rating")]
pub mod rating;
mod san;
mod san_style;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "serde")]
mod serde_text;
mod setup;
mod square;
#[cfg(feature = "syzygy")]
pub mod syzygy;
mod text;
mod uci;
mod zobrist;
mod zobrist_table;

pub use any_position::AnyPosition;
pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use castling::{CastlingChoice, CastlingMode, CastlingSide};
pub use color::Color;
pub use describe::{CheckKind, Description};
#[cfg(feature = "alloc")]
pub use epd::{Epd, EpdError};
pub use error::{CodedError, ErrorCode};
pub use explain::{IllegalMoveKind, IllegalMoveReason};
pub use fen::{Fen, FenError};
pub use free::FreePosition;
#[cfg(feature = "alloc")]
pub use game::{
    Event, EventError, EventKind, Game, Judging, Outcome, ParseEventKindError, PushError, Rules, Standing, Tally,
    Termination,
};
pub use moves::{InvalidMoveEncoding, MAX_LEGAL_MOVES, Move, MoveList};
pub use parse_move::ParseMoveError;
pub use piece::{Piece, Role};
pub use playable::Playable;
pub use position::{IllegalMoveError, NotStandardCastling, Position};
pub use san::{Lan, ParseSanError, ParseSanErrorKind, San, SanError, SanPlus, Suffix};
pub use san_style::{MoveListStyle, MoveText, SanStyle, StyledSan};
pub use setup::{PositionError, Problem, Problems, Setup, Validation};
pub use square::{File, ParseSquareError, Rank, Square};
#[cfg(feature = "text")]
pub use text::{Lang, Text, Words};
pub use uci::{ParseUciError, UciError, UciMove};

/// The README's Rust blocks, compiled and run as doc tests. The endgame tablebases' block
/// needs the `syzygy` feature and python-chess's tables (`PYTHON_CHESS_SRC`, as the test
/// command sets it): its hidden lines skip the probes without them.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The crate page's example (`chess-core/README.md`), run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
