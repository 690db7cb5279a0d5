//! Rows of text out as aligned columns or CSV. Every cell is sanitised: a
//! server string cannot reach the terminal with an escape sequence in it.

use crate::domain::format::{display_width, pad_to_width, truncate_to_width};
use crate::domain::sanitize::sanitize_line;
use std::borrow::Cow;

pub struct Table {
    headers: Vec<&'static str>,
    /// The widest a column may be on a terminal (None: as wide as it needs).
    max_widths: Vec<Option<usize>>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// `columns`: each header with its maximum width.
    pub fn new(columns: &[(&'static str, Option<usize>)]) -> Self {
        Self {
            headers: columns.iter().map(|(h, _)| *h).collect(),
            max_widths: columns.iter().map(|(_, w)| *w).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.headers.len());
        let clean = cells
            .into_iter()
            .map(|cell| sanitize_line(&cell).into_owned())
            .collect();
        self.rows.push(clean);
    }

    /// Aligned columns two spaces apart; cells cut to the column's maximum
    /// width when `fit` (stdout is a terminal), whole otherwise.
    pub fn to_text(&self, fit: bool) -> String {
        let widths: Vec<usize> = (0..self.headers.len())
            .map(|col| {
                let widest = self
                    .rows
                    .iter()
                    .map(|row| display_width(&row[col]))
                    .chain([display_width(self.headers[col])])
                    .max()
                    .unwrap_or(0);
                match self.max_widths[col] {
                    Some(max) if fit => widest.min(max),
                    _ => widest,
                }
            })
            .collect();
        let header: Vec<String> = self.headers.iter().map(|h| h.to_string()).collect();
        let mut out = String::new();
        for row in std::iter::once(&header).chain(&self.rows) {
            let line: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &width)| pad_to_width(&truncate_to_width(cell, width), width))
                .collect();
            out.push_str(line.join("  ").trim_end());
            out.push('\n');
        }
        out
    }

    /// RFC 4180: a header line, then a line per row; quoted where needed,
    /// and a cell a spreadsheet would take for a formula defused (see
    /// [`csv_field`]).
    pub fn to_csv(&self) -> String {
        let header: Vec<String> = self.headers.iter().map(|h| h.to_string()).collect();
        let mut out = String::new();
        for row in std::iter::once(&header).chain(&self.rows) {
            let fields: Vec<String> = row.iter().map(|cell| csv_field(cell)).collect();
            out.push_str(&fields.join(","));
            out.push_str("\r\n");
        }
        out
    }
}

/// What starts a formula in a spreadsheet (OWASP's "CSV injection" list):
/// `=HYPERLINK(...)` in a plugin name would be a live link, `@SUM(...)` or
/// `+cmd|...` worse.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell as a CSV field: a cell that starts like a formula gets a `'` in
/// front, which spreadsheets take as "this is text" (OWASP's defence), then
/// it is quoted where RFC 4180 needs it. Every such cell gets it, a negative
/// number too (`'-5`): only server text can start so (the numbers crmdeck
/// writes itself, ids, group numbers, times and dates, are never negative),
/// and a cell that merely looks like a number may hide a formula after it
/// (`-1+cmd|...`). JSON output is never changed.
fn csv_field(cell: &str) -> String {
    let cell: Cow<'_, str> = if cell.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    };
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut table = Table::new(&[("ID", None), ("NAME", Some(8))]);
        table.push(vec!["1".into(), "Ingliz tili, B1".into()]);
        table.push(vec!["22".into(), "Мат\u{1b}[2J".into()]);
        table
    }

    #[test]
    fn aligns_and_fits_columns() {
        assert_eq!(
            sample().to_text(true),
            "ID  NAME\n1   Ingliz …\n22  Мат␛[2J\n"
        );
        assert!(sample().to_text(false).contains("Ingliz tili, B1"));
    }

    #[test]
    fn csv_defuses_what_a_spreadsheet_would_run() {
        assert_eq!(
            csv_field("=HYPERLINK(\"http://x\",\"Click\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"Click\"\")\""
        );
        assert_eq!(csv_field("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("-5"), "'-5");
        assert_eq!(csv_field("@SUM(A1:A9)"), "'@SUM(A1:A9)");
        assert_eq!(csv_field("\t=1"), "'\t=1");
        assert_eq!(csv_field("\r=1"), "\"'\r=1\"");
        // Only the start counts.
        for kept in ["a=b", "1-2", "Ingliz tili", "", " =1", "—", "'quoted"] {
            assert_eq!(csv_field(kept), kept);
        }
        let mut table = Table::new(&[("NAME", None)]);
        table.push(vec!["=1+1".into()]);
        assert_eq!(table.to_csv(), "NAME\r\n'=1+1\r\n");
        // The text table shows the cell as it is.
        assert_eq!(table.to_text(false), "NAME\n=1+1\n");
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        assert_eq!(
            sample().to_csv(),
            "ID,NAME\r\n1,\"Ingliz tili, B1\"\r\n22,Мат␛[2J\r\n"
        );
    }
}
