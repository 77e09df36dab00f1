//! The speed of transcription and layout.

use super::lexicon::Lexicon;
use super::page::{PageStyle, layout};
use super::transcribe::Transcriber;
use std::time::Instant;

/// A timing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchReport {
    /// Words transcribed and laid out.
    pub words: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Words per second.
    pub words_per_second: f64,
}

/// The dictionary's words in alphabetical order, repeated to `count` words, as one text.
pub fn bench_text(count: usize) -> String {
    let mut words: Vec<&String> = Lexicon::dictionary().iter().map(|(word, _)| word).collect();
    words.sort();
    words.iter().cycle().take(count).map(|word| word.as_str()).collect::<Vec<_>>().join(" ")
}

/// Transcribes and lays out `count` words on one page of the default style; the dictionaries
/// are loaded before the clock starts.
pub fn bench(count: usize, transcriber: &Transcriber) -> BenchReport {
    let text = bench_text(count);
    // Load the pronunciation and outline dictionaries outside the timing.
    let _ = transcriber.word("warm");
    let started = Instant::now();
    let page = layout(&text, transcriber, PageStyle::default());
    let seconds = started.elapsed().as_secs_f64();
    let words = page.words.len();
    BenchReport { words, seconds, words_per_second: words as f64 / seconds.max(1e-9) }
}
