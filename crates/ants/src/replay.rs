//! The official replay format (JSON, `"replayformat": "json"`, revision 3): the game result
//! the official `playgame.py` writes, with the replay itself under `replaydata`. Curio writes
//! it as the official engine does and reads either that wrapper or a bare `replaydata`. Reading
//! takes only a game's inputs (the map, the settings, each food's square and turn, each ant's
//! start, spawn turn, owner and moves, and the players' crash statuses), so a replay whose
//! outcome fields are blank still plays back.

use crate::food::Recorded;
use crate::game::{Direction, Game};
use crate::map::Map;
use crate::rules::Settings;
use serde_json::{Value, json};

/// Why a replay cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ReplayError(pub String);

fn bad(message: impl Into<String>) -> ReplayError {
    ReplayError(message.into())
}

/// One ant as a replay records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedAnt {
    /// Start row.
    pub row: usize,
    /// Start column.
    pub col: usize,
    /// Spawn turn.
    pub spawn_turn: u32,
    /// Owner.
    pub owner: usize,
    /// Its moves, one letter a turn (`-` to stay).
    pub moves: Vec<u8>,
}

/// A replay's inputs.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The map.
    pub map: Map,
    /// The settings (the food's `food_visible`, which the format does not record, at 0).
    pub settings: Settings,
    /// Each food's `(turn, row, col)` in order of appearance.
    pub food: Vec<(u32, usize, usize)>,
    /// Every ant.
    pub ants: Vec<RecordedAnt>,
    /// Each player's status (`survived`, `eliminated`, `crashed`, `timeout`, `invalid`), if
    /// recorded.
    pub status: Vec<String>,
    /// The last turn each player was sent, if recorded.
    pub player_turns: Vec<u32>,
    /// The players' names, if recorded.
    pub names: Vec<String>,
    /// The whole JSON as read.
    pub json: Value,
}

fn uint(value: &Value, what: &str) -> Result<u64, ReplayError> {
    value.as_u64().ok_or_else(|| bad(format!("{what} must be a whole number")))
}

