//! Text measured once for drawing: its width in terminal columns and where
//! its grapheme clusters (what one terminal cell holds) end. A table row is
//! formatted when its page arrives; measuring it then too lets every frame
//! lay the row out without segmenting or measuring its text again.
//!
//! [`CellText::fit`] says what [`pad_to_width`] would put in a column, as
//! clusters ready to copy: the same text, cut at the same place, split the
//! same way as `unicode-segmentation` (which ratatui uses) would split the
//! padded string. When that cannot be promised cheaply it answers None and
//! the caller pads and splits the text itself.
//!
//! [`pad_to_width`]: super::format::pad_to_width

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use super::format::{ELLIPSIS, ELLIPSIS_COLUMNS, display_width, fitting_prefix_len};

/// Sanitised text with its width and its grapheme clusters.
///
/// Kept small (32 bytes): a row of the dashboard holds one per column, for
/// every group held (100,000 of them in a large centre's list).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CellText {
    /// No spare capacity, unlike the `String` it was made from; shared by
    /// the cells that show the same text ([`SharedTexts`]).
    text: Arc<str>,
    /// The byte offset where each cluster ends, when `kind` is
    /// [`Kind::Ends`]. Boxed once more, to keep every cell a pointer
    /// smaller: few texts need it.
    ends: Option<Box<Box<[u32]>>>,
    /// A cell is far narrower than `u32::MAX` columns.
    width: u32,
    kind: Kind,
}

/// How a text's clusters are found (apart from the offsets, so that a
/// cell is 32 bytes, not 40).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Bytes,
    Chars,
    Ends,
    JoinsNext,
}

/// How a text's clusters are found, borrowed.
#[derive(Clone, Copy)]
enum Clusters<'a> {
    /// Printable ASCII: every byte is a cluster.
    Bytes,
    /// Every character is a cluster (see [`is_lone_char`]).
    Chars,
    /// The byte offset where each cluster ends.
    Ends(&'a [u32]),
    /// The last cluster would take in what follows it (a prepended
    /// concatenation mark), so the text is only split together with the
    /// padding drawn after it.
    JoinsNext,
}

impl CellText {
    /// Measures `text` (which should already be sanitised).
    pub fn new(text: String) -> Self {
        let width = display_width(&text);
        let (kind, ends) = if is_printable_ascii(&text) {
            (Kind::Bytes, None)
        } else if text
            .chars()
            .all(|c| c.is_ascii_graphic() || c == ' ' || is_lone_char(c))
        {
            (Kind::Chars, None)
        } else {
            measure_clusters(&text)
        };
        Self {
            text: Arc::from(text),
            ends,
            width: u32::try_from(width).unwrap_or(u32::MAX),
            kind,
        }
    }

    /// The text itself.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Terminal columns the text takes, as [`display_width`] counts them.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// What a column `width` wide shows of the text (see the module doc).
    pub fn fit(&self, width: usize) -> Option<Fitted<'_>> {
        let clusters = match (self.kind, &self.ends) {
            (Kind::Bytes, _) => Clusters::Bytes,
            (Kind::Chars, _) => Clusters::Chars,
            (Kind::Ends, Some(ends)) => Clusters::Ends(ends),
            (Kind::Ends | Kind::JoinsNext, _) => Clusters::JoinsNext,
        };
        Measured {
            text: &self.text,
            width: self.width(),
            clusters,
        }
        .fit(width)
    }
}

/// One copy of each text that repeats down a column (a course, a status,
/// days, a time: a few dozen texts for 100,000 groups), shared by the
/// cells that show it instead of one allocation per cell. At most
/// [`SharedTexts::MOST`] texts (and as many pairs) are held: a column of
/// texts that never repeat (names, numbers) shares nothing and costs
/// nothing past that.
#[derive(Debug, Clone, Default)]
pub struct SharedTexts {
    texts: HashSet<CellText>,
    pairs: HashSet<Arc<Narrowable>>,
}

