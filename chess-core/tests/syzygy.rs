//! Syzygy probing against python-chess's tables and expected values
//! ($PYTHON_CHESS_SRC/data/syzygy/regular and data/endgame.epd), typed errors on damaged
//! files, and a differential test against python-chess's `chess.syzygy`.
//!
//! The differential draws random positions of every table's material (and positions right
//! after a double pawn step with en passant possible) and compares WDL and DTZ with
//! tests/python/syzygy_oracle.py run by `$PYTHON_CHESS_PYTHON` (else `python3`). The test
//! command checks 3,000 positions; the larger run of the closing note is
//!
//! ```sh
//! SYZYGY_DIFF_POSITIONS=100000 PYTHON_CHESS_PYTHON=.venv/bin/python \
//!     cargo test -p chess-core --profile test-release --features syzygy --test syzygy differential
//! ```
//!
//! Last run (2026-12-02): 100,000 positions, 15,530 of them with en passant, 0 disagreements,
//! 115 s.
#![cfg(feature = "syzygy")]

use std::path::{Path, PathBuf};

use chess_core::syzygy::{Dtz, ProbeError, TableKind, Tablebase, Wdl};
use chess_core::{Color, ErrorCode, Position, Role};

fn source_dir() -> Option<PathBuf> {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return None;
    };
    let src = PathBuf::from(src);
    if !src.join("data/syzygy/regular/KQvK.rtbw").is_file() {
        eprintln!("skipped: no Syzygy tables in {}", src.display());
        return None;
    }
    Some(src)
}

fn tables_dir(src: &Path) -> PathBuf {
    src.join("data/syzygy/regular")
}

