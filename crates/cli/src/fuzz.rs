//! Fuzz targets: every parser and file format Curio reads, each a function from arbitrary bytes
//! to "a value or one clear error" (a panic is a bug; so is a hang or an allocation out of
//! proportion to the input). Each domain declares its own (in its `DOMAIN`; the functions are
//! in its module here) and the binary adds the house's (settings, partial results): `curio::fuzz`
//! lists them all. Run two ways: `tests/fuzz.rs` feeds each target random and mutated inputs in
//! CI, and `fuzz/` builds them for AFL++ (`scripts/fuzz.sh MINUTES`), coverage-guided. Each
//! target's seeds are real files of its format, in its domain's crate
//! (`crates/<domain>/fuzz/seeds/<name>/`; the house's in `fuzz/seeds/<name>/`).

/// One fuzz target.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Its name: the folder of its seeds and crashes, and the argument of `scripts/fuzz.sh`.
    pub name: &'static str,
    /// What it reads.
    pub reads: &'static str,
    /// Runs the parser (and what the app or CLI does next with its value) on `input`.
    pub run: fn(&[u8]),
}

/// The input as text, as the readers get it from `read_to_string` (invalid UTF-8 replaced, so
/// the parsers see the odd characters rather than an early refusal).
pub fn text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}
