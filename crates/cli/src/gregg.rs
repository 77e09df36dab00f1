//! `curio gregg ...`: transcribe text, render it, measure the rules.
use crate::facets::{GroupArgs, House};

use super::export_file::{check_output, save_with_bar};
use super::{CliError, named, print_json, usage};
use ::gregg::{self, PageStyle, Rules, Split, Transcriber, learn::LearnOptions, page};
use anyhow::Context;
use clap::{Args, Subcommand};
use curio_core::export;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

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
        after_help = "The list: word<TAB>outline[ | outline...] a line; lines starting with # are skipped.\n\nExamples:\n  curio gregg eval assets/gregg/anniversary-dictionary.tsv --rules-only\n  curio gregg eval words.tsv --rules-only --split held-out --json\n  curio gregg eval words.tsv --rules-only --plain   # the blog post's plain phoneme map, the baseline"
    )]
    Eval(EvalArgs),
    /// Learn rewrites from a list of known outlines (the default list is one half of the
    /// dictionary; evaluate on the other).
    #[command(
        after_help = "Examples:\n  curio gregg learn assets/gregg/anniversary-dictionary.tsv --split develop --out assets/gregg/rewrites.tsv\n  curio gregg eval assets/gregg/anniversary-dictionary.tsv --rules-only --split held-out"
    )]
    Learn(LearnArgs),
    /// Draw text as shorthand on ruled paper, to SVG or PNG.
    #[command(
        after_help = "Examples:\n  curio gregg render \"London bridge is falling down\" --out bridge.svg\n  curio gregg render \"$(cat speech.txt)\" --out speech.png --width 1600 --debug"
    )]
    Render(RenderArgs),
    /// Words transcribed and laid out per second.
    #[command(
        after_help = "Examples:\n  curio gregg bench\n  curio gregg bench --words 100000 --rules-only --json"
    )]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct RuleArgs {
    /// Skip the brief forms and the outline dictionary: every word goes through the rules.
    #[arg(long)]
    rules_only: bool,
    /// The blog post's plain phoneme map (one Gregg letter a phoneme) instead of the context rules (the baseline).
    #[arg(long, conflicts_with = "no_learned")]
    plain: bool,
    /// The manual's context rules without the learned rewrites.
    #[arg(long, conflicts_with = "rewrites")]
    no_learned: bool,
    /// Rewrites to apply after the manual's rules instead of the shipped ones (a file written
    /// by `curio gregg learn`).
    #[arg(long, value_name = "FILE.tsv", conflicts_with = "plain")]
    rewrites: Option<PathBuf>,
}

impl RuleArgs {
    fn transcriber(&self) -> Result<Transcriber, CliError> {
        let rules = if self.plain {
            Rules::plain()
        } else if self.no_learned {
            Rules::manual()
        } else if let Some(path) = &self.rewrites {
            let text = read_file(path)?;
            let rewrites = gregg::learn::parse(&text)
                .with_context(|| format!("{} is not a rewrites file", path.display()))
                .map_err(usage)?;
            // The process ends with the command; the rules borrow the rewrites for its life.
            Rules { context: true, rewrites: Some(Vec::leak(rewrites)) }
        } else {
            Rules::anniversary()
        };
        Ok(Transcriber { rules_only: self.rules_only, rules })
    }
}

