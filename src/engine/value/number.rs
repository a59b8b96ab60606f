//! DynamoDB numbers: exact decimals of up to 38 significant digits.
//!
//! A [`Number`] is kept normalised as a sign, the significant digits (no
//! leading or trailing zeros; none at all for zero) and the decimal exponent
//! of the leading digit, so the value is `d.ddd… × 10^exponent`. Because the
//! form is unique, derived `Eq`/`Hash` are numeric equality, and `"1"`,
//! `"1.0"` and `"01E0"` are the same number (which is why `NS ["1", "1.0"]`
//! holds a duplicate).
//!
//! Limits and messages follow semantics B.4: at most 38 significant digits,
//! magnitudes from 1E-130 to 9.99…9E+125. When several limits are broken the
//! overflow check comes first, then underflow, then precision (dynalite's
//! `checkNum` order, which also matches every capture in the conformance
//! suite). Text that is not a number gets the message real DynamoDB sends
//! today, `The parameter cannot be converted to a numeric value: <text>`
//! (dynalite `validations/index.js`; paritysuite
//! `tests/tier3/error-messages/valueLayers.test.ts`, 2026), keeping the colon
//! and space even for an empty string.
//!
//! The accepted syntax is Java's `BigDecimal`: optional `+`/`-`, digits with
//! an optional `.` (`1.`, `.5` are fine), optional `e`/`E` exponent with a
//! sign. No spaces, no `NaN`/`Infinity`, no hex. An exponent that does not
//! fit a 64-bit integer cannot be converted; one that fits is range-checked
//! (paritysuite `numberExponent.test.ts`). Zero is range-checked by the
//! exponent it is written with (`0e126` overflows, `0e-131` underflows, as
//! captured); we read that exponent the way `BigDecimal` does, i.e. written
//! exponent minus the number of fraction digits, which is an extrapolation
//! for zeros written with more than 130 fraction digits.
//!
//! [`Number::size`] is the base-100 size of semantics B.2 and
//! [`Number::key_bytes`] the base-100 byte form dynalite hashes partition keys
//! with (semantics E), so hash order matches what dynalite measured.

use std::cmp::Ordering;
use std::fmt;

use crate::engine::error::{ApiError, Result};

/// Most significant digits a number may carry.
pub const MAX_SIGNIFICANT_DIGITS: usize = 38;
/// Largest decimal exponent of the leading digit (9.99…9E+125).
pub const MAX_EXPONENT: i64 = 125;
/// Smallest decimal exponent of the leading digit (1E-130).
pub const MIN_EXPONENT: i64 = -130;

const PRECISION_MESSAGE: &str = "Attempting to store more than 38 significant digits in a Number";
const OVERFLOW_MESSAGE: &str =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const UNDERFLOW_MESSAGE: &str =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";
const NOT_A_NUMBER_PREFIX: &str = "The parameter cannot be converted to a numeric value: ";

/// An exact decimal within DynamoDB's limits. Only [`Number::parse`] and the
/// checked arithmetic create one, so every `Number` is storable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Number {
    negative: bool,
    /// Significant digits, each 0..=9, first and last non-zero; empty = zero.
    digits: Vec<u8>,
    /// Decimal exponent of the leading digit; 0 for zero.
    exponent: i32,
}

impl Number {
    /// Zero.
    pub fn zero() -> Number {
        Number { negative: false, digits: Vec::new(), exponent: 0 }
    }

