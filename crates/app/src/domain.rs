//! What a domain adds to the house, declared in one place: [`Domain`]. Each domain's folder of
//! this crate declares its `DOMAIN` (in its `mod.rs`, beside its panel), and
//! [`DOMAINS`](crate::DOMAINS) lists them. The command line, `curio merge`, the fuzz targets,
//! the catalogue, `curio gui --panel` and the bot's games iterate these declarations and name
//! no domain.

use crate::panels::{AppPanel, PanelEntry};
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target;

/// Everything a domain adds beyond its own crate.
pub struct Domain {
    /// Its one name: crate, folders, command group, panel key and docs file.
    pub name: &'static str,
    /// The command group's help line.
    pub about: &'static str,
    /// The command group (`curio <name> ...`), from its module of the CLI crate.
    pub commands: CommandGroup,
    /// Its panels in the app, in catalogue order.
    pub panels: &'static [PanelEntry],
    /// Its commands whose partial results `curio merge` merges.
    pub merges: &'static [Merge],
    /// Its game window, opened by `curio <name> window`, if it has one.
    pub game_window: Option<GameWindow>,
    /// The game the bot plays through the screen, if it is one (`curio bot play --game <name>`,
    /// the bot's pane).
    pub bot_game: Option<&'static bot::BotGame>,
    /// A fuzz target for each file format it reads.
    pub fuzz_targets: &'static [Target],
    /// The kinds of file its panels open (`curio FILE`, the desktop's "Open with").
    pub opens: &'static [Opener],
}

/// A kind of file a panel opens: `curio FILE` and the desktop entry ask each domain's openers,
/// in [`DOMAINS`](crate::DOMAINS) order, and the first that accepts the file opens it.
pub struct Opener {
    /// What such a file is, for messages ("a minesweeper board").
    pub kind: &'static str,
    /// The key of the panel that opens it.
    pub panel: &'static str,
    /// Whether the file named `name` (its file name, without folders) with this text is one.
    pub accepts: fn(name: &str, text: &str) -> bool,
    /// Opens it in the panel [`panel`](Self::panel) names (given here); the panel shows what
    /// came of it, as its own Open or Load button would.
    pub open: fn(panel: &mut dyn AppPanel, path: &std::path::Path, text: &str),
}

/// `panel` as the panel type `P`: for an [`Opener`]'s `open`, which is given the panel its
/// `panel` key names.
pub fn panel_of<P: 'static>(panel: &mut dyn AppPanel) -> &mut P {
    panel.as_any_mut().downcast_mut::<P>().expect("an opener is given the panel its key names")
}

/// Every domain's openers, in declaration order.
pub fn openers() -> impl Iterator<Item = &'static Opener> {
    crate::DOMAINS.iter().flat_map(|domain| domain.opens)
}

/// A standalone game window (a target of the bot, or a game to play).
pub struct GameWindow {
    /// The help line of `curio <domain> window`.
    pub about: &'static str,
    /// Its arguments, and what opens the window.
    pub commands: CommandGroup,
}

/// Every domain's panels, in catalogue order: what the app is built from.
pub fn panels() -> impl Iterator<Item = &'static PanelEntry> {
    crate::DOMAINS.iter().flat_map(|domain| domain.panels)
}

/// Every domain's merges.
pub fn merges() -> Vec<&'static Merge> {
    crate::DOMAINS.iter().flat_map(|domain| domain.merges).collect()
}

/// Every domain's bot game, in declaration order.
pub fn bot_games() -> Vec<&'static bot::BotGame> {
    crate::DOMAINS.iter().filter_map(|domain| domain.bot_game).collect()
}

/// What the declarations give the commands that serve every domain.
pub fn house() -> curio_cli::facets::House {
    curio_cli::facets::House { bot_games: bot_games() }
}

/// Every domain's fuzz targets.
pub fn fuzz_targets() -> impl Iterator<Item = &'static Target> {
    crate::DOMAINS.iter().flat_map(|domain| domain.fuzz_targets)
}
