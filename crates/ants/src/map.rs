//! The map file: `rows`, `cols` and `players` lines, then one `m` line a row of `.` land, `%`
//! water, `*` food, `a`-`j` an ant of player 0-9, `0`-`9` a hill and `A`-`J` a hill with its
//! owner's ant on it. Blank lines and lines starting with `#` are skipped. The board wraps at
//! its edges. A new game ignores the map's ants and food: each hill starts with one ant.

use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;

/// A square's index: `row * cols + col`.
pub type Square = usize;

/// The most players a map can have.
pub const MAX_PLAYERS: usize = 10;

/// A parsed map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Players, 2 to 10.
    pub players: usize,
    /// Whether each square is water.
    pub water: Vec<bool>,
    /// The hills, each `(square, owner)`, in the official engine's order: owners in the order
    /// their first hill appears in the file, each owner's hills in reading order.
    pub hills: Vec<(Square, usize)>,
}

/// Why a map cannot be read: the 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct MapError {
    /// The line at fault (0 when the fault is the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn fault(line: usize, message: impl Into<String>) -> MapError {
    MapError { line, message: message.into() }
}

/// The largest map side read.
pub const MAX_SIDE: usize = 1000;

impl Map {
    /// Reads a map file's text.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        let (mut rows, mut cols, mut players) = (None::<usize>, None::<usize>, None::<usize>);
        let mut water = Vec::new();
        let mut hill_lists: Vec<(usize, Vec<Square>)> = Vec::new();
        let mut row = 0usize;
        for (index, raw) in text.lines().enumerate() {
            let line_number = index + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = |what: &str| -> Result<usize, MapError> {
                value.trim().parse::<usize>().map_err(|_| {
                    fault(line_number, format!("{what} must be a whole number, not '{}'", value.trim()))
                })
            };
            match key.to_ascii_lowercase().as_str() {
                "rows" => {
                    let value = number("rows")?;
                    if !(1..=MAX_SIDE).contains(&value) {
                        return Err(fault(line_number, format!("rows must be 1 to {MAX_SIDE}")));
                    }
                    rows = Some(value);
                }
                "cols" => {
                    let value = number("cols")?;
                    if !(1..=MAX_SIDE).contains(&value) {
                        return Err(fault(line_number, format!("cols must be 1 to {MAX_SIDE}")));
                    }
                    cols = Some(value);
                }
                "players" => {
                    let value = number("players")?;
                    if !(2..=MAX_PLAYERS).contains(&value) {
                        return Err(fault(line_number, "player count must be between 2 and 10"));
                    }
                    players = Some(value);
                }
                "m" => {
                    let Some(count) = players else {
                        return Err(fault(line_number, "players count expected before map lines"));
                    };
                    let (Some(height), Some(width)) = (rows, cols) else {
                        return Err(fault(line_number, "rows and cols expected before map lines"));
                    };
                    if row >= height {
                        return Err(fault(line_number, format!("more than {height} map rows")));
                    }
                    let value = raw.trim_start().get(2..).unwrap_or("").trim();
                    if value.chars().count() != width {
                        return Err(fault(
                            line_number,
                            format!("row {row} has {} columns, expected {width}", value.chars().count()),
                        ));
                    }
                    for (col, c) in value.chars().enumerate() {
                        let square = row * width + col;
                        let hill = match c {
                            '%' => {
                                water.push(square);
                                None
                            }
                            '.' | '*' => None,
                            'a'..='j' if ((c as u8 - b'a') as usize) < count => None,
                            '0'..='9' if ((c as u8 - b'0') as usize) < count => {
                                Some((c as u8 - b'0') as usize)
                            }
                            'A'..='J' if ((c as u8 - b'A') as usize) < count => {
                                Some((c as u8 - b'A') as usize)
                            }
                            _ => {
                                return Err(fault(
                                    line_number,
                                    format!("invalid character in map: '{c}' at column {}", col + 1),
                                ));
                            }
                        };
                        if let Some(owner) = hill {
                            match hill_lists.iter_mut().find(|(who, _)| *who == owner) {
                                Some((_, list)) => list.push(square),
                                None => hill_lists.push((owner, vec![square])),
                            }
                        }
                    }
                    row += 1;
                }
                "score" | "hive" => {}
                other => return Err(fault(line_number, format!("unknown key '{other}'"))),
            }
        }
        let (Some(rows), Some(cols), Some(players)) = (rows, cols, players) else {
            return Err(fault(0, "rows, cols and players are all needed"));
        };
        if row != rows {
            return Err(fault(0, format!("expected {rows} map rows, got {row}")));
        }
        for player in 0..players {
            if !hill_lists.iter().any(|(who, _)| *who == player) {
                return Err(fault(0, format!("player {player} has no starting hills")));
            }
        }
        let mut is_water = vec![false; rows * cols];
        for square in water {
            is_water[square] = true;
        }
        let hills = hill_lists
            .into_iter()
            .flat_map(|(owner, list)| list.into_iter().map(move |square| (square, owner)))
            .collect();
        Ok(Map { rows, cols, players, water: is_water, hills })
    }

    /// The map's text, hills with their starting ants as `A`-`J`.
    pub fn to_text(&self) -> String {
        let mut text = format!("rows {}\ncols {}\nplayers {}\n", self.rows, self.cols, self.players);
        for line in self.lines() {
            let _ = writeln!(text, "m {line}");
        }
        text
    }

    /// The map's rows as the replay's `map.data` writes them.
    pub fn lines(&self) -> Vec<String> {
        let mut grid: Vec<u8> = self.water.iter().map(|&water| if water { b'%' } else { b'.' }).collect();
        for &(square, owner) in &self.hills {
            grid[square] = b'A' + owner as u8;
        }
        grid.chunks(self.cols).map(|row| String::from_utf8_lossy(row).into_owned()).collect()
    }

    /// Squares of land (not water).
    pub fn land_area(&self) -> usize {
        self.water.iter().filter(|water| !**water).count()
    }
}

