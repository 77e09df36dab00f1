//! Code Jam 2018: the practice session's four problems and the qualification round's four. Each
//! solver reads the contest's input and writes its output exactly ("Case #i: ..." lines); the two
//! interactive problems talk to a judge line by line, and [`play_against_judge`] runs one against
//! the judge of this module in the same process, through pipes, exactly as the contest would.

pub mod bathroom_stalls;
pub mod cubic_ufo;
pub mod go_gopher;
pub mod number_guessing;
pub mod saving_the_universe_again;
pub mod senate_evacuation;
pub mod steed_2_cruise_control;
pub mod trouble_sort;

use super::ClassicsError;
use std::io::{BufRead, Write};

/// The eight problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CodeJamProblem {
    /// Practice: find a number in (A, B] by asking (interactive).
    NumberGuessing,
    /// Practice: evacuate senators so that no party ever holds a majority.
    SenateEvacuation,
    /// Practice: the fastest constant speed that never passes a horse.
    Steed2CruiseControl,
    /// Practice: where the K-th person sits among N stalls.
    BathroomStalls,
    /// Qualification: fewest swaps to bring a robot's damage under a shield.
    SavingTheUniverseAgain,
    /// Qualification: where Trouble Sort fails.
    TroubleSort,
    /// Qualification: prepare a rectangle of cells with a random gopher (interactive).
    GoGopher,
    /// Qualification: rotate a cube to cast a shadow of a given area.
    CubicUfo,
}

/// Whose method solves a problem: Curio's, or the write-up's own ("Google Code Jam 2018"
/// posts), ported line by line with its slips, so that its results can be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Curio's solver.
    #[default]
    Curio,
    /// The write-up's final program.
    WriteUp,
    /// The write-up's first try, where it tells of one (Number Guessing: the midpoint rounded
    /// down; Go, Gopher!: the block moved one cell at a time).
    WriteUpFirst,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Curio, Method::WriteUp, Method::WriteUpFirst];

    /// The name on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Method::Curio => "curio",
            Method::WriteUp => "write-up",
            Method::WriteUpFirst => "write-up-first",
        }
    }

    /// What the method does for `problem` (`None`: the problem has no such method).
    pub fn describe(self, problem: CodeJamProblem) -> Option<&'static str> {
        use CodeJamProblem as P;
        Some(match (self, problem) {
            (Method::Curio, _) => "Curio's solver",
            (Method::WriteUp, P::NumberGuessing) => {
                "the write-up's bisection: midpoint (low + high + 1) // 2, the bound set to the guess itself"
            }
            (Method::WriteUpFirst, P::NumberGuessing) => {
                "the write-up's first try: midpoint (low + high) // 2"
            }
            (Method::WriteUp, P::BathroomStalls) => {
                "the write-up's formula in doubles, as its Python computed it"
            }
            (Method::WriteUp, P::SavingTheUniverseAgain) => {
                "the write-up's greedy: swap the last CS, at most 100 times (max_changes)"
            }
            (Method::WriteUp, P::TroubleSort) => "the write-up's program: run Trouble Sort itself, then scan",
            (Method::WriteUp, P::GoGopher) => {
                "the write-up's sweep: a 3x3 block over a floor(sqrt A) x ceil(sqrt A) grid, two cells a step"
            }
            (Method::WriteUpFirst, P::GoGopher) => "the write-up's first sweep: one cell a step",
            (Method::WriteUp, P::CubicUfo) => {
                "the write-up's search: rotation matrices, gift wrapping, continuous hill climbing"
            }
            _ => return None,
        })
    }
}

impl CodeJamProblem {
    /// The methods this problem can be solved with: Curio's first.
    pub fn methods(self) -> Vec<Method> {
        Method::ALL.into_iter().filter(|method| method.describe(self).is_some()).collect()
    }

    /// Every problem, in contest order.
    pub const ALL: [CodeJamProblem; 8] = [
        CodeJamProblem::NumberGuessing,
        CodeJamProblem::SenateEvacuation,
        CodeJamProblem::Steed2CruiseControl,
        CodeJamProblem::BathroomStalls,
        CodeJamProblem::SavingTheUniverseAgain,
        CodeJamProblem::TroubleSort,
        CodeJamProblem::GoGopher,
        CodeJamProblem::CubicUfo,
    ];