fn tablebase(src: &Path) -> Tablebase {
    let mut tables = Tablebase::new();
    let added = tables.add_directory(tables_dir(src)).expect("the tables directory reads");
    assert!(added >= 60, "{added} table files");
    tables
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn every_endgame_epd_position_has_its_wdl_and_dtz() {
    let Some(src) = source_dir() else { return };
    // Files read whole (all of these tables, by default), then a block at a time.
    let mut by_blocks = tablebase(&src);
    by_blocks.set_read_whole_limit(0);
    for tables in [tablebase(&src), by_blocks] {
        endgame_epd(&src, &tables);
    }
}

fn endgame_epd(src: &Path, tables: &Tablebase) {
    let text = std::fs::read_to_string(src.join("data/endgame.epd")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let p = pos(&format!("{} {} {} {} 0 1", fields[0], fields[1], fields[2], fields[3]));
        let operand = |name: &str| -> i32 {
            let mut ops = fields[4].split(';').map(str::trim);
            let value = ops.find_map(|op| op.strip_prefix(name)?.strip_prefix(' '));
            value.unwrap_or_else(|| panic!("{line}: no {name}")).parse().unwrap()
        };
        assert_eq!(tables.probe_wdl_table(&p).map(Wdl::value), Ok(operand("wdl_table")), "{line}");
        assert_eq!(tables.probe_wdl(&p).map(Wdl::value), Ok(operand("wdl")), "{line}");
        assert_eq!(tables.probe_dtz(&p), Ok(Dtz(operand("dtz"))), "{line}");
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn documented_examples() {
    let Some(src) = source_dir() else { return };
    let tables = tablebase(&src);
    let p = pos("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1");
    assert_eq!(tables.probe_wdl(&p), Ok(Wdl::Loss));
    // Drawn without en passant, won with it; and a DTZ changed by it.
    let p_ep = pos("8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2");
    assert_eq!(tables.probe_wdl_table(&p_ep), Ok(Wdl::Draw));
    assert_eq!(tables.probe_wdl(&p_ep), Ok(Wdl::Win));
    assert_eq!(tables.probe_dtz(&pos("8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1")), Ok(Dtz(1)));
    // A position python-chess's tests single out.
    // (Its DTZ is 15, but the capture fxe3 needs KBPvKP, not among these tables.)
    assert_eq!(
        tables.probe_dtz(&pos("3K4/8/3k4/8/4p3/4B3/5P2/8 w - - 0 5")),
        Err(ProbeError::MissingTable { material: "KBPvKP".into(), kind: TableKind::Wdl })
    );
    assert_eq!(tables.probe_dtz(&p), Ok(Dtz(-53)));
    // KvK needs no table.
    assert_eq!(tables.probe_wdl(&pos("8/8/8/3k4/8/8/8/K7 w - - 0 1")), Ok(Wdl::Draw));
    // Mate in one with the rook: the only best move.
    let p = pos("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    assert_eq!(tables.best_moves(&p).unwrap(), vec![p.parse_san("Ra8").unwrap()]);
    let wdls = tables.move_wdls(&p).unwrap();
    assert_eq!(wdls.len(), p.legal_moves().len());
    assert!(wdls.iter().all(|&(_, wdl)| wdl == Wdl::Win), "{wdls:?}");
    // The queen next to the king: taking it draws.
    let p = pos("6k1/8/8/8/8/8/8/K4Q2 w - - 0 1");
    let hanging = [p.parse_san("Qf7+").unwrap(), p.parse_san("Qf8+").unwrap()];
    let wdls = tables.move_wdls(&p).unwrap();
    for (m, wdl) in wdls {
        assert_eq!(wdl, if hanging.contains(&m) { Wdl::Draw } else { Wdl::Win }, "{m:?}");
    }
}

#[test]
fn best_moves_keep_the_win_and_zero_fastest() {
    let Some(src) = source_dir() else { return };
    let tables = tablebase(&src);
    for fen in
        ["8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1"]
    {
        let p = pos(fen);
        let dtz = tables.probe_dtz(&p).unwrap().0;
        assert!(dtz > 0, "{fen}: {dtz}");
        let best = tables.best_moves(&p).unwrap();
        assert!(!best.is_empty(), "{fen}");
        for m in best {
            let mut after = p;
            after.play(m).unwrap();
            let zeroing = p.is_zeroing(m);
            let wdl = tables.probe_wdl(&after).unwrap();
            assert_eq!(wdl, Wdl::Loss, "{fen} {m:?}: the opponent must be lost");
            if !zeroing {
                // One ply closer to zeroing, give or take the table's rounding.
                let d = -tables.probe_dtz(&after).unwrap().0;
                assert!(d > 0 && d <= dtz, "{fen} {m:?}: {d} after, {dtz} before");
            }
        }
    }
}

#[test]
fn typed_errors() {
    let Some(src) = source_dir() else { return };
    let tables = tablebase(&src);
    // Six pieces: no such table here.
    let six = pos("3kqr2/8/8/8/8/8/8/KQR5 w - - 0 1");
    assert_eq!(
        tables.probe_wdl(&six),
        Err(ProbeError::MissingTable { material: "KQRvKQR".into(), kind: TableKind::Wdl })
    );
    assert!(matches!(tables.probe_dtz(&six), Err(ProbeError::MissingTable { .. })));
    assert_eq!(tables.probe_wdl(&pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1")), Err(ProbeError::CastlingRights));
    let crowd = pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    assert_eq!(tables.probe_wdl(&crowd), Err(ProbeError::TooManyPieces { count: 18 }));
    assert_eq!(tables.probe_dtz(&crowd), Err(ProbeError::TooManyPieces { count: 18 }));
    assert_eq!(tables.best_moves(&crowd), Err(ProbeError::TooManyPieces { count: 18 }));
    // Their stable codes, which the C layer returns as statuses.
    assert_eq!(tables.probe_wdl(&six).unwrap_err().code(), ErrorCode::MissingTable);
    assert_eq!(tables.probe_wdl(&crowd).unwrap_err().code(), ErrorCode::UnsupportedPosition);
    // A WDL table without its DTZ table.
    let mut only_wdl = Tablebase::new();
    let bytes = std::fs::read(tables_dir(&src).join("KRvK.rtbw")).unwrap();
    only_wdl.add_bytes("KRvK", TableKind::Wdl, bytes).unwrap();
    let krk = pos("8/8/8/8/8/1k6/8/1K1R4 w - - 0 1");
    assert_eq!(only_wdl.probe_wdl(&krk), Ok(Wdl::Win));
    assert_eq!(
        only_wdl.probe_dtz(&krk),
        Err(ProbeError::MissingTable { material: "KRvK".into(), kind: TableKind::Dtz })
    );
}

/// A copy of the tables with one file damaged by `damage`, in a fresh directory.
fn damaged_copy(src: &Path, name: &str, damage: impl Fn(&mut Vec<u8>)) -> (PathBuf, Tablebase) {
    let dir = std::env::temp_dir().join(format!("chess-core-syzygy-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(tables_dir(src)).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        if file == name {
            damage(&mut bytes);
        }
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    let mut tables = Tablebase::new();
    tables.add_directory(&dir).unwrap();
    (dir, tables)
}

#[test]
fn damaged_files_give_corrupt_table_errors() {
    let Some(src) = source_dir() else { return };
    let kqk = pos("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
    let corrupt = |r: Result<Wdl, ProbeError>| matches!(r, Err(ProbeError::CorruptTable { .. }));

    let (dir, tables) = damaged_copy(&src, "KQvK.rtbw", |b| b.truncate(b.len() / 2));
    assert!(corrupt(tables.probe_wdl(&kqk)), "{:?}", tables.probe_wdl(&kqk));
    assert_eq!(tables.probe_wdl(&kqk).unwrap_err().code(), ErrorCode::CorruptTable);
    // Probing again gives the same error (the table is not retried half-open).
    assert!(corrupt(tables.probe_wdl(&kqk)));
    // Other tables still answer.
    assert_eq!(tables.probe_wdl(&pos("8/8/8/8/8/1k6/8/1K1R4 w - - 0 1")), Ok(Wdl::Win));
    std::fs::remove_dir_all(dir).unwrap();

    // Cut by 64 bytes: the size is still 64n+16, but no longer the header's.
    let (dir, tables) = damaged_copy(&src, "KQvK.rtbw", |b| b.truncate(b.len() - 64));
    assert!(corrupt(tables.probe_wdl(&kqk)), "{:?}", tables.probe_wdl(&kqk));
    std::fs::remove_dir_all(dir).unwrap();

    let (dir, tables) = damaged_copy(&src, "KQvK.rtbw", |b| b[0] ^= 1);
    assert!(corrupt(tables.probe_wdl(&kqk)));
    std::fs::remove_dir_all(dir).unwrap();

    // A DTZ file under a WDL name: wrong magic.
    let mut swapped = Tablebase::new();
    let dtz = std::fs::read(tables_dir(&src).join("KQvK.rtbz")).unwrap();
    swapped.add_bytes("KQvK", TableKind::Wdl, dtz).unwrap();
    assert!(corrupt(swapped.probe_wdl(&kqk)));

    // Every single-byte change of a small table's header: an error or an answer, never a panic.
    let bytes = std::fs::read(tables_dir(&src).join("KRvK.rtbw")).unwrap();
    let krk = pos("8/8/8/8/8/1k6/8/1K1R4 w - - 0 1");
    for i in 0..bytes.len().min(400) {
        let mut damaged = bytes.clone();
        damaged[i] ^= 0xa5;
        let mut tables = Tablebase::new();
        tables.add_bytes("KRvK", TableKind::Wdl, damaged).unwrap();
        let _ = tables.probe_wdl(&krk);
    }
}

#[test]
fn one_tablebase_answers_the_same_from_many_threads() {
    let Some(src) = source_dir() else { return };
    let tables = tablebase(&src);
    let positions = random_positions(&src, 200, 7);
    let alone: Vec<_> = positions.iter().map(|p| (tables.probe_wdl(p), tables.probe_dtz(p))).collect();
    // Positional reads from many threads at once.
    let mut fresh = tablebase(&src);
    fresh.set_read_whole_limit(0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let (fresh, positions) = (&fresh, &positions);
                s.spawn(move || {
                    // Each thread in its own order, so tables open under contention.
                    let mut order: Vec<usize> = (0..positions.len()).collect();
                    order.rotate_left(t * positions.len() / 4);
                    let mut got = vec![None; positions.len()];
                    for i in order {
                        got[i] = Some((fresh.probe_wdl(&positions[i]), fresh.probe_dtz(&positions[i])));
                    }
                    got
                })
            })
            .collect();
        for h in handles {
            let got: Vec<_> = h.join().unwrap().into_iter().map(Option::unwrap).collect();
            assert_eq!(got, alone);
        }
    });
}

/// xorshift64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The materials of the WDL tables in the directory, as (White's roles, Black's roles).
fn materials(src: &Path) -> Vec<(Vec<Role>, Vec<Role>)> {
    let mut names: Vec<String> = std::fs::read_dir(tables_dir(src))
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".rtbw").map(str::to_string))
        .collect();
    names.sort();
    let roles = |s: &str| s.chars().map(|c| Role::from_char(c).unwrap()).collect::<Vec<_>>();
    names.iter().map(|n| n.split_once('v').unwrap()).map(|(w, b)| (roles(w), roles(b))).collect()
}

/// `count` legal positions of the tables' materials (either colour for either side), one in
/// eight of a material with pawns of both colours right after a double step that allows an
/// en passant capture.
fn random_positions(src: &Path, count: usize, seed: u64) -> Vec<Position> {
    let materials = materials(src);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let en_passant = rng.below(8) == 0;
        let candidates: Vec<_> = materials
            .iter()
            .filter(|(w, b)| !en_passant || (w.contains(&Role::Pawn) && b.contains(&Role::Pawn)))
            .collect();
        let (mut white, mut black) = candidates[rng.below(candidates.len())].clone();
        if rng.below(2) == 1 {
            std::mem::swap(&mut white, &mut black);
        }
        let turn = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let mut board = [None; 64];
        let mut reserved = [false; 64];
        let mut ep = "-".to_string();
        if en_passant {
            // The pawn that just stepped two squares, and the one that may take it.
            let file = rng.below(8);
            let other_file = if file == 0 || (file < 7 && rng.below(2) == 0) { file + 1 } else { file - 1 };
            let (rank, step) = if turn == Color::White { (4, 8) } else { (3, 0usize.wrapping_sub(8)) };
            let moved = rank * 8 + file;
            board[moved] = Some(chess_core::Piece::new(!turn, Role::Pawn));
            board[rank * 8 + other_file] = Some(chess_core::Piece::new(turn, Role::Pawn));
            let passed = moved.wrapping_add(step);
            reserved[passed] = true;
            reserved[passed.wrapping_add(step)] = true;
            ep = chess_core::Square::from_index(passed).unwrap().to_string();
            for roles in [&mut white, &mut black] {
                let i = roles.iter().position(|&r| r == Role::Pawn).unwrap();
                roles.remove(i);
            }
        }
        let mut ok = true;
        for (color, roles) in [(Color::White, &white), (Color::Black, &black)] {
            for &role in roles {
                let sq = loop {
                    let sq = rng.below(64);
                    if board[sq].is_none() && !reserved[sq] {
                        break sq;
                    }
                };
                if role == Role::Pawn && !(8..56).contains(&sq) {
                    ok = false;
                }
                board[sq] = Some(chess_core::Piece::new(color, role));
            }
        }
        if !ok {
            continue;
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(&format!(" {} - {ep} 0 1", turn.char()));
        let Ok(p) = fen.parse::<Position>() else { continue };
        if ep != "-" && p.legal_ep_square().is_none() {
            continue;
        }
        out.push(p);
    }
    out
}

fn python() -> String {
    std::env::var("PYTHON_CHESS_PYTHON").unwrap_or_else(|_| "python3".into())
}

#[test]
fn differential_against_python_chess() {
    let Some(src) = source_dir() else { return };
    let count: usize = std::env::var("SYZYGY_DIFF_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(3000);
    let check = std::process::Command::new(python()).args(["-c", "import chess.syzygy"]).output();
    if !check.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: {} cannot import chess.syzygy (set PYTHON_CHESS_PYTHON)", python());
        return;
    }
    let tables = tablebase(&src);
    let positions = random_positions(&src, count, 2026);
    let fens: Vec<String> = positions.iter().map(|p| p.to_fen()).collect();
    let file = std::env::temp_dir().join(format!("chess-core-syzygy-fens-{}.txt", std::process::id()));
    std::fs::write(&file, fens.join("\n") + "\n").unwrap();
    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/python/syzygy_oracle.py");
    let output = std::process::Command::new(python())
        .arg(oracle)
        .arg(tables_dir(&src))
        .arg(&file)
        .output()
        .expect("python runs");
    std::fs::remove_file(&file).unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let expected = String::from_utf8(output.stdout).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(expected.len(), positions.len());
    let mut disagreements = Vec::new();
    let (mut with_ep, mut missing) = (0, 0);
    for ((p, fen), want) in positions.iter().zip(&fens).zip(expected) {
        with_ep += usize::from(p.legal_ep_square().is_some());
        let got = match (tables.probe_wdl(p), tables.probe_dtz(p)) {
            (Ok(wdl), Ok(dtz)) => format!("{} {}", wdl.value(), dtz.0),
            (Err(ProbeError::MissingTable { .. }), _) | (_, Err(ProbeError::MissingTable { .. })) => {
                missing += 1;
                "missing".into()
            }
            (w, d) => format!("{w:?} {d:?}"),
        };
        if got != want {
            disagreements.push(format!("{fen}: chess-core {got}, python-chess {want}"));
        }
    }
    eprintln!(
        "differential: {} positions ({with_ep} with en passant, {missing} missing a table), {} disagreements",
        positions.len(),
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
