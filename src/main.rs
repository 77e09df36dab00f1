//! The `curio` binary: parses the command line; no subcommand opens the GUI.

use clap::Parser;

fn main() {
    let cli = curio::cli::Cli::parse();
    if let Err(error) = curio::cli::run(cli) {
        eprintln!("error: {}", error.message());
        std::process::exit(error.exit_code());
    }
}
