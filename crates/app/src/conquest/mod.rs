//! The Conquest panel: build a squad within the budget (troops placed in the home rows, up to
//! four commands), then play it against a computer player on the 20 x 20 board: hover a troop
//! to see where it can move (blue) and what it can hit (red), click it and click a square to
//! move, click an enemy to attack; command buttons show their cooldowns. The computer's turn
//! runs in the background (progress, Cancel) and, for `mcts:N`, lists the turns it weighed with
//! their values. A finished game replays step by step. Its commands (`curio conquest`) and the
//! fuzz target of rules files are declared here too.

use crate::background;
use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use crate::widgets::job_progress;
use ::arena::PlayerSpec;
use ::conquest::{Battle, Ending, Rules, Squad, Stage, Step, Target};
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target as FuzzTarget;
use curio_core::jobs::Job;
use curio_core::progress::Cancelled;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// The built-in rules, shared.
pub fn rules() -> Arc<Rules> {
    static RULES: OnceLock<Arc<Rules>> = OnceLock::new();
    Arc::clone(RULES.get_or_init(|| Arc::new(Rules::builtin())))
}

/// Persisted settings and the game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConquestPanelState {
    /// Troops of each kind in the person's squad (the rules' order).
    pub counts: Vec<u32>,
    /// The person's commands, by name.
    pub commands: Vec<String>,
    /// The computer player, as `curio arena` names it.
    pub opponent: String,
    /// Whether the person moves first.
    pub person_first: bool,
    /// The squad the game in progress started with (`None`: no game yet).
    pub squad: Option<Squad>,
    /// The steps played so far.
    pub steps: Vec<Step>,
}

impl Default for ConquestPanelState {
    fn default() -> Self {
        let rules = rules();
        let mut counts = vec![0; rules.troops.len()];
        for (name, _, _) in &rules.squad.troops {
            counts[rules.kind(name).expect("the built-in squad")] += 1;
        }
        Self {
            counts,
            commands: rules.squad.commands.clone(),
            opponent: "mcts:2000".to_string(),
            person_first: true,
            squad: None,
            steps: Vec::new(),
        }
    }
}

impl Settings for ConquestPanelState {
    fn sanitize(&mut self) {
        let rules = rules();
        self.counts.resize(rules.troops.len(), 0);
        self.commands.retain(|name| rules.command(name).is_some());
        self.commands.truncate(rules.max_commands);
    }
}

/// The squad of `counts` and `commands`: ranged troops in the back row, then the others, each
/// row filled from the centre out.
pub fn squad_of(rules: &Rules, counts: &[u32], commands: &[String]) -> Squad {
    let mut kinds: Vec<usize> = (0..rules.troops.len()).flat_map(|kind| std::iter::repeat_n(kind, counts[kind] as usize)).collect();
    kinds.sort_by_key(|&kind| std::cmp::Reverse(rules.troops[kind].range));
    let width = rules.board as i64;
    let columns: Vec<u32> = (0..width)
        .map(|k| (width / 2 - 1 + if k % 2 == 0 { -(k / 2) } else { k / 2 + 1 }) as u32)
        .filter(|&x| x < rules.board)
        .collect();
    let per_row = columns.len().clamp(1, 6);
    let troops = kinds
        .iter()
        .enumerate()
        .map(|(index, &kind)| (rules.troops[kind].name.clone(), columns[index % per_row], (index / per_row) as u32))
        .collect();
    Squad { troops, commands: commands.to_vec() }
}

/// What the computer's turn found.
pub struct ComputerTurn {
    /// The steps played so far when it started (so a stale answer is dropped).
    pub at: usize,
    /// The turn's steps.
    pub steps: Vec<Step>,
    /// The turns it weighed: their text, rollouts and value (empty for players that do not
    /// search whole turns).
    pub candidates: Vec<(String, u32, f64)>,
}