    /// The name on the command line (the contest's file names).
    pub fn key(self) -> &'static str {
        match self {
            CodeJamProblem::NumberGuessing => "number_guessing",
            CodeJamProblem::SenateEvacuation => "senate_evacuation",
            CodeJamProblem::Steed2CruiseControl => "steed_2_cruise_control",
            CodeJamProblem::BathroomStalls => "bathroom_stalls",
            CodeJamProblem::SavingTheUniverseAgain => "saving_the_universe_again",
            CodeJamProblem::TroubleSort => "trouble_sort",
            CodeJamProblem::GoGopher => "go_gopher",
            CodeJamProblem::CubicUfo => "cubic_ufo",
        }
    }

    /// The problem's title.
    pub fn title(self) -> &'static str {
        match self {
            CodeJamProblem::NumberGuessing => "Number Guessing",
            CodeJamProblem::SenateEvacuation => "Senate Evacuation",
            CodeJamProblem::Steed2CruiseControl => "Steed 2: Cruise Control",
            CodeJamProblem::BathroomStalls => "Bathroom Stalls",
            CodeJamProblem::SavingTheUniverseAgain => "Saving the Universe Again",
            CodeJamProblem::TroubleSort => "Trouble Sort",
            CodeJamProblem::GoGopher => "Go, Gopher!",
            CodeJamProblem::CubicUfo => "Cubic UFO",
        }
    }

    /// Whether the problem talks to a judge.
    pub fn is_interactive(self) -> bool {
        matches!(self, CodeJamProblem::NumberGuessing | CodeJamProblem::GoGopher)
    }

    /// The statement's sample input (for the interactive two: a judge's first lines).
    pub fn sample_input(self) -> &'static str {
        match self {
            CodeJamProblem::NumberGuessing => "1\n0 30\n30\n",
            CodeJamProblem::SenateEvacuation => "4\n2\n2 2\n3\n3 2 2\n3\n1 1 2\n3\n2 3 1\n",
            CodeJamProblem::Steed2CruiseControl => {
                "3\n2525 1\n2400 5\n300 2\n120 60\n60 90\n100 2\n80 100\n70 10\n"
            }
            CodeJamProblem::BathroomStalls => "5\n4 2\n5 2\n6 2\n1000 1000\n1000 1\n",
            CodeJamProblem::SavingTheUniverseAgain => "6\n1 CS\n2 CS\n1 SS\n6 SCCSSC\n2 CC\n3 CSCSS\n",
            CodeJamProblem::TroubleSort => "2\n5\n5 6 8 4 3\n3\n8 9 7\n",
            CodeJamProblem::GoGopher => "1\n20\n",
            CodeJamProblem::CubicUfo => "2\n1.000000\n1.414213\n",
        }
    }

    /// Solves a whole input of a problem that is not interactive: the contest's output.
    pub fn solve(self, input: &str) -> Result<String, ClassicsError> {
        self.solve_with(Method::Curio, input)
    }

    /// [`CodeJamProblem::solve`] by `method`.
    pub fn solve_with(self, method: Method, input: &str) -> Result<String, ClassicsError> {
        self.check_method(method)?;
        let mut tokens = Tokens::new(input);
        let cases = tokens.count("T", 1, 100_000)?;
        let mut output = String::new();
        for case in 1..=cases {
            let answer = match self {
                CodeJamProblem::SenateEvacuation => senate_evacuation::read_and_solve(&mut tokens)?,
                CodeJamProblem::Steed2CruiseControl => steed_2_cruise_control::read_and_solve(&mut tokens)?,
                CodeJamProblem::BathroomStalls => bathroom_stalls::read_and_solve(&mut tokens, method)?,
                CodeJamProblem::SavingTheUniverseAgain => {
                    saving_the_universe_again::read_and_solve(&mut tokens, method)?
                }
                CodeJamProblem::TroubleSort => trouble_sort::read_and_solve(&mut tokens, method)?,
                CodeJamProblem::CubicUfo => cubic_ufo::read_and_solve(&mut tokens, method)?,
                CodeJamProblem::NumberGuessing | CodeJamProblem::GoGopher => {
                    return Err(ClassicsError::input(format!(
                        "{} is interactive: it talks to a judge",
                        self.key()
                    )));
                }
            };
            // Multi-line answers (Cubic UFO) start on the line after "Case #i:".
            let separator = if answer.starts_with('\n') { "" } else { " " };
            output.push_str(&format!("Case #{case}:{separator}{answer}\n"));
        }
        tokens.finish()?;
        Ok(output)
    }

    /// A random input of `cases` cases at the limits of test set `test_set` (1 or 2), for the
    /// problems the write-up's methods are checked on: Trouble Sort (every case N = 100 or
    /// 10^5, values up to 10^9), Saving the Universe Again (2 to 30 instructions, at most 2
    /// charges in test set 1; the shield drawn log-uniformly up to the damage), Cubic UFO (the
    /// area up to sqrt 2 or sqrt 3, six decimals) and Bathroom Stalls (N up to 1000 or 10^18,
    /// log-uniformly). `None` for the other problems.
    pub fn generate(self, test_set: u8, cases: usize, seed: u64) -> Option<String> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let small = test_set == 1;
        let mut text = format!("{cases}\n");
        for _ in 0..cases {
            let case = match self {
                CodeJamProblem::TroubleSort => {
                    let count = if small { 100 } else { trouble_sort::MAX_VALUES };
                    let values: Vec<String> =
                        (0..count).map(|_| rng.random_range(0..=1_000_000_000u64).to_string()).collect();
                    format!("{count}\n{}", values.join(" "))
                }
                CodeJamProblem::SavingTheUniverseAgain => {
                    let length = rng.random_range(2..=30);
                    let mut program: Vec<u8> =
                        (0..length).map(|_| if rng.random_bool(0.5) { b'C' } else { b'S' }).collect();
                    if small {
                        let mut charges = 0;
                        for instruction in program.iter_mut().rev() {
                            if *instruction == b'C' {
                                charges += 1;
                                if charges > 2 {
                                    *instruction = b'S';
                                }
                            }
                        }
                    }
                    let most = saving_the_universe_again::damage(&program).clamp(1, 1_000_000_000) as f64;
                    let shield =
                        (most.powf(rng.random_range(0.0..=1.0)).round() as u64).clamp(1, 1_000_000_000);
                    format!("{shield} {}", String::from_utf8(program).expect("C and S are ASCII"))
                }
                CodeJamProblem::CubicUfo => {
                    // The statement's limits, six decimals: 1.414213 and 1.732050.
                    let top = if small { 1_414_213.0 } else { 1_732_050.0 } / 1e6;
                    format!("{:.6}", rng.random_range(1.0..=top))
                }
                CodeJamProblem::BathroomStalls => {
                    let most = if small { 1000.0 } else { bathroom_stalls::MAX_STALLS as f64 };
                    let stalls = (most.powf(rng.random_range(0.0..=1.0)) as u64).clamp(1, most as u64);
                    format!("{stalls} {}", rng.random_range(1..=stalls))
                }
                _ => return None,
            };
            text.push_str(&case);
            text.push('\n');
        }
        Some(text)
    }

    /// Solves `input` by `method` and checks each case: against Curio's answer, or for Cubic UFO
    /// against the contest's checker (shadow within 1e-6, the faces a unit cube's).
    pub fn verify(self, method: Method, input: &str) -> Result<Verification, ClassicsError> {
        let started = std::time::Instant::now();
        let output = self.solve_with(method, input)?;
        let seconds = started.elapsed().as_secs_f64();
        let answers = split_cases(&output);
        let mut verification = Verification { cases: answers.len(), seconds, ..Verification::default() };
        if self == CodeJamProblem::CubicUfo {
            let mut tokens = Tokens::new(input);
            tokens.count("T", 1, 100_000)?;
            for (case, answer) in answers.iter().enumerate() {
                let area = tokens.real("A", 1.0, 1.732051)?;
                let centres: Vec<f64> = answer.split_whitespace().filter_map(|v| v.parse().ok()).collect();
                let error = match centres[..] {
                    [a, b, c, d, e, f, g, h, i] => cubic_ufo::error(&[[a, b, c], [d, e, f], [g, h, i]], area),
                    _ => f64::INFINITY,
                };
                verification.worst_error = verification.worst_error.max(error);
                if error <= 1e-6 {
                    verification.right += 1;
                } else if verification.first_wrong.is_none() {
                    verification.first_wrong =
                        Some((case + 1, answer.clone(), format!("shadow off by {error:.3e}")));
                }
            }
            return Ok(verification);
        }
        let expected = split_cases(&self.solve(input)?);
        for (case, (got, want)) in answers.iter().zip(&expected).enumerate() {
            if got == want {
                verification.right += 1;
            } else if verification.first_wrong.is_none() {
                verification.first_wrong = Some((case + 1, got.clone(), want.clone()));
            }
        }
        Ok(verification)
    }

    /// Fails, naming the methods there are, when `method` does not solve this problem.
    pub fn check_method(self, method: Method) -> Result<(), ClassicsError> {
        if method.describe(self).is_some() {
            return Ok(());
        }
        let known: Vec<&str> = self.methods().iter().map(|m| m.key()).collect();
        Err(ClassicsError::input(format!(
            "{} has no method '{}': it has {}",
            self.key(),
            method.key(),
            known.join(", ")
        )))
    }
}

