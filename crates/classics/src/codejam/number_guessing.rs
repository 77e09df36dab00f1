//! Number Guessing (interactive): find P in (A, B] within N = 30 guesses, told after each wrong
//! guess whether P is larger or smaller. Bisection: guess the middle of what is left, so
//! ceil(log2(B - A)) guesses at most (30 for B = 10^9). The write-up's program bisects too but
//! keeps each guess as a bound: it guesses (low + high + 1) // 2, which still takes at most 30
//! guesses; its first try, (low + high) // 2, never guesses B itself.

use super::{Exchange, JudgeReport, JudgeSettings, Method, read_line, run_judge, write_line};
use crate::ClassicsError;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, Write};

/// Guesses a case allows.
pub const GUESSES: usize = 30;

/// What the solver still knows: P is in (low, high].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guesser {
    /// Exclusive lower bound.
    pub low: u64,
    /// Inclusive upper bound.
    pub high: u64,
}

impl Guesser {
    /// The middle of what is left.
    pub fn guess(&self) -> u64 {
        self.low + (self.high - self.low).div_ceil(2)
    }

    /// Narrows after an answer to `guess`: too small means P is above it.
    pub fn narrow(&mut self, guess: u64, too_small: bool) {
        if too_small { self.low = guess } else { self.high = guess - 1 }
    }

    /// The guess of `method` (the write-up's two: the plain midpoint, rounded up or down).
    pub fn guess_by(&self, method: Method) -> u64 {
        match method {
            Method::WriteUp => (self.low + self.high).div_ceil(2),
            Method::WriteUpFirst => (self.low + self.high) / 2,
            Method::Curio => self.guess(),
        }
    }

    /// Narrows as `method` does: the write-up's program sets either bound to the guess itself
    /// (`upper_bound = middle`), though a guess that is too big is not P either.
    pub fn narrow_by(&mut self, method: Method, guess: u64, too_small: bool) {
        match method {
            Method::Curio => self.narrow(guess, too_small),
            Method::WriteUp | Method::WriteUpFirst => {
                if too_small {
                    self.low = guess
                } else {
                    self.high = guess
                }
            }
        }
    }
}

fn protocol(message: impl Into<String>) -> ClassicsError {
    ClassicsError::input(message)
}

fn numbers(line: &str, count: usize, what: &str) -> Result<Vec<u64>, ClassicsError> {
    let values: Vec<u64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| protocol(format!("'{line}' is not {what}")))?;
    if values.len() != count {
        return Err(protocol(format!("'{line}' is not {what}")));
    }
    Ok(values)
}

/// The solver's side of the protocol.
pub fn play(method: Method, input: &mut impl BufRead, output: &mut impl Write) -> Result<(), ClassicsError> {
    let first = read_line(input)?.ok_or_else(|| protocol("the judge sent nothing"))?;
    let cases = numbers(&first, 1, "the number of cases")?[0];
    for _ in 0..cases {
        let bounds = read_line(input)?.ok_or_else(|| protocol("the judge ended before A and B"))?;
        let bounds = numbers(&bounds, 2, "A and B")?;
        let tries = read_line(input)?.ok_or_else(|| protocol("the judge ended before N"))?;
        let tries = numbers(&tries, 1, "N")?[0];
        let mut guesser = Guesser { low: bounds[0], high: bounds[1] };
        let mut solved = false;
        for _ in 0..tries {
            let guess = guesser.guess_by(method);
            write_line(output, &guess.to_string())?;
            match read_line(input)?.as_deref() {
                Some("CORRECT") => {
                    solved = true;
                    break;
                }
                Some("TOO_SMALL") => guesser.narrow_by(method, guess, true),
                Some("TOO_BIG") => guesser.narrow_by(method, guess, false),
                Some("WRONG_ANSWER") | None => return Err(protocol("the judge said WRONG_ANSWER")),
                Some(other) => return Err(protocol(format!("the judge said '{other}'"))),
            }
        }
        if !solved {
            return Err(protocol("out of guesses"));
        }
    }
    Ok(())
}

/// The secret of case `case`: the second case's is B and the third's 1, the ends a contest's
/// data would hold; the others are drawn at random.
fn secret(case: usize, high: u64, rng: &mut impl RngExt) -> u64 {
    match case {
        1 => high,
        2 => 1,
        _ => rng.random_range(1..=high),
    }
}

