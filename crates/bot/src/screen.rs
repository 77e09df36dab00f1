//! Where screenshots come from: the `ScreenSource` trait (its real backend on xcap is
//! `platform::screen::XcapScreen`), a test backend that serves images from memory, and
//! [`locate`], which finds where a window's picture sits on the whole screen.

use image::RgbaImage;
use serde::Serialize;

/// Whether a captured pixel is `colour` within `tolerance` in each channel (alpha ignored).
pub fn within(pixel: [u8; 4], colour: [u8; 3], tolerance: i32) -> bool {
    (0..3).all(|i| (i32::from(pixel[i]) - i32::from(colour[i])).abs() <= tolerance)
}

/// A top-level window.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WindowInfo {
    /// The window system's id.
    pub id: u32,
    /// Title.
    pub title: String,
    /// Application name.
    pub app_name: String,
    /// The owning process's id, 0 where the window does not say.
    pub pid: u32,
    /// Left edge on the screen, pixels.
    pub x: i32,
    /// Top edge on the screen, pixels.
    pub y: i32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether it is minimized.
    pub minimized: bool,
}

impl WindowInfo {
    /// Whether another sighting of the window has the same place and size.
    pub fn same_place(&self, other: &WindowInfo) -> bool {
        (self.x, self.y, self.width, self.height) == (other.x, other.y, other.width, other.height)
    }
}

/// A captured window: its image and where it was on the screen when captured.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The window's pixels.
    pub image: RgbaImage,
    /// The window at capture time.
    pub window: WindowInfo,
}

/// Why capturing failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScreenError {
    /// The backend failed.
    #[error("screen capture failed: {0}")]
    Backend(String),
    /// The window is gone.
    #[error("window {0} is gone (closed?)")]
    Gone(u32),
}

/// A source of window screenshots.
pub trait ScreenSource {
    /// Every visible top-level window.
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError>;
    /// The window `id` as it is now (place and size, in the coordinates [`ScreenSource::capture`]
    /// reports), without capturing it.
    fn window(&mut self, id: u32) -> Result<WindowInfo, ScreenError> {
        self.windows()?.into_iter().find(|window| window.id == id).ok_or(ScreenError::Gone(id))
    }
    /// A screenshot of the window `id`.
    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError>;
}

/// Where `window_image` (reported at `reported`) really sits on `screen`: the offset to add to
/// the reported position, searched within 64 pixels, comparing a 24x24 lattice of sample points
/// spread over the whole window (a board's repeating cells alone would match at many offsets).
pub fn locate(screen: &RgbaImage, window_image: &RgbaImage, reported: (i32, i32)) -> Option<(i32, i32)> {
    let (width, height) = window_image.dimensions();
    if width < 4 || height < 4 {
        return None;
    }
    let samples: Vec<(u32, u32)> =
        (0..24).flat_map(|j| (0..24).map(move |i| ((width - 1) * i / 23, (height - 1) * j / 23))).collect();
    let mut best: Option<(u64, i32, i32)> = None;
    for dy in -64..=64i32 {
        for dx in -64..=64i32 {
            let (left, top) = (reported.0 + dx, reported.1 + dy);
            if left < 0
                || top < 0
                || left as u32 + width > screen.width()
                || top as u32 + height > screen.height()
            {
                continue;
            }
            let mut total = 0u64;
            for &(x, y) in &samples {
                let a = window_image.get_pixel(x, y);
                let b = screen.get_pixel(left as u32 + x, top as u32 + y);
                total += (0..3).map(|c| u64::from(a[c].abs_diff(b[c]))).sum::<u64>();
                if best.is_some_and(|(score, _, _)| total >= score) {
                    break;
                }
            }
            if best.is_none_or(|(score, _, _)| total < score) {
                best = Some((total, dx, dy));
            }
        }
    }
    best.filter(|(score, _, _)| *score <= samples.len() as u64 * 12).map(|(_, dx, dy)| (dx, dy))
}

/// A test source: one window whose pictures come from a closure (for example a queue of stored
/// screenshots, or a board drawn by the test).
pub struct ImageScreen<F: FnMut() -> RgbaImage> {
    /// The window it pretends to show.
    pub window: WindowInfo,
    /// The next picture.
    pub next: F,
}

impl<F: FnMut() -> RgbaImage> ScreenSource for ImageScreen<F> {
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError> {
        Ok(vec![self.window.clone()])
    }

    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError> {
        if id != self.window.id {
            return Err(ScreenError::Gone(id));
        }
        let image = (self.next)();
        Ok(Frame {
            window: WindowInfo { width: image.width(), height: image.height(), ..self.window.clone() },
            image,
        })
    }
}
