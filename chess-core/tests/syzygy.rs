//! Syzygy probing against python-chess's tables and expected values
//! ($PYTHON_CHESS_SRC/data/syzygy/regular and data/endgame.epd), typed errors on damaged
//! files, and a differential test against python-chess's `chess.syzygy`.
//!
//! The differential draws random positions of every table's material (and positions right
//! after a double pawn step with en passant possible) and compares WDL, DTZ, DTZ without en
//! passant and the values the single WDL and DTZ files store with
//! tests/python/syzygy_oracle.py run by `$PYTHON_CHESS_PYTHON` (else `python3`). The test
//! command checks 3,000 positions; the larger run of the closing note is
//!
//! ```sh
//! SYZYGY_DIFF_POSITIONS=100000 PYTHON_CHESS_PYTHON=.venv/bin/python \
//!     cargo test -p chess-core --profile test-release --features syzygy --test syzygy differential
//! ```
//!
//! Last run (2026-12-02, with DTZ without en passant and the single files' values): 100,000
//! positions, 15,530 of them with en passant, 0 disagreements, 291 s.
#![cfg(feature = "syzygy")]

use std::path::{Path, PathBuf};

use std::collections::HashMap;

use chess_core::syzygy::{Dtz, DtzTable, InvalidTableName, ProbeError, TableKind, Tablebase, Wdl, WdlTable};
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

/// The name of the table file of the position's material in the directory (White's pieces
/// first, or Black's).
fn table_name(src: &Path, p: &Position) -> String {
    let side = |color: Color| -> String {
        let mut name = String::new();
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
            let count = (p.board().by_color(color) & p.board().by_role(role)).len() as usize;
            name.extend(std::iter::repeat_n(role.upper_char(), count));
        }
        name
    };
    let (white, black) = (side(Color::White), side(Color::Black));
    let name = format!("{white}v{black}");
    if tables_dir(src).join(format!("{name}.rtbw")).is_file() { name } else { format!("{black}v{white}") }
}

/// The single WDL and DTZ files of each table, opened as positions need them.
struct SingleFiles<'a> {
    src: &'a Path,
    files: HashMap<String, (WdlTable, DtzTable)>,
}

impl SingleFiles<'_> {
    fn get(&mut self, p: &Position) -> &(WdlTable, DtzTable) {
        let name = table_name(self.src, p);
        let dir = tables_dir(self.src);
        self.files.entry(name).or_insert_with_key(|name| {
            let wdl = WdlTable::new(dir.join(format!("{name}.rtbw"))).unwrap();
            (wdl, DtzTable::new(dir.join(format!("{name}.rtbz"))).unwrap())
        })
    }
}

#[test]
fn single_files_as_python_chess_tests_them() {
    let Some(src) = source_dir() else { return };
    let dir = tables_dir(&src);
    let wdl = WdlTable::new(dir.join("KBNvK.rtbw")).unwrap();
    wdl.open().unwrap();
    for (fen, value) in [
        ("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", -2),
        ("7B/5kNK/8/8/8/8/8/8 w - - 0 1", 2),
        ("N7/8/2k5/8/7K/8/8/B7 w - - 0 1", 2),
        ("8/8/1NkB4/8/7K/8/8/8 w - - 1 1", 0),
        // Black has the pieces: the table's colours swapped.
        ("8/8/8/2n5/2b1K3/2k5/8/8 w - - 0 1", -2),
    ] {
        assert_eq!(wdl.probe(&pos(fen)).map(Wdl::value), Ok(value), "{fen}");
    }
    let mut wdl = WdlTable::new(dir.join("KRvKP.rtbw")).unwrap();
    let (drawn, won) = (pos("8/8/2K5/4P3/8/8/8/3r3k b - - 1 1"), pos("8/8/2K5/8/4P3/8/8/3r3k b - - 1 1"));
    assert_eq!(wdl.probe(&drawn), Ok(Wdl::Draw));
    assert_eq!(wdl.probe(&won), Ok(Wdl::Win));
    // Closed, the file is read again on the next probe.
    wdl.close();
    assert_eq!(wdl.probe(&won), Ok(Wdl::Win));

    let tables = tablebase(&src);
    let dtz = DtzTable::new(dir.join("KRvKN.rtbz")).unwrap();
    dtz.open().unwrap();
    // The table stores only Black to move.
    let white = pos("7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1");
    let black = pos("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1");
    assert_eq!(dtz.probe(&white, Wdl::Win), Ok(None));
    assert_eq!(dtz.probe(&black, Wdl::Loss), Ok(Some(8)));
    assert_eq!(tables.probe_dtz_table(&white, Wdl::Win), Ok(None));
    assert_eq!(tables.probe_dtz_table(&black, Wdl::Loss), Ok(Some(8)));
    // A pawn table, White having the pawn of the file's KNvKP.
    let dtz = DtzTable::new(dir.join("KNvKP.rtbz")).unwrap();
    let p = pos("8/1K6/1P6/8/8/8/6n1/7k w - - 0 1");
    assert_eq!(dtz.probe(&p, Wdl::Win), Ok(Some(2)));
    assert_eq!(tables.probe_dtz_table(&p, Wdl::Win), Ok(Some(2)));

    // Lost unless Black takes en passant.
    let p = pos("8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1");
    assert_eq!(tables.probe_dtz_no_ep(&p), Ok(Dtz(-1)));
    assert_eq!(tables.probe_dtz(&p), Ok(Dtz(1)));
}