/// The judge's side: B = 30 (test set 1) or 10^9; the second case hides B and the third 1,
/// the others a secret drawn from `settings.seed`.
pub fn judge(
    settings: JudgeSettings,
    from_solver: &mut impl BufRead,
    to_solver: &mut impl Write,
) -> Result<JudgeReport, ClassicsError> {
    let high: u64 = if settings.test_set == 1 { 30 } else { 1_000_000_000 };
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(settings.seed);
    let unsolved = format!("not found in {GUESSES} guesses");
    run_judge(
        settings,
        from_solver,
        to_solver,
        (GUESSES, "WRONG_ANSWER", &unsolved),
        |case| (secret(case, high, &mut rng), vec![format!("0 {high}"), GUESSES.to_string()]),
        |&mut secret, line, seen| match line.parse::<u64>() {
            Ok(guess) if (1..=high).contains(&guess) => {
                seen.push((guess as i64, secret as i64));
                match guess.cmp(&secret) {
                    std::cmp::Ordering::Equal => Exchange::Won("CORRECT".into()),
                    std::cmp::Ordering::Less => Exchange::Continue("TOO_SMALL".into()),
                    std::cmp::Ordering::Greater => Exchange::Continue("TOO_BIG".into()),
                }
            }
            _ => Exchange::Wrong("WRONG_ANSWER".into(), format!("'{line}' is not a guess in (0, {high}]")),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::{CodeJamProblem, play_against_judge};

    #[test]
    fn wins_every_game_against_the_judge() {
        for (test_set, seed) in [(1, 1), (2, 2), (2, 3)] {
            let settings = JudgeSettings { cases: 20, seed, test_set };
            for method in [Method::Curio, Method::WriteUp] {
                let report = play_against_judge(CodeJamProblem::NumberGuessing, method, settings).unwrap();
                assert_eq!((report.won, report.verdict.as_deref()), (20, None));
                assert!(report.exchanges.iter().all(|&guesses| guesses <= GUESSES));
            }
        }
    }

    /// Guesses `method` takes to find `secret` in (0, high], or `None` past 30.
    fn guesses(method: Method, high: u64, secret: u64) -> Option<usize> {
        let mut guesser = Guesser { low: 0, high };
        for count in 1..=GUESSES {
            let guess = guesser.guess_by(method);
            if guess == secret {
                return Some(count);
            }
            guesser.narrow_by(method, guess, guess < secret);
        }
        None
    }

    #[test]
    fn the_write_ups_midpoint_rounded_down_misses_only_b_and_rounded_up_misses_nothing() {
        // Every B up to 300 and every secret: the write-up's first try fails exactly on P = B
        // (its midpoint stays below the upper bound); rounded up it always finds P.
        for high in 1..=300 {
            for secret in 1..=high {
                assert_eq!(
                    guesses(Method::WriteUpFirst, high, secret).is_none(),
                    secret == high,
                    "{high} {secret}"
                );
                assert!(guesses(Method::WriteUp, high, secret).is_some(), "{high} {secret}");
            }
        }
        let high = 1_000_000_000;
        assert_eq!(guesses(Method::WriteUpFirst, high, high), None);
        for secret in [1, 2, 3, high / 2, high - 2, high - 1, high] {
            assert!(guesses(Method::WriteUp, high, secret).is_some_and(|count| count <= GUESSES));
        }
        // Against the judge, whose second case hides B.
        for test_set in [1, 2] {
            let settings = JudgeSettings { cases: 20, seed: 5, test_set };
            let report =
                play_against_judge(CodeJamProblem::NumberGuessing, Method::WriteUpFirst, settings).unwrap();
            assert_eq!(report.won, 1);
            assert_eq!(report.verdict.as_deref(), Some("case 2: not found in 30 guesses"));
        }
    }

    #[test]
    fn bisection_finds_every_secret_of_the_small_set() {
        for secret in 1..=30u64 {
            let mut guesser = Guesser { low: 0, high: 30 };
            let mut found = false;
            for _ in 0..5 {
                let guess = guesser.guess();
                if guess == secret {
                    found = true;
                    break;
                }
                guesser.narrow(guess, guess < secret);
            }
            assert!(found, "{secret}");
        }
    }
}
