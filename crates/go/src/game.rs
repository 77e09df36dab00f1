//! A game: moves under the rules (positional superko over the whole history), two passes to end,
//! area scoring over sample points, and the text record with integer coordinates.
//!
//! Scoring: a 64 x 64 grid of sample points (the centres of cells 1/64 of the board wide). A
//! point inside a stone (at most r from its centre) counts for the stone's colour. The empty
//! points split into regions (4-neighbours, not crossing stones); a region whose neighbouring
//! covered points are all of one colour is that colour's territory, any other region is
//! neutral. Score = covered points + territory, and White adds komi (in sample points).

use super::geometry::{BOARD, Geometry, Point};
use super::position::{Colour, Illegal, Position, Stone};
use rustc_hash::FxHashSet;

/// Sample points a side for scoring.
pub const SAMPLES: usize = 64;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// A stone of this colour here.
    Place(Colour, Point),
    /// This colour passes.
    Pass(Colour),
}

/// A game in progress: the position and the history that the rules need.
#[derive(Clone, Debug)]
pub struct Game {
    /// The stones on the board.
    pub position: Position,
    /// Whose turn it is.
    pub to_move: Colour,
    /// The moves so far.
    pub moves: Vec<Move>,
    /// Komi for White, in sample points.
    pub komi: f64,
    seen: FxHashSet<u64>,
    passes: u8,
    /// Stones each colour has captured (black's captures first).
    pub captures: [usize; 2],
}

/// The score of a position.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Score {
    /// Black's covered sample points plus territory.
    pub black: f64,
    /// White's, with komi.
    pub white: f64,
    /// Each sample point's owner, row by row: 0 neutral, 1 black, 2 white.
    pub owners: Vec<u8>,
}

impl Score {
    /// The winner (`None`: a tie).
    pub fn winner(&self) -> Option<Colour> {
        if self.black > self.white {
            Some(Colour::Black)
        } else if self.white > self.black {
            Some(Colour::White)
        } else {
            None
        }
    }
}

impl Game {
    /// A new game on an empty board.
    pub fn new(geometry: Geometry, komi: f64) -> Self {
        let position = Position::new(geometry);
        let seen = FxHashSet::from_iter([position.hash()]);
        Self { position, to_move: Colour::Black, moves: Vec::new(), komi, seen, passes: 0, captures: [0, 0] }
    }

    /// Whether two passes in a row ended the game.
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Plays a stone for the side to move; on success the stones it captured.
    pub fn play(&mut self, at: Point) -> Result<Vec<Stone>, Illegal> {
        let mut next = self.position.clone();
        let captured = next.play(self.to_move, at)?;
        if self.seen.contains(&next.hash()) {
            return Err(Illegal::Superko);
        }
        self.seen.insert(next.hash());
        self.position = next;
        self.captures[self.to_move.index()] += captured.len();
        self.moves.push(Move::Place(self.to_move, at));
        self.to_move = self.to_move.other();
        self.passes = 0;
        Ok(captured)
    }

    /// Whether the side to move may play at `at` (all the rules, superko included).
    pub fn is_legal(&self, at: Point) -> bool {
        if !self.position.fits(at) {
            return false;
        }
        let mut next = self.position.clone();
        next.play(self.to_move, at).is_ok() && !self.seen.contains(&next.hash())
    }

    /// The side to move passes.
    pub fn pass(&mut self) {
        self.moves.push(Move::Pass(self.to_move));
        self.to_move = self.to_move.other();
        self.passes += 1;
    }

    /// Area score of the current position (see the module's docs).
    pub fn score(&self) -> Score {
        score(&self.position, self.komi, SAMPLES)
    }

    /// The game replayed to its first `count` moves (for undo).
    pub fn replayed(&self, count: usize) -> Result<Game, Illegal> {
        let mut game = Game::new(self.position.geometry, self.komi);
        for &step in &self.moves[..count.min(self.moves.len())] {
            match step {
                Move::Place(_, at) => {
                    game.play(at)?;
                }
                Move::Pass(_) => game.pass(),
            }
        }
        Ok(game)
    }

    /// The game's text record: a header (`eugo 1`, `radius R`, `komi K`), then a move a line:
    /// `B x y`, `W x y`, `B pass`.
    pub fn record(&self) -> String {
        let mut text = format!("eugo 1\nradius {}\nkomi {}\n", self.position.geometry.radius, self.komi);
        for step in &self.moves {
            match step {
                Move::Place(colour, at) => text.push_str(&format!("{} {} {}\n", colour.letter(), at.x, at.y)),
                Move::Pass(colour) => text.push_str(&format!("{} pass\n", colour.letter())),
            }
        }
        text
    }

