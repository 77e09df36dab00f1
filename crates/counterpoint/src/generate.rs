//! Seeded generators: a cantus firmus by the melodic rules, and counterpoint against it in any
//! species, one voice at a time, by depth-first search in a seeded order. A hard rule is never
//! broken: a branch is cut as soon as [`check_prefix`] finds one. Among the pieces found the
//! search keeps the one with the lowest soft cost (branch and bound: the soft violations of a
//! prefix only grow), until the search is done (then the piece is the best there is, and none
//! found proves there is none) or its node budget is spent.

use crate::check::{check, check_prefix};
use crate::mode::Key;
use crate::piece::{BAR, Note, Piece, Range, Role, Voice};
use crate::pitch::Pitch;
use crate::rules::{Severity, Violation};
use curio_core::progress::Progress;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use thiserror::Error;

/// Search nodes a voice may take before the search stops with the best piece it has.
pub const NODE_BUDGET: u64 = 40_000;

/// Times a piece of three or four voices is written again from other seeds when a later voice
/// finds no way against the voices before it.
pub const VOICE_ATTEMPTS: u64 = 8;

/// Shortest and longest cantus firmus.
pub const CANTUS_LENGTHS: std::ops::RangeInclusive<u32> = 4..=24;

/// Why no piece came out.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GenerateError {
    /// The whole search space was searched: no piece keeps every hard rule.
    #[error(
        "no {what} keeps every hard rule against this cantus (the whole search space was searched, {nodes} nodes)"
    )]
    Impossible {
        /// What was sought.
        what: String,
        /// Nodes searched.
        nodes: u64,
    },
    /// The node budget ran out before a piece was found.
    #[error("no {what} found within {nodes} search nodes; try another seed")]
    Budget {
        /// What was sought.
        what: String,
        /// Nodes searched.
        nodes: u64,
    },
    /// The given cantus already breaks a hard rule.
    #[error("the cantus breaks a hard rule: {0}")]
    Cantus(String),
    /// The request is out of bounds.
    #[error("{0}")]
    Request(String),
    /// Cancelled through the progress sink.
    #[error("cancelled")]
    Cancelled,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Mode and final.
    pub key: Key,
    /// The species of the first counterpoint voice (1 to 5; the others are first species).
    pub species: u8,
    /// Voices in all, cantus included (2 to 4).
    pub voices: u8,
    /// With two voices: the counterpoint under the cantus.
    pub below: bool,
    /// The cantus as pitches, or `None` to generate one.
    pub cantus: Option<Vec<Pitch>>,
    /// Length of a generated cantus in bars.
    pub length: u32,
    /// The seed of every random choice.
    pub seed: u64,
}

impl Default for Request {
    fn default() -> Self {
        Self {
            key: Key::white(crate::mode::Mode::Dorian),
            species: 1,
            voices: 2,
            below: false,
            cantus: None,
            length: 11,
            seed: 1,
        }
    }
}

/// A generated piece and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Generated {
    /// The piece.
    pub piece: Piece,
    /// Its violations (soft only).
    pub violations: Vec<Violation>,
    /// Search nodes over all voices.
    pub nodes: u64,
    /// Whether every voice's search finished, so each is the best against the voices before it.
    pub optimal: bool,
}

/// Where each voice goes, top to bottom, and which is the cantus.
pub fn layout(voices: u8, below: bool) -> (Vec<Range>, usize) {
    match (voices, below) {
        (2, false) => (vec![Range::Soprano, Range::Alto], 1),
        (2, true) => (vec![Range::Alto, Range::Bass], 0),
        (3, false) => (vec![Range::Soprano, Range::Alto, Range::Tenor], 1),
        (3, true) => (vec![Range::Alto, Range::Tenor, Range::Bass], 0),
        _ => (vec![Range::Soprano, Range::Alto, Range::Tenor, Range::Bass], 1),
    }
}

/// The octave of the final for a cantus in `range` with the voices `others` ((range, above the
/// cantus)) around it: the one leaving the most notes of the cantus's compass (a step under the
/// final to a ninth above) in its range and the most room for the others on their side.
fn final_octave(key: Key, range: Range, others: &[(Range, bool)]) -> i8 {
    let room = |octave: i8| {
        let (low, high) = range.limits();
        let compass = (-1..=8).filter(|&d| (low..=high).contains(&key.degree(octave, d).midi())).count();
        let final_midi = key.final_in(octave).midi();
        let beside: usize = others
            .iter()
            .map(|&(other, above)| {
                let (low, high) = other.limits();
                (low..=high)
                    .filter(|&m| if above { m >= final_midi + 3 } else { m <= final_midi + 4 })
                    .count()
            })
            .sum();
        (low..=high).contains(&final_midi).then_some(compass * 2 + beside)
    };
    (1..=7).filter_map(|octave| room(octave).map(|r| (r, octave))).max().map_or(4, |(_, octave)| octave)
}

