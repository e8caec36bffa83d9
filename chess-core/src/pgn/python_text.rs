//! Characters and numbers as python-chess reads them in comments and the `TimeControl` tag.
//!
//! python-chess matches annotations with Python regular expressions, whose `\s` and `\d` are
//! Unicode whitespace and decimal digits, and turns the text into numbers with Python's
//! `int()` and `float()`, which also take any decimal digit (`"١٢"` is 12), strip whitespace
//! and allow `_` between digits. These are those rules, with the Unicode 14 tables of
//! Python 3.11.

use alloc::string::String;
use alloc::vec::Vec;

/// The first code point ("zero") of each run of ten decimal digits (Unicode category Nd).
const DIGIT_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0,
    0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620,
    0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0,
    0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60,
    0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/// The most digits Python's `int()` reads from text (its default `sys.get_int_max_str_digits()`).
pub(crate) const MAX_INT_DIGITS: usize = 4300;

/// The value of a decimal digit of any script (Python's `\d`), or `None`.
pub(crate) fn decimal_digit(c: char) -> Option<u8> {
    let code = c as u32;
    let zeros = DIGIT_ZEROS.partition_point(|&zero| zero <= code);
    let value = code - DIGIT_ZEROS.get(zeros.checked_sub(1)?)?;
    // Runs never overlap, so a value below 10 belongs to this run.
    (value < 10).then_some(value as u8)
}

/// Python's `\s` (`str.isspace`).
pub(crate) fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\x1c'..='\x1f'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// The whitespace `int()` and `float()` strip: `\s` but the separators U+001C to U+001F.
fn is_strip_space(c: char) -> bool {
    is_space(c) && !matches!(c, '\x1c'..='\x1f')
}

/// Text as Python's `int()` reads it: whitespace around, a sign, digits of any script with
/// single `_` between them. `Err(true)` when the number does not fit an `i64` or has more
/// digits than Python reads, `Err(false)` when it is not a number.
pub(crate) fn parse_int(text: &str) -> Result<i64, bool> {
    let text = text.trim_matches(is_strip_space);
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    let mut count = 0;
    let mut overflow = false;
    let mut after_digit = false;
    for c in digits.chars() {
        if c == '_' {
            if !after_digit {
                return Err(false);
            }
            after_digit = false;
            continue;
        }
        let digit = decimal_digit(c).ok_or(false)?;
        count += 1;
        after_digit = true;
        let step = value
            .checked_mul(10)
            .and_then(|v| if negative { v.checked_sub(i64::from(digit)) } else { v.checked_add(i64::from(digit)) });
        match step {
            Some(v) => value = v,
            None => overflow = true,
        }
    }
    if !after_digit {
        return Err(false);
    }
    if overflow || count > MAX_INT_DIGITS { Err(true) } else { Ok(value) }
}

/// Text as Python's `float()` reads it: whitespace around, a sign, digits of any script with
/// single `_` between them, a decimal point, an exponent, `inf`, `infinity` or `nan` in any
/// case. `None` when it is not a number.
pub(crate) fn parse_float(text: &str) -> Option<f64> {
    let text = text.trim_matches(is_strip_space);
    let mut ascii = String::with_capacity(text.len());
    let mut previous_digit = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '_' {
            // Only between two digits.
            if !previous_digit || chars.peek().is_none_or(|&next| decimal_digit(next).is_none()) {
                return None;
            }
            continue;
        }
        match decimal_digit(c) {
            Some(d) => {
                ascii.push(char::from(b'0' + d));
                previous_digit = true;
            }
            // Rust's grammar for the rest (sign, point, exponent, inf, nan) is Python's.
            None if c.is_ascii() && !c.is_ascii_whitespace() => {
                ascii.push(c);
                previous_digit = false;
            }
            None => return None,
        }
    }
    ascii.parse().ok()
}

/// `hours * 3600 + minutes * 60` of two runs of decimal digits, exactly, as an `f64` rounded
/// to nearest as Python turns an `int` into a `float`; `None` when Python fails: the sum
/// rounds past the largest `f64`, or a run has more digits than `int()` reads.
pub(crate) fn whole_seconds(hours: &str, minutes: &str) -> Option<f64> {
    let digits = |run: &str| -> Option<Vec<u8>> {
        let little_endian: Vec<u8> = run.chars().rev().filter_map(decimal_digit).collect();
        (little_endian.len() <= MAX_INT_DIGITS).then_some(little_endian)
    };
    let mut total = digits(hours)?;
    let minutes = digits(minutes)?;
    multiply_add(&mut total, 60, &minutes);
    multiply_add(&mut total, 60, &[]);
    let text: String = total.iter().rev().map(|&d| char::from(b'0' + d)).collect();
    text.parse::<f64>().ok().filter(|seconds| seconds.is_finite())
}

/// `number = number * factor + addend` on little-endian decimal digits.
fn multiply_add(number: &mut Vec<u8>, factor: u32, addend: &[u8]) {
    let mut carry = 0;
    for i in 0..number.len().max(addend.len()) {
        let value = u32::from(number.get(i).copied().unwrap_or(0)) * factor
            + u32::from(addend.get(i).copied().unwrap_or(0))
            + carry;
        let digit = (value % 10) as u8;
        match number.get_mut(i) {
            Some(slot) => *slot = digit,
            None => number.push(digit),
        }
        carry = value / 10;
    }
    while carry > 0 {
        number.push((carry % 10) as u8);
        carry /= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_every_script() {
        assert_eq!(decimal_digit('7'), Some(7));
        assert_eq!(decimal_digit('٣'), Some(3));
        assert_eq!(decimal_digit('\u{ff19}'), Some(9)); // a full-width 9
        assert_eq!(decimal_digit('\u{1fbf9}'), Some(9));
        assert_eq!(decimal_digit('a'), None);
        assert_eq!(decimal_digit('\u{2f}'), None);
        assert_eq!(decimal_digit('²'), None);
        assert_eq!(decimal_digit('\u{1fbfa}'), None);
    }

    #[test]
    fn ints_and_floats_as_python_reads_them() {
        assert_eq!(parse_int(" +1_000\u{3000}"), Ok(1000));
        assert_eq!(parse_int("-٤٢"), Ok(-42));
        assert_eq!(parse_int("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(parse_int("9223372036854775808"), Err(true));
        for bad in ["", "+", "_1", "1_", "1__0", "1 2", "\x1c1", "0x10", "1.0"] {
            assert_eq!(parse_int(bad), Err(false), "{bad:?}");
        }
        assert_eq!(parse_float(" 1_0.5e1_0 "), Some(105e9));
        assert_eq!(parse_float("5."), Some(5.0));
        assert_eq!(parse_float("-InFinity"), Some(f64::NEG_INFINITY));
        assert!(parse_float("nan").is_some_and(f64::is_nan));
        for bad in ["", ".", "1_.5", "_1", "1e", "in_f", "1\x1c", "١.x"] {
            assert_eq!(parse_float(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn whole_seconds_exactly_then_rounded() {
        assert_eq!(whole_seconds("1", "2"), Some(3720.0));
        assert_eq!(whole_seconds("٠٠1", "99"), Some(9540.0));
        // 2^53 + 1 seconds is not an f64: rounded to even.
        assert_eq!(whole_seconds("0", "150119987579016"), Some(9007199254740960.0));
        let huge = "9".repeat(305);
        assert_eq!(whole_seconds(&huge, "0"), None);
        assert_eq!(whole_seconds(&"0".repeat(MAX_INT_DIGITS + 1), "0"), None);
    }
}