/// How a method's answers to an input compare ([`CodeJamProblem::verify`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Verification {
    /// Cases in the input.
    pub cases: usize,
    /// Cases answered right.
    pub right: usize,
    /// The first wrong case (from 1): the method's answer and Curio's (Cubic UFO: the error).
    pub first_wrong: Option<(usize, String, String)>,
    /// Cubic UFO: the largest error of any case.
    pub worst_error: f64,
    /// Seconds the method took to solve the whole input.
    pub seconds: f64,
}

/// Each case's answer in an output: the text after "Case #i:", trimmed.
fn split_cases(output: &str) -> Vec<String> {
    let mut cases: Vec<String> = Vec::new();
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Case #") {
            let answer = rest.split_once(':').map_or("", |(_, answer)| answer);
            cases.push(answer.trim().to_string());
        } else if let Some(last) = cases.last_mut() {
            if !last.is_empty() {
                last.push('\n');
            }
            last.push_str(line.trim());
        }
    }
    cases
}

/// The whitespace-separated tokens of an input, with errors naming the line.
pub struct Tokens<'a> {
    tokens: Box<dyn Iterator<Item = (usize, &'a str)> + 'a>,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Self {
        let tokens = text
            .lines()
            .enumerate()
            .flat_map(|(line, content)| content.split_whitespace().map(move |token| (line + 1, token)));
        Self { tokens: Box::new(tokens), last_line: 1 }
    }

    /// The next token, naming `what` it should be when the input has ended.
    pub fn word(&mut self, what: &str) -> Result<(usize, &'a str), ClassicsError> {
        let (line, token) = self.tokens.next().ok_or_else(|| {
            ClassicsError::input(format!("the input ends after line {} before {what}", self.last_line))
        })?;
        self.last_line = line;
        Ok((line, token))
    }

    /// The next token as a whole number in `min..=max`.
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, ClassicsError> {
        let (line, token) = self.word(what)?;
        let value: u64 = token.parse().map_err(|_| {
            ClassicsError::input(format!("line {line}: '{token}' is not a whole number ({what})"))
        })?;
        if !(min..=max).contains(&value) {
            return Err(ClassicsError::input(format!(
                "line {line}: {what} = {value} is outside {min}..={max}"
            )));
        }
        Ok(value)
    }

    /// [`Tokens::number`] as a count.
    pub fn count(&mut self, what: &str, min: usize, max: usize) -> Result<usize, ClassicsError> {
        Ok(self.number(what, min as u64, max as u64)? as usize)
    }

    /// The next token as a real number in `min..=max`.
    pub fn real(&mut self, what: &str, min: f64, max: f64) -> Result<f64, ClassicsError> {
        let (line, token) = self.word(what)?;
        let value: f64 = token
            .parse()
            .map_err(|_| ClassicsError::input(format!("line {line}: '{token}' is not a number ({what})")))?;
        if !(min..=max).contains(&value) {
            return Err(ClassicsError::input(format!(
                "line {line}: {what} = {value} is outside {min}..={max}"
            )));
        }
        Ok(value)
    }

    /// Fails when tokens are left over.
    pub fn finish(mut self) -> Result<(), ClassicsError> {
        match self.tokens.next() {
            Some((line, token)) => {
                Err(ClassicsError::input(format!("line {line}: '{token}' after the last case")))
            }
            None => Ok(()),
        }
    }
}

