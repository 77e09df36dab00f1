//! The engine: a player who runs and jumps over a map's platforms on a fixed time step, the
//! portals (off, on while the player touches one, active while the screen changes), and the
//! characters the player clicks to talk to.
//!
//! Everything is whole numbers (positions in 1/16 of a pixel, a tile 16 pixels), so the same
//! inputs give the same path on every machine: a recorded input sequence replays exactly.
//! Platforms are one-way, as in the platformers the write-up names: the player jumps up through
//! them and lands on their tops.

use crate::map::{COLUMNS, Character, Map, ROWS};
use crate::script::Script;
use crate::talk::{Conversation, Moment};
use curio_core::files::ParseError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Units in a pixel.
pub const PIXEL: i32 = 16;
/// Units in a tile (16 pixels).
pub const TILE: i32 = 16 * PIXEL;
/// A map's width in units.
pub const WIDTH: i32 = COLUMNS * TILE;
/// A map's height in units.
pub const HEIGHT: i32 = ROWS * TILE;
/// The player's width.
pub const PLAYER_WIDTH: i32 = 10 * PIXEL;
/// The player's height.
pub const PLAYER_HEIGHT: i32 = 28 * PIXEL;
/// Steps a second.
pub const TICKS_PER_SECOND: u32 = 60;
/// Running speed, units a step (2.5 pixels).
pub const RUN: i32 = 40;
/// Speed up at the start of a jump, units a step (7 pixels): about four tiles high.
pub const JUMP: i32 = 112;
/// Gravity, units a step a step.
pub const GRAVITY: i32 = 6;
/// Fastest fall, units a step.
pub const FALL: i32 = 160;
/// Steps a portal stays active before the new map shows.
pub const TRANSITION_TICKS: u32 = 24;

/// What the player presses during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    /// Run left.
    pub left: bool,
    /// Run right.
    pub right: bool,
    /// Jump (from the ground).
    pub jump: bool,
    /// Up: through a portal the player touches (on being pressed, not while held).
    pub up: bool,
}

/// The player's body: `x` its left edge, `y` its feet, in units from the map's top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Body {
    /// Left edge.
    pub x: i32,
    /// Feet.
    pub y: i32,
    /// Speed across, units a step.
    pub vx: i32,
    /// Speed down, units a step.
    pub vy: i32,
    /// Standing on a platform.
    pub on_ground: bool,
}

impl Body {
    /// Standing on tile (`column`, `row`): centred on the column, feet at the row's bottom.
    pub fn standing_at(column: i32, row: i32) -> Self {
        Self {
            x: column * TILE + (TILE - PLAYER_WIDTH) / 2,
            y: (row + 1) * TILE,
            vx: 0,
            vy: 0,
            on_ground: false,
        }
    }

    /// One step of `input` on `map`.
    pub fn step(&mut self, map: &Map, input: Input) {
        self.vx = match (input.left, input.right) {
            (true, false) => -RUN,
            (false, true) => RUN,
            _ => 0,
        };
        if input.jump && self.on_ground {
            self.vy = -JUMP;
        }
        self.vy = (self.vy + GRAVITY).min(FALL);
        self.x = (self.x + self.vx).clamp(0, WIDTH - PLAYER_WIDTH);
        let (feet, next) = (self.y, self.y + self.vy);
        self.on_ground = false;
        // Falling: the highest platform top between the feet before and after.
        let landing = (self.vy >= 0)
            .then(|| {
                map.platforms
                    .iter()
                    .filter(|platform| {
                        let (top, left, right) =
                            (platform.y * TILE, platform.x * TILE, (platform.x + platform.width) * TILE);
                        (feet..=next).contains(&top) && self.x + PLAYER_WIDTH > left && self.x < right
                    })
                    .map(|platform| platform.y * TILE)
                    .min()
            })
            .flatten();
        match landing {
            Some(top) => {
                self.y = top;
                self.vy = 0;
                self.on_ground = true;
            }
            None => self.y = next.max(PLAYER_HEIGHT),
        }
    }

    /// Whether the body overlaps the box of `width` x `height` units whose bottom left is
    /// (`x`, `bottom`).
    pub fn touches(&self, x: i32, bottom: i32, width: i32, height: i32) -> bool {
        self.x < x + width
            && x < self.x + PLAYER_WIDTH
            && self.y > bottom - height
            && bottom > self.y - PLAYER_HEIGHT
    }
}

