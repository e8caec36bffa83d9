//! Looks at many bytes of PGN text at once: classifies 64 bytes of movetext, one bit per
//! byte, for passing over movetext, finds where a tag's name or value ends, and finds a byte
//! (or either of two).
//!
//! On x86_64 with SSE2 (every x86_64 processor has it), sixteen bytes per instruction;
//! elsewhere a byte (classes) or eight bytes (the search) at a time, with the same result.

/// How many bytes [`Masks::of`] classifies at once.
pub(super) const CHUNK: usize = 64;

/// The bytes of a chunk that passing over movetext looks at: bit `i` for byte `i`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Masks {
    /// `{`
    pub open: u64,
    /// `}`
    pub close: u64,
    /// `\n`
    pub newline: u64,
    /// What can change where the movetext ends, outside comments: `(`, `)`, `[`, `;`, `*`,
    /// `-` (results) and `%` (escape lines).
    pub stops: u64,
}

impl Masks {
    /// Classifies `chunk`.
    #[inline(always)]
    pub(super) fn of(chunk: &[u8; CHUNK]) -> Masks {
        #[cfg(target_arch = "x86_64")]
        {
            #[allow(unsafe_code)]
            // SAFETY: SSE2 is part of the x86_64 baseline: every x86_64 processor has it.
            unsafe {
                Masks::of_sse2(chunk)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Masks::of_bytes(chunk)
    }

    /// [`Masks::of`] a byte at a time.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn of_bytes(chunk: &[u8; CHUNK]) -> Masks {
        let mut masks = Masks::default();
        for (i, &b) in chunk.iter().enumerate() {
            let bit = 1 << i;
            match b {
                b'{' => masks.open |= bit,
                b'}' => masks.close |= bit,
                b'\n' => masks.newline |= bit,
                b'(' | b')' | b'[' | b';' | b'*' | b'-' | b'%' => masks.stops |= bit,
                _ => {}
            }
        }
        masks
    }

    /// [`Masks::of`] sixteen bytes at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "sse2")]
    #[inline]
    fn of_sse2(chunk: &[u8; CHUNK]) -> Masks {
        use core::arch::x86_64::{__m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128};
        use core::arch::x86_64::{_mm_set_epi64x, _mm_set1_epi8};
        let mut masks = Masks::default();
        for (i, part) in chunk.chunks_exact(16).enumerate() {
            let word = |at: usize| i64::from_le_bytes(part[at..at + 8].try_into().unwrap_or_default());
            let v = _mm_set_epi64x(word(8), word(0));
            let eq = |x: __m128i, b: u8| _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8));
            let bits = |x: __m128i| u64::from(_mm_movemask_epi8(x) as u16) << (16 * i);
            // `(` and `)` differ only in the lowest bit, `%` and `-` in one bit.
            let parens = eq(_mm_and_si128(v, _mm_set1_epi8(0xFE_u8 as i8)), b'(');
            let results = eq(_mm_and_si128(v, _mm_set1_epi8(0xF7_u8 as i8)), b'%');
            let others = _mm_or_si128(_mm_or_si128(eq(v, b'['), eq(v, b';')), eq(v, b'*'));
            masks.open |= bits(eq(v, b'{'));
            masks.close |= bits(eq(v, b'}'));
            masks.newline |= bits(eq(v, b'\n'));
            masks.stops |= bits(_mm_or_si128(_mm_or_si128(parens, results), others));
        }
        masks
    }
}

/// Finds the first byte of `haystack` below `below` (at most 0x80), equal to `a` or `b`, or
/// not ASCII: sixteen bytes at a time on x86_64, else eight.
#[inline(always)]
pub(super) fn find_ascii_stop(haystack: &[u8], below: u8, a: u8, b: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        #[allow(unsafe_code)]
        // SAFETY: SSE2 is part of the x86_64 baseline: every x86_64 processor has it.
        unsafe {
            find_ascii_stop_sse2(haystack, below, a, b)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    find_ascii_stop_words(haystack, below, a, b)
}

/// [`find_ascii_stop`] sixteen bytes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn find_ascii_stop_sse2(haystack: &[u8], below: u8, a: u8, b: u8) -> Option<usize> {
    use core::arch::x86_64::_mm_set1_epi8;
    use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x};
    let mut chunks = haystack.chunks_exact(16);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = |at: usize| i64::from_le_bytes(chunk[at..at + 8].try_into().unwrap_or_default());
        let v = _mm_set_epi64x(word(8), word(0));
        // Compared as signed bytes, those of 0x80 and above are below `below` too.
        let under = _mm_cmplt_epi8(v, _mm_set1_epi8(below as i8));
        let equal = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(a as i8)), _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8)));
        let hits = _mm_movemask_epi8(_mm_or_si128(under, equal));
        if hits != 0 {
            return Some(offset + hits.trailing_zeros() as usize);
        }
        offset += 16;
    }
    chunks.remainder().iter().position(|&x| x < below || x == a || x == b || !x.is_ascii()).map(|i| offset + i)
}

