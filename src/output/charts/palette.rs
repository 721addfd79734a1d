//! Chart colours: one for each kind of line or bar, and one per number of players or seat.

use plotters::style::RGBColor;

pub const EXACT: RGBColor = RGBColor(52, 101, 164);
/// A simulated histogram drawn over the exact one: orange, apart from every marker line.
pub const SIMULATED: RGBColor = RGBColor(245, 121, 0);
/// The mean's marker line.
pub const MEAN: RGBColor = RGBColor(204, 0, 0);
/// A fitted curve (the geometric tail).
pub const FIT: RGBColor = RGBColor(204, 0, 0);
pub const MEDIAN: RGBColor = RGBColor(78, 154, 6);
pub const MODE: RGBColor = RGBColor(117, 80, 123);
pub const LONGER: RGBColor = RGBColor(204, 0, 0);
pub const SHORTER: RGBColor = RGBColor(78, 154, 6);
/// One colour per number of players / seat.
pub const SERIES: [RGBColor; 6] = [
    RGBColor(52, 101, 164),
    RGBColor(245, 121, 0),
    RGBColor(78, 154, 6),
    RGBColor(204, 0, 0),
    RGBColor(117, 80, 123),
    RGBColor(193, 125, 17),
];
