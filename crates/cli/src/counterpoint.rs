//! `curio counterpoint ...`: generate species counterpoint (and export it as MIDI, MusicXML,
//! WAV, SVG or PNG), check a MIDI or MusicXML file against the rules, and list the rules.

use super::{CliError, check_folder, print_json, usage};
use crate::facets::{GroupArgs, House};
use ::counterpoint::engrave::engrave;
use ::counterpoint::files::{from_midi, from_musicxml, to_midi, to_musicxml};
use ::counterpoint::sound::{Font, SOUNDFONT_PATHS, render, wav};
use ::counterpoint::{Key, Mode, Piece, Request, Rule, Severity, Violation, check, fux, generate};
use clap::{Args, Subcommand};
use curio_core::progress::NoProgress;
use serde_json::json;
use std::path::{Path, PathBuf};

/// `curio counterpoint`.
#[derive(Debug, Args)]
pub struct CounterpointArgs {
    #[command(subcommand)]
    command: CounterpointCommand,
}

#[derive(Debug, Subcommand)]
enum CounterpointCommand {
    /// Write counterpoint against a cantus firmus (given, Fux's, or generated) in a species,
    /// above or below, in two to four voices.
    #[command(
        after_help = "The cantus is given as notes (octave 4 unless written: \"D F E D G F A G F E D\"), --fux (Fux's own in the mode), or generated (--cantus-random, the default, --length bars). The first counterpoint voice is in --species; with --voices 3 or 4 the others are first species. No hard rule is ever broken: where none can be kept the command says so (exit 1).\n\nExamples:\n  curio counterpoint generate --species 1 --fux --mode dorian\n  curio counterpoint generate --species 4 --cantus \"D F E D G F A G F E D\" --below --seed 3\n  curio counterpoint generate --species 2 --mode aeolian --seed 7 --midi out.mid --musicxml out.musicxml --wav out.wav --svg out.svg\n  curio counterpoint generate --voices 4 --mode ionian --seed 2 --json"
    )]
    Generate(Box<GenerateArgs>),
    /// Check a MIDI or MusicXML file: every violation with its rule, bar, beat, voices and
    /// interval (exit 1 when a hard rule is broken, 2 when the file cannot be read).
    #[command(
        after_help = "Each track (MIDI) or part (MusicXML) is a voice; the key is found from the notes (the lowest voice's last note is the final), the species from each voice's rhythm; a voice named with \"cantus\" is the cantus firmus.\n\nExamples:\n  curio counterpoint check piece.musicxml\n  curio counterpoint check piece.mid --json"
    )]
    Check(CheckArgs),
    /// List the rules: name, severity and source.
    Rules(RulesArgs),
    /// Time the generators: two-voice pieces against Fux's six cantus firmi, above and below,
    /// for each species and seed; median and slowest seconds a piece, and how many were the best
    /// there is (the search finished) or failed.
    #[command(
        after_help = "Examples:\n  curio counterpoint bench --seeds 5\n  curio counterpoint bench --species 2,4 --seeds 10 --json"
    )]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Species to time, comma separated.
    #[arg(long, value_delimiter = ',', default_values_t = [1u8, 2, 3, 4, 5])]
    species: Vec<u8>,
    /// Seeds a cantus and side, 1 to 100.
    #[arg(long, default_value_t = 5)]
    seeds: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// The species of the counterpoint, 1 to 5.
    #[arg(long, default_value_t = 1)]
    species: u8,
    /// The cantus firmus as notes, as "D F E D G F A G F E D" or "D4 F4 E4".
    #[arg(long, conflicts_with_all = ["fux", "cantus_random"])]
    cantus: Option<String>,
    /// Fux's cantus firmus in the mode.
    #[arg(long, conflicts_with = "cantus_random")]
    fux: bool,
    /// Generate the cantus firmus (the default when none is given).
    #[arg(long)]
    cantus_random: bool,
    /// The mode: dorian, phrygian, lydian, mixolydian, aeolian, ionian.
    #[arg(long, default_value = "dorian")]
    mode: String,
    /// The final, when not the mode's own white key (as G for G dorian, with one flat).
    #[arg(long)]
    final_note: Option<String>,
    /// Length of a generated cantus, 8 to 16 bars.
    #[arg(long, default_value_t = 11)]
    length: u32,
    /// Voices in all, cantus included: 2 to 4.
    #[arg(long, default_value_t = 2)]
    voices: u8,
    /// With two voices: the counterpoint under the cantus.
    #[arg(long)]
    below: bool,
    /// Seed of the search order (and of a generated cantus).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write a MIDI file.
    #[arg(long, value_name = "FILE.mid")]
    midi: Option<PathBuf>,
    /// Write MusicXML.
    #[arg(long, value_name = "FILE.musicxml")]
    musicxml: Option<PathBuf>,
    /// Render a WAV through a General MIDI SoundFont.
    #[arg(long, value_name = "FILE.wav")]
    wav: Option<PathBuf>,
    /// Write the score as SVG.
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<PathBuf>,
    /// Write the score as PNG (its longer side --png-size pixels).
    #[arg(long, value_name = "FILE.png")]
    png: Option<PathBuf>,
    /// Longer side of the PNG.
    #[arg(long, default_value_t = 1600)]
    png_size: u32,
    /// The SoundFont for --wav (default: Debian's General MIDI one).
    #[arg(long, value_name = "FILE.sf2")]
    soundfont: Option<PathBuf>,
    /// Tempo in quarter notes a minute, 30 to 300.
    #[arg(long, default_value_t = 160.0)]
    tempo: f64,
    /// General MIDI programs (1 to 128) top to bottom, comma separated; default choir aahs.
    #[arg(long, value_delimiter = ',')]
    programs: Vec<u8>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// A MIDI (.mid, .midi) or MusicXML (.musicxml, .xml) file.
    file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for CounterpointArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            CounterpointCommand::Generate(args) => generate_command(*args),
            CounterpointCommand::Check(args) => check_command(args),
            CounterpointCommand::Rules(args) => rules_command(args),
            CounterpointCommand::Bench(args) => bench_command(args),
        }
    }
}

