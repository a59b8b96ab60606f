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