/// The panel.
pub struct ConquestPanel {
    /// Settings and the game's steps.
    pub state: ConquestPanelState,
    /// The game (its squads and steps).
    pub battle: Option<Battle>,
    /// The person's selected troop.
    pub selected: Option<u8>,
    /// A command chosen and waiting for its target (its slot).
    pub pending: Option<u8>,
    /// The computer's last turn's candidates.
    pub candidates: Vec<(String, u32, f64)>,
    /// The step shown when replaying a finished game.
    pub replay: Option<usize>,
    /// The last message.
    pub message: Option<String>,
    computer: Option<Job<Result<ComputerTurn, Cancelled>>>,
    /// The position at the replay's step, kept while that step is shown.
    replayed: Option<(usize, Battle)>,
}

impl PanelType for ConquestPanel {
    const KEY: &'static str = "conquest";
    const TITLE: &'static str = "Conquest";
    const FAMILY: Family = Family::Games;
    type State = ConquestPanelState;

    fn new(state: ConquestPanelState, _gpu_adapter: Option<&str>) -> Self {
        let mut panel = Self {
            state,
            battle: None,
            selected: None,
            pending: None,
            candidates: Vec::new(),
            replay: None,
            message: None,
            computer: None,
            replayed: None,
        };
        panel.battle = panel.rebuilt(usize::MAX);
        panel
    }

    fn state(&self) -> &ConquestPanelState {
        &self.state
    }
}

impl ConquestPanel {
    /// The person's side (0 moves first).
    pub fn person(&self) -> u8 {
        if self.state.person_first { 0 } else { 1 }
    }

    /// The game of the saved squad replayed to its first `count` steps (`None` without a game;
    /// steps that no longer apply are dropped).
    fn rebuilt(&self, count: usize) -> Option<Battle> {
        let squad = self.state.squad.as_ref()?;
        let rules = rules();
        rules.check_squad(squad).ok()?;
        let opponent = rules.squad.clone();
        let squads = if self.state.person_first { [squad, &opponent] } else { [&opponent, squad] };
        let mut battle = Battle::new(Arc::clone(&rules), squads);
        for &step in self.state.steps.iter().take(count) {
            if !battle.steps().contains(&step) {
                break;
            }
            battle.play(step);
        }
        Some(battle)
    }

    /// The squad the builder describes.
    pub fn built_squad(&self) -> Squad {
        squad_of(&rules(), &self.state.counts, &self.state.commands)
    }

    /// Starts a game with the builder's squad, or names what is wrong with it.
    pub fn new_game(&mut self) {
        let squad = self.built_squad();
        if let Err(error) = rules().check_squad(&squad) {
            self.message = Some(format!("the squad: {error}"));
            return;
        }
        if let Err(error) = PlayerSpec::parse(self.state.opponent.trim(), &Battle::standard(rules()), "conquest") {
            self.message = Some(format!("the opponent: {error}"));
            return;
        }
        if let Some(job) = self.computer.take() {
            job.cancel();
        }
        self.state.squad = Some(squad);
        self.state.steps.clear();
        self.battle = self.rebuilt(usize::MAX);
        (self.selected, self.pending, self.replay, self.message) = (None, None, None, None);
        self.candidates.clear();
    }

    /// Plays a step of the person's, when it is open.
    pub fn play(&mut self, step: Step) -> bool {
        let person = self.person();
        let Some(battle) = &mut self.battle else { return false };
        if battle.to_move != person || !battle.steps().contains(&step) {
            return false;
        }
        battle.play(step);
        self.state.steps.push(step);
        if battle.to_move != person || battle.stage == Stage::Commands {
            self.selected = None;
        }
        self.pending = None;
        true
    }

