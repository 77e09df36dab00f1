//! A setting's range and default, declared once by its domain ([`Bounds`]) and used by both
//! front ends: the command line's value parser ([`Bounds::parse`], whose error names the
//! range) and the panel's widget ([`Bounds::range`]) and `sanitize` ([`Bounds::clamp`]).

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The valid values of a setting, `min..=max`, and the one it starts at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds<T> {
    /// The least valid value.
    pub min: T,
    /// The greatest valid value.
    pub max: T,
    /// The value a setting starts at.
    pub default: T,
}

impl<T: Copy + PartialOrd> Bounds<T> {
    /// Bounds `min..=max` starting at `default`.
    pub const fn new(min: T, max: T, default: T) -> Self {
        Self { min, max, default }
    }

    /// `min..=max`, for a widget.
    pub fn range(&self) -> RangeInclusive<T> {
        self.min..=self.max
    }

    /// Whether `value` is valid (a NaN never is).
    pub fn contains(&self, value: T) -> bool {
        self.min <= value && value <= self.max
    }

    /// `value` brought into range: the nearer end for a value outside, the default for one that
    /// compares with neither end (a NaN).
    pub fn clamp(&self, value: T) -> T {
        if self.contains(value) {
            value
        } else if value < self.min {
            self.min
        } else if value > self.max {
            self.max
        } else {
            self.default
        }
    }
}

impl<T: Copy + PartialOrd + FromStr + Display> Bounds<T> {
    /// Parses `text` as a valid value; the error names the range.
    pub fn parse(&self, text: &str) -> Result<T, String> {
        let value: T = text.trim().parse().map_err(|_| format!("'{text}' is not a number"))?;
        if self.contains(value) {
            Ok(value)
        } else {
            Err(format!("{value} is out of range {}..={}", self.min, self.max))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_clamp_and_range_agree() {
        const PLAYOUTS: Bounds<usize> = Bounds::new(1, 1_000_000, 1000);
        assert_eq!(PLAYOUTS.parse("300"), Ok(300));
        assert_eq!(PLAYOUTS.parse("0"), Err("0 is out of range 1..=1000000".to_string()));
        assert!(PLAYOUTS.parse("many").unwrap_err().contains("not a number"));
        assert_eq!(PLAYOUTS.clamp(0), 1);
        assert_eq!(PLAYOUTS.clamp(5_000_000), 1_000_000);
        assert_eq!(PLAYOUTS.range(), 1..=1_000_000);
        const KOMI: Bounds<f64> = Bounds::new(-4096.0, 4096.0, 0.5);
        assert_eq!(KOMI.clamp(f64::NAN), 0.5);
        assert_eq!(KOMI.clamp(f64::NEG_INFINITY), -4096.0);
        assert_eq!(KOMI.parse("-7.5"), Ok(-7.5));
        assert!(KOMI.parse("NaN").is_err());
    }
}
