// Reads which characters a WOFF2 font has (its cmap table), with node's own brotli: enough of
// the format (https://www.w3.org/TR/WOFF2/) for a font of one face.

import { brotliDecompressSync } from 'node:zlib';

/** Known table tags by index (the format's list); only these matter here. */
const CMAP = 0;
const GLYF = 10;
const LOCA = 11;

/** Reads a UIntBase128 at `at`: `[value, next offset]`. */
function base128(bytes, at) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[at + i];
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return [value, at + i + 1];
  }
  throw new Error('a UIntBase128 longer than 5 bytes');
}

/** The set of code points that the font in `bytes` (a Buffer of a WOFF2 file) maps to a glyph. */
export function fontCharacters(bytes) {
  if (bytes.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a WOFF2 font');
  const tables = bytes.readUInt16BE(12);
  let at = 48;
  let offset = 0;
  let cmap = null;
  for (let i = 0; i < tables; i++) {
    const flags = bytes[at++];
    const index = flags & 0x3f;
    if (index === 63) at += 4; // an arbitrary tag
    let length;
    [length, at] = base128(bytes, at);
    const version = flags >> 6;
    const transformed = index === GLYF || index === LOCA ? version !== 3 : version !== 0;
    if (transformed) [length, at] = base128(bytes, at);
    if (index === CMAP) cmap = { offset, length };
    offset += length;
  }
  if (!cmap) throw new Error('no cmap table');
  const data = brotliDecompressSync(bytes.subarray(at, at + bytes.readUInt32BE(20)));
  return cmapCharacters(data.subarray(cmap.offset, cmap.offset + cmap.length));
}

/** The code points of a cmap table's Unicode subtable (format 12, else format 4). */
function cmapCharacters(cmap) {
  const subtables = [];
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const record = 4 + i * 8;
    const table = cmap.subarray(cmap.readUInt32BE(record + 4));
    subtables.push({ platform: cmap.readUInt16BE(record), format: table.readUInt16BE(0), table });
  }
  const found = new Set();
  const full = subtables.find((s) => s.format === 12);
  if (full) {
    const t = full.table;
    for (let i = 0; i < t.readUInt32BE(12); i++) {
      const [start, end] = [t.readUInt32BE(16 + i * 12), t.readUInt32BE(20 + i * 12)];
      for (let c = start; c <= end; c++) found.add(c);
    }
    return found;
  }
  const basic = subtables.find((s) => s.format === 4);
  if (!basic) throw new Error('no Unicode cmap subtable');
  const t = basic.table;
  const segments = t.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    const [end, start] = [t.readUInt16BE(ends + i * 2), t.readUInt16BE(starts + i * 2)];
    const [delta, range] = [t.readUInt16BE(deltas + i * 2), t.readUInt16BE(ranges + i * 2)];
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const listed = range === 0 ? c : t.readUInt16BE(ranges + i * 2 + range + (c - start) * 2);
      const glyph = range !== 0 && listed === 0 ? 0 : (listed + delta) & 0xffff;
      if (glyph !== 0) found.add(c);
    }
  }
  return found;
}
