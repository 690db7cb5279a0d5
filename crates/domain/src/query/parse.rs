//! Reading a query's text into its terms, and the quoting that prints a
//! term back so it reads the same.

use super::words::{self, LONGEST_PHRASE};
use super::{Days, Term, time};
use crmdeck_model::weekday::parse_day_name;

/// A word of the query as typed: its text without the quotes, and where
/// in it the first quoted part began (a quoted word is text, and a colon
/// inside quotes names no field).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    text: String,
    quoted_from: Option<usize>,
}

impl Token {
    fn plain(&self) -> bool {
        self.quoted_from.is_none()
    }
}

/// Fields by their names (English, Russian, Uzbek).
const FIELDS: [(&str, Field); 12] = [
    ("branch", Field::Branch),
    ("филиал", Field::Branch),
    ("filial", Field::Branch),
    ("course", Field::Course),
    ("курс", Field::Course),
    ("kurs", Field::Course),
    ("status", Field::Status),
    ("статус", Field::Status),
    ("holat", Field::Status),
    ("days", Field::Days),
    ("дни", Field::Days),
    ("kunlar", Field::Days),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Branch,
    Course,
    Status,
    Days,
}

/// The terms of `text`, left to right.
pub(super) fn terms(text: &str) -> Vec<Term> {
    let tokens = worded(joined(tokens(text)));
    let mut terms = Vec::with_capacity(tokens.len());
    let mut at = 0;
    while at < tokens.len() {
        let (term, used) = phrase(&tokens[at..]).unwrap_or_else(|| (term(&tokens[at]), 1));
        terms.push(term);
        at += used;
    }
    terms
}

/// The words of `text`: apart at white space outside quotes; `\` inside
/// quotes takes the next character as it is.
fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut current: Option<Token> = None;
    let mut quoting = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c.is_whitespace() && !quoting {
            tokens.extend(current.take());
            continue;
        }
        let token = current.get_or_insert_with(|| Token {
            text: String::new(),
            quoted_from: None,
        });
        match c {
            '"' => {
                quoting = !quoting;
                token.quoted_from.get_or_insert(token.text.len());
            }
            '\\' if quoting => token.text.extend(chars.next()),
            _ => token.text.push(c),
        }
    }
    tokens.extend(current);
    tokens
}

/// Tokens with a lone operator or dash joined to their neighbours when
/// together they are a time: `>= 17` is `>=17`, `17 - 20` is `17-20`.
fn joined(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        let next = tokens.peek().filter(|next| next.plain() && token.plain());
        let time = |text: String| time::read(&text).is_some().then_some(text);
        let joined = next.and_then(|next| {
            if is_operator(&token.text) {
                time(format!("{}{}", token.text, next.text)).map(|text| (text, false))
            } else if is_dash(&token.text) {
                let last = out.last().filter(|last| last.plain())?;
                time(format!("{}-{}", last.text, next.text)).map(|text| (text, true))
            } else {
                None
            }
        });
        match joined {
            Some((text, with_last)) => {
                tokens.next();
                if with_last {
                    out.pop();
                }
                out.push(Token {
                    text,
                    quoted_from: None,
                });
            }
            None => out.push(token),
        }
    }
    out
}

/// Words before a time that say which side of it the lesson starts, as
/// the operator they mean: `after 17:00`, `после 17:00`, `с 17:00` are
/// all `>=17:00` (issue 37 §3).
const WORDS_BEFORE: [(&str, &str); 10] = [
    ("from", ">="),
    ("after", ">="),
    ("since", ">="),
    ("после", ">="),
    ("с", ">="),
    ("от", ">="),
    ("before", "<"),
    ("до", "<"),
    ("until", "<="),
    ("till", "<="),
];

/// Words after a time (Uzbek puts them there), longest first:
/// `17:00 dan keyin`, `17:00dan`, `17:00 gacha`.
const WORDS_AFTER: [(&str, &str); 8] = [
    ("dan keyin", ">="),
    ("дан кейин", ">="),
    ("keyin", ">="),
    ("кейин", ">="),
    ("dan", ">="),
    ("дан", ">="),
    ("gacha", "<="),
    ("гача", "<="),
];

