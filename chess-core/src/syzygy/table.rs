//! One Syzygy table file: its header, the index of a position, and the decompression of the
//! value stored for it.
//!
//! Written from the public descriptions of the format and Fathom's MIT-licensed reader. Every
//! read is bounds-checked against the file: a damaged file gives a [`TableError`], never a
//! panic, an endless loop or a read outside the file.

use std::boxed::Box;
use std::fs::File;
use std::sync::Arc;
use std::vec::Vec;

use super::material::Material;
use crate::{Color, Piece, Position, Role};

/// Why a table could not answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableError {
    /// The bytes break the format.
    Corrupt(&'static str),
    /// The file system failed.
    Io(std::io::ErrorKind),
}

type Result<T> = core::result::Result<T, TableError>;

fn corrupt<T>(reason: &'static str) -> Result<T> {
    Err(TableError::Corrupt(reason))
}

/// WDL or DTZ: the two kinds of table this reader knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Win/draw/loss tables (`.rtbw`).
    Wdl,
    /// Distance-to-zeroing tables (`.rtbz`).
    Dtz,
}

impl TableKind {
    /// The file extension, without the dot: `rtbw` or `rtbz`.
    ///
    /// ```
    /// use chess_core::syzygy::TableKind;
    /// assert_eq!(TableKind::Dtz.extension(), "rtbz");
    /// ```
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }

    const fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            TableKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

impl core::fmt::Display for TableKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            TableKind::Wdl => "WDL",
            TableKind::Dtz => "DTZ",
        })
    }
}

/// Where a table's bytes come from: memory, or positional reads of a file.
#[derive(Debug)]
pub(crate) enum Source {
    Memory(Arc<[u8]>),
    File(File, u64),
}

impl Source {
    /// Opens a file: read whole up to `read_whole_limit` bytes (or where the platform has no
    /// positional reads), else for positional reads.
    pub(crate) fn open(path: &std::path::Path, read_whole_limit: u64) -> Result<Source> {
        let io = |e: std::io::Error| TableError::Io(e.kind());
        let file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if cfg!(any(unix, windows)) && len > read_whole_limit {
            Ok(Source::File(file, len))
        } else {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::Read::take(file, len), &mut bytes).map_err(io)?;
            Ok(Source::Memory(bytes.into()))
        }
    }

    fn len(&self) -> u64 {
        match self {
            Source::Memory(bytes) => bytes.len() as u64,
            Source::File(_, len) => *len,
        }
    }

    /// Fills `buf` from `offset`; bytes past the end of the file read as zero.
    fn read_zero_filled(&self, buf: &mut [u8], offset: u64) -> Result<()> {
        let len = self.len();
        let available = usize::try_from(len.saturating_sub(offset)).unwrap_or(usize::MAX).min(buf.len());
        let (head, tail) = buf.split_at_mut(available);
        tail.fill(0);
        if head.is_empty() {
            return Ok(());
        }
        match self {
            Source::Memory(bytes) => {
                // `offset + available <= len` by the computation of `available`.
                let start = offset as usize;
                head.copy_from_slice(&bytes[start..start + available]);
                Ok(())
            }
            Source::File(file, _) => read_file_at(file, head, offset),
        }
    }

    /// Fills `buf` from `offset`, all inside the file.
    fn read_exact(&self, buf: &mut [u8], offset: u64) -> Result<()> {
        match offset.checked_add(buf.len() as u64) {
            Some(end) if end <= self.len() => self.read_zero_filled(buf, offset),
            _ => corrupt("a read past the end of the file"),
        }
    }

    /// The `N` bytes at `offset`, all inside the file: taken from memory without a copy
    /// through a buffer (every probe reads its index entry and block sizes this way).
    fn array_at<const N: usize>(&self, offset: u64) -> Result<[u8; N]> {
        let past_end = TableError::Corrupt("a read past the end of the file");
        match self {
            Source::Memory(bytes) => {
                let start = usize::try_from(offset).map_err(|_| past_end)?;
                bytes.get(start..).and_then(|rest| rest.first_chunk()).copied().ok_or(past_end)
            }
            Source::File(..) => {
                let mut buf = [0; N];
                self.read_exact(&mut buf, offset)?;
                Ok(buf)
            }
        }
    }
}

#[cfg(unix)]
fn read_file_at(file: &File, buf: &mut [u8], offset: u64) -> Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset).map_err(|e| TableError::Io(e.kind()))
}

#[cfg(windows)]
fn read_file_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> Result<()> {
    while !buf.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buf, offset) {
            Ok(0) => return Err(TableError::Io(std::io::ErrorKind::UnexpectedEof)),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(TableError::Io(e.kind())),
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_file_at(_: &File, _: &mut [u8], _: u64) -> Result<()> {
    // `Source::open` reads whole files on these platforms: no `Source::File` exists.
    Err(TableError::Io(std::io::ErrorKind::Unsupported))
}

/// A cursor over the header, reading the file in growing chunks.
struct Header<'a> {
    source: &'a Source,
    bytes: Vec<u8>,
    pos: u64,
}

