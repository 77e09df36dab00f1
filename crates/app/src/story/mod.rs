//! The Siddhartha panel: play the story (arrows or A/D to run, Space to jump, Up or W through a
//! portal, a click on a character to talk, Space or Enter to go on, 1-9 or a click to choose),
//! the map graph (maps as nodes, portal links as arrows), each conversation as a graph (strings
//! as nodes, opcodes on the arrows, the checker's errors in red), the script to edit, checked
//! as it is typed and played at once with "Play this script", and a map editor (drag the
//! character, portals and platforms; add a linked map or a platform).

use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;
use eframe::egui::{self, Align2, Color32, FontId, Key, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use story::map::{COLUMNS, Map, ROWS, check_maps, conversation_starts};
use story::script::{Diagnostic, ErrorKind, Script, Step, check_from};
use story::talk::{Moment, Speaker};
use story::world::{Game, Input, PortalState, Story, TICKS_PER_SECOND, TILE, TRANSITION_TICKS};
use story::walker::{WalkReport, walk};
use story::world::{PLAYER_HEIGHT, PLAYER_WIDTH};

/// What the canvas shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum View {
    /// The game.
    #[default]
    Play,
    /// The maps and their links.
    Maps,
    /// One conversation as a graph.
    Conversation,
    /// The script, to edit.
    Script,
}

/// Persisted settings and progress of the Siddhartha panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StoryPanelState {
    /// What the canvas shows.
    pub view: View,
    /// The game in progress (saved progress); none before the first step.
    pub game: Option<Game>,
    /// The script as edited (empty: the shipped one).
    pub script: String,
    /// The map whose character's conversation the graph shows.
    pub conversation_map: String,
    /// The maps as edited, name and text each (empty: the shipped ones).
    pub maps: Vec<(String, String)>,
    /// The Play view edits the map (drags its character, portals and platforms) instead of
    /// playing it.
    pub editing: bool,
}

impl Default for StoryPanelState {
    fn default() -> Self {
        Self {
            view: View::Play,
            game: None,
            script: String::new(),
            conversation_map: String::new(),
            maps: Vec::new(),
            editing: false,
        }
    }
}

impl Settings for StoryPanelState {
    fn sanitize(&mut self) {
        if let Some(game) = &mut self.game {
            game.repair();
        }
    }
}

/// The Siddhartha panel.
pub struct StoryPanel {
    /// Persisted settings and progress.
    pub state: StoryPanelState,
    /// The story played: the shipped maps with the script in use.
    pub story: Story,
    /// The checker's errors of the edited script (syntax and meaning).
    pub errors: Vec<Diagnostic>,
    /// Seconds not yet played as steps.
    pending: f64,
    /// The name under the pointer, if a character's.
    pub hovered: Option<String>,
    /// The last walk of the story ("Walk the story").
    pub walk: Option<WalkReport>,
    /// Where the last frame drew the map (for tests and the pointer).
    pub screen: Option<Rect>,
    /// The canvas the last frame of the game covered (the map and its bars).
    canvas: Option<Rect>,
    /// The time of the last frame drawn.
    last_time: Option<f64>,
    /// Whether the last frame played a step that moved something (the next one goes on from
    /// its time).
    moving: bool,
    /// What the map editor is dragging.
    grabbed: Option<Grab>,
}

/// A thing of a map the editor drags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grab {
    /// The character.
    Character,
    /// A portal, by index.
    Portal(usize),
    /// A platform, by index.
    Platform(usize),
}

/// The shipped story (an empty one if it ever failed to parse, which its tests rule out).
fn shipped() -> Story {
    story::siddhartha::story().unwrap_or(Story { script: Script::default(), maps: Vec::new() })
}

/// Every error of `text` as a script for `maps`: syntax, then meaning from the characters'
/// starts, then the maps' links and characters.
fn errors_of(text: &str, maps: &[Map]) -> (Script, Vec<Diagnostic>) {
    let (script, mut errors) = Script::parse_lenient(text);
    errors.extend(check_from(&script, &conversation_starts(maps)).errors);
    errors.extend(check_maps(maps, &script).into_iter().map(|error| Diagnostic {
        message: format!("map {}: {}", error.map, error.diagnostic.message),
        ..error.diagnostic
    }));
    errors.sort_by_key(|error| error.line);
    (script, errors)
}

impl PanelType for StoryPanel {
    const KEY: &'static str = "story";
    const TITLE: &'static str = "Siddhartha";
    const FAMILY: Family = Family::Games;
    type State = StoryPanelState;

    fn new(state: StoryPanelState, _gpu_adapter: Option<&str>) -> Self {
        let mut story = shipped();
        if !state.maps.is_empty() {
            // Edited maps replace the shipped ones when every one of them reads.
            let edited: Result<Vec<Map>, _> = state.maps.iter().map(|(name, text)| Map::parse(name, text)).collect();
            if let Ok(maps) = edited
                && !maps.is_empty()
            {
                story.maps = maps;
            }
        }
        let mut errors = Vec::new();
        if !state.script.is_empty() {
            let (script, found) = errors_of(&state.script, &story.maps);
            if !found.iter().any(|error| error.kind == ErrorKind::Syntax) {
                story.script = script;
            }
            errors = found;
        }
        let mut panel = Self {
            state,
            story,
            errors,
            pending: 0.0,
            hovered: None,
            walk: None,
            screen: None,
            canvas: None,
            last_time: None,
            moving: false,
            grabbed: None,
        };
        // Progress saved on maps that are gone starts again.
        if panel.state.game.as_ref().is_some_and(|game| panel.story.map_index(&game.map).is_none()) {
            panel.state.game = None;
        }
        panel
    }