    /// Parses and normalises the text of an `N` value, with DynamoDB's errors.
    pub fn parse(text: &str) -> Result<Number> {
        let not_a_number = || ApiError::validation(format!("{NOT_A_NUMBER_PREFIX}{text}"));
        let bytes = text.as_bytes();
        let mut pos = 0;
        let negative = match bytes.first() {
            Some(b'-') => {
                pos = 1;
                true
            }
            Some(b'+') => {
                pos = 1;
                false
            }
            _ => false,
        };
        let int_digits = take_digits(bytes, &mut pos);
        let mut frac_digits: &[u8] = &[];
        if bytes.get(pos) == Some(&b'.') {
            pos += 1;
            frac_digits = take_digits(bytes, &mut pos);
        }
        if int_digits.is_empty() && frac_digits.is_empty() {
            return Err(not_a_number());
        }
        let mut written_exponent: i128 = 0;
        if matches!(bytes.get(pos), Some(b'e' | b'E')) {
            pos += 1;
            let exp_negative = match bytes.get(pos) {
                Some(b'-') => {
                    pos += 1;
                    true
                }
                Some(b'+') => {
                    pos += 1;
                    false
                }
                _ => false,
            };
            let exp_digits = take_digits(bytes, &mut pos);
            if exp_digits.is_empty() {
                return Err(not_a_number());
            }
            // An exponent past a 64-bit integer "cannot be converted" (captured).
            let magnitude = digits_to_i128(exp_digits).ok_or_else(not_a_number)?;
            written_exponent = if exp_negative { -magnitude } else { magnitude };
            if written_exponent < i128::from(i64::MIN) || written_exponent > i128::from(i64::MAX) {
                return Err(not_a_number());
            }
        }
        if pos != bytes.len() {
            return Err(not_a_number());
        }

        let all: Vec<u8> = int_digits.iter().chain(frac_digits).map(|b| b.wrapping_sub(b'0')).collect();
        let (Some(first), Some(last)) = (all.iter().position(|&d| d != 0), all.iter().rposition(|&d| d != 0)) else {
            // Zero: range-checked by its written exponent, BigDecimal-style.
            let adjusted = written_exponent - frac_digits.len() as i128;
            check_range(adjusted)?;
            return Ok(Number::zero());
        };
        let leading_exponent = int_digits.len() as i128 - 1 - first as i128 + written_exponent;
        let digits = all.get(first..=last).unwrap_or_default().to_vec();
        Number::checked_new(negative, digits, leading_exponent)
    }

    /// The normalised parts (sign, significant digits 0..=9, exponent of the
    /// leading digit): the packed form of stored items writes these.
    pub(crate) fn parts(&self) -> (bool, &[u8], i32) {
        (self.negative, &self.digits, self.exponent)
    }

    /// A number from [`Number::parts`]; `None` unless they are the parts of
    /// a storable number (digits 0..=9 without leading or trailing zeros, at
    /// most 38 of them, the exponent in range, zero never negative).
    pub(crate) fn from_parts(negative: bool, digits: Vec<u8>, exponent: i32) -> Option<Number> {
        let normalised = digits.iter().all(|d| *d <= 9)
            && digits.first().is_none_or(|d| *d != 0)
            && digits.last().is_none_or(|d| *d != 0)
            && digits.len() <= MAX_SIGNIFICANT_DIGITS;
        if digits.is_empty() {
            return (!negative && exponent == 0).then(Number::zero);
        }
        let in_range = (MIN_EXPONENT..=MAX_EXPONENT).contains(&i64::from(exponent));
        (normalised && in_range).then_some(Number { negative, digits, exponent })
    }

    /// True for zero (which is never negative).
    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// True for numbers below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The same magnitude with the other sign (zero stays zero).
    pub fn negated(&self) -> Number {
        Number { negative: !self.negative && !self.is_zero(), digits: self.digits.clone(), exponent: self.exponent }
    }

    /// Bytes this number costs in an item (semantics B.2, base-100 form):
    /// one exponent byte, one byte per base-100 digit pair the significant
    /// digits span, one more when negative; zero costs 1.
    pub fn size(&self) -> usize {
        if self.is_zero() {
            return 1;
        }
        let e = i64::from(self.exponent);
        let n = self.digits.len() as i64;
        let pairs = e.div_euclid(2) - (e - n + 1).div_euclid(2) + 1;
        1 + usize::try_from(pairs).unwrap_or(0) + usize::from(self.negative)
    }

    /// The bytes a numeric partition key is hashed with: the Oracle-NUMBER-like
    /// base-100 encoding of dynalite's `numToBuffer` (db/index.js). An exponent
    /// byte, then one byte per digit pair (pair + 1 when positive, 101 − pair
    /// when negative, digits padded with a leading 0 to align pairs), and a
    /// trailing 102 for negatives shorter than 20 pairs. Zero is `[0x80]`.
    pub fn key_bytes(&self) -> Vec<u8> {
        if self.is_zero() {
            return vec![0x80];
        }
        // dynalite's exponent is one more than ours (Big.js `e + 1`).
        let exponent = i64::from(self.exponent) + 1;
        let pad = usize::from(exponent.rem_euclid(2) == 1);
        let padded: Vec<u8> = std::iter::repeat_n(0u8, pad).chain(self.digits.iter().copied()).collect();
        let pair_count = padded.len().div_ceil(2);

        let head = (exponent + pad as i64).div_euclid(2) - 64;
        // JS truncates to 32 bits and Buffer keeps the low byte.
        let head = if self.negative { !head } else { head };
        let mut out = Vec::with_capacity(pair_count + 2);
        out.push((head & 0xFF) as u8);
        for pair in padded.chunks(2) {
            let high = pair.first().copied().unwrap_or(0);
            let low = pair.get(1).copied().unwrap_or(0);
            let value = high * 10 + low;
            out.push(if self.negative { 101 - value } else { value + 1 });
        }
        if self.negative && pair_count < 20 {
            out.push(102);
        }
        out
    }