/// A story: its script and its maps (the first is where the game starts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Story {
    /// The conversations.
    pub script: Script,
    /// The maps.
    pub maps: Vec<Map>,
}

/// Why a story cannot be put together from its files.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoryError {
    /// The script has a syntax error.
    #[error("the script, {0}")]
    Script(ParseError),
    /// A map has a syntax error.
    #[error("map '{name}', {error}")]
    Map {
        /// The map's name.
        name: String,
        /// The error.
        error: ParseError,
    },
    /// There is no map.
    #[error("a story needs at least one map")]
    NoMaps,
}

impl Story {
    /// The story of the script `script` and the maps `maps` (name and text each; the first is
    /// where a game begins).
    pub fn from_texts(script: &str, maps: &[(String, String)]) -> Result<Story, StoryError> {
        let script = Script::parse(script).map_err(StoryError::Script)?;
        let maps = maps
            .iter()
            .map(|(name, text)| {
                Map::parse(name, text).map_err(|error| StoryError::Map { name: name.clone(), error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if maps.is_empty() {
            return Err(StoryError::NoMaps);
        }
        Ok(Story { script, maps })
    }

    /// The index of the map called `name`.
    pub fn map_index(&self, name: &str) -> Option<usize> {
        self.maps.iter().position(|map| map.name == name)
    }
}

/// A portal's state, for the one the player is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PortalState {
    /// The player touches no portal.
    Off,
    /// The player touches portal `index` of the map.
    On(usize),
    /// Portal `index` is taking the player away; `ticks` steps so far.
    Active {
        /// The portal.
        index: usize,
        /// Steps since it was activated.
        ticks: u32,
    },
}

/// A character's box: one tile across, two high, standing on its tile.
fn character_box(character: &Character) -> (i32, i32, i32, i32) {
    (character.x * TILE, (character.y + 1) * TILE, TILE, 2 * TILE)
}

/// A game in progress: where the player is, the conversation under way, and what has been
/// seen (kept in the saved progress).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The map the player is on (its name, so saved progress survives maps added to a story).
    pub map: String,
    /// The player.
    pub body: Body,
    /// The portal the player is at.
    pub portal: PortalState,
    /// The conversation under way, with whom.
    pub talking: Option<(String, Conversation)>,
    /// Up was pressed during the last step.
    up_held: bool,
    /// Where the player came in (a fall off the map puts them back there).
    entry: (i32, i32),
    /// Maps seen.
    pub visited: BTreeSet<String>,
    /// Strings shown (said, or offered as a choice).
    pub shown: BTreeSet<usize>,
    /// Characters talked to (their maps' names).
    pub talked: BTreeSet<String>,
    /// Steps played.
    pub ticks: u64,
}

impl Game {
    /// A new game on the story's first map, at its first portal (or its left edge).
    pub fn new(story: &Story) -> Self {
        let first = story.maps.first();
        let entry =
            first.and_then(|map| map.portals.first()).map_or((1, ROWS - 3), |portal| (portal.x, portal.y));
        let name = first.map_or(String::new(), |map| map.name.clone());
        Self {
            map: name.clone(),
            body: Body::standing_at(entry.0, entry.1),
            portal: PortalState::Off,
            talking: None,
            up_held: false,
            entry,
            visited: BTreeSet::from([name]),
            shown: BTreeSet::new(),
            talked: BTreeSet::new(),
            ticks: 0,
        }
    }

    /// A game read from a file brought back into range: a position off the map starts again
    /// where the map was entered, and an entry off the map moves to the map's left side.
    pub fn repair(&mut self) {
        let inside = |x: i32, y: i32| (0..WIDTH).contains(&x) && (0..=HEIGHT).contains(&y);
        if !inside(self.entry.0 * TILE, self.entry.1 * TILE) {
            self.entry = (1, ROWS - 3);
        }
        if !inside(self.body.x, self.body.y) {
            self.body = Body::standing_at(self.entry.0, self.entry.1);
        }
    }

    /// The map the player is on (the first when the saved name is gone).
    pub fn current<'a>(&self, story: &'a Story) -> Option<&'a Map> {
        story.map_index(&self.map).or((!story.maps.is_empty()).then_some(0)).map(|index| &story.maps[index])
    }

