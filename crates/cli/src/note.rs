//! `curio note ...`: write a note as the write-up does (standard input until a line `save` or
//! `exit`, or an editor), list the notes, search them, and time the search.
use crate::facets::{GroupArgs, House};

use super::{CliError, print_json, usage};
use anyhow::Context;
use clap::{Args, Subcommand};
use note::{Date, Ending, Index, Query};
use serde_json::json;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `curio note`.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "With no subcommand, reads a note from standard input until a line `save` (writes it and prints its path) or `exit` (throws it away). The folder: --dir, else CURIO_NOTES_DIR, else ~/.local/share/curio/notes.\n\nExamples:\n  curio note\n  printf 'phone Ashley\\nsave\\n' | curio note --dir notes\n  curio note --edit\n  curio note search phone ashley --json\n  curio note search '\"phone ashley\"' 'lis*'\n  curio note bench --notes 10000"
)]
pub struct NoteArgs {
    #[command(subcommand)]
    command: Option<NoteCommand>,
    /// The notes folder (made if missing).
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Write the note in $VISUAL or $EDITOR instead of on standard input (saved unless left empty).
    #[arg(long)]
    edit: bool,
}

#[derive(Debug, Subcommand)]
enum NoteCommand {
    /// Find notes by their words, prefixes (lis*) and phrases ("phone ashley"), best first.
    Search(SearchArgs),
    /// List the notes, newest first.
    List(ListArgs),
    /// Time indexing and searching made-up notes.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct SearchArgs {
    /// What to look for.
    #[arg(required = true)]
    words: Vec<String>,
    /// Most notes to show.
    #[arg(long, default_value_t = 20)]
    limit: usize,
    /// Print one JSON object: {"results": [{"file", "score", "snippet"}, ...]}.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ListArgs {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Notes to make up, 1..=1000000.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    notes: u64,
    /// The seed of the made-up notes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Searches timed of each query.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    repeat: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for NoteArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        let folder = match &self.dir {
            Some(folder) => folder.clone(),
            None => curio_platform::folders::notes_folder().ok_or_else(|| {
                usage(anyhow::anyhow!("no notes folder: give --dir DIR, or set CURIO_NOTES_DIR or HOME"))
            })?,
        };
        match self.command {
            None if self.edit => write_in_editor(&folder),
            None => write(&folder),
            Some(NoteCommand::Search(args)) => search(&folder, args),
            Some(NoteCommand::List(args)) => list(&folder, args),
            Some(NoteCommand::Bench(args)) => bench(args),
        }
    }
}

/// Today, as the notes' names date it.
fn today() -> Date {
    let (year, month, day) = curio_platform::folders::today();
    Date { year, month, day }
}

/// Saves `text` as today's next note in `folder` (made if missing): its path.
pub fn save(folder: &Path, text: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(folder)?;
    let day = today();
    curio_core::files::create_first_free(folder, |k| note::file_name(day, k), text.as_bytes())
}

/// [`save`] for the commands: a failure names the folder.
fn save_here(folder: &Path, text: &str) -> Result<PathBuf, CliError> {
    save(folder, text)
        .with_context(|| format!("cannot write a note in {}", folder.display()))
        .map_err(CliError::Failure)
}

fn write(folder: &Path) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    if std::io::IsTerminal::is_terminal(&stdin) {
        eprintln!(
            "Type the note; a line `save` keeps it in {}, a line `exit` throws it away.",
            folder.display()
        );
    }
    let lines = stdin.lock().lines().map_while(Result::ok);
    let (text, ending) = note::read_note(lines);
    match ending {
        Ending::Exit => {
            eprintln!("exit: nothing written");
            return Ok(());
        }
        Ending::End if text.trim().is_empty() => {
            eprintln!("the input ended before a line `save`: nothing to write");
            return Ok(());
        }
        // Typed text is kept even when the input ends without `save` (Ctrl-D).
        Ending::End => eprintln!("the input ended before a line `save`: saving what was typed"),
        Ending::Save => {}
    }
    let path = save_here(folder, &text)?;
    say!("{}", path.display());
    Ok(())
}

fn write_in_editor(folder: &Path) -> Result<(), CliError> {
    let editor = ["VISUAL", "EDITOR"]
        .into_iter()
        .find_map(|name| std::env::var(name).ok().filter(|value| !value.trim().is_empty()))
        .unwrap_or_else(|| "vi".into());
    let draft = curio_core::files::temporary_path("curio-note").with_extension("txt");
    curio_core::files::write_atomically(&draft, b"")
        .with_context(|| format!("cannot make a draft {}", draft.display()))
        .map_err(CliError::Failure)?;
    let mut words = editor.split_whitespace();
    let program = words.next().unwrap_or("vi");
    let status = std::process::Command::new(program)
        .args(words)
        .arg(&draft)
        .status()
        .with_context(|| format!("cannot start the editor '{editor}' (set VISUAL or EDITOR)"));
    let text = std::fs::read_to_string(&draft).unwrap_or_default();
    let _ = std::fs::remove_file(&draft);
    let status = status.map_err(usage)?;
    if !status.success() {
        return Err(CliError::Failure(anyhow::anyhow!(
            "the editor '{editor}' ended with {status}: nothing written"
        )));
    }
    if text.trim().is_empty() {
        eprintln!("the note is empty: nothing written");
        return Ok(());
    }
    let path = save_here(folder, &text)?;
    say!("{}", path.display());
    Ok(())
}

