//! The dashboard's own words in the interface's language (issue 36 §2):
//! the keymap's labels, the help's headings and the tabs' names are
//! written in English where they are declared (the table reads as before,
//! and `crmdeck keys` and the `:` commands keep them); [`say`] gives a
//! label in the language shown, a table's entry, no allocation per frame.
//! A test checks every label of the keymap has its phrase here.

use crate::i18n::{Language, Phrase};

/// The phrase whose English is `english`, when the catalogue has one.
pub fn phrase(english: &str) -> Option<Phrase> {
    Some(match english {
        "Plugins" => Phrase::TabPlugins,
        "Groups" => Phrase::TabGroups,
        "Week" => Phrase::TabWeek,
        "Today" => Phrase::TabToday,
        "Changes" => Phrase::TabChanges,
        "Centres" => Phrase::TabCentres,
        "Centres tab" => Phrase::KeyTabCentres,
        "open the centre" => Phrase::KeyOpenCentre,
        "Plugins tab" => Phrase::KeyTabPlugins,
        "Groups tab" => Phrase::KeyTabGroups,
        "Week tab" => Phrase::KeyTabWeek,
        "Today tab" => Phrase::KeyTabToday,
        "Changes tab" => Phrase::KeyTabChanges,
        "scroll down" => Phrase::KeyScrollDown,
        "scroll up" => Phrase::KeyScrollUp,
        "top" => Phrase::KeyTop,
        "bottom" => Phrase::KeyBottom,
        "a screen down" => Phrase::KeyScreenDown,
        "a screen up" => Phrase::KeyScreenUp,
        "next tab" => Phrase::KeyNextTab,
        "previous tab" => Phrase::KeyPreviousTab,
        "refresh" => Phrase::KeyRefresh,
        "reload the token" => Phrase::KeyReloadToken,
        "help" => Phrase::KeyHelp,
        "command line" => Phrase::KeyCommandLine,
        "export the list as CSV" => Phrase::KeyExport,
        "quit" => Phrase::KeyQuit,
        "suspend (fg resumes)" => Phrase::KeySuspend,
        "details" => Phrase::KeyDetails,
        "branch" => Phrase::KeyBranch,
        "week" => Phrase::KeyWeek,
        "today" => Phrase::KeyToday,
        "filter" => Phrase::KeyFilter,
        "sort" => Phrase::KeySort,
        "reverse the sort" => Phrase::KeyReverseSort,
        "hide/show archived" => Phrase::KeyHideShowArchived,
        "down" => Phrase::KeyDown,
        "up" => Phrase::KeyUp,
        "first row" => Phrase::KeyFirstRow,
        "last row" => Phrase::KeyLastRow,
        "stop loading / clear filter / error" => Phrase::KeyStopLoading,
        "previous day" => Phrase::KeyPreviousDay,
        "next day" => Phrase::KeyNextDay,
        "next group" => Phrase::KeyNextGroup,
        "previous group" => Phrase::KeyPreviousGroup,
        "show/hide archived" => Phrase::KeyShowHideArchived,
        "first group" => Phrase::KeyFirstGroup,
        "last group" => Phrase::KeyLastGroup,
        "cancel loading / clear error" => Phrase::KeyCancelLoading,
        "back to the week" => Phrase::KeyBackToWeek,
        "next lesson" => Phrase::KeyNextLesson,
        "previous lesson" => Phrase::KeyPreviousLesson,
        "first lesson" => Phrase::KeyFirstLesson,
        "last lesson" => Phrase::KeyLastLesson,
        "clear error" => Phrase::KeyClearError,
        "open the group" => Phrase::KeyOpenGroup,
        "next change" => Phrase::KeyNextChange,
        "previous change" => Phrase::KeyPreviousChange,
        "first change" => Phrase::KeyFirstChange,
        "last change" => Phrase::KeyLastChange,
        "clear message" => Phrase::KeyClearMessage,
        "install" => Phrase::KeyInstall,
        "filter by name" => Phrase::KeyFilterByName,
        "type: Free/Premium/all" => Phrase::KeyCycleType,
        "clear filter / error" => Phrase::KeyClearFilterOrError,
        "back to the list" => Phrase::KeyBackToList,
        "show/hide the token" => Phrase::KeyRevealToken,
        "copy the token" => Phrase::KeyCopyToken,
        "cancel" => Phrase::KeyCancel,
        "choose" => Phrase::KeyChoose,
        "keep the filter" => Phrase::KeyKeepFilter,
        "clear the filter" => Phrase::KeyClearFilter,
        "down the list" => Phrase::KeyDownTheList,
        "up the list" => Phrase::KeyUpTheList,
        "run" => Phrase::KeyRun,
        "complete" => Phrase::KeyComplete,
        "older" => Phrase::KeyOlder,
        "newer" => Phrase::KeyNewer,
        "close" => Phrase::KeyClose,
        "close the help" => Phrase::KeyCloseHelp,
        "run the chosen action" => Phrase::KeyRunChosen,
        "choose the next" => Phrase::KeyChooseNext,
        "choose the previous" => Phrase::KeyChoosePrevious,
        "back to the groups" => Phrase::KeyBackToGroups,
        "back to today" => Phrase::KeyBackToToday,
        "Everywhere" => Phrase::KeysEverywhere,
        "Plugins list" => Phrase::KeysPluginsList,
        "Groups list" => Phrase::KeysGroupsList,
        "Changes since the baseline" => Phrase::KeysChanges,
        "Group detail" => Phrase::KeysGroupDetail,
        "Plugin detail" => Phrase::KeysPluginDetail,
        "Group detail (from the week)" => Phrase::KeysWeekDetail,
        "Groups of a crowded half hour (from the week)" => Phrase::KeysCrowd,
        "Group detail (from a crowded half hour)" => Phrase::KeysCrowdDetail,
        "Group detail (from today)" => Phrase::KeysTodayDetail,
        "Install confirmation" => Phrase::KeysConfirm,
        "Branch picker (type to filter)" => Phrase::KeysBranchPicker,
        "Filter (type to filter)" => Phrase::KeysFilterInput,
        "Help" => Phrase::KeysHelp,
        "Command line (:)" => Phrase::KeysCommandLine,
        "Install across centres" => Phrase::AcrossTitle,
        "confirm" => Phrase::AcrossKeyConfirm,
        "Log file" => Phrase::KeysLogFile,
        "Commands (:)" => Phrase::KeysCommands,
        // The install confirmation: its title and its facts' labels.
        "Install a plugin" => Phrase::ConfirmInstallTitle,
        "Type" => Phrase::HeadingType,
        "Abilities" => Phrase::HeadingAbilities,
        // What a list holds, in its messages.
        "groups" => Phrase::RecordsGroups,
        "plugins" => Phrase::RecordsPlugins,
        // What the `:` commands' short words do (the completion list, the help).
        "the groups of a branch (nothing: the picker)" => Phrase::CmdAboutBranch,
        "switch to a profile of the config" => Phrase::CmdAboutProfile,
        "the interface's language" => Phrase::CmdAboutLang,
        "keep the Groups list's query under a name" => Phrase::CmdAboutSave,
        "filter the groups by a query kept by name" => Phrase::CmdAboutQuery,
        "install a plugin (nothing: the one selected)" => Phrase::CmdAboutInstall,
        "install a plugin at every centre, one number typed (nothing: the one selected)" => {
            Phrase::CmdAboutInstallAcross
        }
        "filter the list by a query: ielts tue evening (nothing: type it)" => {
            Phrase::CmdAboutFilter
        }
        "sort the list by a column (nothing: the next)" => Phrase::CmdAboutSort,
        "write the list to a file (nothing: CSV)" => Phrase::CmdAboutExport,
        "fetch again" => Phrase::CmdAboutRefresh,
        "the keys and commands" => Phrase::CmdAboutHelp,
        // The detail panes' labels (a group's, its course's, a plugin's).
        "Number" => Phrase::DetailNumber,
        "Id" => Phrase::HeadingId,
        "Days" => Phrase::HeadingDays,
        "Status" => Phrase::HeadingStatus,
        "Branch" => Phrase::HeadingBranch,
        "Course" => Phrase::HeadingCourse,
        "Installed" => Phrase::HeadingInstalled,
        "Token" => Phrase::HeadingToken,
        "Lesson time" => Phrase::DetailLessonTime,
        "Group dates" => Phrase::DetailGroupDates,
        "Selection" => Phrase::DetailSelection,
        "Corporate" => Phrase::DetailCorporate,
        "Corp. salary" => Phrase::DetailCorpSalary,
        "Write-off" => Phrase::DetailWriteOff,
        "Last write-off" => Phrase::DetailLastWriteOff,
        "Next write-off" => Phrase::DetailNextWriteOff,
        "Comment" => Phrase::DetailComment,
        "Course id" => Phrase::DetailCourseId,
        "Short name" => Phrase::DetailShortName,
        "Price" => Phrase::DetailPrice,
        "Lesson" => Phrase::DetailLesson,
        "Duration" => Phrase::DetailDuration,
        "Per module" => Phrase::DetailPerModule,
        "Enabled" => Phrase::DetailEnabled,
        "Parent" => Phrase::DetailParent,
        "Company" => Phrase::DetailCompany,
        "Image" => Phrase::DetailImage,
        "Description" => Phrase::DetailDescription,
        "Created" => Phrase::DetailCreated,
        "Updated" => Phrase::DetailUpdated,
        "Deleted" => Phrase::DetailDeleted,
        "User" => Phrase::DetailUser,
        "Installed at" => Phrase::DetailInstalledAt,
        "Logo" => Phrase::DetailLogo,
        "Background" => Phrase::DetailBackground,
        "Group" => Phrase::DetailGroup,
        "Plugin" => Phrase::DetailPlugin,
        "Installation" => Phrase::DetailInstallation,
        _ => return None,
    })
}