    /// A click on square (x, y) of the board: use a waiting command on a troop, select an own
    /// troop, move the selected one, or attack an enemy.
    pub fn click(&mut self, x: i16, y: i16) {
        let Some(battle) = &self.battle else { return };
        if battle.to_move != self.person() || battle.ending.is_some() {
            return;
        }
        let clicked = battle.troop_at(x, y).map(|index| index as u8);
        if let (Some(slot), Some(target)) = (self.pending, clicked) {
            if !self.play(Step::Command { slot, target }) {
                self.message = Some("that troop is not a target of the command".to_string());
            }
            return;
        }
        if battle.stage == Stage::Commands {
            self.play(Step::EndCommands);
        }
        let Some(battle) = &self.battle else { return };
        let person = self.person();
        match (battle.stage, clicked) {
            (Stage::Move, Some(troop)) if battle.troops[troop as usize].side == person => {
                if self.selected == Some(troop) {
                    self.play(Step::Stay { troop });
                } else {
                    self.selected = Some(troop);
                }
            }
            (Stage::Move, None) => {
                if let Some(troop) = self.selected
                    && !self.play(Step::Move { troop, x, y })
                {
                    self.message = Some("out of reach".to_string());
                }
            }
            (Stage::Attack, Some(target)) if !self.play(Step::Attack { target }) => {
                self.message = Some("out of range".to_string());
            }
            _ => {}
        }
    }

    /// Starts the computer's turn when it is due.
    fn start_computer(&mut self, ctx: &egui::Context) {
        let Some(battle) = &self.battle else { return };
        if self.computer.is_some() || battle.ending.is_some() || battle.to_move == self.person() {
            return;
        }
        let battle = battle.clone();
        let at = self.state.steps.len();
        let name = self.state.opponent.trim().to_string();
        let seed = curio_core::stats::game_seed(1, at as u64);
        let spawned = background::spawn(ctx, "curio-conquest-computer", move |reporter| {
            let mut rng = ::arena::rng(seed);
            if let Some(playouts) = name.strip_prefix("mcts:").and_then(|n| n.parse::<u32>().ok()) {
                let found = ::conquest::Mcts::new(playouts).search(&battle, &mut rng, reporter)?;
                let mut candidates: Vec<(String, u32, f64)> = found
                    .candidates
                    .iter()
                    .map(|candidate| (turn_text(&battle, &candidate.steps), candidate.visits, candidate.value))
                    .collect();
                candidates.sort_by_key(|candidate| std::cmp::Reverse(candidate.1));
                return Ok(ComputerTurn { at, steps: found.steps, candidates });
            }
            let spec = PlayerSpec::parse(&name, &battle, "conquest").map_err(|_| Cancelled)?;
            let mut player = spec.build::<Battle>();
            let (mut game, mut steps) = (battle.clone(), Vec::new());
            while game.ending.is_none() && game.to_move == battle.to_move {
                let step = player.choose(&game, &mut rng, reporter)?;
                game.play(step);
                steps.push(step);
            }
            Ok(ComputerTurn { at, steps, candidates: Vec::new() })
        });
        match spawned {
            Ok(job) => self.computer = Some(job),
            Err(error) => self.message = Some(format!("cannot start the computer: {error}")),
        }
    }

    /// Takes in the computer's turn.
    fn collect(&mut self) {
        match background::finished(&mut self.computer, "the computer") {
            Some(Ok(turn)) if turn.at == self.state.steps.len() => {
                if let Some(battle) = &mut self.battle {
                    for step in turn.steps {
                        if battle.steps().contains(&step) {
                            battle.play(step);
                            self.state.steps.push(step);
                        }
                    }
                }
                self.candidates = turn.candidates;
            }
            Some(Err(failed)) => self.message = Some(failed),
            _ => {}
        }
    }

    /// One line on how the game stands.
    pub fn status(&self) -> String {
        let Some(battle) = &self.battle else { return "Build a squad and press New game.".to_string() };
        let who = |side: u8| if side == self.person() { "you" } else { "the computer" };
        match battle.ending {
            Some(Ending::Won(side)) if side == self.person() => format!("You win in {} turns", battle.turn),
            Some(Ending::Won(_)) => format!("The computer wins in {} turns", battle.turn),
            Some(Ending::Draw) => format!("A draw: {} turns", battle.turn),
            None if battle.to_move != self.person() => format!("Turn {}: the computer ({}) is thinking…", battle.turn + 1, self.state.opponent),
            None => {
                let stage = match battle.stage {
                    Stage::Commands => "use commands, or click a troop",
                    Stage::Move => "click a troop, then a square to move to (the troop again to stay and attack)",
                    Stage::Attack => "click an enemy in range to attack, or End turn",
                };
                format!("Turn {}: {} — {stage}", battle.turn + 1, who(battle.to_move))
            }
        }
    }

