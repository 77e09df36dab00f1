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

impl CodeJamProblem {
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
        let mut tokens = Tokens::new(input);
        let cases = tokens.count("T", 1, 100_000)?;
        let mut output = String::new();
        for case in 1..=cases {
            let answer = match self {
                CodeJamProblem::SenateEvacuation => senate_evacuation::read_and_solve(&mut tokens)?,
                CodeJamProblem::Steed2CruiseControl => steed_2_cruise_control::read_and_solve(&mut tokens)?,
                CodeJamProblem::BathroomStalls => bathroom_stalls::read_and_solve(&mut tokens)?,
                CodeJamProblem::SavingTheUniverseAgain => {
                    saving_the_universe_again::read_and_solve(&mut tokens)?
                }
                CodeJamProblem::TroubleSort => trouble_sort::read_and_solve(&mut tokens)?,
                CodeJamProblem::CubicUfo => cubic_ufo::read_and_solve(&mut tokens)?,
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
                    write_line(to_solver, &reply)?;
                    report.verdict = Some(format!("case {}: {why}", case + 1));
                    return Ok(report);
                }
            }
            scratch.clear();
        }
        report.exchanges.push(count);
        if !won {
            write_line(to_solver, give_up)?;
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
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<(), ClassicsError> {
    match problem {
        CodeJamProblem::NumberGuessing => number_guessing::play(input, output),
        CodeJamProblem::GoGopher => go_gopher::play(input, output),
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
    settings: JudgeSettings,
) -> Result<JudgeReport, ClassicsError> {
    let pipe =
        || std::io::pipe().map_err(|error| ClassicsError::input(format!("cannot make a pipe: {error}")));
    let (judge_reads, solver_writes) = pipe()?;
    let (solver_reads, judge_writes) = pipe()?;
    let solver = std::thread::Builder::new()
        .name("curio-codejam-solver".into())
        .spawn(move || {
            let mut input = std::io::BufReader::new(solver_reads);
            let mut output = solver_writes;
            play(problem, &mut input, &mut output)
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
    }
}