    fn state(&self) -> &StoryPanelState {
        &self.state
    }
}

/// The player's name in the dialogue box.
const PLAYER: &str = "Siddhartha";

impl StoryPanel {
    /// Where the last frame drew the point (`x`, `y`) of the map (units), if it drew the map.
    pub fn on_screen(&self, x: i32, y: i32) -> Option<Pos2> {
        let screen = self.screen?;
        let scale = screen.width() / (COLUMNS * TILE) as f32;
        Some(screen.min + Vec2::new(x as f32, y as f32) * scale)
    }

    /// The index of the map the player is on.
    fn current_index(&mut self) -> Option<usize> {
        let name = self.game().map.clone();
        self.story.map_index(&name)
    }

    /// What of the current map is at the point (`x`, `y`) (units): its character, a portal or a
    /// platform, in that order.
    pub fn grab_at(&mut self, x: i32, y: i32) -> Option<Grab> {
        let index = self.current_index()?;
        let map = &self.story.maps[index];
        let inside = |left: i32, top: i32, width: i32, height: i32| {
            (left..left + width).contains(&x) && (top..top + height).contains(&y)
        };
        if let Some(character) = &map.character
            && inside(character.x * TILE, (character.y - 1) * TILE, TILE, 2 * TILE)
        {
            return Some(Grab::Character);
        }
        if let Some(index) =
            map.portals.iter().position(|portal| inside(portal.x * TILE, (portal.y - 1) * TILE, TILE, 2 * TILE))
        {
            return Some(Grab::Portal(index));
        }
        map.platforms
            .iter()
            .position(|platform| inside(platform.x * TILE, platform.y * TILE, platform.width * TILE, TILE))
            .map(Grab::Platform)
    }

    /// Puts what `grab` names on the tile (`column`, `row`) of the current map (kept on the map).
    pub fn place(&mut self, grab: Grab, column: i32, row: i32) {
        let Some(index) = self.current_index() else { return };
        let map = &mut self.story.maps[index];
        let (column, row) = (column.clamp(0, COLUMNS - 1), row.clamp(1, ROWS - 1));
        match grab {
            Grab::Character => {
                if let Some(character) = &mut map.character {
                    (character.x, character.y) = (column, row);
                }
            }
            Grab::Portal(portal) => {
                if let Some(portal) = map.portals.get_mut(portal) {
                    (portal.x, portal.y) = (column, row);
                }
            }
            Grab::Platform(platform) => {
                if let Some(platform) = map.platforms.get_mut(platform) {
                    (platform.x, platform.y) = (column.min(COLUMNS - platform.width), row);
                }
            }
        }
    }

    /// Keeps the maps as edited (in the settings) and rechecks them with the script.
    pub fn keep_maps(&mut self) {
        self.state.maps = self.story.maps.iter().map(|map| (map.name.clone(), map.to_text())).collect();
        self.recheck(false);
    }

    /// Adds a map after the others, linked both ways with a new portal in the middle of the
    /// current map, and keeps the maps.
    pub fn add_map(&mut self) {
        let Some(index) = self.current_index() else { return };
        let mut number = self.story.maps.len() + 1;
        let name = loop {
            let name = format!("{number:02}-new-map");
            if self.story.map_index(&name).is_none() {
                break name;
            }
            number += 1;
        };
        let from = self.story.maps[index].name.clone();
        let door = format!("to-{name}");
        let text = format!("title A new map\nbackground field\nplatform 0 22 40\nportal west 2 21 -> {from} {door}\n");
        let Ok(map) = Map::parse(&name, &text) else { return };
        self.story.maps[index].portals.push(story::map::Portal {
            name: door,
            x: COLUMNS / 2,
            y: ROWS - 3,
            link: Some(story::map::Link { map: name, portal: "west".into() }),
            line: 0,
        });
        self.story.maps.push(map);
        self.keep_maps();
    }

    /// Adds a platform to the current map, above the middle of the floor, and keeps the maps.
    pub fn add_platform(&mut self) {
        let Some(index) = self.current_index() else { return };
        self.story.maps[index].platforms.push(story::map::Platform { x: 17, y: 18, width: 6 });
        self.keep_maps();
    }

    /// The game, started if there is none.
    pub fn game(&mut self) -> &mut Game {
        let story = &self.story;
        self.state.game.get_or_insert_with(|| Game::new(story))
    }

    /// Plays `steps` steps of `input`.
    pub fn play(&mut self, input: Input, steps: usize) {
        let story = &self.story;
        let game = self.state.game.get_or_insert_with(|| Game::new(story));
        for _ in 0..steps {
            game.tick(story, input);
        }
    }

    /// Rechecks the edited script; with `adopt`, a script without syntax errors becomes the
    /// one played (the conversation under way, if any, is closed).
    pub fn recheck(&mut self, adopt: bool) {
        let text = if self.state.script.is_empty() { story::siddhartha::SCRIPT } else { &self.state.script };
        let (script, errors) = errors_of(text, &self.story.maps);
        self.errors = errors;
        if adopt && !self.errors.iter().any(|error| error.kind == ErrorKind::Syntax) {
            self.story.script = script;
            if let Some(game) = &mut self.state.game {
                game.talking = None;
            }
        }
    }

