//! `curio generate`: the files a package installs beside the binary, made from the command line
//! itself, so they never drift from it: a manual page for `curio` and every command under it
//! (clap_mangen), and shell completions (clap_complete).

use crate::cli::{CliError, usage};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Arguments of `curio generate`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  curio generate man --out target/man     # curio.1, curio-mines.1, curio-mines-bench.1, ...\n  curio generate completion bash > curio.bash\n  source <(curio generate completion bash)"
)]
pub struct GenerateArgs {
    #[command(subcommand)]
    what: Generated,
}

#[derive(Debug, Subcommand)]
enum Generated {
    /// Write a manual page (section 1) for `curio` and each of its commands into a folder.
    Man {
        /// The folder to write into (made if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Print the completion script of a shell on stdout.
    Completion {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Runs `curio generate`.
pub fn run(args: GenerateArgs) -> Result<(), CliError> {
    match args.what {
        Generated::Man { out } => {
            std::fs::create_dir_all(&out).map_err(|error| {
                usage(anyhow::anyhow!("cannot make the folder '{}': {error}", out.display()))
            })?;
            let mut command = crate::command().disable_help_subcommand(true);
            command.build();
            let pages = manual_pages(command, &out).map_err(|error| {
                CliError::Failure(anyhow::anyhow!(
                    "cannot write the manual pages into '{}': {error}",
                    out.display()
                ))
            })?;
            eprintln!("wrote {pages} manual pages into {}", out.display());
            Ok(())
        }
        Generated::Completion { shell } => {
            let mut command = crate::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "curio", &mut script);
            crate::cli::print_line(format_args!("{}", String::from_utf8_lossy(&script).trim_end()));
            Ok(())
        }
    }
}

/// Writes the page of `command` and of every command under it (hidden ones and `help` left
/// out) into `out`; returns how many.
fn manual_pages(command: clap::Command, out: &std::path::Path) -> std::io::Result<usize> {
    let mut pages = 0;
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help") {
        pages += manual_pages(sub.clone(), out)?;
    }
    clap_mangen::Man::new(command).generate_to(out)?;
    Ok(pages + 1)
}
