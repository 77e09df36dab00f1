//! Ants benchmarks: re-simulating an official game's moves (checked against its length and
//! cutoff, so a broken engine cannot report a fast time), and a whole game between two of
//! Curio's bots on a generated map.

use ants::food::{FoodSource, Symmetric};
use ants::map::{MapSpec, generate};
use ants::play::{Player, Recorded, play};
use ants::replay::Replay;
use ants::rules::Settings;
use criterion::{Criterion, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/ants/official/timeout-bot.replay");
    let replay = Replay::parse(&std::fs::read_to_string(path).expect("the fixture")).expect("a replay");
    let resimulate = || {
        let players = (0..replay.map.players).map(|p| Player::Recorded(Recorded::new(&replay, p))).collect();
        play(&replay.map, replay.settings.clone(), FoodSource::Recorded(replay.recorded()), players, |_| true)
    };
    let outcome = resimulate();
    assert_eq!((outcome.game.turn, outcome.game.cutoff.as_deref()), (300, Some("turn limit reached")));
    let mut group = c.benchmark_group("ants");
    group.sample_size(10);
    group.bench_function("re-simulate an official 4-player game (300 turns)", |b| {
        b.iter(|| resimulate().game.turn)
    });
    let spec = MapSpec { players: 2, hills: 2, rows: 40, strip_cols: 40, water_percent: 20 };
    let map = generate(&spec, 1).expect("a map");
    group.bench_function("curio against greedy, 40x80, 300 turns", |b| {
        b.iter(|| {
            let mut settings = Settings::official(1, 1);
            settings.turns = 300;
            let food =
                FoodSource::Symmetric(Box::new(Symmetric::new(&map, &settings, 1).expect("symmetric")));
            let players = ["curio", "greedy"]
                .iter()
                .map(|name| Player::Builtin(ants::bots::builtin(name).expect("a bot")))
                .collect();
            play(&map, settings, food, players, |_| true).game.turn
        })
    });
    group.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