    /// Exact `self + other`, refused with DynamoDB's limit messages when the
    /// result cannot be stored (UpdateItem `ADD`, `SET a = a + :v`).
    pub fn checked_add(&self, other: &Number) -> Result<Number> {
        if other.is_zero() {
            return Ok(self.clone());
        }
        if self.is_zero() {
            return Ok(other.clone());
        }
        // Lay both out as little-endian digit columns from the lowest power.
        let low = i64::from(self.lowest_power().min(other.lowest_power()));
        let high = i64::from(self.exponent.max(other.exponent)) + 1;
        let width = usize::try_from(high - low + 1).unwrap_or(0);
        let a = self.columns(low, width);
        let b = other.columns(low, width);
        if self.negative == other.negative {
            return Number::from_columns(self.negative, &add_columns(&a, &b), low);
        }
        match self.cmp_magnitude(other) {
            Ordering::Equal => Ok(Number::zero()),
            Ordering::Greater => Number::from_columns(self.negative, &sub_columns(&a, &b), low),
            Ordering::Less => Number::from_columns(other.negative, &sub_columns(&b, &a), low),
        }
    }

    /// Exact `self - other`, with the same limits as [`Number::checked_add`].
    pub fn checked_sub(&self, other: &Number) -> Result<Number> {
        self.checked_add(&other.negated())
    }

    /// Builds a number from significant digits (first and last non-zero) and
    /// the exponent of the first, enforcing the limits in DynamoDB's order.
    fn checked_new(negative: bool, digits: Vec<u8>, leading_exponent: i128) -> Result<Number> {
        check_range(leading_exponent)?;
        if digits.len() > MAX_SIGNIFICANT_DIGITS {
            return Err(ApiError::validation(PRECISION_MESSAGE));
        }
        Ok(Number {
            negative,
            digits,
            // check_range keeps it within -130..=125.
            exponent: i32::try_from(leading_exponent).unwrap_or(0),
        })
    }

    /// Power of ten of the last significant digit.
    fn lowest_power(&self) -> i32 {
        self.exponent - (self.digits.len() as i32 - 1)
    }

    /// Digits as little-endian columns where column `i` is the 10^(low+i) place.
    fn columns(&self, low: i64, width: usize) -> Vec<u8> {
        let mut out = vec![0u8; width];
        for (j, &d) in self.digits.iter().enumerate() {
            let power = i64::from(self.exponent) - j as i64;
            if let Some(slot) = usize::try_from(power - low).ok().and_then(|i| out.get_mut(i)) {
                *slot = d;
            }
        }
        out
    }

    fn from_columns(negative: bool, columns: &[u8], low: i64) -> Result<Number> {
        let (Some(lowest), Some(highest)) =
            (columns.iter().position(|&d| d != 0), columns.iter().rposition(|&d| d != 0))
        else {
            return Ok(Number::zero());
        };
        let digits: Vec<u8> = columns.get(lowest..=highest).unwrap_or_default().iter().rev().copied().collect();
        Number::checked_new(negative, digits, i128::from(low) + highest as i128)
    }

    fn cmp_magnitude(&self, other: &Number) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Digits have no trailing zeros, so lexicographic order is numeric.
            (false, false) => self.exponent.cmp(&other.exponent).then_with(|| self.digits.cmp(&other.digits)),
        }
    }

    fn signum(&self) -> i8 {
        if self.is_zero() {
            0
        } else if self.negative {
            -1
        } else {
            1
        }
    }
}

fn check_range(leading_exponent: i128) -> Result<()> {
    if leading_exponent > i128::from(MAX_EXPONENT) {
        return Err(ApiError::validation(OVERFLOW_MESSAGE));
    }
    if leading_exponent < i128::from(MIN_EXPONENT) {
        return Err(ApiError::validation(UNDERFLOW_MESSAGE));
    }
    Ok(())
}

