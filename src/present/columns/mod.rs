//! How a record reads as a row of cells: one table of columns per record
//! kind ([`groups`], [`plugins`], [`lessons`], [`today`], [`findings`], [`changes`], [`installs`], [`branches`],
//! [`facts`], [`keys`]), read by the
//! dashboard's tables, the command line's tables and CSV. A new column is
//! one entry in its kind's table.
//!
//! A column says what it is called (its title on screen, upper case in the
//! command line's table, its CSV name), how a record reads in it, how the
//! dashboard sizes, tones, filters and sorts it, and how wide the command
//! line may print it. Texts come out sanitised (see [`crate::sanitize`]).

pub mod branches;
pub mod centres;
pub mod changes;
pub mod facts;
pub mod findings;
pub mod groups;
pub mod groups_for_scripts;
pub mod headings;
pub mod installs;
pub mod keys;
pub mod lessons;
pub mod plugins;
pub mod table;
pub mod today;

use super::cell_text::{CellText, Narrowable, SharedTexts};
use super::format::NONE;
use crate::domain::query::{Facts, Matcher, Unfound};
use crate::domain::script::fold;
use crate::i18n::Language;
use crate::sanitize::sanitize_line;
use std::borrow::{Borrow, Cow};
use std::collections::HashMap;
use std::sync::Arc;

/// Branch names by id, as far as they are known.
pub type BranchNames = HashMap<i64, String>;

/// One column of a record kind's table: records `R` in the format `F`.
pub struct Column<R, F> {
    /// Its head on the dashboard; the command line's table prints it in
    /// upper case.
    pub title: &'static str,
    /// Its CSV header: lower case, words joined by `_`.
    pub name: &'static str,
    /// How a record reads in it.
    pub text: Text<R, F>,
    /// How the dashboard's table shows it (None: it does not).
    pub screen: Option<OnScreen<R, F>>,
    /// How the command line prints it.
    pub print: Print,
}

/// How a record reads in a column.
pub enum Text<R, F> {
    /// The same text wherever the column shows.
    Plain(fn(&R, &F) -> String),
    /// A text, and a narrower one for the dashboard when the essential
    /// columns do not fit with the first (or a cell does not fit its
    /// column); the command line prints the first.
    Narrowable {
        wide: fn(&R, &F) -> String,
        narrow: fn(&R, &F) -> String,
    },
    /// One text for people on the dashboard, another for scripts.
    Split {
        screen: fn(&R, &F) -> String,
        print: fn(&R, &F) -> String,
    },
    /// The record's branch by name. The dashboard names it as it draws
    /// (the names may arrive after the record) and shows an unnamed one as
    /// `#id`; the command line prints the bare id for scripts.
    Branch(fn(&R) -> Option<i64>),
}

/// How the dashboard's table shows a column.
pub struct OnScreen<R, F> {
    pub natural: Natural,
    /// A flexible column shares the room left over and shrinks down to
    /// this many columns before it is dropped (None: always `natural`).
    pub flex_min: Option<usize>,
    /// Columns are dropped lowest priority first when the width is short.
    pub priority: u8,
    /// Never dropped.
    pub essential: bool,
    pub tone: Tone,
    /// Whether the list's filter looks in it.
    pub filtered: Filtered,
    /// `s` can order the rows by it.
    pub sort: Option<Sort<R, F>>,
}

/// Where the list's filter looks in a column. (A weekday's whole name
/// behind "Tue Thu Sat" or "every day" is no text to keep per row: the
/// query reads `tuesday` as the day, tested on the row's fields.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filtered {
    No,
    /// In the text drawn.
    Drawn,
}

impl Filtered {
    fn applies(&self) -> bool {
        !matches!(self, Self::No)
    }
}

