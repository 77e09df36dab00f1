//! Pieces in and out of Standard MIDI Files (through midly) and MusicXML (written here, read
//! through roxmltree). A file read back gives the same notes: pitches (spelled in the key found),
//! onsets and lengths on the quarter-note grid, voices top to bottom.

use crate::mode::{Key, Mode};
use crate::piece::{BAR, Note, Piece, Range, Role, Voice};
use crate::pitch::{LETTERS, Pitch};
use midly::num::{u4, u7, u15, u24, u28};
use midly::{Format, Header, MetaMessage, MidiMessage, Smf, Timing, TrackEvent, TrackEventKind};
use std::fmt::Write as _;
use thiserror::Error;

/// MIDI ticks a quarter note.
const TICKS: u32 = 480;

/// Why a file was not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FileError {
    /// Not a MIDI file midly can parse.
    #[error("not a readable MIDI file: {0}")]
    Midi(String),
    /// Not well-formed XML, or not a partwise MusicXML score.
    #[error("not a readable MusicXML file: {0}")]
    MusicXml(String),
    /// Readable, but not a piece Curio can check.
    #[error("{0}")]
    Content(String),
}

/// General MIDI programs a voice is played with by default: choir aahs, top to bottom.
pub const DEFAULT_PROGRAM: u8 = 52;

/// Reads a MIDI file (it starts `MThd`) or else a MusicXML one.
pub fn read(bytes: &[u8]) -> Result<Piece, FileError> {
    if bytes.starts_with(b"MThd") { from_midi(bytes) } else { from_musicxml(&String::from_utf8_lossy(bytes)) }
}

/// The piece as a format-1 MIDI file: a tempo track, then a track a voice named after its range
/// and role, on its own channel with its program (`programs[i]`, or choir aahs).
pub fn to_midi(piece: &Piece, tempo: f64, programs: &[u8]) -> Vec<u8> {
    let micros = (60_000_000.0 / tempo.clamp(10.0, 400.0)).round() as u32;
    let mut tracks = vec![vec![
        TrackEvent { delta: 0.into(), kind: TrackEventKind::Meta(MetaMessage::Tempo(u24::new(micros))) },
        TrackEvent { delta: 0.into(), kind: TrackEventKind::Meta(MetaMessage::TimeSignature(4, 2, 24, 8)) },
        TrackEvent { delta: 0.into(), kind: TrackEventKind::Meta(MetaMessage::EndOfTrack) },
    ]];
    let names: Vec<String> = piece.voices.iter().map(track_name).collect();
    for (index, voice) in piece.voices.iter().enumerate() {
        let channel = u4::new((index % 16) as u8);
        let program = programs.get(index).copied().unwrap_or(DEFAULT_PROGRAM).min(127);
        let mut events = vec![
            TrackEvent {
                delta: 0.into(),
                kind: TrackEventKind::Meta(MetaMessage::TrackName(names[index].as_bytes())),
            },
            TrackEvent {
                delta: 0.into(),
                kind: TrackEventKind::Midi {
                    channel,
                    message: MidiMessage::ProgramChange { program: u7::new(program) },
                },
            },
        ];
        let mut now = 0;
        for (_, note, pitch) in voice.pitched() {
            let key = u7::new(pitch.midi().clamp(0, 127) as u8);
            let on = note.start * TICKS;
            let off = note.end() * TICKS;
            events.push(TrackEvent {
                delta: u28::new(on - now),
                kind: TrackEventKind::Midi {
                    channel,
                    message: MidiMessage::NoteOn { key, vel: u7::new(80) },
                },
            });
            events.push(TrackEvent {
                delta: u28::new(off - on),
                kind: TrackEventKind::Midi {
                    channel,
                    message: MidiMessage::NoteOff { key, vel: u7::new(0) },
                },
            });
            now = off;
        }
        events.push(TrackEvent { delta: 0.into(), kind: TrackEventKind::Meta(MetaMessage::EndOfTrack) });
        tracks.push(events);
    }
    let smf = Smf { header: Header::new(Format::Parallel, Timing::Metrical(u15::new(TICKS as u16))), tracks };
    let mut bytes = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = smf.write_std(&mut bytes);
    bytes
}

/// The name a voice's track or part gets: its range and its role.
fn track_name(voice: &Voice) -> String {
    let range = voice.range.name();
    match voice.role {
        Role::Cantus => format!("{range} (cantus firmus)"),
        role => format!("{range} (species {})", role.species()),
    }
}

