//! PGN (Portable Game Notation): reading games from a stream and writing them back.
//!
//! The reader is lenient where real files need it: a UTF-8 byte-order mark, empty lines in
//! the tag section, move numbers with or without a space (`1.Nf3`, `1... e5`, `1. ... Ba5`),
//! SAN as people write it (`0-0`, `exd6 e.p.`, `e8Q`) and UCI coordinates (`g1f3`), `{}` and
//! `;` comments, `%` escape lines, NAGs (`$1`, and `!`, `?`, `!!`, `??`, `!?`, `?!` read as
//! 1 to 6), nested variations (kept as a tree or skipped), null moves (`--`, `Z0`, `0000`,
//! `@@@@`, legal when not in check, stored as [`Move::NULL`](crate::Move::NULL) and written
//! as `--`), `SetUp`/`FEN` tags and Chess960 (`Variant` tag, X-FEN or Shredder-FEN castling;
//! a `FEN` whose castling rights only fit Chess960 is read as Chess960 without a `Variant`
//! tag). It reads a block of whole lines at a time, so a large file never sits in memory
//! whole. Each game comes as a `Result`: an error names the game, line and column, carries the
//! game as far as it was read ([`PgnError::partial`]), and the reader goes on with the next
//! game. [`PgnReader::read_headers`] and [`PgnReader::skip_game`] pass over a game's movetext
//! without reading its moves.
//!
//! Two layers, one lexer: [`PgnReader::visit`] streams each game's tags and checked moves to a
//! [`Visitor`] without building anything (comments and variations it does not ask for are
//! passed over by the lexer, not read) and returns what the visitor makes of the game; a
//! visitor may skip the rest of a game or stop reading ([`Break`]). The [`Iterator`] of
//! [`PgnGame`]s is built on it by a visitor that keeps everything, and the headers-only scan
//! and `skip_game` by visitors that skip.
//!
//! Comments are kept with each run of whitespace shown as one space, so that writing them
//! wrapped and reading them back gives the same text. Comments and tags are [`PgnText`]s,
//! which read as `&str` and keep short text (a clock comment, most tags) without an
//! allocation of its own.
//!
//! The annotations chess programs write inside comments (`[%clk]`, `[%emt]`, `[%eval]`,
//! `[%csl]`, `[%cal]`) are read, set and removed by [`annotation`], and the `TimeControl` tag
//! is read by [`TimeControl::parse`], both exactly as python-chess 1.11.2 does.
//!
//! The writer puts the seven-tag roster first, then `SetUp` and `FEN` made from the start
//! position (the one source of truth for them), then the other tags, and wraps the movetext
//! at 80 columns without splitting a token (tag lines are not wrapped).
//! [`PgnGame::from_game`] turns a [`Game`](crate::Game) into a record to write, with its
//! result and a standard `Termination` tag; [`PgnGame::to_game`] turns a record back into a
//! game that records past its end.
//!
//! # Examples
//!
//! ```
//! use chess_core::pgn::{PgnReader, PgnResult};
//!
//! let text = r#"[Event "Casual"]
//! [White "Anna"]
//! [Black "Ben"]
//! [Result "0-1"]
//!
//! 1. f3 e5 2. g4?? {a blunder} (2. e4) 2... Qh4# 0-1
//!
//! [Event "Casual"]
//!
//! 1. e4 Nf6 2. Qh5 Nxh5 3. Kf7 *
//! "#;
//! let mut games = PgnReader::from_text(text);
//! let first = games.next().unwrap()?;
//! assert_eq!(first.tag("White"), Some("Anna"));
//! assert_eq!(first.moves.len(), 4);
//! assert_eq!(first.moves[2].nags, [4]);
//! assert_eq!(first.moves[2].comment.as_deref(), Some("a blunder"));
//! assert_eq!(first.moves[2].variations.len(), 1);
//! assert!(first.end_position()?.is_checkmate());
//! assert_eq!(first.result, PgnResult::BlackWins);
//!
//! let error = games.next().unwrap().unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "illegal move Kf7 in this position: a king does not move from e1 to f7 at game 2, line 10, column 26"
//! );
//! // The game as far as it was read comes with the error.
//! assert_eq!(error.partial.as_ref().unwrap().moves.len(), 4);
//! assert!(games.next().is_none());
//!
//! // Writing: the seven-tag roster first, movetext wrapped at 80 columns.
//! assert_eq!(
//!     first.to_pgn(),
//!     r#"[Event "Casual"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "Anna"]
//! [Black "Ben"]
//! [Result "0-1"]
//!
//! 1. f3 e5 2. g4 $4 {a blunder} (2. e4) 2... Qh4# 0-1
//! "#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Streaming from a file, skipping variations:
//!
//! ```no_run
//! use std::{fs::File, io::BufReader};
//! use chess_core::pgn::{PgnReader, Variations};
//!
//! let reader = PgnReader::new(BufReader::new(File::open("games.pgn")?)).variations(Variations::Skip);
//! for game in reader {
//!     match game {
//!         Ok(game) => println!("{} plies", game.moves.len()),
//!         Err(error) => eprintln!("{error}"),
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod annotation;
mod buffer;
mod error;
mod export;
mod from_game;
mod lexer;
mod lines;
mod model;
mod python_text;
mod reader;
mod scan;
mod text;
mod time_control;
mod tree;
mod visitor;
mod writer;

pub use annotation::{Arrow, ArrowColor, Eval, EvalScore, InfiniteTimeError};
pub use buffer::LineSource;
pub use error::{PgnError, PgnErrorKind};
pub use export::{ExportOptions, Exporter};
pub use from_game::{FromGameOptions, ToGameError};
pub use lines::{GameLines, LineKind};
pub use model::{PgnGame, PgnHeaders, PgnMove, PgnResult, PgnVariation, SEVEN_TAG_ROSTER};
pub use reader::{MAX_VARIATION_DEPTH, PgnReader, Variations};
pub use text::PgnText;
pub use time_control::{TimeControl, TimeControlError, TimeControlKind, TimeControlPart};
pub use tree::{GameTree, NodeId, Step, TreeBuilder, TreeNode, Walk};
pub use visitor::{Break, CommentText, Variation, Visitor};
pub use writer::MAX_LINE;