/// A text and its narrower form (a column's `Narrowable` cell), held
/// once for the rows that show the same.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Narrowable {
    pub wide: CellText,
    pub narrow: CellText,
}

impl SharedTexts {
    pub const MOST: usize = 4096;

    /// Points `text` at the copy held of the same text, or holds it.
    pub fn share(&mut self, text: &mut CellText) {
        share_in(&mut self.texts, text);
    }

    /// Points `pair` at the pair held of the same texts, or holds it.
    pub fn share_pair(&mut self, pair: &mut Arc<Narrowable>) {
        share_in(&mut self.pairs, pair);
    }
}

fn share_in<T: Clone + Eq + std::hash::Hash>(held: &mut HashSet<T>, value: &mut T) {
    match held.get(value) {
        Some(copy) => value.clone_from(copy),
        None if held.len() < SharedTexts::MOST => {
            held.insert(value.clone());
        }
        None => {}
    }
}

/// [`CellText::fit`] for text measured now: printable ASCII (a space to
/// `~`), where each byte is a cluster one column wide; None for other text.
pub fn fit_plain(text: &str, width: usize) -> Option<Fitted<'_>> {
    if !is_printable_ascii(text) {
        return None;
    }
    Measured {
        text,
        width: text.len(),
        clusters: Clusters::Bytes,
    }
    .fit(width)
}

/// What a column shows of a text: its clusters (all of them, or those of
/// the prefix that fits), an ellipsis when it was cut, and the columns
/// both take; the column's padding fills the rest.
pub struct Fitted<'a> {
    pub clusters: ClusterIter<'a>,
    pub ellipsis: bool,
    pub width: usize,
}

/// Text and its clusters, borrowed.
#[derive(Clone, Copy)]
struct Measured<'a> {
    text: &'a str,
    width: usize,
    clusters: Clusters<'a>,
}

impl<'a> Measured<'a> {
    fn fit(self, width: usize) -> Option<Fitted<'a>> {
        if self.width <= width {
            return Some(Fitted {
                clusters: self.clusters_before(self.text.len())?,
                ellipsis: false,
                width: self.width,
            });
        }
        // Too wide: cut where `truncate_to_width` cuts, the ellipsis after.
        let Some(budget) = width.checked_sub(ELLIPSIS_COLUMNS) else {
            return Some(Fitted {
                clusters: self.clusters_before(0)?,
                ellipsis: false,
                width: 0,
            });
        };
        let cut = match self.clusters {
            // Printable ASCII is cut after `budget` characters.
            Clusters::Bytes => budget,
            _ => fitting_prefix_len(self.text, budget),
        };
        let clusters = self.clusters_before(cut)?;
        // Only a cluster of several characters can take in what follows.
        if let Clusters::Ends(_) = self.clusters
            && let Some(last) = clusters.clone().last()
            && !stays_apart_from_ellipsis(last)
        {
            return None;
        }
        Some(Fitted {
            clusters,
            ellipsis: true,
            // The ellipsis adds its own width whatever precedes it.
            width: match self.clusters {
                Clusters::Bytes => cut,
                _ => display_width(&self.text[..cut]),
            } + ELLIPSIS_COLUMNS,
        })
    }

    /// The clusters of `text[..cut]`, when `cut` ends a cluster.
    fn clusters_before(self, cut: usize) -> Option<ClusterIter<'a>> {
        let ends = match self.clusters {
            Clusters::Bytes => Ends::Bytes,
            Clusters::Chars => Ends::Chars,
            Clusters::JoinsNext => return None,
            Clusters::Ends(ends) => {
                let count = match cut {
                    0 => 0,
                    cut => ends.binary_search(&u32::try_from(cut).ok()?).ok()? + 1,
                };
                Ends::Offsets(ends[..count].iter())
            }
        };
        Some(ClusterIter {
            text: &self.text[..cut],
            start: 0,
            ends,
        })
    }
}

/// The grapheme clusters of a text, without allocating.
#[derive(Clone)]
pub struct ClusterIter<'a> {
    text: &'a str,
    start: usize,
    ends: Ends<'a>,
}

