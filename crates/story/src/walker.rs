//! The walker: plays a story headless through the engine's own input, as a player would. It
//! finds its way over a map's platforms by searching runs and jumps (simulated with the
//! engine's own step) to a standing place at a portal, presses Up, and so goes from map to map
//! by the portal links; on each map it clicks the character and talks until every string its
//! conversation can show has been shown, taking each branch of each choice in turn.
//!
//! The search over movements: from a standing body, walking 8 steps either way, or jumping
//! straight, left or right and holding the direction until the body stands again; standing
//! places are told apart by their row and their column to 4 pixels. Each map is small (a screen
//! of 40 x 24 tiles), so a search visits at most a few thousand places.

use crate::map::{Character, Map};
use crate::talk::{Conversation, Moment};
use crate::world::{Body, Game, Input, PIXEL, Story, TILE, TRANSITION_TICKS};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// What a walk found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WalkReport {
    /// Maps in the story.
    pub maps: usize,
    /// Maps the walker reached.
    pub maps_visited: usize,
    /// Strings shown (END_DIALOG counts once a conversation has ended).
    pub strings_shown: usize,
    /// Strings in the script (END_DIALOG included).
    pub strings: usize,
    /// What the walker could not do, in words: maps not reached, portals it found no way to,
    /// strings never shown.
    pub stuck: Vec<String>,
    /// Engine steps played.
    pub ticks: u64,
    /// Conversations held.
    pub conversations: usize,
}

/// Most steps one movement may take before the search drops it.
const MOVE_TICKS: usize = 240;
/// Most standing places one search visits.
const SEARCH_PLACES: usize = 20_000;

/// A movement: the inputs of each step.
type Plan = Vec<Input>;

/// A standing place: column (to 4 pixels) and feet.
type Place = (i32, i32);

/// Per standing place found: the place it was reached from and the movement that did.
type Found = HashMap<Place, (Option<Place>, Plan)>;

/// Standing places, told apart by column (to 4 pixels) and feet.
fn place(body: &Body) -> Place {
    (body.x / (4 * PIXEL), body.y)
}

/// The movements from a standing body: walk or jump, then wait until standing again. Each with
/// its inputs, the body at its end, and the step at which `goal` first held on the way, if it
/// did (the inputs then end there).
fn movements(map: &Map, body: Body, goal: &dyn Fn(&Body) -> bool) -> Vec<(Plan, Body, Option<usize>)> {
    let mut found = Vec::new();
    let held = |left: bool, right: bool, jump: bool| Input { left, right, jump, up: false };
    let mut options: Vec<Plan> = Vec::new();
    for (left, right) in [(true, false), (false, true)] {
        options.push(vec![held(left, right, false); 8]);
    }
    for (left, right) in [(false, false), (true, false), (false, true)] {
        let mut plan = vec![held(left, right, true)];
        plan.extend(std::iter::repeat_n(held(left, right, false), MOVE_TICKS));
        options.push(plan);
    }
    for plan in options {
        // Stop once standing again after leaving the ground (or at the end of a walk).
        let mut current = body;
        let mut taken = Vec::new();
        let mut left_ground = false;
        let mut reached = None;
        // A walk off an edge ends in the air: it goes on falling until standing.
        let falls = std::iter::repeat_n(Input::default(), (MOVE_TICKS + 8).saturating_sub(plan.len()));
        for input in plan.iter().copied().chain(falls) {
            let walked = taken.len() >= plan.len();
            if walked && current.on_ground {
                break;
            }
            current.step(map, input);
            taken.push(input);
            if goal(&current) {
                reached = Some(taken.len());
                break;
            }
            left_ground |= !current.on_ground;
            if left_ground && current.on_ground {
                break;
            }
        }
        if reached.is_some() || current.on_ground {
            found.push((taken, current, reached));
        }
    }
    found
}

