//! The Gregg panel: a live text box, the text written in shorthand on ruled paper, hover or click
//! a word for its outline, source and phonemes, a debug overlay of stroke boundaries and letter
//! labels, pen, size and slant, and export to SVG/PNG.

use crate::domain::{Domain};
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::background;
use crate::theme;
use crate::widgets::{FigureExport, Outcome, SceneRaster};
use curio_core::export;
use curio_core::geom::Point;
use ::gregg::{Page, PageStyle, Rules, Source, Transcriber, layout, layout_with_progress, page, page_scene};
use curio_core::jobs::Latest;
use curio_core::progress::Cancelled;
use eframe::egui::{self, Vec2};
use serde::{Deserialize, Serialize};

/// The text a fresh panel shows.
pub const SAMPLE_TEXT: &str = "Gregg shorthand writes the sounds of words with curves, lines and circles. \
A cake, a lake and a church are each one quick motion of the pen.";

/// Longest text the box takes, in characters.
pub const MAX_TEXT: usize = 200_000;

/// Persisted settings of the Gregg panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GreggPanelState {
    /// The English text.
    pub text: String,
    /// Every word through the rules (no brief forms, no dictionary).
    pub rules_only: bool,
    /// Size, pen, slant and the debug overlay. Its width is the exported page's width.
    pub style: PageStyle,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports (longest side, pixels).
    pub export_size: u32,
}

impl Default for GreggPanelState {
    fn default() -> Self {
        Self {
            text: SAMPLE_TEXT.to_string(),
            rules_only: false,
            style: PageStyle { unit: 14.0, ..PageStyle::default() },
            export_path: "gregg.svg".to_string(),
            export_size: 2400,
        }
    }
}

impl Settings for GreggPanelState {
    /// Brings loaded or edited values back into range.
    fn sanitize(&mut self) {
        self.style = self.style.clamped();
        self.export_size = self.export_size.clamp(1, export::MAX_PNG_SIZE);
        if self.text.chars().count() > MAX_TEXT {
            self.text = self.text.chars().take(MAX_TEXT).collect();
        }
    }
}

impl GreggPanelState {
    /// The transcriber the settings ask for.
    pub fn transcriber(&self) -> Transcriber {
        Transcriber { rules_only: self.rules_only, rules: Rules::anniversary() }
    }

    /// The page Export writes.
    pub fn export_page(&self) -> Page {
        layout(&self.text, &self.transcriber(), self.style)
    }
}

/// Texts up to this many bytes are laid out on the UI thread (well under a frame); longer ones
/// in the background, the previous page staying on screen meanwhile.
pub const INLINE_LAYOUT_BYTES: usize = 4_000;

/// What a page is laid out from: the rules and the style as text, and the English text.
#[derive(Clone, Debug, PartialEq)]
struct LayoutKey {
    settings: String,
    text: String,
}

/// A page laid out, with what it was laid out from.
struct LaidOut {
    key: LayoutKey,
    /// Which layout it is (counting from 1): names its raster.
    layout: u64,
    /// The page.
    page: Page,
}

/// The Gregg panel.
pub struct GreggPanel {
    /// Persisted settings.
    pub state: GreggPanelState,
    page: Option<LaidOut>,
    /// The layout of the newest text and style, while it runs in the background.
    pending: Latest<LayoutKey, Result<Page, Cancelled>>,
    /// Counts layouts: names the page's raster.
    layouts: u64,
    raster: SceneRaster,
    hovered: Option<usize>,
    /// The word clicked last (an index into the page's words).
    pub selected: Option<usize>,
    /// Where the page's top-left corner was last drawn, in screen points.
    page_origin: Option<egui::Pos2>,
    export: FigureExport,
}

impl PanelType for GreggPanel {
    const KEY: &'static str = "gregg";
    const TITLE: &'static str = "Gregg shorthand";
    const FAMILY: Family = Family::Writing;
    type State = GreggPanelState;

    fn new(state: GreggPanelState, _gpu_adapter: Option<&str>) -> Self {
        Self {
            state,
            page: None,
            pending: Latest::default(),
            layouts: 0,
            raster: SceneRaster::new("gregg-page"),
            hovered: None,
            selected: None,
            page_origin: None,
            export: FigureExport::default(),
        }
    }

    fn state(&self) -> &GreggPanelState {
        &self.state
    }
}

impl GreggPanel {
    /// The last export's outcome: Ok(message) or Err(error).
    pub fn export_message(&self) -> Option<&Outcome> {
        self.export.message()
    }

    /// Starts exporting the page to `state.export_path`.
    pub fn start_export(&mut self, ctx: &egui::Context) {
        let state = self.state.clone();
        self.export.start(ctx, &self.state.export_path, self.state.export_size, move || {
            Ok(page_scene(&state.export_page(), None))
        });
    }

