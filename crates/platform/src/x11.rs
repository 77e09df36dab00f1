//! Window titles read straight from the X server: `_NET_WM_NAME` (UTF-8) first, then `WM_NAME`
//! in whatever type the window set it, Latin-1 `STRING` included (the X11 conventions allow it,
//! and older programs set only that).

use std::sync::{Mutex, OnceLock};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt};
use x11rb::rust_connection::RustConnection;

/// The connection and the atoms every title read needs, interned once.
struct Titles {
    connection: RustConnection,
    utf8_string: u32,
    net_wm_name: Option<u32>,
}

/// One connection for every title read, opened on first use (`None` without a display).
fn titles() -> &'static Mutex<Option<Titles>> {
    static TITLES: OnceLock<Mutex<Option<Titles>>> = OnceLock::new();
    TITLES.get_or_init(|| {
        let open = || -> Option<Titles> {
            let (connection, _) = x11rb::connect(None).ok()?;
            let atom = |name: &str| -> Option<u32> {
                Some(connection.intern_atom(false, name.as_bytes()).ok()?.reply().ok()?.atom)
            };
            let utf8_string = atom("UTF8_STRING")?;
            let net_wm_name = atom("_NET_WM_NAME");
            Some(Titles { connection, utf8_string, net_wm_name })
        };
        Mutex::new(open())
    })
}

/// Bytes of a text property as text: UTF-8 for `UTF8_STRING`, Latin-1 for `STRING` and
/// anything else (compound text's ASCII and Latin-1 part reads right; a control byte stays as
/// its character).
pub fn decode(bytes: &[u8], utf8: bool) -> String {
    let bytes = bytes.strip_suffix(&[0]).unwrap_or(bytes);
    if utf8 {
        String::from_utf8_lossy(bytes).into_owned()
    } else {
        bytes.iter().map(|&byte| char::from(byte)).collect()
    }
}

/// The title of window `id`, or `None` when it has none or the server cannot be asked.
pub fn window_title(id: u32) -> Option<String> {
    let guard = titles().lock().ok()?;
    let Titles { connection, utf8_string, net_wm_name } = guard.as_ref()?;
    let read = |property: u32| -> Option<String> {
        let reply =
            connection.get_property(false, id, property, AtomEnum::ANY, 0, 1024).ok()?.reply().ok()?;
        let text = decode(&reply.value, reply.type_ == *utf8_string);
        (!text.is_empty()).then_some(text)
    };
    let title = net_wm_name.and_then(read).or_else(|| read(AtomEnum::WM_NAME.into()));
    let _ = connection.flush();
    title
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn latin1_and_utf8_titles_decode() {
        assert_eq!(decode(b"D\xe9mineur", false), "Démineur");
        assert_eq!(decode("Démineur".as_bytes(), true), "Démineur");
        assert_eq!(decode(b"xmine\0", false), "xmine");
        assert_eq!(decode(b"", false), "");
    }
}
