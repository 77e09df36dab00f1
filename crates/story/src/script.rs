//! The dialogue language: the write-up's `speech.dat`, a script part and a string table.
//!
//! ```text
//! # comments start with '#'
//! start SOURCE                # a conversation begins with string SOURCE
//! SOURCE same TARGET          # the same speaker goes on with string TARGET
//! SOURCE chgspk TARGET        # the other speaker answers with string TARGET
//! SOURCE choose T1 T2 ...     # the player picks one of the strings T1, T2, ...
//! %%
//! END_DIALOG                  # string 0
//! first string                # string 1, and so on, one a line
//! ```
//!
//! Above the `%%` line, each line is a `start` or a flow entry (a source string, an opcode and
//! its targets); a target of `0` ends the conversation. A choice continues from the chosen
//! string's own flow entry. Below it, each line that is not blank or only a comment is the next
//! string, numbered from 0; string 0 must be `END_DIALOG`. In the strings a `#` at the start of
//! a line or after a space starts a comment, `\#` writes a `#` and `\\` a backslash; strings
//! are trimmed. Line numbers are the file's, from 1.
//!
//! [`Script::parse_lenient`] keeps what it can and lists the syntax errors; [`check`] finds the
//! errors of meaning (targets that are not strings, strings no start reaches, places a
//! conversation cannot end from, empty choices, two entries for one string);
//! [`Script::to_text`] prints a script back in the house style.

use curio_core::files::ParseError;
use serde::Serialize;

/// String 0: the end of every conversation.
pub const END: usize = 0;

/// The text string 0 must have.
pub const END_DIALOG: &str = "END_DIALOG";

/// What comes after a flow entry's source string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `same`: the same speaker goes on with the target.
    Same(usize),
    /// `chgspk`: the other speaker answers with the target.
    ChangeSpeaker(usize),
    /// `choose`: the player picks one of the targets.
    Choose(Vec<usize>),
}

impl Step {
    /// The strings the step leads to.
    pub fn targets(&self) -> &[usize] {
        match self {
            Step::Same(target) | Step::ChangeSpeaker(target) => std::slice::from_ref(target),
            Step::Choose(targets) => targets,
        }
    }

    /// The opcode as written.
    pub fn opcode(&self) -> &'static str {
        match self {
            Step::Same(_) => "same",
            Step::ChangeSpeaker(_) => "chgspk",
            Step::Choose(_) => "choose",
        }
    }
}

/// A flow entry: what follows its source string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flow {
    /// Its line in the file.
    pub line: usize,
    /// The string it follows.
    pub source: usize,
    /// What follows.
    pub step: Step,
}

/// A `start` line: a conversation that begins with its string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// Its line in the file.
    pub line: usize,
    /// The first string.
    pub string: usize,
}

/// A string of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// Its line in the file.
    pub line: usize,
    /// The text, trimmed, escapes resolved.
    pub text: String,
}

/// A parsed script: its starts and flow entries in file order, and its strings by number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// The `start` lines.
    pub starts: Vec<Start>,
    /// The flow entries.
    pub flows: Vec<Flow>,
    /// The string table; `strings[0]` is `END_DIALOG` in a valid script.
    pub strings: Vec<Text>,
    /// The line of `%%` (none when missing).
    pub separator: Option<usize>,
}

/// The kind of an error, as `curio story check --json` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// A target, start or source that is not a string (or a choice or start of 0).
    DanglingTarget,
    /// A string that no start reaches.
    UnreachableString,
    /// A place reached from a start from which the conversation can never reach string 0.
    NoEnd,
    /// A `choose` without targets.
    EmptyChoice,
    /// A second flow entry for one string.
    DuplicateSource,
    /// A line that is not in the language.
    Syntax,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::DanglingTarget,
        ErrorKind::UnreachableString,
        ErrorKind::NoEnd,
        ErrorKind::EmptyChoice,
        ErrorKind::DuplicateSource,
        ErrorKind::Syntax,
    ];

    /// The name `--json` gives it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::DanglingTarget => "dangling-target",
            ErrorKind::UnreachableString => "unreachable-string",
            ErrorKind::NoEnd => "no-end",
            ErrorKind::EmptyChoice => "empty-choice",
            ErrorKind::DuplicateSource => "duplicate-source",
            ErrorKind::Syntax => "syntax",
        }
    }
}