    /// The page on screen (laid out at the canvas width), if one has been drawn.
    pub fn page(&self) -> Option<&Page> {
        self.page.as_ref().map(|laid_out| &laid_out.page)
    }

    /// The screen position of the centre of word `index` as last drawn.
    pub fn word_center(&self, index: usize) -> Option<egui::Pos2> {
        let origin = self.page_origin?;
        let [x0, y0, x1, y1] = self.page()?.words.get(index)?.glyph.bounds;
        Some(origin + Vec2::new(((x0 + x1) / 2.0) as f32, -((y0 + y1) / 2.0) as f32))
    }

    /// Makes the page show the text and style at `width`: at once for short texts, in the
    /// background for long ones (the previous page stays until the new one is ready).
    fn lay_out(&mut self, ctx: &egui::Context, width: f64) {
        let style = PageStyle { width, ..self.state.style };
        let settings =
            format!("{}|{}", self.state.rules_only, serde_json::to_string(&style).unwrap_or_default());
        let current = |key: &LayoutKey| key.settings == settings && key.text == self.state.text;
        if self.page.as_ref().is_some_and(|laid_out| current(&laid_out.key))
            || self.pending.running_key().is_some_and(current)
        {
            return;
        }
        let key = LayoutKey { settings, text: self.state.text.clone() };
        let inline = key.text.len() <= INLINE_LAYOUT_BYTES;
        let transcriber = self.state.transcriber();
        let text = key.text.clone();
        // A layout dropped for a newer text stops at its next report.
        let work = move |progress: &mut dyn curio_core::progress::Progress| {
            layout_with_progress(&text, &transcriber, style, progress)
        };
        match self.pending.start(
            key.clone(),
            inline,
            "curio-gregg-layout",
            Some(background::repaint(ctx)),
            work,
        ) {
            Ok(Some(Ok(page))) => self.show_page(key, page),
            Ok(Some(Err(Cancelled)) | None) => {}
            Err(error) => self.raster.error = Some(format!("cannot start the layout: {error}")),
        }
    }

    fn show_page(&mut self, key: LayoutKey, page: Page) {
        if self.selected.is_some_and(|index| index >= page.words.len()) {
            self.selected = None;
        }
        self.layouts += 1;
        self.page = Some(LaidOut { key, layout: self.layouts, page });
    }

    fn word_info(&self, ui: &mut egui::Ui) {
        let Some(page) = self.page() else { return };
        let index = self.hovered.or(self.selected);
        let Some(placed) = index.and_then(|index| page.words.get(index)) else {
            ui.colored_label(theme::HINT, "Hover or click a word on the page.");
            return;
        };
        let word = &placed.word;
        egui::Grid::new("gregg-word").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
            ui.label("word");
            ui.strong(&word.word);
            ui.end_row();
            ui.label("outline");
            ui.monospace(&word.outline);
            ui.end_row();
            ui.label("source");
            ui.label(match word.source {
                Source::BriefForm => "brief form",
                Source::Dictionary => "dictionary",
                Source::Rules => "rules (CMU phonemes)",
                Source::LetterToSound => "rules (letter-to-sound phonemes)",
            });
            ui.end_row();
            ui.label("phonemes");
            ui.add(egui::Label::new(egui::RichText::new(&word.phonemes).monospace()).wrap());
            ui.end_row();
        });
    }

    fn summary(&self, ui: &mut egui::Ui) {
        let Some(page) = self.page() else { return };
        let count = |source: Source| page.words.iter().filter(|placed| placed.word.source == source).count();
        ui.label(format!(
            "{} words: {} brief forms, {} dictionary, {} rules, {} letter-to-sound",
            page.words.len(),
            count(Source::BriefForm),
            count(Source::Dictionary),
            count(Source::Rules),
            count(Source::LetterToSound)
        ));
    }
}