impl Header<'_> {
    fn ensure(&mut self, end: u64) -> Result<()> {
        if end > self.source.len() {
            return corrupt("the header runs past the end of the file");
        }
        if end > self.bytes.len() as u64 {
            let new_len = end.max(2 * self.bytes.len() as u64).max(4096).min(self.source.len());
            let old = self.bytes.len();
            self.bytes.resize(new_len as usize, 0);
            self.source.read_exact(&mut self.bytes[old..], old as u64)?;
        }
        Ok(())
    }

    fn bytes(&mut self, n: u64) -> Result<&[u8]> {
        let start = self.pos;
        let end = start.checked_add(n).ok_or(TableError::Corrupt("a size past the end of the file"))?;
        self.ensure(end)?;
        self.pos = end;
        Ok(&self.bytes[start as usize..end as usize])
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(self.bytes(1)?[0])
    }

    fn u16(&mut self) -> Result<u16> {
        let b = self.bytes(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn align(&mut self, to: u64) {
        self.pos = self.pos.div_ceil(to) * to;
    }

    fn skip(&mut self, n: u64) -> Result<u64> {
        let start = self.pos;
        self.pos = start.checked_add(n).ok_or(TableError::Corrupt("a size past the end of the file"))?;
        Ok(start)
    }
}

/// The most pieces a table holds.
pub(crate) const MAX_PIECES: usize = 7;
/// The longest Huffman code this reader decodes (the format's decoder reads 32 bits a step).
const MAX_CODE_LEN: u8 = 32;
/// The largest block, as a power of two, accepted from a header.
const MAX_BLOCK_SIZE: u8 = 24;

/// The Huffman-coded values of one part of a table (one side to move, one leading pawn file).
#[derive(Debug)]
enum Pairs {
    /// Every position of the part has this value.
    Const(u8),
    Huffman(Box<Huffman>),
}

#[derive(Debug)]
struct Huffman {
    block_size: u8,
    idx_bits: u8,
    real_num_blocks: u32,
    num_blocks: u64,
    num_indices: u64,
    /// The smallest code of each length from the shortest up, left-aligned in 64 bits, then
    /// 0: a code is of the first length whose base it reaches, and every code reaches the 0
    /// (the search needs no other end).
    base: [u64; LEVEL_SLOTS],
    /// The symbol of the smallest code of each length.
    first_symbol: [u16; LEVEL_SLOTS],
    /// The shortest length in bits: `base[k]` is of length `min_len + k`.
    min_len: u8,
    /// The number of lengths.
    num_lens: u8,
    /// Each symbol's number of values minus one (under 256 in the format): one byte each, as
    /// the decoding loop reads one for every symbol it passes.
    sym_len: Vec<u8>,
    /// Each symbol's value or pair, read only for the symbol found.
    symbols: Vec<Symbol>,
    index_table: u64,
    size_table: u64,
    data: u64,
}

/// The slots of a Huffman table's arrays by code length: more than the [`MAX_CODE_LEN`]
/// lengths, so that a 0 base follows the last, and fixed, so that an index found in `base`
/// needs no bounds check in the others.
const LEVEL_SLOTS: usize = 64;

/// A symbol of the Huffman code: a value, or a pair of symbols.
#[derive(Debug, Clone, Copy)]
struct Symbol {
    /// A leaf's value, or a pair's first symbol.
    left: u16,
    /// [`LEAF`] for a leaf, or a pair's second symbol.
    right: u16,
}

impl Pairs {
    /// Reads the pair header and the symbol table; the three offsets are filled later.
    fn read(h: &mut Header<'_>, tb_size: u64, kind: TableKind) -> Result<(Pairs, u8)> {
        let flags = h.u8()?;
        if flags & 0x80 != 0 {
            let value = h.u8()?;
            return Ok((Pairs::Const(if kind == TableKind::Wdl { value } else { 0 }), flags));
        }
        let head = h.bytes(9)?;
        let (block_size, idx_bits, extra_blocks) = (head[0], head[1], head[2]);
        let real_num_blocks = u32::from_le_bytes([head[3], head[4], head[5], head[6]]);
        let (max_len, min_len) = (head[7], head[8]);
        if block_size > MAX_BLOCK_SIZE || !(1..=40).contains(&idx_bits) {
            return corrupt("a block size or index step out of range");
        }
        if min_len == 0 || max_len < min_len || max_len > MAX_CODE_LEN {
            return corrupt("code lengths out of range");
        }
        let h_len = usize::from(max_len - min_len) + 1;
        let mut offsets = Vec::with_capacity(h_len);
        for _ in 0..h_len {
            offsets.push(h.u16()?);
        }
        let num_syms = h.u16()?;
        let raw = h.bytes(3 * u64::from(num_syms))?;
        let sym_pat: Vec<[u8; 3]> = raw.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        h.skip(u64::from(num_syms & 1))?;
        let sym_len = symbol_lengths(&sym_pat)?;
        let symbols = sym_pat
            .iter()
            .map(|&pat| {
                let (left, right) = children(pat);
                Symbol { left, right }
            })
            .collect();

        let mut base = [0u64; LEVEL_SLOTS];
        for i in (0..h_len - 1).rev() {
            base[i] = base[i + 1].wrapping_add(u64::from(offsets[i])).wrapping_sub(u64::from(offsets[i + 1])) / 2;
        }
        for (i, b) in base[..h_len].iter_mut().enumerate() {
            *b <<= 64 - (u32::from(min_len) + i as u32);
        }
        let mut first_symbol = [0u16; LEVEL_SLOTS];
        first_symbol[..h_len].copy_from_slice(&offsets);
        let huffman = Huffman {
            block_size,
            idx_bits,
            real_num_blocks,
            num_blocks: u64::from(real_num_blocks) + u64::from(extra_blocks),
            num_indices: tb_size.div_ceil(1 << idx_bits),
            base,
            first_symbol,
            min_len,
            num_lens: h_len as u8,
            sym_len,
            symbols,
            index_table: 0,
            size_table: 0,
            data: 0,
        };
        Ok((Pairs::Huffman(Box::new(huffman)), flags))
    }

    /// The 12-bit value stored for index `idx`.
    fn value(&self, source: &Source, idx: u64) -> Result<u16> {
        match self {
            Pairs::Const(v) => Ok(u16::from(*v)),
            Pairs::Huffman(d) => d.value(source, idx),
        }
    }
}

const LEAF: u16 = 0xfff;

fn children(pat: [u8; 3]) -> (u16, u16) {
    let left = u16::from(pat[1] & 0xf) << 8 | u16::from(pat[0]);
    let right = u16::from(pat[2]) << 4 | u16::from(pat[1] >> 4);
    (left, right)
}

/// Each symbol's number of values minus one, checking that the pairs form no cycle, name
/// only existing symbols (iteratively: a damaged file cannot make it recurse) and stand for
/// at most 256 values (the format's limit).
fn symbol_lengths(sym_pat: &[[u8; 3]]) -> Result<Vec<u8>> {
    const TODO: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = sym_pat.len();
    let mut len = std::vec![0u8; n];
    let mut state = std::vec![TODO; n];
    let mut stack = Vec::new();
    for root in 0..n {
        if state[root] == DONE {
            continue;
        }
        stack.push(root);
        while let Some(&s) = stack.last() {
            let (l, r) = children(sym_pat[s]);
            if r == LEAF {
                state[s] = DONE;
                stack.pop();
                continue;
            }
            let (l, r) = (usize::from(l), usize::from(r));
            if l >= n || r >= n {
                return corrupt("a symbol names a symbol that does not exist");
            }
            state[s] = OPEN;
            let mut pending = false;
            for child in [l, r] {
                match state[child] {
                    DONE => {}
                    OPEN => return corrupt("the symbols form a cycle"),
                    _ => {
                        stack.push(child);
                        pending = true;
                    }
                }
            }
            if !pending {
                let values = u32::from(len[l]) + u32::from(len[r]) + 1;
                len[s] = u8::try_from(values).map_err(|_| TableError::Corrupt("a symbol of more than 256 values"))?;
                state[s] = DONE;
                stack.pop();
            }
        }
    }
    Ok(len)
}

impl Huffman {
    fn block_entries(&self, source: &Source, block: u64) -> Result<i64> {
        if block >= self.num_blocks {
            return corrupt("a block past the size table");
        }
        Ok(i64::from(u16::from_le_bytes(source.array_at(self.size_table + 2 * block)?)))
    }

    fn value(&self, source: &Source, idx: u64) -> Result<u16> {
        let main_idx = idx >> self.idx_bits;
        if main_idx >= self.num_indices {
            return corrupt("an index past the index table");
        }
        let entry: [u8; 6] = source.array_at(self.index_table + 6 * main_idx)?;
        let mut block = u64::from(u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]));
        let half = 1i64 << (self.idx_bits - 1);
        let mut lit_idx =
            (idx & ((1 << self.idx_bits) - 1)) as i64 - half + i64::from(u16::from_le_bytes([entry[4], entry[5]]));
        while lit_idx < 0 {
            block = block.checked_sub(1).ok_or(TableError::Corrupt("a block before the first"))?;
            lit_idx += self.block_entries(source, block)? + 1;
        }
        loop {
            let entries = self.block_entries(source, block)?;
            if lit_idx <= entries {
                break;
            }
            lit_idx -= entries + 1;
            block += 1;
        }
        if block >= u64::from(self.real_num_blocks) {
            return corrupt("a block past the data");
        }
        let start = self.data + (block << self.block_size);
        let len = 1usize << self.block_size;
        let buffer;
        let bytes = match source {
            // In memory: the block and what follows (the decoder may read ahead).
            Source::Memory(all) => usize::try_from(start).ok().and_then(|start| all.get(start..)).unwrap_or_default(),
            Source::File(..) => {
                let mut block = std::vec![0u8; len + 8];
                source.read_zero_filled(&mut block, start)?;
                buffer = block;
                &buffer[..]
            }
        };
        let mut bits = BitReader { bytes, at: 0 };

        // The symbols of the block, one after the other, until the one holding `lit_idx`.
        let mut code = u64::from(bits.next_u32()) << 32 | u64::from(bits.next_u32());
        let mut bit_cnt = 0u32;
        let mut symbol = loop {
            // A linear search from the shortest length, as the format's own decoder does: the
            // processor predicts its branches, so the next code need not wait for a load.
            // At most the number of lengths: the base after the last is 0 (so never `None`).
            let k = self.base.iter().position(|&base| code >= base).unwrap_or(0);
            if k >= usize::from(self.num_lens) {
                return corrupt("a code longer than the longest");
            }
            let len = self.min_len + k as u8;
            let sym = u64::from(self.first_symbol[k]) + ((code - self.base[k]) >> (64 - u32::from(len)));
            let Some(&values) = usize::try_from(sym).ok().and_then(|sym| self.sym_len.get(sym)) else {
                return corrupt("a code for a symbol that does not exist");
            };
            if lit_idx <= i64::from(values) {
                // Below `sym_len.len()`, which fits in a `u16`.
                break sym as u16;
            }
            lit_idx -= i64::from(values) + 1;
            code <<= len;
            bit_cnt += u32::from(len);
            if bit_cnt >= 32 {
                bit_cnt -= 32;
                code |= u64::from(bits.next_u32()) << bit_cnt;
            }
        };
        // Down the pairs to the value (`symbol_lengths` checked that they name symbols).
        loop {
            let missing = TableError::Corrupt("a symbol names a symbol that does not exist");
            let Symbol { left, right } = *self.symbols.get(usize::from(symbol)).ok_or(missing)?;
            if right == LEAF {
                return Ok(left);
            }
            let left_values = i64::from(*self.sym_len.get(usize::from(left)).ok_or(missing)?) + 1;
            if lit_idx < left_values {
                symbol = left;
            } else {
                lit_idx -= left_values;
                symbol = right;
            }
        }
    }
}

