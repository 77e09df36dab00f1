//! What each bot sees: the squares within sight of its ants, the water it has seen, and the
//! other players numbered in the order it first saw them (it is always player 0), rendered as
//! the official protocol's lines. This follows the official engine's `update_revealed` and
//! `render_changes`.

use crate::game::{Direction, Game, WATER};
use crate::rules::Around;
use std::fmt::Write as _;

/// One turn as a bot sees it; owners are in the bot's numbering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The turn about to be played.
    pub turn: u32,
    /// Water seen for the first time, `(row, col)`.
    pub water: Vec<(usize, usize)>,
    /// Hills standing in sight, `(row, col, owner)`.
    pub hills: Vec<(usize, usize, usize)>,
    /// Living ants in sight.
    pub ants: Vec<(usize, usize, usize)>,
    /// Food in sight.
    pub food: Vec<(usize, usize)>,
    /// Ants that died last turn in sight (and the bot's own, anywhere).
    pub dead: Vec<(usize, usize, usize)>,
}

impl State {
    /// The protocol's lines for this state, without the `turn` and `go` lines.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (r, c) in &self.water {
            let _ = writeln!(text, "w {r} {c}");
        }
        for (r, c, o) in &self.hills {
            let _ = writeln!(text, "h {r} {c} {o}");
        }
        for (r, c, o) in &self.ants {
            let _ = writeln!(text, "a {r} {c} {o}");
        }
        for (r, c) in &self.food {
            let _ = writeln!(text, "f {r} {c}");
        }
        for (r, c, o) in &self.dead {
            let _ = writeln!(text, "d {r} {c} {o}");
        }
        text
    }
}

/// The game's settings a bot is told at turn 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Milliseconds for turn 0.
    pub loadtime: u32,
    /// Milliseconds a turn.
    pub turntime: u32,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The last turn.
    pub turns: u32,
    /// Squared view radius.
    pub viewradius2: u32,
    /// Squared attack radius.
    pub attackradius2: u32,
    /// Squared gathering radius.
    pub spawnradius2: u32,
    /// The seed for the bot's own randomness.
    pub player_seed: i64,
}

impl Setup {
    /// The settings of a game.
    pub fn of(game: &Game) -> Setup {
        let s = &game.settings;
        Setup {
            loadtime: s.loadtime,
            turntime: s.turntime,
            rows: game.rows,
            cols: game.cols,
            turns: s.turns,
            viewradius2: s.viewradius2,
            attackradius2: s.attackradius2,
            spawnradius2: s.spawnradius2,
            player_seed: s.player_seed,
        }
    }

    /// Turn 0's message, ending with `ready`.
    pub fn to_text(&self) -> String {
        format!(
            "turn 0\nloadtime {}\nturntime {}\nrows {}\ncols {}\nturns {}\nviewradius2 {}\nattackradius2 {}\nspawnradius2 {}\nplayer_seed {}\nready\n",
            self.loadtime,
            self.turntime,
            self.rows,
            self.cols,
            self.turns,
            self.viewradius2,
            self.attackradius2,
            self.spawnradius2,
            self.player_seed
        )
    }
}

/// The bit of a square's count that marks water its player has not seen yet; the other bits
/// count the player's ants that see the square. One array serves both, so moving an ant's sight
/// touches one value a square.
const UNSEEN_WATER: u16 = 0x8000;
/// The bits that count the ants that see a square.
const SEEING: u16 = !UNSEEN_WATER;

/// Every player's sight, seen water and numbering of the others.
#[derive(Clone, Debug)]
pub struct Views {
    sight: Around,
    /// For a move in each direction (n, e, s, w): the offsets that come into sight and those
    /// that go out of it, and the sight before the move (for an ant that moved and died).
    moved: [[Around; 3]; 4],
    /// How many of each player's ants see each square, and whether it is water the player
    /// has not seen yet ([`UNSEEN_WATER`]).
    counts: Vec<Vec<u16>>,
    /// The living ants (square, owner) and the ants that died this turn, in reading order.
    ants: Vec<(usize, usize)>,
    dead: Vec<(usize, usize)>,
    new_water: Vec<Vec<usize>>,
    /// The food on the board in reading order, and the game's food count it was read at.
    food: Vec<usize>,
    food_read: Option<u64>,
    /// A bit a square, all clear between uses: how squares are put in reading order.
    marks: Vec<u64>,
    squares: Vec<usize>,
    /// For each player, the number it knows each player by.
    switch: Vec<Vec<Option<usize>>>,
}

