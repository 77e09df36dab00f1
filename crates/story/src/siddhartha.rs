//! The shipped story: Siddhartha in 28 maps and 26 conversations, written for Curio after the
//! public-domain English translation of Hermann Hesse's novel (see docs/story.md).

use crate::world::{Story, StoryError};

/// The conversations (`speech.dat`).
pub const SCRIPT: &str = include_str!("../siddhartha/speech.dat");

/// The maps, by name, in the order of the story (the first is where a game begins).
pub const MAPS: &[(&str, &str)] = &[
    ("01-brahmins-house", include_str!("../siddhartha/maps/01-brahmins-house.map")),
    ("02-courtyard", include_str!("../siddhartha/maps/02-courtyard.map")),
    ("03-village-gate", include_str!("../siddhartha/maps/03-village-gate.map")),
    ("04-bathing-place", include_str!("../siddhartha/maps/04-bathing-place.map")),
    ("05-forest-edge", include_str!("../siddhartha/maps/05-forest-edge.map")),
    ("06-samana-camp", include_str!("../siddhartha/maps/06-samana-camp.map")),
    ("07-deep-forest", include_str!("../siddhartha/maps/07-deep-forest.map")),
    ("08-forest-road", include_str!("../siddhartha/maps/08-forest-road.map")),
    ("09-savathi-road", include_str!("../siddhartha/maps/09-savathi-road.map")),
    ("10-jetavana-gate", include_str!("../siddhartha/maps/10-jetavana-gate.map")),
    ("11-jetavana-grove", include_str!("../siddhartha/maps/11-jetavana-grove.map")),
    ("12-grove-path", include_str!("../siddhartha/maps/12-grove-path.map")),
    ("13-awakening", include_str!("../siddhartha/maps/13-awakening.map")),
    ("14-first-ferry", include_str!("../siddhartha/maps/14-first-ferry.map")),
    ("15-far-bank", include_str!("../siddhartha/maps/15-far-bank.map")),
    ("16-town-gate", include_str!("../siddhartha/maps/16-town-gate.map")),
    ("17-kamalas-garden", include_str!("../siddhartha/maps/17-kamalas-garden.map")),
    ("18-market", include_str!("../siddhartha/maps/18-market.map")),
    ("19-kamaswamis-house", include_str!("../siddhartha/maps/19-kamaswamis-house.map")),
    ("20-rice-village", include_str!("../siddhartha/maps/20-rice-village.map")),
    ("21-dice-house", include_str!("../siddhartha/maps/21-dice-house.map")),
    ("22-kamalas-pavilion", include_str!("../siddhartha/maps/22-kamalas-pavilion.map")),
    ("23-river-forest", include_str!("../siddhartha/maps/23-river-forest.map")),
    ("24-ferry-hut", include_str!("../siddhartha/maps/24-ferry-hut.map")),
    ("25-riverbank", include_str!("../siddhartha/maps/25-riverbank.map")),
    ("26-pilgrims-path", include_str!("../siddhartha/maps/26-pilgrims-path.map")),
    ("27-bamboo-grove", include_str!("../siddhartha/maps/27-bamboo-grove.map")),
    ("28-last-crossing", include_str!("../siddhartha/maps/28-last-crossing.map")),
];

/// The shipped story, parsed.
pub fn story() -> Result<Story, StoryError> {
    let maps: Vec<(String, String)> =
        MAPS.iter().map(|(name, text)| (name.to_string(), text.to_string())).collect();
    Story::from_texts(SCRIPT, &maps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{check_maps, conversation_starts};
    use crate::script::check_from;

    #[test]
    fn the_shipped_story_checks_clean_and_the_walker_sees_all_of_it() {
        let story = story().expect("the shipped story parses");
        assert_eq!(story.maps.len(), 28);
        let report = check_from(&story.script, &conversation_starts(&story.maps));
        assert_eq!(report.errors, Vec::new());
        assert_eq!(report.reachable, report.strings);
        assert!(check_maps(&story.maps, &story.script).is_empty());
        let walk = crate::walker::walk(&story, &mut |_| true);
        assert_eq!(walk.stuck, Vec::<String>::new());
        assert_eq!((walk.maps_visited, walk.strings_shown), (28, report.strings));
    }
}
