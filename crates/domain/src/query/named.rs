//! Queries by name (issue 37 §2): the config's `[queries]` and those
//! `:save NAME` kept, merged, the config's winning on a clash. Reading
//! and writing their files is the config's and the runtime's.

use std::collections::BTreeMap;

/// One query by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedQuery {
    pub name: String,
    /// The query as typed (`tue evening`).
    pub text: String,
    /// `file:line` of the config's `[queries]`; None for a saved one.
    pub in_config: Option<String>,
}

impl NamedQuery {
    /// The query `name` of the config's `[queries]`, written at `at`
    /// (`file:line`).
    pub fn of_config(name: &str, text: &str, at: &str) -> Self {
        Self {
            name: name.to_string(),
            text: text.to_string(),
            in_config: Some(at.to_string()),
        }
    }
}

/// Saved queries (name, text) as the saved file holds them.
pub fn saved_of(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    (pairs.iter())
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

/// The queries known by name, sorted by name: the config's `[queries]`
/// and the saved ones, the config's winning on a clash.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Queries {
    list: Vec<NamedQuery>,
}

impl Queries {
    /// No query by any name.
    pub const EMPTY: Queries = Queries { list: Vec::new() };

    /// The config's queries with the saved ones the config does not name.
    pub fn merged(config: &[NamedQuery], saved: &BTreeMap<String, String>) -> Self {
        let mut list: Vec<NamedQuery> = config.to_vec();
        for (name, text) in saved {
            if list.iter().all(|query| query.name != *name) {
                list.push(NamedQuery {
                    name: name.clone(),
                    text: text.clone(),
                    in_config: None,
                });
            }
        }
        list.sort_by(|a, b| a.name.cmp(&b.name));
        Self { list }
    }

    /// The query of this name, as written (case ignored when only one
    /// differs from it in case alone).
    pub fn get(&self, name: &str) -> Option<&NamedQuery> {
        let exact = self.list.iter().find(|query| query.name == name);
        exact.or_else(|| {
            let mut same =
                (self.list.iter()).filter(|query| query.name.to_lowercase() == name.to_lowercase());
            same.next().filter(|_| same.next().is_none())
        })
    }

    pub fn iter(&self) -> impl Iterator<Item = &NamedQuery> {
        self.list.iter()
    }

    pub fn names(&self) -> Vec<&str> {
        self.list.iter().map(|query| query.name.as_str()).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `name` saved as `text` (after a `:save`), unless the config names it.
    pub fn keep_saved(&mut self, name: &str, text: &str) {
        match self.list.iter_mut().find(|query| query.name == name) {
            Some(query) if query.in_config.is_some() => {}
            Some(query) => query.text = text.to_string(),
            None => {
                self.list.push(NamedQuery {
                    name: name.to_string(),
                    text: text.to_string(),
                    in_config: None,
                });
                self.list.sort_by(|a, b| a.name.cmp(&b.name));
            }
        }
    }
}

/// Whether `name` can name a query: letters (any script), digits, `-`
/// and `_`, so that it is one word on the `:` line and on the command line.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && (name.chars()).all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_wins_on_a_clash_and_the_list_is_by_name() {
        let config = [NamedQuery::of_config(
            "evening",
            "tue evening",
            "~/c.toml:9",
        )];
        let saved = saved_of(&[("evening", "mon"), ("ielts", "ielts >=17:00")]);
        let mut queries = Queries::merged(&config, &saved);
        assert_eq!(queries.names(), ["evening", "ielts"]);
        assert_eq!(queries.get("evening").unwrap().text, "tue evening");
        assert_eq!(queries.get("IELTS").unwrap().text, "ielts >=17:00");
        assert_eq!(queries.get("nope"), None);
        queries.keep_saved("evening", "sat");
        assert_eq!(queries.get("evening").unwrap().text, "tue evening");
        queries.keep_saved("beginners", "a1");
        assert_eq!(queries.names(), ["beginners", "evening", "ielts"]);
    }

    #[test]
    fn names_are_one_word() {
        for good in ["evening", "ielts-7", "A1_tue", "кечки", "kechqurun"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["", "two words", "a=b", "x\"y", "new\nline", "a.b"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
    }
}
