//! One-screen maps: a background, platforms, portals with one-way links, and at most one
//! character (the write-up's NPC) with its conversation.
//!
//! ```text
//! # Vasudeva's ferry
//! title The ferry
//! background river
//! platform 0 22 40              # X Y WIDTH, in tiles: a floor along the bottom
//! portal west 1 21 -> forest east  # NAME X Y, and where Up takes the player: MAP PORTAL
//! portal dock 36 21             # a portal without a link cannot be activated
//! npc 20 21 12 Vasudeva         # X Y, the start string of its conversation, its name
//! ```
//!
//! A map is a screen of `COLUMNS` x `ROWS` tiles; X counts from the left, Y from the top. A map's
//! name is its file's name without `.map`. Lines are parsed one by one; errors name the line
//! and column. [`check_maps`] checks a set of maps together: links to maps and portals that
//! exist, and characters whose conversations the script starts.

use crate::script::{Diagnostic, ErrorKind, Script, Word, words};
use curio_core::files::ParseError;

/// Tiles across a map.
pub const COLUMNS: i32 = 40;
/// Tiles down a map.
pub const ROWS: i32 = 24;

/// A horizontal platform, `width` tiles from (`x`, `y`); the player stands on its top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platform {
    /// Leftmost tile.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Tiles across.
    pub width: i32,
}

/// Where a portal leads: a portal of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The map's name.
    pub map: String,
    /// The portal's name in it.
    pub portal: String,
}

/// A portal, one tile wide and two high, standing on tile (`x`, `y`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Portal {
    /// Its name, unique in its map.
    pub name: String,
    /// Tile column.
    pub x: i32,
    /// Tile row of its foot.
    pub y: i32,
    /// Where Up takes the player, if anywhere.
    pub link: Option<Link>,
    /// Its line in the map file.
    pub line: usize,
}

/// The map's character: a still figure standing on tile (`x`, `y`), its name shown on hover,
/// its conversation begun by a click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Character {
    /// Its name.
    pub name: String,
    /// Tile column.
    pub x: i32,
    /// Tile row of its feet.
    pub y: i32,
    /// The string its conversation starts with.
    pub start: usize,
    /// Its line in the map file.
    pub line: usize,
}

/// A map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Its name (the file's, without `.map`).
    pub name: String,
    /// The title shown on screen.
    pub title: String,
    /// The name of its background.
    pub background: String,
    /// Its platforms.
    pub platforms: Vec<Platform>,
    /// Its portals.
    pub portals: Vec<Portal>,
    /// Its character, if any.
    pub character: Option<Character>,
}

