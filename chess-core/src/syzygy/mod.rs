//! Syzygy endgame tablebases: win/draw/loss and distance to zeroing for positions of up to
//! seven pieces without castling rights (feature `syzygy`, needs `std`).
//!
//! A [`Tablebase`] knows the `.rtbw` (WDL) and `.rtbz` (DTZ) files of the directories added to
//! it and opens each table on its first probe: files up to 8 MiB are read whole, larger ones
//! a block at a time with positional reads (no memory map, no `unsafe`; the limit is
//! [`Tablebase::set_read_whole_limit`]). Probes take `&self`:
//! one tablebase serves many threads.
//!
//! The values are python-chess's (`chess.syzygy`): [`Tablebase::probe_wdl`] assumes the
//! position was reached by a capture or a pawn move (the halfmove clock is not read), and
//! [`Tablebase::probe_dtz`] gives DTZ50'' with rounding, as the tables store it, en passant
//! resolved as Syzygy defines it. [`Tablebase::best_moves`] takes the halfmove clock into
//! account to keep a win within the fifty-move rule. [`WdlTable`] and [`DtzTable`] read one
//! file on its own: the value it stores for a position, captures and en passant not looked at
//! (python-chess's `probe_wdl_table` and `probe_dtz_table`), to check a table.
//!
//! A damaged file gives [`ProbeError::CorruptTable`] (sizes, magic bytes, the header's pieces
//! and every offset are checked), never a panic or a read outside the file.
//!
//! # Examples
//!
//! ```no_run
//! use chess_core::Position;
//! use chess_core::syzygy::{Tablebase, Wdl};
//!
//! let mut tables = Tablebase::new();
//! tables.add_directory("data/syzygy/regular")?;
//! let pos: Position = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
//! assert_eq!(tables.probe_wdl(&pos)?, Wdl::Loss);
//! assert_eq!(tables.probe_dtz(&pos)?.0, -53);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod material;
mod table;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::sync::{Arc, OnceLock};
use std::vec::Vec;

use material::Material;
pub use table::TableKind;
use table::{Source, Table, TableError};

use crate::{Bitboard, Color, ErrorCode, Move, Position, Role};

/// Win, draw or loss for the side to move, with the fifty-move rule's cursed wins and blessed
/// losses. [`Wdl::value`] gives python-chess's numbers, -2 to 2.
///
/// ```
/// use chess_core::syzygy::Wdl;
/// assert_eq!(Wdl::CursedWin.value(), 1);
/// assert_eq!(Wdl::from_value(-2), Some(Wdl::Loss));
/// assert_eq!(-Wdl::Win, Wdl::Loss);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// A loss that the fifty-move rule turns into a draw.
    BlessedLoss,
    /// A draw.
    Draw,
    /// A win that the fifty-move rule turns into a draw.
    CursedWin,
    /// The side to move wins.
    Win,
}

impl Wdl {
    /// python-chess's number: -2 (loss), -1 (blessed loss), 0, 1 (cursed win), 2 (win).
    pub const fn value(self) -> i32 {
        self as i32 - 2
    }

    /// The result for a python-chess number, `None` outside -2..=2.
    pub const fn from_value(value: i32) -> Option<Wdl> {
        match value {
            -2 => Some(Wdl::Loss),
            -1 => Some(Wdl::BlessedLoss),
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::CursedWin),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }
}

impl core::ops::Neg for Wdl {
    type Output = Wdl;