#[test]
fn single_files_give_typed_errors() {
    let Some(src) = source_dir() else { return };
    let dir = tables_dir(&src);
    let krk = WdlTable::new(dir.join("KRvK.rtbw")).unwrap();
    assert_eq!(krk.probe(&pos("8/8/8/8/8/1K6/8/1k1r4 b - - 0 1")), Ok(Wdl::Win));
    assert_eq!(
        krk.probe(&pos("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1")),
        Err(ProbeError::MissingTable { material: "KQvK".into(), kind: TableKind::Wdl })
    );
    assert_eq!(krk.probe(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), Err(ProbeError::CastlingRights));
    let krk_dtz = DtzTable::new(dir.join("KRvK.rtbz")).unwrap();
    assert_eq!(
        krk_dtz.probe(&pos("8/8/8/8/8/1k6/8/1K1N4 w - - 0 1"), Wdl::Draw),
        Err(ProbeError::MissingTable { material: "KNvK".into(), kind: TableKind::Dtz })
    );
    assert_eq!(WdlTable::new(dir.join("endgame.epd")).unwrap_err(), InvalidTableName("endgame".into()));
    assert_eq!(DtzTable::from_bytes("KvQ", vec![]).unwrap_err(), InvalidTableName("KvQ".into()));
    let absent = WdlTable::new(dir.join("KQQQvK.rtbw")).unwrap();
    assert_eq!(absent.open().map_err(|e| e.code()), Err(ErrorCode::Io));
    // A DTZ file read as a WDL file, and a truncated file.
    let bytes = std::fs::read(dir.join("KRvK.rtbz")).unwrap();
    let swapped = WdlTable::from_bytes("KRvK", bytes.clone()).unwrap();
    assert!(matches!(swapped.open(), Err(ProbeError::CorruptTable { .. })));
    let cut = DtzTable::from_bytes("KRvK", bytes[..bytes.len() - 64].to_vec()).unwrap();
    let krk = pos("8/8/8/8/8/1k6/8/1K1R4 w - - 0 1");
    assert!(matches!(cut.probe(&krk, Wdl::Win), Err(ProbeError::CorruptTable { .. })));
    let whole = DtzTable::from_bytes("KRvK", bytes).unwrap();
    assert!(matches!(whole.probe(&krk, Wdl::Win), Ok(Some(_))));
}

#[test]
fn single_files_agree_with_the_tablebase() {
    let Some(src) = source_dir() else { return };
    let tables = tablebase(&src);
    let text = std::fs::read_to_string(src.join("data/endgame.epd")).unwrap();
    let epd = text.lines().filter(|l| !l.trim().is_empty()).map(|l| {
        let f: Vec<&str> = l.split(' ').collect();
        pos(&format!("{} {} {} {} 0 1", f[0], f[1], f[2], f[3]))
    });
    let mut files = SingleFiles { src: &src, files: HashMap::new() };
    let (mut checked, mut with_ep) = (0, 0);
    for p in epd.chain(random_positions(&src, 1000, 11)) {
        if p.board().occupied() == p.board().by_role(Role::King) {
            continue;
        }
        let (wdl_file, dtz_file) = files.get(&p);
        let stored = wdl_file.probe(&p);
        assert_eq!(stored, tables.probe_wdl_table(&p), "{}", p.to_fen());
        let stored = stored.unwrap();
        if stored != Wdl::Draw {
            assert_eq!(dtz_file.probe(&p, stored), tables.probe_dtz_table(&p, stored), "{}", p.to_fen());
        }
        // Without an en passant capture, the two DTZ are one.
        if p.legal_ep_square().is_none() {
            assert_eq!(tables.probe_dtz_no_ep(&p), tables.probe_dtz(&p), "{}", p.to_fen());
        } else {
            with_ep += 1;
        }
        checked += 1;
    }
    assert!(checked > 1100 && with_ep > 50, "{checked} positions, {with_ep} with en passant");
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

/// The oracle's line: WDL, DTZ, DTZ without en passant, the WDL file's value and the DTZ
/// file's for it (`-` for a draw or the side to move the file does not store).
fn probe_all(
    tables: &Tablebase,
    (wdl_file, dtz_file): &(WdlTable, DtzTable),
    p: &Position,
) -> Result<String, ProbeError> {
    let stored = wdl_file.probe(p)?;
    let dtz_stored = if stored == Wdl::Draw { None } else { dtz_file.probe(p, stored)? };
    Ok(format!(
        "{} {} {} {} {}",
        tables.probe_wdl(p)?.value(),
        tables.probe_dtz(p)?.0,
        tables.probe_dtz_no_ep(p)?.0,
        stored.value(),
        dtz_stored.map_or("-".to_string(), |v| v.to_string())
    ))
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
    let mut files = SingleFiles { src: &src, files: HashMap::new() };
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
        let got = match probe_all(&tables, files.get(p), p) {
            Ok(got) => got,
            Err(ProbeError::MissingTable { .. }) => {
                missing += 1;
                "missing".into()
            }
            Err(e) => format!("{e:?}"),
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
