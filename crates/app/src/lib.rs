//! The desktop app (eframe/egui on wgpu): the shell (catalogue, persisted settings, shared
//! widgets, GPU plumbing) and one folder per domain with its whole front end (panel, game
//! window, widgets, GPU pipeline) and its declaration, [`Domain`]: [`DOMAINS`] lists them.

pub mod background;
pub mod catalogue;
pub mod domain;
pub mod gpu;
pub mod panels;
pub mod state;
pub mod theme;
pub mod widgets;

use domain::Domain;
use eframe::egui;
use panels::AppPanel;

/// Declares the domains: one name each, the folder `<name>/` of this crate (its front end and
/// its `DOMAIN`, which says what the domain adds). Expands to the `mod` lines and [`DOMAINS`].
macro_rules! domains {
    ($($name:ident),* $(,)?) => {
        $(pub mod $name;)*

        /// Every domain, in catalogue order (the first panel is shown on a fresh start).
        pub const DOMAINS: &[&Domain] = &[$(&$name::DOMAIN),*];
    };
}

domains![
    star,
    mines,
    fermat,
    tetris,
    go,
    gregg,
    bot,
    bulls,
    hanoi,
    puzlogic,
    connect4,
    arena,
    conquest,
    ants,
    counterpoint,
    classics,
    note,
    eyes,
    story,
    launch
];
use state::{AppState, STORAGE_KEY};
use std::time::{Duration, Instant};

/// How the window opens (`curio gui` maps its flags to this).
#[derive(Clone, Debug, Default)]
pub struct GuiOptions {
    /// Key of the panel to show first (overrides the saved choice); a key of a panel of [`DOMAINS`].
    pub panel: Option<String>,
    /// Initial window size in logical pixels.
    pub size: Option<(f32, f32)>,
    /// Repaint continuously for this many seconds, print the frame rate as JSON, then quit.
    pub measure_fps: Option<u32>,
    /// Quit after this many seconds.
    pub quit_after: Option<u32>,
    /// Neither load nor save settings.
    pub fresh: bool,
    /// Start from the settings in this JSON file and do not save on exit.
    pub settings: Option<std::path::PathBuf>,
    /// A notice to show at the top of the window until dismissed (a settings file that did
    /// not load, say).
    pub notice: Option<String>,
    /// Files to open, each in the panel of its kind (`curio FILE...`); the last one's panel
    /// is shown.
    pub open: Vec<std::path::PathBuf>,
}

/// Measures the frame rate while repainting continuously.
struct FpsMeter {
    started: Option<Instant>,
    frames: u64,
    seconds: f64,
}

/// The workbench: one panel per panel of [`DOMAINS`], in that order.
pub struct CurioApp {
    panels: Vec<Box<dyn AppPanel>>,
    /// Index into `panels` of the panel shown.
    selected: usize,
    /// The catalogue sidebar is shown (in windows wide enough for it).
    sidebar_open: bool,
    /// The quick switcher, while open.
    switcher: Option<catalogue::Switcher>,
    /// The panel the window title names, to send a new title only when it changes.
    titled: Option<usize>,
    /// A notice shown above the panel until dismissed.
    notice: Option<String>,
    /// Where each panel's results are saved (`None`: nowhere, as in tests and `--fresh`), and
    /// the text last written for each panel, so that unchanged results are not written again.
    results_folder: Option<std::path::PathBuf>,
    written_results: std::collections::HashMap<&'static str, String>,
    gpu_adapter: Option<String>,
    /// The window system the window runs on (`wayland`, `x11`), when eframe opened it.
    window_system: Option<&'static str>,
    persist: bool,
    fps: Option<FpsMeter>,
    quit_at: Option<Instant>,
}