/// An error in a script, at a line (and column) of its file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The line, from 1: the flow entry or start at fault, or the string's own line.
    pub line: usize,
    /// The column, from 1 (1 where the whole line is at fault).
    pub column: usize,
    /// What kind of error.
    pub kind: ErrorKind,
    /// What is wrong, in words.
    pub message: String,
}

impl Diagnostic {
    fn new(line: usize, column: usize, kind: ErrorKind, message: String) -> Self {
        Self { line, column, kind, message }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {} ({})", self.line, self.column, self.message, self.kind.name())
    }
}

/// A word of a line and its column (from 1).
pub(crate) struct Word<'a> {
    pub(crate) text: &'a str,
    pub(crate) column: usize,
}

/// The words of `line` up to a `#`, with their columns in characters (scripts and maps).
pub(crate) fn words(line: &str) -> Vec<Word<'_>> {
    let code = line.split('#').next().unwrap_or("");
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (index, c) in code.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((from, at)) = start.take() {
                words.push(Word { text: &code[from..index], column: at });
            }
        } else if start.is_none() {
            start = Some((index, column));
        }
    }
    if let Some((from, at)) = start {
        words.push(Word { text: &code[from..], column: at });
    }
    words
}

/// A string line's text: comments cut, escapes resolved, trimmed (empty for a blank or comment
/// line).
fn string_text(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    let mut after_space = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some('#' | '\\')) => {
                text.extend(chars.next());
                after_space = false;
                continue;
            }
            '#' if after_space => break,
            _ => text.push(c),
        }
        after_space = c.is_whitespace();
    }
    text.trim().to_string()
}

/// A string number, or the syntax error that `word` is not one.
fn number(word: &Word<'_>, line: usize) -> Result<usize, Diagnostic> {
    word.text.parse::<usize>().map_err(|_| {
        Diagnostic::new(
            line,
            word.column,
            ErrorKind::Syntax,
            format!("'{}' is not a string number", word.text),
        )
    })
}

