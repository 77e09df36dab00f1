//! What Conquest adds: `curio conquest` (its rules and branching factor) and the fuzz target of
//! its rules files. Conquest is played in the Arena panel (a live game between any two of its
//! players, round robins).

use crate::domain::Domain;
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;

/// Conquest's declaration.
pub const DOMAIN: Domain = Domain {
    name: "conquest",
    about: "Conquest: rules as data, every distinct turn, the branching factor; played in the arena.",
    commands: CommandGroup::of::<curio_cli::conquest::ConquestArgs>(),
    panels: &[],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[Target {
        name: "conquest-rules",
        reads: "Conquest rules files (conquest rules, arena --rules)",
        run: curio_cli::conquest::fuzz_rules,
    }],
    opens: &[],
};