    fn builder_ui(&mut self, ui: &mut egui::Ui) {
        let rules = rules();
        let squad = self.built_squad();
        let cost = squad.troops.iter().map(|(name, _, _)| rules.troops[rules.kind(name).unwrap_or(0)].cost).sum::<u32>()
            + self.state.commands.iter().filter_map(|name| rules.command(name)).map(|command| rules.commands[command].cost).sum::<u32>();
        let troops: u32 = self.state.counts.iter().sum();
        let over = cost > rules.budget || troops as usize > rules.max_troops;
        ui.label(egui::RichText::new(format!("Squad: {cost} of {} resources, {troops} of {} troops", rules.budget, rules.max_troops)).color(if over { theme::ERROR } else { theme::HINT }));
        egui::Grid::new("conquest-troops").num_columns(4).spacing([6.0, 2.0]).show(ui, |ui| {
            for (kind, troop) in rules.troops.iter().enumerate() {
                ui.label(&troop.name).on_hover_text(format!(
                    "cost {}, moves {}, range {}, damage {}, health {}",
                    troop.cost, troop.movement, troop.range, troop.damage, troop.health
                ));
                if ui.small_button("−").on_hover_text(format!("one {} fewer", troop.name)).clicked() {
                    self.state.counts[kind] = self.state.counts[kind].saturating_sub(1);
                }
                ui.label(self.state.counts[kind].to_string());
                if ui.small_button("+").on_hover_text(format!("one {} more", troop.name)).clicked() {
                    self.state.counts[kind] += 1;
                }
                ui.end_row();
            }
        });
        ui.label(format!("Commands (at most {}):", rules.max_commands));
        ui.horizontal_wrapped(|ui| {
            for command in &rules.commands {
                let mut chosen = self.state.commands.contains(&command.name);
                let response = ui
                    .checkbox(&mut chosen, &command.name)
                    .on_hover_text(format!("cost {}, cooldown {} turns: {:?}", command.cost, command.cooldown, command.effect));
                if response.changed() {
                    if chosen {
                        self.state.commands.push(command.name.clone());
                    } else {
                        self.state.commands.retain(|name| name != &command.name);
                    }
                }
            }
        });
    }
}

/// A turn's steps as one line.
pub fn turn_text(battle: &Battle, steps: &[Step]) -> String {
    let mut game = battle.clone();
    let mut parts = Vec::new();
    for &step in steps {
        if !matches!(step, Step::EndCommands | Step::EndTurn) {
            parts.push(game.step_text(step));
        }
        game.play(step);
    }
    if parts.is_empty() { "pass".to_string() } else { parts.join(", ") }
}

/// Red (the first side) and blue (the second).
const SIDES: [Color32; 2] = [Color32::from_rgb(0xd6, 0x3a, 0x2f), Color32::from_rgb(0x2f, 0x6f, 0xd6)];

/// The screen rect of square (x, y) on `board` (the first side's back row at the bottom).
fn square(board: Rect, size: f32, x: i16, y: i16) -> Rect {
    let cell = board.width() / size;
    Rect::from_min_size(board.min + Vec2::new(x as f32 * cell, (size - 1.0 - y as f32) * cell), Vec2::splat(cell))
}

