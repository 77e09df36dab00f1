//! Short sounds through the default audio output (rodio on cpal; ALSA on Linux), or none: where
//! no output device opens (a machine without sound, a headless session) every sound is skipped
//! and [`Speaker::state`] says why, so the app runs the same with or without a device.

use rodio::Source;
use std::time::Duration;

/// A sound effect, synthesised (no sound files).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A short tick: a piece moved.
    Move,
    /// A higher tick: a piece turned.
    Turn,
    /// A low thud: a piece locked.
    Lock,
    /// A rising arpeggio: rows cleared (more notes for more rows).
    Clear(u8),
    /// A falling glide: the game is over.
    GameOver,
}

/// The notes of a sound: (frequency in Hz, milliseconds) in order.
pub fn notes(sound: Sound) -> Vec<(f32, u64)> {
    match sound {
        Sound::Move => vec![(660.0, 25)],
        Sound::Turn => vec![(990.0, 35)],
        Sound::Lock => vec![(196.0, 60)],
        Sound::Clear(rows) => [523.25, 659.25, 783.99, 1046.5]
            .iter()
            .take(usize::from(rows.clamp(1, 4)) + 1)
            .map(|&f| (f, 70))
            .collect(),
        Sound::GameOver => vec![(392.0, 180), (311.13, 180), (246.94, 360)],
    }
}

/// Whether sound plays, and if not, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpeakerState {
    /// Not tried yet (the device opens at the first sound).
    Unopened,
    /// Sounds play.
    On,
    /// No device: the reason.
    Off(String),
}

/// The default output, opened at the first sound.
pub struct Speaker {
    sink: Option<rodio::MixerDeviceSink>,
    state: SpeakerState,
    /// The recording playing (see [`Speaker::play_samples`]).
    player: Option<rodio::Player>,
}

impl Default for Speaker {
    fn default() -> Self {
        Self { sink: None, state: SpeakerState::Unopened, player: None }
    }
}

impl Speaker {
    /// Whether sound plays.
    pub fn state(&self) -> &SpeakerState {
        &self.state
    }

    /// Opens the device the first time it is needed.
    fn open(&mut self) {
        if self.state == SpeakerState::Unopened {
            match rodio::DeviceSinkBuilder::open_default_sink() {
                Ok(sink) => {
                    self.sink = Some(sink);
                    self.state = SpeakerState::On;
                }
                Err(error) => self.state = SpeakerState::Off(format!("no sound device: {error}")),
            }
        }
    }

    /// Plays a recording (interleaved samples, `channels` of them, `rate` a second) in place
    /// of the one playing; false where no device opens (then [`Speaker::state`] says why).
    pub fn play_samples(&mut self, samples: Vec<f32>, channels: u16, rate: u32) -> bool {
        self.stop();
        self.open();
        let (Some(sink), Some(channels), Some(rate)) =
            (&self.sink, std::num::NonZero::new(channels), std::num::NonZero::new(rate))
        else {
            return false;
        };
        let player = rodio::Player::connect_new(sink.mixer());
        player.append(rodio::buffer::SamplesBuffer::new(channels, rate, samples));
        self.player = Some(player);
        true
    }

    /// Stops the recording playing, if one is.
    pub fn stop(&mut self) {
        if let Some(player) = self.player.take() {
            player.stop();
        }
    }

    /// Plays `sound` at `volume` (0 to 1), opening the device the first time; nothing where no
    /// device opens.
    pub fn play(&mut self, sound: Sound, volume: f32) {
        self.open();
        let Some(sink) = &self.sink else { return };
        let mut at = Duration::ZERO;
        for (frequency, milliseconds) in notes(sound) {
            let length = Duration::from_millis(milliseconds);
            let note = rodio::source::SquareWave::new(frequency)
                .take_duration(length)
                .fade_out(length)
                .amplify(volume.clamp(0.0, 1.0) * 0.2)
                .delay(at);
            sink.mixer().add(note);
            at += length;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_rows_more_notes_and_no_device_is_no_error() {
        assert_eq!(notes(Sound::Clear(1)).len(), 2);
        assert_eq!(notes(Sound::Clear(4)).len(), 4);
        assert_eq!(notes(Sound::Clear(9)).len(), 4);
        let mut speaker = Speaker::default();
        speaker.play(Sound::Move, 0.0);
        speaker.play(Sound::GameOver, 2.0);
        assert_ne!(*speaker.state(), SpeakerState::Unopened);
    }
}
