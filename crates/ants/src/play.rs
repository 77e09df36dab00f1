//! A game between players, run as the official engine's `run_game` runs it: turn 0 sends the
//! settings and waits for `ready`'s answer within the load time; every later turn sends each
//! living player its view, collects its orders within the turn time, puts out players that
//! crashed or timed out, plays the orders (unless the game is already over), ends the turn, and
//! tells players that have just lost their last ant that the game is over for them.

use crate::food::FoodSource;
use crate::game::{Game, Order};
use crate::map::{Map, Square};
use crate::protocol::{Answer, Remote};
use crate::replay::Replay;
use crate::rules::Settings;
use crate::view::{Setup, State, Views};
use std::collections::HashMap;
use std::time::Duration;

/// A bot that plays in Curio's process, from the same view a process bot is sent.
pub trait Bot: Send {
    /// Turn 0: the game's settings.
    fn setup(&mut self, setup: &Setup);
    /// One turn: the view, and the orders.
    fn turn(&mut self, state: &State) -> Vec<Order>;
}

/// A player of a game.
pub enum Player {
    /// A bot outside Curio's process speaking the official protocol (a process the CLI runs).
    Process(Box<dyn Remote>),
    /// A bot in Curio's process.
    Builtin(Box<dyn Bot>),
    /// The moves of one player of a recorded game, as recorded.
    Recorded(Recorded),
}

/// One player's recorded moves, with the turn it crashed or timed out, if it did.
pub struct Recorded {
    player: usize,
    moves: HashMap<(u32, Square), usize>,
    ants: Vec<Vec<u8>>,
    /// Each game ant's recorded ant, found once.
    known: Vec<Option<usize>>,
    /// This player's living ants (game ids, ascending), and how many of the game's ants were
    /// looked at for new ones.
    mine: Vec<u32>,
    looked_at: usize,
    crash: Option<(u32, String)>,
}

impl Recorded {
    /// Player `player` of `replay`.
    pub fn new(replay: &Replay, player: usize) -> Recorded {
        let cols = replay.map.cols;
        let mut moves = HashMap::new();
        let mut ants = Vec::new();
        for ant in replay.ants.iter().filter(|ant| ant.owner == player) {
            moves.insert((ant.spawn_turn, ant.row * cols + ant.col), ants.len());
            ants.push(ant.moves.clone());
        }
        let crash = replay.crash_turn(player).map(|turn| {
            (turn, replay.status[player].split_whitespace().next().unwrap_or("crashed").to_string())
        });
        Recorded { player, moves, ants, known: Vec::new(), mine: Vec::new(), looked_at: 0, crash }
    }

    fn orders(&mut self, game: &Game) -> Vec<Order> {
        let turn = game.turn;
        let mut orders = Vec::new();
        self.mine.retain(|&id| game.ants[id as usize].death_turn.is_none());
        for (id, ant) in game.ants.iter().enumerate().skip(self.looked_at) {
            if ant.owner == self.player && ant.death_turn.is_none() {
                self.mine.push(id as u32);
            }
        }
        self.looked_at = game.ants.len();
        for &id in &self.mine {
            let ant = &game.ants[id as usize];
            let known = &mut self.known;
            if known.len() <= id as usize {
                known.resize(game.ants.len(), None);
            }
            let index = match known[id as usize] {
                Some(index) => index,
                None => {
                    let Some(&index) = self.moves.get(&(ant.spawn_turn, ant.start)) else { continue };
                    known[id as usize] = Some(index);
                    index
                }
            };
            let step = (turn - ant.spawn_turn - 1) as usize;
            if let Some(direction) =
                self.ants[index].get(step).and_then(|&m| crate::game::Direction::from_letter(m as char))
            {
                orders.push(Order {
                    row: (ant.at / game.cols) as i64,
                    col: (ant.at % game.cols) as i64,
                    direction,
                });
            }
        }
        orders
    }
}

/// What a finished game gives.
pub struct Outcome {
    /// The game at its end.
    pub game: Game,
    /// Each player's status: `survived`, `eliminated`, `crashed`, `timeout`.
    pub status: Vec<String>,
    /// The last turn each player took part in.
    pub player_turns: Vec<u32>,
    /// Each player's standard error (process bots) or nothing.
    pub errors: Vec<String>,
    /// Whether the game was stopped before its end.
    pub cancelled: bool,
}

/// The answer a player gave this turn.
enum Reply {
    Lines(Vec<String>),
    Orders(Vec<Order>),
    Out(String),
}

/// Plays a game. `observe` is called after every turn with the game; returning false stops it
/// (the game is then finished where it stands and marked cancelled).
pub fn play(
    map: &Map,
    settings: Settings,
    food: FoodSource,
    players: Vec<Player>,
    observe: impl FnMut(&Game) -> bool,
) -> Outcome {
    play_with(map, settings, food, players, false, observe)
}

