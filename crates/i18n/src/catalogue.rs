//! The catalogue files read and checked: shared by `build.rs` (which fails
//! the build on what [`check`] finds and generates the code from `en`) and
//! by this crate's unit tests (which feed it broken catalogues).
//!
//! Our own format rather than Fluent: `id = text` lines with `{name}`
//! placeholders and `id.one`/`id.few`/`id.many`/`id.other` plural forms
//! are all crmdeck's messages need, the checks below are a hundred lines,
//! and the binary takes no new crate (Fluent brings fluent-bundle,
//! fluent-syntax, intl_pluralrules, unic-langid and their tables, and
//! wraps every placeholder in isolation marks unless told not to).

use std::collections::BTreeMap;

/// The plural categories, in the order the forms are kept.
pub const CATEGORIES: [&str; 4] = ["one", "few", "many", "other"];

/// The categories each language's messages with a count must have, by
/// CLDR's rules for whole numbers: Russian one/few/many, the others
/// one/other.
pub fn categories_of(language: &str) -> &'static [&'static str] {
    match language {
        "ru" => &["one", "few", "many"],
        _ => &["one", "other"],
    }
}

/// A piece of a message's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Literal(String),
    Placeholder(String),
}

/// One message of one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// Its pieces (without placeholders: one literal, or none).
    Single(Vec<Piece>),
    /// Its forms by category.
    Plural(BTreeMap<String, Vec<Piece>>),
}

impl Message {
    /// Every placeholder, sorted, each once.
    pub fn placeholders(&self) -> Vec<String> {
        let pieces: Vec<&Piece> = match self {
            Message::Single(pieces) => pieces.iter().collect(),
            Message::Plural(forms) => forms.values().flatten().collect(),
        };
        let mut names: Vec<String> = pieces
            .into_iter()
            .filter_map(|piece| match piece {
                Piece::Placeholder(name) => Some(name.clone()),
                Piece::Literal(_) => None,
            })
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// A language's catalogue: its messages by id, in file order of first sight.
pub type Catalogue = BTreeMap<String, Message>;

/// `{name}` placeholders split out of `text`; `{` or `}` anywhere else is
/// an error (no message needs a literal brace).
pub fn pieces(text: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("a '}}' without its '{{' in {text:?}"));
        }
        if open > 0 {
            out.push(Piece::Literal(rest[..open].to_string()));
        }
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("a '{{' without its '}}' in {text:?}"))?;
        let name = &after[..close];
        let well_named = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !well_named {
            return Err(format!(
                "placeholder {{{name}}} in {text:?}: lower case, digits, _"
            ));
        }
        out.push(Piece::Placeholder(name.to_string()));
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Literal(rest.to_string()));
    }
    Ok(out)
}

/// Reads one catalogue file of `language`; errors name the line.
pub fn parse(language: &str, source: &str) -> Result<Catalogue, Vec<String>> {
    let mut catalogue = Catalogue::new();
    let mut errors = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let at = format!("{language}.txt:{}", index + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, text)) = line.split_once(" = ") else {
            errors.push(format!("{at}: not `id = text`"));
            continue;
        };
        let (id, category) = match key.split_once('.') {
            Some((id, category)) => (id, Some(category)),
            None => (key, None),
        };
        let well_named = id.split('-').all(|word| {
            !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        }) && id.starts_with(|c: char| c.is_ascii_lowercase());
        if !well_named {
            errors.push(format!("{at}: id {id:?}: lower-case words joined by '-'"));
            continue;
        }
        let pieces = match pieces(text) {
            Ok(pieces) => pieces,
            Err(error) => {
                errors.push(format!("{at}: {error}"));
                continue;
            }
        };
        match (category, catalogue.get_mut(id)) {
            (None, None) => {
                catalogue.insert(id.to_string(), Message::Single(pieces));
            }
            (Some(category), found) => {
                if !CATEGORIES.contains(&category) {
                    errors.push(format!("{at}: {category:?} is no plural category"));
                    continue;
                }
                match found {
                    None => {
                        let forms = BTreeMap::from([(category.to_string(), pieces)]);
                        catalogue.insert(id.to_string(), Message::Plural(forms));
                    }
                    Some(Message::Plural(forms)) if !forms.contains_key(category) => {
                        forms.insert(category.to_string(), pieces);
                    }
                    Some(_) => errors.push(format!("{at}: {key} twice")),
                }
            }
            (None, Some(_)) => errors.push(format!("{at}: {id} twice")),
        }
    }
    match errors.is_empty() {
        true => Ok(catalogue),
        false => Err(errors),
    }
}