    /// The keys held and pressed this frame, as the engine's input.
    fn keys(ctx: &egui::Context) -> Input {
        ctx.input(|input| Input {
            left: input.key_down(Key::ArrowLeft) || input.key_down(Key::A),
            right: input.key_down(Key::ArrowRight) || input.key_down(Key::D),
            jump: input.key_down(Key::Space) || input.key_down(Key::Z),
            up: input.key_down(Key::ArrowUp) || input.key_down(Key::W),
        })
    }

    fn play_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let editing = self.state.editing;
        let sense = if editing { egui::Sense::click_and_drag() } else { egui::Sense::click() };
        let response = ui.allocate_rect(rect, sense);
        let painter = ui.painter_at(rect);
        // The map: 40 x 24 tiles fitted into the canvas.
        let scale = (rect.width() / (COLUMNS * TILE) as f32).min(rect.height() / (ROWS * TILE) as f32);
        let size = Vec2::new((COLUMNS * TILE) as f32, (ROWS * TILE) as f32) * scale;
        let screen = Rect::from_center_size(rect.center(), size);
        self.screen = Some(screen);
        self.canvas = Some(rect);
        // Dark bars beside or above and below the map (the map itself covers the rest).
        let bar = Color32::from_rgb(0x18, 0x18, 0x20);
        for strip in [
            Rect::from_min_max(rect.min, Pos2::new(rect.max.x, screen.min.y)),
            Rect::from_min_max(Pos2::new(rect.min.x, screen.max.y), rect.max),
            Rect::from_min_max(Pos2::new(rect.min.x, screen.min.y), Pos2::new(screen.min.x, screen.max.y)),
            Rect::from_min_max(Pos2::new(screen.max.x, screen.min.y), Pos2::new(rect.max.x, screen.max.y)),
        ] {
            if strip.is_positive() {
                painter.rect_filled(strip, 0.0, bar);
            }
        }
        let to_screen = |x: i32, y: i32| screen.min + Vec2::new(x as f32, y as f32) * scale;
        let to_world = |pos: Pos2| {
            let at = (pos - screen.min) / scale;
            (at.x as i32, at.y as i32)
        };
        if editing {
            // The editor: drag the character, a portal or a platform to a tile.
            let tile_at = |pos: Pos2| {
                let (x, y) = to_world(pos);
                (x.div_euclid(TILE), y.div_euclid(TILE))
            };
            // A drag starts where the button went down, a little before egui calls it a drag.
            if response.drag_started()
                && let Some(pos) = ui.ctx().input(|input| input.pointer.press_origin())
            {
                let (x, y) = to_world(pos);
                self.grabbed = self.grab_at(x, y);
            }
            if let (Some(grab), Some(pos)) = (self.grabbed, response.interact_pointer_pos())
                && response.dragged()
            {
                let (column, row) = tile_at(pos);
                self.place(grab, column, row);
            }
            if response.drag_stopped() && self.grabbed.take().is_some() {
                self.keep_maps();
            }
        }
        // The player holds still while talking, and the whole game while the map is edited.
        let frozen = editing || self.state.game.as_ref().is_some_and(|game| game.talking.is_some());
        // Steps at 60 a second while anything moves; keys only while no text field has them.
        let now = ui.ctx().input(|input| input.time);
        let elapsed = match self.last_time {
            Some(last) if self.moving => (now - last).clamp(0.0, 0.25),
            _ => 1.0 / f64::from(TICKS_PER_SECOND),
        };
        self.last_time = Some(now);
        let typing = ui.ctx().egui_wants_keyboard_input();
        let input = if typing || frozen { Input::default() } else { Self::keys(ui.ctx()) };
        // A player standing still with no key down plays no steps (the clock of the game is its
        // time in motion).
        let still = self.state.game.as_ref().is_some_and(|game| {
            game.body.on_ground && game.body.vx == 0 && !matches!(game.portal, PortalState::Active { .. })
        });
        let idle = still && input == Input::default();
        if !frozen && !idle {
            self.pending += elapsed;
            let steps = (self.pending * f64::from(TICKS_PER_SECOND)) as usize;
            self.pending -= steps as f64 / f64::from(TICKS_PER_SECOND);
            self.play(input, steps.min(15));
        } else {
            self.pending = 0.0;
        }
        let game = self.state.game.as_ref();
        self.moving = !frozen
            && (input != Input::default()
                || game.is_some_and(|game| {
                    !game.body.on_ground || game.body.vx != 0 || matches!(game.portal, PortalState::Active { .. })
                }));
        if self.moving {
            ui.ctx().request_repaint();
        }
        let story = &self.story;
        let game = self.state.game.get_or_insert_with(|| Game::new(story));
        let Some(map) = game.current(story) else { return };
        draw_background(&painter, screen, &map.background);
        for platform in &map.platforms {
            let top_left = to_screen(platform.x * TILE, platform.y * TILE);
            let bottom_right = to_screen((platform.x + platform.width) * TILE, (platform.y + 1) * TILE);
            let body = Rect::from_min_max(top_left, bottom_right);
            painter.rect_filled(body, 2.0, Color32::from_rgb(0x6b, 0x4a, 0x2b));
            painter.line_segment([body.left_top(), body.right_top()], Stroke::new(3.0 * scale * 16.0, Color32::from_rgb(0x7c, 0xa8, 0x4a)));
        }
        for (index, portal) in map.portals.iter().enumerate() {
            let door = Rect::from_min_max(to_screen(portal.x * TILE, (portal.y - 1) * TILE), to_screen((portal.x + 1) * TILE, (portal.y + 1) * TILE));
            let (fill, stroke) = match game.portal {
                PortalState::Active { index: active, ticks } if active == index => {
                    let glow = (ticks as f32 / TRANSITION_TICKS as f32 * 255.0) as u8;
                    (Color32::from_rgba_unmultiplied(0xff, 0xe6, 0x8a, 120u8.saturating_add(glow / 2)), Color32::WHITE)
                }
                PortalState::On(on) if on == index => (Color32::from_rgba_unmultiplied(0xb0, 0x90, 0xff, 150), Color32::WHITE),
                _ if portal.link.is_none() => (Color32::from_rgba_unmultiplied(0x80, 0x80, 0x80, 60), Color32::GRAY),
                _ => (Color32::from_rgba_unmultiplied(0x80, 0x60, 0xe0, 90), Color32::from_rgb(0xc8, 0xb8, 0xff)),
            };
            painter.rect(door, door.width() * 0.5, fill, Stroke::new(1.5, stroke), egui::StrokeKind::Inside);
        }
        let pointer = response.hover_pos();
        self.hovered = None;
        if let Some(character) = &map.character {
            let feet = to_screen(character.x * TILE + TILE / 2, (character.y + 1) * TILE);
            draw_figure(&painter, feet, scale, robe_of(&character.name));
            let hovered = pointer.and_then(|pos| {
                let (x, y) = to_world(pos);
                game.character_at(story, x, y)
            });
            if hovered.is_some() {
                painter.text(
                    feet - Vec2::new(0.0, 2.4 * TILE as f32 * scale),
                    Align2::CENTER_BOTTOM,
                    &character.name,
                    FontId::proportional((14.0 * scale * 16.0).clamp(11.0, 18.0)),
                    Color32::WHITE,
                );
                self.hovered = Some(character.name.clone());
            }
        }
        let body = game.body;
        draw_figure(&painter, to_screen(body.x + PLAYER_WIDTH / 2, body.y), scale * PLAYER_HEIGHT as f32 / (2 * TILE) as f32, Color32::from_rgb(0xe0, 0x7a, 0x1f));
        let title = if editing { format!("{} (editing: drag the character, portals, platforms)", map.title) } else { map.title.clone() };
        painter.text(screen.left_top() + Vec2::new(10.0, 8.0), Align2::LEFT_TOP, title, FontId::proportional(16.0), Color32::WHITE);
        if editing {
            // Each portal's name and where it leads.
            for portal in &map.portals {
                let label = match &portal.link {
                    Some(link) => format!("{} → {}", portal.name, link.map),
                    None => portal.name.clone(),
                };
                painter.text(to_screen(portal.x * TILE + TILE / 2, (portal.y - 1) * TILE - 4), Align2::CENTER_BOTTOM, label, FontId::proportional(10.0), Color32::WHITE);
            }
        }
        if let PortalState::Active { ticks, .. } = game.portal {
            let dark = (ticks as f32 / TRANSITION_TICKS as f32 * 230.0) as u8;
            painter.rect_filled(screen, 0.0, Color32::from_black_alpha(dark));
        }
        if response.clicked() && !editing {
            // A click on the game takes the keyboard back from the controls.
            ui.ctx().memory_mut(|memory| {
                if let Some(id) = memory.focused() {
                    memory.surrender_focus(id);
                }
            });
            if let Some(pos) = response.interact_pointer_pos()
                && !frozen
            {
                let (x, y) = to_world(pos);
                game.click(story, x, y);
            }
        }
        self.dialogue_ui(ui, screen);
    }

    /// The dialogue box over the bottom of the map while a conversation lasts.
    fn dialogue_ui(&mut self, ui: &mut egui::Ui, screen: Rect) {
        let story = &self.story;
        let Some(game) = &mut self.state.game else { return };
        let Some(moment) = game.moment(story) else { return };
        let other = game
            .talking
            .as_ref()
            .and_then(|(map, _)| story.map_index(map))
            .and_then(|index| story.maps[index].character.as_ref())
            .map_or("", |character| character.name.as_str())
            .to_string();
        // Over the sky, below the title: the characters stand below it.
        let height = (screen.height() * 0.36).max(110.0).min(screen.height() - 36.0);
        let area = Rect::from_min_size(screen.left_top() + Vec2::new(8.0, 34.0), Vec2::new(screen.width() - 16.0, height));
        let mut chosen = None;
        let mut go_on = false;
        ui.scope_builder(egui::UiBuilder::new().max_rect(area), |ui| {
            egui::Frame::new()
                .fill(Color32::from_rgba_unmultiplied(0x10, 0x10, 0x18, 235))
                .stroke(Stroke::new(1.0, Color32::from_rgb(0xc8, 0xb8, 0xff)))
                .corner_radius(6.0)
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.set_min_size(area.size() - Vec2::splat(20.0));
                    ui.style_mut().visuals.override_text_color = Some(Color32::WHITE);
                    match moment {
                        Moment::Says { speaker, text, .. } => {
                            let name = if speaker == Speaker::Player { PLAYER } else { other.as_str() };
                            ui.label(egui::RichText::new(name).strong().color(theme::SELECTED));
                            ui.label(egui::RichText::new(text).size(16.0));
                            if ui.button("Go on (Space)").clicked() {
                                go_on = true;
                            }
                        }
                        Moment::Choose { options } => {
                            ui.label(egui::RichText::new(PLAYER).strong().color(theme::SELECTED));
                            for (index, &option) in options.iter().enumerate() {
                                let text = story.script.text(option).unwrap_or_default();
                                if ui.button(format!("{}. {text}", index + 1)).clicked() {
                                    chosen = Some(index);
                                }
                            }
                        }
                        Moment::Ended => {}
                    }
                });
        });
        ui.ctx().input(|input| {
            if matches!(moment, Moment::Says { .. }) && (input.key_pressed(Key::Space) || input.key_pressed(Key::Enter)) {
                go_on = true;
            }
            if let Moment::Choose { options } = moment {
                const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
                for (index, key) in DIGITS.iter().enumerate().take(options.len()) {
                    if input.key_pressed(*key) {
                        chosen = Some(index);
                    }
                }
            }
        });
        if go_on {
            game.next(story);
        }
        if let Some(option) = chosen {
            game.choose(story, option);
        }
    }

    fn maps_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let maps = &self.story.maps;
        let columns = 7usize;
        let rows = maps.len().div_ceil(columns).max(1);
        let cell = Vec2::new(rect.width() / columns as f32, rect.height() / rows as f32);
        // Rows run left to right, then right to left, so that the story's next map is always
        // beside or under the last.
        let center = |index: usize| {
            let (row, place) = (index / columns, index % columns);
            let column = if row % 2 == 0 { place } else { columns - 1 - place };
            rect.min + Vec2::new(column as f32 + 0.5, row as f32 + 0.5) * cell
        };
        let node = Vec2::new(cell.x * 0.9, (cell.y * 0.42).min(46.0));
        let game = self.state.game.as_ref();
        for (index, map) in maps.iter().enumerate() {
            for portal in &map.portals {
                let Some(target) = portal.link.as_ref().and_then(|link| self.story.map_index(&link.map)) else { continue };
                let (from, to) = (center(index), center(target));
                let bend = if target > index { -0.18 } else { 0.18 };
                let middle = from + (to - from) * 0.5 + (to - from).rot90() * bend;
                let color = if target > index { Color32::from_rgb(0x50, 0x50, 0x90) } else { Color32::from_rgb(0xa0, 0x80, 0x60) };
                let path = [from, middle, to];
                painter.add(egui::Shape::QuadraticBezier(egui::epaint::QuadraticBezierShape::from_points_stroke(path, false, Color32::TRANSPARENT, Stroke::new(1.2, color))));
                let direction = (to - middle).normalized();
                let tip = to - direction * (node.x * 0.5).min(node.y * 0.5 + 8.0);
                arrow(&painter, tip - direction * 8.0, tip, Stroke::new(1.2, color));
            }
        }
        for (index, map) in maps.iter().enumerate() {
            let box_rect = Rect::from_center_size(center(index), node);
            let here = game.is_some_and(|game| game.map == map.name);
            let visited = game.is_some_and(|game| game.visited.contains(&map.name));
            let fill = if here { theme::SELECTED } else if visited { Color32::from_rgb(0xd8, 0xe8, 0xd0) } else { Color32::WHITE };
            painter.rect(box_rect, 4.0, fill, Stroke::new(1.0, theme::CANVAS_BORDER), egui::StrokeKind::Inside);
            let title = if map.character.is_some() { format!("{} ●", map.title) } else { map.title.clone() };
            let galley = painter.layout(title, FontId::proportional(11.0), theme::LENGTH_LABEL, node.x - 6.0);
            painter.galley(box_rect.center() - galley.size() * 0.5, galley, theme::LENGTH_LABEL);
        }
    }

    fn conversation_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let script = &self.story.script;
        let Some(start) = self
            .story
            .maps
            .iter()
            .find(|map| map.name == self.state.conversation_map)
            .or_else(|| self.story.maps.iter().find(|map| map.character.is_some()))
            .and_then(|map| map.character.as_ref())
            .map(|character| character.start)
        else {
            return;
        };
        // Strings by depth from the start (breadth-first), the end last.
        let mut depth: Vec<(usize, usize)> = vec![(start, 0)];
        let mut seen = vec![start];
        let mut index = 0;
        while index < depth.len() {
            let (string, level) = depth[index];
            index += 1;
            if let Some(flow) = script.entry(string) {
                for &target in flow.step.targets() {
                    if target != 0 && target < script.strings.len() && !seen.contains(&target) {
                        seen.push(target);
                        depth.push((target, level + 1));
                    }
                }
            }
        }
        let levels = depth.iter().map(|(_, level)| level + 1).max().unwrap_or(1) + 1;
        let mut per_level = vec![0usize; levels];
        let mut place = std::collections::HashMap::new();
        for &(string, level) in &depth {
            place.insert(string, (level, per_level[level]));
            per_level[level] += 1;
        }
        place.insert(0, (levels - 1, 0));
        per_level[levels - 1] = 1;
        let column = rect.width() / levels as f32;
        let at = |string: usize| {
            let (level, row) = place[&string];
            let rows = per_level[level].max(1) as f32;
            rect.min + Vec2::new((level as f32 + 0.5) * column, (row as f32 + 0.5) * rect.height() / rows)
        };
        let node = Vec2::new(column * 0.86, 58.0);
        let faulty: Vec<usize> = self.errors.iter().map(|error| error.line).collect();
        for &(string, _) in &depth {
            let Some(flow) = script.entry(string) else { continue };
            for &target in flow.step.targets() {
                if !place.contains_key(&target) {
                    continue;
                }
                let (from, to) = (at(string) + Vec2::new(node.x * 0.5, 0.0), at(target) - Vec2::new(node.x * 0.5, 0.0));
                let color = if faulty.contains(&flow.line) { theme::ERROR } else { Color32::from_rgb(0x50, 0x50, 0x90) };
                let backwards = to.x <= from.x;
                let (from, to) = if backwards { (at(string) - Vec2::new(0.0, node.y * 0.5), at(target) - Vec2::new(0.0, node.y * 0.5)) } else { (from, to) };
                arrow(&painter, from, to, Stroke::new(1.2, color));
                let label = match flow.step {
                    Step::Same(_) => "same",
                    Step::ChangeSpeaker(_) => "chgspk",
                    Step::Choose(_) => "choose",
                };
                if (to - from).length() > 44.0 {
                    painter.text(from + (to - from) * 0.5, Align2::CENTER_BOTTOM, label, FontId::proportional(10.0), color);
                }
            }
        }
        for string in depth.iter().map(|&(string, _)| string).chain([0]) {
            let box_rect = Rect::from_center_size(at(string), node);
            let line = script.strings.get(string).map_or(0, |text| text.line);
            let entry_line = script.entry(string).map_or(0, |flow| flow.line);
            let wrong = faulty.contains(&line) || faulty.contains(&entry_line);
            let stroke = if wrong { Stroke::new(2.0, theme::ERROR) } else { Stroke::new(1.0, theme::CANVAS_BORDER) };
            painter.rect(box_rect, 4.0, Color32::WHITE, stroke, egui::StrokeKind::Inside);
            painter.text(box_rect.left_top() + Vec2::new(4.0, 2.0), Align2::LEFT_TOP, format!("{string}"), FontId::proportional(9.5), theme::HINT);
            // The string's text, wrapped to the box; what does not fit is cut.
            let text = script.text(string).unwrap_or_default().to_string();
            let mut job = egui::text::LayoutJob::simple(text, FontId::proportional(10.0), theme::LENGTH_LABEL, node.x - 8.0);
            job.wrap.max_rows = 3;
            let galley = painter.layout_job(job);
            painter.galley(box_rect.left_top() + Vec2::new(4.0, 14.0), galley, theme::LENGTH_LABEL);
        }
    }

    fn script_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
            if self.state.script.is_empty() {
                self.state.script = story::siddhartha::SCRIPT.to_string();
            }
            egui::ScrollArea::vertical().id_salt("story-script").show(ui, |ui| {
                let label = ui.label("speech.dat");
                let edit = ui
                    .add(
                        egui::TextEdit::multiline(&mut self.state.script)
                            .code_editor()
                            .desired_width(f32::INFINITY)
                            .desired_rows(30),
                    )
                    .labelled_by(label.id);
                if edit.changed() {
                    self.recheck(false);
                }
            });
        });
    }
}