#[derive(Clone)]
enum Ends<'a> {
    Bytes,
    Chars,
    Offsets(std::slice::Iter<'a, u32>),
}

impl<'a> ClusterIter<'a> {
    /// The text left, when each of its characters is a cluster of its own
    /// (printable ASCII or [`is_lone_char`]).
    pub fn lone_chars(&self) -> Option<&'a str> {
        match self.ends {
            Ends::Bytes | Ends::Chars => Some(&self.text[self.start..]),
            Ends::Offsets(_) => None,
        }
    }
}

impl<'a> Iterator for ClusterIter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let end = match &mut self.ends {
            Ends::Bytes => (self.start < self.text.len()).then_some(self.start + 1)?,
            Ends::Chars => self.start + self.text[self.start..].chars().next()?.len_utf8(),
            Ends::Offsets(ends) => *ends.next()? as usize,
        };
        let cluster = &self.text[self.start..end];
        self.start = end;
        Some(cluster)
    }
}

/// True when every byte of `text` is a printable ASCII character (a space
/// to `~`), each a cluster one column wide.
pub fn is_printable_ascii(text: &str) -> bool {
    text.bytes().all(|b| (b' '..=b'~').contains(&b))
}

/// True for a character that is a grapheme cluster of its own beside any
/// other such character or printable ASCII, and takes at least a column:
/// the letters, digits and punctuation of Latin, Greek and Cyrillic text,
/// common symbols, kana, CJK ideographs and Hangul syllables. Combining
/// marks, joiners, controls, format characters, Hangul jamo, emoji and
/// flags are not, and go through the segmenter. (A test checks every
/// character here against `unicode-segmentation` and `unicode-width`.)
fn is_lone_char(c: char) -> bool {
    matches!(c,
        '\u{A0}'..='\u{AC}' // Latin-1 (U+00AD, the soft hyphen, is a format character)
        | '\u{AE}'..='\u{2FF}' // Latin-1, Latin Extended-A and -B, IPA, modifier letters
        | '\u{370}'..='\u{377}'
        | '\u{37A}'..='\u{37F}'
        | '\u{384}'..='\u{38A}'
        | '\u{38C}'
        | '\u{38E}'..='\u{3A1}'
        | '\u{3A3}'..='\u{3FF}' // Greek
        | '\u{400}'..='\u{482}'
        | '\u{48A}'..='\u{52F}' // Cyrillic (U+0483..U+0489 combine)
        | '\u{2010}'..='\u{2027}'
        | '\u{2030}'..='\u{205E}' // General Punctuation: dashes, quotes, ellipsis
        | '\u{20A0}'..='\u{20C0}' // currency signs
        | '\u{2116}' // numero sign
        | '\u{3041}'..='\u{3096}'
        | '\u{30A1}'..='\u{30FA}' // kana (U+3099 and U+309A combine)
        | '\u{4E00}'..='\u{9FFF}' // CJK ideographs
        | '\u{AC00}'..='\u{D7A3}' // Hangul syllables
        | '\u{FF01}'..='\u{FF60}' // fullwidth forms
    )
}

fn measure_clusters(text: &str) -> (Kind, Option<Box<Box<[u32]>>>) {
    // Offsets are kept in 32 bits; a longer text is split when drawn.
    if u32::try_from(text.len()).is_err() {
        return (Kind::JoinsNext, None);
    }
    let ends: Box<[u32]> = text
        .grapheme_indices(true)
        .map(|(start, cluster)| (start + cluster.len()) as u32)
        .collect();
    let last_start = match ends.len() {
        0 | 1 => 0,
        n => ends[n - 2] as usize,
    };
    // A cluster followed by a space normally ends before it; when the last
    // one does not, drawing it apart from its padding would split the text
    // differently from drawing both at once.
    let probe = format!("{} ", &text[last_start..]);
    if probe.graphemes(true).next_back() != Some(" ") {
        return (Kind::JoinsNext, None);
    }
    (Kind::Ends, Some(Box::new(ends)))
}

