//! Tournaments: games between named bots on a list of maps, rated with TrueSkill (as the
//! contest rated its entries). Game `i` is played on map `i` modulo the maps, with the engine
//! seed `seed + i`, and its seats filled by a shuffle of the bots drawn from the same seed, so
//! that a game does not depend on which shard plays it; the ratings are computed afterwards
//! from every game in game order.

use crate::map::Map;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};

/// One finished game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game's number.
    pub game: u64,
    /// The map's name.
    pub map: String,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// Each seat's final score.
    pub scores: Vec<i32>,
    /// The turns played.
    pub turns: u32,
    /// Why it ended.
    pub cutoff: String,
}

/// The bots of game `game`: `players` of them, a shuffle of `bots` seeded by the game (a bot
/// plays twice in a game only when there are fewer bots than seats).
pub fn seats(bots: &[String], players: usize, seed: u64, game: u64) -> Vec<String> {
    let mut rng =
        rand_pcg::Pcg64Mcg::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(game));
    let mut order: Vec<usize> = (0..bots.len()).collect();
    order.shuffle(&mut rng);
    (0..players).map(|seat| bots[order[seat % order.len()]].clone()).collect()
}

/// The map of game `game`.
pub fn map_of(maps: &[(String, Map)], game: u64) -> &(String, Map) {
    &maps[(game % maps.len() as u64) as usize]
}

/// A bot's standing after a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The bot.
    pub bot: String,
    /// TrueSkill's mean.
    pub mu: f64,
    /// TrueSkill's deviation.
    pub sigma: f64,
    /// The contest's ranking value, `mu - 3 sigma`.
    pub skill: f64,
    /// Games played.
    pub games: u64,
    /// Games it scored highest in, alone.
    pub wins: u64,
    /// Its mean score a game.
    pub mean_score: f64,
}

/// TrueSkill ratings from the games, in game order (a seat of each bot a team; equal scores
/// share a rank), best `skill` first. A bot in two seats of one game counts in its first.
pub fn ratings(results: &[GameResult]) -> Vec<Standing> {
    let mut names: Vec<String> = results.iter().flat_map(|game| game.bots.iter().cloned()).collect();
    names.sort();
    names.dedup();
    let index = |name: &str| names.binary_search_by(|n| n.as_str().cmp(name)).expect("a named bot");
    let mut rating = vec![TrueSkillRating::new(); names.len()];
    let (mut games, mut wins, mut total) =
        (vec![0u64; names.len()], vec![0u64; names.len()], vec![0i64; names.len()]);
    let config = TrueSkillConfig::new();
    let mut ordered: Vec<&GameResult> = results.iter().collect();
    ordered.sort_by_key(|game| game.game);
    for game in ordered {
        let mut seats: Vec<(usize, i32)> = Vec::new();
        for (name, &score) in game.bots.iter().zip(&game.scores) {
            let bot = index(name);
            if !seats.iter().any(|&(b, _)| b == bot) {
                seats.push((bot, score));
            }
        }
        for &(bot, score) in &seats {
            games[bot] += 1;
            total[bot] += i64::from(score);
        }
        let best = seats.iter().map(|s| s.1).max().unwrap_or(0);
        if seats.iter().filter(|s| s.1 == best).count() == 1
            && let Some(&(bot, _)) = seats.iter().find(|s| s.1 == best)
        {
            wins[bot] += 1;
        }
        if seats.len() < 2 {
            continue;
        }
        let teams: Vec<[TrueSkillRating; 1]> = seats.iter().map(|&(bot, _)| [rating[bot]]).collect();
        let ranked: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = seats
            .iter()
            .zip(&teams)
            .map(|(&(_, score), team)| {
                (&team[..], MultiTeamOutcome::new(1 + seats.iter().filter(|s| s.1 > score).count()))
            })
            .collect();
        if let Ok(updated) = trueskill_multi_team(&ranked, &config, None) {
            for (&(bot, _), team) in seats.iter().zip(updated) {
                rating[bot] = team[0];
            }
        }
    }
    let mut standings: Vec<Standing> = names
        .iter()
        .enumerate()
        .map(|(i, name)| Standing {
            bot: name.clone(),
            mu: rating[i].rating,
            sigma: rating[i].uncertainty,
            skill: rating[i].rating - 3.0 * rating[i].uncertainty,
            games: games[i],
            wins: wins[i],
            mean_score: total[i] as f64 / games[i].max(1) as f64,
        })
        .collect();
    standings.sort_by(|a, b| b.skill.total_cmp(&a.skill).then(a.bot.cmp(&b.bot)));
    standings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(number: u64, bots: &[&str], scores: &[i32]) -> GameResult {
        GameResult {
            game: number,
            map: "m".into(),
            bots: bots.iter().map(|b| b.to_string()).collect(),
            scores: scores.to_vec(),
            turns: 10,
            cutoff: "x".into(),
        }
    }

    #[test]
    fn the_bot_that_always_wins_is_rated_first_and_order_is_game_order() {
        let results: Vec<GameResult> = (0..30)
            .map(|i| if i % 2 == 0 { game(i, &["a", "b"], &[3, 0]) } else { game(i, &["b", "a"], &[0, 3]) })
            .collect();
        let standings = ratings(&results);
        assert_eq!(standings[0].bot, "a");
        assert_eq!((standings[0].games, standings[0].wins), (30, 30));
        assert!(standings[0].mu > 30.0 && standings[1].mu < 20.0, "{standings:?}");
        let mut shuffled = results.clone();
        shuffled.reverse();
        assert_eq!(ratings(&shuffled), standings);
    }

    #[test]
    fn seats_depend_only_on_the_seed_and_game() {
        let bots: Vec<String> = ["a", "b", "c"].iter().map(|b| b.to_string()).collect();
        assert_eq!(seats(&bots, 2, 1, 5), seats(&bots, 2, 1, 5));
        let seen: std::collections::BTreeSet<Vec<String>> =
            (0..40).map(|game| seats(&bots, 2, 1, game)).collect();
        assert!(seen.len() >= 5, "{seen:?}");
        assert_eq!(seats(&bots, 4, 1, 0).len(), 4);
    }
}