/// A line from `from` to `to` with a small head at `to`.
fn arrow(painter: &egui::Painter, from: Pos2, to: Pos2, stroke: Stroke) {
    painter.line_segment([from, to], stroke);
    let direction = (to - from).normalized();
    let back = to - direction * 7.0;
    let side = direction.rot90() * 3.5;
    painter.line_segment([to, back + side], stroke);
    painter.line_segment([to, back - side], stroke);
}

/// A robe colour for a character, from its name.
fn robe_of(name: &str) -> Color32 {
    let hash = name.bytes().fold(17u32, |hash, byte| hash.wrapping_mul(31).wrapping_add(u32::from(byte)));
    let hues = [
        Color32::from_rgb(0x8a, 0x5c, 0xc8),
        Color32::from_rgb(0x3a, 0x8c, 0x9c),
        Color32::from_rgb(0xc8, 0x3c, 0x5a),
        Color32::from_rgb(0xd8, 0xb0, 0x30),
        Color32::from_rgb(0x4c, 0x9a, 0x4c),
        Color32::from_rgb(0xe0, 0xe0, 0xd0),
    ];
    hues[hash as usize % hues.len()]
}

/// A still figure standing at `feet`: a robe and a head, two tiles high at `scale`.
fn draw_figure(painter: &egui::Painter, feet: Pos2, scale: f32, robe: Color32) {
    let tile = TILE as f32 * scale;
    let body = Rect::from_min_max(feet - Vec2::new(tile * 0.32, tile * 1.45), feet + Vec2::new(tile * 0.32, 0.0));
    painter.rect_filled(body, tile * 0.2, robe);
    painter.circle_filled(feet - Vec2::new(0.0, tile * 1.72), tile * 0.3, Color32::from_rgb(0xd9, 0xa8, 0x7c));
    painter.circle_filled(feet - Vec2::new(0.0, tile * 1.9), tile * 0.2, Color32::from_rgb(0x30, 0x22, 0x18));
}

