//! What each bot sees: the squares within sight of its ants, the water it has seen, and the
//! other players numbered in the order it first saw them (it is always player 0), rendered as
//! the official protocol's lines. This follows the official engine's `update_revealed` and
//! `render_changes`.

use crate::game::{Game, WATER};
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

/// Every player's sight, seen water and numbering of the others.
#[derive(Clone, Debug)]
pub struct Views {
    offsets: Vec<(usize, usize)>,
    /// Whether each square is in sight, a player.
    pub visible: Vec<Vec<bool>>,
    revealed: Vec<Vec<bool>>,
    new_water: Vec<Vec<(usize, usize)>>,
    /// For each player, the number it knows each player by.
    switch: Vec<Vec<Option<usize>>>,
}

impl Views {
    /// The views at the start of a game.
    pub fn new(game: &Game) -> Views {
        let (rows, cols, players) = (game.rows, game.cols, game.players);
        let mx = (game.settings.viewradius2 as f64).sqrt() as i64;
        let mut offsets = Vec::new();
        for dr in -mx..=mx {
            for dc in -mx..=mx {
                if dr * dr + dc * dc <= i64::from(game.settings.viewradius2) {
                    let offset = (dr.rem_euclid(rows as i64) as usize, dc.rem_euclid(cols as i64) as usize);
                    if !offsets.contains(&offset) {
                        offsets.push(offset);
                    }
                }
            }
        }
        let mut switch = vec![vec![None; players]; players];
        for (player, row) in switch.iter_mut().enumerate() {
            row[player] = Some(0);
        }
        let mut views = Views {
            offsets,
            visible: vec![vec![false; rows * cols]; players],
            revealed: vec![vec![false; rows * cols]; players],
            new_water: vec![Vec::new(); players],
            switch,
        };
        views.update(game);
        views
    }

    /// Recomputes sight after a turn: what each player's ants see now, the water seen for the
    /// first time, and numbers for players seen for the first time (in reading order).
    pub fn update(&mut self, game: &Game) {
        let (rows, cols) = (game.rows, game.cols);
        for visible in &mut self.visible {
            visible.fill(false);
        }
        for &id in game.living() {
            let ant = &game.ants[id as usize];
            let (r, c) = (ant.at / cols, ant.at % cols);
            let visible = &mut self.visible[ant.owner];
            for &(dr, dc) in &self.offsets {
                visible[((r + dr) % rows) * cols + (c + dc) % cols] = true;
            }
        }
        for player in 0..game.players {
            self.new_water[player].clear();
            for square in 0..rows * cols {
                if !self.visible[player][square] {
                    continue;
                }
                let value = game.square(square);
                if value >= 0 {
                    self.number(player, value as usize);
                }
                if !self.revealed[player][square] {
                    self.revealed[player][square] = true;
                    if value == WATER {
                        self.new_water[player].push((square / cols, square % cols));
                    }
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

    /// The number `player` knows `other` by, if it has seen it.
    pub fn number_of(&self, player: usize, other: usize) -> Option<usize> {
        self.switch[player][other]
    }

    /// What `player` is told this turn (numbering any player seen for the first time).
    pub fn state(&mut self, game: &Game, player: usize) -> State {
        let cols = game.cols;
        let rc = |square: usize| (square / cols, square % cols);
        let visible = &self.visible[player];
        let mut hills: Vec<(usize, usize, usize)> = game
            .hills
            .iter()
            .filter(|hill| hill.razed_by.is_none() && visible[hill.at])
            .map(|hill| (rc(hill.at).0, rc(hill.at).1, hill.owner))
            .collect();
        let mut ants: Vec<(usize, usize, usize)> = game
            .living()
            .iter()
            .map(|&id| &game.ants[id as usize])
            .filter(|ant| visible[ant.at])
            .map(|ant| (rc(ant.at).0, rc(ant.at).1, ant.owner))
            .collect();
        let mut food: Vec<(usize, usize)> =
            game.food_on_board().filter(|food| visible[food.at]).map(|food| rc(food.at)).collect();
        let mut dead: Vec<(usize, usize, usize)> = game
            .killed_this_turn
            .iter()
            .map(|&id| &game.ants[id as usize])
            .filter(|ant| visible[ant.at] || ant.owner == player)
            .map(|ant| (rc(ant.at).0, rc(ant.at).1, ant.owner))
            .collect();
        hills.sort_unstable();
        ants.sort_unstable();
        food.sort_unstable();
        dead.sort_unstable();
        for list in [&mut hills, &mut ants, &mut dead] {
            for entry in list.iter_mut() {
                entry.2 = self.number(player, entry.2);
            }
        }
        State { turn: game.turn + 1, water: self.new_water[player].clone(), hills, ants, food, dead }
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