/// Big-endian words of a block; zero past its end (a damaged file's codes may run over).
struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn next_u32(&mut self) -> u32 {
        let word = match self.bytes.get(self.at..self.at + 4) {
            Some(b) => u32::from_be_bytes([b[0], b[1], b[2], b[3]]),
            None => {
                let mut b = [0u8; 4];
                let rest = self.bytes.get(self.at..).unwrap_or_default();
                b[..rest.len().min(4)].copy_from_slice(&rest[..rest.len().min(4)]);
                u32::from_be_bytes(b)
            }
        };
        self.at += 4;
        word
    }
}

/// How the squares of one part are turned into an index.
#[derive(Debug)]
struct Part {
    /// The pieces in the order the table encodes them (the format's codes: 1..6 white pawn to
    /// king, 9..14 black).
    pieces: [u8; MAX_PIECES],
    /// At the first piece of each group of like pieces, the group's size.
    norm: [u8; MAX_PIECES],
    /// At the first piece of each group, its multiplier in the index.
    factor: [u64; MAX_PIECES],
    pairs: Pairs,
}

/// An opened table.
#[derive(Debug)]
pub(crate) struct Table {
    source: Source,
    kind: TableKind,
    num: usize,
    /// Only the two kings are single pieces: they are encoded together.
    kk_enc: bool,
    /// Pawn tables: the pawns of the leading colour, then of the other (0 when none).
    pawns: Option<[u8; 2]>,
    /// Indexed by `file + files * side`.
    parts: Vec<Part>,
    /// DTZ: per leading file, the flags and the four value maps.
    dtz_flags: [u8; 4],
    dtz_maps: Vec<[Vec<u16>; 4]>,
}