/// True for a name of a map, portal or background: letters, digits, '-' and '_'.
fn is_name(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl Map {
    /// Parses the map file `text` of the map called `name`.
    pub fn parse(name: &str, text: &str) -> Result<Map, ParseError> {
        let mut map = Map {
            name: name.to_string(),
            title: String::new(),
            background: String::new(),
            platforms: Vec::new(),
            portals: Vec::new(),
            character: None,
        };
        let mut lines = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            lines = line;
            let words = words(raw);
            let Some(first) = words.first() else { continue };
            let error = |word: &Word<'_>, message: String| ParseError { line, column: word.column, message };
            let tile = |index: usize, what: &str, low: i32, high: i32| -> Result<i32, ParseError> {
                let Some(word) = words.get(index) else {
                    return Err(error(
                        &words[index - 1],
                        format!("'{}' needs {what} after this", first.text),
                    ));
                };
                match word.text.parse::<i32>() {
                    Ok(value) if (low..=high).contains(&value) => Ok(value),
                    _ => Err(error(
                        word,
                        format!("{what} must be a whole number from {low} to {high}, found '{}'", word.text),
                    )),
                }
            };
            let rest = |from: usize| -> String {
                words.get(from).map_or(String::new(), |word| {
                    let code = raw.split('#').next().unwrap_or("");
                    let start: usize =
                        code.char_indices().nth(word.column - 1).map_or(code.len(), |(at, _)| at);
                    code[start..].trim().to_string()
                })
            };
            let extra = |count: usize| match words.get(count) {
                Some(word) => Err(error(
                    word,
                    format!("unexpected '{}' at the end of a '{}' line", word.text, first.text),
                )),
                None => Ok(()),
            };
            match first.text {
                "title" => {
                    if !map.title.is_empty() {
                        return Err(error(first, "a second 'title': a map has one".into()));
                    }
                    map.title = rest(1);
                    if map.title.is_empty() {
                        return Err(error(first, "'title' needs the map's title after it".into()));
                    }
                }
                "background" => {
                    if !map.background.is_empty() {
                        return Err(error(first, "a second 'background': a map has one".into()));
                    }
                    let Some(word) = words.get(1) else {
                        return Err(error(first, "'background' needs a name after it".into()));
                    };
                    if !is_name(word.text) {
                        return Err(error(
                            word,
                            format!("'{}' is not a background name (letters, digits, '-', '_')", word.text),
                        ));
                    }
                    extra(2)?;
                    map.background = word.text.to_string();
                }
                "platform" => {
                    let x = tile(1, "a column X", 0, COLUMNS - 1)?;
                    let y = tile(2, "a row Y", 1, ROWS - 1)?;
                    let width = tile(3, "a width", 1, COLUMNS - x)?;
                    extra(4)?;
                    map.platforms.push(Platform { x, y, width });
                }
                "portal" => {
                    let Some(name) = words.get(1) else {
                        return Err(error(first, "'portal' needs a name after it".into()));
                    };
                    if !is_name(name.text) {
                        return Err(error(
                            name,
                            format!("'{}' is not a portal name (letters, digits, '-', '_')", name.text),
                        ));
                    }
                    if map.portals.iter().any(|portal| portal.name == name.text) {
                        return Err(error(name, format!("a second portal called '{}'", name.text)));
                    }
                    let x = tile(2, "a column X", 0, COLUMNS - 1)?;
                    let y = tile(3, "a row Y", 1, ROWS - 1)?;
                    let link = match words.get(4) {
                        None => None,
                        Some(arrow) if arrow.text == "->" => {
                            let (Some(to_map), Some(to_portal)) = (words.get(5), words.get(6)) else {
                                return Err(error(arrow, "'->' needs a map and a portal after it".into()));
                            };
                            for word in [to_map, to_portal] {
                                if !is_name(word.text) {
                                    return Err(error(
                                        word,
                                        format!("'{}' is not a name (letters, digits, '-', '_')", word.text),
                                    ));
                                }
                            }
                            extra(7)?;
                            Some(Link { map: to_map.text.to_string(), portal: to_portal.text.to_string() })
                        }
                        Some(word) => {
                            return Err(error(
                                word,
                                format!("expected '->' and where the portal leads, found '{}'", word.text),
                            ));
                        }
                    };
                    map.portals.push(Portal { name: name.text.to_string(), x, y, link, line });
                }
                "npc" => {
                    if map.character.is_some() {
                        return Err(error(first, "a second 'npc': a map has at most one character".into()));
                    }
                    let x = tile(1, "a column X", 0, COLUMNS - 1)?;
                    let y = tile(2, "a row Y", 1, ROWS - 1)?;
                    let Some(start) = words.get(3) else {
                        return Err(error(
                            &words[2],
                            "'npc' needs the start string of its conversation after X and Y".into(),
                        ));
                    };
                    let start_string = start
                        .text
                        .parse::<usize>()
                        .map_err(|_| error(start, format!("'{}' is not a string number", start.text)))?;
                    let name = rest(4);
                    if name.is_empty() {
                        return Err(error(
                            start,
                            "'npc' needs the character's name after its start string".into(),
                        ));
                    }
                    map.character = Some(Character { name, x, y, start: start_string, line });
                }
                other => {
                    return Err(error(
                        first,
                        format!(
                            "unknown line '{other}': expected title, background, platform, portal or npc"
                        ),
                    ));
                }
            }
        }
        let missing = |what: &str| ParseError {
            line: lines.max(1),
            column: 1,
            message: format!("the map has no '{what}' line"),
        };
        if map.title.is_empty() {
            return Err(missing("title"));
        }
        if map.background.is_empty() {
            return Err(missing("background"));
        }
        if map.platforms.is_empty() {
            return Err(missing("platform"));
        }
        Ok(map)
    }

    /// The map as its file would say it.
    pub fn to_text(&self) -> String {
        let mut text = format!("title {}\nbackground {}\n", self.title.replace('#', ""), self.background);
        for platform in &self.platforms {
            text.push_str(&format!("platform {} {} {}\n", platform.x, platform.y, platform.width));
        }
        for portal in &self.portals {
            text.push_str(&format!("portal {} {} {}", portal.name, portal.x, portal.y));
            if let Some(link) = &portal.link {
                text.push_str(&format!(" -> {} {}", link.map, link.portal));
            }
            text.push('\n');
        }
        if let Some(character) = &self.character {
            text.push_str(&format!(
                "npc {} {} {} {}\n",
                character.x,
                character.y,
                character.start,
                character.name.replace('#', "")
            ));
        }
        text
    }
}

/// The strings that the characters of `maps` begin their conversations with: the starts a game
/// of these maps can reach.
pub fn conversation_starts(maps: &[Map]) -> Vec<usize> {
    maps.iter().filter_map(|map| map.character.as_ref().map(|character| character.start)).collect()
}

/// An error of a set of maps, with the map it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The map's name.
    pub map: String,
    /// The error, at a line of the map's file.
    pub diagnostic: Diagnostic,
}

