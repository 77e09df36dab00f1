//! The desktop session the bot works in. The bot reads other programs' windows and moves the
//! mouse through X11: an X11 session, or a Wayland session's XWayland, where it sees and clicks
//! the programs that run on X11. Wayland itself keeps one program from reading or driving
//! another's windows (a screenshot portal asks the person each time, and gives no window list or
//! input), so on a Wayland session the bot starts the programs it launches on X11
//! ([`ON_X11`]) and says, before it starts, what it needs where XWayland is missing.

/// The session, as its environment variables tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Session {
    /// An X server and no Wayland compositor: an X11 session, or Xvfb.
    X11,
    /// A Wayland compositor with an X server beside it (XWayland): the bot plays X11 windows.
    WaylandWithX11,
    /// A Wayland compositor and no X server: the bot cannot run.
    WaylandOnly,
    /// Neither.
    None,
}

impl Session {
    /// The session of this process, read from its environment once.
    pub fn current() -> Session {
        static CURRENT: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
        *CURRENT.get_or_init(Session::from_environment)
    }

    fn from_environment() -> Session {
        let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
        let wayland = set("WAYLAND_DISPLAY")
            || set("WAYLAND_SOCKET")
            || std::env::var("XDG_SESSION_TYPE").is_ok_and(|kind| kind == "wayland");
        match (set("DISPLAY"), wayland) {
            (true, false) => Session::X11,
            (true, true) => Session::WaylandWithX11,
            (false, true) => Session::WaylandOnly,
            (false, false) => Session::None,
        }
    }

    /// Whether a Wayland compositor runs the session.
    pub fn is_wayland(self) -> bool {
        matches!(self, Session::WaylandWithX11 | Session::WaylandOnly)
    }

    /// Whether the bot can run here; otherwise what it needs, and how to get it.
    pub fn bot_can_run(self) -> Result<(), String> {
        match self {
            Session::X11 | Session::WaylandWithX11 => Ok(()),
            Session::WaylandOnly => Err(format!(
                "a Wayland session without XWayland (WAYLAND_DISPLAY is set, DISPLAY is not): {WHY} Start \
                 XWayland (most desktops do when an X11 program starts; `Xwayland :1 &` then DISPLAY=:1), or \
                 log in to an X11 session, and run the game on X11 ({HOW})"
            )),
            Session::None => Err(
                "no display: DISPLAY is not set; the bot reads and clicks an X11 screen (run under a desktop \
                 session or Xvfb)"
                    .to_string(),
            ),
        }
    }

    /// What the person should know before the bot starts, where there is something: on a
    /// Wayland session, that the bot sees X11 windows only.
    pub fn bot_note(self) -> Option<String> {
        (self == Session::WaylandWithX11).then(|| {
            format!(
                "a Wayland session: the bot sees and clicks only windows on X11 (XWayland). The programs it \
                 launches start there; a game you started yourself must run on X11 too ({HOW})"
            )
        })
    }
}

const WHY: &str = "the bot reads windows and moves the mouse through X11, and Wayland lets no program read or \
                   drive another's windows.";
const HOW: &str = "GDK_BACKEND=x11 for GTK games, QT_QPA_PLATFORM=xcb for Qt, SDL_VIDEODRIVER=x11 for SDL; \
                   Curio's own windows: unset WAYLAND_DISPLAY";

/// The environment that starts a program on X11 rather than Wayland: the usual toolkits' own
/// variables, set; Wayland's, removed (`None`). What the bot's launcher gives the programs it
/// starts, on any session (on X11 they change nothing).
pub const ON_X11: &[(&str, Option<&str>)] = &[
    ("GDK_BACKEND", Some("x11")),
    ("QT_QPA_PLATFORM", Some("xcb")),
    ("SDL_VIDEODRIVER", Some("x11")),
    ("WAYLAND_DISPLAY", None),
    ("WAYLAND_SOCKET", None),
    ("XDG_SESSION_TYPE", Some("x11")),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_session_with_an_x_server_runs_the_bot() {
        assert!(Session::X11.bot_can_run().is_ok());
        assert!(Session::WaylandWithX11.bot_can_run().is_ok());
        let message = Session::WaylandOnly.bot_can_run().unwrap_err();
        for words in ["Wayland", "XWayland", "DISPLAY", "GDK_BACKEND=x11"] {
            assert!(message.contains(words), "{message}");
        }
        assert!(Session::None.bot_can_run().unwrap_err().contains("no display"));
        assert!(Session::WaylandWithX11.bot_note().is_some_and(|note| note.contains("X11")));
        assert!(Session::X11.bot_note().is_none());
    }
}