/// How an interactive solver's games against the judge went.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JudgeReport {
    /// Cases played.
    pub cases: usize,
    /// Cases the solver won.
    pub won: usize,
    /// Exchanges (guesses, deployments) each case took.
    pub exchanges: Vec<usize>,
    /// Why the judge stopped early, if it did.
    pub verdict: Option<String>,
    /// What the first case looked like: the guesses (Number Guessing) or the gopher's prepared
    /// cells in order (Go, Gopher!), for the panel's picture.
    pub first_case: Vec<(i64, i64)>,
}

/// Reads one line from the other side; `None` at the end of input.
pub fn read_line(input: &mut impl BufRead) -> Result<Option<String>, ClassicsError> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(line.trim().to_string())),
        Err(error) => Err(ClassicsError::input(format!("cannot read the judge: {error}"))),
    }
}

/// Writes one line to the other side and flushes it.
pub fn write_line(output: &mut impl Write, line: &str) -> Result<(), ClassicsError> {
    writeln!(output, "{line}")
        .and_then(|()| output.flush())
        .map_err(|error| ClassicsError::input(format!("cannot write to the judge: {error}")))
}

/// What a judge makes of one line from the solver.
pub enum Exchange {
    /// Reply and go on.
    Continue(String),
    /// The case is solved: reply.
    Won(String),
    /// A bad line: reply and stop judging, saying why.
    Wrong(String, String),
}

