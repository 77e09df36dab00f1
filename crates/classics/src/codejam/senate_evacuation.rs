//! Senate Evacuation: parties of senators leave one or two at a time so that after every step no
//! party holds an absolute majority of those left. Each step takes one senator of the largest
//! party, and a second one (of the largest party then) when the first alone would leave a
//! majority; [`check_plan`] is the oracle that replays a plan.

use super::Tokens;
use crate::ClassicsError;

/// Most parties (the contest's limit: 26, named A to Z).
pub const MAX_PARTIES: usize = 26;

/// A plan: one or two party letters a step.
pub fn plan(senators: &[u64]) -> Vec<String> {
    let mut left = senators.to_vec();
    let mut total: u64 = left.iter().sum();
    let mut steps = Vec::new();
    let largest = |left: &[u64]| {
        (0..left.len()).max_by_key(|&i| (left[i], std::cmp::Reverse(i))).expect("a party is left")
    };
    while total > 0 {
        let mut step = String::new();
        let first = largest(&left);
        left[first] -= 1;
        total -= 1;
        step.push((b'A' + first as u8) as char);
        if total > 0 {
            let next = largest(&left);
            if left[next] * 2 > total {
                left[next] -= 1;
                total -= 1;
                step.push((b'A' + next as u8) as char);
            }
        }
        steps.push(step);
    }
    steps
}

/// Replays a plan: `Err` names the first step that evacuates an absent senator, takes more than
/// two, or leaves a majority; also fails when senators are left at the end.
pub fn check_plan(senators: &[u64], steps: &[String]) -> Result<(), String> {
    let mut left = senators.to_vec();
    for (number, step) in steps.iter().enumerate() {
        if step.is_empty() || step.len() > 2 {
            return Err(format!("step {} takes {} senators", number + 1, step.len()));
        }
        for letter in step.bytes() {
            let party = letter.wrapping_sub(b'A') as usize;
            match left.get_mut(party) {
                Some(count) if *count > 0 => *count -= 1,
                _ => {
                    return Err(format!(
                        "step {} takes a senator of party {} that has none",
                        number + 1,
                        letter as char
                    ));
                }
            }
        }
        let total: u64 = left.iter().sum();
        if left.iter().any(|&count| count * 2 > total) {
            return Err(format!("after step {} a party holds a majority", number + 1));
        }
    }
    if left.iter().any(|&count| count > 0) {
        return Err("senators are left in the room".into());
    }
    Ok(())
}

pub(super) fn read_and_solve(tokens: &mut Tokens) -> Result<String, ClassicsError> {
    let parties = tokens.count("N", 2, MAX_PARTIES)?;
    let senators = (0..parties).map(|_| tokens.number("P", 1, 1000)).collect::<Result<Vec<_>, _>>()?;
    let total: u64 = senators.iter().sum();
    if senators.iter().any(|&count| count * 2 > total) {
        return Err(ClassicsError::input("a party already holds a majority"));
    }
    Ok(plan(&senators).join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_sample_gets_valid_plans() {
        let problem = CodeJamProblem::SenateEvacuation;
        let output = problem.solve(problem.sample_input()).unwrap();
        let cases = [vec![2, 2], vec![3, 2, 2], vec![1, 1, 2], vec![2, 3, 1]];
        for (line, senators) in output.lines().zip(cases) {
            let steps: Vec<String> = line.split_whitespace().skip(2).map(String::from).collect();
            check_plan(&senators, &steps).unwrap();
        }
        // The statement's own answers pass the checker too.
        check_plan(&[3, 2, 2], &["AA", "BC", "C", "BA"].map(String::from)).unwrap();
        assert!(check_plan(&[3, 2, 2], &["BC", "AA", "C", "BA"].map(String::from)).is_err());
        assert!(check_plan(&[2, 2], &["A", "BAB"].map(String::from)).is_err());
        assert!(check_plan(&[2, 2], &["AA", "BB"].map(String::from)).is_err());
    }

    #[test]
    fn every_small_case_gets_a_valid_plan() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        for _ in 0..3000 {
            let parties = rng.random_range(2..=6);
            let senators: Vec<u64> = (0..parties).map(|_| rng.random_range(1..=9)).collect();
            let total: u64 = senators.iter().sum();
            if senators.iter().any(|&count| count * 2 > total) {
                continue;
            }
            check_plan(&senators, &plan(&senators)).unwrap_or_else(|error| panic!("{senators:?}: {error}"));
        }
    }
}
