//! `curio story ...`: Siddhartha's dialogue language: check a script (with the maps whose
//! characters start its conversations), print it in the house style, and play one of its
//! conversations.
use crate::facets::{GroupArgs, House};

use super::{CliError, print_json, usage};
use ::story::map::{Map, check_maps, conversation_starts};
use ::story::script::{Diagnostic, Script, check_from};
use ::story::talk::{Conversation, Moment, Speaker};
use ::story::world::Story;
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::{Path, PathBuf};

/// `curio story`.
#[derive(Debug, Args)]
pub struct StoryArgs {
    #[command(subcommand)]
    command: StoryCommand,
}

#[derive(Debug, Subcommand)]
enum StoryCommand {
    /// Check a dialogue script: its syntax, targets that are not strings, strings no start
    /// reaches, places a conversation cannot end from, empty choices, strings with two entries.
    #[command(
        after_help = "Exit status: 0 no errors, 1 errors found, 2 the script (or a map) cannot be read.\n\nExamples:\n  curio story check speech.dat --json\n  curio story check speech.dat --maps maps/"
    )]
    Check(CheckArgs),
    /// Print a script in the house style (each entry with its source string quoted).
    #[command(after_help = "Examples:\n  curio story fmt speech.dat > tidy.dat")]
    Fmt(FmtArgs),
    /// Play one conversation: its lines, and at each choice the next of --choices.
    #[command(after_help = "Examples:\n  curio story talk speech.dat --start 1 --choices 2,1")]
    Talk(TalkArgs),
    /// Play a story headless through the engine's own input: every map it can reach by its
    /// portals, every character's conversation down each branch.
    #[command(
        after_help = "A story folder holds speech.dat and maps/*.map; the first map by name is where the game begins.\nExit status: 0 everything reached and shown, 1 something was not (listed under stuck), 2 the story cannot be read.\n\nExamples:\n  curio story walk tests/fixtures/story --json"
    )]
    Walk(WalkArgs),
    /// Write the shipped story (speech.dat and maps/) into a folder, to read, check or change.
    #[command(
        after_help = "Examples:\n  curio story export siddhartha && curio story check siddhartha/speech.dat --maps siddhartha/maps"
    )]
    Export(ExportArgs),
}

#[derive(Debug, Args)]
struct ExportArgs {
    /// The folder to write into (made if missing; files already there are not overwritten).
    folder: PathBuf,
}

#[derive(Debug, Args)]
struct WalkArgs {
    /// The story folder (speech.dat and maps/); the shipped Siddhartha when left out.
    folder: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The script (`speech.dat`).
    script: PathBuf,
    /// A folder of maps (`*.map`): their links and characters are checked too, and only the
    /// conversations their characters start count as reachable.
    #[arg(long)]
    maps: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct FmtArgs {
    /// The script.
    script: PathBuf,
}

#[derive(Debug, Args)]
struct TalkArgs {
    /// The script.
    script: PathBuf,
    /// The string the conversation starts with.
    #[arg(long)]
    start: usize,
    /// The option to take at each choice, in order, from 1.
    #[arg(long, value_delimiter = ',')]
    choices: Vec<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for StoryArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            StoryCommand::Check(args) => check(args),
            StoryCommand::Fmt(args) => fmt(args),
            StoryCommand::Talk(args) => talk(args),
            StoryCommand::Walk(args) => walk(args),
            StoryCommand::Export(args) => export(args),
        }
    }
}

/// The fuzz target `story-script`: a script parsed, checked, printed and parsed again.
pub fn fuzz_story_script(input: &[u8]) {
    let (script, _) = Script::parse_lenient(&crate::fuzz::text(input));
    let _ = ::story::script::check(&script);
    let printed = script.to_text();
    let (again, _) = Script::parse_lenient(&printed);
    assert_eq!(again.to_text(), printed, "a printed script must parse back to itself");
}

/// The fuzz target `story-map`: a map parsed, printed and parsed again.
pub fn fuzz_story_map(input: &[u8]) {
    let Ok(map) = Map::parse("fuzz", &crate::fuzz::text(input)) else { return };
    let printed = map.to_text();
    let again = Map::parse("fuzz", &printed).expect("a printed map parses");
    assert_eq!(again.to_text(), printed, "a printed map must parse back to itself");
}

fn read(path: &Path, what: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read {what} '{}': {error}", path.display())))
}

