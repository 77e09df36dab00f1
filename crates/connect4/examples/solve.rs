//! Reads positions (the columns played, 1-based), one a line, from standard input and prints
//! `POSITION SCORE` for each (`--weak`: the sign only), then the positions, the mean time and
//! the mean nodes a position on standard error. The table is kept from one position to the
//! next. A bad line names its number and the problem, and exits with status 2.
//!
//! `cargo run --release -p curio-connect4 --example solve [--weak] < positions.txt`

use connect4::{Position, Solver};
use std::io::{BufRead, Write};
use std::time::Instant;

fn main() {
    let weak = std::env::args().skip(1).any(|argument| argument == "--weak");
    let mut solver = Solver::new();
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    let mut out = stdout.lock();
    let (mut count, started) = (0u32, Instant::now());
    for (index, line) in stdin.lock().lines().enumerate() {
        let line = line.unwrap_or_else(|error| fail(&format!("line {}: {error}", index + 1)));
        let text = line.trim();
        let position =
            Position::parse(text).unwrap_or_else(|error| fail(&format!("line {}: {error}", index + 1)));
        let score = if weak { solver.solve_weak(&position) } else { solver.solve(&position) };
        writeln!(out, "{text} {score}").unwrap_or_else(|error| fail(&error.to_string()));
        count += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    let per = |total: f64| if count == 0 { 0.0 } else { total / f64::from(count) };
    eprintln!(
        "{count} positions, mean {:.1} µs and {:.0} nodes a position",
        per(seconds) * 1e6,
        per(solver.nodes() as f64)
    );
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}