/// How wide a column would like to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Natural {
    /// As wide as its widest cell and its title, at least `floor` and at
    /// most `cap` columns.
    Widest { floor: usize, cap: usize },
    /// This wide, whatever its cells.
    Exactly(usize),
    /// As [`Natural::Widest`] from 0, for crmdeck's own words: at most
    /// `cap` columns in English and two thirds more in the other
    /// languages, which run a third longer and more ("через 2 ч 30 мин",
    /// "2 soat 30 daqiqadan keyin"); a flexible column still gives the
    /// room up when the screen is narrow.
    Worded { cap: usize },
}

impl Natural {
    /// As wide as the widest cell and the title.
    pub const WIDEST: Self = Self::Widest {
        floor: 0,
        cap: usize::MAX,
    };

    /// The width for a column titled `title` whose widest cell is
    /// `widest`, its words in `language`.
    pub fn width(self, title: &str, widest: usize, language: Language) -> usize {
        match self {
            Self::Worded { cap } => {
                let cap = match language {
                    Language::En => cap,
                    _ => cap + (2 * cap).div_ceil(3),
                };
                Self::Widest { floor: 0, cap }.width(title, widest, language)
            }
            Self::Widest { floor, cap } => widest
                .max(super::format::display_width(title))
                .max(floor)
                .min(cap),
            Self::Exactly(width) => width,
        }
    }
}

/// How a column's cells stand out; the theme gives each its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// The row's own style.
    Plain,
    /// Secondary text.
    Quiet,
    /// The record's state (active or archived, installed): coloured by it.
    State,
}

/// How the command line prints a column (its table and CSV).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Print {
    /// Not printed.
    No,
    /// Printed whole.
    Whole,
    /// Cut to this many columns in a table on a terminal; whole in CSV and
    /// when piped.
    UpTo(usize),
    /// Printed whole, and a number in JSON (an id, a group's number): null
    /// when absent, a string only if it does not read as one.
    Number,
}

/// A column the rows can be ordered by.
pub struct Sort<R, F> {
    /// Its name in the summary line ("sort: start date ↑").
    pub name: &'static str,
    pub by: SortBy<R, F>,
}

/// What a column orders the rows by.
pub enum SortBy<R, F> {
    /// Its text as shown.
    Text,
    /// Its text as shown, in lower case.
    LowerCase,
    /// A key of the record.
    Key(fn(&R, &F) -> SortKey),
}

/// What a row sorts by in a column; a missing value sorts after all others.
/// 16 bytes (none of its values optional): a row holds one per column
/// sorted by a key, five for a group (the start date's since issue 36: its
/// text, `28.11.2026`, no longer sorts), at 100,000 groups (issue 34 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Number(i64),
    /// Weekdays as numbers from Monday, packed by [`SortKey::days`].
    Days(u32),
    /// A branch id, ordered by the branch's name in lower case (by the id
    /// when it has none) as known when sorting.
    Branch(i64),
    /// No value (no number, no branch).
    Missing,
}

/// A [`SortKey`] ready to compare.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Order<'a> {
    Present(Value<'a>),
    Missing,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value<'a> {
    Number(i64),
    /// The cell's own text when sorting leaves it as it is: no copy per row.
    Text(Cow<'a, str>),
    /// Packed as [`SortKey::days`] packs them.
    Days(u32),
}

impl SortKey {
    /// The key of a number, if there is one.
    pub fn number(number: Option<i64>) -> Self {
        number.map_or(Self::Missing, Self::Number)
    }

    /// The key of a branch, if there is one.
    pub fn branch(id: Option<i64>) -> Self {
        id.map_or(Self::Missing, Self::Branch)
    }

    /// The key of weekdays (numbers from Monday, 0 to 6), packed into one
    /// number that orders as the list would (each day an octal digit, 1 to
    /// 7, from the most significant; a shorter list first): no allocation
    /// per row for a key. Past seven days (a week has no more) the rest
    /// does not count.
    pub fn days(days: impl IntoIterator<Item = u32>) -> Self {
        let digits = days
            .into_iter()
            .map(|day| day.min(6) + 1)
            .chain(std::iter::repeat(0));
        Self::Days(digits.take(7).fold(0, |packed, digit| packed * 8 + digit))
    }

    /// The key to compare, branches named from `branch_names`.
    pub fn order(&self, branch_names: &BranchNames) -> Order<'static> {
        Order::Present(match *self {
            Self::Number(number) => Value::Number(number),
            Self::Days(days) => Value::Days(days),
            Self::Branch(id) => Value::Text(Cow::Owned(
                branch_names
                    .get(&id)
                    .map_or_else(|| id.to_string(), |name| name.to_lowercase()),
            )),
            Self::Missing => return Order::Missing,
        })
    }
}

