//! The figures of one run, their budgets, and the table printed at the end.

use std::fmt::Write as _;
use std::time::Duration;

/// How a figure is counted and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Milliseconds,
    Bytes,
    /// Decimal megabytes (10^6 bytes), as file sizes are usually given.
    Megabytes,
    Ratio,
    /// Things counted (frames).
    Count,
}

impl Unit {
    fn show(self, value: f64) -> String {
        match self {
            Self::Milliseconds => format!("{value:.3} ms"),
            Self::Bytes => format!("{value:.0} B"),
            Self::Megabytes => format!("{:.2} MB", value / 1e6),
            Self::Ratio => format!("{value:.2}"),
            Self::Count => format!("{value:.0}"),
        }
    }
}

/// A figure: one value, or min / median / max of repeated ones.
#[derive(Debug, Clone, Copy)]
pub enum Spread {
    One(f64),
    Repeated { min: f64, median: f64, max: f64 },
}

impl Spread {
    /// Min, median and max of `values` (at least one).
    pub fn of(values: &[f64]) -> Self {
        let sorted = sorted(values);
        Self::Repeated {
            min: sorted[0],
            median: percentile(&sorted, 0.5),
            max: sorted[sorted.len() - 1],
        }
    }

    /// The value a budget is checked against: the median of repeated ones.
    fn checked(self) -> f64 {
        match self {
            Self::One(value) => value,
            Self::Repeated { median, .. } => median,
        }
    }
}

/// One line of the table.
#[derive(Debug, Clone)]
pub struct Row {
    pub figure: String,
    pub spread: Spread,
    pub unit: Unit,
    /// The most the checked value (the median, or the one value) may be.
    pub at_most: Option<f64>,
}

impl Row {
    /// A figure with no budget of its own.
    pub fn info(figure: impl Into<String>, spread: Spread, unit: Unit) -> Self {
        Self {
            figure: figure.into(),
            spread,
            unit,
            at_most: None,
        }
    }

    /// A figure whose checked value must stay at or under `at_most`.
    pub fn budget(figure: impl Into<String>, spread: Spread, unit: Unit, at_most: f64) -> Self {
        Self {
            at_most: Some(at_most),
            ..Self::info(figure, spread, unit)
        }
    }

    /// `Some(true)` when the budget is met, `None` without one.
    pub fn met(&self) -> Option<bool> {
        self.at_most.map(|limit| self.spread.checked() <= limit)
    }
}

/// Every figure of the run, in order, and what could not be measured.
#[derive(Debug, Default)]
pub struct Report {
    pub rows: Vec<Row>,
    pub failures: Vec<String>,
}

impl Report {
    pub fn add(&mut self, row: Row) {
        self.rows.push(row);
    }

    /// True when every budget is met and every measurement was taken.
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.rows.iter().all(|row| row.met() != Some(false))
    }

    /// The table, in Markdown, and a line saying what was missed.
    pub fn table(&self) -> String {
        let mut out = String::new();
        out.push_str("| figure | min | median | max | budget | met? |\n");
        out.push_str("|---|---|---|---|---|---|\n");
        for row in &self.rows {
            let (min, median, max) = match row.spread {
                Spread::One(value) => (String::new(), row.unit.show(value), String::new()),
                Spread::Repeated { min, median, max } => (
                    row.unit.show(min),
                    row.unit.show(median),
                    row.unit.show(max),
                ),
            };
            let budget = row
                .at_most
                .map_or_else(String::new, |limit| format!("≤ {}", row.unit.show(limit)));
            let met = match row.met() {
                Some(true) => "yes",
                Some(false) => "**NO**",
                None => "",
            };
            let _ = writeln!(
                out,
                "| {} | {min} | {median} | {max} | {budget} | {met} |",
                row.figure
            );
        }
        let missed: Vec<&str> = self
            .rows
            .iter()
            .filter(|row| row.met() == Some(false))
            .map(|row| row.figure.as_str())
            .collect();
        if !missed.is_empty() {
            let _ = writeln!(out, "\nbudgets missed: {}", missed.join("; "));
        }
        for failure in &self.failures {
            let _ = writeln!(out, "\nnot measured: {failure}");
        }
        out
    }
}

/// Milliseconds of a duration, as a figure.
pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

/// The values in ascending order.
pub fn sorted(values: &[f64]) -> Vec<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted
}

/// The nearest-rank percentile `p` (0..=1) of ascending `sorted` values:
/// the smallest value with at least `p` of them at or below it.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The arithmetic mean.
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}