/// The key named by a mode and an optional final.
pub fn key_of(mode: &str, final_note: Option<&str>) -> Result<Key, String> {
    let mode = Mode::parse(mode).ok_or_else(|| {
        format!("'{mode}' is not a mode: dorian, phrygian, lydian, mixolydian, aeolian or ionian")
    })?;
    let mut key = Key::white(mode);
    if let Some(text) = final_note {
        let pitch =
            ::counterpoint::Pitch::parse(text, 4).map_err(|error| format!("--final-note: {error}"))?;
        key.letter = pitch.letter;
        key.alter = pitch.alter;
    }
    Ok(key)
}

/// Notes as the CLI and the panel take them: space or comma separated, octave 4 unless
/// written, at most 24.
pub fn parse_cantus(text: &str) -> Result<Vec<::counterpoint::Pitch>, String> {
    let words: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Err("the cantus has no notes".into());
    }
    if words.len() > 24 {
        return Err(format!("the cantus has {} notes; Curio writes against 4 to 24", words.len()));
    }
    let mut pitches = Vec::new();
    let mut octave = 4;
    for word in words {
        let pitch = ::counterpoint::Pitch::parse(word, octave).map_err(|error| error.to_string())?;
        // Without an octave, a note goes to the one nearest the note before it.
        let pitch = if word.chars().any(|c| c.is_ascii_digit()) {
            pitch
        } else {
            nearest_octave(pitch, pitches.last().copied())
        };
        octave = pitch.octave;
        pitches.push(pitch);
    }
    Ok(pitches)
}

/// `pitch` moved to the octave nearest `previous`.
fn nearest_octave(
    pitch: ::counterpoint::Pitch,
    previous: Option<::counterpoint::Pitch>,
) -> ::counterpoint::Pitch {
    let Some(previous) = previous else { return pitch };
    (previous.octave - 1..=previous.octave + 1)
        .map(|octave| ::counterpoint::Pitch { octave, ..pitch })
        .min_by_key(|p| (p.midi() - previous.midi()).abs())
        .unwrap_or(pitch)
}

