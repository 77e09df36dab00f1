//! Gregg shorthand (Anniversary edition, 1929): English text to outlines and outlines to
//! connected vector strokes.
//!
//! The pipeline: [`transcribe`] tokenizes text and takes each word (or phrase) from the
//! phrase and brief forms, the outline dictionary ([`lexicon`]) or the rules ([`rules`], from the phonemes of [`phonemes`]);
//! outlines are written in Grascii ([`grascii`]); [`eval`] measures the rules against a list of
//! known outlines.
//!
//! Sources: the blog post "An introduction to Gregg Shorthand and an attempted English to
//! shorthand converter"; the Anniversary manual's rules as summarised in docs/gregg.md; the
//! Grascii dictionary (MIT) and the CMU Pronouncing Dictionary (BSD-style), both in
//! `assets/gregg/` with their notices. Transcribing a word is a few hash lookups and a linear
//! pass over its phonemes.

pub mod bench;
pub mod eval;
pub mod glyph;
pub mod grascii;
pub mod learn;
pub mod lexicon;
pub mod page;
pub mod phonemes;
pub mod rules;
pub mod transcribe;

pub use bench::{BenchReport, bench};
pub use eval::{EvalReport, Split, evaluate, learn_from_list};
pub use page::{Page, PageStyle, layout, layout_with_progress, page_scene};
pub use rules::Rules;
pub use transcribe::{Source, TextToken, Transcriber, WordOutline, tokenize};
