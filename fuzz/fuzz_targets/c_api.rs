//! chess-c's C ABI driven from Rust the way a careless C caller may: the input chooses a
//! sequence of calls on a few position, game and searcher handles, with arbitrary strings
//! (invalid UTF-8, embedded NULs, strings given by pointer and exact length), NULL pointers,
//! arbitrary integers and buffer sizes (0, 1, short, exact, one more, long). Every buffer is a
//! heap block of exactly the size passed, so AddressSanitizer sees any access past it.
//!
//! Checked, after every call (the contract at the top of `chess-c/include/chess.h`): a status
//! that is never `CHESS_ERR_PANIC`; a failure's message starts with the function's name and a
//! success leaves the last message alone; a failure leaves the out-parameters untouched (the
//! length of a string excepted); a NULL required argument is `CHESS_ERR_NULL_ARGUMENT`; a
//! string is written only into a buffer that holds it and its NUL, with nothing written past
//! the NUL and the length reported equal to the text's, otherwise the buffer is untouched and
//! the status is `CHESS_ERR_BUFFER_TOO_SMALL`; the same for move and piece lists. And some
//! consistency between calls: the listed moves are counted, legal, and their SAN and UCI read
//! back to them; a written FEN or save reads back to the same; a failed move changes nothing;
//! a search's best move is legal.
#![no_main]

#[path = "common.rs"]
mod common;

use core::ffi::{c_char, c_int, c_void};
use core::ptr::{null, null_mut};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use chess_c::chess_status::{self, *};
use chess_c::*;
use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

/// What a caller's buffer holds before a call: a byte the library never writes.
const SENTINEL: u8 = 0xA5;
/// What an out-parameter move holds before a call: 0xFFFF encodes no move (kind 15).
const NO_MOVE: chess_move = 0xFFFF;
/// At most this many live handles of each kind.
const MAX_HANDLES: usize = 6;

/// Short texts a C caller passes: moves in every notation, broken ones, PGN and FEN pieces.
const TOKENS: &[&str] = &[
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "0-0",
    "e8=Q",
    "exd6",
    "exd6 e.p.",
    "Nbd7",
    "R1a3",
    "Kxh8#",
    "e2e4",
    "e1g1",
    "e1h1",
    "a7a8q",
    "a7a8",
    "0000",
    "--",
    "",
    " ",
    "Z0",
    "Qh4+",
    "e4!?",
    "P@e4",
    "h9",
    "\u{a0}e4",
    "e4\n",
];
/// PGN texts: tags, comments, variations, results, escapes, a game that ends in mate.
const PGN: &[&str] = &[
    "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    "1. f3 e5 2. g4 Qh4# 0-1",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O {castles} (1. Rh8+ Kd7) 1-0",
    "1. e4 (1. d4 {a} (1. c4 $1)) e5 {\u{2028}} ; rest\n% escape\n2. Nf3 *",
    "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. O-O *",
    "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 1/2-1/2",
    "{unterminated",
];

/// The size of the shared searcher's table in MiB, as last set (0 before it is made: 16).
static HASH_MB: AtomicUsize = AtomicUsize::new(0);

/// The handles of one run and the input that drives it.
struct Driver<'a> {
    u: Unstructured<'a>,
    positions: Vec<*mut chess_position>,
    games: Vec<*mut chess_game>,
    /// The shared searcher ([`Driver::shared_searcher`]) or NULL.
    searcher: *mut chess_searcher,
    /// The message `chess_last_error_message` must give now.
    last_error: String,
}

impl Drop for Driver<'_> {
    fn drop(&mut self) {
        // SAFETY: live handles made by the library, each freed once.
        unsafe {
            self.positions.drain(..).for_each(|p| chess_position_free(p));
            self.games.drain(..).for_each(|g| chess_game_free(g));
        }
    }
}

/// A caller's string: exactly its bytes (for the `_n` functions) or its bytes and a NUL, in a
/// heap block of exactly that size.
fn block(bytes: &[u8], nul: bool) -> Box<[u8]> {
    let mut v = bytes.to_vec();
    if nul {
        v.push(0);
    }
    v.into_boxed_slice()
}