    /// The same result seen by the other side.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// Distance to zeroing (DTZ50'' with rounding) for the side to move, in plies, as
/// python-chess's `probe_dtz` gives it: positive when winning, negative when losing, 0 for a
/// draw; beyond ±100 when the fifty-move rule saves the loser. It may be one ply more than
/// the real distance (the tables round), never where that changes the result.
///
/// ```
/// use chess_core::syzygy::{Dtz, Wdl};
/// assert_eq!(Dtz(-53).wdl(), Wdl::Loss);
/// assert_eq!(Dtz(101).wdl(), Wdl::CursedWin);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtz(pub i32);

impl Dtz {
    /// The result this distance means for a position reached by a zeroing move.
    pub const fn wdl(self) -> Wdl {
        match self.0 {
            i32::MIN..=-101 => Wdl::BlessedLoss,
            -100..=-1 => Wdl::Loss,
            0 => Wdl::Draw,
            1..=100 => Wdl::Win,
            _ => Wdl::CursedWin,
        }
    }
}

/// Why a probe failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProbeError {
    /// No table of this material (named White first, `KQvKR`) was added.
    #[error("no {kind} table for {material}")]
    MissingTable {
        /// The material, White's pieces first.
        material: String,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// A table file breaks the format (truncated, wrong magic bytes, bad offsets).
    #[error("the {kind} table {table} is corrupt: {reason}")]
    CorruptTable {
        /// The table's name as in its file name.
        table: String,
        /// WDL or DTZ.
        kind: TableKind,
        /// What is wrong.
        reason: &'static str,
    },
    /// Reading a table file failed.
    #[error("reading the {kind} table {table} failed: {error}")]
    Io {
        /// The table's name as in its file name.
        table: String,
        /// WDL or DTZ.
        kind: TableKind,
        /// The operating system's error.
        error: std::io::ErrorKind,
    },
    /// The tables hold no positions with castling rights.
    #[error("the tables hold no positions with castling rights")]
    CastlingRights,
    /// More pieces than any table holds.
    #[error("{count} pieces: the tables hold at most 7")]
    TooManyPieces {
        /// The pieces on the board.
        count: u32,
    },
}

impl ProbeError {
    /// Returns the stable error code: [`ErrorCode::MissingTable`], [`ErrorCode::CorruptTable`],
    /// [`ErrorCode::Io`], or [`ErrorCode::UnsupportedPosition`] for castling rights and too
    /// many pieces.
    ///
    /// ```
    /// use chess_core::ErrorCode;
    /// use chess_core::syzygy::ProbeError;
    ///
    /// assert_eq!(ProbeError::CastlingRights.code(), ErrorCode::UnsupportedPosition);
    /// assert_eq!(ProbeError::TooManyPieces { count: 8 }.code(), ErrorCode::UnsupportedPosition);
    /// ```
    pub fn code(&self) -> ErrorCode {
        match self {
            ProbeError::MissingTable { .. } => ErrorCode::MissingTable,
            ProbeError::CorruptTable { .. } => ErrorCode::CorruptTable,
            ProbeError::Io { .. } => ErrorCode::Io,
            ProbeError::CastlingRights | ProbeError::TooManyPieces { .. } => ErrorCode::UnsupportedPosition,
        }
    }
}

/// A name that is no Syzygy table's (such as `KQvKR`: one king each, at most 7 pieces).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a Syzygy table name")]
pub struct InvalidTableName(pub String);

#[derive(Debug)]
enum Origin {
    Path(PathBuf),
    Bytes(Arc<[u8]>),
}

/// One file, opened on its first probe.
#[derive(Debug, Default)]
struct Slot {
    origin: Option<Origin>,
    table: OnceLock<Result<Table, TableError>>,
}

#[derive(Debug)]
struct Entry {
    /// The material in the orientation of the file name.
    material: Material,
    symmetric: bool,
    /// WDL then DTZ.
    slots: [Slot; 2],
}

impl Entry {
    fn new(material: Material) -> Entry {
        Entry { material, symmetric: material == material.mirrored(), slots: Default::default() }
    }

    /// The table of `kind`, opened on its first use, for a position of `material` (this
    /// entry's, in either orientation): the table, whether the colours are swapped, and the
    /// side of the table to read.
    fn table(
        &self,
        pos: &Position,
        material: Material,
        kind: TableKind,
        read_whole_limit: u64,
    ) -> Result<(&Table, bool, usize), ProbeError> {
        let table = self.open(kind, read_whole_limit, || material.name())?;
        let (flip, side) = if self.symmetric {
            (pos.turn() == Color::Black, 0)
        } else {
            let flip = material != self.material;
            (flip, usize::from((pos.turn() == Color::White) == flip))
        };
        Ok((table, flip, side))
    }