/// Plays `settings.cases` cases against a solver: the number of cases, then for each case
/// `start(case)` gives its state and the lines that open it, and `exchange` judges each line
/// of the solver (recording what the first case's picture needs), at most `limit` lines a
/// case; a case not solved then gets `give_up` and ends the game, `unsolved` saying why.
pub fn run_judge<C>(
    settings: JudgeSettings,
    from_solver: &mut impl BufRead,
    to_solver: &mut impl Write,
    (limit, give_up, unsolved): (usize, &str, &str),
    mut start: impl FnMut(usize) -> (C, Vec<String>),
    mut exchange: impl FnMut(&mut C, &str, &mut Vec<(i64, i64)>) -> Exchange,
) -> Result<JudgeReport, ClassicsError> {
    let mut report = JudgeReport { cases: settings.cases, ..JudgeReport::default() };
    write_line(to_solver, &settings.cases.to_string())?;
    for case in 0..settings.cases {
        let (mut state, opening) = start(case);
        for line in opening {
            write_line(to_solver, &line)?;
        }
        let mut scratch = Vec::new();
        let (mut won, mut count) = (false, 0);
        while count < limit {
            let Some(line) = read_line(from_solver)? else {
                report.verdict = Some("the solver stopped talking".into());
                return Ok(report);
            };
            count += 1;
            let seen = if case == 0 { &mut report.first_case } else { &mut scratch };
            match exchange(&mut state, &line, seen) {
                Exchange::Continue(reply) => write_line(to_solver, &reply)?,
                Exchange::Won(reply) => {
                    write_line(to_solver, &reply)?;
                    won = true;
                    break;
                }
                Exchange::Wrong(reply, why) => {
                    // A solver that has given up may be gone already: the verdict stands.
                    let _ = write_line(to_solver, &reply);
                    report.verdict = Some(format!("case {}: {why}", case + 1));
                    return Ok(report);
                }
            }
            scratch.clear();
        }
        report.exchanges.push(count);
        if !won {
            let _ = write_line(to_solver, give_up);
            report.verdict = Some(format!("case {}: {unsolved}", case + 1));
            return Ok(report);
        }
        report.won += 1;
    }
    Ok(report)
}

/// Runs an interactive problem's solver over `input` and `output` (stdin and stdout in the
/// contest).
pub fn play(
    problem: CodeJamProblem,
    method: Method,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), ClassicsError> {
    problem.check_method(method)?;
    match problem {
        CodeJamProblem::NumberGuessing => number_guessing::play(method, input, output),
        CodeJamProblem::GoGopher => go_gopher::play(method, input, output),
        other => Err(ClassicsError::input(format!("{} is not interactive", other.key()))),
    }
}

/// The judge's test set: 1 (visible: B = 30, A = 20) or 2 (hidden: B = 10^9, A = 200);
/// `curio classics codejam --test-set` and the panel's.
pub const TEST_SET: curio_core::bounds::Bounds<u8> = curio_core::bounds::Bounds::new(1, 2, 2);

/// The judge's settings for a game against an interactive solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeSettings {
    /// Cases to play.
    pub cases: usize,
    /// The seed of the secrets and the gopher's choices.
    pub seed: u64,
    /// Test set, in [`TEST_SET`].
    pub test_set: u8,
}