fn piece_code(piece: Piece) -> u8 {
    (piece.role.index() as u8 + 1) | if piece.color == Color::White { 0 } else { 8 }
}

fn code_piece(code: u8) -> Option<Piece> {
    let color = if code & 8 == 0 { Color::White } else { Color::Black };
    Some(Piece::new(color, Role::from_index(usize::from(code & 7).checked_sub(1)?)?))
}

impl Table {
    /// Reads the header of a table for `material` (in the orientation of the file's name).
    pub(crate) fn open(source: Source, kind: TableKind, material: &Material) -> Result<Table> {
        let len = source.len();
        if len % 64 != 16 {
            return corrupt("the file size is not 16 more than a multiple of 64 (truncated?)");
        }
        let mut h = Header { source: &source, bytes: Vec::new(), pos: 0 };
        if h.bytes(4)? != kind.magic() {
            return corrupt("wrong magic bytes");
        }
        let flags = h.u8()?;
        let has_pawns = material.has_pawns();
        if (flags & 2 != 0) != has_pawns {
            return corrupt("the pawn flag does not match the table's name");
        }
        let split = kind == TableKind::Wdl && flags & 1 != 0;
        let num = material.count() as usize;
        let pawns = has_pawns.then(|| material.leading_pawns());
        let kk_enc = !has_pawns && material.unique_pieces() == 2;
        let files = if has_pawns { 4 } else { 1 };
        let sides = if split { 2 } else { 1 };
        let more_pawns = pawns.is_some_and(|p| p[1] > 0);
        let expected = material.piece_codes();

        // Piece orders and factors, for each file and side.
        let mut layouts = Vec::new();
        for file in 0..files {
            let bytes = h.bytes((num + 1 + usize::from(more_pawns)) as u64)?.to_vec();
            for side in 0..sides {
                layouts.push(Layout::read(&bytes, 4 * side as u32, file, num, kk_enc, pawns, &expected)?);
            }
        }
        h.align(2);

        // Pair headers, in file order, both sides of a file together.
        let mut pairs = Vec::new();
        let mut dtz_flags = [0u8; 4];
        for (i, layout) in layouts.iter().enumerate() {
            let (p, flags) = Pairs::read(&mut h, layout.size, kind)?;
            if kind == TableKind::Dtz {
                dtz_flags[i] = flags;
            }
            pairs.push(p);
        }

        let mut dtz_maps = Vec::new();
        if kind == TableKind::Dtz {
            for &flags in &dtz_flags[..files] {
                let mut maps: [Vec<u16>; 4] = Default::default();
                if flags & 2 != 0 {
                    if flags & 16 == 0 {
                        for map in &mut maps {
                            let n = h.u8()?;
                            *map = h.bytes(u64::from(n))?.iter().map(|&b| u16::from(b)).collect();
                        }
                    } else {
                        h.align(2);
                        for map in &mut maps {
                            let n = h.u16()?;
                            let raw = h.bytes(2 * u64::from(n))?;
                            *map = raw.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
                        }
                    }
                }
                dtz_maps.push(maps);
            }
            h.align(2);
        }

        // Index tables, size tables, then the 64-byte aligned data blocks.
        let huffmans = || pairs.iter().filter_map(|p| if let Pairs::Huffman(d) = p { Some(d) } else { None });
        let mut index_tables = Vec::new();
        for d in huffmans() {
            index_tables.push(h.skip(d.num_indices.checked_mul(6).ok_or(TableError::Corrupt("a table too large"))?)?);
        }
        let mut size_tables = Vec::new();
        for d in huffmans() {
            size_tables.push(h.skip(2 * d.num_blocks)?);
        }
        let mut datas = Vec::new();
        for d in huffmans() {
            h.align(64);
            datas.push(h.skip(u64::from(d.real_num_blocks) << d.block_size)?);
        }
        if h.pos.div_ceil(64) * 64 + 16 != len {
            return corrupt("the file size does not match its header (truncated?)");
        }
        let mut places = index_tables.into_iter().zip(size_tables).zip(datas);
        for p in &mut pairs {
            if let Pairs::Huffman(d) = p {
                // As many places as Huffman pairs were collected.
                let ((index_table, size_table), data) = places.next().unwrap_or_default();
                d.index_table = index_table;
                d.size_table = size_table;
                d.data = data;
            }
        }

        let parts = layouts
            .into_iter()
            .zip(pairs)
            .map(|(l, pairs)| Part { pieces: l.pieces, norm: l.norm, factor: l.factor, pairs })
            .collect::<Vec<_>>();
        // Reorder from (file, side) reading order to `file + files * side`.
        let mut ordered: Vec<Option<Part>> = Vec::new();
        ordered.resize_with(parts.len(), || None);
        for (i, part) in parts.into_iter().enumerate() {
            let (file, side) = (i / sides, i % sides);
            ordered[file + files * side] = Some(part);
        }
        let parts = ordered.into_iter().flatten().collect();
        Ok(Table { source, kind, num, kk_enc, pawns, parts, dtz_flags, dtz_maps })
    }

