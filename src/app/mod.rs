//! The desktop app (eframe/egui on wgpu): panel tabs, persisted settings, GPU pipelines.
//! The only module that knows egui.

pub mod gpu;
pub mod mines_window;
pub mod panels;
pub mod state;
pub mod theme;
pub mod widgets;

pub use panels::PanelId;

use crate::cli::GuiArgs;
use eframe::egui;
use panels::Panel;
use panels::mines_panel::MinesPanel;
use panels::star_panel::StarPanel;
use state::{AppState, STORAGE_KEY};
use std::time::{Duration, Instant};

/// Measures the frame rate while repainting continuously.
struct FpsMeter {
    started: Option<Instant>,
    frames: u64,
    seconds: f64,
}

/// The workbench.
pub struct CurioApp {
    panel: PanelId,
    star: StarPanel,
    mines: MinesPanel,
    gpu_adapter: Option<String>,
    persist: bool,
    fps: Option<FpsMeter>,
    quit_at: Option<Instant>,
}

impl CurioApp {
    /// Builds the app: loads settings (unless `args.fresh`), installs GPU pipelines.
    pub fn new(cc: &eframe::CreationContext<'_>, args: &GuiArgs) -> Self {
        let from_file = args.settings.as_deref().and_then(|path| load_settings(path).ok());
        let saved: Option<AppState> = if from_file.is_some() {
            from_file
        } else if args.fresh {
            None
        } else {
            cc.storage.and_then(|storage| eframe::get_value(storage, STORAGE_KEY))
        };
        theme::install_fonts(&cc.egui_ctx);
        let gpu_adapter = cc.wgpu_render_state.as_ref().map(gpu::install_all);
        let mut app = Self::with_state(saved.unwrap_or_default(), gpu_adapter);
        app.persist = !args.fresh && args.settings.is_none();
        if let Some(panel) = args.panel {
            app.panel = panel;
        }
        app.fps = args.measure_fps.map(|seconds| FpsMeter {
            started: None,
            frames: 0,
            seconds: f64::from(seconds),
        });
        app.quit_at = args.quit_after.map(|seconds| Instant::now() + Duration::from_secs(u64::from(seconds)));
        app
    }

    /// An app from a state, without eframe (used by tests); `gpu_adapter` names the adapter
    /// when the GPU pipelines were installed.
    pub fn with_state(state: AppState, gpu_adapter: Option<String>) -> Self {
        Self {
            panel: state.panel,
            star: StarPanel::new(state.star, gpu_adapter.clone()),
            mines: MinesPanel::new(state.mines, gpu_adapter.is_some()),
            gpu_adapter,
            persist: true,
            fps: None,
            quit_at: None,
        }
    }

    /// The settings as they would be saved now.
    pub fn state(&self) -> AppState {
        AppState { panel: self.panel, star: self.star.state.clone(), mines: self.mines.state.clone() }
    }

    /// The panel shown.
    pub fn panel(&self) -> PanelId {
        self.panel
    }

    /// The Star panel.
    pub fn star_panel(&mut self) -> &mut StarPanel {
        &mut self.star
    }

    /// The Minesweeper panel.
    pub fn mines_panel(&mut self) -> &mut MinesPanel {
        &mut self.mines
    }

    fn current(&mut self) -> &mut dyn Panel {
        match self.panel {
            PanelId::Star => &mut self.star,
            PanelId::Mines => &mut self.mines,
        }
    }

    /// Per-frame work that draws nothing: poll jobs, frame-rate measurement, timed quit.
    pub fn update_logic(&mut self, ctx: &egui::Context) {
        self.star.logic(ctx);
        self.mines.logic(ctx);
        if let Some(meter) = &mut self.fps {
            let now = Instant::now();
            let started = *meter.started.get_or_insert(now);
            meter.frames += 1;
            let elapsed = now.duration_since(started).as_secs_f64();
            if elapsed >= meter.seconds {
                let fps = (meter.frames - 1) as f64 / elapsed;
                println!(
                    "{}",
                    serde_json::json!({
                        "panel": self.panel.title(),
                        "frames": meter.frames - 1,
                        "seconds": elapsed,
                        "fps": fps,
                        "adapter": self.gpu_adapter,
                    })
                );
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                self.fps = None;
            } else {
                ctx.request_repaint();
            }
        }
        if let Some(quit_at) = self.quit_at {
            let now = Instant::now();
            if now >= quit_at {
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            } else {
                ctx.request_repaint_after(quit_at - now);
            }
        }
    }

    /// Draws the whole window into `ui`.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("tabs").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Curio");
                ui.separator();
                for id in PanelId::ALL {
                    ui.selectable_value(&mut self.panel, id, id.title());
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let text = match &self.gpu_adapter {
                        Some(name) => format!("GPU: {name}"),
                        None => "GPU: none (CPU drawing)".to_string(),
                    };
                    ui.add(egui::Label::new(egui::RichText::new(text).color(theme::HINT)).truncate());
                });
            });
        });
        panels::show_panel(ui, self.current());
    }
}

impl eframe::App for CurioApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.update_logic(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.persist {
            eframe::set_value(storage, STORAGE_KEY, &self.state());
        }
    }
}

/// Reads settings from a JSON file (missing fields take their defaults).
pub fn load_settings(path: &std::path::Path) -> anyhow::Result<AppState> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| anyhow::anyhow!("cannot read settings '{}': {error}", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|error| anyhow::anyhow!("settings '{}' are not valid: {error}", path.display()))
}

/// Opens the window and runs until it is closed.
pub fn run(args: GuiArgs) -> anyhow::Result<()> {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        anyhow::bail!(
            "no display: neither DISPLAY nor WAYLAND_DISPLAY is set. Run Curio in a desktop session or under Xvfb \
             (see README), or use the headless subcommands (curio --help)"
        );
    }
    let (width, height) = args.size.unwrap_or((1280.0, 820.0));
    let mut options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Curio")
            .with_app_id("curio")
            .with_inner_size([width, height])
            .with_min_inner_size([420.0, 320.0]),
        renderer: eframe::Renderer::Wgpu,
        persist_window: !args.fresh && args.settings.is_none() && args.size.is_none(),
        ..Default::default()
    };
    if args.measure_fps.is_some() {
        options.wgpu_options.surface.present_mode = eframe::wgpu::PresentMode::AutoNoVsync;
    }
    eframe::run_native(
        "curio",
        options,
        Box::new(move |cc| Ok(Box::new(CurioApp::new(cc, &args)) as Box<dyn eframe::App>)),
    )
    .map_err(|error| anyhow::anyhow!("cannot open the Curio window: {error}"))
}