impl Replay {
    /// Reads a replay's text.
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        let json: Value = serde_json::from_str(text).map_err(|error| bad(format!("not JSON: {error}")))?;
        let data = json.get("replaydata").unwrap_or(&json);
        if !data.is_object() {
            return Err(bad("no replay object"));
        }
        if let Some(format) = json.get("replayformat").and_then(Value::as_str)
            && format != "json"
        {
            return Err(bad(format!("replay format '{format}' is not json")));
        }
        let players = uint(data.get("players").ok_or_else(|| bad("no 'players'"))?, "players")? as usize;
        let map = data.get("map").ok_or_else(|| bad("no 'map'"))?;
        let rows = uint(map.get("rows").ok_or_else(|| bad("no 'map.rows'"))?, "map.rows")?;
        let cols = uint(map.get("cols").ok_or_else(|| bad("no 'map.cols'"))?, "map.cols")?;
        let lines = map.get("data").and_then(Value::as_array).ok_or_else(|| bad("no 'map.data' list"))?;
        if !(1..=crate::map::MAX_SIDE as u64).contains(&rows)
            || !(1..=crate::map::MAX_SIDE as u64).contains(&cols)
        {
            return Err(bad(format!("map size {rows}x{cols} is not 1 to {}", crate::map::MAX_SIDE)));
        }
        if !(2..=crate::map::MAX_PLAYERS).contains(&players) {
            return Err(bad("players must be 2 to 10"));
        }
        let (rows, cols) = (rows as usize, cols as usize);
        if lines.len() != rows {
            return Err(bad(format!("map.data has {} rows, expected {rows}", lines.len())));
        }
        // The official engine writes the map as it stands at the end (ants and food on it, hills
        // as odd letters), so only its water is read; the hills come from the hill list.
        let mut water = Vec::with_capacity(rows * cols);
        for (row, line) in lines.iter().enumerate() {
            let line = line.as_str().ok_or_else(|| bad("map.data must hold strings"))?;
            if line.chars().count() != cols {
                return Err(bad(format!(
                    "map row {row} has {} columns, expected {cols}",
                    line.chars().count()
                )));
            }
            water.extend(line.chars().map(|c| c == '%'));
        }
        let mut hills = Vec::new();
        for entry in data.get("hills").and_then(Value::as_array).ok_or_else(|| bad("no 'hills' list"))? {
            let fields = entry
                .as_array()
                .filter(|f| f.len() >= 3)
                .ok_or_else(|| bad("a hill entry must be [row, col, owner, ...]"))?;
            let (row, col, owner) = (
                uint(&fields[0], "hill row")? as usize,
                uint(&fields[1], "hill col")? as usize,
                uint(&fields[2], "hill owner")? as usize,
            );
            if row >= rows || col >= cols || owner >= players || water[row * cols + col] {
                return Err(bad(format!(
                    "hill ({row}, {col}) of player {owner} is not a land square of a player"
                )));
            }
            if hills.iter().any(|&(square, _)| square == row * cols + col) {
                return Err(bad(format!("two hills at ({row}, {col})")));
            }
            hills.push((row * cols + col, owner));
        }
        for player in 0..players {
            if !hills.iter().any(|&(_, owner)| owner == player) {
                return Err(bad(format!("player {player} has no hill")));
            }
        }
        let map = Map { rows, cols, players, water, hills };
        let (rows, cols) = (rows as u64, cols as u64);
        let number = |key: &str, default: u64| -> Result<u64, ReplayError> {
            match data.get(key) {
                None | Some(Value::Null) => Ok(default),
                Some(value) => value.as_u64().ok_or_else(|| bad(format!("'{key}' must be a whole number"))),
            }
        };
        let seed = |key: &str| -> i64 { data.get(key).and_then(Value::as_i64).unwrap_or(0) };
        let settings = Settings {
            turns: number("turns", 1000)? as u32,
            loadtime: number("loadtime", 3000)? as u32,
            turntime: number("turntime", 1000)? as u32,
            viewradius2: number("viewradius2", 77)? as u32,
            attackradius2: number("attackradius2", 5)? as u32,
            spawnradius2: number("spawnradius2", 1)? as u32,
            food_rate: number("food_rate", 0)? as u32,
            food_turn: number("food_turn", 1)?.max(1) as u32,
            food_start: number("food_start", 0)? as u32,
            food_visible: 0,
            cutoff_turn: 150,
            cutoff_percent: 0.85,
            engine_seed: seed("engine_seed"),
            player_seed: seed("player_seed"),
        };
        settings.check().map_err(bad)?;
        let in_map = |row: u64, col: u64, what: &str| -> Result<(usize, usize), ReplayError> {
            if row < rows && col < cols {
                Ok((row as usize, col as usize))
            } else {
                Err(bad(format!("{what} at ({row}, {col}) is off the map")))
            }
        };
        let mut food = Vec::new();
        for entry in data.get("food").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
            let fields = entry
                .as_array()
                .filter(|f| f.len() >= 3)
                .ok_or_else(|| bad("a food entry must be [row, col, start, ...]"))?;
            let (row, col) = in_map(uint(&fields[0], "food row")?, uint(&fields[1], "food col")?, "food")?;
            food.push((uint(&fields[2], "food turn")? as u32, row, col));
        }
        if food.windows(2).any(|pair| pair[0].0 > pair[1].0) {
            return Err(bad("food must be listed in the order it appeared"));
        }
        let mut ants = Vec::new();
        for entry in data.get("ants").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
            let fields = entry
                .as_array()
                .filter(|f| f.len() >= 6)
                .ok_or_else(|| bad("an ant entry must be [row, col, spawn, end, owner, moves]"))?;
            let (row, col) = in_map(uint(&fields[0], "ant row")?, uint(&fields[1], "ant col")?, "ant")?;
            let owner = uint(&fields[4], "ant owner")? as usize;
            if owner >= players {
                return Err(bad(format!("an ant's owner {owner} is not a player")));
            }
            let moves =
                fields[5].as_str().ok_or_else(|| bad("an ant's moves must be a string"))?.as_bytes().to_vec();
            if let Some(letter) =
                moves.iter().find(|&&m| m != b'-' && Direction::from_letter(m as char).is_none())
            {
                return Err(bad(format!("an ant's moves hold '{}'", *letter as char)));
            }
            ants.push(RecordedAnt {
                row,
                col,
                spawn_turn: uint(&fields[2], "ant spawn turn")? as u32,
                owner,
                moves,
            });
        }
        let strings = |key: &str| -> Vec<String> {
            json.get(key)
                .and_then(Value::as_array)
                .map(|list| list.iter().map(|v| v.as_str().unwrap_or("").to_string()).collect())
                .unwrap_or_default()
        };
        let status = strings("status");
        let names = strings("playernames");
        let player_turns: Vec<u32> = json
            .get("playerturns")
            .and_then(Value::as_array)
            .map(|list| list.iter().map(|v| v.as_u64().unwrap_or(0) as u32).collect())
            .unwrap_or_default();
        if (!status.is_empty() && status.len() != players)
            || (!player_turns.is_empty() && player_turns.len() != players)
        {
            return Err(bad("status and playerturns must have one entry a player"));
        }
        Ok(Replay { map, settings, food, ants, status, player_turns, names, json })
    }

    /// The recorded food and spawns, for [`crate::food::FoodSource::Recorded`].
    pub fn recorded(&self) -> Recorded {
        let cols = self.map.cols;
        Recorded::new(
            self.food.iter().map(|&(turn, row, col)| (turn, row * cols + col)).collect(),
            self.ants
                .iter()
                .enumerate()
                .map(|(index, ant)| ((ant.spawn_turn, ant.row * cols + ant.col), index))
                .collect(),
        )
    }

    /// The turn a player was put out of the game by a crash or timeout, if it was.
    pub fn crash_turn(&self, player: usize) -> Option<u32> {
        let status = self.status.get(player)?;
        let crashed = status.starts_with("crashed") || status.starts_with("timeout");
        crashed.then(|| self.player_turns.get(player).copied().unwrap_or(0))
    }
}