    /// Reads a record (see [`Game::record`]), playing every move under the rules; errors name
    /// the line.
    pub fn from_record(text: &str) -> Result<Game, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
        let mut header = |key: &str| -> Result<(usize, String), String> {
            let (number, line) =
                lines.next().ok_or_else(|| format!("the record ends before its '{key}' line"))?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(word), Some(value), None) if word == key => Ok((number + 1, value.to_string())),
                _ => Err(format!("line {}: expected '{key} VALUE', found '{}'", number + 1, line.trim())),
            }
        };
        let (line, version) = header("eugo")?;
        if version != "1" {
            return Err(format!("line {line}: unknown record version '{version}' (this reads 1)"));
        }
        let (line, radius) = header("radius")?;
        let geometry = radius.parse::<i64>().ok().and_then(super::game_geometry).ok_or_else(|| {
            format!(
                "line {line}: radius '{radius}' must be a whole number from {} to {}",
                super::MIN_RADIUS,
                super::MAX_RADIUS
            )
        })?;
        let (line, komi) = header("komi")?;
        let komi: f64 = komi
            .parse()
            .ok()
            .filter(|k: &f64| k.is_finite() && k.abs() <= 4096.0)
            .ok_or_else(|| format!("line {line}: komi '{komi}' is not a number within ±4096"))?;
        let mut game = Game::new(geometry, komi);
        for (number, line) in lines {
            let number = number + 1;
            let words: Vec<&str> = line.split_whitespace().collect();
            let colour = match words.first() {
                Some(&"B") => Colour::Black,
                Some(&"W") => Colour::White,
                _ => {
                    return Err(format!("line {number}: a move starts with B or W, found '{}'", line.trim()));
                }
            };
            if colour != game.to_move {
                return Err(format!(
                    "line {number}: it is {}'s turn",
                    if game.to_move == Colour::Black { "Black" } else { "White" }
                ));
            }
            match words[1..] {
                ["pass"] => game.pass(),
                [x, y] => {
                    let coordinate =
                        |text: &str| text.parse::<i64>().ok().filter(|v| (0..=BOARD).contains(v));
                    let (Some(x), Some(y)) = (coordinate(x), coordinate(y)) else {
                        return Err(format!(
                            "line {number}: coordinates must be whole numbers from 0 to {BOARD}, found '{x} {y}'"
                        ));
                    };
                    game.play(Point::new(x, y)).map_err(|error| format!("line {number}: {error}"))?;
                }
                _ => {
                    return Err(format!(
                        "line {number}: expected 'B x y', 'W x y' or 'B pass', found '{}'",
                        line.trim()
                    ));
                }
            }
        }
        Ok(game)
    }
}

/// Area score of `position` on a `samples` x `samples` grid (see the module's docs).
pub fn score(position: &Position, komi: f64, samples: usize) -> Score {
    let step = (BOARD + 1) as f64 / samples as f64;
    let centre = |i: usize| ((i as f64 + 0.5) * step) as i64;
    let r2 = position.geometry.radius * position.geometry.radius;
    // 0 empty, 1 black, 2 white: the covering stone's colour.
    let mut cover = vec![0u8; samples * samples];
    for row in 0..samples {
        for col in 0..samples {
            let p = Point::new(centre(col), centre(row));
            if let Some(id) = position.near(p, r2).next() {
                cover[row * samples + col] = 1 + position.stones()[id].colour.index() as u8;
            }
        }
    }
    let mut owners = cover.clone();
    let mut region = vec![usize::MAX; samples * samples];
    for start in 0..samples * samples {
        if cover[start] != 0 || region[start] != usize::MAX {
            continue;
        }
        let mut members = vec![start];
        region[start] = start;
        let mut borders = 0u8; // bit 1 black, bit 2 white
        let mut next = 0;
        while next < members.len() {
            let cell = members[next];
            next += 1;
            let (row, col) = (cell / samples, cell % samples);
            let neighbours = [
                (row > 0).then(|| cell - samples),
                (row + 1 < samples).then(|| cell + samples),
                (col > 0).then(|| cell - 1),
                (col + 1 < samples).then(|| cell + 1),
            ];
            for neighbour in neighbours.into_iter().flatten() {
                match cover[neighbour] {
                    0 if region[neighbour] == usize::MAX => {
                        region[neighbour] = start;
                        members.push(neighbour);
                    }
                    0 => {}
                    colour => borders |= colour,
                }
            }
        }
        let owner = if borders == 1 || borders == 2 { borders } else { 0 };
        for member in members {
            owners[member] = owner;
        }
    }
    let black = owners.iter().filter(|&&o| o == 1).count() as f64;
    let white = owners.iter().filter(|&&o| o == 2).count() as f64 + komi;
    Score { black, white, owners }
}

/// What moving a position to `factor` times the board's resolution does to it (the talk page's
/// "upwards-compatibility of game records"): every coordinate and the radius scaled by the
/// factor. No stone overlaps another or leaves the board that did not before, but Eq. 1's band
/// of touching distances stays one unit wide while the distances grow, so two stones more than
/// 2r + 1/k apart no longer touch.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rescaled {
    /// The factor.
    pub factor: i64,
    /// Pairs of stones of one colour that touch.
    pub connections: usize,
    /// Of those, the pairs that no longer touch at the finer resolution.
    pub lost: usize,
    /// Chains before.
    pub chains: usize,
    /// Chains at the finer resolution.
    pub chains_after: usize,
}