/// Generates the piece `request` asks for.
pub fn generate(request: &Request, progress: &mut impl Progress) -> Result<Generated, GenerateError> {
    if !(2..=4).contains(&request.voices) {
        return Err(GenerateError::Request(format!("{} voices: Curio writes 2 to 4", request.voices)));
    }
    let Some(role) = Role::of_species(request.species) else {
        return Err(GenerateError::Request(format!("species {}: there are five, 1 to 5", request.species)));
    };
    let (ranges, cantus_at) = layout(request.voices, request.below);
    let mut nodes = 0;
    let cantus = match &request.cantus {
        Some(pitches) => transpose_into(pitches, ranges[cantus_at]),
        None => {
            let others: Vec<(Range, bool)> = ranges
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != cantus_at)
                .map(|(i, &r)| (r, i < cantus_at))
                .collect();
            let (pitches, used) =
                cantus(request.key, request.length, ranges[cantus_at], &others, request.seed, progress)?;
            nodes += used;
            pitches
        }
    };
    if !CANTUS_LENGTHS.contains(&(cantus.len() as u32)) {
        return Err(GenerateError::Request(format!(
            "a cantus of {} notes: Curio writes against {} to {}",
            cantus.len(),
            CANTUS_LENGTHS.start(),
            CANTUS_LENGTHS.end()
        )));
    }
    let bars = cantus.len() as u32;
    let piece = Piece {
        key: request.key,
        bars,
        voices: vec![Voice::whole_notes(ranges[cantus_at], Role::Cantus, &cantus)],
    };
    let hard: Vec<String> = check(&piece)
        .into_iter()
        .filter(|v| v.severity == Severity::Hard)
        .map(|v| format!("{} at bar {}: {}", v.rule.name(), v.bar, v.detail))
        .collect();
    if !hard.is_empty() {
        return Err(GenerateError::Cantus(hard.join("; ")));
    }
    // Order: the first counterpoint next to the cantus, then the others from the outside in,
    // so that an inner voice is written between voices that leave it room.
    let mut order: Vec<usize> = (0..ranges.len()).filter(|&i| i != cantus_at).collect();
    order.sort_by_key(|&i| (i as isize - cantus_at as isize).abs());
    order[1..].sort_by_key(|&i| std::cmp::Reverse((i as isize - cantus_at as isize).abs()));
    // The voices are written one after another; when a later one finds no way against those
    // before it, the whole set is written again from other seeds.
    let start = piece;
    let mut last_error = None;
    for attempt in 0..VOICE_ATTEMPTS {
        let mut piece = start.clone();
        let mut optimal = true;
        let mut failed = None;
        for (n, &slot) in order.iter().enumerate() {
            let role = if n == 0 { role } else { Role::First };
            // Where the new voice goes among those written so far.
            let position = piece.voices.iter().filter(|v| rank(&ranges, v.range) < slot).count();
            let seed =
                request.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(n as u64 + 1 + 16 * attempt);
            match counterpoint(&piece, position, ranges[slot], role, seed, progress) {
                Ok(found) => {
                    nodes += found.nodes;
                    optimal &= found.optimal;
                    piece = found.piece;
                }
                // Against the cantus alone, the first voice's search is the same every time.
                Err(error @ (GenerateError::Cancelled | GenerateError::Impossible { .. })) if n == 0 => {
                    return Err(error);
                }
                Err(GenerateError::Cancelled) => return Err(GenerateError::Cancelled),
                Err(error) => {
                    failed = Some(error);
                    break;
                }
            }
        }
        match failed {
            None => {
                let violations = check(&piece);
                return Ok(Generated { piece, violations, nodes, optimal });
            }
            Some(error) => last_error = Some(error),
        }
    }
    Err(match last_error {
        Some(error) => GenerateError::Budget {
            what: format!("{}-voice piece in {VOICE_ATTEMPTS} attempts (the last: {error})", request.voices),
            nodes,
        },
        None => GenerateError::Budget { what: "piece".into(), nodes },
    })
}

/// `pitches` moved by whole octaves (none if it fits) into `range`, or as given when no octave
/// fits (the checker then names the notes out of range).
pub fn transpose_into(pitches: &[Pitch], range: Range) -> Vec<Pitch> {
    let (low, high) = range.limits();
    let fits = |shift: i8| pitches.iter().all(|p| (low..=high).contains(&(p.midi() + 12 * i32::from(shift))));
    match [0, -1, 1, -2, 2].into_iter().find(|&shift| fits(shift)) {
        Some(shift) => pitches.iter().map(|p| Pitch { octave: p.octave + shift, ..*p }).collect(),
        None => pitches.to_vec(),
    }
}