impl Panel for GreggPanel {
    fn is_busy(&self) -> bool {
        self.export.is_busy() || self.raster.is_busy() || self.pending.is_running()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        if let Some(key) = self.pending.running_key().cloned()
            && let Some(result) = self.pending.poll(&key)
        {
            match result {
                Ok(Ok(page)) => self.show_page(key, page),
                Ok(Err(Cancelled)) => {}
                Err(error) => self.raster.error = Some(error.to_string()),
            }
        }
        self.raster.poll(ctx);
        self.export.poll();
        if self.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Gregg shorthand");
        let label = ui.label("Text");
        ui.add(
            egui::TextEdit::multiline(&mut self.state.text)
                .desired_rows(6)
                .desired_width(f32::INFINITY)
                .char_limit(MAX_TEXT),
        )
        .labelled_by(label.id);
        ui.checkbox(&mut self.state.rules_only, "rules only")
            .on_hover_text("Skip the brief forms and the dictionary: every word through the phoneme rules");
        self.summary(ui);
        ui.separator();
        ui.strong("Word");
        self.word_info(ui);
        ui.separator();
        ui.strong("Pen");
        let style = &mut self.state.style;
        egui::Grid::new("gregg-style").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("size");
            ui.add(egui::Slider::new(&mut style.unit, page::UNIT.range()).logarithmic(true).suffix(" px"))
                .labelled_by(label.id)
                .on_hover_text("Length of the N stroke");
            ui.end_row();
            let label = ui.label("pen width");
            ui.add(egui::Slider::new(&mut style.pen_width, page::PEN_WIDTH.range()).logarithmic(true).suffix(" px")).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("slant");
            ui.add(egui::Slider::new(&mut style.slant, page::SLANT.range()).suffix("°")).labelled_by(label.id);
            ui.end_row();
        });
        ui.checkbox(&mut style.debug, "debug overlay")
            .on_hover_text("Stroke boundaries (red dots) and each letter's label");
        ui.separator();
        ui.strong("Export");
        egui::Grid::new("gregg-export").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("page width");
            ui.add(egui::DragValue::new(&mut self.state.style.width).range(page::WIDTH.range()).suffix(" px"))
                .labelled_by(label.id);
            ui.end_row();
        });
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            self.start_export(&ui.ctx().clone());
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let available = ui.available_rect_before_wrap();
        ui.painter().rect_filled(available, 4.0, theme::CANVAS_BACKGROUND);
        if available.width() < 40.0 || available.height() < 40.0 {
            return;
        }
        let width = f64::from(available.width() - 12.0);
        let ctx = ui.ctx().clone();
        self.lay_out(&ctx, width);
        let Some(laid_out) = &self.page else { return };
        let (height, width) = (laid_out.page.height as f32, laid_out.page.width);
        let pixels_per_point = ctx.pixels_per_point();
        egui::ScrollArea::vertical().id_salt("gregg-page").auto_shrink([false, false]).show(ui, |ui| {
            let (rect, response) =
                ui.allocate_exact_size(Vec2::new(width as f32, height), egui::Sense::click());
            let Some(LaidOut { layout, page, .. }) = self.page.as_ref() else { return };
            let longest = page.width.max(page.height) * f64::from(pixels_per_point);
            let pixels = (longest.round() as u32).clamp(1, export::MAX_PNG_SIZE);
            self.raster.ensure(&ctx, format!("{pixels}|{layout}"), || {
                let scene = page_scene(page, None);
                (scene.point_count() * 4, Box::new(move || export::rasterize(&scene, pixels)))
            });
            self.page_origin = Some(rect.min);
            let painter = ui.painter_at(rect.intersect(ui.clip_rect()));
            self.raster.paint(&painter, rect);
            let to_model = |position: egui::Pos2| {
                Point::new(f64::from(position.x - rect.min.x), -f64::from(position.y - rect.min.y))
            };
            let to_screen = |x: f64, y: f64| egui::pos2(rect.min.x + x as f32, rect.min.y - y as f32);
            self.hovered = response.hover_pos().and_then(|position| page.word_at(to_model(position)));
            if response.clicked() {
                self.selected =
                    response.interact_pointer_pos().and_then(|position| page.word_at(to_model(position)));
            }
            let pad = page.style.unit * 0.35;
            for (index, color) in [(self.selected, theme::SELECTED), (self.hovered, theme::HINT)] {
                if let Some(placed) = index.and_then(|index| page.words.get(index)) {
                    let [x0, y0, x1, y1] = placed.glyph.bounds;
                    let bounds = egui::Rect::from_two_pos(
                        to_screen(x0 - pad, y1 + pad),
                        to_screen(x1 + pad, y0 - pad),
                    );
                    painter.rect_stroke(
                        bounds,
                        3.0,
                        egui::Stroke::new(1.5, color),
                        egui::StrokeKind::Outside,
                    );
                }
            }
            if let Some(index) = self.hovered {
                let text =
                    page.words.get(index).map(|placed| placed.word.outline.clone()).unwrap_or_default();
                response.on_hover_text_at_pointer(text);
            }
        });
        if let Some(error) = &self.raster.error {
            ui.painter().text(
                available.left_bottom() + Vec2::new(8.0, -8.0),
                egui::Align2::LEFT_BOTTOM,
                error,
                egui::FontId::proportional(13.0),
                theme::ERROR,
            );
        }
    }
}

/// What the gregg domain adds: `curio gregg`, its panel and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "gregg",
    about: "Gregg shorthand: English to outlines, rendered as connected strokes.",
    commands: CommandGroup::of::<curio_cli::gregg::GreggArgs>(),
    panels: &[PanelEntry::of::<GreggPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "grascii", reads: "Grascii outlines (gregg render, the panel)", run: curio_cli::gregg::fuzz_grascii },
    ],
    opens: &[],
};