    /// The table of `kind`, opened on its first use; `missing` names the material for the
    /// error when no file of that kind was added.
    fn open(
        &self,
        kind: TableKind,
        read_whole_limit: u64,
        missing: impl FnOnce() -> String,
    ) -> Result<&Table, ProbeError> {
        let slot = &self.slots[kind as usize];
        let origin = slot.origin.as_ref().ok_or_else(|| ProbeError::MissingTable { material: missing(), kind })?;
        let table = slot.table.get_or_init(|| {
            let source = match origin {
                Origin::Path(path) => Source::open(path, read_whole_limit)?,
                Origin::Bytes(bytes) => Source::Memory(bytes.clone()),
            };
            Table::open(source, kind, &self.material)
        });
        table.as_ref().map_err(|e| table_error(self, kind, *e))
    }
}

/// Syzygy tables from directories or memory, probed from any number of threads.
///
/// ```no_run
/// use chess_core::Position;
/// use chess_core::syzygy::Tablebase;
///
/// let mut tables = Tablebase::new();
/// let found = tables.add_directory("/tables/syzygy")?;
/// let pos: Position = "4k3/8/8/8/8/8/8/4K2R w - - 0 1".parse()?;
/// let best = tables.best_moves(&pos)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tablebase {
    entries: Vec<Entry>,
    /// Both orientations of each material lead to its entry.
    index: HashMap<Material, usize, BuildHasherDefault<MaterialHasher>>,
    read_whole_limit: u64,
    /// The most pieces of any table added.
    max_pieces: u32,
}

/// A multiply-rotate hash of a material's twelve counts (one word, see `Material`'s `Hash`):
/// every probe looks one up, and the keys (at most a few thousand tables) need no protection
/// against chosen collisions.
#[derive(Debug, Default, Clone, Copy)]
struct MaterialHasher(u64);

impl Hasher for MaterialHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn finish(&self) -> u64 {
        // The well-mixed high half into the low bits, which choose the bucket.
        self.0 ^ self.0 >> 32
    }
}

impl Default for Tablebase {
    fn default() -> Tablebase {
        Tablebase {
            entries: Vec::new(),
            index: HashMap::default(),
            read_whole_limit: Tablebase::DEFAULT_READ_WHOLE_LIMIT,
            max_pieces: 0,
        }
    }
}

const fn dtz_before_zeroing(wdl: i32) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        -1 => -101,
        -2 => -1,
        _ => 0,
    }
}

impl Tablebase {
    /// Files up to this size (8 MiB) are read whole on their first probe, unless
    /// [`Tablebase::set_read_whole_limit`] says otherwise.
    pub const DEFAULT_READ_WHOLE_LIMIT: u64 = 8 << 20;

    /// An empty tablebase.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Sets the size up to which a file is read whole into memory on its first probe (the
    /// fastest probes); larger files are read a block at a time with positional reads. 0
    /// reads every file a block at a time; `u64::MAX` reads every file whole. Applies to
    /// tables not yet opened.
    ///
    /// ```
    /// let mut tables = chess_core::syzygy::Tablebase::new();
    /// tables.set_read_whole_limit(64 << 20);
    /// ```
    pub fn set_read_whole_limit(&mut self, bytes: u64) {
        self.read_whole_limit = bytes;
    }