/// [`Rescaled`] of `position` at `factor` times the resolution.
pub fn rescaled(position: &Position, factor: i64) -> Rescaled {
    let geometry = position.geometry;
    let stones = position.stones();
    let finer = (2 * factor * geometry.radius + 1) as i128;
    let mut parent: Vec<usize> = (0..stones.len()).collect();
    fn root(parent: &mut [usize], mut id: usize) -> usize {
        while parent[id] != id {
            parent[id] = parent[parent[id]];
            id = parent[id];
        }
        id
    }
    let (mut connections, mut lost) = (0, 0);
    for a in 0..stones.len() {
        for b in position.near(stones[a].at, geometry.max2()) {
            if b <= a
                || stones[a].colour != stones[b].colour
                || !geometry.connected(stones[a].at, stones[b].at)
            {
                continue;
            }
            connections += 1;
            let scaled = stones[a].at.distance2(stones[b].at) as i128 * (factor as i128).pow(2);
            if scaled > finer * finer {
                lost += 1;
            } else {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let chains_after = (0..stones.len()).filter(|&id| root(&mut parent, id) == id).count();
    Rescaled { factor, connections, lost, chains: position.chains().len(), chains_after }
}

/// A game of `moves` moves, each drawn uniformly from the computer's candidates (touching
/// placements and a lattice of free points): positions to try [`rescaled`] on.
pub fn random_game(geometry: Geometry, moves: usize, rng: &mut impl rand::Rng) -> Game {
    use rand::seq::IndexedRandom;
    let mut game = Game::new(geometry, 0.5);
    for _ in 0..moves {
        let legal: Vec<Point> = crate::ai::candidates(&game.position)
            .into_iter()
            .flatten()
            .filter(|&p| game.is_legal(p))
            .collect();
        match legal.choose(rng) {
            Some(&p) => {
                let _ = game.play(p);
            }
            None => game.pass(),
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finer_resolution_loses_the_touches_at_the_far_end_of_the_band() {
        let geometry = Geometry::new(345).unwrap();
        let mut position = Position::new(geometry);
        position.play(Colour::Black, Point::new(1000, 1000)).unwrap();
        // 2r + 1 apart: touching now, 2r + 1/2 apart at twice the resolution.
        position.play(Colour::Black, Point::new(1691, 1000)).unwrap();
        // Just over 2r apart: touching at every resolution.
        position.play(Colour::Black, Point::new(1020, 1690)).unwrap();
        let rescaled = rescaled(&position, 2);
        assert_eq!((rescaled.connections, rescaled.lost), (2, 1));
        assert_eq!((rescaled.chains, rescaled.chains_after), (1, 2));
        assert_eq!(super::rescaled(&position, 1).lost, 0);
    }

    #[test]
    fn records_round_trip_and_bad_records_name_the_line() {
        let geometry = Geometry::new(1724).unwrap();
        let mut game = Game::new(geometry, 7.0);
        game.play(Point::new(20_000, 20_000)).unwrap();
        game.play(Point::new(40_000, 40_000)).unwrap();
        game.pass();
        let text = game.record();
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.record(), text);
        for (record, needle) in [
            ("eugo 2\nradius 1724\nkomi 7\n", "line 1: unknown record version"),
            ("eugo 1\nradius 5\nkomi 7\n", "line 2: radius '5'"),
            ("eugo 1\nradius 1724\nkomi x\n", "line 3: komi"),
            (
                "eugo 1\nradius 1724\nkomi 7\nB 100 20000\n",
                "line 4: a stone at (100, 20000) would not lie fully on the board",
            ),
            (
                "eugo 1\nradius 1724\nkomi 7\nB 20000 20000\nW 20001 20000\n",
                "line 5: a stone at (20001, 20000) would overlap",
            ),
            ("eugo 1\nradius 1724\nkomi 7\nW 20000 20000\n", "line 4: it is Black's turn"),
            ("eugo 1\nradius 1724\nkomi 7\nB 20000\n", "line 4: expected"),
            ("eugo 1\nradius 1724\nkomi 7\nB 99999 5\n", "line 4: coordinates must be"),
        ] {
            let error = Game::from_record(record).unwrap_err();
            assert!(error.contains(needle), "{record:?}: {error}");
        }
    }

    #[test]
    fn two_passes_end_the_game_and_territory_goes_to_the_only_neighbour() {
        let geometry = Geometry::new(1724).unwrap();
        let mut game = Game::new(geometry, 0.0);
        game.play(Point::new(30_000, 30_000)).unwrap();
        game.pass();
        assert!(!game.is_over());
        game.pass();
        assert!(game.is_over());
        let score = game.score();
        // One black stone: every empty point's region borders only black.
        assert_eq!(score.black, (SAMPLES * SAMPLES) as f64);
        assert_eq!(score.winner(), Some(Colour::Black));
    }
}
