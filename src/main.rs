//! The `curio` binary: parses the command line; no subcommand opens the GUI.

use clap::Parser;

/// mimalloc: the solver allocates many small vectors per analysis; measured faster than glibc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = curio::cli::Cli::parse();
    if let Err(error) = curio::cli::run(cli) {
        eprintln!("error: {}", error.message());
        std::process::exit(error.exit_code());
    }
}