/// Parses one line of the script part (a start or a flow entry; none for a blank line).
fn script_line(words: &[Word<'_>], line: usize) -> Result<Option<Entry>, Diagnostic> {
    let Some(first) = words.first() else { return Ok(None) };
    let syntax =
        |word: &Word<'_>, message: String| Diagnostic::new(line, word.column, ErrorKind::Syntax, message);
    if first.text == "start" {
        let Some(string) = words.get(1) else {
            return Err(syntax(
                first,
                "'start' needs the number of the string the conversation begins with".into(),
            ));
        };
        if let Some(extra) = words.get(2) {
            return Err(syntax(
                extra,
                format!("unexpected '{}': 'start' takes one string number", extra.text),
            ));
        }
        return Ok(Some(Entry::Start(Start { line, string: number(string, line)? })));
    }
    if !first.text.chars().all(|c| c.is_ascii_digit()) {
        return Err(syntax(first, format!("expected 'start' or a string number, found '{}'", first.text)));
    }
    let source = number(first, line)?;
    let Some(opcode) = words.get(1) else {
        return Err(syntax(first, format!("expected an opcode (same, chgspk or choose) after {source}")));
    };
    let targets = words[2..].iter().map(|word| number(word, line)).collect::<Result<Vec<_>, _>>()?;
    let single = |make: fn(usize) -> Step| match targets.as_slice() {
        [target] => Ok(make(*target)),
        [] => Err(syntax(opcode, format!("'{}' needs one target string", opcode.text))),
        [_, ..] => Err(syntax(
            &words[3],
            format!("unexpected '{}': '{}' takes one target", words[3].text, opcode.text),
        )),
    };
    let step = match opcode.text {
        "same" => single(Step::Same)?,
        "chgspk" => single(Step::ChangeSpeaker)?,
        "choose" => Step::Choose(targets),
        other => {
            return Err(syntax(opcode, format!("unknown opcode '{other}': expected same, chgspk or choose")));
        }
    };
    Ok(Some(Entry::Flow(Flow { line, source, step })))
}

/// A line of the script part.
enum Entry {
    Start(Start),
    Flow(Flow),
}

impl Script {
    /// Parses `text`, keeping every line it can read, with the syntax errors of the others.
    pub fn parse_lenient(text: &str) -> (Script, Vec<Diagnostic>) {
        let mut script = Script::default();
        let mut errors = Vec::new();
        let mut lines = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            lines = line;
            if script.separator.is_some() {
                let text = string_text(raw);
                if !text.is_empty() {
                    script.strings.push(Text { line, text });
                }
                continue;
            }
            let words = words(raw);
            if words.len() == 1 && words[0].text == "%%" {
                script.separator = Some(line);
                continue;
            }
            match script_line(&words, line) {
                Ok(Some(Entry::Start(start))) => script.starts.push(start),
                Ok(Some(Entry::Flow(flow))) => script.flows.push(flow),
                Ok(None) => {}
                Err(error) => errors.push(error),
            }
        }
        match (script.separator, script.strings.first()) {
            (None, _) => errors.push(Diagnostic::new(
                lines.max(1),
                1,
                ErrorKind::Syntax,
                "no '%%' line: the string table must follow the script after a line '%%'".into(),
            )),
            (Some(separator), None) => errors.push(Diagnostic::new(
                separator,
                1,
                ErrorKind::Syntax,
                format!("the string table is empty: string 0 must be {END_DIALOG}"),
            )),
            (Some(_), Some(first)) if first.text != END_DIALOG => errors.push(Diagnostic::new(
                first.line,
                1,
                ErrorKind::Syntax,
                format!("string 0 must be {END_DIALOG}, found '{}'", first.text),
            )),
            _ => {}
        }
        (script, errors)
    }

    /// Parses `text`; the first syntax error, if any.
    pub fn parse(text: &str) -> Result<Script, ParseError> {
        let (script, errors) = Self::parse_lenient(text);
        match errors.into_iter().min_by_key(|error| (error.line, error.column)) {
            None => Ok(script),
            Some(error) => Err(ParseError { line: error.line, column: error.column, message: error.message }),
        }
    }

    /// The text of string `string` (none when there is no such string).
    pub fn text(&self, string: usize) -> Option<&str> {
        self.strings.get(string).map(|text| text.text.as_str())
    }

    /// The flow entry of string `source` (the first where there are several).
    pub fn entry(&self, source: usize) -> Option<&Flow> {
        self.flows.iter().find(|flow| flow.source == source)
    }

    /// The flow entry of each string (the first where there are several), by string number.
    pub fn entries(&self) -> Vec<Option<&Flow>> {
        let mut entries = vec![None; self.strings.len()];
        for flow in &self.flows {
            if let Some(entry @ None) = entries.get_mut(flow.source) {
                *entry = Some(flow);
            }
        }
        entries
    }

    /// The script in the house style: its starts and entries in file order, each entry with
    /// its source string quoted in a comment, then `%%` and one string a line (`#` and `\`
    /// escaped). Parsing the text gives the same script (line numbers aside).
    pub fn to_text(&self) -> String {
        let mut lines: Vec<(usize, String)> = Vec::new();
        let quote = |string: usize| {
            self.text(string).map_or(String::new(), |text| {
                let short: String = text.chars().take(48).collect();
                let more = if short.len() < text.len() { "…" } else { "" };
                format!("  # {short}{more}")
            })
        };
        for start in &self.starts {
            lines.push((start.line, format!("start {}{}", start.string, quote(start.string))));
        }
        for flow in &self.flows {
            let targets: Vec<String> = flow.step.targets().iter().map(usize::to_string).collect();
            let mut entry = format!("{} {}", flow.source, flow.step.opcode());
            for target in targets {
                entry.push(' ');
                entry.push_str(&target);
            }
            lines.push((flow.line, format!("{entry}{}", quote(flow.source))));
        }
        lines.sort_by_key(|(line, _)| *line);
        let mut text: String = lines.into_iter().map(|(_, entry)| entry + "\n").collect();
        text.push_str("%%\n");
        for string in &self.strings {
            for c in string.text.chars() {
                if matches!(c, '#' | '\\') {
                    text.push('\\');
                }
                text.push(c);
            }
            text.push('\n');
        }
        text
    }
}