/// Advances over a run of ASCII digits and returns it.
fn take_digits<'a>(bytes: &'a [u8], pos: &mut usize) -> &'a [u8] {
    let rest = bytes.get(*pos..).unwrap_or_default();
    let count = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    *pos += count;
    rest.get(..count).unwrap_or_default()
}

/// Decimal digits to an integer, `None` once past 64 bits (leading zeros ok).
fn digits_to_i128(digits: &[u8]) -> Option<i128> {
    let limit = i128::from(u64::MAX);
    let mut value: i128 = 0;
    for &b in digits {
        value = value * 10 + i128::from(b.wrapping_sub(b'0'));
        if value > limit {
            return None;
        }
    }
    Some(value)
}

fn add_columns(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len() + 1);
    let mut carry = 0u8;
    for (i, &x) in a.iter().enumerate() {
        let sum = x + b.get(i).copied().unwrap_or(0) + carry;
        out.push(sum % 10);
        carry = sum / 10;
    }
    out.push(carry);
    out
}

/// `a - b` for `a >= b` in magnitude.
fn sub_columns(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0u8;
    for (i, &x) in a.iter().enumerate() {
        let y = b.get(i).copied().unwrap_or(0) + borrow;
        if x >= y {
            out.push(x - y);
            borrow = 0;
        } else {
            out.push(x + 10 - y);
            borrow = 1;
        }
    }
    out
}

impl fmt::Display for Number {
    /// DynamoDB's normalised spelling, always in plain notation: `42.12`,
    /// `100`, `0.0015`, `0`; `1E125` is a 1 followed by 125 zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        let mut out = String::with_capacity(self.digits.len() + 140);
        if self.negative {
            out.push('-');
        }
        let digit = |d: &u8| char::from(b'0' + d);
        let e = i64::from(self.exponent);
        let n = self.digits.len() as i64;
        if e < 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', usize::try_from(-e - 1).unwrap_or(0)));
            out.extend(self.digits.iter().map(digit));
        } else if e >= n - 1 {
            out.extend(self.digits.iter().map(digit));
            out.extend(std::iter::repeat_n('0', usize::try_from(e - (n - 1)).unwrap_or(0)));
        } else {
            let split = usize::try_from(e + 1).unwrap_or(0);
            let (int_part, frac_part) = self.digits.split_at(split.min(self.digits.len()));
            out.extend(int_part.iter().map(digit));
            out.push('.');
            out.extend(frac_part.iter().map(digit));
        }
        f.write_str(&out)
    }
}

impl std::str::FromStr for Number {
    type Err = ApiError;

    /// Same as [`Number::parse`].
    fn from_str(text: &str) -> Result<Number> {
        Number::parse(text)
    }
}

