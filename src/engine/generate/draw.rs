//! Drawing values: uniform and Zipf picks, days as dates, random text.

use crate::engine::sim::{Rng, Zipf};

/// Most values a Zipf distribution draws from (its table of cumulative
/// weights is kept in memory).
pub const MAX_ZIPF_VALUES: u64 = 1_000_000;

/// How one of `count` values is picked.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    Uniform,
    /// Value `k` (from 0) with weight `1/(k+1)^s`.
    Zipf(Zipf),
}

impl Pick {
    pub fn zipf(count: u32, exponent: f64) -> Self {
        Pick::Zipf(Zipf::new(count, exponent))
    }

    /// A value in `0..count`.
    pub fn draw(&self, rng: &mut Rng, count: u64) -> u64 {
        let last = count.saturating_sub(1);
        match self {
            Pick::Uniform => below(rng, count),
            Pick::Zipf(zipf) => zipf.draw(rng).min(last),
        }
    }
}

/// Uniform in `0..n` (n ≥ 1), for ranges wider than `Rng::below`'s `u32`.
pub fn below(rng: &mut Rng, n: u64) -> u64 {
    ((u128::from(rng.next_u64()) * u128::from(n.max(1))) >> 64) as u64
}

/// Days since 1970-01-01 of a proleptic Gregorian date, if it is one
/// (years 1970 to 9999).
pub fn civil_day(year: i64, month: u32, day: u32) -> Option<i64> {
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    if !(1970..=9999).contains(&year) || day == 0 || day > days_in_month {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// `YYYY-MM-DD` of days since 1970-01-01 (Hinnant's civil_from_days).
pub fn date_text(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

const ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// `length` random letters and digits.
pub fn random_text(rng: &mut Rng, length: usize) -> String {
    let mut text = Vec::with_capacity(length);
    let mut bits = 0u64;
    let mut left = 0;
    for _ in 0..length {
        if left == 0 {
            bits = rng.next_u64();
            left = 10;
        }
        // Six bits at a time, folded onto the alphabet (a slight bias
        // towards its first letters is of no matter for test data).
        let at = (bits & 63) as usize % ALPHABET.len();
        bits >>= 6;
        left -= 1;
        text.push(ALPHABET.get(at).copied().unwrap_or(b'a'));
    }
    // ASCII only, so always valid UTF-8.
    String::from_utf8(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_through_days() {
        assert_eq!(civil_day(1970, 1, 1), Some(0));
        assert_eq!(civil_day(2024, 2, 29), Some(19_782));
        assert_eq!(civil_day(2023, 2, 29), None);
        assert_eq!(civil_day(2025, 13, 1), None);
        for days in [0, 59, 365, 19_782, 20_000, 2_932_896] {
            let text = date_text(days);
            let mut f = text.split('-').map(|p| p.parse::<i64>().expect("digits"));
            let (y, m, d) = (f.next().expect("y"), f.next().expect("m"), f.next().expect("d"));
            assert_eq!(civil_day(y, m as u32, d as u32), Some(days), "{text}");
        }
        assert_eq!(date_text(19_782), "2024-02-29");
    }

    #[test]
    fn zipf_favours_the_first_values() {
        let pick = Pick::zipf(100, 1.0);
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 100];
        for _ in 0..100_000 {
            counts[pick.draw(&mut rng, 100) as usize] += 1;
        }
        // Weight 1/1 of H(100) ≈ 5.19: about 19 % on the first value, half as much on the second.
        assert!((18_000..21_000).contains(&counts[0]), "{}", counts[0]);
        assert!((8_500..10_800).contains(&counts[1]), "{}", counts[1]);
        assert!(counts[99] < 400);
        let mut uniform = [0u32; 4];
        for _ in 0..40_000 {
            uniform[below(&mut rng, 4) as usize] += 1;
        }
        assert!(uniform.iter().all(|n| (9_500..10_500).contains(n)), "{uniform:?}");
    }
}