/// `english` in `language`: the catalogue's, else `english` itself.
pub fn say(english: &'static str, language: Language) -> &'static str {
    match phrase(english) {
        Some(phrase) => phrase.get(language),
        None => english,
    }
}

/// The words crmdeck itself writes in a cell: (the column's CSV name,
/// the English word, its phrase).
const VALUES: [(&str, &str, Phrase); 14] = [
    ("status", "Active", Phrase::ValueActive),
    ("status", "Archive", Phrase::ValueArchive),
    ("type", "Free", Phrase::ValueFree),
    ("type", "Premium", Phrase::ValuePremium),
    ("installed", "✓ installed", Phrase::ValueInstalled),
    ("installed", "yes", Phrase::ValueYes),
    ("installed", "no", Phrase::ValueNo),
    // `today`'s parts (their keys for scripts).
    ("part", "now", Phrase::ValuePartNow),
    ("part", "next", Phrase::ValuePartNext),
    ("part", "later", Phrase::ValuePartLater),
    ("part", "done", Phrase::ValuePartDone),
    ("part", "tomorrow", Phrase::ValuePartTomorrow),
    ("part", "lessons", Phrase::ValuePartLessons),
    ("part", "cannot_place", Phrase::ValuePartCannotPlace),
];

/// A cell's value in `language` (issue 36 §2): the words crmdeck itself
/// writes in the column named `name` (its CSV name): Active/Archive,
/// Free/Premium, installed, yes/no, `today`'s parts; None for any other text (a server's
/// own value, a name) and in English. The dashboard's tables and the
/// command line's ask it as they draw or print; CSV and JSON never do.
pub fn value(name: &str, text: &str, language: Language) -> Option<&'static str> {
    if language == Language::En {
        return None;
    }
    (VALUES.iter())
        .find(|(column, english, _)| *column == name && *english == text)
        .map(|(_, _, phrase)| phrase.get(language))
}

