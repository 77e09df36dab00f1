//! A piece played through a SoundFont (rustysynth), to samples and to a WAV file (hound).

use crate::files::DEFAULT_PROGRAM;
use crate::piece::Piece;
use rustysynth::{SoundFont, Synthesizer, SynthesizerSettings};
use std::sync::Arc;
use thiserror::Error;

/// Samples a second of the rendering.
pub const SAMPLE_RATE: u32 = 44_100;

/// Why a piece was not rendered.
#[derive(Debug, Error)]
pub enum SoundError {
    /// The SoundFont could not be read.
    #[error("the SoundFont is not readable: {0}")]
    SoundFont(String),
    /// The synthesizer refused its settings.
    #[error("the synthesizer did not start: {0}")]
    Synthesizer(String),
    /// The WAV could not be written.
    #[error("the WAV file was not written: {0}")]
    Wav(String),
}

/// A SoundFont read once and shared.
#[derive(Clone)]
pub struct Font(Arc<SoundFont>);

impl Font {
    /// Reads a SoundFont (.sf2) from its bytes.
    pub fn read(bytes: &[u8]) -> Result<Self, SoundError> {
        let mut reader = bytes;
        SoundFont::new(&mut reader)
            .map(|font| Font(Arc::new(font)))
            .map_err(|error| SoundError::SoundFont(error.to_string()))
    }
}

/// Seconds a quarter note lasts at `tempo` quarter notes a minute.
pub fn quarter_seconds(tempo: f64) -> f64 {
    60.0 / tempo.clamp(10.0, 400.0)
}

/// The piece rendered as interleaved stereo samples at [`SAMPLE_RATE`], each voice on its own
/// channel with its General MIDI program (`programs[i]`, else choir aahs), one second of
/// release after the last note.
pub fn render(piece: &Piece, tempo: f64, programs: &[u8], font: &Font) -> Result<Vec<f32>, SoundError> {
    let settings = SynthesizerSettings::new(SAMPLE_RATE as i32);
    let mut synth =
        Synthesizer::new(&font.0, &settings).map_err(|error| SoundError::Synthesizer(error.to_string()))?;
    let quarter = quarter_seconds(tempo);
    // Events: (sample, on, channel, key), offs before ons at the same sample.
    let mut events: Vec<(u64, bool, i32, i32)> = Vec::new();
    for (index, voice) in piece.voices.iter().enumerate() {
        let channel = (index % 16) as i32;
        let channel = if channel == 9 { 15 } else { channel };
        let program = i32::from(programs.get(index).copied().unwrap_or(DEFAULT_PROGRAM).min(127));
        synth.process_midi_message(channel, 0xC0, program, 0);
        for (_, note, pitch) in voice.pitched() {
            let at = |quarters: u32| (f64::from(quarters) * quarter * f64::from(SAMPLE_RATE)).round() as u64;
            events.push((at(note.start), true, channel, pitch.midi().clamp(0, 127)));
            events.push((at(note.end()), false, channel, pitch.midi().clamp(0, 127)));
        }
    }
    events.sort_by_key(|&(sample, on, _, _)| (sample, on));
    let end = events.last().map_or(0, |e| e.0) + u64::from(SAMPLE_RATE);
    let mut left = vec![0.0f32; end as usize];
    let mut right = vec![0.0f32; end as usize];
    let mut now = 0usize;
    for (sample, on, channel, key) in events {
        let sample = sample as usize;
        if sample > now {
            synth.render(&mut left[now..sample], &mut right[now..sample]);
            now = sample;
        }
        if on {
            synth.note_on(channel, key, 90);
        } else {
            synth.note_off(channel, key);
        }
    }
    let total = left.len();
    if total > now {
        synth.render(&mut left[now..], &mut right[now..]);
    }
    Ok(left.iter().zip(&right).flat_map(|(l, r)| [*l, *r]).collect())
}

/// Interleaved stereo samples as a 16-bit WAV file's bytes.
pub fn wav(samples: &[f32]) -> Result<Vec<u8>, SoundError> {
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: SAMPLE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut bytes = std::io::Cursor::new(Vec::new());
    {
        let mut writer =
            hound::WavWriter::new(&mut bytes, spec).map_err(|error| SoundError::Wav(error.to_string()))?;
        for &sample in samples {
            let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
            writer.write_sample(value).map_err(|error| SoundError::Wav(error.to_string()))?;
        }
        writer.finalize().map_err(|error| SoundError::Wav(error.to_string()))?;
    }
    Ok(bytes.into_inner())
}

/// Where Debian's General MIDI SoundFonts are installed (timgm6mb-soundfont and others register
/// `default-GM.sf2`).
pub const SOUNDFONT_PATHS: [&str; 3] = [
    "/usr/share/sounds/sf2/default-GM.sf2",
    "/usr/share/sounds/sf2/TimGM6mb.sf2",
    "/usr/share/sounds/sf2/FluidR3_GM.sf2",
];
