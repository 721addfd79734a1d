//! `play --odds --chart`: each player's chance to win through one game, turn by turn.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{draw_legend, palette, titled, Chart, DrawResult, Key, Legend, Look, Shape};

/// Each player's chance to win before the first turn and after every turn of one game.
pub struct OddsChart<'a> {
    /// The caption: the board's name and which game it is.
    pub caption: &'a str,
    /// `win[n][i]` = P(player i wins) after turn n (n = 0: before the first turn).
    pub win: Vec<Vec<f64>>,
    /// 1-based seat of the winner, for the legend.
    pub winner: Option<usize>,
}

impl OddsChart<'_> {
    /// The number of players.
    fn players(&self) -> usize {
        self.win.first().map_or(0, Vec::len)
    }
}

impl Chart for OddsChart<'_> {
    fn name(&self) -> &'static str {
        "odds"
    }

    fn title(&self) -> String {
        self.caption.to_string()
    }

    fn legend(&self) -> Vec<Legend> {
        Legend::of(
            (0..self.players())
                .map(|seat| {
                    let wins = if self.winner == Some(seat + 1) {
                        " (wins)"
                    } else {
                        ""
                    };
                    Key::new(
                        format!("player {}{wins}", seat + 1),
                        Shape::Line,
                        palette::SERIES[seat % palette::SERIES.len()],
                    )
                })
                .collect(),
        )
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let root = titled(root, look, self.caption)?;
        let turns = self.win.len().saturating_sub(1).max(1) as f64;
        let mut builder = ChartBuilder::on(&root);
        if look.framed() {
            builder.caption(
                "each player's exact chance to win after every turn (i.i.d. draws)",
                k.label(),
            );
        }
        let mut chart = builder
            .margin(k.margin())
            .x_label_area_size(k.px(50))
            .y_label_area_size(k.px(70))
            .build_cartesian_2d(0f64..turns, 0f64..1.0)?;
        let width = chart.plotting_area().dim_in_pixel().0;
        chart
            .configure_mesh()
            .x_desc("turn (all players together)")
            .y_desc("P(player wins)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(k.labels_across(width))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.1}"))
            .draw()?;
        for seat in 0..self.players() {
            let color = palette::SERIES[seat % palette::SERIES.len()];
            chart.draw_series(LineSeries::new(
                self.win
                    .iter()
                    .enumerate()
                    .map(|(n, w)| (n as f64, w[seat])),
                color.stroke_width(k.px(3)),
            ))?;
        }
        for legend in self.legend() {
            draw_legend(&mut chart, &legend, SeriesLabelPosition::UpperLeft, look)?;
        }
        Ok(())
    }
}

/// The chances to win through the game `t` (played with its odds), drawn as `format`.
pub fn odds_through_game(
    t: &crate::sim::transcript::Transcript,
    format: super::Format,
    size: (u32, u32),
) -> crate::Result<Vec<u8>> {
    let win: Vec<Vec<f64>> = t
        .start_win
        .iter()
        .chain(t.turns.iter().filter_map(|r| r.win.as_ref()))
        .cloned()
        .collect();
    let caption = format!(
        "{}: one game, {} player{}, seed {}",
        t.board,
        t.players,
        if t.players == 1 { "" } else { "s" },
        t.seed
    );
    let chart = OddsChart {
        caption: &caption,
        win,
        winner: t.winner,
    };
    super::render(&chart, format, size)
}