impl Views {
    /// The views at the start of a game.
    pub fn new(game: &Game) -> Views {
        let (rows, cols, players) = (game.rows, game.cols, game.players);
        let offsets = crate::rules::disc(game.settings.viewradius2, rows, cols);
        let mut switch = vec![vec![None; players]; players];
        for (player, row) in switch.iter_mut().enumerate() {
            row[player] = Some(0);
        }
        let moved = Direction::ALL.map(|direction| {
            // The sight before the move, relative to the ant's square after it.
            let (dr, dc) = direction.offset();
            let back = |&(r, c): &(usize, usize)| {
                (
                    (r as i64 - dr as i64).rem_euclid(rows as i64) as usize,
                    (c as i64 - dc as i64).rem_euclid(cols as i64) as usize,
                )
            };
            let before: Vec<(usize, usize)> = offsets.iter().map(back).collect();
            let entering = offsets.iter().filter(|o| !before.contains(o)).copied().collect();
            let leaving = before.iter().filter(|o| !offsets.contains(o)).copied().collect();
            [entering, leaving, before].map(|list| Around::new(list, rows, cols))
        });
        let mut views = Views {
            sight: Around::new(offsets, rows, cols),
            moved,
            counts: vec![
                (0..rows * cols)
                    .map(|square| if game.square(square) == WATER { UNSEEN_WATER } else { 0 })
                    .collect();
                players
            ],
            ants: Vec::new(),
            dead: Vec::new(),
            new_water: vec![Vec::new(); players],
            food: Vec::new(),
            food_read: None,
            marks: vec![0; (rows * cols).div_ceil(64)],
            squares: Vec::new(),
            switch,
        };
        views.update(game);
        views
    }

    /// Recomputes sight after a turn: what each player's ants see now, the water seen for the
    /// first time, and numbers for players seen for the first time (in reading order).
    pub fn update(&mut self, game: &Game) {
        for player in 0..game.players {
            self.new_water[player].clear();
        }
        // Sight is counted incrementally, as the official engine does: a new ant adds its
        // whole sight, a moved ant the squares it came to see less those it no longer sees,
        // and a dead ant takes away the sight it had before this turn's move.
        for &id in game.living() {
            let ant = &game.ants[id as usize];
            let around = match ant.last_move {
                0 => &self.sight,
                letter => match Direction::from_letter(letter as char) {
                    Some(direction) => {
                        let [entering, leaving, _] = &self.moved[direction as usize];
                        change(&mut self.counts[ant.owner], ant.at, leaving, u16::MAX, None);
                        entering
                    }
                    None => continue,
                },
            };
            change(&mut self.counts[ant.owner], ant.at, around, 1, Some(&mut self.new_water[ant.owner]));
        }
        for &id in &game.killed_this_turn {
            let ant = &game.ants[id as usize];
            let around = match Direction::from_letter(ant.last_move as char) {
                Some(direction) => &self.moved[direction as usize][2],
                None => &self.sight,
            };
            change(&mut self.counts[ant.owner], ant.at, around, u16::MAX, None);
        }
        // The turn's ants, food and dead in reading order, as every player's view lists them.
        let living = game.living().iter().map(|&id| game.ants[id as usize].at);
        in_reading_order(living, &mut self.marks, &mut self.squares);
        self.ants.clear();
        // A living ant is alone on its square, which holds its owner.
        self.ants.extend(self.squares.iter().map(|&square| (square, game.square(square) as usize)));
        self.dead.clear();
        self.dead.extend(
            game.killed_this_turn.iter().map(|&id| (game.ants[id as usize].at, game.ants[id as usize].owner)),
        );
        self.dead.sort_unstable();
        // Players seen for the first time are numbered in reading order of their ants.
        for player in 0..game.players {
            self.new_water[player].sort_unstable();
            if self.switch[player].iter().all(Option::is_some) {
                continue;
            }
            for index in 0..self.ants.len() {
                let (square, owner) = self.ants[index];
                if self.counts[player][square] & SEEING != 0 {
                    self.number(player, owner);
                }
            }
        }
    }