/// [`play`], rendering every living player's view each turn (as the official engine does for
/// its bots) even when no player needs it: `render_views` makes a re-simulation do the work of
/// a real game.
pub fn play_with(
    map: &Map,
    settings: Settings,
    food: FoodSource,
    mut players: Vec<Player>,
    render_views: bool,
    mut observe: impl FnMut(&Game) -> bool,
) -> Outcome {
    let count = map.players;
    let mut game = Game::new(map, settings, food);
    let wants_views = render_views || players.iter().any(|player| !matches!(player, Player::Recorded(_)));
    let mut views = wants_views.then(|| Views::new(&game));
    let mut status = vec!["survived".to_string(); count];
    let mut player_turns = vec![0u32; count];
    let setup = Setup::of(&game);
    let (load, turn_time) = (
        Duration::from_millis(u64::from(game.settings.loadtime)),
        Duration::from_millis(u64::from(game.settings.turntime)),
    );
    let mut cancelled = false;
    for turn in 0..=game.settings.turns {
        if turn == 0 {
            game.start_game();
        }
        let mut states: Vec<Option<State>> = vec![None; count];
        for (player, state) in states.iter_mut().enumerate() {
            if game.is_alive(player) && turn > 0 {
                player_turns[player] = turn;
                if let Some(views) = views.as_mut() {
                    *state = Some(views.state(&game, player));
                }
            }
        }
        if turn > 0 {
            game.start_turn();
        }
        let mut replies: Vec<Option<Reply>> = (0..count).map(|_| None).collect();
        for player in 0..count {
            if !game.is_alive(player) {
                continue;
            }
            let reply = match &mut players[player] {
                Player::Process(process) => {
                    let (input, limit) = match &states[player] {
                        None => (setup.to_text(), load),
                        Some(state) => (format!("turn {}\n{}go\n", state.turn, state.to_text()), turn_time),
                    };
                    match process.exchange(&input, limit) {
                        Answer::Lines(lines) => Reply::Lines(lines),
                        Answer::Crashed => Reply::Out("crashed".into()),
                        Answer::Timeout => Reply::Out("timeout".into()),
                    }
                }
                Player::Builtin(bot) => match &states[player] {
                    None => {
                        bot.setup(&setup);
                        Reply::Orders(Vec::new())
                    }
                    Some(state) => Reply::Orders(bot.turn(state)),
                },
                Player::Recorded(recorded) => match &recorded.crash {
                    Some((at, how)) if *at == turn => Reply::Out(how.clone()),
                    _ if turn == 0 => Reply::Orders(Vec::new()),
                    _ => Reply::Orders(recorded.orders(&game)),
                },
            };
            if let Reply::Out(how) = &reply {
                status[player] = how.clone();
                player_turns[player] = turn;
                game.kill_player(player);
            }
            replies[player] = Some(reply);
        }
        let alive_before: Vec<bool> = (0..count).map(|player| game.is_alive(player)).collect();
        if turn > 0 && !game.game_over() {
            for (player, reply) in replies.into_iter().enumerate() {
                if !game.is_alive(player) {
                    continue;
                }
                match reply {
                    Some(Reply::Lines(lines)) => {
                        game.do_moves(player, &lines);
                    }
                    Some(Reply::Orders(orders)) => {
                        game.do_orders_of(player, &orders);
                    }
                    _ => {}
                }
            }
        }
        if turn > 0 {
            game.finish_turn();
            if let Some(views) = views.as_mut() {
                views.update(&game);
            }
        }
        for player in 0..count {
            if alive_before[player] && !game.is_alive(player) {
                if status[player] == "survived" {
                    status[player] = "eliminated".into();
                    player_turns[player] = turn;
                }
                if let (Player::Process(process), Some(views)) = (&mut players[player], views.as_mut()) {
                    let message = end_message(&game, views, player, &status, &player_turns);
                    process.finish(&message);
                }
            }
        }
        if !observe(&game) {
            cancelled = true;
            break;
        }
        if game.game_over() {
            break;
        }
    }
    game.finish_game();
    for (player, entry) in players.iter_mut().enumerate() {
        if let Player::Process(process) = entry {
            if game.is_alive(player)
                && let Some(views) = views.as_mut()
            {
                let message = end_message(&game, views, player, &status, &player_turns);
                process.finish(&message);
            } else {
                process.end();
            }
        }
    }
    let errors = players
        .iter()
        .map(|player| if let Player::Process(process) = player { process.errors() } else { String::new() })
        .collect();
    Outcome { game, status, player_turns, errors, cancelled }
}

/// The official end message: `end`, the players, the scores, statuses and turns in the
/// player's numbering, and its last view.
fn end_message(game: &Game, views: &mut Views, player: usize, status: &[String], turns: &[u32]) -> String {
    let show = |values: Vec<Option<String>>| {
        values.into_iter().map(|v| v.unwrap_or_else(|| "None".into())).collect::<Vec<_>>().join(" ")
    };
    let state = views.state(game, player);
    let scores = show(views.order_for(player, &game.score.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
    let statuses = show(views.order_for(player, status));
    let turns = show(views.order_for(player, &turns.iter().map(|t| t.to_string()).collect::<Vec<_>>()));
    format!(
        "end\nplayers {}\nscore {scores}\nstatus {statuses}\nplayerturns {turns}\n{}go\n",
        game.players,
        state.to_text()
    )
}
