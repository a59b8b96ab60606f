//! Dates of the proleptic Gregorian calendar as days since 1970-01-01, both
//! ways (Howard Hinnant's `days_from_civil` and `civil_from_days`): the
//! generator's dates and the streams' labels. The engine has no system clock
//! and no date crate; these two functions are all the calendar it needs.

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
}
