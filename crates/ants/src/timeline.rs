//! A finished game turn by turn, for a viewer: where every ant stood after each turn, the ants
//! that died, the food and hills on the board, and the scores and ant counts over the game.

use crate::game::{Direction, Game};
use crate::map::Square;

/// The board after one turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// Living ants: square and owner.
    pub ants: Vec<(u32, u8)>,
    /// Ants that died this turn, where they died.
    pub dead: Vec<(u32, u8)>,
}

/// A whole game.
#[derive(Clone, Debug)]
pub struct Timeline {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Players.
    pub players: usize,
    /// Water.
    pub water: Vec<bool>,
    /// Frames 0 (the start) to the last turn.
    pub frames: Vec<Frame>,
    /// Each food: square, first turn on the board, first turn off it.
    pub food: Vec<(Square, u32, u32)>,
    /// Each hill: square, owner, the turn it was razed.
    pub hills: Vec<(Square, usize, Option<u32>)>,
    /// Each player's score after each turn (the bonus added at the last).
    pub scores: Vec<Vec<i32>>,
    /// Each player's ants after each turn.
    pub ant_counts: Vec<Vec<u32>>,
    /// Why the game ended.
    pub cutoff: String,
    /// The squares an ant sees, as steps from it.
    sight_offsets: Vec<(usize, usize)>,
}

impl Timeline {
    /// The timeline of a finished game.
    pub fn of(game: &Game) -> Timeline {
        let last = game.turn as usize;
        let mut frames = vec![Frame::default(); last + 1];
        let mut ant_counts = vec![vec![0u32; last + 1]; game.players];
        for ant in &game.ants {
            let mut at = ant.start;
            let end = ant.death_turn.map_or(last + 1, |turn| turn as usize);
            let spawn = ant.spawn_turn as usize;
            for turn in spawn..=end.min(last) {
                if turn > spawn
                    && let Some(direction) =
                        ant.moves.get(turn - spawn - 1).and_then(|&m| Direction::from_letter(m as char))
                {
                    at = game.step(at, direction);
                }
                if turn == end {
                    frames[turn].dead.push((at as u32, ant.owner as u8));
                } else {
                    frames[turn].ants.push((at as u32, ant.owner as u8));
                    ant_counts[ant.owner][turn] += 1;
                }
            }
        }
        let food = game
            .food
            .iter()
            .map(|food| (food.at, food.start_turn, food.end_turn.unwrap_or(game.turn + 1)))
            .collect();
        let hills = game.hills.iter().map(|hill| (hill.at, hill.owner, hill.end_turn)).collect();
        let scores = (0..game.players)
            .map(|player| {
                let history = &game.score_history[player];
                let mut series: Vec<i32> = (0..=last)
                    .map(|turn| history.get(turn).or(history.last()).copied().unwrap_or(0))
                    .collect();
                if let Some(end) = series.last_mut() {
                    *end += game.bonus[player];
                }
                series
            })
            .collect();
        Timeline {
            rows: game.rows,
            cols: game.cols,
            players: game.players,
            water: game.map.water.clone(),
            frames,
            food,
            hills,
            scores,
            ant_counts,
            cutoff: game.cutoff.clone().unwrap_or_default(),
            sight_offsets: crate::rules::disc(game.settings.viewradius2, game.rows, game.cols),
        }
    }

    /// The last turn.
    pub fn last_turn(&self) -> usize {
        self.frames.len() - 1
    }

    /// Food on the board after `turn`.
    pub fn food_at(&self, turn: usize) -> impl Iterator<Item = Square> + '_ {
        self.food
            .iter()
            .filter(move |&&(_, start, end)| start as usize <= turn && turn < end as usize)
            .map(|&(at, _, _)| at)
    }

    /// Hills razed on `turn`.
    pub fn razed_on(&self, turn: usize) -> impl Iterator<Item = Square> + '_ {
        self.hills.iter().filter(move |hill| hill.2 == Some(turn as u32)).map(|hill| hill.0)
    }

    /// Whether each square is in sight of `player`'s ants after `turn`.
    pub fn sight(&self, turn: usize, player: usize) -> Vec<bool> {
        let (rows, cols) = (self.rows, self.cols);
        let mut seen = vec![false; rows * cols];
        for &(at, owner) in &self.frames[turn].ants {
            if owner as usize != player {
                continue;
            }
            let (r, c) = (at as usize / cols, at as usize % cols);
            for &(dr, dc) in &self.sight_offsets {
                seen[((r + dr) % rows) * cols + (c + dc) % cols] = true;
            }
        }
        seen
    }
}
