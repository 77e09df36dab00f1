//! The X11 desktop through xcap: the real [`ScreenSource`].

use ::bot::{Frame, ScreenError, ScreenSource, WindowInfo, locate};
use image::RgbaImage;

/// A window's id and reported place and size.
type PlaceKey = (u32, i32, i32, u32, u32);

/// The X11 desktop through xcap.
///
/// xcap reports a reparented window's position as its window manager frame's, while it
/// captures the client area; the client's true place is found once per window position by
/// finding a patch of the window's image in a capture of the whole monitor.
#[derive(Debug, Default)]
pub struct XcapScreen {
    /// The last window seen (id and reported place) and the offset found for it.
    offset: Option<(PlaceKey, (i32, i32))>,
    /// The window captured last and what does not change about it (id, title, process), kept so
    /// that a capture need not list every window again.
    captured: Option<(xcap::Window, WindowInfo)>,
}

fn backend(error: impl std::fmt::Display) -> ScreenError {
    let error = error.to_string();
    if error.contains("_NET_CLIENT_LIST_STACKING") {
        return ScreenError::Backend(format!(
            "{error}: the window manager does not list its windows (_NET_CLIENT_LIST_STACKING), which the bot \
             needs to find one. GNOME, KDE (and their XWayland), openbox and most X11 window managers do; \
             weston's XWayland and a bare X server do not: run a window manager"
        ));
    }
    ScreenError::Backend(error)
}

fn info(window: &xcap::Window) -> Result<WindowInfo, ScreenError> {
    let id = window.id().map_err(backend)?;
    Ok(WindowInfo {
        id,
        // xcap reads a title only as UTF-8 (`_NET_WM_NAME`) or compound text; a window that
        // sets `WM_NAME` as Latin-1 STRING, as the X11 conventions allow, would show none.
        title: super::x11::window_title(id).unwrap_or_else(|| window.title().unwrap_or_default()),
        app_name: window.app_name().unwrap_or_default(),
        pid: window.pid().unwrap_or(0),
        x: window.x().map_err(backend)?,
        y: window.y().map_err(backend)?,
        width: window.width().map_err(backend)?,
        height: window.height().map_err(backend)?,
        minimized: window.is_minimized().unwrap_or(false),
    })
}

impl XcapScreen {
    /// The offset from the reported to the true place of a window, found once per place.
    fn offset(&mut self, window: &xcap::Window, described: &WindowInfo, image: &RgbaImage) -> (i32, i32) {
        let key = (described.id, described.x, described.y, described.width, described.height);
        if let Some((seen, offset)) = self.offset
            && seen == key
        {
            return offset;
        }
        // On a Wayland session the monitor's image comes from the compositor (a portal that may
        // ask the person), not from X11: the reported place stands.
        if crate::session::Session::current().is_wayland() {
            return (0, 0);
        }
        let found = window
            .current_monitor()
            .ok()
            .and_then(|monitor| {
                let origin = (monitor.x().ok()?, monitor.y().ok()?);
                let screen = monitor.capture_image().ok()?;
                locate(&screen, image, (described.x - origin.0, described.y - origin.1))
            })
            .unwrap_or((0, 0));
        self.offset = Some((key, found));
        found
    }
}

impl ScreenSource for XcapScreen {
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError> {
        let windows = xcap::Window::all().map_err(backend)?;
        Ok(windows.iter().filter_map(|window| info(window).ok()).filter(|window| window.width > 0).collect())
    }

    /// The window's place as its captures report it: asked of the window captured last (no
    /// listing of every window), corrected by the offset found for that place; any other window
    /// by listing them all.
    fn window(&mut self, id: u32) -> Result<WindowInfo, ScreenError> {
        let Some((window, known)) = self.captured.as_ref().filter(|(_, known)| known.id == id) else {
            return self.windows()?.into_iter().find(|window| window.id == id).ok_or(ScreenError::Gone(id));
        };
        let gone = |_| ScreenError::Gone(id);
        let mut now = WindowInfo {
            x: window.x().map_err(gone)?,
            y: window.y().map_err(gone)?,
            width: window.width().map_err(gone)?,
            height: window.height().map_err(gone)?,
            minimized: window.is_minimized().unwrap_or(false),
            ..known.clone()
        };
        // The capture's correction holds while the window stays where it was found; a window
        // somewhere else has moved, whatever its true place.
        if let Some((key, (dx, dy))) = self.offset
            && key == (now.id, now.x, now.y, now.width, now.height)
        {
            now.x += dx;
            now.y += dy;
        }
        Ok(now)
    }

    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError> {
        let (window, mut described) = match self.captured.take().filter(|(_, known)| known.id == id) {
            Some((window, known)) => {
                // A window that closed no longer answers.
                let gone = |_| ScreenError::Gone(id);
                let described = WindowInfo {
                    x: window.x().map_err(gone)?,
                    y: window.y().map_err(gone)?,
                    width: window.width().map_err(gone)?,
                    height: window.height().map_err(gone)?,
                    minimized: window.is_minimized().unwrap_or(false),
                    ..known
                };
                (window, described)
            }
            None => {
                let window = xcap::Window::all()
                    .map_err(backend)?
                    .into_iter()
                    .find(|window| window.id().ok() == Some(id))
                    .ok_or(ScreenError::Gone(id))?;
                let described = info(&window)?;
                (window, described)
            }
        };
        let image = window.capture_image().map_err(backend)?;
        self.captured = Some((window.clone(), described.clone()));
        let (dx, dy) = self.offset(&window, &described, &image);
        described.x += dx;
        described.y += dy;
        Ok(Frame { image, window: described })
    }
}
