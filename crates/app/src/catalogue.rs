//! Navigation between panels: a header naming the panel shown, a sidebar listing every panel of
//! the app's panels grouped by [`Family`], which becomes a menu in narrow
//! windows, and a quick switcher (Ctrl+K: type part of a name, arrows, Enter).

use super::panels::{AppPanel, Family};
use super::theme;
use eframe::egui;

/// Window width (logical pixels) under which the sidebar gives way to a menu in the header.
pub const SIDEBAR_MIN_WINDOW_WIDTH: f32 = 900.0;
/// Width of the sidebar.
const SIDEBAR_WIDTH: f32 = 170.0;

/// One line of the catalogue: a panel's index in the app's list, its title and family.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Index of the panel in the app's panel list.
    pub index: usize,
    /// The panel's title.
    pub title: &'static str,
    /// The panel's key.
    pub key: &'static str,
    /// The family the panel is listed under.
    pub family: Family,
}

/// The catalogue's entries, families in [`Family::ALL`] order, panels in list order within each.
pub fn entries(panels: &[Box<dyn AppPanel>]) -> Vec<Entry> {
    let mut entries: Vec<Entry> = panels
        .iter()
        .enumerate()
        .map(|(index, panel)| Entry { index, title: panel.title(), key: panel.key(), family: panel.family() })
        .collect();
    entries.sort_by_key(|entry| (entry.family, entry.index));
    entries
}

/// The entries whose title, key or family contains every word of `query` (case-insensitive),
/// titles that start with the query first.
pub fn matches(entries: &[Entry], query: &str) -> Vec<Entry> {
    let query = query.trim().to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut found: Vec<Entry> = entries
        .iter()
        .copied()
        .filter(|entry| {
            let haystack = format!("{} {} {}", entry.title, entry.key, entry.family.title()).to_lowercase();
            words.iter().all(|word| haystack.contains(word))
        })
        .collect();
    found.sort_by_key(|entry| !entry.title.to_lowercase().starts_with(&query));
    found
}

/// The open quick switcher: what was typed and which match is highlighted.
#[derive(Debug, Default)]
pub struct Switcher {
    query: String,
    highlighted: usize,
    focused: bool,
}

/// What the navigation asks of the app this frame.
#[derive(Debug, Default)]
pub struct Navigation {
    /// Show the panel at this index.
    pub show: Option<usize>,
}

/// The header: the sidebar toggle (or, in narrow windows, the catalogue as a menu), the family
/// and title of the panel shown, the quick switcher's shortcut and the GPU adapter.
pub fn header(
    ui: &mut egui::Ui,
    entries: &[Entry],
    selected: usize,
    sidebar_open: &mut bool,
    gpu_adapter: Option<&str>,
    navigation: &mut Navigation,
) {
    let narrow = ui.ctx().content_rect().width() < SIDEBAR_MIN_WINDOW_WIDTH;
    let shown = entries.iter().find(|entry| entry.index == selected);
    egui::Panel::top("header").show(ui, |ui| {
        ui.horizontal(|ui| {
            if narrow {
                ui.menu_button("☰ Panels", |ui| {
                    list(ui, entries, selected, navigation);
                });
            } else {
                let label = if *sidebar_open { "◀" } else { "☰" };
                let hint = if *sidebar_open { "Hide the panel list" } else { "Show the panel list" };
                if ui.button(label).on_hover_text(hint).clicked() {
                    *sidebar_open = !*sidebar_open;
                }
            }
            ui.strong("Curio");
            if let Some(entry) = shown {
                ui.label(egui::RichText::new(format!("› {} ›", entry.family.title())).color(theme::HINT));
                ui.heading(entry.title);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.small_button("Ctrl+K").on_hover_text("Switch panel by name").clicked() {
                    ui.ctx().data_mut(|data| data.insert_temp(switcher_request_id(), true));
                }
                if ui.available_width() < 160.0 {
                    return;
                }
                let text = match gpu_adapter {
                    Some(name) => format!("GPU: {name}"),
                    None => "GPU: none (CPU drawing)".to_string(),
                };
                ui.add(egui::Label::new(egui::RichText::new(text).color(theme::HINT)).truncate());
            });
        });
    });
}

