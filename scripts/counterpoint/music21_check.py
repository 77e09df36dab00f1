#!/usr/bin/env python3
"""An independent check of two-voice species counterpoint with music21's own tools.

Reads every MusicXML file in the folders or files named and checks, with music21's parser,
intervals and voice-leading quartets: parallel fifths, octaves and unisons; voice crossing;
dissonance on a downbeat unless it is a suspension (tied over, left by a step down to a
consonance); the ending on a unison or octave reached by contrary steps, one of them a
semitone. Prints one line a fault and exits 1 when there is any.
"""

import sys
from pathlib import Path

from music21 import converter, interval, voiceLeading

BAR = 4.0


def lines_of(score):
    """Each part's notes with ties joined: (offset, end, note)."""
    result = []
    for part in score.parts:
        stripped = part.stripTies()
        notes = [n for n in stripped.flatten().notes]
        result.append([(float(n.offset), float(n.offset + n.quarterLength), n) for n in notes])
    return result


def sounding(line, time):
    for index, (start, end, n) in enumerate(line):
        if start <= time < end:
            return index, n
    return None


def check(path):
    score = converter.parse(str(path))
    lines = lines_of(score)
    faults = []
    if len(lines) != 2:
        return [f"{path.name}: {len(lines)} parts, the check reads two"]
    upper, lower = lines
    onsets = sorted({start for line in lines for start, _, _ in line})
    moments = []
    for time in onsets:
        u = sounding(upper, time)
        l = sounding(lower, time)
        if u and l:
            moments.append((time, u, l))
    for time, (ui, un), (li, ln) in moments:
        where = f"{path.name} bar {int(time // BAR) + 1} beat {time % BAR + 1:g}"
        if un.pitch.ps < ln.pitch.ps:
            faults.append(f"{where}: crossing ({ln.pitch} over {un.pitch})")
        if time % BAR == 0 and not interval.Interval(ln, un).isConsonant():
            # A suspension: one voice holds a note over the bar line and steps down to a consonance.
            held = [(line, i, n, other) for (line, i, n, other) in ((upper, ui, un, lower), (lower, li, ln, upper)) if line[i][0] < time]
            ok = False
            for line, i, n, other in held:
                if i + 1 < len(line):
                    nxt_start, _, nxt = line[i + 1]
                    against = sounding(other, nxt_start)
                    step_down = interval.Interval(noteStart=n, noteEnd=nxt).generic.directed == -2
                    if step_down and against and interval.Interval(against[1], nxt).isConsonant() or (
                        step_down and against and interval.Interval(nxt, against[1]).isConsonant()
                    ):
                        ok = True
            if not ok:
                faults.append(f"{where}: dissonant downbeat {interval.Interval(ln, un).name}")
    for (t1, (ui1, u1), (li1, l1)), (t2, (ui2, u2), (li2, l2)) in zip(moments, moments[1:]):
        if ui1 == ui2 or li1 == li2:
            continue
        quartet = voiceLeading.VoiceLeadingQuartet(u1, u2, l1, l2)
        where = f"{path.name} bar {int(t2 // BAR) + 1} beat {t2 % BAR + 1:g}"
        if quartet.parallelFifth():
            faults.append(f"{where}: parallel fifths")
        if quartet.parallelOctave() or quartet.parallelUnison():
            faults.append(f"{where}: parallel octaves or unisons")
    # The cadence.
    (_, _, u_last), (_, _, l_last) = upper[-1], lower[-1]
    (_, _, u_prev), (_, _, l_prev) = upper[-2], lower[-2]
    final = interval.Interval(l_last, u_last)
    up_step = interval.Interval(noteStart=u_prev, noteEnd=u_last)
    low_step = interval.Interval(noteStart=l_prev, noteEnd=l_last)
    contrary = abs(up_step.generic.directed) == 2 and abs(low_step.generic.directed) == 2 and (
        up_step.generic.directed != low_step.generic.directed
    )
    semitone = {up_step.semitones, low_step.semitones} & {1, -1}
    if final.semiSimpleName not in ("P1", "P8") or not contrary or not semitone:
        faults.append(
            f"{path.name}: the cadence {up_step.directedName}/{low_step.directedName} into {final.name} is not a clausula"
        )
    return faults


def main(arguments):
    files = []
    for argument in arguments:
        path = Path(argument)
        files += sorted(path.glob("*.musicxml")) if path.is_dir() else [path]
    if not files:
        print("no MusicXML files given", file=sys.stderr)
        return 2
    faults = []
    for path in files:
        faults += check(path)
    for fault in faults:
        print(fault)
    print(f"music21 checked {len(files)} pieces: {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
