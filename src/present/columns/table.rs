//! Records out as aligned columns, CSV or JSON (the CLI's output and the
//! dashboard's `:export`), their columns as declared in
//! [`crate::present::columns`]: the title in upper case heads a table, the
//! name a CSV column. Every cell is sanitised: a server string cannot reach
//! the terminal with an escape sequence in it.

use super::headings::heads;
use super::{BranchNames, Column, Print, printed};
use crate::i18n::Language;
use crate::present::format::{NONE, display_width, pad_to_width, truncate_to_width};
use crate::sanitize::sanitize_line;
use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The table's heads: the columns' titles in upper case.
    headers: Vec<String>,
    /// The CSV header: the columns' names.
    names: Vec<&'static str>,
    /// The widest a column may be on a terminal (None: as wide as it needs).
    max_widths: Vec<Option<usize>>,
    /// The columns JSON writes as numbers ([`Print::Number`]).
    numbers: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// The printed columns of `columns`, a row per record; a branch column
    /// names its branch from `branch_names`.
    pub fn of<'r, R: 'r, F>(
        columns: &[Column<R, F>],
        records: impl IntoIterator<Item = &'r R>,
        format: &F,
        branch_names: &BranchNames,
    ) -> Self {
        let maker = RowMaker::new(columns);
        Self {
            headers: maker.headers(),
            names: maker.names(),
            max_widths: maker.max_widths(),
            numbers: maker.numbers(),
            rows: records
                .into_iter()
                .map(|record| maker.cells(record, format, branch_names))
                .collect(),
        }
    }

    /// The tables of several centres as one, each row led by its centre
    /// (a `centre` column first; `--profiles`' fan-out, issue 38):
    /// `template` gives the columns when no centre has a table.
    pub fn centred(template: Table, tables: Vec<(String, Table)>) -> Table {
        let template = Table {
            rows: Vec::new(),
            ..template
        };
        let mut all = template.led_by("Centre", "centre", "");
        for (centre, table) in tables {
            all.extend(table.led_by("Centre", "centre", &centre));
        }
        all
    }

    /// Aligned columns two spaces apart; cells cut to the column's maximum
    /// width when `fit` (stdout is a terminal), whole otherwise.
    pub fn to_text(&self, fit: bool) -> String {
        self.to_text_in(fit, Language::En)
    }

    /// [`Table::to_text`] headed in `language` (the cells are the rows').
    pub fn to_text_in(&self, fit: bool, language: Language) -> String {
        let headers = heads(&self.headers, &self.names, language);
        let mut widths = Widths::new(&headers, self.max_widths.clone());
        for row in &self.rows {
            widths.measure(row);
        }
        let widths = widths.fitted(fit);
        std::iter::once(&headers)
            .chain(&self.rows)
            .map(|row| text_line(row, &widths))
            .collect()
    }

    /// RFC 4180: a header line, then a line per row; quoted where needed,
    /// and a cell a spreadsheet would take for a formula defused (see
    /// [`csv_field`]).
    /// The same table with a column in front holding `value` on every row
    /// (the branch of a check run over every branch).
    pub fn led_by(mut self, title: &str, name: &'static str, value: &str) -> Self {
        self.headers.insert(0, title.to_uppercase());
        self.names.insert(0, name);
        self.max_widths.insert(0, None);
        for row in &mut self.rows {
            row.insert(0, value.to_string());
        }
        self
    }

    /// `other`'s rows after these (tables of the same columns).
    pub fn extend(&mut self, other: Table) {
        self.rows.extend(other.rows);
    }

    pub fn to_csv(&self) -> String {
        std::iter::once(csv_line(&self.names))
            .chain(self.rows.iter().map(|row| csv_line(row)))
            .collect()
    }
}

/// The printed columns of a table whose rows are made one at a time, for
/// records that are never all in memory at once (`groups --all` of a whole
/// centre): the rows are the same as [`Table::of`]'s, and
/// [`Widths`], [`text_line`] and [`csv_line`] lay them out as
/// [`Table::to_text`] and [`Table::to_csv`] do.
pub struct RowMaker<'c, R, F> {
    columns: Vec<&'c Column<R, F>>,
}

impl<'c, R, F> RowMaker<'c, R, F> {
    pub fn new(columns: &'c [Column<R, F>]) -> Self {
        Self {
            columns: printed(columns).collect(),
        }
    }

    /// The table's heads: the columns' titles in upper case.
    pub fn headers(&self) -> Vec<String> {
        self.columns
            .iter()
            .map(|c| c.title.to_uppercase())
            .collect()
    }

    /// The CSV header: the columns' names.
    pub fn names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.name).collect()
    }

    /// The widest each column may be on a terminal (None: as wide as it needs).
    pub fn max_widths(&self) -> Vec<Option<usize>> {
        self.columns
            .iter()
            .map(|c| match c.print {
                Print::UpTo(width) => Some(width),
                Print::Whole | Print::Number | Print::No => None,
            })
            .collect()
    }

    /// Which columns are numbers ([`Print::Number`]).
    pub fn numbers(&self) -> Vec<bool> {
        (self.columns.iter())
            .map(|c| c.print == Print::Number)
            .collect()
    }

    /// The cells of `record`, each sanitised.
    pub fn cells(&self, record: &R, format: &F, branch_names: &BranchNames) -> Vec<String> {
        self.columns
            .iter()
            .map(|c| sanitize_line(&c.print_text(record, format, branch_names)).into_owned())
            .collect()
    }
}

