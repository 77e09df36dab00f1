//! `curio launch window`: the launcher game in a window of its own, playable by mouse (the
//! menu's button; a power-up's icon when its meter is full) or keys (Space or Enter for the
//! button, 1 and 2 for the power-ups). The picture is [`launch::scene::draw`]'s, one image pixel
//! to a screen pixel. With a log file it appends one JSON line per thing received or finished
//! (a button, a press and what it did, a click on nothing, a finished run with its distance):
//! the bot's ground truth.
//!
//! [`View`] is the game as a widget, shared with the panel.

use curio_cli::facets::{GroupArgs, House};
use curio_cli::{CliError, check_folder};
use eframe::egui::{self, Color32, Key, Pos2, Rect, Vec2};
use image::RgbaImage;
use launch::{Game, Power, Press, RunResult, scene};
use serde_json::json;
use std::path::PathBuf;

/// The game as a widget: plays in real time while a run is under way, draws the game's picture
/// and takes clicks and keys.
pub struct View {
    /// The game.
    pub game: Game,
    texture: Option<egui::TextureHandle>,
    image: RgbaImage,
    last_time: Option<f64>,
    log: Option<PathBuf>,
    /// The last error (a log that cannot be written), shown under the picture.
    pub error: Option<String>,
    /// Where the last frame drew the picture, and the screen points of one picture pixel.
    pub shown: Option<(Rect, f32)>,
}

impl View {
    /// A view of `game`, logging to `log`.
    pub fn new(game: Game, log: Option<PathBuf>) -> View {
        View {
            game,
            texture: None,
            image: RgbaImage::new(scene::WIDTH, scene::HEIGHT),
            last_time: None,
            log,
            error: None,
            shown: None,
        }
    }

    fn write(&mut self, line: serde_json::Value) {
        let Some(path) = &self.log else { return };
        if let Err(error) = curio_core::files::append_line(path, &line.to_string()) {
            self.error = Some(format!("cannot write log '{}': {error}", path.display()));
        }
    }

    fn finished(&mut self, result: RunResult) {
        // The run's result as the domain serializes it (what the bot's check reads back), with
        // the event and the run's number.
        let mut line = serde_json::to_value(&result).unwrap_or_default();
        line["event"] = "run".into();
        line["run"] = self.game.run.into();
        self.write(line);
    }

    /// The menu's button, as a click on it or a key would.
    pub fn button(&mut self) {
        let screen = self.game.screen;
        if self.game.button().is_some() {
            self.write(json!({ "event": "button", "screen": format!("{screen:?}").to_lowercase(), "run": self.game.run }));
            self.last_time = None;
        }
    }

    /// A power-up, as a click on its icon or a key would.
    pub fn press(&mut self, power: Power) -> Press {
        let press = self.game.press(power);
        let result = match press {
            Press::Used => "used",
            Press::Fizzled => "fizzled",
            Press::Ignored => "ignored",
        };
        let seconds = self.game.flight.seconds;
        self.write(json!({ "event": "press", "power": power.name(), "result": result, "run": self.game.run, "seconds": seconds }));
        press
    }

    /// A click at a point of the picture (its pixels): the button, a power-up, or nothing.
    pub fn click(&mut self, x: f64, y: f64) {
        match scene::hit(&self.game, x, y) {
            scene::Hit::Button => self.button(),
            scene::Hit::Power(power) => {
                self.press(power);
            }
            scene::Hit::Nothing => self.write(json!({ "event": "missed", "x": x, "y": y })),
        }
    }

    /// Plays the time since the last frame, takes the keys and clicks, and draws the picture in
    /// `rect`: one picture pixel to a screen pixel where `exact` (the window), else fitted.
    pub fn ui(&mut self, ui: &mut egui::Ui, rect: Rect, exact: bool) {
        let now = ui.input(|input| input.time);
        let elapsed = self.last_time.map_or(0.0, |last| (now - last).max(0.0));
        self.last_time = Some(now);
        if let Some(result) = self.game.advance(elapsed) {
            self.finished(result);
        }
        if self.game.screen == launch::Screen::Flying {
            ui.ctx().request_repaint();
        }
        // Keys typed into a text field (the panel's seed) are not the game's.
        let typing = ui.ctx().egui_wants_keyboard_input();
        let (space, one, two) = ui.input(|input| {
            (
                !typing && (input.key_pressed(Key::Space) || input.key_pressed(Key::Enter)),
                !typing && input.key_pressed(Key::Num1),
                !typing && input.key_pressed(Key::Num2),
            )
        });
        if space {
            self.button();
        }
        if one {
            self.press(Power::Rocket);
        }
        if two {
            self.press(Power::Spring);
        }
        scene::draw_into(&self.game, &mut self.image);
        let color = egui::ColorImage::from_rgba_unmultiplied(
            [self.image.width() as usize, self.image.height() as usize],
            self.image.as_raw(),
        );
        let texture = match self.texture.take() {
            Some(mut texture) => {
                texture.set(color, egui::TextureOptions::NEAREST);
                texture
            }
            None => ui.ctx().load_texture("launch-scene", color, egui::TextureOptions::NEAREST),
        };
        let size = Vec2::new(scene::WIDTH as f32, scene::HEIGHT as f32);
        let points_per_pixel = if exact {
            1.0 / ui.ctx().pixels_per_point()
        } else {
            (rect.width() / size.x).min(rect.height() / size.y).max(0.01)
        };
        let picture = if exact {
            Rect::from_min_size(rect.min, size * points_per_pixel)
        } else {
            Rect::from_center_size(rect.center(), size * points_per_pixel)
        };
        ui.painter().image(texture.id(), picture, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        self.texture = Some(texture);
        self.shown = Some((picture, points_per_pixel));
        let response = ui.interact(picture, ui.scope_id().with("launch-picture"), egui::Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Launch game"));
        if response.clicked()
            && let Some(pointer) = response.interact_pointer_pos()
        {
            let at = (pointer - picture.min) / points_per_pixel;
            self.click(f64::from(at.x), f64::from(at.y));
        }
        if let Some(error) = &self.error {
            ui.painter().text(
                picture.left_bottom() + Vec2::new(8.0, -8.0),
                egui::Align2::LEFT_BOTTOM,
                error,
                egui::FontId::proportional(13.0),
                crate::theme::ERROR,
            );
        }
    }
}

/// The standalone window.
pub struct LaunchWindow {
    /// The game.
    pub view: View,
}

impl LaunchWindow {
    /// Draws the game from the window's corner, over the panel's margin: the window is the
    /// picture and nothing else.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let rect = ui.ctx().content_rect();
        ui.set_clip_rect(rect);
        self.view.ui(ui, rect, true);
    }
}

impl eframe::App for LaunchWindow {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}

/// Opens the game window and runs until it is closed.
pub fn run(seed: u64, log: Option<PathBuf>) -> anyhow::Result<()> {
    let window = LaunchWindow { view: View::new(Game::new(seed), log) };
    crate::run_game_window("Curio Launch", "curio-launch", [scene::WIDTH as f32, scene::HEIGHT as f32], window)
}

/// `curio launch window`: the game window's arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  curio launch window\n  curio launch window --seed 5 --log runs.jsonl")]
pub struct WindowArgs {
    /// The game's seed: run n plays course n of it (the courses of `curio launch simulate --seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Append what the window receives and each finished run here (JSON lines).
    #[arg(long)]
    log: Option<PathBuf>,
}

impl GroupArgs for WindowArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        if let Some(path) = &self.log {
            check_folder(path, "the log")?;
        }
        run(self.seed, self.log).map_err(CliError::Failure)
    }
}