fn generate_command(args: GenerateArgs) -> Result<(), CliError> {
    let key = key_of(&args.mode, args.final_note.as_deref()).map_err(|e| usage(anyhow::anyhow!(e)))?;
    if !(30.0..=300.0).contains(&args.tempo) {
        return Err(usage(anyhow::anyhow!("--tempo must be 30 to 300 quarter notes a minute")));
    }
    if let Some(bad) = args.programs.iter().find(|p| !(1..=128).contains(*p)) {
        return Err(usage(anyhow::anyhow!("--programs: {bad} is not a General MIDI program (1 to 128)")));
    }
    if args.png_size == 0 || args.png_size > 8192 {
        return Err(usage(anyhow::anyhow!("--png-size must be 1 to 8192")));
    }
    let cantus = match (&args.cantus, args.fux) {
        (Some(text), _) => Some(parse_cantus(text).map_err(|e| usage(anyhow::anyhow!("--cantus: {e}")))?),
        (None, true) => {
            if key != Key::white(key.mode) {
                return Err(usage(anyhow::anyhow!(
                    "--fux: Fux's cantus firmi are on the white-key finals; leave out --final-note"
                )));
            }
            Some(fux::cantus(key.mode).1)
        }
        (None, false) => None,
    };
    for (path, what) in [
        (&args.midi, "MIDI file"),
        (&args.musicxml, "MusicXML file"),
        (&args.wav, "WAV file"),
        (&args.svg, "SVG file"),
        (&args.png, "PNG file"),
    ] {
        if let Some(path) = path {
            check_folder(path, what)?;
        }
    }
    let font = match &args.wav {
        Some(_) => Some(read_soundfont(args.soundfont.as_deref())?),
        None => None,
    };
    let request = Request {
        key,
        species: args.species,
        voices: args.voices,
        below: args.below,
        cantus,
        length: args.length,
        seed: args.seed,
    };
    let started = std::time::Instant::now();
    let generated =
        super::run_job_with_bar("curio-counterpoint", move |reporter| generate(&request, reporter))?
            .map_err(|error| match error {
                ::counterpoint::GenerateError::Request(_) | ::counterpoint::GenerateError::Cantus(_) => {
                    usage(error)
                }
                other => CliError::Failure(other.into()),
            })?;
    let seconds = started.elapsed().as_secs_f64();
    let piece = &generated.piece;
    let programs: Vec<u8> = args.programs.iter().map(|p| p - 1).collect();
    let write = |path: &Path, bytes: &[u8]| {
        curio_core::files::write_atomically(path, bytes)
            .map_err(|error| CliError::Failure(anyhow::anyhow!("cannot write '{}': {error}", path.display())))
    };
    if let Some(path) = &args.midi {
        write(path, &to_midi(piece, args.tempo, &programs))?;
    }
    if let Some(path) = &args.musicxml {
        write(path, to_musicxml(piece, &programs).as_bytes())?;
    }
    if let (Some(path), Some(font)) = (&args.wav, &font) {
        let samples = render(piece, args.tempo, &programs, font).map_err(|e| CliError::Failure(e.into()))?;
        write(path, &wav(&samples).map_err(|e| CliError::Failure(e.into()))?)?;
    }
    if args.svg.is_some() || args.png.is_some() {
        let scene = engrave(piece, 6).scene;
        for (path, size) in [(&args.svg, 0), (&args.png, args.png_size)] {
            if let Some(path) = path {
                curio_core::export::save(&scene, path, u64::from(size.max(1)), &mut NoProgress)
                    .map_err(|error| CliError::Failure(error.into()))?;
            }
        }
    }
    if args.json {
        return print_json(&json!({
            "piece": piece,
            "violations": generated.violations,
            "soft_cost": ::counterpoint::soft_cost(&generated.violations),
            "nodes": generated.nodes,
            "optimal": generated.optimal,
            "seconds": seconds,
        }));
    }
    say!("{piece}");
    let best =
        if generated.optimal { "the best there is" } else { "the best found within the search budget" };
    say!(
        "species {} · {} search nodes · {seconds:.3} s · soft cost {} ({best})",
        args.species,
        generated.nodes,
        ::counterpoint::soft_cost(&generated.violations)
    );
    print_violations(&generated.violations);
    Ok(())
}