/// A text file, or bad input naming it.
fn read_file(path: &std::path::Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display())).map_err(usage)
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// The English text.
    text: String,
    /// Output file; the extension picks SVG or PNG.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    out: PathBuf,
    /// Page width in pixels, 100..=20000.
    #[arg(long, default_value_t = page::WIDTH.default, value_parser = |text: &str| page::WIDTH.parse(text))]
    width: f64,
    /// Size of the writing: the N stroke's length in pixels, 2..=100.
    #[arg(long, default_value_t = page::UNIT.default, value_parser = |text: &str| page::UNIT.parse(text))]
    unit: f64,
    /// Pen width in pixels, 0.2..=20.
    #[arg(long, default_value_t = page::PEN_WIDTH.default, value_parser = |text: &str| page::PEN_WIDTH.parse(text))]
    pen: f64,
    /// Forward slant in degrees, -30..=45.
    #[arg(long, default_value_t = page::SLANT.default, value_parser = |text: &str| page::SLANT.parse(text))]
    slant: f64,
    /// Mark stroke boundaries and label each letter.
    #[arg(long)]
    debug: bool,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Words to transcribe and lay out (the dictionary's words, in order, repeated).
    #[arg(long, default_value_t = 50_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    words: u64,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
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

impl GroupArgs for GreggArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `grascii`: what this command group reads, from any bytes.
pub fn fuzz_grascii(input: &[u8]) {
    let outline = crate::fuzz::text(input);
    let _ = ::gregg::grascii::tokens(&outline);
    let _ = ::gregg::glyph::draw(&outline, 1.0);
}

fn run(args: GreggArgs) -> Result<(), CliError> {
    match args.command {
        GreggCommand::Transcribe(args) => transcribe(args),
        GreggCommand::Eval(args) => eval(args),
        GreggCommand::Learn(args) => learn(args),
        GreggCommand::Render(args) => render(args),
        GreggCommand::Bench(args) => bench(args),
    }
}

fn render(args: RenderArgs) -> Result<(), CliError> {
    if gregg::tokenize(&args.text).is_empty() {
        return Err(usage(anyhow::anyhow!("the text has nothing to write")));
    }
    let style = PageStyle {
        width: args.width,
        unit: args.unit,
        pen_width: args.pen,
        slant: args.slant,
        debug: args.debug,
    };
    let started = Instant::now();
    let page = gregg::layout(&args.text, &args.rules.transcriber()?, style);
    let size = page.width.max(page.height).ceil() as u64;
    let format = check_output(&args.out, size)?;
    let scene = gregg::page_scene(&page, None);
    let (width, height) = save_with_bar(scene, args.out.clone(), size)?;
    let seconds = started.elapsed().as_secs_f64();
    let png = format == export::Format::Png;
    if args.json {
        print_json(&json!({
            "file": args.out.display().to_string(),
            "format": if png { "png" } else { "svg" },
            "words": page.words.len(),
            "lines": page.lines.len(),
            "width": if png { json!(width) } else { json!(page.width) },
            "height": if png { json!(height) } else { json!(page.height) },
            "seconds": seconds,
        }))
    } else {
        say!(
            "wrote {} ({} words on {} lines) in {:.3} s",
            args.out.display(),
            page.words.len(),
            page.lines.len(),
            seconds
        );
        Ok(())
    }
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let report = gregg::bench(args.words as usize, &args.rules.transcriber()?);
    if args.json {
        print_json(&json!({
            "words": report.words,
            "seconds": report.seconds,
            "words_per_second": report.words_per_second,
        }))
    } else {
        say!(
            "{} words transcribed and laid out in {:.3} s: {:.0} words/s",
            report.words,
            report.seconds,
            report.words_per_second
        );
        Ok(())
    }
}

fn learn(args: LearnArgs) -> Result<(), CliError> {
    let text = read_file(&args.file)?;
    let options = LearnOptions { min_gain: args.min_gain, max_rewrites: args.max_rewrites };
    let (rewrites, words) = gregg::learn_from_list(&text, args.split, options, |rewrite, gain| {
        eprintln!(
            "gain {gain:4}  {:8} {:>10} -> {}",
            format!("{:?}", rewrite.anchor),
            rewrite.from,
            rewrite.to
        );
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
    curio_core::export::write_atomically(&args.out, text.as_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))
        .map_err(CliError::Failure)?;
    say!("learned {} rewrites from {} words into {}", rewrites.len(), words, args.out.display());
    Ok(())
}

fn transcribe(args: TranscribeArgs) -> Result<(), CliError> {
    let words = args.rules.transcriber()?.text(&args.text);
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
        say!(
            "{:width$}  {:outline_width$}  {:15}  {}",
            word.word,
            word.outline,
            word.source.name(),
            word.phonemes
        );
    }
    Ok(())
}

fn eval(args: EvalArgs) -> Result<(), CliError> {
    let text = read_file(&args.file)?;
    let report = gregg::evaluate(&text, &args.rules.transcriber()?, args.split, args.worst)
        .with_context(|| format!("{} is not a word list", args.file.display()))
        .map_err(usage)?;
    if report.words == 0 {
        return Err(usage(anyhow::anyhow!(
            "{} has no words in the {} split",
            args.file.display(),
            args.split.name()
        )));
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
    say!(
        "{:12} {:>8} {:>8}",
        "consonants",
        percent(report.consonants_rate),
        percent(report.consonants_rate_known)
    );
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
