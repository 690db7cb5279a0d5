//! `--query NAME` of `groups`, `today` and `timetable`: a query by name,
//! the config's `[queries]` or one `:save NAME` kept in the dashboard (the
//! config's winning on a clash), run as `--filter` runs its text; with
//! `--filter` too, both apply (the query language ANDs its words).

use super::{CliError, chatter};
use crate::config::queries::{Queries, read_saved, saved_path};
use crate::config::{Config, log_path};
use crate::i18n::fill;

/// The filter to run: the text of the query `name` (when given) and
/// `filter`; an unknown name is a usage error naming the known ones.
pub fn with_filter(
    config: &Config,
    name: Option<&str>,
    filter: Option<String>,
) -> Result<Option<String>, CliError> {
    let Some(name) = name else {
        return Ok(filter);
    };
    let env = |name: &str| std::env::var(name).ok();
    let path = saved_path(&log_path(&env));
    let saved = read_saved(&path).unwrap_or_else(|why| {
        let shown = path.display().to_string();
        chatter::warn(&fill::queries_file_unread(config.language, shown, why));
        Default::default()
    });
    let queries = Queries::merged(&config.queries, &saved);
    let text = text_of(&queries, name, config.language)?;
    Ok(Some(match filter {
        Some(filter) => format!("{text} {filter}"),
        None => text,
    }))
}

/// The text of the query `name` (case ignored when that names one), or
/// why none: the known names.
fn text_of(
    queries: &Queries,
    name: &str,
    language: crate::i18n::Language,
) -> Result<String, CliError> {
    match queries.get(name) {
        Some(found) => Ok(found.text.clone()),
        None if queries.is_empty() => Err(CliError::Usage(fill::query_none(language, name))),
        None => Err(CliError::Usage(fill::query_unknown(
            language,
            name,
            queries.names().join(", "),
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::queries::NamedQuery;
    use crate::domain::query::named::saved_of;
    use crate::i18n::Language;

    #[test]
    fn a_name_is_its_query_and_an_unknown_one_names_the_known() {
        let config = [NamedQuery::of_config("evening", "tue evening", "c.toml:3")];
        let queries = Queries::merged(&config, &saved_of(&[("ielts", "ielts")]));
        assert_eq!(
            text_of(&queries, "Evening", Language::En).unwrap(),
            "tue evening"
        );
        let unknown = text_of(&queries, "morning", Language::En).unwrap_err();
        assert_eq!(unknown.exit_code(), std::process::ExitCode::from(2));
        let said = unknown.to_string();
        assert!(
            said.contains("morning") && said.contains("evening, ielts"),
            "{said}"
        );
        let none = text_of(&Queries::EMPTY, "evening", Language::En).unwrap_err();
        assert!(none.to_string().contains("none is saved"), "{none}");
    }
}
