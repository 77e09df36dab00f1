//! The Minesweeper panel's analysis: the exact probabilities the heatmap shows, computed inline
//! on small boards and in the background on big ones, for the newest board only.

use super::{BACKGROUND_ANALYSIS_CELLS, MinesPanel};
use crate::background;
use ::mines::{Cell, GameStatus, solver};
use eframe::egui;

impl MinesPanel {
    /// Takes a finished background analysis, and starts one when the board changed.
    pub(super) fn refresh_analysis(&mut self, ctx: &egui::Context) {
        if let Some(Ok(analysis)) = self.analysis_job.poll(&self.game_version) {
            self.analysis = Some(analysis);
            self.board_version += 1;
        }
        if !self.analysis_stale {
            return;
        }
        self.analysis_stale = false;
        self.board_version += 1;
        // A newer board makes a running analysis useless: dropping the job cancels it.
        self.analysis_job.cancel();
        let has_numbers = self.game.cells().iter().any(|c| matches!(c, Cell::Revealed(_)));
        if self.game.status() != GameStatus::Playing || !has_numbers {
            self.analysis = None;
            return;
        }
        // Big boards are analysed on a background thread; the old heatmap stays until it is done.
        let inline = self.game.cells().len() <= BACKGROUND_ANALYSIS_CELLS;
        let game = self.game.clone();
        let work = move |_: &mut dyn curio_core::progress::Progress| {
            solver::analyze(&game.view(), solver::DEFAULT_NODE_BUDGET).map_err(|e| e.to_string())
        };
        match self.analysis_job.start(
            self.game_version,
            inline,
            "curio-mines-analysis",
            Some(background::repaint(ctx)),
            work,
        ) {
            Ok(Some(analysis)) => self.analysis = Some(analysis),
            Ok(None) => {}
            Err(error) => self.analysis = Some(Err(format!("cannot start analysis: {error}"))),
        }
    }

    /// With a write-up solver chosen, takes a finished Tank view and starts one when the board
    /// changed (in the background on big boards, like the analysis).
    pub(super) fn refresh_tank_view(&mut self, ctx: &egui::Context) {
        if let Some(Ok(summary)) = self.tank_job.poll(&self.game_version) {
            self.tank = Some((self.game_version, summary));
        }
        let wanted = self.state.write_up.is_some() && self.game.status() == GameStatus::Playing;
        let current = self.tank.as_ref().is_some_and(|(version, _)| *version == self.game_version);
        if !wanted || current || self.tank_job.running_key() == Some(&self.game_version) {
            return;
        }
        let inline = self.game.cells().len() <= BACKGROUND_ANALYSIS_CELLS;
        let game = self.game.clone();
        let work = move |_: &mut dyn curio_core::progress::Progress| {
            let view = game.view();
            let has_numbers = view.cells.iter().any(|c| matches!(c, Cell::Revealed(_)));
            has_numbers.then(|| ::mines::write_up::tank_view(&view).map(|tank| tank.summary(view.width))).flatten()
        };
        match self.tank_job.start(self.game_version, inline, "curio-mines-tank", Some(background::repaint(ctx)), work) {
            Ok(Some(summary)) => self.tank = Some((self.game_version, summary)),
            Ok(None) => {}
            Err(error) => self.tank = Some((self.game_version, Some(format!("cannot start: {error}")))),
        }
    }
}