    /// Adds the `.rtbw` and `.rtbz` files of a directory (not its subdirectories) and returns
    /// how many were added. Files are opened on their first probe; a later file for the
    /// same table replaces an earlier one.
    ///
    /// ```
    /// let mut tables = chess_core::syzygy::Tablebase::new();
    /// assert!(tables.add_directory("/no/such/directory").is_err());
    /// ```
    pub fn add_directory(&mut self, path: impl AsRef<Path>) -> std::io::Result<usize> {
        let mut added = 0;
        for dir_entry in std::fs::read_dir(path)? {
            let path = dir_entry?.path();
            let (Some(stem), Some(ext)) = (path.file_stem().and_then(|s| s.to_str()), path.extension()) else {
                continue;
            };
            let kind = match ext.to_str() {
                Some("rtbw") => TableKind::Wdl,
                Some("rtbz") => TableKind::Dtz,
                _ => continue,
            };
            if let Some(material) = Material::parse(stem) {
                self.add(material, kind, Origin::Path(path.clone()));
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds a table from memory, by its name (`KQvKR`) and kind: for targets without a file
    /// system, or tables already read.
    ///
    /// ```
    /// use chess_core::syzygy::{TableKind, Tablebase};
    ///
    /// let mut tables = Tablebase::new();
    /// assert!(tables.add_bytes("KQvK", TableKind::Wdl, vec![0; 16]).is_ok());
    /// assert!(tables.add_bytes("KQvQ", TableKind::Wdl, vec![]).is_err());
    /// ```
    pub fn add_bytes(
        &mut self,
        name: &str,
        kind: TableKind,
        bytes: impl Into<Arc<[u8]>>,
    ) -> Result<(), InvalidTableName> {
        let material = Material::parse(name).ok_or_else(|| InvalidTableName(name.to_string()))?;
        self.add(material, kind, Origin::Bytes(bytes.into()));
        Ok(())
    }

    /// The most pieces (kings included) of any table added, 0 without tables: positions
    /// with more are not in the tables.
    ///
    /// ```
    /// use chess_core::syzygy::{TableKind, Tablebase};
    ///
    /// let mut tables = Tablebase::new();
    /// assert_eq!(tables.max_pieces(), 0);
    /// tables.add_bytes("KRPvKR", TableKind::Wdl, vec![])?;
    /// tables.add_bytes("KQvK", TableKind::Wdl, vec![])?;
    /// assert_eq!(tables.max_pieces(), 5);
    /// # Ok::<(), chess_core::syzygy::InvalidTableName>(())
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn add(&mut self, material: Material, kind: TableKind, origin: Origin) {
        self.max_pieces = self.max_pieces.max(material.count());
        let i = *self.index.entry(material).or_insert_with(|| {
            self.entries.push(Entry::new(material));
            self.entries.len() - 1
        });
        self.index.insert(material.mirrored(), i);
        self.entries[i].slots[kind as usize] = Slot { origin: Some(origin), table: OnceLock::new() };
    }

    /// Win, draw or loss for the side to move, as if the position had been reached by a
    /// capture or a pawn move (python-chess's `probe_wdl`).
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// let pos: chess_core::Position = "8/8/8/8/8/8/2k5/K1q5 w - - 0 1".parse()?;
    /// assert_eq!(tables.probe_wdl(&pos)?, chess_core::syzygy::Wdl::Loss);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        check_root(pos)?;
        self.wdl(pos).map(to_wdl)
    }

    /// The value the WDL table stores for the position, captures and en passant not looked
    /// at (python-chess's `probe_wdl_table`): [`Tablebase::probe_wdl`] is the position's
    /// value, this is one of its ingredients, for checking tables.
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// use chess_core::syzygy::Wdl;
    /// // Drawn without the en passant capture, won with it.
    /// let pos: chess_core::Position = "8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2".parse()?;
    /// assert_eq!(tables.probe_wdl_table(&pos)?, Wdl::Draw);
    /// assert_eq!(tables.probe_wdl(&pos)?, Wdl::Win);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl_table(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        check_root(pos)?;
        self.table_wdl(pos).map(to_wdl)
    }

    /// Distance to the next capture or pawn move with best play (python-chess's `probe_dtz`);
    /// needs the WDL and DTZ tables of the material and of what captures lead to.
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// let pos: chess_core::Position = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1".parse()?;
    /// assert_eq!(tables.probe_dtz(&pos)?, chess_core::syzygy::Dtz(-53));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtz(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        check_root(pos)?;
        self.dtz(pos).map(Dtz)
    }

