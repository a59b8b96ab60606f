//! The patterns' traffic, second by second: each request's charges (those
//! of its dry run, on the partition key value its [`KeyVariation`] draws)
//! admitted as a real request's would be, on the tables' and GSIs' own
//! capacity models. Requests of one second are interleaved across the
//! patterns; the draws come from one seeded generator, so a review gives
//! the same answer everywhere.

use super::classify::Served;
use super::{AccessPattern, KeyVariation};
use crate::engine::capacity::Charge;
use crate::engine::schema::KeyValue;
use crate::engine::service::Engine;
use crate::engine::sim::{Rng, Zipf};
use crate::engine::value::Number;

/// What one pattern's traffic met.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    pub requests: u64,
    pub throttled: u64,
    /// Throttled requests by reason, in the order first met.
    pub reasons: Vec<(String, u64)>,
}

/// A pattern's key values.
#[derive(Clone)]
struct Sampler {
    count: u32,
    zipf: Option<Zipf>,
}

impl Sampler {
    fn new(keys: &KeyVariation) -> Self {
        match keys {
            KeyVariation::Single => Self { count: 1, zipf: None },
            KeyVariation::Uniform { count } => Self { count: *count, zipf: None },
            KeyVariation::Zipf { count, exponent } => Self { count: *count, zipf: Some(Zipf::new(*count, *exponent)) },
        }
    }

    fn draw(&self, rng: &mut Rng) -> u32 {
        match &self.zipf {
            _ if self.count <= 1 => 0,
            Some(zipf) => zipf.draw(rng) as u32,
            None => rng.below(self.count),
        }
    }
}

/// The `i`-th of `count` values derived from `value` (see [`KeyVariation`]).
fn variant(value: &KeyValue, i: u32, count: u32) -> KeyValue {
    match value {
        KeyValue::S(s) => KeyValue::S(format!("{s}_{i}")),
        KeyValue::N(n) => {
            let text = format!("{n}");
            let base: f64 = text.parse().unwrap_or(0.0);
            let derived = base * f64::from(count) + f64::from(i);
            Number::parse(&format!("{derived}")).map(KeyValue::N).unwrap_or_else(|_| value.clone())
        }
        KeyValue::B(b) => {
            let mut bytes = b.clone();
            bytes.extend_from_slice(&i.to_be_bytes());
            KeyValue::B(bytes)
        }
        // A multi-attribute key varies in its first value.
        KeyValue::Multi(values) => {
            let mut values = values.clone();
            if let Some(first) = values.first_mut() {
                *first = variant(first, i, count);
            }
            KeyValue::Multi(values)
        }
    }
}

/// The pattern's charges with its partition key value replaced by the
/// `i`-th variant (the charges on another key, e.g. a GSI's, stay).
fn charges_for(served: &Served, i: u32, count: u32) -> Vec<Charge> {
    let (Some(key), true) = (&served.key, count > 1) else { return served.charges.clone() };
    let drawn = variant(key, i, count);
    served
        .charges
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if c.partition.as_ref() == Some(key) {
                c.partition = Some(drawn.clone());
            }
            c
        })
        .collect()
}

/// The patterns' traffic under way: what each has met so far, and where
/// the draws and each rate's fraction stand.
#[derive(Clone)]
pub(super) struct Traffic {
    samplers: Vec<Sampler>,
    pub counts: Vec<Counts>,
    carry: Vec<f64>,
    rng: Rng,
}

impl Traffic {
    pub fn new(patterns: &[AccessPattern]) -> Self {
        Self {
            samplers: patterns.iter().map(|p| Sampler::new(&p.keys)).collect(),
            counts: patterns.iter().map(|_| Counts::default()).collect(),
            carry: vec![0.0; patterns.len()],
            rng: Rng::new(0x5eed),
        }
    }

    /// Sends one second of every pattern's requests, interleaved, then
    /// moves the clock to the next second.
    pub fn second(&mut self, engine: &mut Engine, patterns: &[AccessPattern], served: &[Served]) {
        let this_second: Vec<u64> = patterns
            .iter()
            .zip(self.carry.iter_mut())
            .zip(served)
            .map(|((p, carry), s)| {
                if s.error.is_some() {
                    return 0;
                }
                let due = p.requests_per_second + *carry;
                let n = due.floor();
                *carry = due - n;
                n as u64
            })
            .collect();
        let most = this_second.iter().copied().max().unwrap_or(0);
        for j in 0..most {
            for (p, n) in this_second.iter().enumerate() {
                if j >= *n {
                    continue;
                }
                let (Some(sampler), Some(s), Some(count)) =
                    (self.samplers.get(p), served.get(p), self.counts.get_mut(p))
                else {
                    continue;
                };
                let charges = charges_for(s, sampler.draw(&mut self.rng), sampler.count);
                count.requests += 1;
                if let Err(error) = engine.admit(&charges) {
                    count.throttled += 1;
                    for reason in error.throttling_reasons() {
                        let name = reason.reason();
                        match count.reasons.iter_mut().find(|(r, _)| *r == name) {
                            Some((_, n)) => *n += 1,
                            None => count.reasons.push((name, 1)),
                        }
                    }
                }
            }
        }
        engine.clock_mut().advance(1000);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_vary_as_documented() {
        assert_eq!(variant(&KeyValue::S("CandidateA".into()), 3, 10), KeyValue::S("CandidateA_3".into()));
        let n = KeyValue::N(Number::parse("7").unwrap());
        assert_eq!(variant(&n, 2, 10), KeyValue::N(Number::parse("72").unwrap()));
        assert_eq!(variant(&KeyValue::B(vec![1]), 1, 2), KeyValue::B(vec![1, 0, 0, 0, 1]));
    }

    #[test]
    fn zipf_favours_the_first_values() {
        let sampler = Sampler::new(&KeyVariation::Zipf { count: 100, exponent: 1.2 });
        let mut rng = Rng::new(1);
        let first = (0..10_000).filter(|_| sampler.draw(&mut rng) == 0).count();
        assert!(first > 2_000, "{first}");
    }
}
