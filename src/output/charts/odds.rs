//! `play --odds --chart`: each player's chance to win through one game, turn by turn.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{legend, line_legend, palette, Chart, DrawResult, Scale};

/// Each player's chance to win before the first turn and after every turn of one game.
pub struct OddsChart<'a> {
    /// The caption: the board's name and which game it is.
    pub caption: &'a str,
    /// `win[n][i]` = P(player i wins) after turn n (n = 0: before the first turn).
    pub win: Vec<Vec<f64>>,
    /// 1-based seat of the winner, for the legend.
    pub winner: Option<usize>,
}

impl Chart for OddsChart<'_> {
    fn name(&self) -> &'static str {
        "odds"
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let k = Scale::of(root);
        let root = root.titled(self.caption, k.title(root, self.caption))?;
        let turns = self.win.len().saturating_sub(1).max(1) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "each player's exact chance to win after every turn (i.i.d. draws)",
                k.label(),
            )
            .margin(k.margin())
            .x_label_area_size(k.px(50))
            .y_label_area_size(k.px(70))
            .build_cartesian_2d(0f64..turns, 0f64..1.0)?;
        chart
            .configure_mesh()
            .x_desc("turn (all players together)")
            .y_desc("P(player wins)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.1}"))
            .draw()?;
        let players = self.win.first().map_or(0, Vec::len);
        for seat in 0..players {
            let color = palette::SERIES[seat % palette::SERIES.len()];
            let wins = if self.winner == Some(seat + 1) {
                " (wins)"
            } else {
                ""
            };
            chart
                .draw_series(LineSeries::new(
                    self.win
                        .iter()
                        .enumerate()
                        .map(|(n, w)| (n as f64, w[seat])),
                    color.stroke_width(k.px(3)),
                ))?
                .label(format!("player {}{wins}", seat + 1))
                .legend(line_legend(color, k));
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft, k)?;
        Ok(())
    }
}

/// The chances to win through the game `t` (played with its odds), drawn as `format`.
pub fn odds_through_game(
    t: &crate::sim::transcript::Transcript,
    format: super::Format,
    size: (u32, u32),
) -> anyhow::Result<Vec<u8>> {
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