    /// [`Tablebase::probe_dtz`] without the en passant captures (python-chess's
    /// `probe_dtz_no_ep`): the distance if the pawn that just made a double step could not be
    /// taken en passant.
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// use chess_core::syzygy::Dtz;
    /// // Black loses unless it takes en passant: cxd3 wins.
    /// let pos: chess_core::Position = "8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1".parse()?;
    /// assert_eq!(tables.probe_dtz_no_ep(&pos)?, Dtz(-1));
    /// assert_eq!(tables.probe_dtz(&pos)?, Dtz(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtz_no_ep(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        check_root(pos)?;
        self.dtz_no_ep(pos).map(Dtz)
    }

    /// The value the DTZ table stores for the position when its WDL is `wdl`, captures not
    /// looked at (python-chess's `probe_dtz_table`; see [`DtzTable::probe`]): `None` when
    /// the table stores only the other side to move.
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// use chess_core::syzygy::Wdl;
    /// let pos: chess_core::Position = "7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1".parse()?;
    /// assert_eq!(tables.probe_dtz_table(&pos, Wdl::Loss)?, Some(8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtz_table(&self, pos: &Position, wdl: Wdl) -> Result<Option<i32>, ProbeError> {
        check_root(pos)?;
        self.table_dtz(pos, wdl.value())
    }

    /// The result of each legal move for the side that plays it (each as [`probe_wdl`]
    /// gives it for the position after the move, seen from the mover).
    ///
    /// [`probe_wdl`]: Tablebase::probe_wdl
    pub fn move_wdls(&self, pos: &Position) -> Result<Vec<(Move, Wdl)>, ProbeError> {
        check_root(pos)?;
        pos.legal_moves().into_iter().map(|m| Ok((m, to_wdl(-self.wdl(&child(pos, m))?)))).collect()
    }

    /// The legal moves that keep the best result under the fifty-move rule, counted from the
    /// position's halfmove clock: a mate first, then the fastest way to the next zeroing move
    /// when winning, the slowest when losing, every drawing move when drawn. Empty when
    /// there is no legal move.
    ///
    /// ```no_run
    /// # let tables = chess_core::syzygy::Tablebase::new();
    /// let pos: chess_core::Position = "7k/8/6K1/8/8/8/8/R7 w - - 0 1".parse()?;
    /// assert_eq!(tables.best_moves(&pos)?, vec![pos.parse_san("Ra8")?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_moves(&self, pos: &Position) -> Result<Vec<Move>, ProbeError> {
        check_root(pos)?;
        let clock = i64::from(pos.halfmove_clock());
        let mut ranked = Vec::new();
        for m in pos.legal_moves() {
            let after = child(pos, m);
            let rank = if after.is_checkmate() {
                (Wdl::Win, i64::MAX)
            } else {
                // The distance from the mover's side, counting the move itself.
                let (v, clock) = if pos.is_zeroing(m) {
                    (i64::from(dtz_before_zeroing(-self.wdl(&after)?)), 0)
                } else {
                    let d = -i64::from(self.dtz(&after)?);
                    (d + d.signum(), clock)
                };
                let wdl = match v {
                    0 => Wdl::Draw,
                    1.. if v + clock <= 100 => Wdl::Win,
                    1.. => Wdl::CursedWin,
                    _ if clock - v <= 100 => Wdl::Loss,
                    _ => Wdl::BlessedLoss,
                };
                (wdl, -v)
            };
            ranked.push((rank, m));
        }
        let best = ranked.iter().map(|(rank, _)| *rank).max();
        Ok(ranked.into_iter().filter(|(rank, _)| Some(*rank) == best).map(|(_, m)| m).collect())
    }

    /// The table of the position's material for the side to move: its entry, whether the
    /// colours are swapped, and the side of the table to read.
    fn lookup(&self, pos: &Position, kind: TableKind) -> Result<(&Entry, &Table, bool, usize), ProbeError> {
        let material = Material::of(pos.board());
        let entry = self.index.get(&material).map(|&i| &self.entries[i]);
        let entry = entry.ok_or_else(|| ProbeError::MissingTable { material: material.name(), kind })?;
        let (table, flip, side) = entry.table(pos, material, kind, self.read_whole_limit)?;
        Ok((entry, table, flip, side))
    }

    /// The WDL table's value, captures not resolved.
    fn table_wdl(&self, pos: &Position) -> Result<i32, ProbeError> {
        if pos.board().occupied() == pos.board().by_role(Role::King) {
            return Ok(0);
        }
        let (entry, table, flip, side) = self.lookup(pos, TableKind::Wdl)?;
        table.probe_wdl(pos, flip, side).map_err(|e| table_error(entry, TableKind::Wdl, e))
    }

    /// The DTZ table's value, or `None` when it stores the other side to move.
    fn table_dtz(&self, pos: &Position, wdl: i32) -> Result<Option<i32>, ProbeError> {
        let (entry, table, flip, side) = self.lookup(pos, TableKind::Dtz)?;
        table.probe_dtz(pos, flip, side, entry.symmetric, wdl).map_err(|e| table_error(entry, TableKind::Dtz, e))
    }

    /// Alpha-beta over captures (en passant aside) down to the tables: the value, and 2 when
    /// a capture decides it (a beta cutoff, or a capture at least as good as the table's
    /// value and winning), else 1.
    fn probe_ab(&self, pos: &Position, mut alpha: i32, beta: i32) -> Result<(i32, u8), ProbeError> {
        if attacks_a_piece(pos) {
            let them = pos.board().by_color(!pos.turn());
            // A beta cutoff, or the first error: the remaining captures are passed over.
            let mut cutoff = Ok(None);
            pos.for_each_legal_move_masked(Bitboard::FULL, them, |m| {
                if !matches!(cutoff, Ok(None)) {
                    return;
                }
                match self.probe_ab(&child(pos, m), -beta, -alpha) {
                    Ok((v, _)) if -v >= beta => cutoff = Ok(Some(-v)),
                    Ok((v, _)) => alpha = alpha.max(-v),
                    Err(e) => cutoff = Err(e),
                }
            });
            if let Some(v) = cutoff? {
                return Ok((v, 2));
            }
        }
        let v = self.table_wdl(pos)?;
        Ok(if alpha >= v { (alpha, 1 + u8::from(alpha > 0)) } else { (v, 1) })
    }

    /// The best value of the legal en passant captures, if any.
    fn best_en_passant(&self, pos: &Position) -> Result<Option<i32>, ProbeError> {
        let Some(ep) = pos.ep_square() else { return Ok(None) };
        let pawns = pos.board().by_color(pos.turn()) & pos.board().by_role(Role::Pawn);
        let mut best = None;
        for m in pos.legal_moves_masked(pawns, ep) {
            if m.is_en_passant() {
                let v = -self.probe_ab(&child(pos, m), -2, 2)?.0;
                best = best.max(Some(v));
            }
        }
        Ok(best)
    }

    fn only_en_passant_moves(pos: &Position) -> bool {
        pos.legal_moves().iter().all(|m| m.is_en_passant())
    }

    /// WDL with en passant (python-chess's `probe_wdl`).
    fn wdl(&self, pos: &Position) -> Result<i32, ProbeError> {
        let v = self.probe_ab(pos, -2, 2)?.0;
        Ok(match self.best_en_passant(pos)? {
            Some(ep) if ep >= v => ep,
            Some(ep) if v == 0 && Self::only_en_passant_moves(pos) => ep,
            _ => v,
        })
    }

    /// DTZ without en passant (python-chess's `probe_dtz_no_ep`).
    fn dtz_no_ep(&self, pos: &Position) -> Result<i32, ProbeError> {
        let (wdl, decided) = self.probe_ab(pos, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if decided == 2 {
            return Ok(dtz_before_zeroing(wdl));
        }
        let board = pos.board();
        let pawns = board.by_color(pos.turn()) & board.by_role(Role::Pawn);
        let empty = !board.occupied();
        if wdl > 0 {
            // A pawn move keeping the win zeroes at once.
            for m in pos.legal_moves_masked(pawns, empty) {
                if !m.is_en_passant() && -self.wdl(&child(pos, m))? == wdl {
                    return Ok(dtz_before_zeroing(wdl));
                }
            }
        }
        if let Some(dtz) = self.table_dtz(pos, wdl)? {
            return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { dtz } else { -dtz });
        }
        // The table stores the other side to move: one ply deeper.
        if wdl > 0 {
            let mut best = 0xffff;
            for m in pos.legal_moves_masked(!pawns, empty) {
                let after = child(pos, m);
                let v = -self.dtz(&after)?;
                if v == 1 && after.is_checkmate() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for m in pos.legal_moves() {
                let after = child(pos, m);
                let v = if !pos.is_zeroing(m) {
                    -self.dtz(&after)? - 1
                } else if wdl == -2 {
                    -1
                } else if self.probe_ab(&after, 1, 2)?.0 == 2 {
                    0
                } else {
                    -101
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    /// DTZ with en passant (python-chess's `probe_dtz`).
    fn dtz(&self, pos: &Position) -> Result<i32, ProbeError> {
        let v = self.dtz_no_ep(pos)?;
        let Some(ep) = self.best_en_passant(pos)? else { return Ok(v) };
        let ep = dtz_before_zeroing(ep);
        let take = match v {
            ..-100 => ep >= 0,
            -100..0 => !(-100..0).contains(&ep),
            101.. => ep > 0,
            1..=100 => ep == 1,
            0 => ep >= 0 || Self::only_en_passant_moves(pos),
        };
        Ok(if take { ep } else { v })
    }
}

/// One WDL table file on its own (python-chess's `WdlTable`): the value it stores for a
/// position of its material, captures and en passant not looked at. For checking a file;
/// [`Tablebase`] gives the positions' values.
///
/// ```
/// use chess_core::syzygy::{ProbeError, WdlTable};
///
/// // The name says the material; the file is read on the first probe.
/// let table = WdlTable::new("/tables/KBNvK.rtbw")?;
/// let pos: chess_core::Position = "8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1".parse()?;
/// assert!(matches!(table.probe(&pos), Err(ProbeError::Io { .. })));
/// assert!(WdlTable::new("/tables/KBNK.rtbw").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct WdlTable(SingleTable);

/// One DTZ table file on its own (python-chess's `DtzTable`): the distance it stores for a
/// position of its material, captures and en passant not looked at, for the side to move
/// it stores. For checking a file; [`Tablebase`] gives the positions' distances.
///
/// ```
/// use chess_core::syzygy::{DtzTable, ProbeError, Wdl};
///
/// let table = DtzTable::from_bytes("KRvKN", vec![0; 16])?;
/// let pos: chess_core::Position = "7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1".parse()?;
/// assert!(matches!(table.probe(&pos, Wdl::Loss), Err(ProbeError::CorruptTable { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DtzTable(SingleTable);

/// A table of one kind and material, opened on its first probe.
#[derive(Debug)]
struct SingleTable {
    entry: Entry,
    kind: TableKind,
}

impl SingleTable {
    fn new(path: PathBuf, kind: TableKind) -> Result<SingleTable, InvalidTableName> {
        let stem = path.file_stem().and_then(|s| s.to_str());
        let material = stem.and_then(Material::parse);
        let material = material.ok_or_else(|| InvalidTableName(stem.unwrap_or_default().to_string()))?;
        Ok(SingleTable::with(material, kind, Origin::Path(path)))
    }

    fn from_bytes(name: &str, kind: TableKind, bytes: Arc<[u8]>) -> Result<SingleTable, InvalidTableName> {
        let material = Material::parse(name).ok_or_else(|| InvalidTableName(name.to_string()))?;
        Ok(SingleTable::with(material, kind, Origin::Bytes(bytes)))
    }

    fn with(material: Material, kind: TableKind, origin: Origin) -> SingleTable {
        let mut entry = Entry::new(material);
        entry.slots[kind as usize].origin = Some(origin);
        SingleTable { entry, kind }
    }

    fn open(&self) -> Result<&Table, ProbeError> {
        self.entry.open(self.kind, Tablebase::DEFAULT_READ_WHOLE_LIMIT, || self.entry.material.name())
    }

    fn close(&mut self) {
        self.entry.slots[self.kind as usize].table = OnceLock::new();
    }

    /// The table for a position of its material: whether the colours are swapped and the
    /// side to read; [`ProbeError::MissingTable`] for a position of another material.
    fn table(&self, pos: &Position) -> Result<(&Table, bool, usize), ProbeError> {
        check_root(pos)?;
        let material = Material::of(pos.board());
        if material != self.entry.material && material != self.entry.material.mirrored() {
            return Err(ProbeError::MissingTable { material: material.name(), kind: self.kind });
        }
        self.entry.table(pos, material, self.kind, Tablebase::DEFAULT_READ_WHOLE_LIMIT)
    }

    fn error(&self, error: TableError) -> ProbeError {
        table_error(&self.entry, self.kind, error)
    }
}

impl WdlTable {
    /// The table of a `.rtbw` file, its material read from the file name (`KBNvK.rtbw`);
    /// the file is read on the first probe or [`WdlTable::open`].
    pub fn new(path: impl Into<PathBuf>) -> Result<WdlTable, InvalidTableName> {
        SingleTable::new(path.into(), TableKind::Wdl).map(WdlTable)
    }

    /// The table from memory, by its name (`KBNvK`).
    ///
    /// ```
    /// use chess_core::syzygy::WdlTable;
    /// assert!(WdlTable::from_bytes("KQvKR", vec![0; 16]).is_ok());
    /// assert!(WdlTable::from_bytes("KQvQ", vec![]).is_err());
    /// ```
    pub fn from_bytes(name: &str, bytes: impl Into<Arc<[u8]>>) -> Result<WdlTable, InvalidTableName> {
        SingleTable::from_bytes(name, TableKind::Wdl, bytes.into()).map(WdlTable)
    }

    /// Reads and checks the header now (python-chess's `init_table_wdl`) rather than on the
    /// first probe.
    ///
    /// ```
    /// let table = chess_core::syzygy::WdlTable::from_bytes("KQvK", vec![0; 16])?;
    /// assert!(table.open().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(&self) -> Result<(), ProbeError> {
        self.0.open().map(drop)
    }

    /// Closes the file; the next probe reads it again.
    ///
    /// ```
    /// let mut table = chess_core::syzygy::WdlTable::new("KQvK.rtbw")?;
    /// table.close();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn close(&mut self) {
        self.0.close();
    }

    /// The value the table stores for a position of its material (either colour may have
    /// the table's White pieces), captures and en passant not looked at (python-chess's
    /// `WdlTable.probe_wdl_table`). [`ProbeError::MissingTable`] for a position of another
    /// material.
    ///
    /// ```no_run
    /// use chess_core::syzygy::{Wdl, WdlTable};
    ///
    /// let table = WdlTable::new("data/syzygy/regular/KRvKP.rtbw")?;
    /// let pos: chess_core::Position = "8/8/2K5/8/4P3/8/8/3r3k b - - 1 1".parse()?;
    /// assert_eq!(table.probe(&pos)?, Wdl::Win);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        let (table, flip, side) = self.0.table(pos)?;
        table.probe_wdl(pos, flip, side).map(to_wdl).map_err(|e| self.0.error(e))
    }
}

impl DtzTable {
    /// The table of a `.rtbz` file, its material read from the file name (`KRvKN.rtbz`);
    /// the file is read on the first probe or [`DtzTable::open`].
    ///
    /// ```
    /// use chess_core::syzygy::DtzTable;
    /// assert!(DtzTable::new("KRvKN.rtbz").is_ok());
    /// assert!(DtzTable::new("README.txt").is_err());
    /// ```
    pub fn new(path: impl Into<PathBuf>) -> Result<DtzTable, InvalidTableName> {
        SingleTable::new(path.into(), TableKind::Dtz).map(DtzTable)
    }

    /// The table from memory, by its name (`KRvKN`).
    pub fn from_bytes(name: &str, bytes: impl Into<Arc<[u8]>>) -> Result<DtzTable, InvalidTableName> {
        SingleTable::from_bytes(name, TableKind::Dtz, bytes.into()).map(DtzTable)
    }

    /// Reads and checks the header now (python-chess's `init_table_dtz`) rather than on the
    /// first probe.
    ///
    /// ```
    /// let table = chess_core::syzygy::DtzTable::new("/no/such/KRvKN.rtbz")?;
    /// assert!(table.open().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(&self) -> Result<(), ProbeError> {
        self.0.open().map(drop)
    }

    /// Closes the file; the next probe reads it again.
    pub fn close(&mut self) {
        self.0.close();
    }

    /// The distance the table stores for a position of its material whose WDL is `wdl`,
    /// captures and en passant not looked at (python-chess's `DtzTable.probe_dtz_table`):
    /// plies (0 or more) to the next zeroing move after the best one, which
    /// [`Tablebase::probe_dtz`] adds; `None` when the table stores only the other side to
    /// move. [`ProbeError::MissingTable`] for a position of another material.
    ///
    /// ```no_run
    /// use chess_core::syzygy::{DtzTable, Wdl};
    ///
    /// let table = DtzTable::new("data/syzygy/regular/KRvKN.rtbz")?;
    /// let pos: chess_core::Position = "7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1".parse()?;
    /// assert_eq!(table.probe(&pos, Wdl::Loss)?, Some(8));
    /// // The table stores only the losing side to move.
    /// let pos: chess_core::Position = "7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1".parse()?;
    /// assert_eq!(table.probe(&pos, Wdl::Win)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe(&self, pos: &Position, wdl: Wdl) -> Result<Option<i32>, ProbeError> {
        let (table, flip, side) = self.0.table(pos)?;
        table.probe_dtz(pos, flip, side, self.0.entry.symmetric, wdl.value()).map_err(|e| self.0.error(e))
    }
}

