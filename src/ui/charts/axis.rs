//! Where an axis's ticks go: round steps, so a reader can count along.

/// Steps a time axis uses, in seconds: round to a clock.
const SECOND_STEPS: [u64; 14] = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1_800, 3_600];

/// The ticks of a time axis over `0..=seconds`: at most about `most`
/// of them, on a round number of seconds, from 0.
pub fn second_ticks(seconds: u64, most: u64) -> Vec<u64> {
    let most = most.max(1);
    let step = SECOND_STEPS.into_iter().find(|step| seconds / step <= most).unwrap_or(seconds.div_ceil(most).max(1));
    (0..=seconds / step).map(|i| i * step).collect()
}

/// The ticks of a value axis over `0..=max`: at most about `most` of
/// them, on steps of 1, 2 or 5 times a power of ten, from 0.
pub fn value_ticks(max: f64, most: usize) -> Vec<f64> {
    if !(max.is_finite() && max > 0.0) {
        return vec![0.0];
    }
    // At least two steps above 0, or a tall step could leave 0 alone.
    let rough = max / most.max(2) as f64;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|step| *step >= rough).unwrap_or(power * 10.0);
    let n = (max / step).floor() as usize;
    (0..=n).map(|i| i as f64 * step).collect()
}