/// The widest of the values [`value`] gives the column named `name` in
/// `language` (0 when it gives none): a column sized by its cells makes
/// room for them.
pub fn widest_value(name: &str, language: Language) -> usize {
    (VALUES.iter())
        .filter(|(column, _, _)| *column == name && language != Language::En)
        .map(|(_, _, phrase)| super::format::display_width(phrase.get(language)))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_cell_words_are_said_in_the_language_and_others_stay() {
        assert_eq!(value("status", "Active", Language::Ru), Some("активная"));
        assert_eq!(value("status", "Archive", Language::Uz), Some("arxiv"));
        assert_eq!(value("type", "Premium", Language::UzCyrl), Some("премиум"));
        assert_eq!(value("installed", "no", Language::Ru), Some("нет"));
        assert_eq!(value("part", "now", Language::Ru), Some("сейчас"));
        assert_eq!(
            value("part", "cannot_place", Language::Uz),
            Some("joylashtirilmagan")
        );
        // The English of each word is the cell as written (the key).
        for (_, english, phrase) in VALUES {
            assert_eq!(phrase.get(Language::En), english);
        }
        // English keeps the cell; a server's own word, or ours in another
        // column, is not crmdeck's to say.
        assert_eq!(value("status", "Active", Language::En), None);
        assert_eq!(value("type", "Enterprise", Language::Ru), None);
        assert_eq!(value("name", "Active", Language::Ru), None);
        assert_eq!(
            widest_value("status", Language::Ru),
            "активная".chars().count()
        );
        assert_eq!(widest_value("status", Language::En), 0);
        assert_eq!(widest_value("name", Language::Ru), 0);
    }
}