    fn number(&mut self, player: usize, other: usize) -> usize {
        let switch = &mut self.switch[player];
        if let Some(number) = switch[other] {
            return number;
        }
        let number = switch.iter().filter(|n| n.is_some()).count();
        switch[other] = Some(number);
        number
    }

    /// What `player` is told this turn (numbering any player seen for the first time).
    pub fn state(&mut self, game: &Game, player: usize) -> State {
        let cols = game.cols;
        let rc = |square: usize| (square / cols, square % cols);
        // Food is read from the game (turn 0's food is placed after the first update), once
        // for every player.
        if self.food_read != Some(game.food_changes) {
            in_reading_order(game.food_on_board().map(|food| food.at), &mut self.marks, &mut self.food);
            self.food_read = Some(game.food_changes);
        }
        let counts = &self.counts[player];
        let visible = |square: usize| counts[square] & SEEING != 0;
        let mut hills: Vec<(usize, usize, usize)> = game
            .hills
            .iter()
            .filter(|hill| hill.razed_by.is_none() && visible(hill.at))
            .map(|hill| (rc(hill.at).0, rc(hill.at).1, hill.owner))
            .collect();
        let mut ants: Vec<(usize, usize, usize)> = self
            .ants
            .iter()
            .filter(|&&(at, _)| visible(at))
            .map(|&(at, owner)| (rc(at).0, rc(at).1, owner))
            .collect();
        let food: Vec<(usize, usize)> =
            self.food.iter().filter(|&&at| visible(at)).map(|&at| rc(at)).collect();
        let mut dead: Vec<(usize, usize, usize)> = self
            .dead
            .iter()
            .filter(|&&(at, owner)| visible(at) || owner == player)
            .map(|&(at, owner)| (rc(at).0, rc(at).1, owner))
            .collect();
        hills.sort_unstable();
        for list in [&mut hills, &mut ants, &mut dead] {
            for entry in list.iter_mut() {
                entry.2 = self.number(player, entry.2);
            }
        }
        State {
            turn: game.turn + 1,
            water: self.new_water[player].iter().map(|&square| rc(square)).collect(),
            hills,
            ants,
            food,
            dead,
        }
    }

    /// A list indexed by the game's players, reordered into `player`'s numbering (`None` for a
    /// player it has never seen), as the official `order_for_player`.
    pub fn order_for<T: Clone>(&self, player: usize, data: &[T]) -> Vec<Option<T>> {
        let switch = &self.switch[player];
        (0..data.len())
            .map(|number| switch.iter().position(|n| *n == Some(number)).map(|index| data[index].clone()))
            .collect()
    }
}

/// Puts `squares` (no square twice) into `out` in reading order by marking them in `marks` (a bit
/// a square, all clear) and reading the marks back, which clears them: linear in the squares
/// and the board's words, where a sort would compare.
fn in_reading_order(squares: impl Iterator<Item = usize>, marks: &mut [u64], out: &mut Vec<usize>) {
    out.clear();
    for square in squares {
        marks[square / 64] |= 1 << (square % 64);
    }
    for (index, word) in marks.iter_mut().enumerate() {
        let mut bits = std::mem::take(word);
        while bits != 0 {
            out.push(index * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// Adds `delta` to the counts of the squares `around` `at`; with `water`, adds the squares of
/// water seen for the first time to it (and marks them seen).
fn change(counts: &mut [u16], at: usize, around: &Around, delta: u16, water: Option<&mut Vec<usize>>) {
    match water {
        None => around.each(at, |square| counts[square] = counts[square].wrapping_add(delta)),
        Some(water) => around.each(at, |square| {
            let count = counts[square].wrapping_add(delta);
            counts[square] = count & SEEING;
            if count & UNSEEN_WATER != 0 {
                water.push(square);
            }
        }),
    }
}
