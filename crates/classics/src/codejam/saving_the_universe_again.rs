//! Saving the Universe Again: a program of C (charge: the beam doubles) and S (shoot: damage
//! the beam's strength, starting at 1); the fewest swaps of adjacent instructions that bring the
//! total damage to at most D. Each swap of a "CS" into "SC" halves one shot; the last "CS" holds
//! the strongest shot after it, so swapping it saves the most: greedy, as long as damage exceeds
//! D. Impossible when even all shots first (damage = the number of S) exceeds D. The write-up's
//! program is the same greedy stopped after 100 swaps ([`write_up_swaps`]), which a program of
//! 30 instructions can need more than (up to 15 x 15).

use super::{Method, Tokens};
use crate::ClassicsError;

/// Total damage of a program.
pub fn damage(program: &[u8]) -> u64 {
    let mut strength = 1u64;
    let mut total = 0u64;
    for &instruction in program {
        if instruction == b'C' {
            strength = strength.saturating_mul(2);
        } else {
            total = total.saturating_add(strength);
        }
    }
    total
}

/// The fewest swaps and the program they leave, or `None` when no order brings the damage to
/// at most `shield`.
pub fn fewest_swaps(shield: u64, program: &str) -> Option<(u64, String)> {
    let mut program = program.as_bytes().to_vec();
    let shots = program.iter().filter(|&&b| b == b'S').count() as u64;
    if shots > shield {
        return None;
    }
    let mut swaps = 0;
    while damage(&program) > shield {
        let at = program
            .windows(2)
            .rposition(|pair| pair == b"CS")
            .expect("a CS is left while damage exceeds the shots");
        program.swap(at, at + 1);
        swaps += 1;
    }
    Some((swaps, String::from_utf8(program).expect("C and S are ASCII")))
}

/// The write-up's cap on swaps (`max_changes = 100`).
pub const WRITE_UP_SWAPS: u64 = 100;

/// The write-up's program: drop trailing charges, swap the last charge with the shot after it,
/// until the damage is at most `shield` or 100 swaps were made; `None` when impossible.
pub fn write_up_swaps(shield: u64, program: &str) -> Option<u64> {
    let mut program = program.as_bytes().to_vec();
    if program.iter().filter(|&&b| b == b'S').count() as u64 > shield {
        return None;
    }
    let mut changes = 0;
    while damage(&program) > shield && changes < WRITE_UP_SWAPS {
        while program.last() == Some(&b'C') {
            program.pop();
        }
        let at = program
            .iter()
            .rposition(|&b| b == b'C')
            .expect("a charge is left while damage exceeds the shots");
        program.swap(at, at + 1);
        changes += 1;
    }
    Some(changes)
}

pub(super) fn read_and_solve(tokens: &mut Tokens, method: Method) -> Result<String, ClassicsError> {
    let shield = tokens.number("D", 1, 1_000_000_000)?;
    let (line, program) = tokens.word("P")?;
    if program.len() < 2 || program.len() > 30 || !program.bytes().all(|b| b == b'C' || b == b'S') {
        return Err(ClassicsError::input(format!(
            "line {line}: '{program}' must be 2 to 30 letters C and S"
        )));
    }
    let swaps = match method {
        Method::WriteUp => write_up_swaps(shield, program),
        Method::Curio | Method::WriteUpFirst => fewest_swaps(shield, program).map(|(swaps, _)| swaps),
    };
    Ok(match swaps {
        Some(swaps) => swaps.to_string(),
        None => "IMPOSSIBLE".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;
    use rand::{RngExt, SeedableRng};
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn the_sample() {
        let problem = CodeJamProblem::SavingTheUniverseAgain;
        let output = problem.solve(problem.sample_input()).unwrap();
        assert_eq!(
            output,
            "Case #1: 1\nCase #2: 0\nCase #3: IMPOSSIBLE\nCase #4: 2\nCase #5: 0\nCase #6: 5\n"
        );
    }

    /// Breadth-first search over every order reachable by adjacent swaps.
    fn brute(shield: u64, program: &str) -> Option<u64> {
        let mut distance = HashMap::from([(program.as_bytes().to_vec(), 0u64)]);
        let mut queue = VecDeque::from([program.as_bytes().to_vec()]);
        while let Some(current) = queue.pop_front() {
            let steps = distance[&current];
            if damage(&current) <= shield {
                return Some(steps);
            }
            for i in 0..current.len() - 1 {
                let mut next = current.clone();
                next.swap(i, i + 1);
                if !distance.contains_key(&next) {
                    distance.insert(next.clone(), steps + 1);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    #[test]
    fn greedy_agrees_with_search() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for _ in 0..300 {
            let length = rng.random_range(2..=9);
            let program: String = (0..length).map(|_| if rng.random_bool(0.5) { 'C' } else { 'S' }).collect();
            let shield = rng.random_range(1..=60);
            assert_eq!(
                fewest_swaps(shield, &program).map(|(swaps, _)| swaps),
                brute(shield, &program),
                "{shield} {program}"
            );
        }
    }

    #[test]
    fn the_write_ups_program_is_right_exactly_when_the_answer_is_at_most_100() {
        // Every program of up to 10 instructions, every shield up to its damage (or 100).
        for length in 2..=10 {
            for bits in 0u32..1 << length {
                let program: String =
                    (0..length).map(|i| if bits >> i & 1 == 1 { 'C' } else { 'S' }).collect();
                for shield in 1..=damage(program.as_bytes()).min(100) {
                    let exact = fewest_swaps(shield, &program).map(|(swaps, _)| swaps);
                    assert_eq!(write_up_swaps(shield, &program), exact.map(|s| s.min(WRITE_UP_SWAPS)));
                }
            }
        }
        // Ten charges then eleven shots, shield 11: 110 swaps; the write-up stops at 100. No
        // program of 20 instructions needs more than 10 x 10.
        let program = format!("{}{}", "C".repeat(10), "S".repeat(11));
        assert_eq!(fewest_swaps(11, &program).map(|(swaps, _)| swaps), Some(110));
        assert_eq!(write_up_swaps(11, &program), Some(100));
        let program = format!("{}{}", "C".repeat(15), "S".repeat(15));
        assert_eq!(fewest_swaps(15, &program).map(|(swaps, _)| swaps), Some(225));
    }
}
