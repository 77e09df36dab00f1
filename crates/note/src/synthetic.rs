//! Made-up notes for tests and benchmarks: words of two or three syllables drawn from a fixed
//! list (so every word recurs, as in real notes), sentences of 4 to 12 words, notes of 1 to 6
//! sentences, dated one a day back from 2026-11-27 with a few notes a day.

use crate::{Date, Note, file_name};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

const SYLLABLES: [&str; 24] = [
    "ka", "lo", "mi", "ru", "sen", "ta", "vo", "ne", "pa", "shi", "do", "ri", "ba", "mu", "ke", "zo", "lan",
    "ti", "fe", "go", "nu", "ha", "ro", "wi",
];

/// `count` notes from `seed`.
pub fn notes(count: usize, seed: u64) -> Vec<Note> {
    let mut random = Pcg64Mcg::seed_from_u64(seed);
    let vocabulary: Vec<String> = (0..2000)
        .map(|_| {
            let syllables = random.random_range(2..=3);
            (0..syllables).map(|_| SYLLABLES[random.random_range(0..SYLLABLES.len())]).collect()
        })
        .collect();
    let mut day = Date { year: 2026, month: 11, day: 27 };
    let mut k = 0;
    (0..count)
        .map(|_| {
            k += 1;
            if k > random.random_range(1..=4) {
                day = previous(day);
                k = 1;
            }
            let sentences = random.random_range(1..=6);
            let mut text = String::new();
            for _ in 0..sentences {
                let length = random.random_range(4..=12);
                // A skewed draw: low ranks are common words, as in text.
                let words: Vec<&str> = (0..length)
                    .map(|_| {
                        let rank = (random.random::<f64>().powi(3) * vocabulary.len() as f64) as usize;
                        vocabulary[rank.min(vocabulary.len() - 1)].as_str()
                    })
                    .collect();
                text.push_str(&words.join(" "));
                text.push_str(".\n");
            }
            Note::new(file_name(day, k), text)
        })
        .collect()
}

/// The day before `date` (months taken as 28 days long: enough for names that sort by day).
fn previous(date: Date) -> Date {
    match (date.day, date.month) {
        (1, 1) => Date { year: date.year - 1, month: 12, day: 28 },
        (1, month) => Date { year: date.year, month: month - 1, day: 28 },
        (day, _) => Date { day: day - 1, ..date },
    }
}
