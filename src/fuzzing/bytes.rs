//! Fuzz input as a stream of choices.
//!
//! A structure-aware harness does not parse its input; it asks it
//! questions: "which operation?", "which value from this pool?", "one more
//! action?". [`Choices`] answers each from the next bytes of the input, so
//! the fuzzer's byte mutations become changes of decisions, and every input,
//! however short, is a valid program (past the end every answer is 0, the
//! first and most ordinary choice). This is `arbitrary::Unstructured` in
//! forty lines, without the dependency.

/// Reads decisions from fuzz bytes.
#[derive(Clone, Debug)]
pub struct Choices<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    /// Decisions read from `data`, first byte first.
    pub fn new(data: &'a [u8]) -> Self {
        Self { data, at: 0 }
    }

    /// Whether the input has been read to its end.
    pub fn is_empty(&self) -> bool {
        self.at >= self.data.len()
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at = self.at.saturating_add(1);
        b
    }

    /// The next two bytes as a number (little end first).
    pub fn u16(&mut self) -> u16 {
        u16::from(self.byte()) | (u16::from(self.byte()) << 8)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        if n <= 256 {
            usize::from(self.byte()) % n
        } else {
            usize::from(self.u16()) % n
        }
    }

    /// True with probability about `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One element of a non-empty pool (the pool's first when empty input).
    pub fn pick<T: Copy>(&mut self, pool: &[T]) -> Option<T> {
        let i = self.below(pool.len());
        pool.get(i).copied()
    }

    /// A string pool's pick, or "" for an empty pool.
    pub fn pick_str(&mut self, pool: &[&'static str]) -> &'static str {
        self.pick(pool).unwrap_or("")
    }

    /// Up to `max` raw bytes of the input as text (lossy UTF-8): the
    /// fuzzer's own strings, for places where anything may be written.
    pub fn text(&mut self, max: usize) -> String {
        let len = self.below(max.saturating_add(1));
        let end = self.at.saturating_add(len).min(self.data.len());
        let slice = self.data.get(self.at.min(end)..end).unwrap_or(&[]);
        self.at = end;
        String::from_utf8_lossy(slice).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_total() {
        let mut c = Choices::new(&[7, 1, 2, 255]);
        assert_eq!(c.below(5), 2); // 7 % 5
        assert!(c.one_in(1));
        assert_eq!(c.pick(&[10, 20, 30]), Some(30)); // 2 % 3 = 2
                                                     // 255 % 11 = 2 bytes asked for, but the input is used up.
        assert_eq!(c.text(10), "");
        assert!(c.is_empty());
        assert_eq!(c.byte(), 0);
        assert_eq!(c.below(0), 0);
        assert_eq!(c.pick::<u8>(&[]), None);
    }
}