/// A column the rows are sorted by: its position among the columns on the
/// dashboard, and how it sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortColumn {
    index: usize,
    by: SortedBy,
}

/// How a [`SortColumn`] sorts: by its text, or by the key a row holds for
/// it (the how-manyth such column on screen: a row holds keys for those
/// columns only, not a slot per column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortedBy {
    Text,
    LowerCase,
    Key(usize),
}

impl SortColumn {
    /// The sort after `current`: each sortable column of `columns` in turn,
    /// then none (the server's order).
    pub fn next<R, F>(columns: &[Column<R, F>], current: Option<Self>) -> Option<Self> {
        let from = current.map_or(0, |sort| sort.index + 1);
        Self::all(columns).find(|sort| sort.index >= from)
    }

    /// The sortable column whose [`name`](Self::name) is `name`, if any.
    pub fn named<R, F>(columns: &[Column<R, F>], name: &str) -> Option<Self> {
        Self::all(columns).find(|sort| sort.name(columns) == name)
    }

    /// Every sortable column of `columns`, left to right.
    fn all<R, F>(columns: &[Column<R, F>]) -> impl Iterator<Item = Self> + '_ {
        let mut keys = 0;
        on_screen(columns)
            .enumerate()
            .filter_map(move |(index, (_, screen))| {
                let by = match screen.sort.as_ref()?.by {
                    SortBy::Text => SortedBy::Text,
                    SortBy::LowerCase => SortedBy::LowerCase,
                    SortBy::Key(_) => {
                        keys += 1;
                        SortedBy::Key(keys - 1)
                    }
                };
                Some(Self { index, by })
            })
    }

    /// The names of the sortable columns of `columns`, left to right.
    pub fn names<R, F>(columns: &[Column<R, F>]) -> Vec<&'static str> {
        on_screen(columns)
            .filter_map(|(_, screen)| screen.sort.as_ref().map(|sort| sort.name))
            .collect()
    }

    /// The column's name as `:sort` takes it.
    pub fn name<R, F>(self, columns: &[Column<R, F>]) -> &'static str {
        on_screen(columns)
            .nth(self.index)
            .and_then(|(_, screen)| screen.sort.as_ref())
            .map_or("", |sort| sort.name)
    }

    /// The column as the summary line names it in `language`: its
    /// [`name`](Self::name) in English (what `:sort` takes), its head as
    /// shown in another language (`:sort` still takes the English name,
    /// which its completions list).
    pub fn said<R, F>(self, columns: &[Column<R, F>], language: Language) -> &'static str {
        match (language, on_screen(columns).nth(self.index)) {
            (Language::En, _) | (_, None) => self.name(columns),
            (_, Some((column, _))) => headings::title(column.title, column.name, language),
        }
    }
}

/// The columns the dashboard shows, left to right.
pub fn on_screen<R, F>(
    columns: &[Column<R, F>],
) -> impl Iterator<Item = (&Column<R, F>, &OnScreen<R, F>)> {
    columns
        .iter()
        .filter_map(|column| Some((column, column.screen.as_ref()?)))
}

/// The columns the command line prints, left to right.
pub fn printed<R, F>(columns: &[Column<R, F>]) -> impl Iterator<Item = &Column<R, F>> {
    columns.iter().filter(|column| column.print != Print::No)
}