/// Runs an interactive problem's solver against this module's judge in the same process: the
/// solver on a thread of its own, the two joined by pipes that carry the contest's lines.
pub fn play_against_judge(
    problem: CodeJamProblem,
    method: Method,
    settings: JudgeSettings,
) -> Result<JudgeReport, ClassicsError> {
    problem.check_method(method)?;
    let pipe =
        || std::io::pipe().map_err(|error| ClassicsError::input(format!("cannot make a pipe: {error}")));
    let (judge_reads, solver_writes) = pipe()?;
    let (solver_reads, judge_writes) = pipe()?;
    let solver = std::thread::Builder::new()
        .name("curio-codejam-solver".into())
        .spawn(move || {
            let mut input = std::io::BufReader::new(solver_reads);
            let mut output = solver_writes;
            play(problem, method, &mut input, &mut output)
        })
        .map_err(|error| ClassicsError::input(format!("cannot start the solver: {error}")))?;
    let mut from_solver = std::io::BufReader::new(judge_reads);
    let mut to_solver = judge_writes;
    let report = match problem {
        CodeJamProblem::NumberGuessing => number_guessing::judge(settings, &mut from_solver, &mut to_solver),
        CodeJamProblem::GoGopher => go_gopher::judge(settings, &mut from_solver, &mut to_solver),
        other => Err(ClassicsError::input(format!("{} is not interactive", other.key()))),
    };
    // Closing the judge's ends lets a solver still waiting for a line see the end and stop.
    drop(to_solver);
    drop(from_solver);
    let solved = solver.join().map_err(|_| ClassicsError::input("the solver panicked"))?;
    let mut report = report?;
    if let Err(error) = solved
        && report.verdict.is_none()
    {
        report.verdict = Some(format!("solver: {error}"));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_bad_inputs_name_the_line() {
        let keys: std::collections::HashSet<_> = CodeJamProblem::ALL.iter().map(|p| p.key()).collect();
        assert_eq!(keys.len(), 8);
        let error = CodeJamProblem::BathroomStalls.solve("2\n4 2\n5 x\n").unwrap_err().to_string();
        assert!(error.contains("line 3: 'x'"), "{error}");
        let error = CodeJamProblem::BathroomStalls.solve("2\n4 2\n").unwrap_err().to_string();
        assert!(error.contains("ends after line 2"), "{error}");
        let error = CodeJamProblem::BathroomStalls.solve("1\n4 5\n").unwrap_err().to_string();
        assert!(error.contains("outside"), "{error}");
        let error = CodeJamProblem::TroubleSort.solve("1\n3\n1 2 3 4\n").unwrap_err().to_string();
        assert!(error.contains("after the last case"), "{error}");
        assert!(CodeJamProblem::GoGopher.solve("1\n20\n").is_err());
        let error = CodeJamProblem::SenateEvacuation.solve_with(Method::WriteUp, "1\n2\n1 1\n").unwrap_err();
        assert!(error.to_string().contains("has no method 'write-up': it has curio"), "{error}");
    }

    #[test]
    fn generated_inputs_read_and_the_methods_are_checked_case_by_case() {
        for problem in CodeJamProblem::ALL {
            let Some(input) = problem.generate(1, 7, 3) else {
                assert!(!matches!(problem, CodeJamProblem::TroubleSort | CodeJamProblem::CubicUfo));
                continue;
            };
            assert_eq!(problem.generate(1, 7, 3).as_deref(), Some(input.as_str()), "seeded");
            for method in problem.methods() {
                let verification = problem.verify(method, &input).unwrap();
                assert_eq!(verification.cases, 7, "{}", problem.key());
                if method == Method::Curio {
                    assert_eq!(verification.right, 7, "{}", problem.key());
                }
            }
        }
        // A wrong answer is caught: the write-up's 100-swap cap on a program that needs 110.
        let input = format!("2\n11 {}{}\n1 CS\n", "C".repeat(10), "S".repeat(11));
        let verification = CodeJamProblem::SavingTheUniverseAgain.verify(Method::WriteUp, &input).unwrap();
        assert_eq!((verification.cases, verification.right), (2, 1));
        assert_eq!(verification.first_wrong, Some((1, "100".into(), "110".into())));
        // Bathroom Stalls in doubles loses N = 10^18, K = 1.
        let input = "1\n1000000000000000000 1\n";
        assert_eq!(CodeJamProblem::BathroomStalls.verify(Method::WriteUp, input).unwrap().right, 0);
    }
}
