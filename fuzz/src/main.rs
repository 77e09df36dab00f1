//! The AFL++ harness: runs the fuzz target named by `CURIO_FUZZ_TARGET` (see `curio::fuzz`) on
//! each input AFL gives it; `--folder NAME` prints the folder of a target's seeds and
//! regressions instead. Built and run by `scripts/fuzz.sh`.

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name] = &arguments[..]
        && flag == "--folder"
    {
        match curio::fuzz::target(name) {
            Some(target) => println!("{}", curio::fuzz::folder(target).display()),
            None => {
                eprintln!("no fuzz target '{name}'");
                std::process::exit(2);
            }
        }
        return;
    }
    let name = std::env::var("CURIO_FUZZ_TARGET").unwrap_or_default();
    let Some(target) = curio::fuzz::target(&name) else {
        let names: Vec<&str> = curio::fuzz::targets().iter().map(|target| target.name).collect();
        eprintln!("set CURIO_FUZZ_TARGET to one of: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|input: &[u8]| {
        (target.run)(input);
    });
}