/// Draws a game of Conquest on `board` (a square): the grid, each living troop as a disc of its
/// side's colour with its kind's first letters and a health bar, the troop that acted ringed.
pub fn draw_battle(painter: &egui::Painter, board: Rect, battle: &Battle) {
    let size = battle.rules.board as f32;
    let cell = board.width() / size;
    painter.rect_filled(board, 2.0, Color32::from_rgb(0x3b, 0x5d, 0x38));
    for line in 0..=battle.rules.board {
        let offset = line as f32 * cell;
        let stroke = Stroke::new(1.0, Color32::from_black_alpha(60));
        painter.line_segment([board.min + Vec2::new(offset, 0.0), board.min + Vec2::new(offset, board.height())], stroke);
        painter.line_segment([board.min + Vec2::new(0.0, offset), board.min + Vec2::new(board.width(), offset)], stroke);
    }
    for (index, troop) in battle.troops.iter().enumerate().filter(|(_, troop)| troop.alive()) {
        let centre = square(board, size, troop.x, troop.y).center();
        painter.circle_filled(centre, cell * 0.42, SIDES[troop.side as usize]);
        if battle.actor == Some(index as u8) {
            painter.circle_stroke(centre, cell * 0.47, Stroke::new(2.0, theme::SELECTED));
        }
        if troop.frozen {
            painter.circle_stroke(centre, cell * 0.36, Stroke::new(2.0, Color32::from_rgb(0xa0, 0xe0, 0xff)));
        }
        let kind = &battle.rules.troops[troop.kind as usize];
        let initial: String = kind.name.chars().take(2).collect();
        painter.text(centre, egui::Align2::CENTER_CENTER, initial, egui::FontId::proportional(cell * 0.42), Color32::WHITE);
        let share = (troop.health as f32 / kind.health as f32).clamp(0.0, 1.0);
        let bar = Rect::from_min_size(centre + Vec2::new(-cell * 0.4, cell * 0.3), Vec2::new(cell * 0.8 * share, cell * 0.08));
        painter.rect_filled(bar, 0.0, Color32::from_rgb(0x6c, 0xd6, 0x5a));
    }
}