    /// The squares of the position's pieces in the order of a part, mirrored as the table
    /// wants, and the leading pawn's file for pawn tables.
    fn squares(&self, pos: &Position, flip: bool, side: usize) -> Result<([u8; MAX_PIECES], usize, &Part)> {
        let mirror = if flip && self.pawns.is_some() { 0x38 } else { 0 };
        let mut p = [0u8; MAX_PIECES];
        let fill = |pieces: &[u8; MAX_PIECES], p: &mut [u8; MAX_PIECES], mut i: usize, end: usize| -> Result<usize> {
            while i < end {
                let Some(mut piece) = code_piece(pieces[i]) else { return corrupt("a bad piece code") };
                if flip {
                    piece.color = !piece.color;
                }
                let bb = pos.board().by_piece(piece);
                if bb.is_empty() {
                    return corrupt("the table's pieces are not the position's");
                }
                for sq in bb {
                    let Some(slot) = p.get_mut(i) else { return corrupt("the table's pieces are not the position's") };
                    *slot = sq.index() as u8 ^ mirror;
                    i += 1;
                }
            }
            Ok(i)
        };
        let files = if self.pawns.is_some() { 4 } else { 1 };
        let (file, i) = match self.pawns {
            None => (0, 0),
            Some([lead, _]) => {
                let lead = usize::from(lead);
                let i = fill(&self.parts[0].pieces, &mut p, 0, lead)?;
                for j in 1..lead {
                    if FLAP[usize::from(p[0])] > FLAP[usize::from(p[j])] {
                        p.swap(0, j);
                    }
                }
                (FILE_TO_FILE[usize::from(p[0] & 7)], i)
            }
        };
        let part = self.parts.get(file + files * side).ok_or(TableError::Corrupt("a side the table does not store"))?;
        fill(&part.pieces, &mut p, i, self.num)?;
        Ok((p, file, part))
    }

    /// WDL: the stored value (-2..=2) for the side `side` (0 for the table's White) to move.
    pub(crate) fn probe_wdl(&self, pos: &Position, flip: bool, side: usize) -> Result<i32> {
        let (mut p, _, part) = self.squares(pos, flip, side)?;
        let idx = self.encode(&mut p, part)?;
        let v = part.pairs.value(&self.source, idx)?;
        match v {
            0..=4 => Ok(i32::from(v) - 2),
            _ => corrupt("a WDL value out of range"),
        }
    }

    /// DTZ: the stored distance for the WDL value `wdl` (not 0), or `None` when the table
    /// stores the other side to move.
    pub(crate) fn probe_dtz(
        &self,
        pos: &Position,
        flip: bool,
        side: usize,
        symmetric: bool,
        wdl: i32,
    ) -> Result<Option<i32>> {
        debug_assert_eq!(self.kind, TableKind::Dtz);
        let (mut p, file, part) = self.squares(pos, flip, 0)?;
        let flags = self.dtz_flags[file];
        if usize::from(flags & 1) != side && !symmetric {
            return Ok(None);
        }
        let idx = self.encode(&mut p, part)?;
        let mut v = i32::from(part.pairs.value(&self.source, idx)?);
        if flags & 2 != 0 {
            let map = match wdl {
                -2 => 1,
                -1 => 3,
                1 => 2,
                _ => 0,
            };
            let values = &self.dtz_maps[file][map];
            v = i32::from(*values.get(v as usize).ok_or(TableError::Corrupt("a DTZ value past its map"))?);
        }
        let in_plies = match wdl {
            2 => flags & 4 != 0,
            -2 => flags & 8 != 0,
            _ => false,
        };
        if !in_plies {
            v *= 2;
        }
        Ok(Some(v))
    }

