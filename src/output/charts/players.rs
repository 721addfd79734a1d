//! 6. Several players: each seat's chance to win, and the game length for 1 to 4 players.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::solve::guarantee::Figure;

use super::{
    draw_legend, length_axis, palette, titled, Chart, DrawResult, Key, Legend, Look, Shape,
};

/// One number of players.
pub struct PlayersSeries {
    /// K, the number of players.
    pub players: usize,
    /// P(seat i wins); lower bounds when `undecided` > 0.
    pub win: Vec<f64>,
    /// The chance a cut distribution leaves to no seat.
    pub undecided: f64,
    /// P(the game lasts n turns in all).
    pub turns_pmf: Vec<f64>,
    /// Expected turns of all players together until the first player finishes (a bound when
    /// the distribution was cut and the product chain could not be solved).
    pub mean_turns: Figure,
}

/// 6. Several players: each seat's chance to win (for 2 players and up), and the game length
///    until the first player finishes for each number of players.
pub struct PlayersChart<'a> {
    /// The board's name, shown in the caption.
    pub board: &'a str,
    /// One series per number of players, in the order they are drawn and listed.
    pub series: Vec<PlayersSeries>,
    /// The last turn of a cut one-player distribution (the length curves stop there); `None`
    /// when it was not cut.
    pub cut_at: Option<usize>,
}

impl Chart for PlayersChart<'_> {
    fn name(&self) -> &'static str {
        "players"
    }

    fn title(&self) -> String {
        match self.cut_at {
            None => format!("{}: several players (exact, i.i.d. draws)", self.board),
            Some(turn) => format!(
                "{}: several players (i.i.d. draws; distribution cut at turn {turn})",
                self.board
            ),
        }
    }

    fn legend(&self) -> Vec<Legend> {
        let seats = self.groups().iter().map(|s| s.players).max().unwrap_or(0);
        vec![
            Legend {
                title: Some(self.chances_caption().into()),
                keys: (0..seats)
                    .map(|seat| {
                        Key::new(format!("seat {}", seat + 1), Shape::Box, seat_colour(seat))
                    })
                    .collect(),
            },
            Legend {
                title: Some(LENGTHS_CAPTION.into()),
                keys: self
                    .series
                    .iter()
                    .map(|s| {
                        Key::new(
                            format!(
                                "{} player{} (mean {})",
                                s.players,
                                if s.players == 1 { "" } else { "s" },
                                s.mean_turns.text(1)
                            ),
                            Shape::Line,
                            players_colour(s.players),
                        )
                    })
                    .collect(),
            },
        ]
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        look: Look,
    ) -> DrawResult<DB> {
        let root = titled(root, look, &self.title())?;
        let (w, h) = root.dim_in_pixel();
        // Side by side, or one above the other on a drawing taller than wide (a phone's).
        let (first, second) = if h > w {
            root.split_vertically(h * 2 / 5)
        } else {
            root.split_horizontally(w * 2 / 5)
        };
        let legend = self.legend();
        if let [chances, lengths] = legend.as_slice() {
            self.seat_chances(&first, look, chances)?;
            self.lengths(&second, look, lengths)?;
        }
        Ok(())
    }
}

/// The caption of the panel of lengths.
const LENGTHS_CAPTION: &str = "game length until the first player finishes";

/// The colour of seat `seat` (0 plays first).
fn seat_colour(seat: usize) -> RGBColor {
    palette::SERIES[seat % palette::SERIES.len()]
}

/// The colour of the curve of `players` players.
fn players_colour(players: usize) -> RGBColor {
    palette::SERIES[(players - 1) % palette::SERIES.len()]
}

impl PlayersChart<'_> {
    /// The numbers of players with seats to compare: 2 and up.
    fn groups(&self) -> Vec<&PlayersSeries> {
        self.series.iter().filter(|s| s.players > 1).collect()
    }

    /// The caption of the panel of chances.
    fn chances_caption(&self) -> &'static str {
        if self.groups().iter().any(|s| s.undecided > 0.0) {
            "each seat's chance to win (at least)"
        } else {
            "each seat's chance to win"
        }
    }

    /// Left: grouped bars, one group per number of players (2 and up), one bar per seat.
    fn seat_chances<DB: DrawingBackend>(
        &self,
        left: &DrawingArea<DB, Shift>,
        look: Look,
        legend: &Legend,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let groups = self.groups();
        let top = groups
            .iter()
            .flat_map(|s| s.win.iter())
            .cloned()
            .fold(0.0, f64::max)
            * 1.2;
        let mut builder = ChartBuilder::on(left);
        if look.framed() {
            builder.caption(self.chances_caption(), k.label());
        }
        let mut chart = builder
            .margin(k.px(15))
            .x_label_area_size(k.px(50))
            .y_label_area_size(k.px(70))
            .build_cartesian_2d(0f64..groups.len() as f64, 0f64..top.max(0.01))?;
        chart
            .configure_mesh()
            .x_desc("number of players")
            .y_desc("P(seat wins)")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(groups.len() * 2 + 1)
            .x_label_formatter(&|x| {
                let i = x.floor() as usize;
                if (x - i as f64 - 0.5).abs() < 0.01 {
                    groups
                        .get(i)
                        .map_or(String::new(), |s| s.players.to_string())
                } else {
                    String::new()
                }
            })
            .light_line_style(WHITE)
            .draw()?;
        let seats = groups.iter().map(|s| s.players).max().unwrap_or(0);
        for seat in 0..seats {
            chart.draw_series(groups.iter().enumerate().filter_map(|(g, s)| {
                let w = *s.win.get(seat)?;
                let width = 0.8 / s.players as f64;
                let x0 = g as f64 + 0.1 + seat as f64 * width;
                Some(Rectangle::new(
                    [(x0, 0.0), (x0 + width * 0.9, w)],
                    seat_colour(seat).filled(),
                ))
            }))?;
        }
        draw_legend(&mut chart, legend, SeriesLabelPosition::UpperRight, look)
    }

    /// Right: the length distributions, in turns of all players together.
    fn lengths<DB: DrawingBackend>(
        &self,
        right: &DrawingArea<DB, Shift>,
        look: Look,
        legend: &Legend,
    ) -> DrawResult<DB> {
        let k = look.scale;
        let x_max = self
            .series
            .iter()
            .map(|s| length_axis(&s.turns_pmf))
            .fold(0.0, f64::max);
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.turns_pmf.iter())
            .cloned()
            .fold(0.0, f64::max)
            * 1.1;
        let mut builder = ChartBuilder::on(right);
        if look.framed() {
            builder.caption(LENGTHS_CAPTION, k.label());
        }
        let mut chart = builder
            .margin(k.px(15))
            .x_label_area_size(k.px(50))
            .y_label_area_size(k.px(80))
            .build_cartesian_2d(0f64..x_max, 0f64..y_max)?;
        let width = chart.plotting_area().dim_in_pixel().0;
        chart
            .configure_mesh()
            .x_desc("turns, all players together")
            .y_desc("probability")
            .axis_desc_style(k.label())
            .label_style(k.tick())
            .x_labels(k.labels_across(width))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        for s in &self.series {
            chart.draw_series(LineSeries::new(
                s.turns_pmf.iter().enumerate().map(|(n, &p)| (n as f64, p)),
                players_colour(s.players).stroke_width(k.px(2)),
            ))?;
        }
        draw_legend(&mut chart, legend, SeriesLabelPosition::UpperRight, look)
    }
}