/// The widths of a table's columns, measured a row at a time.
pub struct Widths {
    widest: Vec<usize>,
    max_widths: Vec<Option<usize>>,
}

impl Widths {
    /// Measured from the heads; `max_widths` as [`RowMaker::max_widths`].
    pub fn new(headers: &[String], max_widths: Vec<Option<usize>>) -> Self {
        Self {
            widest: headers.iter().map(|head| display_width(head)).collect(),
            max_widths,
        }
    }

    pub fn measure(&mut self, row: &[String]) {
        for (widest, cell) in self.widest.iter_mut().zip(row) {
            *widest = (*widest).max(display_width(cell));
        }
    }

    /// Each column's width: cut to its maximum when `fit`.
    pub fn fitted(self, fit: bool) -> Vec<usize> {
        (self.widest.into_iter().zip(self.max_widths))
            .map(|(widest, max)| match max {
                Some(max) if fit => widest.min(max),
                _ => widest,
            })
            .collect()
    }
}

/// A row of aligned columns, two spaces apart, and its newline.
pub fn text_line(row: &[String], widths: &[usize]) -> String {
    let line: Vec<String> = row
        .iter()
        .zip(widths)
        .map(|(cell, &width)| pad_to_width(&truncate_to_width(cell, width), width))
        .collect();
    let mut line = line.join("  ").trim_end().to_string();
    line.push('\n');
    line
}

/// A row of CSV (see [`Table::to_csv`]) and its `\r\n`.
pub fn csv_line(row: &[impl AsRef<str>]) -> String {
    let fields: Vec<String> = row.iter().map(|cell| csv_field(cell.as_ref())).collect();
    let mut line = fields.join(",");
    line.push_str("\r\n");
    line
}

impl Table {
    /// A JSON array with an object per row, the columns' names as keys and
    /// the cells as strings (as on screen, not the API's raw values), but
    /// numbers as numbers ([`json_cell`]).
    pub fn to_json(&self) -> String {
        let rows: Vec<serde_json::Map<String, serde_json::Value>> = self
            .rows
            .iter()
            .map(|row| {
                (self.names.iter().zip(&self.numbers).zip(row))
                    .map(|((name, &number), cell)| (name.to_string(), json_cell(cell, number)))
                    .collect()
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&rows).unwrap_or_default();
        text.push('\n');
        text
    }

    /// How many rows it has.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True when it has no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// A cell as JSON: a string, or for a number column ([`Print::Number`])
/// the number, null when absent (empty or [`NONE`]).
fn json_cell(cell: &str, number: bool) -> serde_json::Value {
    match (number, cell.parse::<i64>()) {
        (true, Ok(n)) => n.into(),
        (true, Err(_)) if cell.is_empty() || cell == NONE => serde_json::Value::Null,
        _ => cell.into(),
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
    // RFC 4180's one rule, by hand: the `csv` crate is not in the build
    // (`url` and `form_urlencoded` do no CSV), and it would quote these
    // five lines' worth while the defusing above stays ours anyway (no CSV
    // writer knows spreadsheets' formulas). One place: every CSV crmdeck
    // writes (the CLI's, `:export`'s) goes through `csv_line`.
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::present::columns::Text;

    const COLUMNS: &[Column<(i64, &str), ()>] = &[
        Column {
            title: "Id",
            name: "id",
            text: Text::Plain(|record, _| record.0.to_string()),
            screen: None,
            print: Print::Whole,
        },
        Column {
            title: "Not printed",
            name: "not_printed",
            text: Text::Plain(|_, _| "x".to_string()),
            screen: None,
            print: Print::No,
        },
        Column {
            title: "Name",
            name: "group_name",
            text: Text::Plain(|record, _| record.1.to_string()),
            screen: None,
            print: Print::UpTo(8),
        },
    ];

    fn sample() -> Table {
        let records = [(1, "Ingliz tili, B1"), (22, "Мат\u{1b}[2J")];
        Table::of(COLUMNS, &records, &(), &BranchNames::new())
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
        let table = Table::of(COLUMNS, &[(3, "=1+1")], &(), &BranchNames::new());
        assert_eq!(table.to_csv(), "id,group_name\r\n3,'=1+1\r\n");
        // The text table shows the cell as it is.
        assert_eq!(table.to_text(false), "ID  NAME\n3   =1+1\n");
    }

    #[test]
    fn json_is_an_object_per_row_by_column_name() {
        let json: serde_json::Value = serde_json::from_str(&sample().to_json()).unwrap();
        assert_eq!(json.as_array().map(Vec::len), Some(2));
        assert_eq!(json[0]["id"], "1");
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        assert_eq!(
            sample().to_csv(),
            "id,group_name\r\n1,\"Ingliz tili, B1\"\r\n22,Мат␛[2J\r\n"
        );
    }
}