/// The SoundFont at `path`, or Debian's General MIDI one.
pub fn read_soundfont(path: Option<&Path>) -> Result<Font, CliError> {
    let path = match path {
        Some(path) => path.to_path_buf(),
        None => SOUNDFONT_PATHS.iter().map(PathBuf::from).find(|p| p.exists()).ok_or_else(|| {
            usage(anyhow::anyhow!(
                "no SoundFont given and none at {}: install timgm6mb-soundfont (scripts/setup-debian.sh does) or pass --soundfont FILE.sf2",
                SOUNDFONT_PATHS.join(", ")
            ))
        })?,
    };
    let bytes = std::fs::read(&path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    Font::read(&bytes).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

fn print_violations(violations: &[Violation]) {
    if violations.is_empty() {
        say!("no violations");
        return;
    }
    for v in violations {
        let voices: Vec<String> = v.voices.iter().map(|i| (i + 1).to_string()).collect();
        say!(
            "{:<4} bar {:>2} beat {} voices {:<5} {:<18} {}",
            match v.severity {
                Severity::Hard => "HARD",
                Severity::Soft => "soft",
            },
            v.bar,
            v.beat,
            voices.join(","),
            v.rule.name(),
            v.detail
        );
    }
}

/// Reads a MIDI or MusicXML file by its extension (or its first bytes).
pub fn read_piece(path: &Path) -> Result<Piece, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    ::counterpoint::files::read(&bytes).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

fn check_command(args: CheckArgs) -> Result<(), CliError> {
    let piece = read_piece(&args.file)?;
    let violations = check(&piece);
    let hard = violations.iter().filter(|v| v.severity == Severity::Hard).count();
    if args.json {
        print_json(&json!({ "piece": piece, "violations": violations, "hard": hard }))?;
    } else {
        say!("{piece}");
        print_violations(&violations);
    }
    if hard > 0 {
        return Err(CliError::Failure(anyhow::anyhow!(
            "{}: {hard} hard rule violations",
            args.file.display()
        )));
    }
    Ok(())
}

fn rules_command(args: RulesArgs) -> Result<(), CliError> {
    if args.json {
        let rules: Vec<_> = Rule::ALL
            .iter()
            .map(|r| json!({"name": r.name(), "severity": r.severity(), "weight": r.weight(), "source": r.source()}))
            .collect();
        return print_json(&json!({ "rules": rules }));
    }
    for rule in Rule::ALL {
        let severity = match rule.severity() {
            Severity::Hard => "hard".to_string(),
            Severity::Soft => format!("soft {}", rule.weight()),
        };
        say!("{:<19} {:<7} {}", rule.name(), severity, rule.source());
    }
    Ok(())
}

/// One species' line of `curio counterpoint bench`.
#[derive(serde::Serialize)]
struct BenchRow {
    species: u8,
    pieces: usize,
    median_seconds: f64,
    max_seconds: f64,
    optimal: usize,
    failed: usize,
    mean_nodes: f64,
}

fn bench_command(args: BenchArgs) -> Result<(), CliError> {
    if !(1..=100).contains(&args.seeds) {
        return Err(usage(anyhow::anyhow!("--seeds must be 1 to 100")));
    }
    if let Some(bad) = args.species.iter().find(|s| !(1..=5).contains(*s)) {
        return Err(usage(anyhow::anyhow!("--species: {bad} is not a species (1 to 5)")));
    }
    let mut rows = Vec::new();
    for &species in &args.species {
        let mut seconds = Vec::new();
        let (mut optimal, mut failed, mut nodes) = (0, 0, 0u64);
        for (mode, _) in fux::CANTUS_FIRMI {
            let (key, cantus) = fux::cantus(mode);
            for below in [false, true] {
                for seed in 1..=args.seeds {
                    let request = Request {
                        key,
                        species,
                        below,
                        cantus: Some(cantus.clone()),
                        seed,
                        ..Request::default()
                    };
                    let started = std::time::Instant::now();
                    let result = generate(&request, &mut NoProgress);
                    seconds.push(started.elapsed().as_secs_f64());
                    match result {
                        Ok(found) => {
                            optimal += usize::from(found.optimal);
                            nodes += found.nodes;
                        }
                        Err(_) => failed += 1,
                    }
                }
            }
        }
        seconds.sort_by(f64::total_cmp);
        let pieces = seconds.len();
        let median = seconds[pieces / 2];
        let slowest = seconds[pieces - 1];
        rows.push(BenchRow {
            species,
            pieces,
            median_seconds: median,
            max_seconds: slowest,
            optimal,
            failed,
            mean_nodes: nodes as f64 / pieces as f64,
        });
    }
    if args.json {
        return print_json(&json!({ "seeds": args.seeds, "species": rows }));
    }
    say!("two voices against Fux's 6 cantus firmi (10-14 bars), above and below, {} seeds", args.seeds);
    say!(
        "{:>7} {:>6} {:>10} {:>10} {:>8} {:>7} {:>10}",
        "species",
        "pieces",
        "median s",
        "slowest s",
        "optimal",
        "failed",
        "mean nodes"
    );
    for row in &rows {
        say!(
            "{:>7} {:>6} {:>10.4} {:>10.4} {:>8} {:>7} {:>10.0}",
            row.species,
            row.pieces,
            row.median_seconds,
            row.max_seconds,
            row.optimal,
            row.failed,
            row.mean_nodes
        );
    }
    Ok(())
}

/// Fuzz target: a MIDI file read, checked and written back.
pub fn fuzz_midi(input: &[u8]) {
    if let Ok(piece) = from_midi(input) {
        let _ = check(&piece);
        let _ = from_midi(&to_midi(&piece, 120.0, &[]));
    }
}

/// Fuzz target: a MusicXML file read, checked and written back.
pub fn fuzz_musicxml(input: &[u8]) {
    if let Ok(piece) = from_musicxml(&crate::fuzz::text(input)) {
        let _ = check(&piece);
        let _ = from_musicxml(&to_musicxml(&piece, &[]));
    }
}
