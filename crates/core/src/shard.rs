//! Splitting a heavy job into shards that run anywhere (Slurm array tasks, Kubernetes indexed
//! pods, terminals on other machines) and merging their partial results exactly.
//!
//! A job is `N` shards; shard `I` does the items [`Shard::range`] (a contiguous block) or
//! [`Shard::owns`] (every `N`-th item) gives it. Per-item seeds come from the item's index, never
//! from the shard, and partial sums are kept in order-free accumulators (`stats`), so the merged
//! result equals a single run's in every field but timings. A shard writes a [`Partial`]: the
//! command, the settings that decide its result, which shard it was, its wall time and its data;
//! [`complete_set`] checks that a set of partials is one whole job before anything is merged.

use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The largest shard count accepted.
pub const MAX_SHARDS: u64 = 100_000;

/// The format tag of a partial result file.
pub const PARTIAL_FORMAT: &str = "curio-partial 1";

/// Shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, 0..count.
    pub index: u64,
    /// How many shards the job has.
    pub count: u64,
}

impl Shard {
    /// The whole job as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` with 0 <= I < N <= [`MAX_SHARDS`].
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("shard '{text}' must look like I/N, e.g. 0/4 (shards count from 0)"))?;
        let number = |value: &str| {
            value
                .trim()
                .parse::<u64>()
                .map_err(|_| format!("shard '{text}': '{value}' is not a whole number"))
        };
        let shard = Shard { index: number(index)?, count: number(count)? };
        shard.check().map(|()| shard)
    }

    /// Checks 0 <= index < count <= [`MAX_SHARDS`].
    pub fn check(&self) -> Result<(), String> {
        if self.count == 0 || self.count > MAX_SHARDS {
            return Err(format!("shard count {} is out of range: it must be 1..={MAX_SHARDS}", self.count));
        }
        if self.index >= self.count {
            return Err(format!(
                "shard {}/{}: the index must be below the count (shards count from 0 to {})",
                self.index,
                self.count,
                self.count - 1
            ));
        }
        Ok(())
    }

    /// This shard's contiguous block of `0..total`: the blocks of all shards tile it, in order,
    /// and differ in size by at most one.
    pub fn range(&self, total: u64) -> Range<u64> {
        let at = |index: u64| (u128::from(total) * u128::from(index) / u128::from(self.count.max(1))) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// Whether `item` is this shard's when items are dealt round-robin (work that grows or
    /// shrinks along the items spreads evenly).
    pub fn owns(&self, item: u64) -> bool {
        item % self.count.max(1) == self.index
    }

    /// "2/4".
    pub fn name(&self) -> String {
        format!("{}/{}", self.index, self.count)
    }
}

/// One shard's result, as written to a file and read by `curio merge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// [`PARTIAL_FORMAT`].
    pub format: String,
    /// The command that made it, e.g. "mines bench".
    pub command: String,
    /// The settings that decide the result (every shard of a job has the same).
    pub settings: serde_json::Value,
    /// Which shard.
    pub shard: Shard,
    /// The shard's wall time in seconds.
    pub seconds: f64,
    /// The shard's own results, which the command's merge adds up.
    pub data: serde_json::Value,
}

impl Partial {
    /// A partial of `command` with these settings and data.
    pub fn new(
        command: &str,
        settings: &impl Serialize,
        shard: Shard,
        seconds: f64,
        data: &impl Serialize,
    ) -> Result<Partial, serde_json::Error> {
        Ok(Partial {
            format: PARTIAL_FORMAT.to_string(),
            command: command.to_string(),
            settings: serde_json::to_value(settings)?,
            shard,
            seconds,
            data: serde_json::to_value(data)?,
        })
    }

    /// Reads a partial from its JSON text; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Partial, String> {
        let partial: Partial = serde_json::from_str(text).map_err(|error| {
            if serde_json::from_str::<serde_json::Value>(text).is_ok() {
                format!("not a Curio partial result: {error}")
            } else {
                format!("not JSON: {error}")
            }
        })?;
        if partial.format != PARTIAL_FORMAT {
            return Err(format!("format '{}' is not '{PARTIAL_FORMAT}'", partial.format));
        }
        partial.shard.check()?;
        if !partial.seconds.is_finite() || partial.seconds < 0.0 {
            return Err(format!("seconds {} is not a duration", partial.seconds));
        }
        Ok(partial)
    }

    /// The data as the command's own type.
    pub fn data<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
        T::deserialize(&self.data)
            .map_err(|error| format!("shard {}: its data is not valid: {error}", self.shard.name()))
    }

    /// The settings as the command's own type.
    pub fn settings<T: serde::de::DeserializeOwned>(&self) -> Result<T, String> {
        T::deserialize(&self.settings).map_err(|error| format!("its settings are not valid: {error}"))
    }
}