/// A map file read: its path, its map's name (the file's, without `.map`) and its text.
struct MapFile {
    path: PathBuf,
    name: String,
    text: String,
}

/// The maps of `folder` (its `*.map` files, by name), or the first one that cannot be read.
fn read_maps(folder: &Path) -> Result<Vec<MapFile>, CliError> {
    let entries = std::fs::read_dir(folder).map_err(|error| {
        usage(anyhow::anyhow!("cannot read the maps folder '{}': {error}", folder.display()))
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "map"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = read(&path, "map")?;
            let name = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
            Ok(MapFile { path, name, text })
        })
        .collect()
}

/// An error for the report: where (the file, when not the script), and the diagnostic.
struct Found {
    file: Option<PathBuf>,
    diagnostic: Diagnostic,
}

fn check(args: CheckArgs) -> Result<(), CliError> {
    let text = read(&args.script, "script")?;
    let (script, syntax) = Script::parse_lenient(&text);
    let mut found: Vec<Found> =
        syntax.into_iter().map(|diagnostic| Found { file: None, diagnostic }).collect();
    // The maps that read, each with its file.
    let mut maps: Vec<Map> = Vec::new();
    let mut map_paths: Vec<PathBuf> = Vec::new();
    let mut map_files = 0;
    if let Some(folder) = &args.maps {
        let files = read_maps(folder)?;
        map_files = files.len();
        for MapFile { path, name, text } in files {
            match Map::parse(&name, &text) {
                Ok(map) => {
                    maps.push(map);
                    map_paths.push(path);
                }
                Err(error) => found.push(Found {
                    file: Some(path),
                    diagnostic: Diagnostic {
                        line: error.line,
                        column: error.column,
                        kind: ::story::ErrorKind::Syntax,
                        message: error.message,
                    },
                }),
            }
        }
    }
    let report = match &args.maps {
        Some(_) => check_from(&script, &conversation_starts(&maps)),
        None => ::story::script::check(&script),
    };
    found.extend(report.errors.into_iter().map(|diagnostic| Found { file: None, diagnostic }));
    for error in check_maps(&maps, &script) {
        let file = maps.iter().position(|map| map.name == error.map).map(|index| map_paths[index].clone());
        found.push(Found { file, diagnostic: error.diagnostic });
    }
    if args.json {
        let errors: Vec<serde_json::Value> = found
            .iter()
            .map(|found| {
                let mut value = serde_json::to_value(&found.diagnostic).unwrap_or_default();
                if let (Some(file), Some(object)) = (&found.file, value.as_object_mut()) {
                    object.insert("file".into(), json!(file.display().to_string()));
                }
                value
            })
            .collect();
        let mut value = json!({ "errors": errors, "strings": report.strings, "reachable": report.reachable });
        if args.maps.is_some() {
            value["maps"] = json!(map_files);
        }
        print_json(&value)?;
    } else {
        for found in &found {
            let file = found.file.as_deref().unwrap_or(&args.script);
            let Diagnostic { line, column, kind, message } = &found.diagnostic;
            say!("{}:{line}:{column}: {}: {message}", file.display(), kind.name());
        }
        let maps = if args.maps.is_some() { format!(", {map_files} maps") } else { String::new() };
        say!("{} strings, {} reachable{maps}, {} errors", report.strings, report.reachable, found.len());
    }
    match found.len() {
        0 => Ok(()),
        count => Err(CliError::Failure(anyhow::anyhow!(
            "{}: {count} error{}",
            args.script.display(),
            if count == 1 { "" } else { "s" }
        ))),
    }
}