/// A voice as read: a name, and notes as (MIDI key or spelled pitch, start, length) in quarters.
struct ReadVoice {
    name: String,
    notes: Vec<(ReadPitch, u32, u32)>,
}

#[derive(Clone, Copy)]
enum ReadPitch {
    Key(i32),
    Spelled(Pitch),
}

impl ReadPitch {
    fn midi(self) -> i32 {
        match self {
            ReadPitch::Key(key) => key,
            ReadPitch::Spelled(pitch) => pitch.midi(),
        }
    }
}

/// Reads a MIDI file: one voice a track that plays notes (or, in a single-track file, a channel).
pub fn from_midi(bytes: &[u8]) -> Result<Piece, FileError> {
    let smf = Smf::parse(bytes).map_err(|error| FileError::Midi(error.to_string()))?;
    let Timing::Metrical(ticks) = smf.header.timing else {
        return Err(FileError::Content(
            "the file counts time in SMPTE frames; Curio reads metrical (beat) time".into(),
        ));
    };
    let ticks = u32::from(ticks.as_int().max(1));
    // Key: (track, channel) so a format-0 file splits by channel.
    let mut voices: Vec<((usize, u8), ReadVoice)> = Vec::new();
    for (track_index, track) in smf.tracks.iter().enumerate() {
        let mut name = String::new();
        let mut now: u32 = 0;
        let mut open: Vec<(u8, u8, u32)> = Vec::new();
        for event in track {
            now = now.saturating_add(event.delta.as_int());
            match event.kind {
                TrackEventKind::Meta(MetaMessage::TrackName(bytes)) => {
                    name = String::from_utf8_lossy(bytes).into_owned()
                }
                TrackEventKind::Midi { channel, message } => {
                    let channel = channel.as_int();
                    let (key, on) = match message {
                        MidiMessage::NoteOn { key, vel } => (key.as_int(), vel.as_int() > 0),
                        MidiMessage::NoteOff { key, .. } => (key.as_int(), false),
                        _ => continue,
                    };
                    if on {
                        open.push((channel, key, now));
                    } else if let Some(at) = open.iter().position(|&(c, k, _)| c == channel && k == key) {
                        let (_, _, start) = open.remove(at);
                        let slot = match voices.iter().position(|(id, _)| *id == (track_index, channel)) {
                            Some(slot) => slot,
                            None => {
                                voices.push((
                                    (track_index, channel),
                                    ReadVoice { name: name.clone(), notes: Vec::new() },
                                ));
                                voices.len() - 1
                            }
                        };
                        let quarters = |tick: u32| quantize(tick, ticks);
                        let (begin, end) = (quarters(start)?, quarters(now)?);
                        voices[slot].1.notes.push((
                            ReadPitch::Key(i32::from(key)),
                            begin,
                            end.saturating_sub(begin),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    assemble(voices.into_iter().map(|(_, v)| v).collect(), None)
}

/// Ticks to quarter notes, refusing a time off the quarter-note grid.
fn quantize(tick: u32, ticks: u32) -> Result<u32, FileError> {
    if !tick.is_multiple_of(ticks) {
        return Err(FileError::Content(format!(
            "a note starts or ends at tick {tick}, between quarter notes ({ticks} ticks each); Curio's species are written on a quarter-note grid"
        )));
    }
    Ok(tick / ticks)
}

/// Voices as read into a piece: sorted top to bottom, spelled in the key found, roles and ranges
/// from the rhythm and the pitches.
fn assemble(mut voices: Vec<ReadVoice>, key: Option<Key>) -> Result<Piece, FileError> {
    voices.retain(|v| !v.notes.is_empty());
    if voices.is_empty() {
        return Err(FileError::Content("the file has no notes".into()));
    }
    if voices.len() > 8 {
        return Err(FileError::Content(format!("{} voices: Curio checks up to 8", voices.len())));
    }
    for voice in &mut voices {
        voice.notes.sort_by_key(|n| n.1);
        if let Some(pair) = voice.notes.windows(2).find(|w| w[1].1 < w[0].1 + w[0].2) {
            return Err(FileError::Content(format!(
                "'{}' plays two notes at once (quarter {}); Curio reads one melody a track or part",
                voice.name, pair[1].1
            )));
        }
        if voice.notes.iter().any(|n| n.2 == 0) {
            return Err(FileError::Content(format!("'{}' has a note shorter than a quarter", voice.name)));
        }
    }
    let mean =
        |v: &ReadVoice| v.notes.iter().map(|n| f64::from(n.0.midi())).sum::<f64>() / v.notes.len() as f64;
    voices.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
    let end = voices.iter().filter_map(|v| v.notes.last()).map(|n| n.1 + n.2).max().unwrap_or(0);
    let bars = end.div_ceil(BAR).max(1);
    if bars > 200 {
        return Err(FileError::Content(format!("{bars} bars: Curio checks up to 200")));
    }
    let key = match key {
        Some(key) => key,
        None => infer_key(&voices),
    };
    let named_cantus = voices.iter().position(|v| v.name.to_lowercase().contains("cantus"));
    let mut piece_voices = Vec::new();
    for (index, voice) in voices.iter().enumerate() {
        let role = match role_of(&voice.notes) {
            Role::First if named_cantus == Some(index) => Role::Cantus,
            role => role,
        };
        let mut notes = Vec::new();
        let mut now = 0;
        for &(pitch, start, length) in &voice.notes {
            if start > now {
                notes.push(Note { pitch: None, start: now, length: start - now });
            }
            let pitch = match pitch {
                ReadPitch::Spelled(pitch) => pitch,
                ReadPitch::Key(midi) => spell(key, midi),
            };
            notes.push(Note::new(pitch, start, length));
            now = start + length;
        }
        piece_voices.push(Voice { range: Range::nearest(mean(voice)), role, notes });
    }
    Ok(Piece { key, bars, voices: piece_voices })
}

/// The species a rhythm is written in: whole notes on the bar, halves, quarters, halves tied
/// across the bar (fourth), or a mix (fifth).
fn role_of(notes: &[(ReadPitch, u32, u32)]) -> Role {
    let inner: Vec<&(ReadPitch, u32, u32)> = notes.iter().take(notes.len().saturating_sub(1)).collect();
    let all = |f: &dyn Fn(u32, u32) -> bool| inner.iter().all(|n| f(n.1, n.2));
    if all(&|start, length| length == BAR && start % BAR == 0) {
        Role::First
    } else if all(&|start, length| length == 2 && start % 2 == 0) {
        Role::Second
    } else if all(&|_, length| length == 1) {
        Role::Third
    } else if inner.iter().skip(1).take(inner.len().saturating_sub(2)).all(|n| n.2 == BAR && n.1 % BAR == 2)
        && inner.len() > 2
    {
        Role::Fourth
    } else {
        Role::Fifth
    }
}

/// The key of voices as read: the lowest voice's last note is the final; the mode is the one
/// whose scale holds the most notes (ties to Fux's order).
fn infer_key(voices: &[ReadVoice]) -> Key {
    let mean = |v: &ReadVoice| {
        v.notes.iter().map(|n| f64::from(n.0.midi())).sum::<f64>() / v.notes.len().max(1) as f64
    };
    let lowest = voices.iter().filter(|v| !v.notes.is_empty()).min_by(|a, b| mean(a).total_cmp(&mean(b)));
    let last = lowest.and_then(|v| v.notes.last()).map_or(62, |n| n.0.midi());
    let class = last.rem_euclid(12);
    // Spell the final on a natural letter where one fits, else as the sharp or flat usual there.
    let (letter, alter) = match class {
        1 => (0, 1),
        3 => (2, -1),
        6 => (3, 1),
        8 => (5, -1),
        10 => (6, -1),
        natural => ([0, 2, 4, 5, 7, 9, 11].iter().position(|&s| s == natural).unwrap_or(0) as u8, 0),
    };
    let fit = |mode: Mode| {
        let degrees = mode.degrees();
        voices
            .iter()
            .flat_map(|v| v.notes.iter())
            .filter(|n| degrees.contains(&(n.0.midi() - class).rem_euclid(12)))
            .count()
    };
    let mode =
        Mode::ALL.into_iter().max_by_key(|&m| (fit(m), std::cmp::Reverse(m as u8))).unwrap_or(Mode::Dorian);
    Key { mode, letter, alter }
}

/// MIDI note `midi` spelled in `key`: as its scale note, else as a scale note raised (the
/// leading tone's spelling), else lowered.
pub fn spell(key: Key, midi: i32) -> Pitch {
    let octave = (midi / 12 - 1) as i8;
    for shift in [0, 1, -1] {
        for base_octave in [octave - 1, octave, octave + 1] {
            for degree in 0..7 {
                let scale = key.degree(base_octave, degree);
                if scale.midi() + shift == midi {
                    return Pitch { alter: scale.alter + shift as i8, ..scale };
                }
            }
        }
    }
    Pitch::spelled(Pitch::new(0, 0, octave).diatonic(), midi).unwrap_or(Pitch::new(0, 0, 4))
}

/// Sharps (positive) or flats in the key signature of `key`.
pub fn fifths(key: Key) -> i32 {
    // The ionian tonic of the key's scale: the final moved down by the mode's position.
    let (letters_down, semitones_down) = match key.mode {
        Mode::Ionian => (0, 0),
        Mode::Dorian => (1, 2),
        Mode::Phrygian => (2, 4),
        Mode::Lydian => (3, 5),
        Mode::Mixolydian => (4, 7),
        Mode::Aeolian => (5, 9),
    };
    let final_pitch = key.final_in(4);
    let tonic = Pitch::spelled(final_pitch.diatonic() - letters_down, final_pitch.midi() - semitones_down)
        .unwrap_or(final_pitch);
    const LETTER_FIFTHS: [i32; 7] = [0, 2, 4, -1, 1, 3, 5];
    LETTER_FIFTHS[usize::from(tonic.letter)] + 7 * i32::from(tonic.alter)
}

/// The alteration a key signature of `fifths` gives `letter`.
pub fn signature_alter(fifths: i32, letter: u8) -> i8 {
    // Order of sharps F C G D A E B; flats the reverse.
    const SHARPS: [u8; 7] = [3, 0, 4, 1, 5, 2, 6];
    let position = SHARPS.iter().position(|&l| l == letter).unwrap_or(0) as i32;
    let mut alter = 0;
    if fifths > 0 {
        alter += (fifths - position + 6).div_euclid(7) as i8;
    } else if fifths < 0 {
        alter -= (-fifths - (6 - position) + 6).div_euclid(7) as i8;
    }
    alter
}

/// The piece as MusicXML 4.0 (score-partwise): a part a voice with its clef, the key signature
/// and mode, 4/4, notes split at bar lines and tied.
pub fn to_musicxml(piece: &Piece, programs: &[u8]) -> String {
    let mut out = String::new();
    let fifths = fifths(piece.key);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<!DOCTYPE score-partwise PUBLIC \"-//Recordare//DTD MusicXML 4.0 Partwise//EN\" \"http://www.musicxml.org/dtds/partwise.dtd\">\n");
    out.push_str("<score-partwise version=\"4.0\">\n");
    let _ = writeln!(out, "  <work><work-title>Species counterpoint in {}</work-title></work>", piece.key);
    out.push_str("  <identification><encoding><software>Curio</software></encoding></identification>\n");
    out.push_str("  <part-list>\n");
    for (index, voice) in piece.voices.iter().enumerate() {
        let id = index + 1;
        let program = u32::from(programs.get(index).copied().unwrap_or(DEFAULT_PROGRAM).min(127)) + 1;
        let _ = writeln!(
            out,
            "    <score-part id=\"P{id}\"><part-name>{}</part-name><score-instrument id=\"P{id}-I1\"><instrument-name>{}</instrument-name></score-instrument><midi-instrument id=\"P{id}-I1\"><midi-channel>{}</midi-channel><midi-program>{program}</midi-program></midi-instrument></score-part>",
            track_name(voice),
            voice.range.name(),
            index % 16 + 1,
        );
    }
    out.push_str("  </part-list>\n");
    for (index, voice) in piece.voices.iter().enumerate() {
        let _ = writeln!(out, "  <part id=\"P{}\">", index + 1);
        // Notes cut at bar lines: (pitch, start, length, tied to the previous, tied to the next).
        let mut pieces: Vec<(Option<Pitch>, u32, u32, bool, bool)> = Vec::new();
        for note in &voice.notes {
            let mut start = note.start;
            let end = note.end();
            while start < end {
                let bar_end = (start / BAR + 1) * BAR;
                let stop = end.min(bar_end);
                let tied_before = start != note.start && note.pitch.is_some();
                let tied_after = stop != end && note.pitch.is_some();
                pieces.push((note.pitch, start, stop - start, tied_before, tied_after));
                start = stop;
            }
        }
        for bar in 0..piece.bars {
            let _ = writeln!(out, "    <measure number=\"{}\">", bar + 1);
            if bar == 0 {
                let (sign, line, octave_change) = match voice.range {
                    Range::Soprano | Range::Alto => ("G", 2, 0),
                    Range::Tenor => ("G", 2, -1),
                    Range::Bass => ("F", 4, 0),
                };
                let change = if octave_change != 0 {
                    format!("<clef-octave-change>{octave_change}</clef-octave-change>")
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "      <attributes><divisions>1</divisions><key><fifths>{fifths}</fifths><mode>{}</mode></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>{sign}</sign><line>{line}</line>{change}</clef></attributes>",
                    piece.key.mode
                );
            }
            let mut now = bar * BAR;
            for &(pitch, start, length, tied_before, tied_after) in pieces.iter().filter(|p| p.1 / BAR == bar)
            {
                if start > now {
                    write_rest(&mut out, start - now);
                }
                match pitch {
                    None => write_rest(&mut out, length),
                    Some(pitch) => {
                        out.push_str("      <note>");
                        let alter = if pitch.alter != 0 {
                            format!("<alter>{}</alter>", pitch.alter)
                        } else {
                            String::new()
                        };
                        let _ = write!(
                            out,
                            "<pitch><step>{}</step>{alter}<octave>{}</octave></pitch><duration>{length}</duration>",
                            LETTERS[usize::from(pitch.letter)],
                            pitch.octave
                        );
                        if tied_before {
                            out.push_str("<tie type=\"stop\"/>");
                        }
                        if tied_after {
                            out.push_str("<tie type=\"start\"/>");
                        }
                        let _ = write!(out, "<voice>1</voice><type>{}</type>", note_type(length));
                        if length == 3 {
                            out.push_str("<dot/>");
                        }
                        if pitch.alter != signature_alter(fifths, pitch.letter) && !tied_before {
                            let name = match pitch.alter {
                                -2 => "flat-flat",
                                -1 => "flat",
                                1 => "sharp",
                                2 => "double-sharp",
                                _ => "natural",
                            };
                            let _ = write!(out, "<accidental>{name}</accidental>");
                        }
                        if tied_before || tied_after {
                            out.push_str("<notations>");
                            if tied_before {
                                out.push_str("<tied type=\"stop\"/>");
                            }
                            if tied_after {
                                out.push_str("<tied type=\"start\"/>");
                            }
                            out.push_str("</notations>");
                        }
                        out.push_str("</note>\n");
                    }
                }
                now = start + length;
            }
            if now < (bar + 1) * BAR {
                write_rest(&mut out, (bar + 1) * BAR - now);
            }
            if bar + 1 == piece.bars {
                out.push_str(
                    "      <barline location=\"right\"><bar-style>light-heavy</bar-style></barline>\n",
                );
            }
            out.push_str("    </measure>\n");
        }
        out.push_str("  </part>\n");
    }
    out.push_str("</score-partwise>\n");
    out
}

fn write_rest(out: &mut String, length: u32) {
    let dot = if length == 3 { "<dot/>" } else { "" };
    let _ = writeln!(
        out,
        "      <note><rest/><duration>{length}</duration><voice>1</voice><type>{}</type>{dot}</note>",
        note_type(length)
    );
}

fn note_type(length: u32) -> &'static str {
    match length {
        4 => "whole",
        2 | 3 => "half",
        _ => "quarter",
    }
}

/// Reads a partwise MusicXML score: one voice a part (its first voice), ties joined.
pub fn from_musicxml(text: &str) -> Result<Piece, FileError> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..roxmltree::ParsingOptions::default() };
    let document = roxmltree::Document::parse_with_options(text, options)
        .map_err(|error| FileError::MusicXml(error.to_string()))?;
    let root = document.root_element();
    if root.tag_name().name() != "score-partwise" {
        return Err(FileError::MusicXml(format!(
            "the root element is <{}>; Curio reads <score-partwise>",
            root.tag_name().name()
        )));
    }
    let names: Vec<(String, String)> = root
        .descendants()
        .filter(|n| n.has_tag_name("score-part"))
        .map(|n| {
            (n.attribute("id").unwrap_or("").to_string(), text_of(n, "part-name").unwrap_or("").to_string())
        })
        .collect();
    let mut voices = Vec::new();
    let mut key_mode: Option<Mode> = None;
    for part in root.children().filter(|n| n.has_tag_name("part")) {
        let id = part.attribute("id").unwrap_or("");
        let name = names.iter().find(|(i, _)| i == id).map_or_else(|| id.to_string(), |(_, n)| n.clone());
        let mut divisions: u32 = 1;
        let mut now: u32 = 0;
        let mut notes: Vec<(ReadPitch, u32, u32)> = Vec::new();
        for measure in part.children().filter(|n| n.has_tag_name("measure")) {
            for element in measure.children().filter(|n| n.is_element()) {
                match element.tag_name().name() {
                    "attributes" => {
                        if let Some(value) = text_of(element, "divisions") {
                            divisions = value.parse().ok().filter(|&d| d > 0).ok_or_else(|| {
                                FileError::MusicXml(format!(
                                    "part '{name}': divisions '{value}' is not a positive number"
                                ))
                            })?;
                        }
                        if let Some(mode) =
                            child(element, "key").and_then(|k| text_of(k, "mode")).and_then(Mode::parse)
                        {
                            key_mode = Some(mode);
                        }
                    }
                    "backup" | "forward" => {
                        let duration = read_duration(text_of(element, "duration"), divisions, &name)?;
                        now = if element.has_tag_name("backup") {
                            now.saturating_sub(duration)
                        } else {
                            now + duration
                        };
                    }
                    "note" => {
                        if child(element, "grace").is_some() {
                            continue;
                        }
                        if text_of(element, "voice").is_some_and(|v| v != "1") {
                            continue;
                        }
                        if child(element, "chord").is_some() {
                            return Err(FileError::Content(format!(
                                "part '{name}' has chords; Curio reads one melody a part"
                            )));
                        }
                        let duration = read_duration(text_of(element, "duration"), divisions, &name)?;
                        if let Some(pitch_node) = child(element, "pitch") {
                            let step = text_of(pitch_node, "step").unwrap_or("");
                            let letter = LETTERS
                                .iter()
                                .position(|l| step.len() == 1 && step.starts_with(*l))
                                .ok_or_else(|| {
                                    FileError::MusicXml(format!("part '{name}': step '{step}' is not A to G"))
                                })?;
                            let alter: f64 =
                                text_of(pitch_node, "alter").map_or(Ok(0.0), str::parse).map_err(|_| {
                                    FileError::MusicXml(format!("part '{name}': an alter is not a number"))
                                })?;
                            let octave: i8 = text_of(pitch_node, "octave")
                                .and_then(|o| o.parse().ok())
                                .filter(|o| (0..=9).contains(o))
                                .ok_or_else(|| {
                                    FileError::MusicXml(format!("part '{name}': a note has no octave 0 to 9"))
                                })?;
                            if alter.fract() != 0.0 || alter.abs() > 2.0 {
                                return Err(FileError::Content(format!(
                                    "part '{name}': alter {alter} (microtones) is outside the modes"
                                )));
                            }
                            let pitch = Pitch::new(letter as u8, alter as i8, octave);
                            let tie_stop = element
                                .children()
                                .any(|c| c.has_tag_name("tie") && c.attribute("type") == Some("stop"));
                            match notes.last_mut() {
                                Some(last)
                                    if tie_stop
                                        && last.1 + last.2 == now
                                        && last.0.midi() == pitch.midi() =>
                                {
                                    last.2 += duration
                                }
                                _ => notes.push((ReadPitch::Spelled(pitch), now, duration)),
                            }
                        }
                        now = now.saturating_add(duration);
                    }
                    _ => {}
                }
            }
        }
        voices.push(ReadVoice { name, notes });
    }
    let inferred = infer_key(&voices);
    let key = match key_mode {
        // A mode the file names, on the final the notes end on.
        Some(mode) => Key { mode, ..inferred },
        None => inferred,
    };
    let mut piece = assemble(voices, Some(key))?;
    piece.key = key;
    Ok(piece)
}

/// The first child of `node` named `name`.
fn child<'a, 'input>(node: roxmltree::Node<'a, 'input>, name: &str) -> Option<roxmltree::Node<'a, 'input>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// The trimmed text of `node`'s child `name`.
fn text_of<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Option<&'a str> {
    child(node, name).and_then(|c| c.text()).map(str::trim)
}

fn read_duration(text: Option<&str>, divisions: u32, part: &str) -> Result<u32, FileError> {
    let value: u32 = text.and_then(|t| t.parse().ok()).ok_or_else(|| {
        FileError::MusicXml(format!("part '{part}': a duration is missing or not a whole number"))
    })?;
    if value / divisions > 800 {
        return Err(FileError::Content(format!(
            "part '{part}': a note of {} quarter notes; Curio reads at most 800",
            value / divisions
        )));
    }
    if !value.is_multiple_of(divisions) {
        return Err(FileError::Content(format!(
            "part '{part}': a duration of {value}/{divisions} quarter notes; Curio's species are written on a quarter-note grid"
        )));
    }
    Ok(value / divisions)
}