impl<R, F> OnScreen<R, F> {
    /// A column of a list shown in its own order (the parts of today, the
    /// lessons of a day): never sorted or filtered; only the essential one
    /// stays at any width.
    pub const fn in_order(
        flex_min: Option<usize>,
        priority: u8,
        essential: bool,
        tone: Tone,
    ) -> Self {
        Self {
            natural: Natural::WIDEST,
            flex_min,
            priority,
            essential,
            tone,
            filtered: Filtered::No,
            sort: None,
        }
    }
}

impl<R, F> Column<R, F> {
    /// The same column, shown on the dashboard as `screen` says.
    pub fn shown(self, screen: OnScreen<R, F>) -> Self {
        Self {
            screen: Some(screen),
            ..self
        }
    }

    /// A column the command line prints whole, as `text` reads it, and the
    /// dashboard does not show.
    pub const fn print_only(
        title: &'static str,
        name: &'static str,
        text: fn(&R, &F) -> String,
    ) -> Self {
        Self {
            title,
            name,
            text: Text::Plain(text),
            screen: None,
            print: Print::Whole,
        }
    }

    /// [`Column::print_only`] of a number ([`Print::Number`]).
    pub const fn print_number(
        title: &'static str,
        name: &'static str,
        text: fn(&R, &F) -> String,
    ) -> Self {
        Self {
            print: Print::Number,
            ..Self::print_only(title, name, text)
        }
    }

    /// What the command line prints for `record`; a branch is named from
    /// `branch_names`, by its id when it has no name there.
    pub fn print_text(&self, record: &R, format: &F, branch_names: &BranchNames) -> String {
        let text = match &self.text {
            Text::Plain(text) | Text::Narrowable { wide: text, .. } => text(record, format),
            Text::Split { print, .. } => print(record, format),
            Text::Branch(branch) => match branch(record) {
                Some(id) => branch_names
                    .get(&id)
                    .map_or_else(|| id.to_string(), Clone::clone),
                None => NONE.to_string(),
            },
        };
        sanitized(text)
    }

    /// The dashboard's cell for `record`, measured.
    pub fn screen_cell(&self, record: &R, format: &F) -> ScreenCell {
        let measured = |text: fn(&R, &F) -> String| CellText::new(sanitized(text(record, format)));
        match &self.text {
            Text::Plain(text) | Text::Split { screen: text, .. } => {
                ScreenCell::Text(measured(*text))
            }
            Text::Narrowable { wide, narrow } => ScreenCell::Narrowable(Arc::new(Narrowable {
                wide: measured(*wide),
                narrow: measured(*narrow),
            })),
            Text::Branch(branch) => ScreenCell::Branch(branch(record)),
        }
    }
}

/// `text` sanitised, copied only when something in it had to change.
fn sanitized(text: String) -> String {
    match sanitize_line(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(clean) => clean,
    }
}

/// A cell of the dashboard's table: 32 bytes, one per column of every
/// group held (100,000 in a large centre's list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScreenCell {
    /// Its text, measured once.
    Text(CellText),
    /// A text with a narrower form (the Days column), the pair shared by
    /// the rows that show the same ([`SharedTexts`]): boxed in every row,
    /// the narrow form alone cost 48 bytes a group and made every cell
    /// 8 bytes larger.
    Narrowable(Arc<Narrowable>),
    /// A branch, named as it is drawn.
    Branch(Option<i64>),
}

impl ScreenCell {
    /// The cell's text (its wide form), when it has its own.
    pub fn text(&self) -> Option<&CellText> {
        match self {
            Self::Text(text) => Some(text),
            Self::Narrowable(pair) => Some(&pair.wide),
            Self::Branch(_) => None,
        }
    }

    /// The text for a column `width` wide: the narrow form when `narrow`
    /// is asked for or the text is wider than the column.
    pub fn fitting(&self, width: usize, narrow: bool) -> Option<&CellText> {
        match self {
            Self::Narrowable(pair) if narrow || pair.wide.width() > width => Some(&pair.narrow),
            _ => self.text(),
        }
    }

