//! How figures are written in each language.
//!
//! ```text
//!                 count 12345   units 1234.5   price $0.125
//!   English       12,345        1,234.5        $0.125
//!   Deutsch       12.345        1.234,5        0,125 $
//!   日本語        12,345        1,234.5        $0.125
//! ```
//!
//! The page spells figures in English first ([`grouped`] and [`decimal`]
//! here, `page_model::cost::dollars` for prices: the source of truth for how
//! many digits show) and [`figure`] turns that spelling into the language's:
//! German swaps the two separators, Japanese writes figures as English does.
//! So the digits are the same in every language and only the separators
//! move, and a German page never shows `1,234` (English grouping) next to
//! `1,5` (German decimal comma): every figure on it reads the German way.
//!
//! DynamoDB's JSON is never passed through here: `"CapacityUnits": 0.5` in
//! a response body is code, and stays as the SDK prints it.

use super::lang::Lang;

/// A whole number with thousands grouped the English way: `12,345`.
pub fn grouped(n: u64) -> String {
    group_digits(&n.to_string())
}

/// A decimal number the English way: the whole part grouped, the fraction
/// as Rust prints it (`1,234.5`, `0.5`, `3`).
pub fn decimal(x: f64) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let text = x.abs().to_string();
    match text.split_once('.') {
        Some((whole, fraction)) => format!("{sign}{}.{fraction}", group_digits(whole)),
        None => format!("{sign}{}", group_digits(&text)),
    }
}

/// `digits` (ASCII digits only) with a `,` before every third from the end.
fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count with thousands grouped: `12,345` (German `12.345`).
pub fn count(lang: Lang, n: u64) -> String {
    figure(lang, &grouped(n))
}

/// A decimal number the language's way: `1,234.5` (German `1.234,5`).
pub fn number(lang: Lang, x: f64) -> String {
    figure(lang, &decimal(x))
}

/// A figure spelled the English way (`1,234`, `0.5`, `1.5 RCU + 2 WCU`),
/// spelled the language's way. Only the separators `,` and `.` change, so
/// the text must hold nothing but figures, spaces and unit names.
pub fn figure(lang: Lang, english: &str) -> String {
    match lang {
        Lang::En | Lang::Ja => english.to_string(),
        Lang::De => english
            .chars()
            .map(|c| match c {
                ',' => '.',
                '.' => ',',
                other => other,
            })
            .collect(),
    }
}

/// A price spelled the English way (`$0.000000188`), spelled the
/// language's way: German puts the sign after the amount (`0,000000188 $`).
pub fn dollars(lang: Lang, english: &str) -> String {
    match lang {
        Lang::En | Lang::Ja => english.to_string(),
        Lang::De => {
            let amount = english.strip_prefix('$').unwrap_or(english);
            format!("{} $", figure(lang, amount))
        }
    }
}

impl Lang {
    /// See [`count`].
    pub fn count(self, n: u64) -> String {
        count(self, n)
    }

    /// See [`number`].
    pub fn number(self, x: f64) -> String {
        number(self, x)
    }

    /// See [`figure`].
    pub fn figure(self, english: &str) -> String {
        figure(self, english)
    }

    /// See [`dollars`].
    pub fn dollars(self, english: &str) -> String {
        dollars(self, english)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_the_language() {
        assert_eq!(count(Lang::En, 0), "0");
        assert_eq!(count(Lang::En, 999), "999");
        assert_eq!(count(Lang::En, 1_000), "1,000");
        assert_eq!(count(Lang::En, 12_345), "12,345");
        assert_eq!(count(Lang::En, 1_234_567), "1,234,567");
        assert_eq!(count(Lang::De, 1_234_567), "1.234.567");
        assert_eq!(count(Lang::Ja, 1_234_567), "1,234,567");
    }

    #[test]
    fn decimals_group_the_whole_part() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "0"),
            (0.5, "0.5"),
            (3.0, "3"),
            (999.5, "999.5"),
            (1_000.0, "1,000"),
            (1_234.5, "1,234.5"),
            (1_666.67, "1,666.67"),
            (-1_234_567.25, "-1,234,567.25"),
            (f64::NAN, "NaN"),
        ];
        for (x, english) in cases {
            assert_eq!(decimal(*x), *english, "{x}");
        }
        assert_eq!(number(Lang::En, 1_234.5), "1,234.5");
        assert_eq!(number(Lang::De, 1_234.5), "1.234,5");
        assert_eq!(number(Lang::Ja, 1_234.5), "1,234.5");
    }

    #[test]
    fn figures_swap_separators_in_german_only() {
        assert_eq!(figure(Lang::En, "1,234.5"), "1,234.5");
        assert_eq!(figure(Lang::De, "1,234.5"), "1.234,5");
        assert_eq!(figure(Lang::Ja, "1,234.5"), "1,234.5");
        assert_eq!(figure(Lang::De, "1.5 RCU + 2 WCU"), "1,5 RCU + 2 WCU");
    }

    #[test]
    fn prices_put_the_sign_where_the_language_does() {
        assert_eq!(dollars(Lang::En, "$0.000000188"), "$0.000000188");
        assert_eq!(dollars(Lang::De, "$0.000000188"), "0,000000188 $");
        assert_eq!(dollars(Lang::De, "$12.50"), "12,50 $");
        assert_eq!(dollars(Lang::Ja, "$0.125"), "$0.125");
        assert_eq!(dollars(Lang::De, "$0"), "0 $");
    }
}