    /// One step: the player moves unless talking or passing through a portal; Up on a portal
    /// with a link starts the passage, which ends on the linked portal of the other map.
    pub fn tick(&mut self, story: &Story, input: Input) {
        self.ticks += 1;
        let Some(map) = self.current(story) else { return };
        if self.talking.is_some() {
            self.up_held = input.up;
            return;
        }
        if let PortalState::Active { index, ticks } = self.portal {
            if ticks + 1 < TRANSITION_TICKS {
                self.portal = PortalState::Active { index, ticks: ticks + 1 };
                return;
            }
            let link = map.portals.get(index).and_then(|portal| portal.link.as_ref());
            let target = link.and_then(|link| {
                let map_index = story.map_index(&link.map)?;
                let portal =
                    story.maps[map_index].portals.iter().position(|portal| portal.name == link.portal)?;
                Some((map_index, portal))
            });
            match target {
                Some((map_index, portal_index)) => {
                    let target_map = &story.maps[map_index];
                    let portal = &target_map.portals[portal_index];
                    self.map = target_map.name.clone();
                    self.entry = (portal.x, portal.y);
                    self.body = Body::standing_at(portal.x, portal.y);
                    self.portal = PortalState::On(portal_index);
                    self.visited.insert(self.map.clone());
                }
                None => self.portal = PortalState::On(index),
            }
            self.up_held = input.up;
            return;
        }
        self.body.step(map, input);
        if self.body.y > HEIGHT + 4 * TILE {
            self.body = Body::standing_at(self.entry.0, self.entry.1);
        }
        let touched = map
            .portals
            .iter()
            .position(|portal| self.body.touches(portal.x * TILE, (portal.y + 1) * TILE, TILE, 2 * TILE));
        self.portal = touched.map_or(PortalState::Off, PortalState::On);
        if input.up
            && !self.up_held
            && let Some(index) = touched
            && map.portals[index].link.is_some()
        {
            self.portal = PortalState::Active { index, ticks: 0 };
        }
        self.up_held = input.up;
    }

