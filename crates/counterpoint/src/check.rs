//! The checker: every violation of the rules in a piece, with its bar, beat, voices and interval.
//!
//! The generators call it on their partial pieces: [`check_prefix`] leaves out what the notes
//! not yet written could still change (the ending, the melody's climax, a leap's recovery), so
//! a violation it reports in a prefix stays in every piece that prefix grows into.

use crate::mode::Key;
use crate::piece::{BAR, Piece, Role, Voice, bar_beat};
use crate::pitch::{Consonance, Interval, Pitch};
use crate::rules::{Rule, Severity, Violation};

/// Every violation in a finished piece, in order of time.
pub fn check(piece: &Piece) -> Vec<Violation> {
    Checker { piece, complete: true }.run()
}

/// The violations that the notes so far already decide (see the module's note).
pub fn check_prefix(piece: &Piece) -> Vec<Violation> {
    Checker { piece, complete: false }.run()
}

/// Whether any violation is hard.
pub fn has_hard(violations: &[Violation]) -> bool {
    violations.iter().any(|v| v.severity == Severity::Hard)
}

/// The generators' score: the weights of the soft violations (lower is better).
pub fn soft_cost(violations: &[Violation]) -> u32 {
    violations.iter().map(|v| v.rule.weight()).sum()
}

struct Checker<'a> {
    piece: &'a Piece,
    complete: bool,
}

/// One voice's sounding notes: (start, end, pitch), rests left out.
type Line = Vec<(u32, u32, Pitch)>;

fn line(voice: &Voice) -> Line {
    voice.pitched().map(|(_, n, p)| (n.start, n.end(), p)).collect()
}