/// A background drawn from its name: a sky, and what stands under it.
fn draw_background(painter: &egui::Painter, screen: Rect, name: &str) {
    let (top, bottom) = match name {
        "night" => (Color32::from_rgb(0x10, 0x14, 0x30), Color32::from_rgb(0x28, 0x30, 0x58)),
        "house" | "hall" | "courtyard" => (Color32::from_rgb(0xe8, 0xc8, 0x98), Color32::from_rgb(0xf4, 0xe0, 0xb8)),
        "forest" | "camp" => (Color32::from_rgb(0x58, 0x88, 0x68), Color32::from_rgb(0x9c, 0xc0, 0x98)),
        "grove" | "garden" => (Color32::from_rgb(0x88, 0xb8, 0xd8), Color32::from_rgb(0xd8, 0xf0, 0xc8)),
        "town" | "market" | "village" => (Color32::from_rgb(0xf0, 0xa8, 0x70), Color32::from_rgb(0xf8, 0xe0, 0xb0)),
        _ => (Color32::from_rgb(0x70, 0xa8, 0xe0), Color32::from_rgb(0xd8, 0xec, 0xf8)),
    };
    let bands = 12;
    for band in 0..bands {
        let share = band as f32 / bands as f32;
        let color = top.lerp_to_gamma(bottom, share);
        let y0 = screen.top() + screen.height() * share;
        let y1 = screen.top() + screen.height() * (band + 1) as f32 / bands as f32;
        painter.rect_filled(Rect::from_min_max(Pos2::new(screen.left(), y0), Pos2::new(screen.right(), y1 + 1.0)), 0.0, color);
    }
    // Tile-sized shapes standing on the floor line (row 22), earth below it.
    let tile = screen.height() / ROWS as f32;
    let ground = screen.top() + tile * 22.0;
    let w = screen.width();
    let earth = Rect::from_min_max(Pos2::new(screen.left(), ground), screen.right_bottom());
    match name {
        "river" | "ferry" => {
            let water = Rect::from_min_max(Pos2::new(screen.left(), ground - tile * 2.0), screen.right_bottom());
            painter.rect_filled(water, 0.0, Color32::from_rgb(0x40, 0x78, 0xb0));
            for wave in 0..10 {
                let y = ground - tile * 1.5 + (wave % 3) as f32 * tile * 0.5;
                let x = screen.left() + w * 0.1 * wave as f32;
                painter.line_segment([Pos2::new(x, y), Pos2::new(x + tile * 2.0, y)], Stroke::new(1.5, Color32::from_rgb(0x90, 0xc0, 0xe8)));
            }
        }
        "forest" | "camp" | "grove" | "garden" | "night" => {
            painter.rect_filled(earth, 0.0, Color32::from_rgb(0x4a, 0x3a, 0x28));
            let trunk = Color32::from_rgb(0x4a, 0x34, 0x20);
            let leaves = if name == "night" { Color32::from_rgb(0x20, 0x38, 0x30) } else { Color32::from_rgb(0x2e, 0x6a, 0x38) };
            for tree in 0..7 {
                let x = screen.left() + w * (0.07 + 0.14 * tree as f32);
                let height = tile * (4.0 + (tree % 3) as f32);
                painter.rect_filled(Rect::from_min_max(Pos2::new(x - tile * 0.3, ground - height), Pos2::new(x + tile * 0.3, ground)), 0.0, trunk);
                painter.circle_filled(Pos2::new(x, ground - height - tile), tile * (1.8 + (tree % 2) as f32 * 0.5), leaves);
            }
        }
        "town" | "market" | "village" | "house" | "hall" | "courtyard" => {
            painter.rect_filled(earth, 0.0, Color32::from_rgb(0x8a, 0x6a, 0x48));
            for house in 0..5 {
                let x = screen.left() + w * (0.04 + 0.2 * house as f32);
                let roof = ground - tile * (4.0 + (house % 2) as f32 * 1.5);
                let wall = Rect::from_min_max(Pos2::new(x, roof), Pos2::new(x + tile * 5.0, ground));
                painter.rect_filled(wall, 2.0, Color32::from_rgb(0xe8, 0xd8, 0xc0));
                painter.rect_filled(Rect::from_min_size(Pos2::new(x + tile * 2.0, ground - tile * 2.0), Vec2::new(tile, tile * 2.0)), 1.0, Color32::from_rgb(0x7a, 0x50, 0x30));
                let peak = [Pos2::new(x - tile * 0.5, roof), Pos2::new(x + tile * 2.5, roof - tile * 1.8), Pos2::new(x + tile * 5.5, roof)];
                painter.add(egui::Shape::convex_polygon(peak.to_vec(), Color32::from_rgb(0xa8, 0x48, 0x30), Stroke::NONE));
            }
        }
        _ => {
            painter.rect_filled(earth, 0.0, Color32::from_rgb(0x7a, 0x8c, 0x48));
            for hill in 0..4 {
                let x = screen.left() + w * (0.15 + 0.25 * hill as f32);
                painter.circle_filled(Pos2::new(x, ground + tile * 2.0), tile * (5.0 + (hill % 2) as f32 * 2.0), Color32::from_rgb(0x98, 0xb0, 0x68));
            }
        }
    }
}