fn rank(ranges: &[Range], range: Range) -> usize {
    ranges.iter().position(|&r| r == range).unwrap_or(0)
}

/// A cantus firmus of `length` notes in `key` for `range`, with room for the voices `others`
/// ((range, above it)), and the nodes its search took.
pub fn cantus(
    key: Key,
    length: u32,
    range: Range,
    others: &[(Range, bool)],
    seed: u64,
    progress: &mut impl Progress,
) -> Result<(Vec<Pitch>, u64), GenerateError> {
    if !(8..=16).contains(&length) {
        return Err(GenerateError::Request(format!(
            "a cantus of {length} notes: generated ones have 8 to 16"
        )));
    }
    let octave = final_octave(key, range, others);
    let tonic = key.final_in(octave);
    let (low, high) = range.limits();
    let candidates: Vec<Pitch> =
        (-1..=8).map(|d| key.degree(octave, d)).filter(|p| (low..=high).contains(&p.midi())).collect();
    let slots: Vec<Slot> = (0..length)
        .map(|bar| {
            let choices = if bar == 0 || bar == length - 1 {
                vec![tonic]
            } else if bar == length - 2 {
                vec![key.degree(octave, 1)]
            } else {
                candidates.clone()
            };
            Slot { start: bar * BAR, length: BAR, choices }
        })
        .collect();
    let base =
        Piece { key, bars: length, voices: vec![Voice { range, role: Role::Cantus, notes: Vec::new() }] };
    let found = search(base, 0, &slots, seed, "cantus firmus", progress)?;
    let pitches = found.piece.voices[0].pitched().map(|(_, _, p)| p).collect();
    Ok((pitches, found.nodes))
}

/// One note to choose: when, how long, and from which pitches.
struct Slot {
    start: u32,
    length: u32,
    choices: Vec<Pitch>,
}

/// What one voice's search found.
struct Found {
    piece: Piece,
    nodes: u64,
    optimal: bool,
}

/// A new voice of `role` in `range`, inserted at `position` among `piece`'s voices.
fn counterpoint(
    piece: &Piece,
    position: usize,
    range: Range,
    role: Role,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<Found, GenerateError> {
    let bars = piece.bars;
    let key = piece.key;
    let (low, high) = range.limits();
    let plain = key.pitches_between(low, high, false);
    let cadence = key.pitches_between(low, high, true);
    let choices = |start: u32| {
        let bar = start / BAR;
        if bar + 2 == bars { cadence.clone() } else { plain.clone() }
    };
    let mut slots = Vec::new();
    let mut rests = Vec::new();
    let last = (bars - 1) * BAR;
    match role {
        Role::Cantus | Role::First => {
            for bar in 0..bars {
                slots.push((bar * BAR, BAR));
            }
        }
        Role::Second => {
            rests.push(Note { pitch: None, start: 0, length: 2 });
            slots.push((2, 2));
            for bar in 1..bars - 1 {
                slots.push((bar * BAR, 2));
                slots.push((bar * BAR + 2, 2));
            }
            slots.push((last, BAR));
        }
        Role::Third => {
            rests.push(Note { pitch: None, start: 0, length: 1 });
            for beat in 1..BAR {
                slots.push((beat, 1));
            }
            for bar in 1..bars - 1 {
                for beat in 0..BAR {
                    slots.push((bar * BAR + beat, 1));
                }
            }
            slots.push((last, BAR));
        }
        Role::Fifth => {
            // Florid: each inner bar in one of the rhythms of the second and third species, a
            // half tied over the bar line (a syncope) before the cadence.
            const RHYTHMS: [&[u32]; 4] = [&[2, 2], &[1, 1, 2], &[2, 1, 1], &[1, 1, 1, 1]];
            let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED_F10D);
            rests.push(Note { pitch: None, start: 0, length: 2 });
            slots.push((2, 2));
            for bar in 1..bars.saturating_sub(2) {
                let rhythm = RHYTHMS[rand::RngExt::random_range(&mut rng, 0..RHYTHMS.len())];
                let mut at = bar * BAR;
                for &length in rhythm {
                    slots.push((at, length));
                    at += length;
                }
            }
            let penultimate = (bars - 2) * BAR;
            if bars > 2 {
                // The syncope: a half from the bar before held into the penultimate bar.
                if let Some(last_slot) = slots.last_mut()
                    && last_slot.0 + last_slot.1 == penultimate
                    && last_slot.1 == 2
                {
                    last_slot.1 = BAR;
                    slots.push((penultimate + 2, 2));
                } else {
                    slots.push((penultimate, 2));
                    slots.push((penultimate + 2, 2));
                }
            }
            slots.push((last, BAR));
        }
        Role::Fourth => {
            rests.push(Note { pitch: None, start: 0, length: 2 });
            for bar in 0..bars - 2 {
                slots.push((bar * BAR + 2, BAR));
            }
            slots.push(((bars - 2) * BAR + 2, 2));
            slots.push((last, BAR));
        }
    }
    let slots: Vec<Slot> =
        slots.into_iter().map(|(start, length)| Slot { start, length, choices: choices(start) }).collect();
    let mut base = piece.clone();
    base.voices.insert(position, Voice { range, role, notes: rests });
    let what = format!("species {} voice ({})", role.species(), range.name());
    search(base, position, &slots, seed, &what, progress)
}