    /// The text's width, and its narrow form's (the same without one).
    fn widths(&self) -> Option<(usize, usize)> {
        match self {
            Self::Text(text) => Some((text.width(), text.width())),
            Self::Narrowable(pair) => Some((pair.wide.width(), pair.narrow.width())),
            Self::Branch(_) => None,
        }
    }
}

/// A record as a row of the dashboard's table: its cells measured, its
/// sort keys and the text its filter looks in, made once when the record
/// arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenRow {
    /// One per column on the dashboard, left to right.
    pub cells: Box<[ScreenCell]>,
    /// The key of each column on the dashboard sorted by a key (not by
    /// its text), left to right: see [`SortedBy::Key`].
    keys: Box<[SortKey]>,
    /// The filtered columns' texts folded to one script in lower case
    /// ([`fold`]), a space apart.
    search: Box<str>,
    /// The branch of a filtered branch column: its name is searched as
    /// known when filtering.
    searched_branch: Option<i64>,
    /// What a query's field words look at; None for a record without
    /// them (a plugin), whose field words are looked for as text.
    facts: Option<Facts>,
}

impl ScreenRow {
    pub fn new<R, F>(columns: &[Column<R, F>], record: &R, format: &F) -> Self {
        let cells: Box<[ScreenCell]> = on_screen(columns)
            .map(|(column, _)| column.screen_cell(record, format))
            .collect();
        let search = on_screen(columns)
            .zip(&cells)
            .filter_map(|((_, screen), cell)| match screen.filtered {
                Filtered::No => None,
                Filtered::Drawn => cell.text().map(|text| text.as_str().to_string()),
            })
            .collect::<Vec<_>>()
            .join(" ");
        let search = fold(&search).into_boxed_str();
        let searched_branch = on_screen(columns)
            .zip(&cells)
            .filter(|((_, screen), _)| screen.filtered.applies())
            .find_map(|(_, cell)| match cell {
                ScreenCell::Branch(id) => *id,
                ScreenCell::Text(_) | ScreenCell::Narrowable(_) => None,
            });
        let keys = on_screen(columns)
            .filter_map(|(_, screen)| match screen.sort.as_ref()?.by {
                SortBy::Key(key) => Some(key(record, format)),
                SortBy::Text | SortBy::LowerCase => None,
            })
            .collect();
        Self {
            cells,
            keys,
            search,
            searched_branch,
            facts: None,
        }
    }

    /// Its cells' texts shared with the other rows that show the same
    /// ([`SharedTexts`]).
    pub fn share_texts(&mut self, shared: &mut SharedTexts) {
        for cell in &mut self.cells {
            match cell {
                ScreenCell::Text(text) => shared.share(text),
                ScreenCell::Narrowable(pair) => shared.share_pair(pair),
                ScreenCell::Branch(_) => {}
            }
        }
    }

    /// True when the row meets every word of `filter` ([`Matcher`]): text
    /// in its filtered columns ("tuesday chem" finds a chemistry group on
    /// Tuesdays; a branch by its name), a field word in its [`Facts`].
    pub fn matches(&self, filter: &Matcher) -> bool {
        filter.matches(&self.search, self.searched_branch, self.facts.as_ref())
    }

    /// Takes out of `unfound` the words of `filter`'s query the row holds.
    pub fn look(&self, filter: &Matcher, unfound: &mut Unfound) {
        unfound.look(
            filter,
            &self.search,
            self.searched_branch,
            self.facts.as_ref(),
        );
    }

    /// The row with the fields a query's field words look at (a group's).
    pub fn with_facts(mut self, facts: Facts) -> Self {
        self.facts = Some(facts);
        self
    }

