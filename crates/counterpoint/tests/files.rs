//! Files: MIDI and MusicXML written and read back give the same notes, bad files are named,
//! and a WAV renders through the SoundFont the setup script installs.

use counterpoint::files::{from_midi, from_musicxml, to_midi, to_musicxml};
use counterpoint::sound::{Font, SOUNDFONT_PATHS, render, wav};
use counterpoint::{FileError, Key, Mode, Piece, Request, generate};
use curio_core::progress::NoProgress;

fn pieces() -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (species, voices, below, mode) in [
        (1, 2, false, Mode::Dorian),
        (2, 2, true, Mode::Phrygian),
        (3, 2, false, Mode::Ionian),
        (4, 2, false, Mode::Aeolian),
        (4, 2, true, Mode::Mixolydian),
        (1, 4, false, Mode::Dorian),
        (1, 3, false, Mode::Lydian),
    ] {
        let request =
            Request { key: Key::white(mode), species, voices, below, seed: 3, ..Request::default() };
        pieces.push(generate(&request, &mut NoProgress).unwrap().piece);
    }
    // A transposed mode, with flats in its signature and a raised leading tone.
    let g_dorian = Key { mode: Mode::Dorian, letter: 4, alter: 0 };
    pieces.push(
        generate(&Request { key: g_dorian, species: 2, seed: 9, ..Request::default() }, &mut NoProgress)
            .unwrap()
            .piece,
    );
    pieces
}

/// The notes of a piece as comparable data: each voice's (pitch, start, length), rests left out.
fn notes(piece: &Piece) -> Vec<Vec<(String, u32, u32)>> {
    piece
        .voices
        .iter()
        .map(|v| v.pitched().map(|(_, n, p)| (p.to_string(), n.start, n.length)).collect())
        .collect()
}

#[test]
fn midi_and_musicxml_read_back_to_the_same_notes() {
    for piece in pieces() {
        let from_xml = from_musicxml(&to_musicxml(&piece, &[])).unwrap();
        assert_eq!(notes(&from_xml), notes(&piece), "MusicXML\n{piece}");
        assert_eq!(from_xml.key, piece.key);
        assert_eq!(from_xml.bars, piece.bars);
        let roles: Vec<_> = from_xml.voices.iter().map(|v| v.role).collect();
        assert_eq!(roles, piece.voices.iter().map(|v| v.role).collect::<Vec<_>>(), "{piece}");
        let from_midi = from_midi(&to_midi(&piece, 120.0, &[])).unwrap();
        assert_eq!(notes(&from_midi), notes(&piece), "MIDI\n{piece}");
        assert_eq!(from_midi.key, piece.key, "{piece}");
    }
}

#[test]
fn bad_files_are_named() {
    assert!(matches!(from_midi(b"MThd nonsense"), Err(FileError::Midi(_))));
    assert!(matches!(from_musicxml("<score-partwise><part"), Err(FileError::MusicXml(_))));
    assert!(matches!(from_musicxml("<score-timewise/>"), Err(FileError::MusicXml(_))));
    let empty = "<score-partwise><part-list/><part id=\"P1\"><measure number=\"1\"/></part></score-partwise>";
    assert_eq!(from_musicxml(empty), Err(FileError::Content("the file has no notes".into())));
    let chord = "<score-partwise><part id=\"P1\"><measure><note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration></note><note><chord/><pitch><step>E</step><octave>4</octave></pitch><duration>4</duration></note></measure></part></score-partwise>";
    assert!(matches!(from_musicxml(chord), Err(FileError::Content(message)) if message.contains("chords")));
    let eighth = "<score-partwise><part id=\"P1\"><measure><attributes><divisions>2</divisions></attributes><note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration></note></measure></part></score-partwise>";
    assert!(matches!(from_musicxml(eighth), Err(FileError::Content(message)) if message.contains("grid")));
}

#[test]
fn a_wav_renders_through_the_soundfont() {
    let path = SOUNDFONT_PATHS.iter().find(|p| std::path::Path::new(p).exists()).unwrap_or_else(|| {
        panic!("no General MIDI SoundFont at {SOUNDFONT_PATHS:?}: run scripts/setup-debian.sh (it installs timgm6mb-soundfont)")
    });
    let font = Font::read(&std::fs::read(path).unwrap()).unwrap();
    let piece = &pieces()[0];
    let samples = render(piece, 240.0, &[52, 19], &font).unwrap();
    // 11 bars of 4 quarters at 240 a minute, and a second of release, in stereo.
    let seconds = samples.len() as f64 / 2.0 / 44_100.0;
    assert!((seconds - 12.0).abs() < 0.01, "{seconds}");
    let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    assert!(loudest > 0.01, "the rendering is silent");
    let bytes = wav(&samples).unwrap();
    assert_eq!(&bytes[..4], b"RIFF");
    let reader = hound::WavReader::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(reader.spec().channels, 2);
    assert_eq!(reader.len() as usize, samples.len());
    assert!(Font::read(b"not a soundfont").is_err());
}

#[test]
fn the_score_engraves_every_note_and_splits_into_systems() {
    use counterpoint::engrave::engrave;
    for piece in pieces() {
        let one_line = engrave(&piece, 64);
        assert_eq!(one_line.systems.len(), 1);
        // A head a bar a note sounds in (tied notes have two).
        let heads: usize = piece
            .voices
            .iter()
            .flat_map(|v| v.pitched().map(|(_, n, _)| ((n.end() - 1) / 4 - n.start / 4 + 1) as usize))
            .sum();
        assert_eq!(one_line.notes.len(), heads, "{piece}");
        let four = engrave(&piece, 4);
        assert_eq!(four.systems.len() as u32, piece.bars.div_ceil(4));
        assert_eq!(four.notes.len(), heads);
        let (x, system) = four.time_x(f64::from(piece.length() - 1)).unwrap();
        assert!(x > system.left && system.first_bar == (piece.bars - 1) / 4 * 4);
    }
}