impl Ord for Number {
    /// Numeric order.
    fn cmp(&self, other: &Self) -> Ordering {
        match self.signum().cmp(&other.signum()) {
            Ordering::Equal if self.negative => self.cmp_magnitude(other).reverse(),
            Ordering::Equal => self.cmp_magnitude(other),
            unequal => unequal,
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Number {
        match Number::parse(text) {
            Ok(number) => number,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn err(text: &str) -> String {
        match Number::parse(text) {
            Ok(number) => panic!("{text} parsed as {number}"),
            Err(e) => {
                assert_eq!(e.name(), "ValidationException", "{text}");
                e.message().to_string()
            }
        }
    }

    fn repeat(c: char, count: usize) -> String {
        std::iter::repeat_n(c, count).collect()
    }

    #[test]
    fn normalises_spelling() {
        let cases = [
            ("0042.1200", "42.12"),
            ("1E2", "100"),
            ("1e2", "100"),
            ("1.5e-3", "0.0015"),
            ("-0", "0"),
            ("+0.000", "0"),
            ("0e125", "0"),
            ("-0.0e-129", "0"),
            ("0", "0"),
            ("+7", "7"),
            ("-7", "-7"),
            ("1.", "1"),
            (".5", "0.5"),
            ("-.5", "-0.5"),
            ("12.3456", "12.3456"),
            ("100", "100"),
            ("1010", "1010"),
            ("0.0000001", "0.0000001"),
            ("123.456E1", "1234.56"),
            ("123.456E-5", "0.00123456"),
            ("1E+3", "1000"),
            ("1e0005", "100000"),
            ("-42", "-42"),
            ("000000000000000000000000000000000000000000000000001", "1"),
        ];
        for (input, expected) in cases {
            assert_eq!(n(input).to_string(), expected, "{input}");
        }
        assert_eq!(n("1E125").to_string(), format!("1{}", repeat('0', 125)));
        assert_eq!(n("1E-130").to_string(), format!("0.{}1", repeat('0', 129)));
    }

    #[test]
    fn rejects_what_is_not_a_number() {
        let prefix = "The parameter cannot be converted to a numeric value: ";
        for input in [
            "abc",
            "",
            " 1",
            "1 ",
            "1.2.3",
            "0x10",
            "Infinity",
            "-Infinity",
            "NaN",
            "1e",
            "1e+",
            "e5",
            ".",
            "-",
            "+",
            "--1",
            "1,5",
            "١",
            "1e9223372036854775808",
            "1_000",
        ] {
            assert_eq!(err(input), format!("{prefix}{input}"), "{input:?}");
        }
    }

    #[test]
    fn enforces_limits_at_the_exact_boundaries() {
        let precision = "Attempting to store more than 38 significant digits in a Number";
        let overflow = "Number overflow. Attempting to store a number with magnitude larger than supported range";
        let underflow = "Number underflow. Attempting to store a number with magnitude smaller than supported range";
        let nines38 = repeat('9', 38);
        // Accepted.
        for ok in [
            nines38.clone(),
            format!("-{nines38}"),
            format!("9.{}E+125", repeat('9', 37)),
            format!("-9.{}E+125", repeat('9', 37)),
            "1E-130".to_string(),
            "-1E-130".to_string(),
            format!("1{}", repeat('0', 125)),
            format!("{}{}", repeat('1', 38), repeat('0', 88)),
            format!("0.{}1", repeat('0', 129)),
            format!("{nines38}.000000"),
            format!("0000{nines38}"),
            "0e-130".to_string(),
        ] {
            assert!(Number::parse(&ok).is_ok(), "{ok}");
        }
        // Refused.
        let cases = [
            (repeat('9', 39), precision),
            ("123456789012345678901234567890123456789".to_string(), precision),
            ("-1.23456789012345678901234567890123456789".to_string(), precision),
            ("1234567890123456789012345678901234567890".to_string(), precision),
            ("1E126".to_string(), overflow),
            ("1e126".to_string(), overflow),
            ("-1e126".to_string(), overflow),
            ("10E125".to_string(), overflow),
            (format!("1{}", repeat('0', 126)), overflow),
            ("1e99999999999".to_string(), overflow),
            ("-1e99999999999".to_string(), overflow),
            ("1e2147483648".to_string(), overflow),
            ("1e9223372036854775807".to_string(), overflow),
            ("0e126".to_string(), overflow),
            ("1E-131".to_string(), underflow),
            ("-1e-131".to_string(), underflow),
            ("0.1E-130".to_string(), underflow),
            ("1e-99999999999".to_string(), underflow),
            ("1e-9223372036854775808".to_string(), underflow),
            ("0e-131".to_string(), underflow),
            // Overflow is checked before precision, as dynalite does.
            (format!("{}E200", repeat('1', 40)), overflow),
            (format!("{}E-200", repeat('1', 40)), underflow),
        ];
        for (input, message) in cases {
            assert_eq!(err(&input), message, "{input}");
        }
    }

    #[test]
    fn equality_and_order_are_numeric() {
        assert_eq!(n("1"), n("1.0"));
        assert_eq!(n("1"), n("01e0"));
        assert_eq!(n("-0"), n("0"));
        assert_eq!(n("100"), n("1E2"));
        let ascending = [
            "-1E125", "-100", "-99.5", "-1.23", "-1.2", "-0.0015", "-1E-130", "0", "1E-130", "0.0015", "1.2", "1.23",
            "9", "10", "99.5", "100", "1E125",
        ];
        for pair in ascending.windows(2) {
            if let [a, b] = pair {
                assert!(n(a) < n(b), "{a} < {b}");
                assert!(n(b) > n(a), "{b} > {a}");
            }
        }
        assert_eq!(n("5").cmp(&n("5.000")), Ordering::Equal);
    }

    #[test]
    fn size_matches_the_captured_literals() {
        // Semantics B.2: 23 real-AWS captures, plus 0.00012 (base-100 form).
        let thirty_eight = repeat('7', 38);
        let cases = [
            ("0", 1),
            ("1", 2),
            ("12", 2),
            ("123", 3),
            ("1234", 3),
            (thirty_eight.as_str(), 20),
            ("0042", 2),
            ("100", 2),
            ("1010", 3),
            ("0.0000001", 2),
            ("1E125", 2),
            ("1E-100", 2),
            ("1.5", 3),
            ("15", 2),
            ("1.2", 3),
            ("1.200", 3),
            ("1.234", 4),
            ("3.14159", 5),
            ("123456", 4),
            ("100.5", 4),
            ("0.15", 2),
            ("-42", 3),
            ("-0", 1),
            ("0.00012", 3),
            ("12.3456", 4),
        ];
        for (input, size) in cases {
            assert_eq!(n(input).size(), size, "{input}");
        }
    }

    #[test]
    fn key_bytes_follow_dynalite_num_to_buffer() {
        // Worked through dynalite's numToBuffer by hand.
        let cases: [(&str, &[u8]); 10] = [
            ("0", &[0x80]),
            ("1", &[193, 2]),
            ("10", &[193, 11]),
            ("100", &[194, 2]),
            ("123", &[194, 2, 24]),
            ("1.5", &[193, 2, 51]),
            ("0.15", &[192, 16]),
            ("-1", &[62, 100, 102]),
            ("-123", &[61, 100, 78, 102]),
            ("-0.15", &[63, 86, 102]),
        ];
        for (input, bytes) in cases {
            assert_eq!(n(input).key_bytes(), bytes, "{input}");
        }
        // A negative number gets the 102 terminator only below 20 digit pairs:
        // 38 nines span 19 pairs, 9.99…9 (38 digits, padded) spans 20.
        let nineteen_pairs = n(&format!("-{}", repeat('9', 38))).key_bytes();
        assert_eq!((nineteen_pairs.len(), nineteen_pairs.last()), (21, Some(&102)));
        let twenty_pairs = n(&format!("-9.{}", repeat('9', 37))).key_bytes();
        assert_eq!((twenty_pairs.len(), twenty_pairs.last()), (21, Some(&11)));
    }

    #[test]
    fn exact_addition_and_subtraction() {
        let cases = [
            ("1", "2", "3", "-1"),
            ("0.1", "0.2", "0.3", "-0.1"),
            ("99", "1", "100", "98"),
            ("-5", "3", "-2", "-8"),
            ("5", "-5", "0", "10"),
            ("0", "-7.5", "-7.5", "7.5"),
            ("1E125", "-1E125", "0", "2E125"),
            ("1E-130", "1E-130", "2E-130", "0"),
            ("123.456", "0.544", "124", "122.912"),
            ("1E10", "1E-10", "10000000000.0000000001", "9999999999.9999999999"),
        ];
        for (a, b, sum, difference) in cases {
            assert_eq!(n(a).checked_add(&n(b)).ok(), Some(n(sum)), "{a} + {b}");
            assert_eq!(n(a).checked_sub(&n(b)).ok(), Some(n(difference)), "{a} - {b}");
        }
    }

    #[test]
    fn arithmetic_results_obey_the_limits() {
        let overflow = "Number overflow. Attempting to store a number with magnitude larger than supported range";
        let underflow = "Number underflow. Attempting to store a number with magnitude smaller than supported range";
        let precision = "Attempting to store more than 38 significant digits in a Number";
        let max = n(&format!("9.{}E125", repeat('9', 37)));
        let one_ulp = n("1E88");
        let result = max.checked_add(&one_ulp).map_err(|e| e.message().to_string());
        assert_eq!(result, Err(overflow.to_string()));
        let result = max.negated().checked_sub(&one_ulp).map_err(|e| e.message().to_string());
        assert_eq!(result, Err(overflow.to_string()));
        let result = n("1.1E-130").checked_sub(&n("1E-130")).map_err(|e| e.message().to_string());
        assert_eq!(result, Err(underflow.to_string()));
        let nines = n(&repeat('9', 38));
        let result = nines.checked_add(&n("0.5")).map_err(|e| e.message().to_string());
        assert_eq!(result, Err(precision.to_string()));
        // 38 nines + 1 is 1E38: one significant digit, fine.
        assert_eq!(nines.checked_add(&n("1")).ok(), Some(n("1E38")));
        assert_eq!(max.checked_sub(&max).ok(), Some(Number::zero()));
    }

    #[test]
    fn sign_helpers() {
        assert!(n("-0.1").is_negative());
        assert!(!n("-0").is_negative());
        assert!(n("-0").is_zero());
        assert!(!n("1E-130").is_zero());
        assert_eq!(n("3").negated(), n("-3"));
        assert_eq!(Number::zero().negated(), Number::zero());
        assert_eq!("1.50".parse::<Number>(), Number::parse("1.5"));
    }
}
