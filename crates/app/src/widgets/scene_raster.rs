//! A texture that shows a picture of a scene (`geom::Scene` rasterized, or any image made from
//! the panel's settings), kept in sync with a key that names what it shows. Small pictures are
//! made on the UI thread; big ones in a background job, while the old texture stays on screen.
//! Star, Gregg and Fermat panels draw their figures through it.

use crate::background;
use curio_core::jobs::Latest;
use eframe::egui::{self, Color32, TextureHandle, TextureOptions};
use image::RgbaImage;

/// Pictures that cost less than this (path points or pixels, as the caller counts) are made on
/// the UI thread; bigger ones in a job.
pub const INLINE_RASTER_COST: usize = 40_000;

/// Makes a picture.
pub type RasterWork = Box<dyn FnOnce() -> RgbaImage + Send>;

/// A texture kept in sync with a key (see the module docs).
pub struct SceneRaster {
    /// Name of the texture in egui.
    name: &'static str,
    key: String,
    texture: Option<TextureHandle>,
    pending: Latest<String, RgbaImage>,
    /// What went wrong making the last picture.
    pub error: Option<String>,
}

impl SceneRaster {
    /// An empty layer whose texture egui knows as `name`.
    pub fn new(name: &'static str) -> Self {
        Self { name, key: String::new(), texture: None, pending: Latest::default(), error: None }
    }

    /// Makes the texture show `key`; `make` (called only when the key changed) returns the
    /// work's cost (compared with [`INLINE_RASTER_COST`]) and the work itself.
    pub fn ensure(&mut self, ctx: &egui::Context, key: String, make: impl FnOnce() -> (usize, RasterWork)) {
        if self.key == key || self.pending.running_key() == Some(&key) {
            return;
        }
        let (cost, work) = make();
        let inline = cost < INLINE_RASTER_COST;
        let work = move |_: &mut dyn curio_core::progress::Progress| work();
        match self.pending.start(key.clone(), inline, "curio-raster", Some(background::repaint(ctx)), work) {
            Ok(Some(image)) => self.finish(ctx, key, image),
            Ok(None) => {}
            Err(error) => self.error = Some(format!("cannot start drawing thread: {error}")),
        }
    }

    fn finish(&mut self, ctx: &egui::Context, key: String, image: RgbaImage) {
        let size = [image.width() as usize, image.height() as usize];
        let color = egui::ColorImage::from_rgba_unmultiplied(size, image.as_raw());
        match &mut self.texture {
            Some(texture) => texture.set(color, TextureOptions::LINEAR),
            None => self.texture = Some(ctx.load_texture(self.name, color, TextureOptions::LINEAR)),
        }
        self.error = None;
        self.key = key;
    }

    /// Takes the picture of a finished job into the texture; call each frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some(key) = self.pending.running_key().cloned() else { return };
        match self.pending.poll(&key) {
            Some(Ok(image)) => self.finish(ctx, key, image),
            Some(Err(error)) => {
                self.error = Some(error.to_string());
                self.key = key;
            }
            None => {}
        }
    }

    /// True while a picture is being made in the background.
    pub fn is_busy(&self) -> bool {
        self.pending.is_running()
    }

    /// Paints the texture (the latest finished picture) over `rect`.
    pub fn paint(&self, painter: &egui::Painter, rect: egui::Rect) {
        if let Some(texture) = &self.texture {
            painter.image(texture.id(), rect, full_uv(), Color32::WHITE);
        }
    }
}

/// Texture coordinates of a whole texture.
pub fn full_uv() -> egui::Rect {
    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0))
}