/// Whether the side to move attacks a piece of the other side (en passant aside): a cheap
/// test before generating captures, which most positions of a table have none of.
fn attacks_a_piece(pos: &Position) -> bool {
    let board = pos.board();
    let (us, occupied) = (pos.turn(), board.occupied());
    let targets = board.by_color(!us) & !board.by_role(Role::King);
    targets.into_iter().any(|sq| board.attackers_to(sq, us, occupied).any())
}

fn child(pos: &Position, m: Move) -> Position {
    let mut after = *pos;
    after.play_unchecked(m);
    after
}

fn to_wdl(v: i32) -> Wdl {
    // Every value comes from a table, checked to be in -2..=2.
    Wdl::from_value(v).unwrap_or(Wdl::Draw)
}

fn check_root(pos: &Position) -> Result<(), ProbeError> {
    if pos.castling_rights().any() {
        return Err(ProbeError::CastlingRights);
    }
    let count = pos.board().occupied().len();
    if count as usize > table::MAX_PIECES {
        return Err(ProbeError::TooManyPieces { count });
    }
    Ok(())
}

fn table_error(entry: &Entry, kind: TableKind, error: TableError) -> ProbeError {
    let table = entry.material.name();
    match error {
        TableError::Corrupt(reason) => ProbeError::CorruptTable { table, kind, reason },
        TableError::Io(error) => ProbeError::Io { table, kind, error },
    }
}

// One tablebase is probed from many threads.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Tablebase>();
};