impl Panel for ConquestPanel {
    fn is_busy(&self) -> bool {
        self.computer.is_some()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        self.collect();
        self.start_computer(ctx);
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Conquest");
        ui.label("Kill every enemy troop. A turn: commands, then one troop moves and may attack.");
        ui.separator();
        egui::ScrollArea::vertical().id_salt("conquest-controls").show(ui, |ui| {
            self.builder_ui(ui);
            ui.horizontal(|ui| {
                let label = ui.label("opponent");
                ui.add(egui::TextEdit::singleline(&mut self.state.opponent).desired_width(110.0))
                    .on_hover_text("greedy, mcts:N, uct:N, flat:N or random")
                    .labelled_by(label.id);
                ui.checkbox(&mut self.state.person_first, "you move first");
            });
            if ui.button("New game").clicked() {
                self.new_game();
            }
            ui.separator();
            ui.label(egui::RichText::new(self.status()).strong());
            if let Some(job) = &self.computer {
                job_progress(ui, job);
            }
            let person = self.person();
            let mine = self.battle.as_ref().filter(|battle| battle.to_move == person && battle.ending.is_none()).cloned();
            if let Some(battle) = mine {
                ui.horizontal_wrapped(|ui| {
                    for (slot, &command) in battle.commands[person as usize].iter().enumerate() {
                        let kind = &battle.rules.commands[command as usize];
                        let left = battle.cooldowns[person as usize][slot];
                        let used = battle.used & (1 << slot) != 0;
                        let label = if left > 0 { format!("{} ({left})", kind.name) } else { kind.name.clone() };
                        let open = battle.stage == Stage::Commands && left == 0 && !used;
                        let button = ui.add_enabled(open, egui::Button::new(label).selected(self.pending == Some(slot as u8)));
                        if button.on_hover_text(format!("{:?}; cooldown {} turns", kind.effect, kind.cooldown)).clicked() {
                            if kind.effect.target() == Target::Command {
                                let cooling = (0..battle.commands[person as usize].len()).find(|&other| other != slot && battle.cooldowns[person as usize][other] > 0);
                                match cooling {
                                    Some(other) => {
                                        self.play(Step::Command { slot: slot as u8, target: other as u8 });
                                    }
                                    None => self.message = Some("no command is cooling down".to_string()),
                                }
                            } else {
                                self.pending = Some(slot as u8);
                                self.message = Some(format!("{}: click its target", kind.name));
                            }
                        }
                    }
                });
                let end = if battle.stage == Stage::Commands { Step::EndCommands } else { Step::EndTurn };
                let text = if battle.stage == Stage::Commands { "No more commands" } else { "End turn" };
                if ui.button(text).clicked() {
                    self.play(end);
                }
            }
            if !self.candidates.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new("The computer's candidate turns (rollouts, value)").strong());
                for (text, visits, value) in self.candidates.iter().take(6) {
                    ui.label(format!("{visits:>5}  {:>3.0}%  {text}", value * 100.0));
                }
            }
            let finished = self.battle.as_ref().is_some_and(|battle| battle.ending.is_some());
            if finished {
                ui.separator();
                let total = self.state.steps.len();
                let mut shown = self.replay.unwrap_or(total);
                let label = ui.label("replay step");
                if ui.add(egui::Slider::new(&mut shown, 0..=total)).labelled_by(label.id).changed() {
                    self.replay = Some(shown);
                }
            }
            if let Some(message) = &self.message {
                ui.label(egui::RichText::new(message).color(theme::HINT));
            }
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        let side = rect.width().min(rect.height());
        let board = Rect::from_center_size(rect.center(), Vec2::splat(side));
        let response = ui.allocate_rect(board, egui::Sense::click());
        let painter = ui.painter_at(rect);
        if let Some(step) = self.replay
            && self.replayed.as_ref().is_none_or(|(at, _)| *at != step)
        {
            self.replayed = self.rebuilt(step).map(|battle| (step, battle));
        }
        let shown = match (self.replay, &self.replayed) {
            (Some(_), Some((_, battle))) => Some(battle),
            _ => self.battle.as_ref(),
        };
        let Some(battle) = shown.cloned() else {
            painter.text(rect.center(), egui::Align2::CENTER_CENTER, "Build a squad and press New game", egui::FontId::proportional(18.0), theme::HINT);
            return;
        };
        draw_battle(&painter, board, &battle);
        let size = battle.rules.board as f32;
        let cell = board.width() / size;
        let at = |pos: Pos2| {
            let x = ((pos.x - board.min.x) / cell).floor() as i16;
            let y = (size - 1.0 - ((pos.y - board.min.y) / cell).floor()) as i16;
            (x, y)
        };
        let focus = response.hover_pos().map(at).and_then(|(x, y)| battle.troop_at(x, y)).or(self.selected.map(usize::from));
        if let Some(index) = focus {
            let troop = &battle.troops[index];
            for (x, y) in battle.reach(index) {
                painter.rect_filled(square(board, size, x, y).shrink(1.0), 0.0, Color32::from_rgba_unmultiplied(90, 160, 255, 70));
            }
            let range = battle.rules.troops[troop.kind as usize].range as i16;
            let area = square(board, size, troop.x - range, troop.y - range).union(square(board, size, troop.x + range, troop.y + range));
            painter.rect_stroke(area.intersect(board), 0.0, Stroke::new(2.0, Color32::from_rgb(0xe0, 0x50, 0x40)), egui::StrokeKind::Inside);
            for enemy in battle.targets(index) {
                let target = &battle.troops[enemy as usize];
                painter.circle_stroke(square(board, size, target.x, target.y).center(), cell * 0.45, Stroke::new(2.0, Color32::from_rgb(0xff, 0x40, 0x30)));
            }
        }
        if let Some(selected) = self.selected {
            let troop = &battle.troops[selected as usize];
            painter.rect_stroke(square(board, size, troop.x, troop.y), 0.0, Stroke::new(2.0, theme::SELECTED), egui::StrokeKind::Inside);
        }
        if self.replay.is_none()
            && response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            let (x, y) = at(pos);
            self.click(x, y);
        }
    }
}

/// What Conquest adds: `curio conquest`, its panel and the fuzz target of its rules files.
pub const DOMAIN: Domain = Domain {
    name: "conquest",
    about: "Conquest: rules as data, every distinct turn, the branching factor, greedy and tree-search players.",
    commands: CommandGroup::of::<curio_cli::conquest::ConquestArgs>(),
    panels: &[PanelEntry::of::<ConquestPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[FuzzTarget {
        name: "conquest-rules",
        reads: "Conquest rules files (conquest rules, arena --rules)",
        run: curio_cli::conquest::fuzz_rules,
    }],
    opens: &[],
};