/// Tokens with the words that say a time's side joined to it as the
/// operator they mean (`after 17:00` is `>=17:00`, `17:00 dan keyin`
/// too); a word whose neighbour is no time stays a word.
fn worded(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut at = 0;
    while at < tokens.len() {
        let (token, used) = side_before(&tokens[at..])
            .or_else(|| side_after(&tokens[at..]))
            .unwrap_or_else(|| (tokens[at].clone(), 1));
        out.push(token);
        at += used;
    }
    out
}

/// `after 17:00` at the start of `tokens`: the time with its operator, and
/// the two tokens it took.
fn side_before(tokens: &[Token]) -> Option<(Token, usize)> {
    let [word, time, ..] = tokens else {
        return None;
    };
    if !word.plain() || !time.plain() || time::read(&time.text).is_none() {
        return None;
    }
    let lower = word.text.to_lowercase();
    let (_, operator) = WORDS_BEFORE.iter().find(|(name, _)| *name == lower)?;
    sided(operator, &time.text, 2)
}

/// `17:00 dan keyin`, `17:00dan keyin` or `17:00 gacha` at the start of
/// `tokens`: the time with its operator, and the tokens it took.
fn side_after(tokens: &[Token]) -> Option<(Token, usize)> {
    let time = tokens.first().filter(|time| time.plain())?;
    let lower = time.text.to_lowercase();
    // The word glued to the time (`17:00dan`), then as words after it.
    let glued = WORDS_AFTER.iter().find_map(|(word, operator)| {
        let stem = lower.strip_suffix(word)?;
        time::read(stem)
            .is_some()
            .then_some((stem, *word, *operator))
    });
    if let Some((stem, word, operator)) = glued {
        // `17:00dan keyin`: the rest of the phrase after it.
        let rest = WORDS_AFTER.iter().find(|(phrase, _)| {
            phrase.strip_prefix(word).map(str::trim_start)
                == tokens
                    .get(1)
                    .map(|next| next.text.to_lowercase())
                    .as_deref()
        });
        return sided(operator, stem, if rest.is_some() { 2 } else { 1 });
    }
    time::read(&time.text)?;
    WORDS_AFTER.iter().find_map(|(phrase, operator)| {
        let words: Vec<&str> = phrase.split(' ').collect();
        let next = tokens.get(1..=words.len())?;
        let same = next
            .iter()
            .zip(&words)
            .all(|(token, word)| token.plain() && token.text.to_lowercase() == *word);
        same.then(|| sided(operator, &time.text, 1 + words.len()))
            .flatten()
    })
}

/// `time` read with `operator` before it, as one token, if it reads so.
fn sided(operator: &str, time: &str, used: usize) -> Option<(Token, usize)> {
    let text = format!("{operator}{}", time.trim_end_matches(['-', '–', '—']));
    time::read(&text)?;
    Some((
        Token {
            text,
            quoted_from: None,
        },
        used,
    ))
}

fn is_operator(text: &str) -> bool {
    matches!(text, ">" | ">=" | "<" | "<=" | "≥" | "≤")
}

fn is_dash(text: &str) -> bool {
    matches!(text, "-" | "–" | "—")
}

/// A part of the day or a set of days named by several words at the start
/// of `tokens` (`tushdan keyin`, `har kuni`), and how many it took.
fn phrase(tokens: &[Token]) -> Option<(Term, usize)> {
    let most = tokens.len().min(LONGEST_PHRASE);
    (2..=most).rev().find_map(|len| {
        let words = &tokens[..len];
        if !words.iter().all(Token::plain) {
            return None;
        }
        let text: Vec<&str> = words.iter().map(|token| token.text.as_str()).collect();
        let text = text.join(" ");
        let term = (words::part(&text).map(Term::Part))
            .or_else(|| words::named_set(&text).map(Term::Days))?;
        Some((term, len))
    })
}

/// What one word is.
fn term(token: &Token) -> Term {
    if token.quoted_from == Some(0) {
        return Term::Text(token.text.clone());
    }
    field(token)
        .or_else(|| token.plain().then(|| unquoted(&token.text)).flatten())
        .unwrap_or_else(|| Term::Text(token.text.clone()))
}