/// What [`generate`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSpec {
    /// Players, 2 to 10.
    pub players: usize,
    /// Hills a player, 1 to 9.
    pub hills: usize,
    /// Rows, 8 to 200.
    pub rows: usize,
    /// Columns of each player's strip, 8 to 200 (the map has `players` strips side by side).
    pub strip_cols: usize,
    /// Fraction of water in percent, 0 to 40.
    pub water_percent: usize,
}

impl MapSpec {
    /// Whether every field is in range; the message names the first that is not.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err("players must be 2 to 10".into());
        }
        if !(1..=9).contains(&self.hills) {
            return Err("hills must be 1 to 9".into());
        }
        if !(8..=200).contains(&self.rows) || !(8..=200).contains(&self.strip_cols) {
            return Err("rows and strip columns must be 8 to 200".into());
        }
        if self.water_percent > 40 {
            return Err("water must be at most 40 percent".into());
        }
        Ok(())
    }
}

/// A map with translational symmetry (so that the engine's symmetric food works): one strip of
/// random water blobs and hills, repeated once a player side by side, each copy's hills given to
/// the next player. Land is connected; hills are at least 8 squares apart.
pub fn generate(spec: &MapSpec, seed: u64) -> Result<Map, String> {
    spec.check()?;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let (rows, strip) = (spec.rows, spec.strip_cols);
    let cols = strip * spec.players;
    for _attempt in 0..100 {
        let mut water = vec![false; rows * strip];
        let target = rows * strip * spec.water_percent / 100;
        let mut placed = 0;
        while placed < target {
            let (r, c) = (rng.random_range(0..rows), rng.random_range(0..strip));
            let (h, w) = (rng.random_range(1..=4usize), rng.random_range(1..=4usize));
            for dr in 0..h {
                for dc in 0..w {
                    let square = ((r + dr) % rows) * strip + (c + dc) % strip;
                    if !water[square] {
                        water[square] = true;
                        placed += 1;
                    }
                }
            }
        }
        // The whole map's water, for the connectivity check.
        let full: Vec<bool> =
            (0..rows * cols).map(|square| water[(square / cols) * strip + (square % cols) % strip]).collect();
        let Some(land) = largest_region(&full, rows, cols) else { continue };
        let mut hills = Vec::new();
        let mut tries = 0;
        while hills.len() < spec.hills && tries < 10_000 {
            tries += 1;
            let (r, c) = (rng.random_range(0..rows), rng.random_range(0..strip));
            let square = r * cols + c;
            if !land[square] {
                continue;
            }
            let far = hills.iter().all(|&(hr, hc): &(usize, usize)| {
                let dr = hr.abs_diff(r).min(rows - hr.abs_diff(r));
                let dc = hc.abs_diff(c).min(strip - hc.abs_diff(c));
                dr * dr + dc * dc >= 64
            });
            if far {
                hills.push((r, c));
            }
        }
        if hills.len() < spec.hills {
            continue;
        }
        hills.sort_unstable();
        let mut map = Map {
            rows,
            cols,
            players: spec.players,
            water: full.iter().zip(&land).map(|(w, l)| *w || !l).collect(),
            hills: Vec::new(),
        };
        for player in 0..spec.players {
            for &(r, c) in &hills {
                map.hills.push((r * cols + c + player * strip, player));
            }
        }
        return Ok(map);
    }
    Err("no map with connected land found; try less water".into())
}