/// The sidebar, when the window is wide enough and it is open.
pub fn sidebar(
    ui: &mut egui::Ui,
    entries: &[Entry],
    selected: usize,
    open: bool,
    navigation: &mut Navigation,
) {
    let narrow = ui.ctx().content_rect().width() < SIDEBAR_MIN_WINDOW_WIDTH;
    if narrow || !open {
        return;
    }
    egui::Panel::left("catalogue").resizable(false).exact_size(SIDEBAR_WIDTH).show(ui, |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            list(ui, entries, selected, navigation);
        });
    });
}

/// Every panel under its family's heading, the one shown selected.
fn list(ui: &mut egui::Ui, entries: &[Entry], selected: usize, navigation: &mut Navigation) {
    let mut family = None;
    for entry in entries {
        if family != Some(entry.family) {
            family = Some(entry.family);
            ui.add_space(6.0);
            ui.label(egui::RichText::new(entry.family.title()).small().strong().color(theme::HINT));
        }
        let response = ui.selectable_label(entry.index == selected, entry.title);
        if response.clicked() {
            navigation.show = Some(entry.index);
            ui.close();
        }
    }
}

fn switcher_request_id() -> egui::Id {
    egui::Id::unique("curio-open-switcher")
}

/// Opens the switcher on Ctrl+K (or the header's button), and while it is open draws it and
/// handles its keys: Up/Down move, Enter shows the highlighted panel, Escape closes.
pub fn switcher(
    ctx: &egui::Context,
    state: &mut Option<Switcher>,
    entries: &[Entry],
    navigation: &mut Navigation,
) {
    let requested = ctx.data_mut(|data| data.remove_temp::<bool>(switcher_request_id())).unwrap_or(false);
    if ctx.input_mut(|input| input.consume_key(egui::Modifiers::COMMAND, egui::Key::K)) || requested {
        *state = Some(Switcher::default());
    }
    let Some(switcher) = state else {
        return;
    };
    let found = matches(entries, &switcher.query);
    let (up, down, enter, escape) = ctx.input_mut(|input| {
        (
            input.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
            input.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
            input.consume_key(egui::Modifiers::NONE, egui::Key::Enter),
            input.consume_key(egui::Modifiers::NONE, egui::Key::Escape),
        )
    });
    if down && !found.is_empty() {
        switcher.highlighted = (switcher.highlighted + 1) % found.len();
    }
    if up && !found.is_empty() {
        switcher.highlighted = (switcher.highlighted + found.len() - 1) % found.len();
    }
    switcher.highlighted = switcher.highlighted.min(found.len().saturating_sub(1));
    let mut close = escape;
    if enter && let Some(entry) = found.get(switcher.highlighted) {
        navigation.show = Some(entry.index);
        close = true;
    }
    let modal = egui::Modal::new(egui::Id::unique("curio-switcher")).show(ctx, |ui| {
        ui.set_width(320.0);
        ui.label("Go to panel");
        let edit = ui.add(
            egui::TextEdit::singleline(&mut switcher.query)
                .hint_text("type part of a name")
                .desired_width(f32::INFINITY),
        );
        if !switcher.focused {
            edit.request_focus();
            switcher.focused = true;
        }
        if edit.changed() {
            switcher.highlighted = 0;
        }
        ui.separator();
        if found.is_empty() {
            ui.label(egui::RichText::new("No panel matches").color(theme::HINT));
        }
        for (position, entry) in found.iter().enumerate() {
            let text = format!("{}  ·  {}", entry.title, entry.family.title());
            if ui.selectable_label(position == switcher.highlighted, text).clicked() {
                navigation.show = Some(entry.index);
                close = true;
            }
        }
        ui.label(egui::RichText::new("↑↓ choose · Enter show · Esc close").small().color(theme::HINT));
    });
    if close || modal.should_close() {
        *state = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(index: usize, title: &'static str, key: &'static str, family: Family) -> Entry {
        Entry { index, title, key, family }
    }

    #[test]
    fn matches_every_word_and_puts_prefixes_first() {
        let entries = [
            entry(0, "Star polygons", "star", Family::Geometry),
            entry(1, "Minesweeper", "mines", Family::Games),
            entry(2, "Game bot", "bot", Family::Bots),
        ];
        let titles =
            |query: &str| matches(&entries, query).iter().map(|entry| entry.title).collect::<Vec<_>>();
        assert_eq!(titles("mine"), ["Minesweeper"]);
        assert_eq!(titles("GEOM"), ["Star polygons"]);
        assert_eq!(titles("game"), ["Game bot", "Minesweeper"]);
        assert_eq!(titles("star poly"), ["Star polygons"]);
        assert!(titles("hanoi").is_empty());
        assert_eq!(titles("").len(), 3);
    }
}