    /// The index of the squares `p` in a part (the format's encoding).
    fn encode(&self, p: &mut [u8; MAX_PIECES], part: &Part) -> Result<u64> {
        let n = self.num;
        let p = &mut p[..n];
        if p[0] & 4 != 0 {
            p.iter_mut().for_each(|sq| *sq ^= 7);
        }
        let bad = TableError::Corrupt("a position outside the table's encoding");
        let mut k;
        let mut idx;
        match self.pawns {
            None => {
                if p[0] & 0x20 != 0 {
                    p.iter_mut().for_each(|sq| *sq ^= 0x38);
                }
                let lead = if self.kk_enc { 2 } else { 3 };
                if let Some(i) = p.iter().position(|&sq| off_diag(sq) != 0) {
                    if off_diag(p[i]) > 0 && i < lead {
                        p.iter_mut().for_each(|sq| *sq = flip_diag(*sq));
                    }
                }
                let sq = |i: usize| usize::from(p[i]);
                if self.kk_enc {
                    let v = KK_IDX[usize::from(TRIANGLE[sq(0)])][sq(1)];
                    idx = u64::try_from(v).map_err(|_| bad)?;
                    k = 2;
                } else {
                    let s1 = usize::from(p[1] > p[0]);
                    let s2 = usize::from(p[2] > p[0]) + usize::from(p[2] > p[1]);
                    let diag = |i: usize| usize::from(DIAG[sq(i)]);
                    let lower = |i: usize| usize::from(LOWER[sq(i)]);
                    let v = if off_diag(p[0]) != 0 {
                        usize::from(TRIANGLE[sq(0)]) * 63 * 62 + (sq(1) - s1) * 62 + (sq(2) - s2)
                    } else if off_diag(p[1]) != 0 {
                        6 * 63 * 62 + diag(0) * 28 * 62 + lower(1) * 62 + sq(2) - s2
                    } else if off_diag(p[2]) != 0 {
                        6 * 63 * 62 + 4 * 28 * 62 + diag(0) * 7 * 28 + (diag(1) - s1) * 28 + lower(2)
                    } else {
                        6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + diag(0) * 7 * 6 + (diag(1) - s1) * 6 + (diag(2) - s2)
                    };
                    idx = v as u64;
                    k = 3;
                }
                idx = idx.wrapping_mul(part.factor[0]);
            }
            Some([lead, other]) => {
                let lead = usize::from(lead);
                p[1..lead].sort_unstable_by(|a, b| PAWN_TWIST[usize::from(*b)].cmp(&PAWN_TWIST[usize::from(*a)]));
                idx = PAWN_INDICES.idx[lead - 1][usize::from(FLAP[usize::from(p[0])])];
                for i in 1..lead {
                    idx += BINOMIAL[lead - i][usize::from(PAWN_TWIST[usize::from(p[i])])];
                }
                idx = idx.wrapping_mul(part.factor[0]);
                k = lead;
                if other > 0 {
                    let t = k + usize::from(other);
                    p[k..t].sort_unstable();
                    let mut s = 0u64;
                    for i in k..t {
                        let skips = p[..k].iter().filter(|&&q| p[i] > q).count();
                        let j = usize::from(p[i]).checked_sub(skips + 8).ok_or(bad)?;
                        s += BINOMIAL[i - k + 1][j];
                    }
                    idx = idx.wrapping_add(s.wrapping_mul(part.factor[k]));
                    k = t;
                }
            }
        }
        while k < n {
            let t = k + usize::from(part.norm[k]);
            if t == k || t > n {
                return Err(bad);
            }
            p[k..t].sort_unstable();
            let mut s = 0u64;
            for i in k..t {
                let skips = p[..k].iter().filter(|&&q| p[i] > q).count();
                s += BINOMIAL[i - k + 1][usize::from(p[i]) - skips];
            }
            idx = idx.wrapping_add(s.wrapping_mul(part.factor[k]));
            k = t;
        }
        Ok(idx)
    }
}

/// The piece order, groups and factors of one part, before its pairs are read.
struct Layout {
    pieces: [u8; MAX_PIECES],
    norm: [u8; MAX_PIECES],
    factor: [u64; MAX_PIECES],
    size: u64,
}

