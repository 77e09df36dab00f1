//! `curio conquest ...`: the rules' tables (the built-in, the other published one, or a file)
//! and the branching factor measured on positions from real games.

use super::{CliError, print_json, usage};
use crate::facets::{GroupArgs, House};
use ::conquest::{Battle, Rules, spread, turns};
use clap::{Args, Subcommand};
use curio_core::progress::NoProgress;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `curio conquest`.
#[derive(Debug, Args)]
pub struct ConquestArgs {
    #[command(subcommand)]
    command: ConquestCommand,
}

#[derive(Debug, Subcommand)]
enum ConquestCommand {
    /// Print the rules: the board, the budget, the troops and the commands, and the squad
    /// played when none is given.
    #[command(
        after_help = "The built-in rules use RuneHQ's troop table; --table runeslayer prints the other published one. Save either with --json and edit it: every command that plays Conquest takes --rules FILE.\n\nExamples:\n  curio conquest rules\n  curio conquest rules --table runeslayer --json > rules.json\n  curio conquest rules --rules rules.json"
    )]
    Rules(RulesArgs),
    /// Measure the branching factor: every distinct turn at the start of each turn of games
    /// between the greedy player and a random one, with and without commands.
    #[command(
        after_help = "Examples:\n  curio conquest branching --games 10 --seed 1\n  curio conquest branching --games 4 --rules rules.json --json"
    )]
    Branching(BranchingArgs),
}

/// The published tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Table {
    /// RuneHQ's (the built-in).
    Runehq,
    /// RuneSlayer's.
    Runeslayer,
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// A published table.
    #[arg(long, value_enum, default_value = "runehq", conflicts_with = "rules")]
    table: Table,
    /// A rules file instead.
    #[arg(long, value_name = "FILE.json")]
    rules: Option<PathBuf>,
    /// Print the rules as JSON (the file format).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BranchingArgs {
    /// Games, 1 to 1,000 (the greedy player alternates sides).
    #[arg(long, default_value_t = 4)]
    games: u32,
    /// Seed of the random player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Turns a game at most, 1 to 1,000.
    #[arg(long, default_value_t = 60)]
    max_turns: u32,
    /// A rules file (default: the built-in).
    #[arg(long, value_name = "FILE.json")]
    rules: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for ConquestArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            ConquestCommand::Rules(args) => rules(args),
            ConquestCommand::Branching(args) => branching(args),
        }
    }
}

/// The rules in the file at `path`, checked; a problem is one line naming the file.
pub fn read_rules(path: &Path) -> Result<Rules, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    Rules::parse(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

fn rules(args: RulesArgs) -> Result<(), CliError> {
    let rules = match (&args.rules, args.table) {
        (Some(path), _) => read_rules(path)?,
        (None, Table::Runehq) => Rules::builtin(),
        (None, Table::Runeslayer) => {
            Rules::parse(::conquest::RUNESLAYER).expect("the built-in tables are valid")
        }
    };
    if args.json {
        let text = serde_json::to_string_pretty(&rules).map_err(|error| CliError::Failure(error.into()))?;
        say!("{text}");
        return Ok(());
    }
    say!(
        "{}: {}x{} board, {} home rows, {} squad resources, at most {} troops and {} commands, a draw after {} turns",
        rules.name,
        rules.board,
        rules.board,
        rules.home_rows,
        rules.budget,
        rules.max_troops,
        rules.max_commands,
        rules.turn_limit
    );
    say!("{:<14} {:>5} {:>9} {:>6} {:>7} {:>7}", "troop", "cost", "movement", "range", "damage", "health");
    for kind in &rules.troops {
        say!(
            "{:<14} {:>5} {:>9} {:>6} {:>7} {:>7}",
            kind.name,
            kind.cost,
            kind.movement,
            kind.range,
            kind.damage,
            kind.health
        );
    }
    say!("{:<14} {:>5} {:>9}  effect", "command", "cost", "cooldown");
    for command in &rules.commands {
        say!("{:<14} {:>5} {:>9}  {:?}", command.name, command.cost, command.cooldown, command.effect);
    }
    let cost = rules.check_squad(&rules.squad).expect("checked with the rules");
    let troops: Vec<String> =
        rules.squad.troops.iter().map(|(name, x, y)| format!("{name} ({x},{y})")).collect();
    say!("squad ({cost} resources): {}; commands: {}", troops.join(", "), rules.squad.commands.join(", "));
    Ok(())
}

fn branching(args: BranchingArgs) -> Result<(), CliError> {
    if !(1..=1000).contains(&args.games) || !(1..=1000).contains(&args.max_turns) {
        return Err(usage(anyhow::anyhow!("--games and --max-turns must be 1 to 1,000")));
    }
    let rules = Arc::new(match &args.rules {
        Some(path) => read_rules(path)?,
        None => Rules::builtin(),
    });
    let (games, seed, max_turns) = (args.games, args.seed, args.max_turns);
    let started = std::time::Instant::now();
    let counts = super::run_job_with_bar("curio-conquest-branching", move |reporter| {
        curio_core::parallel::map_reporting(
            games as usize,
            reporter,
            "games",
            (0, u64::from(games)),
            |game, stop| {
                let mut battle = Battle::standard(Arc::clone(&rules));
                let mut rng = ::arena::rng(curio_core::stats::game_seed(seed, game as u64));
                let mut greedy = ::conquest::Greedy::default();
                let greedy_side = (game % 2) as u8;
                let (mut with, mut without) = (Vec::new(), Vec::new());
                while battle.ending.is_none() && battle.turn < max_turns && !stop() {
                    with.push(turns(&battle, true).len());
                    without.push(turns(&battle, false).len());
                    let side = battle.to_move;
                    while battle.to_move == side && battle.ending.is_none() {
                        let step = if side == greedy_side {
                            ::arena::Player::choose(&mut greedy, &battle, &mut rng, &mut NoProgress)
                                .expect("not cancelled")
                        } else {
                            ::arena::Game::random_move(&battle, &mut rng).expect("a game not over")
                        };
                        battle.play(step);
                    }
                }
                (with, without)
            },
        )
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    let with: Vec<usize> = counts.iter().flat_map(|(with, _)| with.iter().copied()).collect();
    let without: Vec<usize> = counts.iter().flat_map(|(_, without)| without.iter().copied()).collect();
    let (with, without) = (spread(&with), spread(&without));
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return print_json(&json!({
            "games": games, "seed": seed, "with_commands": with, "without_commands": without,
            "estimate": 50_000, "seconds": seconds,
        }));
    }
    say!(
        "{} positions from {games} games (greedy against random, seed {seed}), {seconds:.1} s",
        with.positions
    );
    for (name, spread) in [("with commands", with), ("without commands", without)] {
        say!(
            "distinct turns {name}: mean {:.0}, median {}, 95th percentile {}, most {}",
            spread.mean,
            spread.median,
            spread.p95,
            spread.max
        );
    }
    say!(
        "the write-up's estimate: 5 troops x 9 x 9 = 405 moves, x 5 x 5 x 5 for three stacked commands: about 50,000"
    );
    Ok(())
}

/// The fuzz target of rules files: parse and check, and when they are valid, a few turns of the
/// rules' squads.
pub fn fuzz_rules(input: &[u8]) {
    let text = crate::fuzz::text(input);
    if let Ok(rules) = Rules::parse(&text)
        && rules.board <= 12
    {
        let battle = Battle::standard(Arc::new(rules));
        let _ = turns(&battle, false).len();
    }
}
