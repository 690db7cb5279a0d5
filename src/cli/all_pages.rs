//! Every page of a branch (or of every branch) read for a command
//! (`groups --all`, `timetable`, `today`): the walk over the client, the
//! groups kept in a spill file as the pages come ([`Spill`]), never the
//! whole centre in memory, and what the command says of missing pages.

use super::spill::Spill;
use super::walk::{Waits, policy_for, walk};
use super::{CliError, chatter};
use crate::i18n::{Language, Phrase, fill, plural};
use crate::model::Group;
use crate::present::api_words;
use crate::session::Session;
use crate::store::{Courses, GroupList, named_pages};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

/// The outcome of a walk: the ids in page order (the list) and the groups
/// (the spill file).
pub(super) struct Walked {
    list: GroupList,
    spill: Spill,
}

impl Walked {
    /// Every page was read in this walk, not stopped at the ceiling of
    /// groups, and the pages held the total the server announced (within
    /// a page): the walk may be kept as the snapshot and the history's
    /// day, and compared as complete ([`GroupList::is_whole`]).
    pub(super) fn is_whole(&self) -> bool {
        self.list.is_whole()
    }

    /// Calls `each` with every group once, in page order (a group listed
    /// on two pages where it was listed first), each as its latest answer
    /// has it: what [`GroupList::groups`] gives of a list holding them.
    pub(super) fn each(&mut self, mut each: impl FnMut(Group) -> io::Result<()>) -> io::Result<()> {
        for group in self.spill.groups(self.list.ids())? {
            each(group?)?;
        }
        Ok(())
    }

    /// Every group in memory, one copy of each course (`timetable` and
    /// `today` lay out the whole week).
    pub(super) fn into_groups(mut self) -> io::Result<Vec<Group>> {
        let mut groups = Vec::with_capacity(self.list.len());
        let mut courses = Courses::default();
        self.each(|group| {
            let mut group = Arc::new(group);
            courses.share(&mut group);
            groups.push(Arc::unwrap_or_clone(group));
            Ok(())
        })?;
        Ok(groups)
    }
}

/// What a command does when pages are still missing after their retry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Missing {
    /// It fails, naming them: nothing printed (`--partial` would print).
    Fail,
    /// The groups read are given, with a warning naming the missing pages.
    Partial,
    /// It fails, naming them: what changed cannot be told without them
    /// (`changes`, which has no `--partial`).
    Untold,
}

impl Missing {
    /// What the failure says after the missing pages (`cut`: the walk
    /// stopped at the ceiling of groups), in `language`.
    fn consequence(self, cut: bool, language: Language) -> &'static str {
        let phrase = match (self, cut) {
            (Self::Untold, _) => Phrase::CliMissingUntold,
            (_, false) => Phrase::CliMissingRerun,
            (_, true) => Phrase::CliMissingPartial,
        };
        phrase.get(language)
    }
}

/// Every page of `branch_id`, read with concurrent requests; a live
/// progress line when stderr is a terminal and a summary line on stderr at
/// the end. Pages that fail are asked once more (only those); pages still
/// missing then fail the command, unless [`Missing::Partial`]: the groups
/// read are then given with a warning naming the missing pages.
pub(super) async fn all_pages(
    session: &Session,
    branch_id: Option<i64>,
    per_page: u32,
    missing_pages: Missing,
) -> Result<Walked, CliError> {
    let partial = missing_pages == Missing::Partial;
    let live = chatter::live();
    let mut spill = Spill::new()?;
    let mut spilled = Ok(());
    let mut progress = |list: &mut GroupList| {
        if spilled.is_ok() {
            spilled = spill.add(list.take_handed());
        }
        if live {
            eprint!("\r{}", list.progress());
            let _ = std::io::stderr().flush();
        }
    };
    let mut list = GroupList::new(branch_id, per_page, policy_for(&session.config));
    list.hand_over();
    list.walk(Instant::now());
    let mut waits = Waits::default();
    let mut warnings = walk(&session.client, &mut list, &mut waits, &mut progress).await;
    // Something was read, so the server answers: a page that failed gets
    // one more try (not while the server asked to wait long). With nothing
    // read, the cause is the answer.
    if !list.is_empty() && !list.retry_missing(Instant::now()).is_empty() {
        warnings.extend(walk(&session.client, &mut list, &mut waits, &mut progress).await);
    }
    waits.say();
    spilled?;
    if live {
        // Back to the start of the line, the progress erased.
        eprint!("\r\x1b[K");
    }
    let missing = list.missing();
    let language = chatter::language();
    if let Some((_, cause)) = missing.first() {
        if list.is_empty() {
            return Err(CliError::PagesMissing(cause.to_string()));
        }
        let pages: Vec<u64> = missing.iter().map(|(page, _)| *page).collect();
        let pages = match list.progress().pages {
            Some(total) => fill::cli_pages_of(language, page_list(&pages, language), total),
            None => page_list(&pages, language),
        };
        let causes = if let Some(stop) = list.stopped() {
            // The walk ended early: why says more than one page's cause.
            stop.to_string()
        } else if missing.iter().all(|(_, other)| other == cause) {
            cause.to_string()
        } else {
            fill::cli_other_causes(language, cause)
        };
        let what = fill::cli_pages_missing(language, pages, causes);
        if !partial {
            let consequence = missing_pages.consequence(false, language);
            return Err(CliError::PagesMissing(format!("{what}; {consequence}")));
        }
        let follow = Phrase::CliPagesFollow.get(language);
        chatter::warn(&api_words::in_language(
            &format!("{what}; {follow}"),
            language,
        ));
    }
    if let (Some(cut), false) = (warnings.iter().find(|w| w.is_cut_short()), partial) {
        let consequence = missing_pages.consequence(true, language);
        return Err(CliError::PagesMissing(format!("{cut}; {consequence}")));
    }
    for warning in warnings {
        chatter::warn(&warning.to_string());
    }
    chatter::note(&plural::every_page(chatter::language(), list.len() as u64));
    Ok(Walked { list, spill })
}

/// `page 3`, `pages 3, 7`, `pages 1, …, 10 and 3 more` in `language` (as
/// the store's `page_list` says them in English).
fn page_list(pages: &[u64], language: Language) -> String {
    let (shown, more) = named_pages(pages);
    match (pages, more) {
        ([page], _) => fill::cli_page(language, page),
        (_, 0) => fill::cli_pages(language, shown),
        (_, more) => {
            let more = fill::cli_and_more(language, more);
            fill::cli_pages(language, format!("{shown} {more}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_listed_as_the_store_lists_them_and_in_the_language() {
        let many: Vec<u64> = (1..=13).collect();
        for pages in [&[3][..], &[3, 7], &many] {
            assert_eq!(
                page_list(pages, Language::En),
                crate::store::page_list(pages)
            );
        }
        assert_eq!(page_list(&[3, 7], Language::Ru), "страницы 3, 7");
        assert_eq!(
            page_list(&many, Language::Ru),
            "страницы 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 и ещё 3"
        );
        assert_eq!(page_list(&[3], Language::Uz), "3-sahifa");
    }
}
