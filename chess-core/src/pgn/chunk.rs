//! Classifies 64 bytes of movetext at once, one bit per byte, for passing over movetext.
//!
//! On x86_64 with SSE2 (every x86_64 processor has it), sixteen bytes per instruction;
//! elsewhere a byte at a time, with the same result.

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
    fn prefix_xor_is_the_parity_at_and_below_each_bit() {
        for x in [0, 1, 0b1001, 0x8000_0000_0000_0001, u64::MAX, 0x0123_4567_89AB_CDEF] {
            let expected =
                (0..64).fold(0, |acc, i| acc | (u64::from((x & (u64::MAX >> (63 - i))).count_ones() % 2 == 1) << i));
            assert_eq!(prefix_xor(x), expected, "{x:#x}");
        }
    }
}