/// [`find_ascii_stop`] eight bytes at a time, in a `u64`.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn find_ascii_stop_words(haystack: &[u8], below: u8, a: u8, b: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let (a_word, b_word) = (LOW * u64::from(a), LOW * u64::from(b));
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        // The high bit of each byte below `n` (and maybe of bytes above one: the first is right).
        let under = |word: u64, n: u8| word.wrapping_sub(LOW * u64::from(n)) & !word & HIGH;
        let found = under(word, below) | under(word ^ a_word, 1) | under(word ^ b_word, 1) | (word & HIGH);
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks.remainder().iter().position(|&x| x < below || x == a || x == b || !x.is_ascii()).map(|i| offset + i)
}

/// Finds the first `byte` in `haystack`, eight bytes at a time.
pub(super) fn find(byte: u8, haystack: &[u8]) -> Option<usize> {
    find_either(byte, byte, haystack)
}

/// Finds the first `a` or `b` in `haystack`, eight bytes at a time (inline: most searches
/// are short).
#[inline(always)]
pub(super) fn find_either(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `word` that is zero (and maybe of bytes above it).
    let zeros = |word: u64| word.wrapping_sub(LOW) & !word & HIGH;
    let (a_word, b_word) = (LOW * u64::from(a), LOW * u64::from(b));
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let found = zeros(word ^ a_word) | zeros(word ^ b_word);
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks.remainder().iter().position(|&x| x == a || x == b).map(|i| offset + i)
}

/// Each bit of the result is the parity of the bits of `x` at and below it.
#[inline(always)]
pub(super) fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_classified_as_one_at_a_time() {
        // Each byte value at each position (under Miri, which is slow, at one position of each
        // sixteen), among bytes of every class.
        for b in 0..=255u8 {
            for at in (0..CHUNK).step_by(if cfg!(miri) { 21 } else { 1 }) {
                let mut chunk = *b"1. e4 {[%clk 0:03:00]} (1... e5; x) [Event *] 1-0\n O-O-O 1/2-1/2";
                chunk[at] = b;
                let masks = Masks::of(&chunk);
                assert_eq!(masks, Masks::of_bytes(&chunk), "byte {b:#04x} at {at}");
            }
        }
    }

    #[test]
    fn bytes_are_classified_by_what_they_are() {
        let chunk = *b"{}\n()[;*-%]abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0";
        let masks = Masks::of(&chunk);
        assert_eq!(masks, Masks { open: 0b1, close: 0b10, newline: 0b100, stops: 0b11_1111_1000 });
    }

    #[test]
    fn the_stop_of_a_tag_name_or_value_is_found_as_eight_bytes_at_a_time_find_it() {
        // Each byte value at each place of a text long enough for every loop and its rest
        // (under Miri, at one place of each eleven), as a name's and as a value's end.
        let text = b"Carlsen, Magnus (and the rest of a long tag value)";
        for b in 0..=255u8 {
            for at in (0..text.len()).step_by(if cfg!(miri) { 11 } else { 1 }) {
                let mut bytes = *text;
                bytes[at] = b;
                for (below, one, other) in [(b' ' + 1, b'"', b']'), (b' ', b'"', b'\\')] {
                    let found = find_ascii_stop(&bytes, below, one, other);
                    assert_eq!(found, find_ascii_stop_words(&bytes, below, one, other), "byte {b:#04x} at {at}");
                    let first = bytes.iter().position(|&x| x < below || x == one || x == other || x >= 0x80);
                    assert_eq!(found, first, "byte {b:#04x} at {at}");
                }
            }
        }
    }

    #[test]
    fn prefix_xor_is_the_parity_at_and_below_each_bit() {
        for x in [0, 1, 0b1001, 0x8000_0000_0000_0001, u64::MAX, 0x0123_4567_89AB_CDEF] {
            let expected =
                (0..64).fold(0, |acc, i| acc | (u64::from((x & (u64::MAX >> (63 - i))).count_ones() % 2 == 1) << i));
            assert_eq!(prefix_xor(x), expected, "{x:#x}");
        }
    }
}
