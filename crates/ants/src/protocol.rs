//! The official bot protocol on standard input and output: the engine writes turn 0's settings
//! and `ready`, then each turn's `turn N`, the bot's view and `go`; the bot answers with
//! `o ROW COL DIR` lines and `go`, within the load or turn time. A bot that exits is crashed;
//! one that does not answer in time is timed out and ended. The engine talks to such a bot
//! through [`Remote`] (the CLI runs commands as processes, as this crate does not); [`serve`]
//! is the other end, a built-in bot answering the protocol.

use std::io::{BufRead, Write};
use std::time::Duration;

/// How a bot's turn went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The lines it sent before `go`.
    Lines(Vec<String>),
    /// It exited or closed its output.
    Crashed,
    /// It did not send `go` in time.
    Timeout,
}

/// A bot outside Curio's process (the CLI runs commands as processes): the engine sends it the
/// protocol's text and reads its answer.
pub trait Remote: Send {
    /// Sends `input` and collects the answer until `go`, within `limit`.
    fn exchange(&mut self, input: &str, limit: Duration) -> Answer;
    /// Sends the last message (if it can) and ends the bot.
    fn finish(&mut self, message: &str);
    /// Ends the bot now.
    fn end(&mut self);
    /// What the bot wrote on its standard error (its first and last lines).
    fn errors(&self) -> String;
}

/// The words of a command line: spaces split, single and double quotes group, a backslash
/// escapes the next character (as the official engine's `shlex.split`).
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => word.push(chars.next().ok_or("a backslash ends the command")?),
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                word.push(chars.next().ok_or("a backslash ends the command")?);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".into());
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the command is empty".into());
    }
    Ok(words)
}
/// Plays `bot` as a process bot does: reads the official protocol from `input` and answers on
/// `output`, until `end` or the end of input. An error names the line that cannot be read.
pub fn serve(
    bot: &mut dyn crate::play::Bot,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), String> {
    use crate::view::{Setup, State};
    let mut setup = Setup {
        loadtime: 3000,
        turntime: 1000,
        rows: 0,
        cols: 0,
        turns: 1000,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 0,
    };
    let mut state = State::default();
    let mut ending = false;
    for (index, line) in input.lines().enumerate() {
        let line = line.map_err(|error| format!("cannot read input: {error}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&key) = words.first() else { continue };
        let number = |at: usize| -> Result<usize, String> {
            words
                .get(at)
                .and_then(|w| w.parse::<usize>().ok())
                .ok_or_else(|| format!("line {}: '{line}' is not understood", index + 1))
        };
        match key {
            "turn" => {
                state = State { turn: number(1)? as u32, ..State::default() };
            }
            "loadtime" => setup.loadtime = number(1)? as u32,
            "turntime" => setup.turntime = number(1)? as u32,
            "rows" => setup.rows = number(1)?,
            "cols" => setup.cols = number(1)?,
            "turns" => setup.turns = number(1)? as u32,
            "viewradius2" => setup.viewradius2 = number(1)? as u32,
            "attackradius2" => setup.attackradius2 = number(1)? as u32,
            "spawnradius2" => setup.spawnradius2 = number(1)? as u32,
            "player_seed" => setup.player_seed = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0),
            "ready" => {
                if setup.rows == 0
                    || setup.cols == 0
                    || setup.rows > crate::map::MAX_SIDE
                    || setup.cols > crate::map::MAX_SIDE
                {
                    return Err("turn 0 gave no rows and cols (or too many)".into());
                }
                bot.setup(&setup);
                writeln!(output, "go").and_then(|()| output.flush()).map_err(|error| error.to_string())?;
            }
            "w" | "f" | "a" | "h" | "d" => {
                let (r, c) = (number(1)?, number(2)?);
                if r >= setup.rows || c >= setup.cols {
                    return Err(format!("line {}: ({r}, {c}) is off the map", index + 1));
                }
                match key {
                    "w" => state.water.push((r, c)),
                    "f" => state.food.push((r, c)),
                    "a" => state.ants.push((r, c, number(3)?)),
                    "h" => state.hills.push((r, c, number(3)?)),
                    _ => state.dead.push((r, c, number(3)?)),
                }
            }
            "end" => ending = true,
            "go" => {
                if ending {
                    return Ok(());
                }
                let mut text = String::new();
                for order in bot.turn(&state) {
                    text.push_str(&format!("o {} {} {}\n", order.row, order.col, order.direction.letter()));
                }
                text.push_str("go\n");
                output
                    .write_all(text.as_bytes())
                    .and_then(|()| output.flush())
                    .map_err(|error| error.to_string())?;
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("python3 'my bot.py' a\\ b \"c d\"").unwrap(),
            ["python3", "my bot.py", "a b", "c d"]
        );
        assert!(split_command("'open").is_err());
        assert!(split_command("   ").is_err());
    }
}