impl Driver<'_> {
    fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// An integer a C caller might pass: small, the edges of the type, or any.
    fn int(&mut self) -> c_int {
        match self.byte() % 4 {
            0 => c_int::from(self.byte() % 8) - 1,
            1 => [c_int::MIN, c_int::MAX, -1, 64, 65, 255, 256][usize::from(self.byte()) % 7],
            2 => c_int::from(self.byte()),
            _ => self.u.arbitrary().unwrap_or(0),
        }
    }

    /// One of our live handles, or NULL now and then (never a freed or made-up pointer).
    fn pick<T>(&mut self, handles: &[*mut T]) -> *mut T {
        let b = self.byte();
        if b % 16 == 15 || handles.is_empty() { null_mut() } else { handles[usize::from(b / 16) % handles.len()] }
    }

    fn position(&mut self) -> *mut chess_position {
        let handles = self.positions.clone();
        self.pick(&handles)
    }

    fn game(&mut self) -> *mut chess_game {
        let handles = self.games.clone();
        self.pick(&handles)
    }

    /// An out-parameter's address, or NULL one time in eight.
    fn out<T>(&mut self, slot: &mut T) -> *mut T {
        if self.byte() % 8 == 7 { null_mut() } else { slot }
    }

    /// The text of the last failure, through the size-asking protocol.
    fn last_error_message(&mut self) -> String {
        let mut len = usize::MAX;
        // SAFETY: NULL buffer, valid length slot.
        let status = unsafe { chess_last_error_message(null_mut(), 0, &mut len) };
        assert_eq!(status, CHESS_ERR_BUFFER_TOO_SMALL);
        let mut buf = vec![SENTINEL; len + 1].into_boxed_slice();
        // SAFETY: a buffer of the size given.
        let status = unsafe { chess_last_error_message(buf.as_mut_ptr().cast(), buf.len(), null_mut()) };
        assert_eq!(status, CHESS_OK);
        assert_eq!(buf[len], 0);
        String::from_utf8(buf[..len].to_vec()).expect("the last error message is UTF-8")
    }

    /// Checks a call's status against the error-message contract, and returns it.
    fn check(&mut self, function: &str, status: chess_status) -> chess_status {
        let message = self.last_error_message();
        assert_ne!(status, CHESS_ERR_PANIC, "{message}");
        assert!(chess_status::ALL.contains(&status));
        // chess_last_error_message keeps the message even when it fails.
        if status == CHESS_OK || function == "chess_last_error_message" {
            assert_eq!(message, self.last_error, "{function} succeeded and changed the last error message");
        } else {
            assert!(
                message.strip_prefix(function).is_some_and(|rest| rest.starts_with(": ") && rest.len() > 2),
                "{function} failed with {status:?}, message {message:?}"
            );
            self.last_error = message;
        }
        status
    }

    /// A text a C caller might pass: any bytes, a FEN, a move (often a legal one), a token, a
    /// PGN, a saved game, each maybe cut short or with a stray byte (NUL, invalid UTF-8).
    fn text(&mut self) -> Vec<u8> {
        let mut text = match self.byte() % 8 {
            0 | 1 => {
                let n = usize::from(self.byte()).min(self.u.len());
                self.u.bytes(n).unwrap_or_default().to_vec()
            }
            2 => common::SEEDS[usize::from(self.byte()) % common::SEEDS.len()].as_bytes().to_vec(),
            3 | 4 => {
                let pos = self.position();
                let m = self.legal_move(pos);
                let notation = self.byte() % 3;
                // SAFETY: `pos` is NULL or live; the closure passes valid buffers.
                let written = self.string_out(
                    ["chess_position_san", "chess_position_uci", "chess_position_lan"][usize::from(notation)],
                    |buf, cap, len| unsafe {
                        match notation {
                            0 => chess_position_san(pos, m, buf, cap, len),
                            1 => chess_position_uci(pos, m, buf, cap, len),
                            _ => chess_position_lan(pos, m, buf, cap, len),
                        }
                    },
                );
                written.unwrap_or_default().into_bytes()
            }
            5 => TOKENS[usize::from(self.byte()) % TOKENS.len()].as_bytes().to_vec(),
            6 => PGN[usize::from(self.byte()) % PGN.len()].as_bytes().to_vec(),
            _ => {
                let game = self.game();
                // SAFETY: `game` is NULL or live.
                let save =
                    self.string_out("chess_game_save", |buf, cap, len| unsafe { chess_game_save(game, buf, cap, len) });
                save.unwrap_or_default().into_bytes()
            }
        };
        match self.byte() % 8 {
            0 if !text.is_empty() => {
                let at = usize::from(self.byte()) % text.len();
                text.truncate(at);
            }
            1 => {
                let at = usize::from(self.byte()) % (text.len() + 1);
                let stray = [0, 0xFF, 0xC3, 0x80, b' ', b'\n', b'}', b'"'][usize::from(self.byte() % 8)];
                text.insert(at, stray);
            }
            _ => {}
        }
        text
    }

    /// The searcher all inputs share, made by `chess_searcher_new` on first use, and set back
    /// for each input to level 1, a 1 MiB table and nothing learnt.
    fn shared_searcher(&mut self) -> *mut chess_searcher {
        static SHARED: OnceLock<usize> = OnceLock::new();
        let address = *SHARED.get_or_init(|| {
            let mut searcher = null_mut();
            assert_eq!(unsafe { chess_searcher_new(&mut searcher) }, CHESS_OK);
            searcher as usize
        });
        let searcher = address as *mut chess_searcher;
        // A new table only when an input changed its size (making one is most of the cost).
        if HASH_MB.swap(1, Ordering::Relaxed) != 1 {
            let status = unsafe { chess_searcher_set_hash_size(searcher, 1, null_mut()) };
            assert_eq!(self.check("chess_searcher_set_hash_size", status), CHESS_OK);
        }
        let status = unsafe { chess_searcher_set_level(searcher, 1) };
        assert_eq!(self.check("chess_searcher_set_level", status), CHESS_OK);
        let status = unsafe { chess_searcher_new_game(searcher) };
        assert_eq!(self.check("chess_searcher_new_game", status), CHESS_OK);
        searcher
    }

    /// A move for `pos`: a legal one (listed by the library) or any 16 bits.
    fn legal_move(&mut self, pos: *const chess_position) -> chess_move {
        if self.flag() {
            return self.u.arbitrary().unwrap_or(0);
        }
        let moves = self.moves_of(pos);
        if moves.is_empty() { CHESS_MOVE_NULL } else { moves[usize::from(self.byte()) % moves.len()] }
    }

    /// The legal moves of `pos` (none for NULL), through a buffer that always suffices.
    fn moves_of(&mut self, pos: *const chess_position) -> Vec<chess_move> {
        let mut moves = vec![NO_MOVE; CHESS_MAX_LEGAL_MOVES];
        let mut count = usize::MAX;
        // SAFETY: `pos` is NULL or live; the buffer holds CHESS_MAX_LEGAL_MOVES moves.
        let status = unsafe { chess_position_legal_moves(pos, moves.as_mut_ptr(), moves.len(), &mut count) };
        if self.check("chess_position_legal_moves", status) != CHESS_OK {
            assert!(pos.is_null() && status == CHESS_ERR_NULL_ARGUMENT);
            return Vec::new();
        }
        assert!(moves[count..].iter().all(|&m| m == NO_MOVE), "moves written past the count");
        moves.truncate(count);
        moves
    }

    /// A move for the current position of `game`.
    fn game_move(&mut self, game: *const chess_game) -> chess_move {
        let pos = self.game_position(game);
        let m = self.legal_move(pos);
        // SAFETY: made by the library or NULL.
        unsafe { chess_position_free(pos) };
        m
    }

    /// A copy of the game's current position (NULL for a NULL game); the caller frees it.
    fn game_position(&mut self, game: *const chess_game) -> *mut chess_position {
        let mut pos = null_mut();
        // SAFETY: `game` is NULL or live.
        let status = unsafe { chess_game_position(game, &mut pos) };
        self.check("chess_game_position", status);
        assert_eq!(status == CHESS_OK, !game.is_null());
        pos
    }

    /// The number of moves of a game (None for a NULL game).
    fn move_count(&mut self, game: *const chess_game) -> Option<usize> {
        let mut count = usize::MAX;
        let status = self.check("chess_game_move_count", unsafe { chess_game_move_count(game, &mut count) });
        assert_eq!(status == CHESS_OK, !game.is_null());
        (status == CHESS_OK).then_some(count)
    }

    /// Calls a string-writing function as a C caller does: first with a NULL buffer to learn
    /// the length, then with a buffer of some size (too small, exact, larger). Returns the text
    /// when the second call wrote it.
    fn string_out(
        &mut self,
        function: &str,
        mut call: impl FnMut(*mut c_char, usize, *mut usize) -> chess_status,
    ) -> Option<String> {
        let mut len = usize::MAX;
        let capacity = usize::from(self.byte());
        let status = self.check(function, call(null_mut(), capacity, &mut len));
        if status != CHESS_ERR_BUFFER_TOO_SMALL {
            assert_ne!(status, CHESS_OK, "{function} succeeded with a NULL buffer");
            assert_eq!(len, usize::MAX, "{function} failed with {status:?} and wrote a length");
            return None;
        }
        let needed = len;
        assert!(needed < 1 << 24, "{function}: {needed} bytes");
        let capacity = match self.byte() % 6 {
            0 => 0,
            1 => 1,
            2 => needed / 2,
            3 => needed,
            4 => needed + 1,
            _ => needed + 1 + usize::from(self.byte()),
        };
        let mut buf = vec![SENTINEL; capacity].into_boxed_slice();
        let mut len = usize::MAX;
        let out_len = self.out(&mut len);
        let status = self.check(function, call(buf.as_mut_ptr().cast(), capacity, out_len));
        if !out_len.is_null() {
            assert_eq!(len, needed, "{function}: the length changed between two calls");
        }
        if capacity <= needed {
            assert_eq!(status, CHESS_ERR_BUFFER_TOO_SMALL, "{function}: {capacity} bytes for {needed}");
            assert!(buf.iter().all(|&b| b == SENTINEL), "{function} wrote into a buffer too small");
            return None;
        }
        assert_eq!(status, CHESS_OK, "{function}: {capacity} bytes for {needed}");
        assert_eq!(buf[needed], 0, "{function}: no NUL after the text");
        assert!(buf[needed + 1..].iter().all(|&b| b == SENTINEL), "{function} wrote past its NUL");
        let text = &buf[..needed];
        assert!(!text.contains(&0), "{function} wrote a NUL inside the text {text:?}");
        Some(String::from_utf8(text.to_vec()).expect("a string out is UTF-8"))
    }

    /// Keeps a new handle (freeing the oldest past `MAX_HANDLES`).
    fn keep_position(&mut self, pos: *mut chess_position) {
        self.positions.push(pos);
        if self.positions.len() > MAX_HANDLES {
            // SAFETY: a live handle, dropped from the list.
            unsafe { chess_position_free(self.positions.remove(0)) };
        }
    }

    fn keep_game(&mut self, game: *mut chess_game) {
        self.games.push(game);
        if self.games.len() > MAX_HANDLES {
            // SAFETY: a live handle, dropped from the list.
            unsafe { chess_game_free(self.games.remove(0)) };
        }
    }

    /// Runs a handle-making call with a sentinel in the out slot (or a NULL slot): the slot
    /// is written exactly on success. Returns the handle made, or the status.
    fn make<T>(
        &mut self,
        function: &str,
        call: impl FnOnce(*mut *mut T) -> chess_status,
    ) -> Result<*mut T, chess_status> {
        let sentinel = core::ptr::dangling_mut::<T>();
        let mut slot = sentinel;
        let out = self.out(&mut slot);
        let status = self.check(function, call(out));
        if out.is_null() {
            assert_eq!(status, CHESS_ERR_NULL_ARGUMENT, "{function} with a NULL out");
            return Err(status);
        }
        if status == CHESS_OK {
            assert!(slot != sentinel && !slot.is_null());
            Ok(slot)
        } else {
            assert_eq!(slot, sentinel, "{function} failed with {status:?} and wrote its out-parameter");
            Err(status)
        }
    }

    /// The FEN of a position, which must be written (the position is live).
    fn fen(&mut self, pos: *const chess_position) -> String {
        let mut buf = [0u8; 128];
        let mut len = 0;
        // SAFETY: a live position and a buffer of 128 bytes (a FEN is at most ~90).
        let status = unsafe { chess_position_to_fen(pos, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
        assert_eq!(self.check("chess_position_to_fen", status), CHESS_OK);
        String::from_utf8(buf[..len].to_vec()).unwrap()
    }

    /// One call (or a few that belong together), chosen by the next byte.
    fn step(&mut self) {
        match self.byte() % 26 {
            0 => {
                // SAFETY (every call below): each pointer is NULL, one of our live handles, or
                // a local of the size passed.
                if let Ok(p) = self.make("chess_position_new", |out| unsafe { chess_position_new(out) }) {
                    self.keep_position(p);
                }
            }
            1 | 2 => self.read_fen(),
            3 => {
                let src = self.position();
                if let Ok(p) = self.make("chess_position_clone", |out| unsafe { chess_position_clone(src, out) }) {
                    assert_eq!(self.fen(p), self.fen(src));
                    self.keep_position(p);
                }
            }
            4 => {
                let (dst, src) = (self.position(), self.position());
                let status = self.check("chess_position_assign", unsafe { chess_position_assign(dst, src) });
                assert_eq!(status == CHESS_OK, !dst.is_null() && !src.is_null());
                if status == CHESS_OK {
                    assert_eq!(self.fen(dst), self.fen(src));
                }
            }
            5 => {
                if self.flag() && !self.positions.is_empty() {
                    let i = usize::from(self.byte()) % self.positions.len();
                    unsafe { chess_position_free(self.positions.remove(i)) };
                } else {
                    unsafe { chess_position_free(null_mut()) };
                }
            }
            6 => {
                let pos = self.position();
                if let Some(fen) =
                    self.string_out("chess_position_to_fen", |b, c, l| unsafe { chess_position_to_fen(pos, b, c, l) })
                {
                    self.reads_back(&fen);
                }
            }
            7 => self.query(),
            8 => self.list_moves(),
            9 => self.move_strings(),
            10 | 11 => self.play(),
            12 => {
                let pos = self.position();
                let depth = match self.byte() % 4 {
                    0 => 65 + u32::from(self.byte()),
                    1 => u32::MAX,
                    _ => u32::from(self.byte() % 3),
                };
                let mut nodes = u64::MAX;
                let out = self.out(&mut nodes);
                let status = self.check("chess_position_perft", unsafe { chess_position_perft(pos, depth, out) });
                if depth > 64 && !pos.is_null() && !out.is_null() {
                    assert_eq!(status, CHESS_ERR_DEPTH_TOO_LARGE);
                }
                if status == CHESS_OK && depth == 1 {
                    assert_eq!(nodes as usize, self.moves_of(pos).len());
                }
            }
            13 | 14 => self.new_game(),
            15 => {
                if self.flag() && !self.games.is_empty() {
                    let i = usize::from(self.byte()) % self.games.len();
                    unsafe { chess_game_free(self.games.remove(i)) };
                } else {
                    unsafe { chess_game_free(null_mut()) };
                }
            }
            16 => self.game_strings(),
            17 | 18 => self.push(),
            19 => self.game_query(),
            20 => self.event(),
            21 => self.searcher_setup(),
            22 => self.search(),
            _ => {
                let status = self.int();
                // SAFETY: static strings.
                let name = unsafe { core::ffi::CStr::from_ptr(chess_status_str(status)) }.to_str().unwrap();
                let known = chess_status::ALL.iter().find(|s| **s as c_int == status);
                assert_eq!(name, known.map_or("unknown_status", |s| s.name().to_str().unwrap()));
                let version = unsafe { core::ffi::CStr::from_ptr(chess_version()) };
                assert!(!version.is_empty());
                self.string_out("chess_last_error_message", |b, c, l| unsafe { chess_last_error_message(b, c, l) });
            }
        }
    }

    /// A FEN written by the library reads back (relaxed, either castling notation) to itself.
    fn reads_back(&mut self, fen: &str) {
        let c = block(fen.as_bytes(), true);
        for flags in [CHESS_FEN_RELAXED, CHESS_FEN_RELAXED | CHESS_FEN_CHESS960] {
            let mut p = null_mut();
            let status = unsafe { chess_position_from_fen_with(c.as_ptr().cast(), flags, &mut p) };
            if self.check("chess_position_from_fen_with", status) == CHESS_OK {
                let again = self.fen(p);
                unsafe { chess_position_free(p) };
                assert_eq!(again, fen);
                return;
            }
        }
        panic!("{fen:?} does not read back");
    }

    /// Reads a FEN through each of the three readers; a position read writes a FEN that reads
    /// back, and the reader by length agrees with the NUL-terminated one.
    fn read_fen(&mut self) {
        let text = self.text();
        let flags = if self.flag() { u32::from(self.byte() % 4) } else { self.u.arbitrary().unwrap_or(0) };
        let nul = block(&text, true);
        let exact = block(&text, false);
        let null_text = self.byte() % 16 == 15;
        let fen_ptr: *const c_char = if null_text { null() } else { nul.as_ptr().cast() };
        let which = self.byte() % 3;
        let made = match which {
            0 => self.make("chess_position_from_fen", |out| unsafe { chess_position_from_fen(fen_ptr, out) }),
            1 => self.make("chess_position_from_fen_with", |out| unsafe {
                chess_position_from_fen_with(fen_ptr, flags, out)
            }),
            _ => {
                let (ptr, len): (*const c_char, usize) = if null_text {
                    (null(), usize::from(self.byte() % 2))
                } else {
                    (exact.as_ptr().cast(), exact.len())
                };
                let made = self.make("chess_position_from_fen_n", |out| unsafe {
                    chess_position_from_fen_n(ptr, len, flags, out)
                });
                // The same text with a NUL after it reads the same (when it has none inside).
                if !null_text && !text.contains(&0) {
                    let mut p = null_mut();
                    let status = unsafe { chess_position_from_fen_with(nul.as_ptr().cast(), flags, &mut p) };
                    self.check("chess_position_from_fen_with", status);
                    if made != Err(CHESS_ERR_NULL_ARGUMENT) {
                        assert_eq!(made.err().unwrap_or(CHESS_OK), status, "{text:?} {flags}");
                    }
                    if let Ok(m) = made {
                        assert_eq!(self.fen(p), self.fen(m));
                    }
                    unsafe { chess_position_free(p) };
                }
                made
            }
        };
        if null_text && which != 2 {
            assert_eq!(made, Err(CHESS_ERR_NULL_ARGUMENT));
        }
        if let Ok(p) = made {
            let fen = self.fen(p);
            self.reads_back(&fen);
            self.keep_position(p);
        }
    }

    /// A question to a position (turn, piece, clocks, en passant, castling, key, check...).
    fn query(&mut self) {
        let pos = self.position();
        let live = !pos.is_null();
        match self.byte() % 9 {
            0 => {
                let mut color = 7;
                let out = self.out(&mut color);
                let status = self.check("chess_position_turn", unsafe { chess_position_turn(pos, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
                assert!(status != CHESS_OK || color == 0 || color == 1);
            }
            1 => {
                let square = self.int();
                let (mut color, mut role) = (7, 7);
                let (oc, or) = (self.out(&mut color), self.out(&mut role));
                let status =
                    self.check("chess_position_piece_at", unsafe { chess_position_piece_at(pos, square, oc, or) });
                assert_eq!(status == CHESS_OK, live && (0..64).contains(&square));
                if status == CHESS_OK {
                    assert!(oc.is_null() || (-1..=1).contains(&color));
                    assert!(or.is_null() || (0..=6).contains(&role));
                    assert!(oc.is_null() || or.is_null() || (color == -1) == (role == 0));
                } else {
                    assert_eq!((color, role), (7, 7));
                }
            }
            2 => {
                let (mut half, mut full) = (u32::MAX, u32::MAX);
                let (oh, of) = (self.out(&mut half), self.out(&mut full));
                let status = self.check("chess_position_clocks", unsafe { chess_position_clocks(pos, oh, of) });
                assert_eq!(status == CHESS_OK, live);
            }
            3 => {
                let mut square = 99;
                let out = self.out(&mut square);
                let status = self.check("chess_position_ep_square", unsafe { chess_position_ep_square(pos, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
                assert!(status != CHESS_OK || (-1..64).contains(&square));
            }
            4 => {
                let mut rooks = 0;
                let out = self.out(&mut rooks);
                let status =
                    self.check("chess_position_castling_rights", unsafe { chess_position_castling_rights(pos, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
            }
            5 => {
                let mut key = 0;
                let out = self.out(&mut key);
                let status = self.check("chess_position_zobrist_key", unsafe { chess_position_zobrist_key(pos, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
            }
            which => {
                let mut answer = false;
                let out = self.out(&mut answer);
                let (name, status) = match which {
                    6 => ("chess_position_is_check", unsafe { chess_position_is_check(pos, out) }),
                    7 => ("chess_position_is_checkmate", unsafe { chess_position_is_checkmate(pos, out) }),
                    _ => ("chess_position_is_stalemate", unsafe { chess_position_is_stalemate(pos, out) }),
                };
                assert_eq!(self.check(name, status) == CHESS_OK, live && !out.is_null());
                let mut insufficient = false;
                let status = unsafe { chess_position_is_insufficient_material(pos, &mut insufficient) };
                assert_eq!(self.check("chess_position_is_insufficient_material", status) == CHESS_OK, live);
            }
        }
    }

    /// The legal moves through buffers of every size: counted, listed whole or not at all.
    fn list_moves(&mut self) {
        let pos = self.position();
        let all = self.moves_of(pos);
        let mut counted = usize::MAX;
        let status = unsafe { chess_position_count_legal_moves(pos, &mut counted) };
        if self.check("chess_position_count_legal_moves", status) == CHESS_OK {
            assert_eq!(counted, all.len());
        }
        for &m in &all {
            let mut legal = false;
            let status = unsafe { chess_position_is_legal(pos, m, &mut legal) };
            assert_eq!(self.check("chess_position_is_legal", status), CHESS_OK);
            assert!(legal);
        }
        let from = self.int();
        let every = self.flag();
        let mut expected: Vec<_> =
            all.iter().copied().filter(|&m| every || (from >= 0 && c_int::from(m & 63) == from)).collect();
        let capacity = match self.byte() % 5 {
            0 => 0,
            1 => 1,
            2 => expected.len().saturating_sub(1),
            3 => expected.len(),
            _ => expected.len() + usize::from(self.byte()),
        };
        let mut buf = vec![NO_MOVE; capacity].into_boxed_slice();
        let buf_ptr = if self.byte() % 8 == 7 { null_mut() } else { buf.as_mut_ptr() };
        let mut count = usize::MAX;
        let out_count = self.out(&mut count);
        let status = if every {
            let status = unsafe { chess_position_legal_moves(pos, buf_ptr, capacity, out_count) };
            self.check("chess_position_legal_moves", status)
        } else {
            let status = unsafe { chess_position_legal_moves_from(pos, from, buf_ptr, capacity, out_count) };
            self.check("chess_position_legal_moves_from", status)
        };
        let untouched = buf.iter().all(|&m| m == NO_MOVE);
        if pos.is_null() || out_count.is_null() || (!every && !(0..64).contains(&from)) {
            assert!(status == CHESS_ERR_NULL_ARGUMENT || status == CHESS_ERR_INVALID_SQUARE, "{status:?}");
            assert!(untouched);
            return;
        }
        assert_eq!(count, expected.len());
        if count > 0 && (buf_ptr.is_null() || capacity < count) {
            assert_eq!(status, CHESS_ERR_BUFFER_TOO_SMALL);
            assert!(untouched, "moves written into a buffer too small");
        } else {
            assert_eq!(status, CHESS_OK);
            assert!(buf[count..].iter().all(|&m| m == NO_MOVE), "moves written past the count");
            let mut got = buf[..count].to_vec();
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got, expected);
        }
    }

    /// SAN, UCI, LAN, descriptions and reasons of a move; SAN and UCI read back to it.
    fn move_strings(&mut self) {
        let pos = self.position();
        let m = self.legal_move(pos);
        let lang = if self.flag() { self.int() } else { c_int::from(self.flag()) };
        let legal = !pos.is_null() && self.moves_of(pos).contains(&m);
        match self.byte() % 5 {
            0 => {
                let san =
                    self.string_out("chess_position_san", |b, c, l| unsafe { chess_position_san(pos, m, b, c, l) });
                if let Some(san) = san {
                    assert!(legal);
                    assert_eq!(self.parse(pos, san.as_bytes(), false), Some(m), "{san}");
                }
            }
            1 => {
                let uci =
                    self.string_out("chess_position_uci", |b, c, l| unsafe { chess_position_uci(pos, m, b, c, l) });
                if let Some(uci) = uci {
                    assert!(legal);
                    let parsed = self.parse(pos, uci.as_bytes(), true);
                    assert!(parsed.is_some(), "{uci}");
                }
            }
            2 => {
                if self
                    .string_out("chess_position_lan", |b, c, l| unsafe { chess_position_lan(pos, m, b, c, l) })
                    .is_some()
                {
                    assert!(legal);
                }
            }
            3 => {
                self.string_out("chess_position_describe", |b, c, l| unsafe {
                    chess_position_describe(pos, m, lang, b, c, l)
                });
            }
            _ => {
                let mut why = CHESS_ERR_PANIC;
                let out_status = self.out(&mut why);
                let text = self.string_out("chess_position_why_illegal", |b, c, l| unsafe {
                    chess_position_why_illegal(pos, m, lang, out_status, b, c, l)
                });
                if let Some(text) = text
                    && !out_status.is_null()
                {
                    assert_ne!(why, CHESS_ERR_PANIC);
                    assert_eq!(why == CHESS_OK, text.is_empty(), "{text:?}");
                }
            }
        }
    }

    /// Reads a move (SAN or UCI) without playing it.
    fn parse(&mut self, pos: *const chess_position, text: &[u8], uci: bool) -> Option<chess_move> {
        let c = block(text, true);
        let mut m = NO_MOVE;
        let (name, status) = if uci {
            ("chess_position_parse_uci", unsafe { chess_position_parse_uci(pos, c.as_ptr().cast(), &mut m) })
        } else {
            ("chess_position_parse_san", unsafe { chess_position_parse_san(pos, c.as_ptr().cast(), &mut m) })
        };
        if self.check(name, status) == CHESS_OK {
            assert!(self.moves_of(pos).contains(&m));
            Some(m)
        } else {
            assert_eq!(m, NO_MOVE);
            None
        }
    }

    /// Plays, resolves or reads a move on a position: a move given back is legal, a failure
    /// changes nothing, a success of a play changes the position and a read does not.
    fn play(&mut self) {
        let pos = self.position();
        let before = (!pos.is_null()).then(|| self.fen(pos));
        let legal = self.moves_of(pos);
        let which = self.byte() % 8;
        let text = self.text();
        let (nul, exact) = (block(&text, true), block(&text, false));
        let s: *const c_char = if self.byte() % 16 == 15 { null() } else { nul.as_ptr().cast() };
        let (from, to, promotion) = (self.int(), self.int(), self.int());
        let candidate = self.legal_move(pos);
        let mut m = NO_MOVE;
        let out = self.out(&mut m);
        let (name, status) = match which {
            0 | 1 => ("chess_position_play", unsafe { chess_position_play(pos, candidate) }),
            2 => ("chess_position_resolve_move", unsafe { chess_position_resolve_move(pos, from, to, promotion, out) }),
            3 => ("chess_position_play_san", unsafe { chess_position_play_san(pos, s, out) }),
            4 => ("chess_position_play_uci", unsafe { chess_position_play_uci(pos, s, out) }),
            5 => ("chess_position_parse_san", unsafe { chess_position_parse_san(pos, s, out) }),
            6 => ("chess_position_parse_uci", unsafe { chess_position_parse_uci(pos, s, out) }),
            _ => ("chess_position_play_san_n", unsafe {
                chess_position_play_san_n(pos, exact.as_ptr().cast(), exact.len(), out)
            }),
        };
        let status = self.check(name, status);
        let Some(before) = before else {
            // NULL, or the text's own error when it is read first.
            assert_ne!(status, CHESS_OK);
            return;
        };
        let after = self.fen(pos);
        if status == CHESS_OK {
            if which >= 2 && !out.is_null() {
                assert!(legal.contains(&m), "{name} gave {m:#x}, not a legal move");
            }
            let reads = (2..=2).contains(&which) || which == 5 || which == 6;
            assert_eq!(after == before, reads, "{name}: the position changed (or not)");
        } else {
            assert_eq!(after, before, "{name} failed with {status:?} and changed the position");
            assert_eq!(m, NO_MOVE, "{name} failed and wrote its out-parameter");
        }
    }

    /// A game made from nothing, a FEN, PGN, a save, or rules of the input's own.
    fn new_game(&mut self) {
        let text = self.text();
        let nul = block(&text, true);
        let text_ptr: *const c_char = if self.byte() % 4 == 3 { null() } else { nul.as_ptr().cast() };
        let flags = u32::from(self.byte() % 5);
        let rules = if self.flag() { c_int::from(self.flag()) } else { self.int() };
        let made = match self.byte() % 6 {
            0 => self.make("chess_game_new", |out| unsafe { chess_game_new(out) }),
            1 => self.make("chess_game_from_fen", |out| unsafe { chess_game_from_fen(text_ptr, flags, rules, out) }),
            2 => self.make("chess_game_from_pgn", |out| unsafe { chess_game_from_pgn(text_ptr, out) }),
            3 => self.make("chess_game_load", |out| unsafe { chess_game_load(text_ptr, out) }),
            _ => {
                let mut config = chess_rules_config {
                    fifty_move_plies: 0,
                    seventy_five_move_plies: 0,
                    no_progress_plies: 0,
                    no_progress_plies_kbn_v_k: 0,
                    repetitions_to_claim: 0,
                    repetitions_to_draw: 0,
                    perpetual_checks: 0,
                    check_limit: 0,
                    extended_insufficient_material: false,
                    resign_after_moves: 0,
                    draw_offer_after_moves: 0,
                    draw_offers_per_player: 0,
                    timeout_void_moves: 0,
                    timeout_draw_if_opponent_cannot_mate: false,
                };
                let out = self.out(&mut config);
                let status = self.check("chess_rules_preset", unsafe { chess_rules_preset(rules, out) });
                assert_eq!(status == CHESS_OK, !out.is_null() && (rules == 0 || rules == 1));
                // Change some thresholds to anything, small numbers and "off" most often.
                for _ in 0..self.byte() % 4 {
                    let value = match self.byte() % 4 {
                        0 => u32::from(self.byte() % 4),
                        1 => CHESS_RULE_OFF,
                        2 => u32::from(self.byte()),
                        _ => self.u.arbitrary().unwrap_or(0),
                    };
                    let fields = [
                        &mut config.fifty_move_plies,
                        &mut config.seventy_five_move_plies,
                        &mut config.no_progress_plies,
                        &mut config.no_progress_plies_kbn_v_k,
                        &mut config.repetitions_to_claim,
                        &mut config.repetitions_to_draw,
                        &mut config.perpetual_checks,
                        &mut config.check_limit,
                        &mut config.resign_after_moves,
                        &mut config.draw_offer_after_moves,
                        &mut config.draw_offers_per_player,
                        &mut config.timeout_void_moves,
                    ];
                    let n = fields.len();
                    *fields.into_iter().nth(usize::from(self.byte()) % n).unwrap() = value;
                }
                config.extended_insufficient_material = self.flag();
                let config_ptr: *const chess_rules_config = if self.byte() % 16 == 15 { null() } else { &config };
                let made = self.make("chess_game_new_with_rules", |out| unsafe {
                    chess_game_new_with_rules(text_ptr, flags, config_ptr, out)
                });
                if let Ok(game) = made {
                    let mut back = config;
                    back.fifty_move_plies ^= 1;
                    let status = self.check("chess_game_rules", unsafe { chess_game_rules(game, &mut back) });
                    assert_eq!(status, CHESS_OK);
                }
                made
            }
        };
        if let Ok(game) = made {
            self.keep_game(game);
        }
    }

    /// A game written as FEN, result, PGN or save; a save loads back to the same game.
    fn game_strings(&mut self) {
        let game = self.game();
        match self.byte() % 4 {
            0 => {
                let fen = self.string_out("chess_game_fen", |b, c, l| unsafe { chess_game_fen(game, b, c, l) });
                if let Some(fen) = fen {
                    let pos = self.game_position(game);
                    assert_eq!(self.fen(pos), fen);
                    unsafe { chess_position_free(pos) };
                }
            }
            1 => {
                let result =
                    self.string_out("chess_game_result", |b, c, l| unsafe { chess_game_result(game, b, c, l) });
                if let Some(result) = result {
                    assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()), "{result}");
                }
            }
            2 => {
                self.string_out("chess_game_to_pgn", |b, c, l| unsafe { chess_game_to_pgn(game, b, c, l) });
            }
            _ => {
                if let Some(save) =
                    self.string_out("chess_game_save", |b, c, l| unsafe { chess_game_save(game, b, c, l) })
                {
                    // A save loads back to the same position and moves.
                    let c = block(save.as_bytes(), true);
                    let mut loaded = null_mut();
                    let status = unsafe { chess_game_load(c.as_ptr().cast(), &mut loaded) };
                    assert_eq!(self.check("chess_game_load", status), CHESS_OK, "{save}");
                    let (a, b) = (self.game_position(game), self.game_position(loaded));
                    assert_eq!(self.fen(a), self.fen(b));
                    unsafe {
                        chess_position_free(a);
                        chess_position_free(b);
                    }
                    assert_eq!(self.move_count(game), self.move_count(loaded));
                    self.keep_game(loaded);
                }
            }
        }
    }

    /// Plays a move on a game (by number, SAN or UCI, NUL-terminated or by length).
    fn push(&mut self) {
        let game = self.game();
        let count_before = self.move_count(game);
        let which = self.byte() % 5;
        let mut m = NO_MOVE;
        let out = self.out(&mut m);
        let (name, status) = if which == 0 {
            let candidate = self.game_move(game);
            ("chess_game_push", unsafe { chess_game_push(game, candidate) })
        } else {
            let text = self.text();
            let (nul, exact) = (block(&text, true), block(&text, false));
            let s: *const c_char = if self.byte() % 16 == 15 { null() } else { nul.as_ptr().cast() };
            match which {
                1 => ("chess_game_push_san", unsafe { chess_game_push_san(game, s, out) }),
                2 => ("chess_game_push_uci", unsafe { chess_game_push_uci(game, s, out) }),
                3 => ("chess_game_push_san_n", unsafe {
                    chess_game_push_san_n(game, exact.as_ptr().cast(), exact.len(), out)
                }),
                _ => ("chess_game_push_uci_n", unsafe {
                    chess_game_push_uci_n(game, exact.as_ptr().cast(), exact.len(), out)
                }),
            }
        };
        let status = self.check(name, status);
        let count = self.move_count(game);
        if status == CHESS_OK {
            let count = count.unwrap();
            assert_eq!(Some(count - 1), count_before);
            if which > 0 && !out.is_null() {
                let mut last = NO_MOVE;
                let status =
                    self.check("chess_game_move_at", unsafe { chess_game_move_at(game, count - 1, &mut last) });
                assert_eq!(status, CHESS_OK);
                assert_eq!(last, m);
            }
        } else {
            assert_eq!(count, count_before, "{name} failed with {status:?} and changed the game");
            assert_eq!(m, NO_MOVE);
        }
    }

    /// Undo, redo, moves and positions by index, outcome, claims, captured pieces, rules.
    fn game_query(&mut self) {
        let game = self.game();
        let live = !game.is_null();
        match self.byte() % 8 {
            0 | 1 => {
                let mut m = NO_MOVE;
                let out = self.out(&mut m);
                let (name, status) = if self.flag() {
                    ("chess_game_undo", unsafe { chess_game_undo(game, out) })
                } else {
                    ("chess_game_redo", unsafe { chess_game_redo(game, out) })
                };
                assert_eq!(self.check(name, status) == CHESS_OK, live);
            }
            2 => {
                let index = if self.flag() { usize::from(self.byte()) } else { usize::MAX - usize::from(self.byte()) };
                let count = self.move_count(game).unwrap_or(0);
                let mut m = NO_MOVE;
                let status = self.check("chess_game_move_at", unsafe { chess_game_move_at(game, index, &mut m) });
                assert_eq!(status == CHESS_OK, live && index < count);
                let made =
                    self.make("chess_game_position_at", |out| unsafe { chess_game_position_at(game, index, out) });
                if made != Err(CHESS_ERR_NULL_ARGUMENT) {
                    assert_eq!(made.is_ok(), live && index <= count);
                }
                if let Ok(pos) = made {
                    if status == CHESS_OK {
                        assert!(self.moves_of(pos).contains(&m));
                    }
                    self.keep_position(pos);
                }
            }
            3 => {
                let (mut termination, mut winner) = (99, 99);
                let (ot, ow) = (self.out(&mut termination), self.out(&mut winner));
                let status = self.check("chess_game_outcome", unsafe { chess_game_outcome(game, ot, ow) });
                assert_eq!(status == CHESS_OK, live);
                if status == CHESS_OK && !ow.is_null() {
                    assert!((-1..=1).contains(&winner));
                }
            }
            4 => {
                let mut can = false;
                let out = self.out(&mut can);
                let status = self.check("chess_game_can_claim_draw", unsafe { chess_game_can_claim_draw(game, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
            }
            5 | 6 => {
                let player = if self.flag() { c_int::from(self.flag()) } else { self.int() };
                let capacity = usize::from(self.byte() % 20);
                let mut roles = vec![-7; capacity].into_boxed_slice();
                let roles_ptr = if self.byte() % 8 == 7 { null_mut() } else { roles.as_mut_ptr() };
                let (mut count, mut material) = (usize::MAX, u32::MAX);
                let (oc, om) = (self.out(&mut count), self.out(&mut material));
                let status = self.check("chess_game_captured", unsafe {
                    chess_game_captured(game, player, roles_ptr, capacity, oc, om)
                });
                if status == CHESS_OK {
                    assert!(count == 0 || count <= capacity);
                    assert!(roles[..count].iter().all(|r| (1..=5).contains(r)), "{roles:?}");
                    assert!(roles[count..].iter().all(|&r| r == -7));
                } else {
                    assert!(roles.iter().all(|&r| r == -7), "captured pieces written on failure");
                    if status == CHESS_ERR_BUFFER_TOO_SMALL {
                        assert!(count > capacity || roles_ptr.is_null());
                    }
                }
            }
            _ => {
                let mut config = unsafe { core::mem::zeroed::<chess_rules_config>() };
                let out = self.out(&mut config);
                let status = self.check("chess_game_rules", unsafe { chess_game_rules(game, out) });
                assert_eq!(status == CHESS_OK, live && !out.is_null());
            }
        }
    }

    /// An event by a player (any number): resignation, draw offers and answers, claims...
    fn event(&mut self) {
        let game = self.game();
        let player = if self.flag() { c_int::from(self.flag()) } else { self.int() };
        let calls: [(&str, unsafe extern "C" fn(*mut chess_game, c_int) -> chess_status); 7] = [
            ("chess_game_resign", chess_game_resign),
            ("chess_game_offer_draw", chess_game_offer_draw),
            ("chess_game_accept_draw", chess_game_accept_draw),
            ("chess_game_decline_draw", chess_game_decline_draw),
            ("chess_game_claim_draw", chess_game_claim_draw),
            ("chess_game_timeout", chess_game_timeout),
            ("chess_game_forfeit", chess_game_forfeit),
        ];
        let (name, call) = calls[usize::from(self.byte()) % calls.len()];
        let status = self.check(name, unsafe { call(game, player) });
        if game.is_null() {
            assert_eq!(status, CHESS_ERR_NULL_ARGUMENT);
        } else if player != 0 && player != 1 {
            assert_eq!(status, CHESS_ERR_INVALID_ARGUMENT);
        }
    }

    /// The searcher attached or not, its level, table size, new game, stop.
    fn searcher_setup(&mut self) {
        match self.byte() % 5 {
            0 => {
                // The process's searcher is made once (a new one zero-fills a 16 MiB table,
                // which would be most of the fuzzer's time); an input uses it or NULL.
                self.searcher = if self.searcher.is_null() { self.shared_searcher() } else { null_mut() };
                unsafe { chess_searcher_free(null_mut()) };
            }
            1 => {
                // Any number but the levels that search deeper than the fuzzer can afford.
                let level = match self.int() {
                    2..=4 => 1,
                    other => other,
                };
                let status =
                    self.check("chess_searcher_set_level", unsafe { chess_searcher_set_level(self.searcher, level) });
                assert_eq!(status == CHESS_OK, !self.searcher.is_null() && level == 1);
            }
            2 => {
                let megabytes = usize::from(self.byte() % 3);
                let mut used = usize::MAX;
                let out = self.out(&mut used);
                let status = self.check("chess_searcher_set_hash_size", unsafe {
                    chess_searcher_set_hash_size(self.searcher, megabytes, out)
                });
                // A table of 0 MiB is refused: a searcher needs at least 1.
                assert_eq!(status == CHESS_OK, !self.searcher.is_null() && megabytes > 0);
                if status == CHESS_OK {
                    HASH_MB.store(megabytes, Ordering::Relaxed);
                    assert!(out.is_null() || used <= megabytes);
                }
            }
            3 => {
                let status = self.check("chess_searcher_new_game", unsafe { chess_searcher_new_game(self.searcher) });
                assert_eq!(status == CHESS_OK, !self.searcher.is_null());
            }
            _ => {
                let status = self.check("chess_searcher_stop", unsafe { chess_searcher_stop(self.searcher) });
                assert_eq!(status == CHESS_OK, !self.searcher.is_null());
            }
        }
    }

    /// A search with small bounds (a node limit always), a hint or a best move: a legal move,
    /// or none when there is none.
    fn search(&mut self) {
        let game = self.game();
        let searcher = self.searcher;
        let legal = {
            let pos = if game.is_null() { null_mut() } else { self.game_position(game) };
            let moves = self.moves_of(pos);
            unsafe { chess_position_free(pos) };
            moves
        };
        let mut best = NO_MOVE;
        let (name, status) = match self.byte() % 4 {
            0 | 1 => {
                let limits = chess_search_limits {
                    depth: u32::from(self.byte() % 4),
                    nodes: 1 + u64::from(self.byte()) * 8,
                    movetime_ms: 0,
                    mate: u32::from(self.byte() % 3),
                    infinite: false,
                    level: self.int(),
                };
                let limits_ptr: *const chess_search_limits = if self.byte() % 16 == 15 { null() } else { &limits };
                let mut result = unsafe { core::mem::zeroed::<chess_search_result>() };
                result.best_move = NO_MOVE;
                let out = self.out(&mut result);
                let mut depths: Vec<u32> = Vec::new();
                let status = if self.flag() {
                    self.check("chess_searcher_search", unsafe {
                        chess_searcher_search(searcher, game, limits_ptr, out)
                    })
                } else {
                    let progress: chess_progress_fn = if self.flag() { Some(record_depth) } else { None };
                    self.check("chess_searcher_search_with_progress", unsafe {
                        chess_searcher_search_with_progress(
                            searcher,
                            game,
                            limits_ptr,
                            progress,
                            (&mut depths as *mut Vec<u32>).cast(),
                            out,
                        )
                    })
                };
                assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
                if status != CHESS_OK {
                    assert_eq!(result.best_move, NO_MOVE);
                    return;
                }
                best = result.best_move;
                ("chess_searcher_search", status)
            }
            2 => {
                let level = match self.int() {
                    2..=4 => 1,
                    other => other,
                };
                let lang = if self.flag() { c_int::from(self.flag()) } else { self.int() };
                let san_capacity = usize::from(self.byte() % 12);
                let text_capacity = if self.flag() { usize::from(self.byte()) } else { 512 };
                let mut san = vec![SENTINEL; san_capacity].into_boxed_slice();
                let mut text = vec![SENTINEL; text_capacity].into_boxed_slice();
                let mut text_len = usize::MAX;
                let out_len = self.out(&mut text_len);
                let out_move = self.out(&mut best);
                let status = self.check("chess_searcher_hint", unsafe {
                    chess_searcher_hint(
                        searcher,
                        game,
                        level,
                        lang,
                        out_move,
                        san.as_mut_ptr().cast(),
                        san_capacity,
                        text.as_mut_ptr().cast(),
                        text_capacity,
                        out_len,
                    )
                });
                if status == CHESS_OK {
                    let n = san.iter().position(|&b| b == 0).expect("the SAN is NUL-terminated");
                    assert!(san[n + 1..].iter().all(|&b| b == SENTINEL));
                    if !out_len.is_null() {
                        assert_eq!(text[text_len], 0);
                        assert!(text[text_len + 1..].iter().all(|&b| b == SENTINEL));
                    }
                } else {
                    assert!(san.iter().all(|&b| b == SENTINEL), "hint wrote its SAN on failure");
                    assert!(text.iter().all(|&b| b == SENTINEL), "hint wrote its text on failure");
                    assert_eq!(best, NO_MOVE);
                    return;
                }
                ("chess_searcher_hint", status)
            }
            _ => {
                let out = self.out(&mut best);
                let status =
                    self.check("chess_searcher_best_move", unsafe { chess_searcher_best_move(searcher, game, out) });
                if status != CHESS_OK {
                    assert_eq!(best, NO_MOVE);
                    return;
                }
                ("chess_searcher_best_move", status)
            }
        };
        assert_eq!(status, CHESS_OK);
        if legal.is_empty() {
            assert_eq!(best, CHESS_MOVE_NULL, "{name}: a move where there is none");
        } else {
            assert!(legal.contains(&best), "{name}: {best:#x} is not legal");
        }
    }
}

/// A progress callback: records the depth of each report in the `Vec<u32>` it is given.
unsafe extern "C" fn record_depth(info: *const chess_search_info, user_data: *mut c_void) {
    // SAFETY: the library passes a valid report and our `user_data`, a `Vec<u32>`.
    unsafe { (*user_data.cast::<Vec<u32>>()).push((*info).depth) };
}

fuzz_target!(|data: &[u8]| {
    let mut driver = Driver {
        u: Unstructured::new(data),
        positions: Vec::new(),
        games: Vec::new(),
        searcher: null_mut(),
        last_error: String::new(),
    };
    // The last message is per thread and outlives a run: start from what it is.
    driver.last_error = driver.last_error_message();
    for _ in 0..64 {
        if driver.u.is_empty() {
            break;
        }
        driver.step();
    }
});