    /// What the row sorts by in `column`.
    pub fn order(&self, column: SortColumn, branch_names: &BranchNames) -> Order<'_> {
        let shown = || {
            let cell = self.cells.get(column.index).and_then(ScreenCell::text);
            cell.map_or("", CellText::as_str)
        };
        match column.by {
            SortedBy::Text => Order::Present(Value::Text(Cow::Borrowed(shown()))),
            SortedBy::LowerCase => Order::Present(Value::Text(lower_case(shown()))),
            SortedBy::Key(key) => self
                .keys
                .get(key)
                .map_or(Order::Missing, |key| key.order(branch_names)),
        }
    }
}

/// `text` in lower case, borrowed when it is already (most cells of a
/// column sorted in lower case: no copy of each row's text per sort).
fn lower_case(text: &str) -> Cow<'_, str> {
    let unchanged = |c: char| {
        let mut lower = c.to_lowercase();
        lower.next() == Some(c) && lower.next().is_none()
    };
    if text.chars().all(unchanged) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.to_lowercase())
    }
}

/// The filter typed as `text` (the query language, `domain::query`) ready
/// to match many rows, a branch found by its name in `branch_names`. The
/// dashboard's lists keep their query parsed (`app::text_input::QueryInput`)
/// and match with its `Matcher`; this is for the tests of the columns.
#[cfg(test)]
pub fn row_filter(text: &str, branch_names: &BranchNames) -> Matcher {
    Matcher::new(&crate::domain::query::Query::parse(text), branch_names)
}

/// Records as the dashboard's table shows them: a row per record and the
/// widest cell of each column, made once when the records arrive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScreenTable {
    pub rows: Vec<ScreenRow>,
    pub widths: NaturalWidths,
}

impl ScreenTable {
    pub fn new<R, F>(columns: &[Column<R, F>], records: &[R], format: &F) -> Self {
        let rows: Vec<ScreenRow> = records
            .iter()
            .map(|record| ScreenRow::new(columns, record, format))
            .collect();
        Self {
            widths: NaturalWidths::of(&rows),
            rows,
        }
    }
}

/// The widest cell of each column on the dashboard (in its wide and its
/// narrow form), over some rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NaturalWidths(Box<[(usize, usize)]>);

impl NaturalWidths {
    /// The widest cells of `rows`, borrowed (no row is copied to measure)
    /// or made one at a time as they are measured.
    pub fn of(rows: impl IntoIterator<Item = impl Borrow<ScreenRow>>) -> Self {
        let mut widths = Self::default();
        for row in rows {
            widths.grow(row.borrow());
        }
        widths
    }

    /// Widens the columns that `row` has a wider cell in (a row that
    /// arrived: measured alone, not with every row held).
    pub fn grow(&mut self, row: &ScreenRow) {
        if self.0.len() < row.cells.len() {
            let mut widths = std::mem::take(&mut self.0).into_vec();
            widths.resize(row.cells.len(), (0, 0));
            self.0 = widths.into_boxed_slice();
        }
        for (width, cell) in self.0.iter_mut().zip(&row.cells) {
            if let Some((wide, narrow)) = cell.widths() {
                *width = (width.0.max(wide), width.1.max(narrow));
            }
        }
    }

    /// The widest cell of the `index`th column on the dashboard, in its
    /// narrow form when `narrow` (0 without rows).
    pub fn widest(&self, index: usize, narrow: bool) -> usize {
        self.0
            .get(index)
            .map_or(0, |&(wide, short)| if narrow { short } else { wide })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Packed days order as the lists of days do.
        #[test]
        fn packed_days_order_as_their_lists(
            a in proptest::collection::vec(0u32..7, 0..7),
            b in proptest::collection::vec(0u32..7, 0..7),
        ) {
            let (SortKey::Days(x), SortKey::Days(y)) = (SortKey::days(a.clone()), SortKey::days(b.clone())) else {
                unreachable!()
            };
            proptest::prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        }

        /// A text sorted in lower case is `str::to_lowercase`'s, borrowed
        /// only when that leaves it as it is.
        #[test]
        fn lower_case_is_to_lowercase(text in "[a-zA-Z0-9 ΣσςДдǅǆİi\u{0130}\u{1E9E}.]{0,12}") {
            let (lower, expected) = (lower_case(&text), text.to_lowercase());
            proptest::prop_assert_eq!(lower.as_ref(), expected.as_str());
            proptest::prop_assert_eq!(matches!(lower, Cow::Borrowed(_)), text == expected);
        }
    }