impl Checker<'_> {
    fn run(&self) -> Vec<Violation> {
        let mut found = Vec::new();
        let lines: Vec<Line> = self.piece.voices.iter().map(line).collect();
        for (index, voice) in self.piece.voices.iter().enumerate() {
            self.melodic(index, voice, &lines[index], &mut found);
        }
        let count = lines.len();
        let onsets = self.piece.onsets();
        for upper in 0..count {
            for lower in upper + 1..count {
                self.harmonic(upper, lower, &lines, &onsets, &mut found);
            }
        }
        if self.complete && count >= 2 {
            self.cadence(&lines, &mut found);
        }
        found.sort_by_key(|v| (v.bar, v.beat, v.rule));
        found
    }

    fn push(&self, found: &mut Vec<Violation>, rule: Rule, time: u32, voices: Vec<usize>, detail: String) {
        let (bar, beat) = bar_beat(time);
        found.push(Violation { rule, severity: rule.severity(), bar, beat, voices, detail });
    }

    fn key(&self) -> Key {
        self.piece.key
    }

    fn melodic(&self, index: usize, voice: &Voice, line: &Line, found: &mut Vec<Violation>) {
        let key = self.key();
        let (low, high) = voice.range.limits();
        let last_bar_start = self.piece.length().saturating_sub(BAR);
        let penultimate_bar = last_bar_start.saturating_sub(BAR);
        for (i, &(start, _, pitch)) in line.iter().enumerate() {
            if !(low..=high).contains(&pitch.midi()) {
                self.push(
                    found,
                    Rule::Range,
                    start,
                    vec![index],
                    format!("{pitch} outside the {} range", voice.range.name()),
                );
            }
            if !key.contains(pitch) {
                let cadential =
                    key.is_leading_tone(pitch) && start >= penultimate_bar && start < last_bar_start;
                let resolves = match line.get(i + 1) {
                    Some(&(_, _, next)) => key.is_final(next) && Interval::between(pitch, next).steps == 1,
                    None => !self.complete,
                };
                if !(cadential && resolves) {
                    self.push(found, Rule::Chromatic, start, vec![index], format!("{pitch} is not in {key}"));
                }
            }
        }
        let moves: Vec<(u32, Interval)> =
            line.windows(2).map(|w| (w[1].0, Interval::between(w[0].2, w[1].2))).collect();
        for (m, &(time, step)) in moves.iter().enumerate() {
            let (from, to) = (line[m].2, line[m + 1].2);
            if !allowed_move(step) {
                self.push(found, Rule::ForbiddenMove, time, vec![index], format!("{step} ({from}-{to})"));
            }
            if step.steps.abs() > 4 && allowed_move(step) {
                self.push(found, Rule::LargeLeap, time, vec![index], format!("{step} ({from}-{to})"));
            }
            if step.steps == 0 && step.semitones == 0 {
                self.push(found, Rule::RepeatedNote, time, vec![index], format!("{to} again"));
            }
            if step.steps.abs() >= 3 {
                match moves.get(m + 1) {
                    Some(&(_, next)) if next.is_step() && next.steps.signum() == -step.steps.signum() => {}
                    Some(&(_, next)) => {
                        self.push(found, Rule::LeapRecovery, time, vec![index], format!("{step} then {next}"))
                    }
                    None if self.complete => {
                        self.push(found, Rule::LeapRecovery, time, vec![index], format!("{step} at the end"));
                    }
                    None => {}
                }
            }
            if m >= 2 {
                let (a, b, c, d) = (line[m - 2].2, line[m - 1].2, line[m].2, line[m + 1].2);
                if a == c && b == d && a != b {
                    self.push(found, Rule::Oscillation, time, vec![index], format!("{a} {b} {c} {d}"));
                }
            }
            if m > 0 {
                let before = moves[m - 1].1;
                if before.is_leap() && step.is_leap() && before.steps.signum() == step.steps.signum() {
                    self.push(
                        found,
                        Rule::ConsecutiveLeaps,
                        time,
                        vec![index],
                        format!("{before} then {step}"),
                    );
                }
            }
        }
        // Outlined tritones: between turning points of the line.
        let mut turn = 0;
        for m in 0..moves.len() {
            let direction = moves[m].1.steps.signum();
            let next_direction = moves.get(m + 1).map(|(_, s)| s.steps.signum());
            let ends_run = match next_direction {
                Some(next) => next != direction && direction != 0,
                None => self.complete,
            };
            if ends_run {
                let outline = Interval::between(line[turn].2, line[m + 1].2).abs();
                if outline.semitones == 6 {
                    let detail = format!("{} ({}-{})", outline.name(), line[turn].2, line[m + 1].2);
                    self.push(found, Rule::OutlinedTritone, line[m + 1].0, vec![index], detail);
                }
                turn = m + 1;
            } else if direction == 0 {
                turn = m + 1;
            }
        }
        if let (Some(lowest), Some(highest)) =
            (line.iter().map(|n| n.2.midi()).min(), line.iter().map(|n| n.2.midi()).max())
            && highest - lowest > 16
        {
            self.push(found, Rule::Span, line[0].0, vec![index], format!("{} semitones", highest - lowest));
        }
        if !self.complete || line.is_empty() {
            return;
        }
        if matches!(voice.role, Role::Cantus | Role::First) {
            let top = line.iter().map(|n| n.2.midi()).max().unwrap_or(0);
            let peaks: Vec<&(u32, u32, Pitch)> = line.iter().filter(|n| n.2.midi() == top).collect();
            if peaks.len() > 1 {
                self.push(
                    found,
                    Rule::Climax,
                    peaks[1].0,
                    vec![index],
                    format!("{} {} times", peaks[0].2, peaks.len()),
                );
            }
        }
        // A cantus firmus moves mostly by step: two moves in three; other voices one in two.
        let steps = moves.iter().filter(|(_, s)| s.is_step()).count();
        let (part, whole) = if voice.role == Role::Cantus { (3, 2) } else { (2, 1) };
        if !moves.is_empty() && steps * part < moves.len() * whole {
            self.push(
                found,
                Rule::FewSteps,
                0,
                vec![index],
                format!("{steps} steps in {} moves", moves.len()),
            );
        }
        if voice.role == Role::Cantus {
            let lowest = line.iter().map(|n| n.2.midi()).min().unwrap_or(0);
            let highest = line.iter().map(|n| n.2.midi()).max().unwrap_or(0);
            if highest - lowest < 7 {
                self.push(
                    found,
                    Rule::Compass,
                    line[0].0,
                    vec![index],
                    format!("{} semitones", highest - lowest),
                );
            }
            let (first, last) = (line[0], line[line.len() - 1]);
            if !key.is_final(first.2) || !key.is_final(last.2) {
                self.push(
                    found,
                    Rule::CantusEnds,
                    first.0,
                    vec![index],
                    format!("begins {} and ends {}", first.2, last.2),
                );
            } else if moves.last().is_some_and(|(_, s)| !s.is_step()) {
                self.push(
                    found,
                    Rule::CantusEnds,
                    last.0,
                    vec![index],
                    "the final is not reached by step".into(),
                );
            }
        }
    }

    fn harmonic(
        &self,
        upper: usize,
        lower: usize,
        lines: &[Line],
        onsets: &[u32],
        found: &mut Vec<Violation>,
    ) {
        let piece = self.piece;
        let two_voices = piece.voices.len() == 2;
        let voices = vec![upper, lower];
        // Moments both sound and at least one of them starts a note.
        let mut moments: Vec<Moment> = Vec::new();
        for &time in onsets {
            let (Some((ui, up)), Some((li, low))) =
                (sounding(&lines[upper], time), sounding(&lines[lower], time))
            else {
                continue;
            };
            let starts = (lines[upper][ui].0 == time, lines[lower][li].0 == time);
            if !starts.0 && !starts.1 {
                continue;
            }
            let bass = self.is_bass(lower, time, lines);
            moments.push(Moment { time, upper: (ui, up), lower: (li, low), starts, bass });
        }
        let Some(first) = moments.first() else { return };
        // The opening.
        if first.bass {
            let interval = Interval::between(first.lower.1, first.upper.1);
            let cantus_above = piece.voices[upper].role == Role::Cantus && two_voices;
            // Among three or more voices the first chord may hold a third over the bass.
            let ok = if cantus_above {
                interval.is_octave_or_unison()
            } else if two_voices {
                interval.consonance(false) == Consonance::Perfect
            } else {
                interval.consonance(false) != Consonance::Dissonant
            };
            if !ok {
                self.push(found, Rule::Opening, first.time, voices.clone(), interval.name().to_string());
            }
        }
        let last_bar = piece.length().saturating_sub(BAR);
        for (m, moment) in moments.iter().enumerate() {
            let interval = Interval::between(moment.lower.1, moment.upper.1);
            let (up, low) = (moment.upper.1, moment.lower.1);
            let shown = || format!("{} ({low}-{up})", interval.name());
            if up.midi() < low.midi() {
                self.push(found, Rule::Crossing, moment.time, voices.clone(), format!("{up} under {low}"));
            }
            let consonance = interval.abs().consonance(!moment.bass);
            let downbeat = moment.time % BAR == 0;
            if consonance == Consonance::Dissonant {
                self.dissonance(upper, lower, moment, lines, found, shown());
            }
            let is_edge = m == 0 || (self.complete && m == moments.len() - 1);
            if two_voices && interval.semitones == 0 && !is_edge && downbeat && moment.time < last_bar {
                self.push(found, Rule::Unison, moment.time, voices.clone(), shown());
            }
            if two_voices || moment.bass {
                let limit = if two_voices { 16 } else { 19 };
                if interval.semitones.abs() > limit {
                    self.push(found, Rule::Spacing, moment.time, voices.clone(), shown());
                }
            } else if lower == upper + 1 && interval.semitones.abs() > 12 {
                self.push(found, Rule::Spacing, moment.time, voices.clone(), shown());
            }
            let Some(before) = m.checked_sub(1).map(|b| &moments[b]) else { continue };
            let was = Interval::between(before.lower.1, before.upper.1);
            let up_move = up.midi() - before.upper.1.midi();
            let low_move = low.midi() - before.lower.1.midi();
            let both_moved = before.upper.0 != moment.upper.0 && before.lower.0 != moment.lower.0;
            let similar = up_move != 0 && low_move != 0 && up_move.signum() == low_move.signum();
            let perfect_now = interval.abs().consonance(false) == Consonance::Perfect;
            let detail = || {
                format!(
                    "{} to {} ({}-{} to {low}-{up})",
                    was.name(),
                    interval.name(),
                    before.lower.1,
                    before.upper.1
                )
            };
            let same_kind = (was.is_perfect_fifth() && interval.is_perfect_fifth())
                || (was.is_octave_or_unison() && interval.is_octave_or_unison());
            // Fifths or octaves in a row, in similar or in contrary motion (a unison to an
            // octave, a fifth to a twelfth): both are consecutive perfect consonances.
            if both_moved && up_move != 0 && low_move != 0 && same_kind {
                let rule =
                    if interval.is_perfect_fifth() { Rule::ParallelFifths } else { Rule::ParallelOctaves };
                let motion = if similar { "" } else { " in contrary motion" };
                self.push(found, rule, moment.time, voices.clone(), format!("{}{motion}", detail()));
            } else if both_moved && similar && perfect_now {
                let outer = upper == 0 && lower == piece.voices.len() - 1;
                let upper_leaps = Interval::between(before.upper.1, up).is_leap();
                if two_voices || (outer && upper_leaps) {
                    self.push(found, Rule::DirectPerfect, moment.time, voices.clone(), detail());
                }
            }
            if up.midi() < before.lower.1.midi() && before.upper.0 != moment.upper.0
                || low.midi() > before.upper.1.midi() && before.lower.0 != moment.lower.0
            {
                self.push(found, Rule::Overlap, moment.time, voices.clone(), detail());
            }
        }
        self.downbeat_parallels(upper, lower, &moments, found);
        self.parallel_imperfect(upper, lower, &moments, found);
        if self.complete
            && let Some(last) = moments.last()
            && last.bass
        {
            let interval = Interval::between(last.lower.1, last.upper.1).abs();
            let ok = interval.is_octave_or_unison()
                || (!two_voices
                    && (interval.is_perfect_fifth()
                        || (interval.simple_number() == 3
                            && interval.quality() == crate::pitch::Quality::Major)));
            if !ok || last.time < last_bar {
                self.push(found, Rule::Final, last.time, voices.clone(), interval.name());
            }
        }
    }

    /// Whether `voice` is the lowest sounding at `time`.
    fn is_bass(&self, voice: usize, time: u32, lines: &[Line]) -> bool {
        let Some((_, pitch)) = sounding(&lines[voice], time) else { return false };
        lines.iter().enumerate().all(|(other, line)| {
            other == voice || sounding(line, time).is_none_or(|(_, p)| p.midi() >= pitch.midi())
        })
    }

    fn dissonance(
        &self,
        upper: usize,
        lower: usize,
        moment: &Moment,
        lines: &[Line],
        found: &mut Vec<Violation>,
        shown: String,
    ) {
        let voices = vec![upper, lower];
        let downbeat = moment.time.is_multiple_of(BAR);
        let roles = (self.piece.voices[upper].role, self.piece.voices[lower].role);
        match moment.starts {
            (true, true) => {
                if downbeat {
                    self.push(found, Rule::DissonantDownbeat, moment.time, voices, shown);
                } else {
                    for (voice, index, role) in
                        [(upper, moment.upper.0, roles.0), (lower, moment.lower.0, roles.1)]
                    {
                        self.weak(voice, index, role, moment.time, lines, found, &shown);
                    }
                }
            }
            (upper_starts, _) => {
                // One voice moves against the other's held note.
                let (mover, mover_index, mover_role, held, held_index, held_role, other) = if upper_starts {
                    (upper, moment.upper.0, roles.0, lower, moment.lower.0, roles.1, upper)
                } else {
                    (lower, moment.lower.0, roles.1, upper, moment.upper.0, roles.0, lower)
                };
                if downbeat {
                    if matches!(held_role, Role::Fourth | Role::Fifth) {
                        self.suspension(held, held_index, other, moment.time, lines, found, &shown);
                    } else {
                        self.push(found, Rule::DissonantDownbeat, moment.time, voices, shown);
                    }
                } else {
                    self.weak(mover, mover_index, mover_role, moment.time, lines, found, &shown);
                }
            }
        }
    }

    /// A dissonance that `voice`'s note `index` makes off the beat: a passing tone, or from the
    /// third species on a neighbour note.
    #[allow(clippy::too_many_arguments)]
    fn weak(
        &self,
        voice: usize,
        index: usize,
        role: Role,
        time: u32,
        lines: &[Line],
        found: &mut Vec<Violation>,
        shown: &str,
    ) {
        let line = &lines[voice];
        let allowed = matches!(role, Role::Second | Role::Third | Role::Fifth);
        let Some(before) = index.checked_sub(1).map(|b| line[b].2) else {
            self.push(
                found,
                Rule::WeakDissonance,
                time,
                vec![voice],
                format!("{shown}, not approached by step"),
            );
            return;
        };
        let Some(after) = line.get(index + 1).map(|n| n.2) else {
            if self.complete || !allowed {
                self.push(
                    found,
                    Rule::WeakDissonance,
                    time,
                    vec![voice],
                    format!("{shown}, not left by step"),
                );
            }
            return;
        };
        let note = line[index].2;
        let into = Interval::between(before, note);
        let out = Interval::between(note, after);
        let passing = into.is_step() && out.is_step() && into.steps == out.steps;
        let neighbour = into.is_step() && out.is_step() && into.steps == -out.steps;
        let ok = allowed && (passing || (neighbour && role != Role::Second));
        if !ok {
            let what = if allowed {
                "neither a passing tone nor a neighbour"
            } else {
                "off-beat dissonance in this species"
            };
            self.push(found, Rule::WeakDissonance, time, vec![voice], format!("{shown}, {what}"));
        }
    }

    /// A dissonance on the beat against `held`'s note `index`, tied over from before: it must
    /// have begun as a consonance and go down a step to a consonance.
    #[allow(clippy::too_many_arguments)]
    fn suspension(
        &self,
        held: usize,
        index: usize,
        other: usize,
        time: u32,
        lines: &[Line],
        found: &mut Vec<Violation>,
        shown: &str,
    ) {
        let line = &lines[held];
        let (start, _, pitch) = line[index];
        let voices = vec![held, other];
        if let Some((_, against)) = sounding(&lines[other], start) {
            let bass = self.is_bass(held, start, lines) || self.is_bass(other, start, lines);
            if Interval::between(against, pitch).abs().consonance(!bass) == Consonance::Dissonant {
                self.push(
                    found,
                    Rule::Suspension,
                    time,
                    voices.clone(),
                    format!("{shown}, not prepared by a consonance"),
                );
            }
        }
        let Some(&(next_start, _, next)) = line.get(index + 1) else {
            if self.complete {
                self.push(found, Rule::Suspension, time, voices, format!("{shown}, not resolved"));
            }
            return;
        };
        let down_step = Interval::between(pitch, next).steps == -1;
        let consonant = sounding(&lines[other], next_start).is_none_or(|(_, against)| {
            let bass = self.is_bass(held, next_start, lines) || self.is_bass(other, next_start, lines);
            Interval::between(against, next).abs().consonance(!bass) != Consonance::Dissonant
        });
        if !down_step || !consonant {
            self.push(
                found,
                Rule::Suspension,
                time,
                voices,
                format!("{shown}, not resolved down by step to a consonance"),
            );
        }
    }

    fn downbeat_parallels(&self, upper: usize, lower: usize, moments: &[Moment], found: &mut Vec<Violation>) {
        let beats: Vec<&Moment> = moments.iter().filter(|m| m.time % BAR == 0).collect();
        for pair in beats.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if b.time - a.time != BAR
                || moments.iter().filter(|m| m.time > a.time && m.time < b.time).count() == 0
            {
                continue;
            }
            let (was, now) =
                (Interval::between(a.lower.1, a.upper.1), Interval::between(b.lower.1, b.upper.1));
            let moved = a.upper.1 != b.upper.1 && a.lower.1 != b.lower.1;
            let same = (was.is_perfect_fifth() && now.is_perfect_fifth())
                || (was.is_octave_or_unison() && now.is_octave_or_unison());
            if moved && same {
                self.push(
                    found,
                    Rule::DownbeatParallels,
                    b.time,
                    vec![upper, lower],
                    format!("{} on both downbeats", now.name()),
                );
            }
        }
    }

    fn parallel_imperfect(&self, upper: usize, lower: usize, moments: &[Moment], found: &mut Vec<Violation>) {
        let mut run = 0;
        for pair in moments.windows(2) {
            let (was, now) = (
                Interval::between(pair[0].lower.1, pair[0].upper.1),
                Interval::between(pair[1].lower.1, pair[1].upper.1),
            );
            let up = pair[1].upper.1.midi() - pair[0].upper.1.midi();
            let low = pair[1].lower.1.midi() - pair[0].lower.1.midi();
            let parallel =
                up != 0 && up.signum() == low.signum() && was.simple_number() == now.simple_number();
            let imperfect = matches!(now.simple_number(), 3 | 6);
            run = if parallel && imperfect { run + 1 } else { 0 };
            if run == 3 {
                self.push(
                    found,
                    Rule::ParallelImperfect,
                    pair[1].time,
                    vec![upper, lower],
                    format!("four {}s in a row", ordinal(now.simple_number())),
                );
            }
        }
    }

    /// The cadence: into the last bar, one voice steps down to the final while another rises a
    /// semitone to it (phrygian: falls a semitone, another rises a tone), and the lowest voice
    /// ends on the final.
    fn cadence(&self, lines: &[Line], found: &mut Vec<Violation>) {
        let key = self.key();
        let last_bar = self.piece.length().saturating_sub(BAR);
        let mut moves = Vec::new();
        for line in lines {
            let [.., (_, _, before), (start, _, last)] = line.as_slice() else { return };
            if *start < last_bar {
                return;
            }
            moves.push((Interval::between(*before, *last), *last));
        }
        let into_final = |step: i32, semitones: i32| {
            moves.iter().any(|(m, last)| key.is_final(*last) && m.steps == step && m.semitones == semitones)
        };
        let phrygian = key.mode == crate::mode::Mode::Phrygian;
        let ok = if phrygian {
            into_final(-1, -1) && into_final(1, 2)
        } else {
            into_final(1, 1) && (into_final(-1, -2) || into_final(-1, -1))
        };
        let lowest = lines.iter().filter_map(|l| l.last()).map(|n| n.2).min_by_key(|p| p.midi());
        let lowest_ok = lowest.is_some_and(|p| key.is_final(p));
        if !ok || !lowest_ok {
            let what = if lowest_ok {
                if phrygian {
                    "the final is not reached by a semitone down against a tone up".to_string()
                } else {
                    "the final is not reached by a step down against the leading tone's semitone up"
                        .to_string()
                }
            } else {
                "the lowest voice does not end on the final".to_string()
            };
            self.push(found, Rule::Cadence, last_bar, (0..lines.len()).collect(), what);
        }
    }
}

