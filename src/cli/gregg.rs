//! `curio gregg ...`: transcribe text, render it, measure the rules.

use super::{CliError, named, print_json, usage};
use crate::gregg::{self, Rules, Split, Transcriber, learn::LearnOptions};
use anyhow::Context;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `curio gregg`.
#[derive(Debug, Args)]
pub struct GreggArgs {
    #[command(subcommand)]
    command: GreggCommand,
}

#[derive(Debug, Subcommand)]
enum GreggCommand {
    /// Each word's outline (Grascii), its source and its phonemes.
    #[command(
        after_help = "Examples:\n  curio gregg transcribe \"London bridge is falling down\"\n  curio gregg transcribe \"the cake\" --rules-only --json"
    )]
    Transcribe(TranscribeArgs),
    /// Measure the transcriber against a list of known outlines.
    #[command(
        after_help = "The list: word<TAB>outline[ | outline...] a line; lines starting with # are skipped.\n\nExamples:\n  curio gregg eval assets/gregg/anniversary-dictionary.tsv --rules-only\n  curio gregg eval words.tsv --rules-only --split held-out --json\n  curio gregg eval words.tsv --rules-only --plain   # the seed's phoneme map, the baseline"
    )]
    Eval(EvalArgs),
    /// Learn rewrites from a list of known outlines (the default list is one half of the
    /// dictionary; evaluate on the other).
    #[command(
        after_help = "Examples:\n  curio gregg learn assets/gregg/anniversary-dictionary.tsv --split develop --out assets/gregg/rewrites.tsv\n  curio gregg eval assets/gregg/anniversary-dictionary.tsv --rules-only --split held-out"
    )]
    Learn(LearnArgs),
}

#[derive(Debug, Args)]
struct RuleArgs {
    /// Skip the brief forms and the outline dictionary: every word goes through the rules.
    #[arg(long)]
    rules_only: bool,
    /// The seed's plain phoneme map instead of the context rules (the baseline).
    #[arg(long, conflicts_with = "no_learned")]
    plain: bool,
    /// The manual's context rules without the learned rewrites.
    #[arg(long)]
    no_learned: bool,
}

impl RuleArgs {
    fn transcriber(&self) -> Transcriber {
        let rules = if self.plain {
            Rules::plain()
        } else if self.no_learned {
            Rules::manual()
        } else {
            Rules::anniversary()
        };
        Transcriber { rules_only: self.rules_only, rules }
    }
}

#[derive(Debug, Args)]
struct LearnArgs {
    /// The list of words and outlines.
    file: PathBuf,
    /// Which words to learn from.
    #[arg(long, default_value = "develop", value_parser = named(&Split::ALL, Split::name))]
    split: Split,
    /// The least net gain a rewrite must bring (2 points a word made exact, 1 a word whose
    /// consonants come to agree).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(i64).range(1..))]
    min_gain: i64,
    /// The most rewrites to learn.
    #[arg(long, default_value_t = 400)]
    max_rewrites: usize,
    /// Where to write the rewrites.
    #[arg(long, value_name = "FILE.tsv")]
    out: PathBuf,
}

#[derive(Debug, Args)]
struct TranscribeArgs {
    /// The English text.
    text: String,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print one JSON list instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct EvalArgs {
    /// The list of words and outlines.
    file: PathBuf,
    #[command(flatten)]
    rules: RuleArgs,
    /// Which words: all, or one half by a hash of the word (develop / held-out).
    #[arg(long, default_value = "all", value_parser = named(&Split::ALL, Split::name))]
    split: Split,
    /// How many of the worst misses to list.
    #[arg(long, default_value_t = 20)]
    worst: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(args: GreggArgs) -> Result<(), CliError> {
    match args.command {
        GreggCommand::Transcribe(args) => transcribe(args),
        GreggCommand::Eval(args) => eval(args),
        GreggCommand::Learn(args) => learn(args),
    }
}

fn learn(args: LearnArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))
        .map_err(usage)?;
    let options = LearnOptions { min_gain: args.min_gain, max_rewrites: args.max_rewrites };
    let (rewrites, words) = gregg::learn_from_list(&text, args.split, options, |rewrite, gain| {
        eprintln!("gain {gain:4}  {:8} {:>10} -> {}", format!("{:?}", rewrite.anchor), rewrite.from, rewrite.to);
        true
    })
    .with_context(|| format!("{} is not a word list", args.file.display()))
    .map_err(usage)?;
    let name = args.file.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let header = format!(
        "Learned rewrites: curio gregg learn {name} --split {} --min-gain {} --max-rewrites {}\n{} words, {} rewrites; anchor<TAB>from<TAB>to, applied in order.",
        args.split.name(),
        args.min_gain,
        args.max_rewrites,
        words,
        rewrites.len()
    );
    let text = gregg::learn::to_text(&rewrites, &header);
    crate::export::write_atomically(&args.out, text.as_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))
        .map_err(CliError::Failure)?;
    say!("learned {} rewrites from {} words into {}", rewrites.len(), words, args.out.display());
    Ok(())
}

fn transcribe(args: TranscribeArgs) -> Result<(), CliError> {
    let words = args.rules.transcriber().text(&args.text);
    if words.is_empty() {
        return Err(usage(anyhow::anyhow!("the text has no words to transcribe")));
    }
    if args.json {
        let list = serde_json::to_value(&words).map_err(|error| CliError::Failure(error.into()))?;
        return print_json(&list);
    }
    let width = words.iter().map(|word| word.word.chars().count()).max().unwrap_or(4).max(4);
    let outline_width = words.iter().map(|word| word.outline.chars().count()).max().unwrap_or(7).max(7);
    say!("{:width$}  {:outline_width$}  {:15}  phonemes", "word", "outline", "source");
    for word in &words {
        say!("{:width$}  {:outline_width$}  {:15}  {}", word.word, word.outline, word.source.name(), word.phonemes);
    }
    Ok(())
}

fn eval(args: EvalArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))
        .map_err(usage)?;
    let report = gregg::evaluate(&text, &args.rules.transcriber(), args.split, args.worst)
        .with_context(|| format!("{} is not a word list", args.file.display()))
        .map_err(usage)?;
    if report.words == 0 {
        return Err(usage(anyhow::anyhow!("{} has no words in the {} split", args.file.display(), args.split.name())));
    }
    if args.json {
        let value = serde_json::to_value(&report).map_err(|error| CliError::Failure(error.into()))?;
        return print_json(&value);
    }
    let percent = |rate: f64| format!("{:.1}%", rate * 100.0);
    say!("words {} (known to the pronunciation dictionary: {})", report.words, report.known_words);
    say!("{:12} {:>8} {:>8}", "rate", "all", "known");
    say!("{:12} {:>8} {:>8}", "exact", percent(report.exact_rate), percent(report.exact_rate_known));
    say!("{:12} {:>8} {:>8}", "letters", percent(report.letters_rate), percent(report.letters_rate_known));
    say!("{:12} {:>8} {:>8}", "consonants", percent(report.consonants_rate), percent(report.consonants_rate_known));
    let classes = &report.by_class;
    say!(
        "exact {}, marks only {}, vowels {}, consonants {}",
        classes.exact,
        classes.marks,
        classes.vowels,
        classes.consonants
    );
    say!("worst:");
    for miss in &report.worst {
        say!("  {:20} got {:14} expected {}", miss.word, miss.got, miss.expected.join(" | "));
    }
    Ok(())
}