/// A finished game's result and replay, in the official engine's layout.
pub fn write(
    game: &Game,
    status: &[String],
    player_turns: &[u32],
    names: &[String],
    errors: Option<&[String]>,
) -> Value {
    let cols = game.cols;
    let rc = |square: usize| (square / cols, square % cols);
    let end = game.turn + 1;
    let food: Vec<Value> = game
        .food
        .iter()
        .map(|food| {
            let (r, c) = rc(food.at);
            let mut entry =
                vec![json!(r), json!(c), json!(food.start_turn), json!(food.end_turn.unwrap_or(end))];
            if let Some(owner) = food.owner {
                entry.push(json!(owner));
            }
            Value::Array(entry)
        })
        .collect();
    let ants: Vec<Value> = game
        .ants
        .iter()
        .map(|ant| {
            let (r, c) = rc(ant.start);
            json!([
                r,
                c,
                ant.spawn_turn,
                ant.death_turn.unwrap_or(end),
                ant.owner,
                String::from_utf8_lossy(&ant.moves)
            ])
        })
        .collect();
    let hills: Vec<Value> = game
        .hills
        .iter()
        .map(|hill| {
            let (r, c) = rc(hill.at);
            json!([r, c, hill.owner, hill.end_turn.filter(|&turn| turn != 0).unwrap_or(end)])
        })
        .collect();
    let s = &game.settings;
    let data = json!({
        "revision": 3,
        "players": game.players,
        "loadtime": s.loadtime,
        "turntime": s.turntime,
        "turns": s.turns,
        "viewradius2": s.viewradius2,
        "attackradius2": s.attackradius2,
        "spawnradius2": s.spawnradius2,
        "engine_seed": s.engine_seed,
        "player_seed": s.player_seed,
        "food_rate": s.food_rate,
        "food_turn": s.food_turn,
        "food_start": s.food_start,
        "map": {"rows": game.rows, "cols": game.cols, "data": end_map(game)},
        "food": food,
        "ants": ants,
        "hills": hills,
        "scores": game.score_history,
        "bonus": game.bonus,
        "hive_history": game.hive_history,
        "winning_turn": game.winning_turn,
        "ranking_turn": game.ranking_turn,
        "cutoff": game.cutoff,
    });
    let scores = &game.score;
    let rank: Vec<usize> = scores.iter().map(|s| scores.iter().filter(|other| *other > s).count()).collect();
    let mut result = json!({
        "challenge": "ants",
        "location": "localhost",
        "game_id": 0,
        "status": status,
        "playerturns": player_turns,
        "score": scores,
        "rank": rank,
        "replayformat": "json",
        "replaydata": data,
        "game_length": game.turn,
        "playernames": names,
    });
    if let Some(errors) = errors {
        result["errors"] = json!(errors);
    }
    result
}

/// The map as the official engine writes it into a replay: as it stands at the end, ants as
/// `a`-`j`, food as `*`, a hill with an ant on it as the ant's `A`-`J`, and a hill without one
/// as the official render table gives it (`I` for a bare hill).
fn end_map(game: &Game) -> Vec<String> {
    const RENDER: &[u8] = b"abcdefghijABCDEFGHIJ0123456789?%*.!";
    let at = |value: i32| RENDER[value.rem_euclid(RENDER.len() as i32) as usize] as char;
    (0..game.rows)
        .map(|row| {
            (0..game.cols)
                .map(|col| {
                    let square = row * game.cols + col;
                    let value = i32::from(game.square(square));
                    match (game.hill_on(square), game.ant_on(square)) {
                        (Some(_), Some(_)) => at(value + 10),
                        (Some(_), None) => at(value + 20),
                        _ => at(value),
                    }
                })
                .collect()
        })
        .collect()
}

/// A replay (the official game result, or a bare `replaydata`) with every outcome field blanked:
/// the scores, ranks, length, score and hive histories, bonus, cutoff, ants' and hills' end
/// turns and food's ends and owners. What is left is the game's inputs, all that reading a
/// replay takes.
pub fn blank_outcome(replay: &Value) -> Value {
    let mut json = replay.clone();
    if json.get("replaydata").is_some() {
        for key in ["score", "rank", "game_length"] {
            json[key] = Value::Null;
        }
    }
    let data = if json.get("replaydata").is_some() { &mut json["replaydata"] } else { &mut json };
    for key in ["scores", "bonus", "hive_history", "winning_turn", "ranking_turn", "cutoff"] {
        if data.get(key).is_some() {
            data[key] = Value::Null;
        }
    }
    for (list, end) in [("ants", 3), ("hills", 3)] {
        if let Some(entries) = data.get_mut(list).and_then(Value::as_array_mut) {
            for entry in entries.iter_mut().filter_map(Value::as_array_mut) {
                if let Some(field) = entry.get_mut(end) {
                    *field = Value::Null;
                }
            }
        }
    }
    if let Some(entries) = data.get_mut("food").and_then(Value::as_array_mut) {
        for entry in entries.iter_mut().filter_map(Value::as_array_mut) {
            entry.truncate(3);
        }
    }
    json
}