/// The notes of `folder`; a folder not made yet holds none.
fn load(folder: &Path) -> Result<Vec<note::Note>, CliError> {
    if !folder.exists() {
        return Ok(Vec::new());
    }
    note::load(folder).map_err(|error| usage(anyhow::anyhow!("{error}")))
}

fn search(folder: &Path, args: SearchArgs) -> Result<(), CliError> {
    let query = Query::parse(&args.words.join(" "));
    if query.is_empty() {
        return Err(usage(anyhow::anyhow!("nothing to search for: give a word with a letter or digit")));
    }
    let index = Index::new(load(folder)?);
    let hits = index.search(&query, args.limit);
    if args.json {
        let results: Vec<serde_json::Value> = hits
            .iter()
            .map(|hit| {
                json!({
                    "file": folder.join(&hit.name).display().to_string(),
                    "score": hit.score,
                    "phrase": hit.phrase,
                    "snippet": hit.snippet.marked("[", "]"),
                })
            })
            .collect();
        return print_json(&json!({ "results": results, "notes": index.len() }));
    }
    if hits.is_empty() {
        say!("no note of {} holds {}", index.len(), args.words.join(" "));
    }
    for hit in &hits {
        say!("{}  {:.1}  {}", hit.name, hit.score, hit.snippet.marked("[", "]"));
    }
    Ok(())
}

fn list(folder: &Path, args: ListArgs) -> Result<(), CliError> {
    let notes = load(folder)?;
    let first_line = |text: &str| text.lines().find(|line| !line.trim().is_empty()).unwrap_or("").to_string();
    if args.json {
        let notes: Vec<serde_json::Value> = notes
            .iter()
            .map(|note| json!({ "file": folder.join(&note.name).display().to_string(), "first_line": first_line(&note.text) }))
            .collect();
        return print_json(&json!({ "notes": notes }));
    }
    for note in &notes {
        say!("{}  {}", note.name, first_line(&note.text));
    }
    Ok(())
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let notes = note::synthetic::notes(args.notes as usize, args.seed);
    let started = Instant::now();
    let index = Index::new(notes.clone());
    let index_ms = started.elapsed().as_secs_f64() * 1000.0;
    let words: Vec<String> = note::search::words(&notes[0].text).into_iter().map(|(word, _)| word).collect();
    let queries = [
        ("word", words[0].clone()),
        ("prefix", format!("{}*", words[0].chars().take(2).collect::<String>())),
        ("two words", words.iter().take(2).cloned().collect::<Vec<_>>().join(" ")),
        ("phrase", format!("\"{}\"", words.iter().take(3).cloned().collect::<Vec<_>>().join(" "))),
    ];
    let mut rows = Vec::new();
    for (name, text) in queries {
        let query = Query::parse(&text);
        let mut times = Vec::new();
        let mut found = 0;
        for _ in 0..args.repeat {
            let started = Instant::now();
            found = index.search(&query, 20).len();
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        rows.push((name, text, found, times[times.len() / 2], times[times.len() - 1]));
    }
    if args.json {
        let searches: Vec<serde_json::Value> = rows
            .iter()
            .map(|(name, query, found, median, most)| {
                json!({ "query": name, "text": query, "found": found, "median_ms": median, "max_ms": most })
            })
            .collect();
        return print_json(&json!({
            "notes": args.notes, "seed": args.seed, "repeat": args.repeat, "index_ms": index_ms, "searches": searches,
        }));
    }
    say!("{} made-up notes (seed {}) indexed in {index_ms:.1} ms", args.notes, args.seed);
    for (name, query, found, median, most) in rows {
        say!(
            "  {name:<10} {query:<30} {found:>3} found, median {median:.3} ms, slowest {most:.3} ms of {}",
            args.repeat
        );
    }
    Ok(())
}

/// The fuzz target `note-query`: a query, and a note of the same bytes, searched among made-up
/// notes.
pub fn fuzz_note_query(input: &[u8]) {
    let text = crate::fuzz::text(input);
    let mut notes = note::synthetic::notes(20, 1);
    notes.push(note::Note::new(text.chars().take(64).collect::<String>(), text.to_string()));
    let index = Index::new(notes);
    for hit in index.search(&Query::parse(&text), 5) {
        let _ = hit.snippet.marked("[", "]");
    }
}