/// Depth-first search filling `slots` of voice `voice` in `base`, best soft cost first found.
fn search(
    base: Piece,
    voice: usize,
    slots: &[Slot],
    seed: u64,
    what: &str,
    progress: &mut impl Progress,
) -> Result<Found, GenerateError> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let orders: Vec<Vec<Pitch>> = slots
        .iter()
        .map(|slot| {
            let mut choices = slot.choices.clone();
            choices.shuffle(&mut rng);
            choices
        })
        .collect();
    let mut state = Search {
        piece: base,
        voice,
        slots,
        orders: &orders,
        nodes: 0,
        best: None,
        budget_spent: false,
        cancelled: false,
        what,
    };
    state.descend(0, progress);
    if state.cancelled {
        return Err(GenerateError::Cancelled);
    }
    match state.best {
        Some((piece, _)) => Ok(Found { piece, nodes: state.nodes, optimal: !state.budget_spent }),
        None if state.budget_spent => Err(GenerateError::Budget { what: what.into(), nodes: state.nodes }),
        None => Err(GenerateError::Impossible { what: what.into(), nodes: state.nodes }),
    }
}

struct Search<'a> {
    piece: Piece,
    voice: usize,
    slots: &'a [Slot],
    orders: &'a [Vec<Pitch>],
    nodes: u64,
    best: Option<(Piece, u32)>,
    budget_spent: bool,
    cancelled: bool,
    what: &'a str,
}

impl Search<'_> {
    /// Soft cost of the violations involving the new voice, or `None` when one is hard.
    fn cost(&self, violations: &[Violation]) -> Option<u32> {
        let mine: Vec<&Violation> = violations.iter().filter(|v| v.voices.contains(&self.voice)).collect();
        if mine.iter().any(|v| v.severity == Severity::Hard) {
            return None;
        }
        Some(mine.iter().map(|v| v.rule.weight()).sum())
    }

    fn descend(&mut self, depth: usize, progress: &mut impl Progress) {
        if self.cancelled || self.budget_spent {
            return;
        }
        if depth == self.slots.len() {
            let violations = check(&self.piece);
            if let Some(cost) = self.cost(&violations)
                && self.best.as_ref().is_none_or(|(_, best)| cost < *best)
            {
                self.best = Some((self.piece.clone(), cost));
            }
            return;
        }
        let slot = &self.slots[depth];
        // Counterpoint tries steps first, then small leaps, repeats last (the seeded order
        // among equals); a cantus keeps the seeded order, for variety.
        let voice = &self.piece.voices[self.voice];
        let previous = voice.notes.iter().rev().find_map(|n| n.pitch);
        let mut order = self.orders[depth].clone();
        if let Some(previous) = previous.filter(|_| voice.role != Role::Cantus) {
            order.sort_by_key(|&p| {
                let size = (p.diatonic() - previous.diatonic()).abs();
                match size {
                    1 => 0,
                    0 => 6,
                    size => size,
                }
            });
        }
        for pitch in order {
            self.nodes += 1;
            if self.nodes.is_multiple_of(2048) {
                let message = format!("{}: {} nodes", self.what, self.nodes);
                if progress.report(self.nodes.min(NODE_BUDGET), NODE_BUDGET, &message)
                    == ControlFlow::Break(())
                {
                    self.cancelled = true;
                    return;
                }
            }
            if self.nodes >= NODE_BUDGET {
                self.budget_spent = true;
                return;
            }
            self.piece.voices[self.voice].notes.push(Note::new(pitch, slot.start, slot.length));
            let prefix = check_prefix(&self.piece);
            let bound = self.cost(&prefix);
            let promising = bound.is_some_and(|cost| self.best.as_ref().is_none_or(|(_, best)| cost < *best));
            if promising {
                self.descend(depth + 1, progress);
            }
            self.piece.voices[self.voice].notes.pop();
            if self.cancelled || self.budget_spent {
                return;
            }
            if self.best.as_ref().is_some_and(|(_, best)| *best == 0) {
                return;
            }
        }
    }
}