impl Layout {
    #[allow(clippy::too_many_arguments)]
    fn read(
        bytes: &[u8],
        shift: u32,
        file: usize,
        num: usize,
        kk_enc: bool,
        pawns: Option<[u8; 2]>,
        expected: &[u8],
    ) -> Result<Layout> {
        let more_pawns = pawns.is_some_and(|p| p[1] > 0);
        let first = 1 + usize::from(more_pawns);
        let mut pieces = [0u8; MAX_PIECES];
        for (i, piece) in pieces.iter_mut().enumerate().take(num) {
            *piece = (bytes[first + i] >> shift) & 0xf;
        }
        check_pieces(&pieces[..num], expected, pawns)?;
        let order = usize::from((bytes[0] >> shift) & 0xf);
        let order2 = if more_pawns { usize::from((bytes[1] >> shift) & 0xf) } else { 0xf };

        let mut norm = [0u8; MAX_PIECES];
        let mut k = match pawns {
            Some([lead, _]) => usize::from(lead),
            None if kk_enc => 2,
            None => 3,
        };
        norm[0] = k as u8;
        if let Some([_, other]) = pawns.filter(|p| p[1] > 0) {
            norm[k] = other;
            k += usize::from(other);
        }
        let mut i = k;
        while i < num {
            let mut j = i;
            while j < num && pieces[j] == pieces[i] {
                norm[i] += 1;
                j += 1;
            }
            i = j;
        }

        let overflow = TableError::Corrupt("a table too large");
        let mut factor = [0u64; MAX_PIECES];
        let mut free = 64 - k as u64;
        let mut f: u64 = 1;
        let (mut seen_order, mut seen_order2) = (false, !more_pawns);
        let mut i = 0;
        while k < num || i == order || i == order2 {
            let times = if i == order {
                seen_order = true;
                factor[0] = f;
                match pawns {
                    Some(_) => PAWN_INDICES.factor_file[usize::from(norm[0]) - 1][file],
                    None if kk_enc => 462,
                    None => 31332,
                }
            } else if i == order2 {
                seen_order2 = true;
                factor[usize::from(norm[0])] = f;
                subfactor(u64::from(norm[usize::from(norm[0])]), 48 - u64::from(norm[0]))
            } else {
                factor[k] = f;
                let g = subfactor(u64::from(norm[k]), free);
                free -= u64::from(norm[k]);
                k += usize::from(norm[k]);
                g
            };
            f = f.checked_mul(times).ok_or(overflow)?;
            i += 1;
        }
        if !seen_order || !seen_order2 {
            return corrupt("an encoding order past the pieces");
        }
        Ok(Layout { pieces, norm, factor, size: f })
    }
}

/// The pieces named in a part's header must be the table's, like pieces next to each other,
/// the leading pawns (then the other colour's pawns) first in pawn tables.
fn check_pieces(pieces: &[u8], expected: &[u8], pawns: Option<[u8; 2]>) -> Result<()> {
    let mut sorted = pieces.to_vec();
    sorted.sort_unstable();
    if sorted != expected {
        return corrupt("the header's pieces are not the table's");
    }
    for i in 1..pieces.len() {
        if pieces[i] != pieces[i - 1] && pieces[..i - 1].contains(&pieces[i]) {
            return corrupt("like pieces apart in the header");
        }
    }
    if let Some([lead, other]) = pawns {
        let (lead, other) = (usize::from(lead), usize::from(other));
        let is_pawn = |c: u8| c & 7 == 1;
        let leading = pieces[..lead].iter().all(|&c| c == pieces[0])
            && expected.iter().filter(|&&c| c == pieces[0]).count() == lead;
        if !leading || !pieces[..lead + other].iter().all(|&c| is_pawn(c)) {
            return corrupt("the header's pawns are not first");
        }
    }
    Ok(())
}

impl Material {
    /// The format's piece codes of this material, sorted.
    fn piece_codes(&self) -> Vec<u8> {
        let mut codes = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL {
                for _ in 0..self.get(color, role) {
                    codes.push(piece_code(Piece::new(color, role)));
                }
            }
        }
        codes.sort_unstable();
        codes
    }
}

const fn off_diag(sq: u8) -> i8 {
    let (file, rank) = ((sq & 7) as i8, (sq >> 3) as i8);
    if rank > file {
        1
    } else if rank < file {
        -1
    } else {
        0
    }
}

const fn flip_diag(sq: u8) -> u8 {
    (sq & 7) << 3 | sq >> 3
}

/// Ways to place `k` like pieces on `n` squares.
fn subfactor(k: u64, n: u64) -> u64 {
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    match usize::try_from(n) {
        Ok(n) if n < 64 && k < BINOMIAL.len() => BINOMIAL[k][n],
        _ => 0,
    }
}

/// `BINOMIAL[k][n]`: n choose k.
const BINOMIAL: [[u64; 64]; 7] = {
    let mut table = [[0u64; 64]; 7];
    let mut n = 0;
    while n < 64 {
        table[0][n] = 1;
        let mut k = 1;
        while k < 7 {
            table[k][n] = if n == 0 { 0 } else { table[k - 1][n - 1] + table[k][n - 1] };
            k += 1;
        }
        n += 1;
    }
    table
};

struct PawnIndices {
    /// For `k` leading pawns, the first index of each place of the leading pawn.
    idx: [[u64; 24]; 6],
    /// For `k` leading pawns, the number of placements with the leading pawn on each file.
    factor_file: [[u64; 4]; 6],
}

const fn make_pawn_indices() -> PawnIndices {
    let mut t = PawnIndices { idx: [[0; 24]; 6], factor_file: [[0; 4]; 6] };
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        let mut j = 0;
        while j < 24 {
            t.idx[i][j] = s;
            s += BINOMIAL[i][PAWN_TWIST[(1 + (j % 6)) * 8 + j / 6] as usize];
            if (j + 1) % 6 == 0 {
                t.factor_file[i][j / 6] = s;
                s = 0;
            }
            j += 1;
        }
        i += 1;
    }
    t
}

static PAWN_INDICES: PawnIndices = make_pawn_indices();

