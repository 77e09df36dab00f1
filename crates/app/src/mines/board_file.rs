//! Board text files in the Minesweeper panel: export of the game (mines marked), and import, where
//! a board without its mines is played on a layout drawn at random among those that fit.

use super::MinesPanel;
use curio_core::jobs::Job;
use ::mines::text::BoardText;
use ::mines::{BoardConfig, FirstClickRule, Game, solver, text};
use rand::SeedableRng;

/// An imported board on its way in: its path, the board and its size, the mine layout it is
/// played on and where that came from.
pub(super) struct Imported {
    path: String,
    board: BoardText,
    config: BoardConfig,
    layout: Vec<bool>,
    source: MinesSource,
}

/// Where the mines of an imported board come from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum MinesSource {
    /// Marked in the file.
    File,
    /// Drawn at random among the layouts that fit: uniformly, or (a board too big to count)
    /// around a layout found by a random search (`solver::DrawnLayout::uniform`).
    Drawn {
        /// Every layout that fits was equally likely.
        uniform: bool,
    },
}

impl MinesPanel {
    /// Plays the board file at `path`, whose text is `content` (what Import does with the path
    /// typed, the file already read).
    pub fn open_board(&mut self, path: &std::path::Path, content: &str) {
        self.state.board_path = path.display().to_string();
        self.import_text(Ok(content));
    }

    pub(super) fn import(&mut self) {
        let path = self.state.board_path.trim().to_string();
        let content = std::fs::read_to_string(&path).map_err(|error| format!("cannot read '{path}': {error}"));
        self.import_text(content.as_deref().map_err(Clone::clone));
    }

    /// Imports the board file at the board path from its text (or the error reading it).
    fn import_text(&mut self, content: Result<&str, String>) {
        if self.import_job.is_some() {
            return;
        }
        let path = self.state.board_path.trim().to_string();
        let loaded = content
            .and_then(|content| text::parse(content).map_err(|error| format!("{path}: {error}")))
            .and_then(|board| {
                let config = BoardConfig::new(board.width, board.height, board.mines, FirstClickRule::None)
                    .map_err(|error| format!("{path}: {error}"))?;
                Ok((board, config))
            });
        let (mut board, config) = match loaded {
            Ok(loaded) => loaded,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        if let Some(layout) = board.layout.take() {
            self.finish_import(Imported { path, board, config, layout, source: MinesSource::File });
            return;
        }
        // Without its mines marked, the board is played on a layout drawn at random (seeded)
        // from those that fit its numbers, on a background thread (about one analysis: 0.08 s
        // on a 1000x1000 board with 180,000 mines).
        let seed = self.state.seed;
        let job = Job::spawn("curio-mines-import", move |_| {
            let view = board.view();
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            match solver::sample_layout(&view, solver::DEFAULT_NODE_BUDGET, &mut rng) {
                Ok(drawn) => Ok(Imported {
                    path,
                    board,
                    config,
                    layout: drawn.mines,
                    source: MinesSource::Drawn { uniform: drawn.uniform },
                }),
                Err(error) => Err(format!("{path}: cannot draw a mine layout that fits: {error}")),
            }
        });
        match job {
            Ok(job) => {
                self.import_job = Some((self.game_version, job));
                self.message = None;
            }
            Err(error) => self.message = Some(Err(format!("cannot start the import: {error}"))),
        }
    }

    pub(super) fn poll_import(&mut self) {
        let Some((version, job)) = &mut self.import_job else { return };
        let Some(result) = job.poll() else { return };
        let version = *version;
        self.import_job = None;
        match result.unwrap_or_else(|panicked| Err(panicked.to_string())) {
            // A game played or started meanwhile stays: the import is dropped, and says so.
            Ok(imported) if version != self.game_version => {
                self.message =
                    Some(Err(format!("{}: not loaded, the game changed while it was drawn", imported.path)));
            }
            Ok(imported) => self.finish_import(imported),
            Err(error) => self.message = Some(Err(error)),
        }
    }

    /// Plays on an imported board.
    fn finish_import(&mut self, imported: Imported) {
        let Imported { path, board, config, layout, source } = imported;
        let mut game = Game::with_mines(config, layout);
        game.set_visible(board.cells);
        self.game = game;
        self.forget_analysis();
        self.board_changed();
        self.last_move = None;
        self.auto_play = false;
        let seed = self.state.seed;
        self.message = Some(Ok(match source {
            MinesSource::File => format!("loaded {path}"),
            MinesSource::Drawn { uniform: true } => {
                format!(
                    "loaded {path}; its mines were drawn at random (seed {seed}) among the layouts that fit"
                )
            }
            MinesSource::Drawn { uniform: false } => format!(
                "loaded {path}; its mines were drawn at random (seed {seed}) among the layouts that fit, \
                 not proved equally likely: the board is too big to count them"
            ),
        }));
    }

    pub(super) fn export(&mut self) {
        let path = self.state.board_path.trim().to_string();
        let config = self.game.config();
        // With the mines marked, so that importing the file plays on the same game.
        let content = text::format(config.width, config.mines, self.game.cells(), self.game.mine_layout());
        self.message = Some(
            curio_core::files::write_atomically(std::path::Path::new(&path), content.as_bytes())
                .map(|_| format!("saved {path}"))
                .map_err(|error| format!("cannot write '{path}': {error}")),
        );
    }
}