impl CurioApp {
    /// Builds the app: loads settings (unless `options.fresh`), installs GPU pipelines.
    pub fn new(cc: &eframe::CreationContext<'_>, options: &GuiOptions) -> Self {
        let from_file = options.settings.as_deref().and_then(|path| load_settings(path).ok());
        let saved: Option<AppState> = if from_file.is_some() {
            from_file
        } else if options.fresh {
            None
        } else {
            cc.storage.and_then(|storage| eframe::get_value(storage, STORAGE_KEY))
        };
        theme::install_fonts(&cc.egui_ctx);
        let gpu_adapter = cc.wgpu_render_state.as_ref().map(install_gpu);
        let mut app = Self::with_state(saved.unwrap_or_default(), gpu_adapter);
        app.window_system = window_system(cc);
        app.persist = !options.fresh && options.settings.is_none();
        app.notice = options.notice.clone();
        if app.persist
            && let Some(folder) = state::data_folder()
        {
            app = app.with_results_folder(folder.join("results"));
        }
        if let Some(key) = &options.panel {
            app.show(key);
        }
        let problems: Vec<String> = options.open.iter().filter_map(|path| app.open(path).err()).collect();
        if !problems.is_empty() {
            for problem in &problems {
                eprintln!("error: {problem}");
            }
            let notice = app.notice.take().into_iter().chain(problems);
            app.notice = Some(notice.collect::<Vec<_>>().join("; "));
        }
        app.fps = options.measure_fps.map(|seconds| FpsMeter {
            started: None,
            frames: 0,
            seconds: f64::from(seconds),
        });
        app.quit_at =
            options.quit_after.map(|seconds| Instant::now() + Duration::from_secs(u64::from(seconds)));
        app
    }

    /// An app from a state, without eframe (used by tests); `gpu_adapter` names the adapter
    /// when the GPU pipelines were installed ([`install_gpu`]).
    pub fn with_state(state: AppState, gpu_adapter: Option<String>) -> Self {
        let panels = domain::panels()
            .map(|entry| {
                let saved = state.panels.get(entry.key);
                let mut panel = (entry.build)(saved, gpu_adapter.as_deref());
                // Settings saved before results had files of their own still hold them.
                if let Some(saved) = saved {
                    panel.load_results(saved);
                }
                panel
            })
            .collect();
        let mut app = Self {
            panels,
            selected: 0,
            sidebar_open: !state.sidebar_hidden,
            switcher: None,
            titled: None,
            notice: None,
            results_folder: None,
            written_results: std::collections::HashMap::new(),
            gpu_adapter,
            window_system: None,
            persist: true,
            fps: None,
            quit_at: None,
        };
        app.show(&state.panel);
        app
    }

    /// Shows the panel named `key`; an unknown key leaves the choice as it is.
    pub fn show(&mut self, key: &str) {
        if let Some(index) = self.panels.iter().position(|panel| panel.key().eq_ignore_ascii_case(key)) {
            self.selected = index;
        }
    }

    /// The settings as they would be saved now.
    pub fn state(&self) -> AppState {
        AppState {
            panel: self.panel().to_string(),
            sidebar_hidden: !self.sidebar_open,
            panels: self.panels.iter().map(|panel| (panel.key().to_string(), panel.saved_state())).collect(),
        }
    }

