//! Ants, the 2011 Google AI Challenge: the official engine's rules ([`game`]), map files
//! ([`map`]), food ([`food`]), settings ([`rules`]), what each bot sees ([`view`]), the bot
//! protocol ([`protocol`]), whole games ([`play`]) and the replay format ([`replay`]).
pub mod bots;
pub mod food;
pub mod game;
pub mod map;
pub mod play;
pub mod protocol;
pub mod replay;
pub mod rules;
pub mod timeline;
pub mod tournament;
pub mod view;