/// True when `cluster` followed by the ellipsis splits into the two.
fn stays_apart_from_ellipsis(cluster: &str) -> bool {
    const ROOM: usize = 32;
    let length = cluster.len() + ELLIPSIS.len_utf8();
    if length > ROOM {
        return false;
    }
    let mut joined = [0u8; ROOM];
    joined[..cluster.len()].copy_from_slice(cluster.as_bytes());
    ELLIPSIS.encode_utf8(&mut joined[cluster.len()..]);
    std::str::from_utf8(&joined[..length])
        .is_ok_and(|joined| joined.graphemes(true).next() == Some(cluster))
}

impl fmt::Debug for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.text, f)
    }
}

impl fmt::Display for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq<str> for CellText {
    fn eq(&self, other: &str) -> bool {
        *self.text == *other
    }
}

impl PartialEq<&str> for CellText {
    fn eq(&self, other: &&str) -> bool {
        *self.text == **other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_share_one_copy_up_to_the_most_held() {
        let mut shared = SharedTexts::default();
        let mut first = CellText::new("Chemistry".to_string());
        let mut second = CellText::new("Chemistry".to_string());
        assert_ne!(first.as_str().as_ptr(), second.as_str().as_ptr());
        shared.share(&mut first);
        shared.share(&mut second);
        assert_eq!(first.as_str().as_ptr(), second.as_str().as_ptr());
        assert_eq!(second, CellText::new("Chemistry".to_string()));
        for n in 0..2 * SharedTexts::MOST {
            shared.share(&mut CellText::new(n.to_string()));
        }
        assert_eq!(shared.texts.len(), SharedTexts::MOST, "never more held");
        let mut late = CellText::new("late".to_string());
        let before = late.as_str().as_ptr();
        shared.share(&mut late);
        assert_eq!(late.as_str().as_ptr(), before, "kept as it was");
    }
    use crate::present::format::pad_to_width;

    #[test]
    fn a_text_and_a_cell_stay_32_bytes() {
        // One cell per column of every group held: 8 bytes more is 6.4 MB
        // at 100,000 groups (issue 34 §3).
        assert_eq!(std::mem::size_of::<CellText>(), 32);
        let cell = std::mem::size_of::<crate::present::columns::ScreenCell>();
        assert_eq!(cell, 32);
        let key = std::mem::size_of::<crate::present::columns::SortKey>();
        assert_eq!(key, 16, "a group's row holds five, sorted by a key");
    }

    /// What the column shows, put back together from the fitted clusters.
    fn shown(fitted: Fitted<'_>, width: usize) -> (Vec<String>, String) {
        let mut clusters: Vec<String> = fitted.clusters.map(str::to_string).collect();
        if fitted.ellipsis {
            clusters.push(ELLIPSIS.to_string());
        }
        let padded = format!("{}{}", clusters.concat(), " ".repeat(width - fitted.width));
        (clusters, padded)
    }

    fn clusters_of(text: &str) -> Option<Vec<String>> {
        let cell = CellText::new(text.to_string());
        cell.fit(cell.width()).map(|f| shown(f, cell.width()).0)
    }

    #[test]
    fn ascii_splits_into_bytes() {
        let cell = CellText::new("Mon Wed".to_string());
        assert_eq!(cell.width(), 7);
        assert_eq!(
            clusters_of("Mon Wed").unwrap(),
            ["M", "o", "n", " ", "W", "e", "d"]
        );
        assert_eq!(clusters_of("").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn other_text_splits_into_grapheme_clusters() {
        // A combining accent, a wide character, an emoji joined by ZWJ.
        let text = "Cafe\u{301} 日本 👩\u{200d}💻–";
        let cell = CellText::new(text.to_string());
        assert_eq!(cell.width(), display_width(text));
        assert_eq!(
            clusters_of(text).unwrap(),
            [
                "C",
                "a",
                "f",
                "e\u{301}",
                " ",
                "日",
                "本",
                " ",
                "👩\u{200d}💻",
                "–"
            ]
        );
    }

    #[test]
    fn a_last_cluster_that_takes_in_a_space_is_not_split_apart() {
        // U+0600 ARABIC NUMBER SIGN is a prepended mark: it joins the space after it.
        assert_eq!(clusters_of("12\u{600}"), None);
        assert!(clusters_of("\u{600}12").is_some());
    }

    #[test]
    fn fitted_text_is_what_pad_to_width_makes() {
        let texts = [
            "Frontend React",
            "Русский язык — 17:30",
            "Mirzo Ulugʻbek",
            "English Intermediate — 10:00",
            "日本語の文字",
            "Cafe\u{301} Français",
            "👩\u{200d}💻👩\u{200d}💻 team",
            "🇺🇿🇺🇿",
            "ｶﾞｷﾞ",
            "\u{600}1\u{600}2",
        ];
        for text in texts {
            let cell = CellText::new(text.to_string());
            for width in 0..cell.width() + 2 {
                let Some(fitted) = cell.fit(width) else {
                    continue;
                };
                let (clusters, padded) = shown(fitted, width);
                let expected = pad_to_width(text, width);
                assert_eq!(padded, expected, "{text:?} in {width}");
                let split: Vec<&str> = expected.graphemes(true).collect();
                assert_eq!(
                    split[..clusters.len()],
                    clusters,
                    "{text:?} in {width}: split as the padded text"
                );
            }
        }
    }

    #[test]
    fn text_cut_inside_a_cluster_is_left_to_the_caller() {
        // The cut falls between the two regional indicators of a flag.
        let cell = CellText::new("🇺🇿🇺🇿".to_string());
        assert!((0..cell.width()).any(|width| cell.fit(width).is_none()));
    }

    #[test]
    fn plain_text_fits_only_when_ascii() {
        let fitted = fit_plain("Mirzo Ulugbek", 10).unwrap();
        assert_eq!(shown(fitted, 10).1, "Mirzo Ulu…");
        assert!(fit_plain("Mirzo Ulug'bek", 20).is_some());
        assert!(fit_plain("Mirzo Ulugʻbek", 20).is_none());
        assert!(fit_plain("a\tb", 20).is_none());
    }

    /// Every character [`is_lone_char`] accepts, against the segmenter
    /// and the width tables: a cluster of its own between ASCII letters,
    /// after itself and before a space, and at least a column wide.
    #[test]
    fn lone_chars_are_clusters_of_their_own() {
        let lone = (0..=u32::from(char::MAX))
            .filter_map(char::from_u32)
            .filter(|&c| is_lone_char(c));
        let mut checked = 0;
        for c in lone {
            let text = format!("a{c}a{c}{c} ");
            let split: Vec<&str> = text.graphemes(true).collect();
            let expected = [
                "a".to_string(),
                c.to_string(),
                "a".to_string(),
                c.to_string(),
                c.to_string(),
                " ".to_string(),
            ];
            assert_eq!(split, expected, "U+{:04X}", u32::from(c));
            assert!(!c.is_control(), "U+{:04X}", u32::from(c));
            assert!(display_width(&c.to_string()) >= 1, "U+{:04X}", u32::from(c));
            checked += 1;
        }
        assert!(checked > 30_000, "{checked}");
        assert!(!is_lone_char('\u{301}') && !is_lone_char('\u{200d}') && !is_lone_char('\u{ad}'));
    }

    #[test]
    fn common_text_splits_by_characters_without_the_segmenter() {
        let cell = CellText::new("Русский язык — 17:30".to_string());
        assert!(matches!(cell.kind, Kind::Chars));
        let cell = CellText::new("Cafe\u{301}".to_string());
        assert!(matches!(cell.kind, Kind::Ends));
    }

    #[test]
    fn compares_with_its_text() {
        let cell = CellText::new("11:30–13:00".to_string());
        assert_eq!(cell, "11:30–13:00");
        assert_eq!(cell.as_str(), "11:30–13:00");
        assert_eq!(format!("{cell} {cell:?}"), "11:30–13:00 \"11:30–13:00\"");
    }
}