    /// The key of the panel shown.
    pub fn panel(&self) -> &'static str {
        self.panels[self.selected].key()
    }

    /// Every panel's results ([`panels::PanelType::results`]), by panel key; panels without
    /// results are left out.
    pub fn results(&self) -> std::collections::BTreeMap<String, serde_json::Value> {
        self.panels
            .iter()
            .map(|panel| (panel.key().to_string(), panel.saved_results()))
            .filter(|(_, results)| !results.is_null())
            .collect()
    }

    /// Gives each panel its results back, by panel key (unknown keys are ignored).
    pub fn restore_results(&mut self, results: &std::collections::BTreeMap<String, serde_json::Value>) {
        for panel in &mut self.panels {
            if let Some(saved) = results.get(panel.key()) {
                panel.load_results(saved);
            }
        }
    }

    /// This app with its results read from `folder` and saved there from now on
    /// ([`CurioApp::save_results`]); a results file that does not load is set aside and named
    /// in the notice.
    pub fn with_results_folder(mut self, folder: std::path::PathBuf) -> Self {
        let (results, problems) = state::read_results(&folder);
        self.restore_results(&results);
        self.written_results =
            results.iter().filter_map(|(key, value)| Some((self.key_of(key)?, value.to_string()))).collect();
        if !problems.is_empty() {
            let line = problems.join(" ");
            self.notice = Some(match self.notice.take() {
                Some(notice) => format!("{notice} {line}"),
                None => line,
            });
        }
        self.results_folder = Some(folder);
        self
    }

    fn key_of(&self, key: &str) -> Option<&'static str> {
        self.panels.iter().map(|panel| panel.key()).find(|known| *known == key)
    }

    /// Writes the results that changed since they were last written into the results folder
    /// (one file a panel, atomically; a panel whose results were cleared loses its file);
    /// returns the problems, one line each.
    pub fn save_results(&mut self) -> Vec<String> {
        let Some(folder) = self.results_folder.clone() else { return Vec::new() };
        let mut problems = Vec::new();
        for panel in &self.panels {
            let results = panel.saved_results();
            if results.is_null() {
                // Results cleared since they were written: their file goes too.
                if self.written_results.remove(panel.key()).is_some() {
                    let _ = std::fs::remove_file(folder.join(format!("{}.json", panel.key())));
                }
                continue;
            }
            let text = results.to_string();
            if self.written_results.get(panel.key()) == Some(&text) {
                continue;
            }
            match state::write_results(&folder, panel.key(), &text) {
                Ok(()) => {
                    self.written_results.insert(panel.key(), text);
                }
                Err(problem) => problems.push(problem),
            }
        }
        problems
    }

    /// This app with `notice` shown above the panel until dismissed.
    pub fn with_notice(mut self, notice: impl Into<String>) -> Self {
        self.notice = Some(notice.into());
        self
    }

    /// The notice shown above the panel, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// True while the quick switcher is open.
    pub fn switcher_open(&self) -> bool {
        self.switcher.is_some()
    }

    /// The panel of type `P`.
    pub fn panel_mut<P: panels::PanelType>(&mut self) -> &mut P {
        self.panels
            .iter_mut()
            .find_map(|panel| panel.as_any_mut().downcast_mut::<P>())
            .expect("every panel type is a panel of a domain in DOMAINS")
    }

    /// Opens the file at `path` in the panel of its kind (the first of the domains' openers that
    /// accepts it) and shows that panel; returns the kind, or a message naming the problem.
    pub fn open(&mut self, path: &std::path::Path) -> Result<&'static str, String> {
        /// Larger files are no file Curio writes or reads.
        const LARGEST: u64 = 256 << 20;
        let shown = path.display();
        let size = std::fs::metadata(path).map_err(|error| format!("cannot open '{shown}': {error}"))?.len();
        if size > LARGEST {
            return Err(format!("cannot open '{shown}': {size} bytes is more than any file Curio reads"));
        }
        let bytes = std::fs::read(path).map_err(|error| format!("cannot open '{shown}': {error}"))?;
        let kinds = || domain::openers().map(|opener| opener.kind).collect::<Vec<_>>().join(", ");
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("cannot open '{shown}': it is not text, and Curio opens {}", kinds()))?;
        let name = path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
        let opener = domain::openers().find(|opener| (opener.accepts)(&name, &text)).ok_or_else(|| {
            format!("cannot open '{shown}': it is none of the files Curio opens ({})", kinds())
        })?;
        let index = self
            .panels
            .iter()
            .position(|panel| panel.key() == opener.panel)
            .expect("an opener names a panel of a domain in DOMAINS");
        (opener.open)(self.panels[index].as_mut(), path, &text);
        self.selected = index;
        Ok(opener.kind)
    }

    /// True while the panel shown has background work whose result it will show.
    pub fn shown_is_busy(&self) -> bool {
        self.panels[self.selected].is_busy()
    }

    /// True while any panel has background work whose result it will show.
    pub fn is_busy(&self) -> bool {
        self.panels.iter().any(|panel| panel.is_busy())
    }

    /// Per-frame work that draws nothing: poll jobs, frame-rate measurement, timed quit.
    pub fn update_logic(&mut self, ctx: &egui::Context) {
        for panel in &mut self.panels {
            panel.logic(ctx);
        }
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
                        "panel": self.panels[self.selected].title(),
                        "frames": meter.frames - 1,
                        "seconds": elapsed,
                        "fps": fps,
                        "adapter": self.gpu_adapter,
                        "window_system": self.window_system,
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

    /// Draws the whole window into `ui`: header, catalogue, notice, the panel shown and, while
    /// open, the quick switcher.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let entries = catalogue::entries(&self.panels);
        let mut navigation = catalogue::Navigation::default();
        catalogue::header(
            ui,
            &entries,
            self.selected,
            &mut self.sidebar_open,
            self.gpu_adapter.as_deref(),
            &mut navigation,
        );
        catalogue::sidebar(ui, &entries, self.selected, self.sidebar_open, &mut navigation);
        if let Some(notice) = &self.notice {
            let mut dismissed = false;
            egui::Panel::top("notice").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(notice).color(theme::ERROR));
                    dismissed = ui.button("Dismiss").clicked();
                });
            });
            if dismissed {
                self.notice = None;
            }
        }
        self.draw_panel(ui);
        catalogue::switcher(&ui.ctx().clone(), &mut self.switcher, &entries, &mut navigation);
        if let Some(index) = navigation.show {
            self.selected = index;
        }
        if self.titled != Some(self.selected) {
            self.titled = Some(self.selected);
            let title = format!("Curio — {}", self.panels[self.selected].title());
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(title));
        }
    }

    /// Draws only the panel shown (its controls column and canvas) into `ui`: what panel
    /// snapshots capture, so that a new panel in the catalogue changes no other snapshot.
    pub fn draw_panel(&mut self, ui: &mut egui::Ui) {
        panels::show_panel(ui, self.panels[self.selected].as_mut());
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
            let problems = self.save_results();
            if !problems.is_empty() {
                self.notice = Some(problems.join("; "));
            }
        }
    }
}