    /// A record of two fields, for a table of four columns.
    struct Pair {
        word: &'static str,
        branch: Option<i64>,
    }

    fn word(pair: &Pair, _: &()) -> String {
        pair.word.to_string()
    }

    fn initial(pair: &Pair, _: &()) -> String {
        pair.word.chars().take(1).collect()
    }

    const fn screen(
        sort: Option<Sort<Pair, ()>>,
        filtered: Filtered,
    ) -> Option<OnScreen<Pair, ()>> {
        Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: None,
            priority: 1,
            essential: true,
            tone: Tone::Plain,
            filtered,
            sort,
        })
    }

    const COLUMNS: &[Column<Pair, ()>] = &[
        Column {
            title: "Word",
            name: "word",
            text: Text::Narrowable {
                wide: word,
                narrow: initial,
            },
            screen: screen(
                Some(Sort {
                    name: "word",
                    by: SortBy::LowerCase,
                }),
                Filtered::Drawn,
            ),
            print: Print::UpTo(4),
        },
        Column {
            title: "Print only",
            name: "print_only",
            text: Text::Plain(|_, _| "\u{1b}x".to_string()),
            screen: None,
            print: Print::Whole,
        },
        Column {
            title: "Screen only",
            name: "screen_only",
            text: Text::Split {
                screen: |_, _| "seen".to_string(),
                print: |_, _| "for scripts".to_string(),
            },
            screen: screen(None, Filtered::Drawn),
            print: Print::No,
        },
        Column {
            title: "Branch",
            name: "branch",
            text: Text::Branch(|pair| pair.branch),
            screen: screen(
                Some(Sort {
                    name: "branch",
                    by: SortBy::Key(|pair, _| SortKey::branch(pair.branch)),
                }),
                Filtered::No,
            ),
            print: Print::Whole,
        },
    ];

    #[test]
    fn the_sort_cycles_through_the_sortable_columns_on_screen() {
        let first = SortColumn::next(COLUMNS, None);
        assert_eq!(first.map(|c| c.name(COLUMNS)), Some("word"));
        let second = SortColumn::next(COLUMNS, first);
        assert_eq!(second.map(|c| c.name(COLUMNS)), Some("branch"));
        assert_eq!(SortColumn::next(COLUMNS, second), None);
    }

    #[test]
    fn the_summary_names_the_sort_by_its_head_outside_english() {
        let branch = SortColumn::named(COLUMNS, "branch").unwrap();
        assert_eq!(branch.said(COLUMNS, Language::En), "branch");
        assert_eq!(branch.said(COLUMNS, Language::Ru), "Филиал");
        assert_eq!(branch.said(COLUMNS, Language::UzCyrl), "Филиал");
    }

    #[test]
    fn printed_and_screen_columns_are_the_ones_declared_so() {
        let printed: Vec<&str> = printed(COLUMNS).map(|c| c.name).collect();
        assert_eq!(printed, ["word", "print_only", "branch"]);
        let shown: Vec<&str> = on_screen(COLUMNS).map(|(c, _)| c.name).collect();
        assert_eq!(shown, ["word", "screen_only", "branch"]);
    }

    #[test]
    fn print_texts_are_sanitised_and_name_branches_or_give_their_id() {
        let names = BranchNames::from([(2, "Yunusobod".to_string())]);
        let pair = |branch| Pair {
            word: "Zebra",
            branch,
        };
        let texts = |pair: &Pair| -> Vec<String> {
            printed(COLUMNS)
                .map(|c| c.print_text(pair, &(), &names))
                .collect()
        };
        assert_eq!(texts(&pair(Some(2))), ["Zebra", "␛x", "Yunusobod"]);
        assert_eq!(texts(&pair(Some(7))), ["Zebra", "␛x", "7"]);
        assert_eq!(texts(&pair(None)), ["Zebra", "␛x", NONE]);
    }

    #[test]
    fn screen_rows_measure_filter_and_sort() {
        let names = BranchNames::from([(2, "alpha".to_string()), (3, "Beta".to_string())]);
        let records = [("Zebra", Some(3)), ("ant", None), ("Mole", Some(2))]
            .map(|(word, branch)| Pair { word, branch });
        let ScreenTable { rows, widths } = ScreenTable::new(COLUMNS, &records, &());
        let folded = BranchNames::from([(3, "beta".to_string())]);
        assert!(
            rows[0].matches(&row_filter("bra seen", &folded)),
            "filtered columns, lower case"
        );
        assert!(
            !rows[0].matches(&row_filter("beta", &folded)),
            "the branch is not filtered"
        );
        assert!(
            rows[0].matches(&row_filter("  seen   zeb ", &folded)),
            "every word, in any order, anywhere"
        );
        assert!(
            !rows[0].matches(&row_filter("zeb mole", &folded)),
            "one word missing is no match"
        );
        let sorted = |column| {
            let mut order: Vec<usize> = (0..rows.len()).collect();
            order.sort_by_cached_key(|&i| rows[i].order(column, &names));
            order
        };
        let by_word = SortColumn::next(COLUMNS, None).unwrap();
        assert_eq!(sorted(by_word), [1, 2, 0]);
        let by_branch = SortColumn::next(COLUMNS, Some(by_word)).unwrap();
        assert_eq!(sorted(by_branch), [2, 0, 1], "named, then none last");
        assert_eq!((widths.widest(0, false), widths.widest(0, true)), (5, 1));
        assert_eq!(widths.widest(2, false), 0, "a branch is measured as drawn");
        let cell = &rows[0].cells[0];
        let fitting = |width, narrow| cell.fitting(width, narrow).map(CellText::as_str);
        assert_eq!(fitting(5, false), Some("Zebra"));
        assert_eq!(fitting(4, false), Some("Z"));
        assert_eq!(fitting(9, true), Some("Z"));
    }

    #[test]
    fn every_name_is_lower_case_words_joined_by_underscores() {
        let lessons = lessons::columns();
        let installs = installs::columns();
        let today = today::columns();
        let names = (groups::COLUMNS.iter().map(|c| c.name))
            .chain(plugins::COLUMNS.iter().map(|c| c.name))
            .chain(lessons.iter().map(|c| c.name))
            .chain(today.iter().map(|c| c.name))
            .chain(findings::COLUMNS.iter().map(|c| c.name))
            .chain(installs.iter().map(|c| c.name));
        for name in names {
            let words: Vec<&str> = name.split('_').collect();
            assert!(
                words
                    .iter()
                    .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase())),
                "{name}"
            );
        }
    }

    #[test]
    fn natural_widths_follow_the_rule() {
        let en = Language::En;
        let rule = Natural::Widest { floor: 7, cap: 9 };
        assert_eq!(rule.width("Type", 3, en), 7);
        assert_eq!(rule.width("Type", 8, en), 8);
        assert_eq!(rule.width("Type", 30, en), 9);
        assert_eq!(rule.width("Type", 30, Language::Ru), 9);
        assert_eq!(Natural::WIDEST.width("Start–end", 3, en), 9);
        assert_eq!(Natural::Exactly(13).width("Installed", 40, en), 13);
        // Our own words: more room in the languages that need it.
        let worded = Natural::Worded { cap: 15 };
        assert_eq!(worded.width("When", 13, en), 13);
        assert_eq!(worded.width("When", 19, en), 15);
        assert_eq!(worded.width("Когда", 19, Language::Ru), 19);
        assert_eq!(worded.width("Qachon", 25, Language::Uz), 25);
        assert_eq!(worded.width("Qachon", 40, Language::Uz), 25);
    }
}