fn fmt(args: FmtArgs) -> Result<(), CliError> {
    let text = read(&args.script, "script")?;
    let script =
        Script::parse(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", args.script.display())))?;
    say!("{}", script.to_text().trim_end());
    Ok(())
}

/// Most lines `talk` shows before it gives up on a conversation that does not end.
const TALK_LINES: usize = 10_000;

fn talk(args: TalkArgs) -> Result<(), CliError> {
    let text = read(&args.script, "script")?;
    let script =
        Script::parse(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", args.script.display())))?;
    let mut conversation =
        Conversation::new(&script, args.start).map_err(|error| usage(anyhow::anyhow!("--start: {error}")))?;
    let mut lines = Vec::new();
    let mut choices = args.choices.iter();
    let mut waiting: Option<Vec<usize>> = None;
    while lines.len() < TALK_LINES {
        match conversation.moment(&script) {
            Moment::Says { speaker, string, text } => {
                lines.push((speaker, string, text.to_string()));
                conversation.next(&script);
            }
            Moment::Choose { options } => {
                let Some(&choice) = choices.next() else {
                    waiting = Some(options.to_vec());
                    break;
                };
                conversation.choose(&script, choice.wrapping_sub(1)).map_err(|_| {
                    usage(anyhow::anyhow!(
                        "--choices: option {choice} of {} (they count from 1)",
                        options.len()
                    ))
                })?;
                // The player says the string chosen.
                let string = options[choice - 1];
                lines.push((Speaker::Player, string, script.text(string).unwrap_or_default().to_string()));
            }
            Moment::Ended => break,
        }
    }
    let ended = conversation.is_over();
    let speaker_name = |speaker: Speaker| match speaker {
        Speaker::Player => "player",
        Speaker::Other => "other",
    };
    if args.json {
        let said: Vec<serde_json::Value> = lines
            .iter()
            .map(|(speaker, string, text)| json!({ "speaker": speaker_name(*speaker), "string": string, "text": text }))
            .collect();
        return print_json(&json!({ "lines": said, "ended": ended, "options": waiting }));
    }
    for (speaker, _, text) in &lines {
        say!("{:>6}: {text}", speaker_name(*speaker));
    }
    if let Some(options) = waiting {
        for (index, option) in options.iter().enumerate() {
            say!("  {}) {}", index + 1, script.text(*option).unwrap_or_default());
        }
        say!("(a choice: add its number to --choices)");
    } else if !ended {
        say!("(no end within {TALK_LINES} lines)");
    }
    Ok(())
}

/// The story in `folder` (speech.dat and maps/*.map, the maps named by their files), or the
/// shipped one.
fn read_story(folder: Option<&Path>) -> Result<Story, CliError> {
    let Some(folder) = folder else {
        return ::story::siddhartha::story()
            .map_err(|error| CliError::Failure(anyhow::anyhow!("the shipped story: {error}")));
    };
    let script = read(&folder.join("speech.dat"), "script")?;
    let maps: Vec<(String, String)> =
        read_maps(&folder.join("maps"))?.into_iter().map(|file| (file.name, file.text)).collect();
    Story::from_texts(&script, &maps).map_err(|error| usage(anyhow::anyhow!("{}: {error}", folder.display())))
}

fn walk(args: WalkArgs) -> Result<(), CliError> {
    let story = read_story(args.folder.as_deref())?;
    let report = ::story::walker::walk(&story, &mut |_| true);
    if args.json {
        print_json(&serde_json::to_value(&report).map_err(|error| CliError::Failure(error.into()))?)?;
    } else {
        say!("maps: {} of {} visited", report.maps_visited, report.maps);
        say!(
            "strings: {} of {} shown, in {} conversations",
            report.strings_shown,
            report.strings,
            report.conversations
        );
        say!("steps played: {} ({:.1} minutes of play)", report.ticks, report.ticks as f64 / 60.0 / 60.0);
        for line in &report.stuck {
            say!("stuck: {line}");
        }
    }
    match report.stuck.len() {
        0 => Ok(()),
        count => Err(CliError::Failure(anyhow::anyhow!(
            "the walker was stuck {count} time{}",
            if count == 1 { "" } else { "s" }
        ))),
    }
}

fn export(args: ExportArgs) -> Result<(), CliError> {
    let maps = args.folder.join("maps");
    std::fs::create_dir_all(&maps)
        .map_err(|error| usage(anyhow::anyhow!("cannot make the folder '{}': {error}", maps.display())))?;
    let mut files = vec![(args.folder.join("speech.dat"), ::story::siddhartha::SCRIPT)];
    files.extend(
        ::story::siddhartha::MAPS.iter().map(|(name, text)| (maps.join(format!("{name}.map")), *text)),
    );
    if let Some((path, _)) = files.iter().find(|(path, _)| path.exists()) {
        return Err(usage(anyhow::anyhow!(
            "'{}' already exists: export into an empty folder",
            path.display()
        )));
    }
    for (path, text) in &files {
        curio_core::files::write_atomically(path, text.as_bytes()).map_err(|error| {
            CliError::Failure(anyhow::anyhow!("cannot write '{}': {error}", path.display()))
        })?;
    }
    say!("wrote {} files to {}", files.len(), args.folder.display());
    Ok(())
}