/// What [`check`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The errors, by line.
    pub errors: Vec<Diagnostic>,
    /// The strings in the table (END_DIALOG included).
    pub strings: usize,
    /// The strings some start reaches (END_DIALOG included when a conversation can end).
    pub reachable: usize,
}

/// The start of string `string` of `script`, quoted, for messages.
fn quoted(script: &Script, string: usize) -> String {
    script.text(string).map_or(String::new(), |text| {
        let short: String = text.chars().take(40).collect();
        if short.len() < text.len() { format!(" (\"{short}…\")") } else { format!(" (\"{short}\")") }
    })
}

/// Checks the meaning of `script` from its own `start` lines: the errors other than syntax.
pub fn check(script: &Script) -> Report {
    let roots: Vec<usize> = script.starts.iter().map(|start| start.string).collect();
    check_from(script, &roots)
}

/// [`check`] with the conversations that begin at `roots` as the only ones the game starts (the
/// strings the maps' characters name); a start no root names reaches nothing.
pub fn check_from(script: &Script, roots: &[usize]) -> Report {
    let count = script.strings.len();
    let mut errors = Vec::new();
    let mut push = |line, kind, message| errors.push(Diagnostic::new(line, 1, kind, message));
    // The first line that leads to each string (a start or a flow entry).
    let mut first_reference = vec![usize::MAX; count];
    for start in &script.starts {
        if start.string == END || start.string >= count {
            let why = if start.string == END { "it is END_DIALOG" } else { "there is no such string" };
            push(start.line, ErrorKind::DanglingTarget, format!("start {}: {why}", start.string));
        } else {
            first_reference[start.string] = first_reference[start.string].min(start.line);
        }
    }
    // The flow entry of each string; a step leads on (`Some`) or, where its fault is already
    // reported (a target that is not a string, an empty choice), counts as an end.
    let mut entry: Vec<Option<&Flow>> = vec![None; count];
    for flow in &script.flows {
        if flow.source == END || flow.source >= count {
            let why = if flow.source == END {
                "END_DIALOG ends the conversation and has no flow entry".to_string()
            } else {
                format!(
                    "there is no string {} (the table has {count}, 0 to {})",
                    flow.source,
                    count.saturating_sub(1)
                )
            };
            push(flow.line, ErrorKind::DanglingTarget, format!("source {}: {why}", flow.source));
            continue;
        }
        if let Some(first) = entry[flow.source] {
            push(
                flow.line,
                ErrorKind::DuplicateSource,
                format!("string {} already has a flow entry, on line {}", flow.source, first.line),
            );
            continue;
        }
        entry[flow.source] = Some(flow);
        if let Step::Choose(targets) = &flow.step
            && targets.is_empty()
        {
            push(
                flow.line,
                ErrorKind::EmptyChoice,
                format!("string {} offers a choice of nothing", flow.source),
            );
        }
        for &target in flow.step.targets() {
            if target >= count {
                push(
                    flow.line,
                    ErrorKind::DanglingTarget,
                    format!("target {target}: there is no such string (the table has {count})"),
                );
            } else if target == END && matches!(flow.step, Step::Choose(_)) {
                push(
                    flow.line,
                    ErrorKind::DanglingTarget,
                    "a choice must be a string to pick, not END_DIALOG".into(),
                );
            } else if target != END {
                first_reference[target] = first_reference[target].min(flow.line);
            }
        }
    }
    // Where each string leads: its valid targets, or `None` when its step counts as an end.
    let leads = |string: usize| -> Option<Vec<usize>> {
        let flow = entry[string]?;
        let targets = flow.step.targets();
        if targets.is_empty() || targets.iter().any(|&target| target >= count) {
            return Some(vec![END]);
        }
        Some(targets.to_vec())
    };
    // Reached from the roots.
    let mut reached = vec![false; count];
    let mut stack: Vec<usize> = roots.iter().copied().filter(|&root| root != END && root < count).collect();
    while let Some(string) = stack.pop() {
        if std::mem::replace(&mut reached[string], true) || string == END {
            continue;
        }
        stack.extend(leads(string).unwrap_or_default());
    }
    // Able to end: END, and every string with a successor able to end (backwards from END).
    let mut before: Vec<Vec<usize>> = vec![Vec::new(); count];
    for string in 1..count {
        for target in leads(string).unwrap_or_default() {
            before[target].push(string);
        }
    }
    let mut ends = vec![false; count];
    let mut stack = if count > 0 { vec![END] } else { Vec::new() };
    while let Some(string) = stack.pop() {
        if std::mem::replace(&mut ends[string], true) {
            continue;
        }
        stack.extend(before[string].iter().copied().filter(|&earlier| !ends[earlier]));
    }
    for string in 1..count {
        if !reached[string] {
            let text = &script.strings[string];
            push(
                text.line,
                ErrorKind::UnreachableString,
                format!("string {string}{} is never shown: no start reaches it", quoted(script, string)),
            );
        } else if !ends[string] {
            match entry[string] {
                Some(flow) => push(
                    flow.line,
                    ErrorKind::NoEnd,
                    format!(
                        "from string {string}{} the conversation can never reach END_DIALOG",
                        quoted(script, string)
                    ),
                ),
                None => push(
                    first_reference[string],
                    ErrorKind::NoEnd,
                    format!(
                        "string {string}{} has no flow entry: the conversation stops there without END_DIALOG",
                        quoted(script, string)
                    ),
                ),
            }
        }
    }
    let reachable = reached.iter().filter(|&&reached| reached).count();
    errors.sort_by_key(|error| error.line);
    Report { errors, strings: count, reachable }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small conversation with every opcode: a greeting, a choice of two questions, each
    /// answered, one of them leading back to the choice.
    pub(crate) const FERRY: &str = "\
# The ferryman
start 1
1 chgspk 2
2 same 3
3 choose 4 5
4 chgspk 6
6 chgspk 3
5 chgspk 7
7 same 0
%%
END_DIALOG
Will you take me across?
Gladly. The river takes everyone across in the end.
What would you ask of it?
What does the river say?   # a question
Where does it go?
Listen, and it will tell you.
Everywhere at once: that is its secret\\# one.
";

    fn with_line(text: &str, line: usize, replacement: &str) -> String {
        let mut lines: Vec<&str> = text.lines().collect();
        lines[line - 1] = replacement;
        lines.join("\n") + "\n"
    }

    fn kinds_at(text: &str) -> Vec<(usize, ErrorKind)> {
        let (script, mut errors) = Script::parse_lenient(text);
        errors.extend(check(&script).errors);
        errors.iter().map(|error| (error.line, error.kind)).collect()
    }

    #[test]
    fn a_clean_script_has_no_errors_and_reaches_every_string() {
        let script = Script::parse(FERRY).expect("parses");
        assert_eq!(script.strings.len(), 8);
        assert_eq!(script.text(4), Some("What does the river say?"));
        assert_eq!(script.text(7), Some("Everywhere at once: that is its secret# one."));
        assert_eq!(script.strings[1].line, 12);
        let report = check(&script);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!((report.strings, report.reachable), (8, 8));
    }

    #[test]
    fn each_kind_of_error_is_named_at_its_line() {
        // A target that is not a string: the strings after it are then out of reach too.
        let unreachable =
            |lines: std::ops::RangeInclusive<usize>| lines.map(|line| (line, ErrorKind::UnreachableString));
        let mut expected = vec![(4, ErrorKind::DanglingTarget)];
        expected.extend(unreachable(14..=18));
        assert_eq!(kinds_at(&with_line(FERRY, 4, "2 same 30")), expected);
        // A start that is not a string.
        assert!(kinds_at(&with_line(FERRY, 2, "start 99")).contains(&(2, ErrorKind::DanglingTarget)));
        // A string no start reaches: its own line.
        assert_eq!(kinds_at(&format!("{FERRY}An orphan line\n")), vec![(19, ErrorKind::UnreachableString)]);
        // A loop with no way out: 4 and 6 answer each other for ever.
        assert_eq!(
            kinds_at(&with_line(FERRY, 7, "6 chgspk 4")),
            vec![(6, ErrorKind::NoEnd), (7, ErrorKind::NoEnd)]
        );
        // A dead end: string 6 has no entry (named where it is reached from), so 4 cannot end.
        assert_eq!(
            kinds_at(&with_line(FERRY, 7, "# no entry for 6")),
            vec![(6, ErrorKind::NoEnd), (6, ErrorKind::NoEnd)]
        );
        // An empty choice.
        assert!(kinds_at(&with_line(FERRY, 5, "3 choose")).contains(&(5, ErrorKind::EmptyChoice)));
        // Two entries for one string: the second is at fault.
        let twice = FERRY.replace("7 same 0\n", "7 same 0\n7 chgspk 0\n");
        assert_eq!(kinds_at(&twice), vec![(10, ErrorKind::DuplicateSource)]);
        // Syntax: an unknown opcode, named at its column.
        let (_, errors) = Script::parse_lenient(&with_line(FERRY, 3, "1 chgspeaker 2"));
        assert_eq!((errors[0].line, errors[0].column, errors[0].kind), (3, 3, ErrorKind::Syntax));
    }

    #[test]
    fn syntax_errors_name_line_and_column() {
        let cases = [
            ("start\n%%\nEND_DIALOG\n", 1, 1),
            ("start 1 2\n%%\nEND_DIALOG\nx\n", 1, 9),
            ("  hello 1 same 2\n%%\nEND_DIALOG\n", 1, 3),
            ("1 same\n%%\nEND_DIALOG\n", 1, 3),
            ("1 same 2 3\n%%\nEND_DIALOG\n", 1, 10),
            ("1 choose 2 x\n%%\nEND_DIALOG\n", 1, 12),
            ("1 same 99999999999999999999999\n%%\nEND_DIALOG\n", 1, 8),
            ("start 1\n", 1, 1),
            ("start 1\n%%\n", 2, 1),
            ("start 1\n%%\n\n  # only a comment\nHello\n", 5, 1),
        ];
        for (text, line, column) in cases {
            let error = Script::parse(text).expect_err(text);
            assert_eq!((error.line, error.column), (line, column), "{text:?}: {}", error.message);
        }
    }

    #[test]
    fn the_printed_script_parses_back_to_itself() {
        let script = Script::parse(FERRY).expect("parses");
        let printed = script.to_text();
        let again = Script::parse(&printed).expect("the printed script parses");
        assert_eq!(again.to_text(), printed);
        let strip = |script: &Script| {
            (
                script.starts.iter().map(|start| start.string).collect::<Vec<_>>(),
                script.flows.iter().map(|flow| (flow.source, flow.step.clone())).collect::<Vec<_>>(),
                script.strings.iter().map(|text| text.text.clone()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(strip(&again), strip(&script));
    }

    proptest::proptest! {
        /// Any text parses without a panic, and whatever parses prints to a text that parses to
        /// the same script.
        #[test]
        fn any_text_parses_and_prints_back(lines in proptest::collection::vec("(start|[0-9]{1,2}|same|chgspk|choose|%%|END_DIALOG|#|\\\\| |[a-z]{1,4}){0,6}", 0..20)) {
            let text = lines.join("\n");
            let (script, _) = Script::parse_lenient(&text);
            let _ = check(&script);
            let printed = script.to_text();
            let (again, _) = Script::parse_lenient(&printed);
            proptest::prop_assert_eq!(again.to_text(), printed);
            proptest::prop_assert_eq!(again.strings.len(), script.strings.len());
            proptest::prop_assert_eq!(again.flows.len(), script.flows.len());
        }
    }
}