/// Installs the wgpu pipelines of every panel; returns the adapter's name.
pub fn install_gpu(render_state: &eframe::egui_wgpu::RenderState) -> String {
    for entry in domain::panels() {
        (entry.install_gpu)(render_state);
    }
    render_state.adapter.get_info().name
}

/// The window system of the window eframe opened: `wayland` (native), `x11` (an X server,
/// XWayland included), or `None` for any other.
pub fn window_system(handle: &impl eframe::wgpu::rwh::HasDisplayHandle) -> Option<&'static str> {
    use eframe::wgpu::rwh::RawDisplayHandle;
    match handle.display_handle().ok()?.as_raw() {
        RawDisplayHandle::Wayland(_) => Some("wayland"),
        RawDisplayHandle::Xlib(_) | RawDisplayHandle::Xcb(_) => Some("x11"),
        _ => None,
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
pub fn run(options: GuiOptions) -> anyhow::Result<()> {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        anyhow::bail!(
            "no display: neither DISPLAY nor WAYLAND_DISPLAY is set. Run Curio in a desktop session or under Xvfb \
             (see README), or use the headless subcommands (curio --help)"
        );
    }
    let mut options = options;
    let settings_file = state::settings_file();
    if options.settings.is_none()
        && !options.fresh
        && let Some(path) = &settings_file
    {
        options.notice = state::set_aside_unreadable(path);
        // A file that could not be set aside is neither read nor written over.
        options.fresh = options.notice.is_some() && path.exists();
    }
    let (width, height) = options.size.unwrap_or((1280.0, 820.0));
    let mut native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Curio")
            .with_app_id(state::APP_ID)
            .with_inner_size([width, height])
            .with_min_inner_size([420.0, 320.0]),
        renderer: eframe::Renderer::Wgpu,
        persist_window: !options.fresh && options.settings.is_none() && options.size.is_none(),
        persistence_path: settings_file,
        ..Default::default()
    };
    if options.measure_fps.is_some() {
        native.wgpu_options.surface.present_mode = eframe::wgpu::PresentMode::AutoNoVsync;
    }
    eframe::run_native(
        "curio",
        native,
        Box::new(move |cc| Ok(Box::new(CurioApp::new(cc, &options)) as Box<dyn eframe::App>)),
    )
    .map_err(|error| anyhow::anyhow!("cannot open the Curio window: {error}"))
}

/// Opens a standalone game window (`curio mines window`, `curio puzlogic window`): fixed size,
/// drawn with wgpu, no remembered geometry (the size follows the game), the app's fonts.
pub(crate) fn run_game_window(
    title: &str,
    app_id: &str,
    size: [f32; 2],
    app: impl eframe::App + 'static,
) -> anyhow::Result<()> {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        anyhow::bail!(
            "no display: neither DISPLAY nor WAYLAND_DISPLAY is set; run under a desktop session or Xvfb"
        );
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id(app_id)
            .with_inner_size(size)
            .with_resizable(false),
        renderer: eframe::Renderer::Wgpu,
        persist_window: false,
        ..Default::default()
    };
    eframe::run_native(
        app_id,
        options,
        Box::new(move |cc| {
            theme::install_fonts(&cc.egui_ctx);
            Ok(Box::new(app) as Box<dyn eframe::App>)
        }),
    )
    .map_err(|error| anyhow::anyhow!("cannot open the game window: {error}"))
}