/// A field word (`branch:…`), its name before any quote.
fn field(token: &Token) -> Option<Term> {
    let (name, value) = token.text.split_once(':')?;
    let before_quotes = token.quoted_from.is_none_or(|quoted| name.len() < quoted);
    let lower = name.to_lowercase();
    let (_, field) = FIELDS.iter().find(|(word, _)| *word == lower)?;
    if !before_quotes {
        return None;
    }
    match field {
        Field::Branch => Some(Term::Branch(value.to_string())),
        Field::Course => Some(Term::Course(value.to_string())),
        Field::Status => words::status(value).map(Term::Status),
        Field::Days => days(value).map(Term::Days),
    }
}

/// A field that needs no name: a time, a weekday, a part of the day, a
/// set of days.
fn unquoted(text: &str) -> Option<Term> {
    (time::read(text).map(Term::Start))
        .or_else(|| words::weekday(text).map(Term::Day))
        .or_else(|| words::part(text).map(Term::Part))
        .or_else(|| words::named_set(text).map(Term::Days))
}

/// `days:`'s value: the API's code 1 to 4, a named set, or days a comma
/// apart (`mon,wed,fri`, `пн,ср,пт`, `du,chor,ju`).
fn days(value: &str) -> Option<Days> {
    const CODES: [Days; 4] = [
        Days::MON_WED_FRI,
        Days::TUE_THU_SAT,
        Days::WEEKEND,
        Days::EVERY_DAY,
    ];
    if let Some(code) = value
        .parse::<usize>()
        .ok()
        .filter(|code| (1..=4).contains(code))
    {
        return Some(CODES[code - 1]);
    }
    if let Some(set) = words::named_set(value) {
        return Some(set);
    }
    let days: Option<Vec<_>> = value
        .split([',', '+', '/'])
        .map(|day| words::weekday(day).or_else(|| parse_day_name(day)))
        .collect();
    days.filter(|days| !days.is_empty()).map(Days::of)
}

/// Whether `text` typed bare reads back as the text `text`: no quote or
/// space to protect, no field, and no word of a phrase or lone operator a
/// neighbour could join.
pub(super) fn reads_as_text(text: &str) -> bool {
    let token = Token {
        text: text.to_string(),
        quoted_from: None,
    };
    let special = |c: char| c.is_whitespace() || c == '"' || c == '\\';
    !text.is_empty()
        && !text.chars().any(special)
        && term(&token) == Term::Text(text.to_string())
        && !is_operator(text)
        && !is_dash(text)
        && !in_a_phrase(text)
        && !says_a_side(&token)
}

/// Whether `token` is a word that says a time's side (`after`, `gacha`,
/// a word of `dan keyin`) or a time with one glued to it (`17:00dan`):
/// bare, it would join its neighbour.
fn says_a_side(token: &Token) -> bool {
    let lower = token.text.to_lowercase();
    let before = WORDS_BEFORE.iter().any(|(word, _)| *word == lower);
    let after = WORDS_AFTER
        .iter()
        .any(|(phrase, _)| phrase.split(' ').any(|word| word == lower));
    before || after || side_after(std::slice::from_ref(token)).is_some()
}

/// A field's value as typed: bare when it can be, else quoted.
pub(super) fn value_text(value: &str) -> String {
    let special = |c: char| c.is_whitespace() || c == '"' || c == '\\';
    if value.chars().any(special) {
        quoted(value)
    } else {
        value.to_string()
    }
}

/// `text` in quotes, its quotes and backslashes escaped.
pub(super) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Whether `word` is one of the words of a phrase of several.
fn in_a_phrase(word: &str) -> bool {
    let folded = crate::script::fold(word);
    let parts = words::PARTS.iter().flat_map(|(_, names)| names.iter());
    let sets = words::NAMED_SETS
        .iter()
        .flat_map(|(_, _, names)| names.iter());
    parts.chain(sets).any(|phrase| {
        phrase.contains(' ')
            && phrase
                .split(' ')
                .any(|part| crate::script::fold(part) == folded)
    })
}

#[cfg(test)]
mod tests;