/// Checks that `parts` (each with the name of the file it came from) are one whole job: the
/// same command, the same settings and shard count, every shard exactly once. Returns them in
/// shard order; the error is one line naming the problem and the files.
pub fn complete_set(mut parts: Vec<(String, Partial)>) -> Result<Vec<Partial>, String> {
    let Some((first_name, first)) = parts.first().cloned() else {
        return Err("no partial results to merge".to_string());
    };
    for (name, part) in &parts[1..] {
        if part.command != first.command {
            return Err(format!(
                "{name} is from '{}' but {first_name} is from '{}': partials of different commands",
                part.command, first.command
            ));
        }
        if part.settings != first.settings {
            return Err(format!(
                "{name} and {first_name} were run with different settings: {}",
                settings_difference(&first.settings, &part.settings)
            ));
        }
        if part.shard.count != first.shard.count {
            return Err(format!(
                "{name} is one of {} shards but {first_name} one of {}",
                part.shard.count, first.shard.count
            ));
        }
    }
    parts.sort_by_key(|(_, part)| part.shard.index);
    for pair in parts.windows(2) {
        if pair[0].1.shard.index == pair[1].1.shard.index {
            return Err(format!(
                "shard {} appears twice: {} and {} overlap",
                pair[0].1.shard.name(),
                pair[0].0,
                pair[1].0
            ));
        }
    }
    let count = first.shard.count;
    if parts.len() as u64 != count {
        let present: std::collections::BTreeSet<u64> =
            parts.iter().map(|(_, part)| part.shard.index).collect();
        let missing: Vec<String> =
            (0..count).filter(|index| !present.contains(index)).map(|i| i.to_string()).collect();
        let shown = if missing.len() > 10 {
            format!("{}, ... ({} in all)", missing[..10].join(", "), missing.len())
        } else {
            missing.join(", ")
        };
        return Err(format!("shards {shown} of {count} are missing: the set is incomplete"));
    }
    Ok(parts.into_iter().map(|(_, part)| part).collect())
}

/// "seed 1 against 2" for the first setting that differs (nested fields by their path).
fn settings_difference(first: &serde_json::Value, second: &serde_json::Value) -> String {
    fn walk(path: &str, first: &serde_json::Value, second: &serde_json::Value) -> Option<String> {
        match (first, second) {
            (serde_json::Value::Object(a), serde_json::Value::Object(b)) => {
                let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
                keys.into_iter().find_map(|key| {
                    let null = serde_json::Value::Null;
                    let inner = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                    walk(&inner, a.get(key).unwrap_or(&null), b.get(key).unwrap_or(&null))
                })
            }
            _ if first == second => None,
            _ => {
                Some(format!("{} {first} against {second}", if path.is_empty() { "settings" } else { path }))
            }
        }
    }
    walk("", first, second).unwrap_or_else(|| "they differ".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(index: u64, count: u64, seed: u64) -> (String, Partial) {
        let shard = Shard { index, count };
        let partial =
            Partial::new("mines bench", &serde_json::json!({"seed": seed, "games": 100}), shard, 1.0, &index)
                .unwrap();
        (format!("part-{index}.json"), partial)
    }

    #[test]
    fn ranges_tile_the_job_and_round_robin_deals_every_item_once() {
        for total in [0u64, 1, 7, 100, 1001] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 0..count {
                    let range = Shard { index, count }.range(total);
                    assert_eq!(range.start, next);
                    assert!(range.end - range.start <= total / count + 1);
                    next = range.end;
                }
                assert_eq!(next, total);
                for item in 0..total {
                    assert_eq!((0..count).filter(|&index| Shard { index, count }.owns(item)).count(), 1);
                }
            }
        }
        assert_eq!(Shard { index: 3, count: 4 }.range(u64::MAX).end, u64::MAX);
    }

    #[test]
    fn shard_text_is_checked() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        for bad in ["4/4", "1/0", "x/2", "3", "-1/4", "1/1000000"] {
            let error = Shard::parse(bad).unwrap_err();
            assert!(
                error.contains(bad) || error.contains("out of range") || error.contains("below"),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn a_whole_set_merges_in_order_and_broken_sets_are_named() {
        let set = complete_set(vec![part(2, 3, 1), part(0, 3, 1), part(1, 3, 1)]).unwrap();
        assert_eq!(set.iter().map(|p| p.shard.index).collect::<Vec<_>>(), [0, 1, 2]);
        let missing = complete_set(vec![part(0, 3, 1), part(2, 3, 1)]).unwrap_err();
        assert_eq!(missing, "shards 1 of 3 are missing: the set is incomplete");
        let twice = complete_set(vec![part(0, 2, 1), part(0, 2, 1), part(1, 2, 1)]).unwrap_err();
        assert!(twice.starts_with("shard 0/2 appears twice"), "{twice}");
        let settings = complete_set(vec![part(0, 2, 1), part(1, 2, 5)]).unwrap_err();
        assert_eq!(
            settings,
            "part-1.json and part-0.json were run with different settings: seed 1 against 5"
        );
        let counts = complete_set(vec![part(0, 2, 1), part(1, 3, 1)]).unwrap_err();
        assert!(counts.contains("one of 3 shards"), "{counts}");
        assert!(complete_set(Vec::new()).is_err());
    }

    #[test]
    fn partials_read_back_and_bad_files_say_why() {
        let (_, partial) = part(1, 2, 1);
        let text = serde_json::to_string(&partial).unwrap();
        assert_eq!(Partial::parse(&text).unwrap(), partial);
        assert!(Partial::parse("{").unwrap_err().starts_with("not JSON"));
        assert!(Partial::parse("{\"x\": 1}").unwrap_err().starts_with("not a Curio partial"));
        let wrong = text.replace("curio-partial 1", "curio-partial 9");
        assert!(Partial::parse(&wrong).unwrap_err().contains("format"));
        let bad_shard = text.replace("\"index\":1", "\"index\":7");
        assert!(Partial::parse(&bad_shard).unwrap_err().contains("below the count"));
    }
}