impl Panel for StoryPanel {
    fn is_busy(&self) -> bool {
        false
    }

    fn opaque_canvas(&self) -> Option<Rect> {
        (self.state.view == View::Play).then_some(self.canvas).flatten()
    }

    fn logic(&mut self, _ctx: &egui::Context) {}

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Siddhartha");
        ui.label("The write-up's platformer: run with the arrows (or A and D), jump with Space, go through a portal with Up (or W), click a character to talk; Space goes on, 1-9 chooses.");
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.state.view, View::Play, "Play");
            ui.selectable_value(&mut self.state.view, View::Maps, "Maps");
            ui.selectable_value(&mut self.state.view, View::Conversation, "Conversation");
            ui.selectable_value(&mut self.state.view, View::Script, "Script");
        });
        ui.separator();
        let maps = self.story.maps.len();
        let strings = self.story.script.strings.len();
        let characters = self.story.maps.iter().filter(|map| map.character.is_some()).count();
        let game = self.game();
        let (visited, shown, talked) = (game.visited.len(), game.shown.len(), game.talked.len());
        ui.label(format!("maps visited: {visited} of {maps}"));
        ui.label(format!("strings shown: {shown} of {strings}"));
        ui.label(format!("characters talked to: {talked} of {characters}"));
        if let Some(name) = &self.hovered {
            ui.label(format!("under the pointer: {name}"));
        }
        ui.horizontal(|ui| {
            if ui.button("New game").clicked() {
                self.state.game = Some(Game::new(&self.story));
            }
            if ui.button("Walk the story").on_hover_text("The walker plays the whole story headless: every map it can reach, every conversation down each branch").clicked() {
                self.walk = Some(walk(&self.story, &mut |_| true));
            }
        });
        if let Some(report) = &self.walk {
            ui.label(format!(
                "walker: {} of {} maps, {} of {} strings, {} conversations, {} steps",
                report.maps_visited, report.maps, report.strings_shown, report.strings, report.conversations, report.ticks
            ));
            if report.stuck.is_empty() {
                ui.colored_label(theme::SUCCESS, "walker: nothing stuck");
            }
            for line in &report.stuck {
                ui.colored_label(theme::ERROR, format!("stuck: {line}"));
            }
        }
        if self.state.view == View::Play {
            ui.checkbox(&mut self.state.editing, "Edit the map");
            if self.state.editing {
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Add a map").on_hover_text("A new map after the others, linked both ways with a new portal here").clicked() {
                        self.add_map();
                    }
                    if ui.button("Add a platform").clicked() {
                        self.add_platform();
                    }
                    if ui.button("Shipped maps").clicked() {
                        self.story.maps = shipped().maps;
                        self.state.maps.clear();
                        self.recheck(false);
                        if self.state.game.as_ref().is_some_and(|game| self.story.map_index(&game.map).is_none()) {
                            self.state.game = Some(Game::new(&self.story));
                        }
                    }
                });
                if self.errors.is_empty() {
                    ui.colored_label(theme::SUCCESS, "maps and script: no errors");
                }
            }
        }
        ui.separator();
        if self.state.view == View::Conversation {
            let label = ui.label("conversation");
            let current = self
                .story
                .maps
                .iter()
                .find(|map| map.name == self.state.conversation_map && map.character.is_some())
                .or_else(|| self.story.maps.iter().find(|map| map.character.is_some()))
                .map(|map| map.name.clone())
                .unwrap_or_default();
            let title = |name: &str| {
                self.story
                    .maps
                    .iter()
                    .find(|map| map.name == name)
                    .and_then(|map| map.character.as_ref().map(|character| format!("{} ({})", character.name, map.title)))
                    .unwrap_or_default()
            };
            let mut chosen = current.clone();
            egui::ComboBox::from_id_salt("story-conversation")
                .selected_text(title(&current))
                .width(230.0)
                .show_ui(ui, |ui| {
                    for map in self.story.maps.iter().filter(|map| map.character.is_some()) {
                        ui.selectable_value(&mut chosen, map.name.clone(), title(&map.name));
                    }
                })
                .response
                .labelled_by(label.id);
            self.state.conversation_map = chosen;
        }
        if self.state.view == View::Script || !self.errors.is_empty() {
            ui.horizontal(|ui| {
                if ui.button("Play this script").clicked() {
                    self.recheck(true);
                }
                if ui.button("Shipped script").clicked() {
                    self.state.script = story::siddhartha::SCRIPT.to_string();
                    self.recheck(true);
                }
                if ui.button("Tidy").on_hover_text("Prints the script in the house style, as curio story fmt does").clicked() {
                    let text = if self.state.script.is_empty() { story::siddhartha::SCRIPT } else { &self.state.script };
                    if let Ok(script) = Script::parse(text) {
                        self.state.script = script.to_text();
                        self.recheck(false);
                    }
                }
            });
            if self.errors.is_empty() {
                ui.colored_label(theme::SUCCESS, "no errors");
            }
            egui::ScrollArea::vertical().id_salt("story-errors").max_height(260.0).show(ui, |ui| {
                for error in &self.errors {
                    ui.colored_label(theme::ERROR, format!("line {}: {}: {}", error.line, error.kind.name(), error.message));
                }
            });
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        match self.state.view {
            View::Play => self.play_ui(ui, rect),
            View::Maps => self.maps_ui(ui, rect),
            View::Conversation => self.conversation_ui(ui, rect),
            View::Script => self.script_ui(ui, rect),
        }
    }
}

/// What the story domain adds: `curio story`, its panel and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "story",
    about: "Siddhartha: the write-up's platformer, its dialogue language, a checker and a walker.",
    commands: CommandGroup::of::<curio_cli::story::StoryArgs>(),
    panels: &[PanelEntry::of::<StoryPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "story-script", reads: "dialogue scripts (story check, fmt, talk)", run: curio_cli::story::fuzz_story_script },
        Target { name: "story-map", reads: "story maps (story check --maps, walk)", run: curio_cli::story::fuzz_story_map },
    ],
    opens: &[],
};
