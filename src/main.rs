//! The `curio` binary: parses the command line and runs it; no subcommand opens the app.

/// mimalloc: the solver allocates many small vectors per analysis; measured faster than glibc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    if let Err(error) = curio::run_from(std::env::args_os()) {
        eprintln!("error: {}", error.message());
        std::process::exit(error.exit_code());
    }
}