/// The squares of the largest 4-connected land region (wrapping), or `None` when it has less
/// than half the land.
fn largest_region(water: &[bool], rows: usize, cols: usize) -> Option<Vec<bool>> {
    let mut region = vec![usize::MAX; rows * cols];
    let mut best = (0, 0);
    let mut land = 0;
    let mut next = 0;
    for start in 0..rows * cols {
        if water[start] || region[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        region[start] = next;
        let mut size = 0;
        while let Some(square) = stack.pop() {
            size += 1;
            for neighbour in neighbours(square, rows, cols) {
                if !water[neighbour] && region[neighbour] == usize::MAX {
                    region[neighbour] = next;
                    stack.push(neighbour);
                }
            }
        }
        land += size;
        if size > best.1 {
            best = (next, size);
        }
        next += 1;
    }
    (best.1 * 2 >= land && land > 0).then(|| region.iter().map(|&id| id == best.0).collect())
}

/// The four squares next to `square`, in the order north, east, south, west.
pub fn neighbours(square: Square, rows: usize, cols: usize) -> [Square; 4] {
    let (r, c) = (square / cols, square % cols);
    [
        ((r + rows - 1) % rows) * cols + c,
        r * cols + (c + 1) % cols,
        ((r + 1) % rows) * cols + c,
        r * cols + (c + cols - 1) % cols,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_reads_and_writes_back() {
        let text = "rows 3\ncols 4\nplayers 2\nm A..%\nm .%..\nm ..B.\n";
        let map = Map::parse(text).unwrap();
        assert_eq!(map.hills, vec![(0, 0), (10, 1)]);
        assert!(map.water[3] && map.water[5]);
        assert_eq!(map.to_text(), text);
        assert_eq!(map.land_area(), 10);
    }

    #[test]
    fn bad_maps_name_their_line() {
        let error = Map::parse("rows 2\ncols 2\nplayers 2\nm 0.\nm .x\n").unwrap_err();
        assert_eq!(error.line, 5);
        assert!(error.message.contains("'x'"), "{error}");
        assert_eq!(
            Map::parse("rows 2\ncols 2\nplayers 2\nm 0.\nm ..\n").unwrap_err().message,
            "player 1 has no starting hills"
        );
        assert_eq!(Map::parse("rows 2\ncols 3\nplayers 2\nm 0.\n").unwrap_err().line, 4);
        assert_eq!(Map::parse("players 11\n").unwrap_err().line, 1);
    }

    #[test]
    fn generated_maps_are_symmetric_and_connected() {
        let spec = MapSpec { players: 3, hills: 2, rows: 20, strip_cols: 16, water_percent: 20 };
        let map = generate(&spec, 5).unwrap();
        assert_eq!(map.hills.len(), 6);
        let again = Map::parse(&map.to_text()).unwrap();
        assert_eq!(again, map);
        for square in 0..map.rows * map.cols {
            let shifted = (square / map.cols) * map.cols + (square % map.cols + 16) % map.cols;
            assert_eq!(map.water[square], map.water[shifted]);
        }
    }
}
