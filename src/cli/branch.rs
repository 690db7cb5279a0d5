//! `--branch ID|NAME`: a branch by its id or its name, looked up in
//! `GET /v2/branches` (outside the published API) the way the dashboard's
//! picker matches (`domain::branch_lookup`).

use super::CliError;
use crate::domain::branch_lookup::{BranchLookup, look_up};
use crate::i18n::{Language, fill};
use crate::model::Branch;
use crate::present::columns::BranchNames;
use crate::sanitize::sanitize_line;
use crate::session::{Session, optional};
use tokio::sync::OnceCell;

/// The branch list of a command, asked for once however often it is
/// needed (to resolve `--branch`, then to name the branches of a table).
pub struct BranchList<'s> {
    session: &'s Session,
    answer: OnceCell<Option<Vec<Branch>>>,
}

impl<'s> BranchList<'s> {
    pub fn new(session: &'s Session) -> Self {
        Self {
            session,
            answer: OnceCell::new(),
        }
    }

    /// The branches; None when the server did not give them (a failure or
    /// silence past `session::OPTIONAL_WAIT`, logged only).
    pub async fn get(&self) -> Option<&[Branch]> {
        self.answer
            .get_or_init(|| optional("the branch list", self.session.client.branches()))
            .await
            .as_deref()
    }
}

/// The branches' names by id, as sent; none when the server gave no list
/// (the ids stand).
pub fn names(branches: Option<&[Branch]>) -> BranchNames {
    (branches.unwrap_or_default().iter())
        .map(|branch| (branch.id, branch.name.clone()))
        .collect()
}

/// How many branches a message names before `and N more`.
const NAMED_AT_MOST: usize = 10;

/// The id of the branch `flag` names. Exit 2 when it names none or
/// several, saying which ones it could mean. Without a branch list an id
/// is taken as it is and a name is refused.
pub async fn resolve(flag: &str, branches: &BranchList<'_>) -> Result<i64, CliError> {
    let language = super::chatter::language();
    let typed = flag.trim();
    let shown = format!("--branch {:?}", sanitize_line(typed));
    if typed.is_empty() {
        return Err(CliError::Usage(fill::cli_branch_empty(language, shown)));
    }
    let id = typed.parse::<i64>().ok();
    let Some(list) = branches.get().await else {
        return id.ok_or_else(|| CliError::Usage(fill::cli_branch_needs_list(language, shown)));
    };
    let refusal = match look_up(typed, list) {
        BranchLookup::Found(branch) => return Ok(branch.id),
        BranchLookup::Ambiguous(matching) => {
            let names = named(&matching, language);
            fill::cli_branch_ambiguous(language, shown, matching.len(), names)
        }
        BranchLookup::Unknown(_) if list.is_empty() => {
            fill::cli_branch_none_listed(language, shown)
        }
        BranchLookup::Unknown(_) if id.is_some() => {
            let names = named(&list.iter().collect::<Vec<_>>(), language);
            fill::cli_branch_no_id(language, shown, names)
        }
        BranchLookup::Unknown(nearest) => {
            fill::cli_branch_nearest(language, shown, named(&nearest, language))
        }
    };
    Err(CliError::Usage(refusal))
}

/// `Chilonzor (#1), Yunusobod (#2)`, the names sanitised, at most
/// [`NAMED_AT_MOST`] of them.
fn named(branches: &[&Branch], language: Language) -> String {
    let mut text = branches
        .iter()
        .take(NAMED_AT_MOST)
        .map(|branch| format!("{} (#{})", sanitize_line(&branch.name), branch.id))
        .collect::<Vec<_>>()
        .join(", ");
    if branches.len() > NAMED_AT_MOST {
        let more = fill::cli_and_more(language, branches.len() - NAMED_AT_MOST);
        text.push_str(&format!(" {more}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sanitised_and_a_long_list_is_cut() {
        let hostile = Branch::new(7, "Evil\u{1b}[2J");
        assert_eq!(named(&[&hostile], Language::En), "Evil␛[2J (#7)");
        let many: Vec<Branch> = (1..=12).map(|id| Branch::new(id, "B")).collect();
        let text = named(&many.iter().collect::<Vec<_>>(), Language::En);
        assert!(text.ends_with("B (#10) and 2 more"), "{text}");
        let text = named(&many.iter().collect::<Vec<_>>(), Language::Ru);
        assert!(text.ends_with("B (#10) и ещё 2"), "{text}");
    }
}