    /// The character under the point (`x`, `y`) (units), if any: its name shows on hover.
    pub fn character_at<'a>(&self, story: &'a Story, x: i32, y: i32) -> Option<&'a Character> {
        let character = self.current(story)?.character.as_ref()?;
        let (left, bottom, width, height) = character_box(character);
        (x >= left && x < left + width && y >= bottom - height && y < bottom).then_some(character)
    }

    /// A click at (`x`, `y`): on the map's character (and not already talking), its
    /// conversation begins. True when one began.
    pub fn click(&mut self, story: &Story, x: i32, y: i32) -> bool {
        if self.talking.is_some() || matches!(self.portal, PortalState::Active { .. }) {
            return false;
        }
        let Some(character) = self.character_at(story, x, y) else { return false };
        let Ok(conversation) = Conversation::new(&story.script, character.start) else { return false };
        self.talked.insert(self.map.clone());
        self.talking = Some((self.map.clone(), conversation));
        self.note_shown(story);
        true
    }

    /// Where the conversation under way is.
    pub fn moment<'a>(&self, story: &'a Story) -> Option<Moment<'a>> {
        self.talking.as_ref().map(|(_, conversation)| conversation.moment(&story.script))
    }

    /// Goes on after a line; the conversation closes at its end.
    pub fn next(&mut self, story: &Story) {
        if let Some((_, conversation)) = &mut self.talking {
            conversation.next(&story.script);
        }
        self.note_shown(story);
    }

    /// Picks option `option` (from 0) at a choice.
    pub fn choose(&mut self, story: &Story, option: usize) -> bool {
        let Some((_, conversation)) = &mut self.talking else { return false };
        let chosen = conversation.choose(&story.script, option).is_ok();
        self.note_shown(story);
        chosen
    }

    /// Records what the conversation shows now; closes it when it has ended.
    fn note_shown(&mut self, story: &Story) {
        match self.moment(story) {
            Some(Moment::Says { string, .. }) => {
                self.shown.insert(string);
            }
            Some(Moment::Choose { options }) => self.shown.extend(options.iter().copied()),
            Some(Moment::Ended) => self.talking = None,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story() -> Story {
        let script = Script::parse("start 1\n1 chgspk 2\n2 choose 3 4\n3 chgspk 2\n4 same 0\n%%\nEND_DIALOG\nHello.\nAsk.\nAgain?\nBye.\n")
            .expect("parses");
        let bank = Map::parse(
            "bank",
            "title Bank\nbackground river\nplatform 0 22 40\nplatform 8 19 4\nportal west 2 21 -> ferry east\nnpc 20 21 1 Vasudeva\n",
        )
        .expect("parses");
        let ferry = Map::parse(
            "ferry",
            "title Ferry\nbackground river\nplatform 0 22 40\nportal east 36 21 -> bank west\n",
        )
        .expect("parses");
        Story { script, maps: vec![bank, ferry] }
    }

    fn run(game: &mut Game, story: &Story, input: Input, ticks: usize) {
        for _ in 0..ticks {
            game.tick(story, input);
        }
    }

    #[test]
    fn the_player_falls_onto_the_floor_and_runs() {
        let story = story();
        let mut game = Game::new(&story);
        run(&mut game, &story, Input::default(), 30);
        assert!(game.body.on_ground);
        assert_eq!(game.body.y, 22 * TILE);
        let before = game.body.x;
        run(&mut game, &story, Input { right: true, ..Input::default() }, 10);
        assert_eq!(game.body.x, before + 10 * RUN);
        assert!(game.body.on_ground);
    }

    #[test]
    fn a_jump_lands_on_a_platform_above() {
        let story = story();
        let mut game = Game::new(&story);
        game.body = Body::standing_at(9, 21);
        run(&mut game, &story, Input::default(), 5);
        run(&mut game, &story, Input { jump: true, ..Input::default() }, 1);
        run(&mut game, &story, Input::default(), 60);
        assert_eq!((game.body.y, game.body.on_ground), (19 * TILE, true), "on the platform at row 19");
        // Off its edge, down to the floor.
        run(&mut game, &story, Input { right: true, ..Input::default() }, 60);
        assert_eq!((game.body.y, game.body.on_ground), (22 * TILE, true));
    }

    #[test]
    fn up_on_a_portal_changes_the_map_after_the_transition() {
        let story = story();
        let mut game = Game::new(&story);
        run(&mut game, &story, Input::default(), 30);
        assert_eq!(game.portal, PortalState::On(0));
        run(&mut game, &story, Input { up: true, ..Input::default() }, 1);
        assert_eq!(game.portal, PortalState::Active { index: 0, ticks: 0 });
        run(&mut game, &story, Input { up: true, ..Input::default() }, TRANSITION_TICKS as usize);
        assert_eq!(game.map, "ferry");
        assert_eq!(game.portal, PortalState::On(0));
        assert!(game.visited.contains("ferry"));
        // Held Up does not go back at once; a new press does.
        run(&mut game, &story, Input { up: true, ..Input::default() }, 5);
        assert_eq!(game.map, "ferry");
        run(&mut game, &story, Input::default(), 1);
        run(&mut game, &story, Input { up: true, ..Input::default() }, 1 + TRANSITION_TICKS as usize);
        assert_eq!(game.map, "bank");
    }

    #[test]
    fn clicking_the_character_starts_its_conversation() {
        let story = story();
        let mut game = Game::new(&story);
        let (x, y) = (20 * TILE + TILE / 2, 21 * TILE);
        assert_eq!(
            game.character_at(&story, x, y).map(|character| character.name.as_str()),
            Some("Vasudeva")
        );
        assert!(game.character_at(&story, x, 10 * TILE).is_none());
        assert!(game.click(&story, x, y));
        let before = game.body;
        run(&mut game, &story, Input { right: true, ..Input::default() }, 10);
        assert_eq!(game.body, before, "the player stands still while talking");
        game.next(&story);
        game.next(&story);
        assert!(matches!(game.moment(&story), Some(Moment::Choose { .. })));
        assert!(game.choose(&story, 1));
        assert!(game.talking.is_none());
        assert_eq!(game.shown, BTreeSet::from([1, 2, 3, 4]));
        assert!(game.talked.contains("bank"));
    }

    #[test]
    fn a_game_off_the_map_is_brought_back() {
        let story = story();
        let mut game = Game::new(&story);
        game.body.x = -5_000_000;
        game.entry = (900, -4);
        game.repair();
        assert_eq!(game.entry, (1, ROWS - 3));
        assert_eq!(game.body, Body::standing_at(1, ROWS - 3));
        run(&mut game, &story, Input::default(), 30);
        assert!(game.body.on_ground);
    }

    #[test]
    fn the_same_inputs_give_the_same_path() {
        let story = story();
        let inputs: Vec<Input> = (0..600u32)
            .map(|tick| Input {
                left: tick % 97 < 30,
                right: tick % 53 < 20,
                jump: tick % 41 == 0,
                up: tick % 150 == 149,
            })
            .collect();
        let play = || {
            let mut game = Game::new(&story);
            inputs
                .iter()
                .map(|&input| {
                    game.tick(&story, input);
                    (game.map.clone(), game.body)
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(play(), play());
    }
}
