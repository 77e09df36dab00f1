//! Where Curio keeps what it writes for a person, and what day it is there.

use std::path::PathBuf;

/// Curio's data folder: `$XDG_DATA_HOME/curio`, else `~/.local/share/curio` (where the app keeps
/// its settings too), or `None` where neither variable is set.
pub fn data_folder() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|value| !value.is_empty()) {
        Some(folder) => PathBuf::from(folder),
        None => {
            PathBuf::from(std::env::var_os("HOME").filter(|value| !value.is_empty())?).join(".local/share")
        }
    };
    Some(base.join("curio"))
}

/// The notes folder when none is given: `CURIO_NOTES_DIR`, else `notes` in the data folder.
pub fn notes_folder() -> Option<PathBuf> {
    match std::env::var_os("CURIO_NOTES_DIR").filter(|value| !value.is_empty()) {
        Some(folder) => Some(PathBuf::from(folder)),
        None => data_folder().map(|folder| folder.join("notes")),
    }
}

/// Today in the local time zone: year, month (1 to 12) and day (1 to 31).
pub fn today() -> (u16, u8, u8) {
    #[cfg(unix)]
    {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs()) as libc::time_t;
        // SAFETY: localtime_r reads `now` and writes only into `local`, a plain struct owned here.
        let mut local: libc::tm = unsafe { std::mem::zeroed() };
        if !unsafe { libc::localtime_r(&now, &mut local) }.is_null() {
            return ((local.tm_year + 1900) as u16, (local.tm_mon + 1) as u8, local.tm_mday as u8);
        }
    }
    utc_today()
}

/// Today in UTC (days since 1970 to a civil date, Howard Hinnant's algorithm).
fn utc_today() -> (u16, u8, u8) {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let days = (seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year as u16, month as u8, day as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_a_real_day_in_the_local_zone_and_in_utc() {
        for (year, month, day) in [today(), utc_today()] {
            assert!((2020..2200).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day));
        }
        let (local, utc) = (today(), utc_today());
        // A time zone is less than a day from UTC.
        assert!(local == utc || local.2.abs_diff(utc.2) <= 1 || local.2 == 1 || utc.2 == 1);
    }
}
