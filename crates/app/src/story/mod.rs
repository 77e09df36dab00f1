//! Siddhartha: the story's command group and its file formats. The panel (the game drawn and
//! played, the map graph, the conversations as graphs, the script editor) is still to come;
//! until then the story is checked, talked through and walked from the command line.

use crate::domain::Domain;
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;

/// What the story domain adds: `curio story` and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "story",
    about: "Siddhartha: the write-up's platformer, its dialogue language, a checker and a walker.",
    commands: CommandGroup::of::<curio_cli::story::StoryArgs>(),
    panels: &[],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "story-script", reads: "dialogue scripts (story check, fmt, talk)", run: curio_cli::story::fuzz_story_script },
        Target { name: "story-map", reads: "story maps (story check --maps, walk)", run: curio_cli::story::fuzz_story_map },
    ],
    opens: &[],
};