/// Checks `maps` together with `script`: every link leads to a portal of a map of the set, and
/// every character's conversation is a `start` of the script (each a `dangling-target`).
pub fn check_maps(maps: &[Map], script: &Script) -> Vec<MapError> {
    let mut errors = Vec::new();
    let mut push = |map: &Map, line: usize, message: String| {
        errors.push(MapError {
            map: map.name.clone(),
            diagnostic: Diagnostic { line, column: 1, kind: ErrorKind::DanglingTarget, message },
        });
    };
    for map in maps {
        for portal in &map.portals {
            let Some(link) = &portal.link else { continue };
            match maps.iter().find(|other| other.name == link.map) {
                None => push(
                    map,
                    portal.line,
                    format!("portal '{}' leads to map '{}', which does not exist", portal.name, link.map),
                ),
                Some(other) if !other.portals.iter().any(|target| target.name == link.portal) => push(
                    map,
                    portal.line,
                    format!(
                        "portal '{}' leads to portal '{}' of map '{}', which has no such portal",
                        portal.name, link.portal, link.map
                    ),
                ),
                Some(_) => {}
            }
        }
        if let Some(character) = &map.character
            && !script.starts.iter().any(|start| start.string == character.start)
        {
            push(
                map,
                character.line,
                format!(
                    "{}'s conversation starts with string {}, which no 'start' line of the script names",
                    character.name, character.start
                ),
            );
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    const FERRY: &str = "\
# Vasudeva's ferry
title The ferry
background river
platform 0 22 40
platform 10 17 6   # the ferry's roof
portal west 1 21 -> forest east
portal dock 36 21
npc 20 21 12 Vasudeva the ferryman
";

    #[test]
    fn a_map_reads_and_prints_back() {
        let map = Map::parse("ferry", FERRY).expect("parses");
        assert_eq!(map.title, "The ferry");
        assert_eq!(
            map.platforms,
            vec![Platform { x: 0, y: 22, width: 40 }, Platform { x: 10, y: 17, width: 6 }]
        );
        assert_eq!(map.portals[0].link, Some(Link { map: "forest".into(), portal: "east".into() }));
        assert_eq!(map.portals[1].link, None);
        let character = map.character.as_ref().expect("a character");
        assert_eq!(
            (character.name.as_str(), character.start, character.line),
            ("Vasudeva the ferryman", 12, 8)
        );
        let again = Map::parse("ferry", &map.to_text()).expect("the printed map parses");
        let lines = |map: &Map| map.portals.iter().map(|portal| portal.name.clone()).collect::<Vec<_>>();
        assert_eq!((again.platforms.clone(), lines(&again)), (map.platforms.clone(), lines(&map)));
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            ("title A\nbackground b\nplatform 0 22 41\n", 3, 15),
            ("title A\nbackground b\nplatform 0 22\n", 3, 12),
            ("title A\nbackground b\nplatform 0 22 4\nportal a 1 2 => x y\n", 4, 14),
            ("title A\nbackground b\nplatform 0 22 4\nportal a 1 2\nportal a 3 2\n", 5, 8),
            ("title A\nbackground b\nplatform 0 22 4\nnpc 1 2 x Name\n", 4, 9),
            ("title A\nbackground b\nplatform 0 22 4\nnpc 1 2 3 A\nnpc 1 2 3 B\n", 5, 1),
            ("title A\nbackground b\nwall 1 2\n", 3, 1),
            ("title A\nplatform 0 22 4\n", 2, 1),
            ("", 1, 1),
        ];
        for (text, line, column) in cases {
            let error = Map::parse("m", text).expect_err(text);
            assert_eq!((error.line, error.column), (line, column), "{text:?}: {}", error.message);
        }
    }

    #[test]
    fn links_and_conversations_are_checked_across_maps() {
        let script =
            Script::parse("start 12\n12 same 0\n%%\nEND_DIALOG\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nHello\n")
                .expect("parses");
        let ferry = Map::parse("ferry", FERRY).expect("parses");
        let forest = Map::parse(
            "forest",
            "title F\nbackground woods\nplatform 0 22 40\nportal east 38 21 -> ferry west\n",
        )
        .expect("parses");
        assert!(check_maps(&[ferry.clone(), forest.clone()], &script).is_empty());
        let errors = check_maps(std::slice::from_ref(&ferry), &script);
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].map.as_str(), errors[0].diagnostic.line), ("ferry", 6));
        let lost = Map::parse(
            "forest",
            "title F\nbackground woods\nplatform 0 22 40\nportal east 38 21 -> ferry nowhere\n",
        )
        .expect("parses");
        let errors = check_maps(&[ferry.clone(), lost], &script);
        assert_eq!((errors[0].map.as_str(), errors[0].diagnostic.line), ("forest", 4));
        let mute = Script::parse("start 1\n1 same 0\n%%\nEND_DIALOG\nHi\n").expect("parses");
        let errors = check_maps(&[ferry, forest], &mute);
        assert_eq!((errors[0].map.as_str(), errors[0].diagnostic.line), ("ferry", 8));
    }
}