/// The inputs that take `body` on `map` to a place where `goal` holds, by breadth-first search
/// over movements (none when no movement reaches one).
pub fn route(map: &Map, body: Body, goal: &dyn Fn(&Body) -> bool) -> Option<Plan> {
    if goal(&body) {
        return Some(Vec::new());
    }
    // Settle first: a body in the air falls until it stands.
    let mut start = body;
    let mut settle = Vec::new();
    while !start.on_ground && settle.len() < MOVE_TICKS {
        start.step(map, Input::default());
        settle.push(Input::default());
        if goal(&start) {
            return Some(settle);
        }
    }
    let mut seen: Found = HashMap::new();
    seen.insert(place(&start), (None, settle));
    let mut queue = VecDeque::from([start]);
    while let Some(current) = queue.pop_front() {
        if seen.len() > SEARCH_PLACES {
            break;
        }
        for (plan, next, reached) in movements(map, current, goal) {
            if reached.is_some() {
                let mut moves = path(&seen, place(&current));
                moves.extend(plan);
                return Some(moves);
            }
            if let std::collections::hash_map::Entry::Vacant(entry) = seen.entry(place(&next)) {
                entry.insert((Some(place(&current)), plan));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The inputs from the search's start to the place `key`.
fn path(seen: &Found, key: Place) -> Plan {
    let mut pieces = Vec::new();
    let mut at = Some(key);
    while let Some(key) = at {
        let Some((before, plan)) = seen.get(&key) else { break };
        pieces.push(plan.clone());
        at = *before;
    }
    pieces.into_iter().rev().flatten().collect()
}

/// The choices (option numbers, from 0) that lead from the start of a conversation to each of
/// its states, by breadth-first search; and at each choice the option on a shortest way to the
/// end.
struct Conversations {
    /// Per state reached: the choices from the start to it.
    choices: HashMap<Conversation, Vec<usize>>,
    /// Per choice: the option on a shortest way to the end.
    toward_end: HashMap<Conversation, usize>,
}

impl Conversations {
    fn of(story: &Story, start: usize) -> Option<Self> {
        let first = Conversation::new(&story.script, start).ok()?;
        let mut choices = HashMap::from([(first, Vec::new())]);
        let mut edges: Vec<(Conversation, Conversation, Option<usize>)> = Vec::new();
        let mut queue = VecDeque::from([first]);
        while let Some(state) = queue.pop_front() {
            let mut nexts = Vec::new();
            match state.moment(&story.script) {
                Moment::Says { .. } => {
                    let mut next = state;
                    next.next(&story.script);
                    nexts.push((next, None));
                }
                Moment::Choose { options } => {
                    for option in 0..options.len() {
                        let mut next = state;
                        if next.choose(&story.script, option).is_ok() {
                            nexts.push((next, Some(option)));
                        }
                    }
                }
                Moment::Ended => {}
            }
            for (next, option) in nexts {
                edges.push((state, next, option));
                if !choices.contains_key(&next) {
                    let mut path = choices[&state].clone();
                    path.extend(option);
                    choices.insert(next, path);
                    queue.push_back(next);
                }
            }
        }
        // Steps to the end, backwards from the ended states.
        let mut before: HashMap<Conversation, Vec<Conversation>> = HashMap::new();
        for &(from, to, _) in &edges {
            before.entry(to).or_default().push(from);
        }
        let mut distance: HashMap<Conversation, usize> = HashMap::new();
        let mut queue: VecDeque<Conversation> =
            choices.keys().copied().filter(|state| state.is_over()).collect();
        for state in &queue {
            distance.insert(*state, 0);
        }
        while let Some(state) = queue.pop_front() {
            for &earlier in before.get(&state).map_or(&[][..], Vec::as_slice) {
                if !distance.contains_key(&earlier) {
                    distance.insert(earlier, distance[&state] + 1);
                    queue.push_back(earlier);
                }
            }
        }
        let mut toward_end: HashMap<Conversation, (usize, usize)> = HashMap::new();
        for &(from, to, option) in &edges {
            let (Some(option), Some(&steps)) = (option, distance.get(&to)) else { continue };
            let best = toward_end.entry(from).or_insert((steps, option));
            if (steps, option) < *best {
                *best = (steps, option);
            }
        }
        let toward_end = toward_end.into_iter().map(|(state, (_, option))| (state, option)).collect();
        Some(Self { choices, toward_end })
    }
}

/// The point a click on `character` aims at (the middle of its figure).
fn aim(character: &Character) -> (i32, i32) {
    (character.x * TILE + TILE / 2, character.y * TILE + TILE / 2)
}

/// Talks to the current map's character until every state of its conversation has been
/// reached: each time along the choices to a state not yet reached, then on to the end by the
/// first options. Returns the conversations held.
fn talk_through(game: &mut Game, story: &Story, character: &Character) -> usize {
    let Some(plan) = Conversations::of(story, character.start) else { return 0 };
    let mut reached: BTreeSet<Vec<usize>> = BTreeSet::new();
    let mut held = 0;
    let mut targets: Vec<&Vec<usize>> = plan.choices.values().collect();
    // Longest choice lists first: each of them passes many shorter ones on its way.
    targets.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    for target in targets {
        if reached.iter().any(|done| done.starts_with(target)) {
            continue;
        }
        let (x, y) = aim(character);
        if !game.click(story, x, y) {
            break;
        }
        held += 1;
        let mut taken = Vec::new();
        let mut steps = 0;
        while let Some(moment) = game.moment(story) {
            steps += 1;
            if steps > 100_000 {
                break;
            }
            match moment {
                Moment::Says { .. } => game.next(story),
                Moment::Choose { options } => {
                    let state = game.talking.as_ref().map(|(_, conversation)| *conversation);
                    let on_to_end = state.and_then(|state| plan.toward_end.get(&state)).copied().unwrap_or(0);
                    let option = target.get(taken.len()).copied().unwrap_or(on_to_end).min(options.len() - 1);
                    taken.push(option);
                    game.choose(story, option);
                }
                Moment::Ended => break,
            }
        }
        reached.insert(taken);
    }
    held
}

/// Walks `story` from a new game: every map it can reach, every conversation through.
/// `keep_going` is asked between maps (false stops the walk where it is).
pub fn walk(story: &Story, keep_going: &mut dyn FnMut(&Game) -> bool) -> WalkReport {
    let mut game = Game::new(story);
    let mut stuck = Vec::new();
    let mut conversations = 0;
    let mut talked: BTreeSet<String> = BTreeSet::new();
    let mut ended = false;
    // Portals the walker found no way to, as (map, portal).
    let mut blocked: BTreeSet<(String, String)> = BTreeSet::new();
    for _ in 0..story.maps.len() * story.maps.len().max(1) * 4 {
        if !keep_going(&game) {
            break;
        }
        let Some(map) = game.current(story) else { break };
        if let Some(character) = &map.character
            && talked.insert(map.name.clone())
        {
            let before = conversations;
            conversations += talk_through(&mut game, story, character);
            ended |= conversations > before;
        }
        // The nearest map not visited, by links from here over portals not blocked.
        let Some((portal, _)) = next_hop(story, &game, &blocked) else { break };
        let map_name = map.name.clone();
        let target = &map.portals[portal];
        let goal = |body: &Body| {
            body.on_ground && body.touches(target.x * TILE, (target.y + 1) * TILE, TILE, 2 * TILE)
        };
        let Some(plan) = route(map, game.body, &goal) else {
            stuck.push(format!("no way to portal '{}' on map '{}'", target.name, map_name));
            blocked.insert((map_name, target.name.clone()));
            continue;
        };
        for input in plan {
            game.tick(story, input);
        }
        game.tick(story, Input::default());
        for _ in 0..=TRANSITION_TICKS {
            game.tick(story, Input { up: true, ..Input::default() });
        }
        if game.map == map_name {
            stuck
                .push(format!("portal '{}' on map '{}' did not take the player away", target.name, map_name));
            blocked.insert((map_name, target.name.clone()));
        }
    }
    for map in &story.maps {
        if !game.visited.contains(&map.name) {
            stuck.push(format!("map '{}' never reached", map.name));
        }
    }
    let count = story.script.strings.len();
    let mut shown = game.shown.clone();
    if ended && count > 0 {
        shown.insert(crate::script::END);
    }
    for string in 0..count {
        if !shown.contains(&string) {
            stuck.push(format!("string {string} never shown"));
        }
    }
    WalkReport {
        maps: story.maps.len(),
        maps_visited: story.maps.iter().filter(|map| game.visited.contains(&map.name)).count(),
        strings_shown: shown.len(),
        strings: count,
        stuck,
        ticks: game.ticks,
        conversations,
    }
}

/// The first portal to take from the player's map toward the nearest map not yet visited
/// (breadth-first over the links, skipping blocked portals), with that map.
fn next_hop(story: &Story, game: &Game, blocked: &BTreeSet<(String, String)>) -> Option<(usize, String)> {
    let start = story.map_index(&game.map)?;
    let mut first: HashMap<usize, usize> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = BTreeSet::from([start]);
    while let Some(index) = queue.pop_front() {
        let map = &story.maps[index];
        for (portal_index, portal) in map.portals.iter().enumerate() {
            if blocked.contains(&(map.name.clone(), portal.name.clone())) {
                continue;
            }
            let Some(link) = &portal.link else { continue };
            let Some(next) = story.map_index(&link.map) else { continue };
            if !seen.insert(next) {
                continue;
            }
            let hop = if index == start { portal_index } else { first[&index] };
            first.insert(next, hop);
            if !game.visited.contains(&story.maps[next].name) {
                return Some((hop, story.maps[next].name.clone()));
            }
            queue.push_back(next);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;
    use crate::script::Script;

    /// Plays `moves` from `body` on `map`: the body after each step, and the step at which `goal`
    /// first held (if it did).
    fn simulate(
        map: &Map,
        body: Body,
        moves: &[Input],
        goal: &dyn Fn(&Body) -> bool,
    ) -> (Body, Option<usize>) {
        let mut body = body;
        for (index, &input) in moves.iter().enumerate() {
            body.step(map, input);
            if goal(&body) {
                return (body, Some(index + 1));
            }
        }
        (body, None)
    }

    fn story() -> Story {
        let script = Script::parse(
            "start 1\n1 chgspk 2\n2 choose 3 4 5\n3 chgspk 2\n4 chgspk 6\n6 same 0\n5 same 0\nstart 7\n7 chgspk 8\n8 same 0\n%%\nEND_DIALOG\nHello.\nAsk.\nAgain?\nWhy?\nBye.\nBecause.\nOm.\nOm.\n",
        )
        .expect("parses");
        let maps = [
            (
                "bank",
                "title Bank\nbackground river\nplatform 0 22 40\nplatform 30 19 6\nportal west 2 21 -> ferry east\nportal high 33 18 -> grove gate\nnpc 20 21 1 Vasudeva\n",
            ),
            ("ferry", "title Ferry\nbackground river\nplatform 0 22 40\nportal east 36 21 -> bank west\n"),
            (
                "grove",
                "title Grove\nbackground grove\nplatform 0 22 40\nportal gate 4 21 -> bank west\nnpc 30 21 7 Gotama\n",
            ),
        ];
        let maps = maps.iter().map(|(name, text)| Map::parse(name, text).expect("parses")).collect();
        Story { script, maps }
    }

    #[test]
    fn the_walker_visits_every_map_and_shows_every_string() {
        let story = story();
        let report = walk(&story, &mut |_| true);
        assert_eq!(report.stuck, Vec::<String>::new());
        assert_eq!((report.maps_visited, report.maps), (3, 3));
        assert_eq!((report.strings_shown, report.strings), (9, 9));
        // Vasudeva's three options need two conversations (one loops back to the choice), Gotama one.
        assert_eq!(report.conversations, 3);
    }

    #[test]
    fn a_portal_out_of_reach_is_reported() {
        let mut story = story();
        // The platform under the high portal goes far above any jump.
        story.maps[0].platforms[1].y = 8;
        story.maps[0].portals[1].y = 7;
        let report = walk(&story, &mut |_| true);
        assert!(report.stuck.iter().any(|line| line.contains("portal 'high'")), "{:?}", report.stuck);
        assert!(
            report.stuck.iter().any(|line| line.contains("map 'grove' never reached")),
            "{:?}",
            report.stuck
        );
        assert_eq!(report.maps_visited, 2);
    }

    #[test]
    fn a_route_jumps_onto_a_platform() {
        let story = story();
        let map = &story.maps[0];
        let start = Body::standing_at(20, 21);
        let goal = |body: &Body| body.on_ground && body.y == 19 * TILE;
        let plan = route(map, start, &goal).expect("a way up");
        let (end, reached) = simulate(map, start, &plan, &goal);
        assert!(reached.is_some() && goal(&end));
    }
}