/// What is wrong between the source (`en`) and the other languages: a
/// message missing or extra, placeholders that differ, a message plural in
/// one and not the other, a plural lacking a category its language needs.
pub fn check(source: &Catalogue, others: &[(&str, &Catalogue)]) -> Vec<String> {
    let mut wrong = Vec::new();
    let all = std::iter::once(("en", source)).chain(others.iter().map(|(l, c)| (*l, *c)));
    for (language, catalogue) in all.clone() {
        for (id, message) in catalogue {
            if let Message::Plural(forms) = message {
                let needed = categories_of(language);
                for category in needed {
                    if !forms.contains_key(*category) {
                        wrong.push(format!("{language}: {id} has no form {category:?}"));
                    }
                }
                for category in forms.keys() {
                    if !needed.contains(&category.as_str()) {
                        wrong.push(format!(
                            "{language}: {id}.{category}: {language} has no such form"
                        ));
                    }
                }
                // Every form says the same things.
                let all = message.placeholders();
                for (category, pieces) in forms {
                    if Message::Single(pieces.clone()).placeholders() != all {
                        wrong.push(format!(
                            "{language}: {id}.{category}: placeholders differ from its other forms"
                        ));
                    }
                }
                if !message.placeholders().iter().any(|name| name == "n") {
                    wrong.push(format!(
                        "{language}: {id}: a message with a count says it as {{n}}"
                    ));
                }
            }
        }
    }
    for (language, catalogue) in others {
        for (id, message) in source.iter() {
            let Some(theirs) = catalogue.get(id) else {
                wrong.push(format!("{language}: {id} is missing"));
                continue;
            };
            if matches!(message, Message::Plural(_)) != matches!(theirs, Message::Plural(_)) {
                wrong.push(format!(
                    "{language}: {id} is plural in one language and not in the other"
                ));
            }
            if message.placeholders() != theirs.placeholders() {
                wrong.push(format!(
                    "{language}: {id} has placeholders {:?}, en has {:?}",
                    theirs.placeholders(),
                    message.placeholders()
                ));
            }
        }
        for id in catalogue.keys() {
            if !source.contains_key(id) {
                wrong.push(format!("{language}: {id} is not in en"));
            }
        }
    }
    wrong
}

/// `cli-days-title` as a type's name: `CliDaysTitle`.
pub fn camel(id: &str) -> String {
    id.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

/// `cli-days-title` as a function's name: `cli_days_title`.
pub fn snake(id: &str) -> String {
    id.replace('-', "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(language: &str, source: &str) -> Catalogue {
        parse(language, source).unwrap()
    }

    fn wrong(en: &str, ru: &str) -> Vec<String> {
        check(&read("en", en), &[("ru", &read("ru", ru))])
    }

    const EN: &str = "# a comment\nquit = quit\npage-of = page {page} of {of}\ngroup-count.one = {n} group\ngroup-count.other = {n} groups\n";
    const RU: &str = "quit = выход\npage-of = стр. {page} из {of}\ngroup-count.one = {n} группа\ngroup-count.few = {n} группы\ngroup-count.many = {n} групп\n";

    #[test]
    fn whole_catalogues_pass() {
        assert_eq!(wrong(EN, RU), Vec::<String>::new());
    }

    #[test]
    fn a_message_missing_from_a_language_fails() {
        let ru = RU.replace("quit = выход\n", "");
        assert_eq!(wrong(EN, &ru), ["ru: quit is missing"]);
    }

    #[test]
    fn a_message_the_source_lacks_fails() {
        let ru = format!("{RU}help = справка\n");
        assert_eq!(wrong(EN, &ru), ["ru: help is not in en"]);
    }

    #[test]
    fn placeholders_that_differ_fail() {
        let ru = RU.replace("{of}", "{total}");
        assert_eq!(
            wrong(EN, &ru),
            ["ru: page-of has placeholders [\"page\", \"total\"], en has [\"of\", \"page\"]"]
        );
        let ru = RU.replace("{n} группы", "группы");
        let found = wrong(EN, &ru);
        assert!(
            found
                .iter()
                .any(|w| w.contains("group-count.few: placeholders differ")),
            "{found:?}"
        );
    }

    #[test]
    fn a_plural_form_missing_or_foreign_to_the_language_fails() {
        let ru = RU.replace("group-count.few = {n} группы\n", "");
        assert_eq!(wrong(EN, &ru), ["ru: group-count has no form \"few\""]);
        let en = format!("{EN}group-count.few = {{n}} groups\n");
        let found = wrong(&en, RU);
        assert_eq!(found, ["en: group-count.few: en has no such form"]);
    }

    #[test]
    fn lines_that_do_not_read_are_named() {
        let errors = parse(
            "ru",
            "quit выход\nBad-Id = x\npage = {page\nquit = a\nquit = b\n",
        )
        .unwrap_err();
        assert_eq!(
            errors,
            [
                "ru.txt:1: not `id = text`",
                "ru.txt:2: id \"Bad-Id\": lower-case words joined by '-'",
                "ru.txt:3: a '{' without its '}' in \"{page\"",
                "ru.txt:5: quit twice",
            ]
        );
    }

    #[test]
    fn names_for_code() {
        assert_eq!(camel("cli-days-title"), "CliDaysTitle");
        assert_eq!(snake("cli-days-title"), "cli_days_title");
    }
}
