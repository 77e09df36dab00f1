//! The interpreter: one conversation of a script, a moment at a time.
//!
//! A conversation starts with the player saying its start string. After a string, its flow
//! entry says what comes next: `same`, the same speaker says the target; `chgspk`, the other
//! speaker does; `choose`, the player picks one of the targets, which the player then says
//! (already shown as the choice), and the conversation goes on from the chosen string's own
//! entry. A target of 0 ends it, and so does a string without an entry or a step whose target
//! is not a string (errors that `check` reports).

use crate::script::{END, Script, Step};

/// Who says a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Speaker {
    /// The player.
    Player,
    /// The character the player talks to.
    Other,
}

impl Speaker {
    /// The other one.
    pub fn other(self) -> Self {
        match self {
            Speaker::Player => Speaker::Other,
            Speaker::Other => Speaker::Player,
        }
    }
}

/// Where a conversation is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moment<'a> {
    /// `speaker` says string `string` (`text`); [`Conversation::next`] goes on.
    Says {
        /// Who says it.
        speaker: Speaker,
        /// The string's number.
        string: usize,
        /// Its text.
        text: &'a str,
    },
    /// The player picks one of `options` (string numbers) with [`Conversation::choose`].
    Choose {
        /// The strings to pick from.
        options: &'a [usize],
    },
    /// The conversation is over.
    Ended,
}

/// Why a conversation cannot start or go on as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TalkError {
    /// The start is not a string of the script (or is END_DIALOG).
    #[error("string {start} cannot start a conversation: the script has strings 1 to {last}")]
    NoSuchStart {
        /// The start asked for.
        start: usize,
        /// The last string.
        last: usize,
    },
    /// A choice was made where there is none, or out of range.
    #[error("there is no option {option} here ({options} to pick from)")]
    NoSuchOption {
        /// The option asked for, from 0.
        option: usize,
        /// The options offered.
        options: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
enum State {
    Says { speaker: Speaker, string: usize },
    Choose { source: usize },
    Ended,
}

/// One conversation of a script: where it is (the script is passed to each call, so a game
/// can keep a conversation in its saved state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Conversation {
    state: State,
}

impl Conversation {
    /// The conversation of `script` that begins with string `start`.
    pub fn new(script: &Script, start: usize) -> Result<Self, TalkError> {
        let count = script.strings.len();
        if start == END || start >= count {
            return Err(TalkError::NoSuchStart { start, last: count.saturating_sub(1) });
        }
        Ok(Self { state: State::Says { speaker: Speaker::Player, string: start } })
    }

    /// Where it is.
    pub fn moment<'a>(&self, script: &'a Script) -> Moment<'a> {
        match self.state {
            State::Says { speaker, string } => {
                Moment::Says { speaker, string, text: script.text(string).unwrap_or_default() }
            }
            State::Choose { source } => match script.entry(source).map(|flow| &flow.step) {
                Some(Step::Choose(options)) => Moment::Choose { options },
                _ => Moment::Ended,
            },
            State::Ended => Moment::Ended,
        }
    }

    /// After a string: what its entry says comes next (nothing at a choice or the end).
    pub fn next(&mut self, script: &Script) {
        if let State::Says { speaker, string } = self.state {
            self.state = after(script, string, speaker);
        }
    }

    /// At a choice: the player picks option `option` (from 0) and says it.
    pub fn choose(&mut self, script: &Script, option: usize) -> Result<(), TalkError> {
        let Moment::Choose { options } = self.moment(script) else {
            return Err(TalkError::NoSuchOption { option, options: 0 });
        };
        let &string =
            options.get(option).ok_or(TalkError::NoSuchOption { option, options: options.len() })?;
        self.state = after(script, string, Speaker::Player);
        Ok(())
    }

    /// True once it has ended.
    pub fn is_over(&self) -> bool {
        self.state == State::Ended
    }
}

/// What follows string `string` of `script`, said by `speaker`.
fn after(script: &Script, string: usize, speaker: Speaker) -> State {
    let count = script.strings.len();
    let Some(flow) = script.entry(string) else { return State::Ended };
    let says = |speaker, target: usize| {
        if target == END || target >= count { State::Ended } else { State::Says { speaker, string: target } }
    };
    match &flow.step {
        Step::Same(target) => says(speaker, *target),
        Step::ChangeSpeaker(target) => says(speaker.other(), *target),
        Step::Choose(options)
            if !options.is_empty() && options.iter().all(|&option| option != END && option < count) =>
        {
            State::Choose { source: string }
        }
        Step::Choose(_) => State::Ended,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::Script;

    const FERRY: &str = "start 1\n1 chgspk 2\n2 choose 3 4\n3 chgspk 2\n4 same 0\n%%\nEND_DIALOG\nHello.\nWhat will you ask?\nAgain?\nGoodbye.\n";

    #[test]
    fn a_conversation_follows_its_opcodes_and_choices() {
        let script = Script::parse(FERRY).expect("parses");
        let mut talk = Conversation::new(&script, 1).expect("starts");
        assert_eq!(
            talk.moment(&script),
            Moment::Says { speaker: Speaker::Player, string: 1, text: "Hello." }
        );
        talk.next(&script);
        assert_eq!(
            talk.moment(&script),
            Moment::Says { speaker: Speaker::Other, string: 2, text: "What will you ask?" }
        );
        talk.next(&script);
        assert_eq!(talk.moment(&script), Moment::Choose { options: &[3, 4] });
        talk.next(&script);
        assert_eq!(talk.moment(&script), Moment::Choose { options: &[3, 4] }, "next does not pass a choice");
        assert_eq!(talk.choose(&script, 2), Err(TalkError::NoSuchOption { option: 2, options: 2 }));
        talk.choose(&script, 0).expect("option 0");
        // The player said string 3; its entry hands the word to the other speaker, who asks again.
        assert_eq!(
            talk.moment(&script),
            Moment::Says { speaker: Speaker::Other, string: 2, text: "What will you ask?" }
        );
        talk.next(&script);
        talk.choose(&script, 1).expect("option 1");
        assert_eq!(talk.moment(&script), Moment::Ended);
        assert!(talk.is_over());
        assert!(talk.choose(&script, 0).is_err());
    }

    #[test]
    fn starts_that_are_not_strings_are_refused() {
        let script = Script::parse(FERRY).expect("parses");
        assert_eq!(Conversation::new(&script, 0).err(), Some(TalkError::NoSuchStart { start: 0, last: 4 }));
        assert!(Conversation::new(&script, 5).is_err());
    }

    #[test]
    fn a_string_without_an_entry_ends_the_conversation() {
        let script = Script::parse("start 1\n%%\nEND_DIALOG\nAlone.\n").expect("parses");
        let mut talk = Conversation::new(&script, 1).expect("starts");
        talk.next(&script);
        assert_eq!(talk.moment(&script), Moment::Ended);
    }
}