/// Two voices at a moment when at least one of them starts a note.
struct Moment {
    time: u32,
    upper: (usize, Pitch),
    lower: (usize, Pitch),
    starts: (bool, bool),
    /// Whether the lower voice is the lowest sounding.
    bass: bool,
}

/// The note of `line` sounding at `time`: its index and pitch.
fn sounding(line: &Line, time: u32) -> Option<(usize, Pitch)> {
    let index = line.partition_point(|n| n.1 <= time);
    let note = line.get(index)?;
    (note.0 <= time).then_some((index, note.2))
}

/// Whether a melodic move is allowed: a second, third, perfect fourth or fifth, an ascending
/// minor sixth, an octave, or a repeat.
pub fn allowed_move(step: Interval) -> bool {
    let size = step.steps.abs();
    let semitones = step.semitones.abs();
    match size {
        0 => semitones == 0,
        1 => matches!(semitones, 1 | 2),
        2 => matches!(semitones, 3 | 4),
        3 => semitones == 5,
        4 => semitones == 7,
        5 => step.steps > 0 && semitones == 8,
        7 => semitones == 12,
        _ => false,
    }
}

fn ordinal(number: i32) -> &'static str {
    match number {
        3 => "third",
        6 => "sixth",
        _ => "interval",
    }
}