/// The index of each king-king placement (the first king in the a1-d1-d4 triangle), -1 where
/// the kings touch or the second king is on the wrong side of the diagonal.
static KK_IDX: [[i16; 64]; 10] = {
    let mut table = [[-1i16; 64]; 10];
    let mut idx = 0;
    // Off-diagonal second kings (and any, for a first king off the diagonal) first.
    let mut t = 0;
    while t < 10 {
        let s1 = TRIANGLE_SQUARES[t];
        let mut s2 = 0;
        while s2 < 64 {
            let on_diag = off_diag(s1) == 0;
            if !touches(s1, s2) && !(on_diag && off_diag(s2) > 0) && !(on_diag && off_diag(s2) == 0) {
                table[t][s2 as usize] = idx;
                idx += 1;
            }
            s2 += 1;
        }
        t += 1;
    }
    // Then both kings on the diagonal.
    let mut t = 0;
    while t < 10 {
        let s1 = TRIANGLE_SQUARES[t];
        let mut s2 = 0;
        while s2 < 64 {
            if off_diag(s1) == 0 && off_diag(s2) == 0 && !touches(s1, s2) {
                table[t][s2 as usize] = idx;
                idx += 1;
            }
            s2 += 1;
        }
        t += 1;
    }
    table
};

/// The squares of the a1-d1-d4 triangle in the order of their `TRIANGLE` numbers.
const TRIANGLE_SQUARES: [u8; 10] = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];

const fn touches(a: u8, b: u8) -> bool {
    let df = (a & 7) as i8 - (b & 7) as i8;
    let dr = (a >> 3) as i8 - (b >> 3) as i8;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

#[rustfmt::skip]
const TRIANGLE: [u8; 64] = [
    6, 0, 1, 2, 2, 1, 0, 6,
    0, 7, 3, 4, 4, 3, 7, 0,
    1, 3, 8, 5, 5, 8, 3, 1,
    2, 4, 5, 9, 9, 5, 4, 2,
    2, 4, 5, 9, 9, 5, 4, 2,
    1, 3, 8, 5, 5, 8, 3, 1,
    0, 7, 3, 4, 4, 3, 7, 0,
    6, 0, 1, 2, 2, 1, 0, 6,
];

#[rustfmt::skip]
const LOWER: [u8; 64] = [
    28,  0,  1,  2,  3,  4,  5,  6,
     0, 29,  7,  8,  9, 10, 11, 12,
     1,  7, 30, 13, 14, 15, 16, 17,
     2,  8, 13, 31, 18, 19, 20, 21,
     3,  9, 14, 18, 32, 22, 23, 24,
     4, 10, 15, 19, 22, 33, 25, 26,
     5, 11, 16, 20, 23, 25, 34, 27,
     6, 12, 17, 21, 24, 26, 27, 35,
];

#[rustfmt::skip]
const DIAG: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  8,
     0,  1,  0,  0,  0,  0,  9,  0,
     0,  0,  2,  0,  0, 10,  0,  0,
     0,  0,  0,  3, 11,  0,  0,  0,
     0,  0,  0, 12,  4,  0,  0,  0,
     0,  0, 13,  0,  0,  5,  0,  0,
     0, 14,  0,  0,  0,  0,  6,  0,
    15,  0,  0,  0,  0,  0,  0,  7,
];

/// The place of a leading pawn (files a-d, ranks 2-7), by file first.
const FLAP: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 8;
    while sq < 56 {
        let file = sq % 8;
        let file = if file < 4 { file } else { 7 - file };
        table[sq] = (file * 6 + sq / 8 - 1) as u8;
        sq += 1;
    }
    table
};

#[rustfmt::skip]
const PAWN_TWIST: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    47, 35, 23, 11, 10, 22, 34, 46,
    45, 33, 21,  9,  8, 20, 32, 44,
    43, 31, 19,  7,  6, 18, 30, 42,
    41, 29, 17,  5,  4, 16, 28, 40,
    39, 27, 15,  3,  2, 14, 26, 38,
    37, 25, 13,  1,  0, 12, 24, 36,
     0,  0,  0,  0,  0,  0,  0,  0,
];

const FILE_TO_FILE: [usize; 8] = [0, 1, 2, 3, 3, 2, 1, 0];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_pairs_are_numbered_as_the_format_says() {
        // Spot values of the format's table: b1 with d1, a1 with c3, d4 with h8, the last.
        assert_eq!(KK_IDX[0][3], 0);
        assert_eq!(KK_IDX[6][18], 441);
        assert_eq!(KK_IDX[9][63], 461);
        assert_eq!(KK_IDX[8][0], 452);
        assert_eq!(KK_IDX[6][16], -1);
        assert_eq!(KK_IDX[3][0], 174);
        assert_eq!(KK_IDX.iter().flatten().filter(|&&v| v >= 0).count(), 462);
    }

    #[test]
    fn leading_pawn_places() {
        assert_eq!(FLAP[8], 0);
        assert_eq!(FLAP[9], 6);
        assert_eq!(FLAP[55], 5);
        assert_eq!(FLAP[52], 23);
        assert_eq!(BINOMIAL[2][5], 10);
    }

    #[test]
    fn symbol_cycles_are_corrupt() {
        // Symbol 0 is a pair of itself and symbol 1 (a leaf).
        let pats = [[0x00, 0x10, 0x00], [0x00, 0xf0, 0xff]];
        assert!(symbol_lengths(&pats).is_err());
        let pats = [[0x01, 0x10, 0x00], [0x00, 0xf0, 0xff]];
        assert_eq!(symbol_lengths(&pats), Ok(std::vec![1, 0]));
        // Each symbol the pair of the one before: 1, 3, 7, ... 511 values.
        let mut pats = std::vec![[0x00, 0xf0, 0xff]];
        for i in 0..9u8 {
            pats.push([i, i << 4, i >> 4]);
        }
        assert_eq!(symbol_lengths(&pats[..9]).map(|len| len[8]), Ok(255));
        assert_eq!(symbol_lengths(&pats), Err(TableError::Corrupt("a symbol of more than 256 values")));
    }
}
