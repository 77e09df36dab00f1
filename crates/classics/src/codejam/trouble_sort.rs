//! Trouble Sort: bubble sort on triples (reverse `L[i..i+3]` when `L[i] > L[i+2]`) only ever swaps
//! elements two apart, so it sorts the even and the odd positions separately and interleaves
//! them. Report the first position where that result is out of order, or OK. The write-up ran
//! the algorithm itself ([`first_error_by_running`]): up to about N / 2 passes of N steps.

use super::{Method, Tokens};
use crate::ClassicsError;

/// Most values of a case (the contest's limit).
pub const MAX_VALUES: usize = 100_000;

/// What Trouble Sort leaves: the even and odd positions each sorted.
pub fn trouble_sorted(values: &[u64]) -> Vec<u64> {
    let mut even: Vec<u64> = values.iter().step_by(2).copied().collect();
    let mut odd: Vec<u64> = values.iter().skip(1).step_by(2).copied().collect();
    even.sort_unstable();
    odd.sort_unstable();
    (0..values.len()).map(|i| if i % 2 == 0 { even[i / 2] } else { odd[i / 2] }).collect()
}

/// The first index where the result is out of order.
pub fn first_error(values: &[u64]) -> Option<usize> {
    trouble_sorted(values).windows(2).position(|pair| pair[0] > pair[1])
}

/// One pass of the statement's algorithm: reverse every triple whose ends are out of order,
/// left to right; true when nothing changed (the list is done).
fn pass(list: &mut [u64]) -> bool {
    let mut done = true;
    for i in 0..list.len().saturating_sub(2) {
        if list[i] > list[i + 2] {
            done = false;
            list.swap(i, i + 2);
        }
    }
    done
}

/// The algorithm as the statement writes it, pass by pass: the list after each pass, until a
/// pass changes nothing (the oracle and the panel's picture).
pub fn passes(values: &[u64]) -> Vec<Vec<u64>> {
    let mut list = values.to_vec();
    let mut all = vec![list.clone()];
    while !pass(&mut list) {
        all.push(list.clone());
    }
    all
}

/// The write-up's program: Trouble Sort run pass after pass until a pass changes nothing, then
/// the first index out of order.
pub fn first_error_by_running(values: &[u64]) -> Option<usize> {
    let mut list = values.to_vec();
    while !pass(&mut list) {}
    list.windows(2).position(|pair| pair[0] > pair[1])
}

pub(super) fn read_and_solve(tokens: &mut Tokens, method: Method) -> Result<String, ClassicsError> {
    let count = tokens.count("N", 3, MAX_VALUES)?;
    let values = (0..count).map(|_| tokens.number("V", 0, 1_000_000_000)).collect::<Result<Vec<_>, _>>()?;
    let error = match method {
        Method::WriteUp => first_error_by_running(&values),
        Method::Curio | Method::WriteUpFirst => first_error(&values),
    };
    Ok(match error {
        Some(index) => index.to_string(),
        None => "OK".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_sample() {
        let output = CodeJamProblem::TroubleSort.solve(CodeJamProblem::TroubleSort.sample_input()).unwrap();
        assert_eq!(output, "Case #1: OK\nCase #2: 1\n");
    }

    #[test]
    fn agrees_with_running_the_algorithm() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2018);
        for _ in 0..2000 {
            let length = rng.random_range(3..=12);
            let values: Vec<u64> = (0..length).map(|_| rng.random_range(0..6)).collect();
            let last = passes(&values).pop().unwrap();
            assert_eq!(last, trouble_sorted(&values));
            assert_eq!(first_error(&values), last.windows(2).position(|p| p[0] > p[1]));
            assert_eq!(first_error_by_running(&values), first_error(&values));
        }
    }
}
