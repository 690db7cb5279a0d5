//! A branch named the way a person types it: its id, its name in either
//! script and any case, or the start of its name or of a word of it
//! (`chil`, `Чил`, `ulug`, `9`).

use super::script::fold;
use crmdeck_model::Branch;

/// What the typed text names among the branches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BranchLookup<'b> {
    Found(&'b Branch),
    /// More than one branch starts so (or is so named), in the list's order.
    Ambiguous(Vec<&'b Branch>),
    /// No branch: the nearest names, the nearest first (at most
    /// [`NEAREST`]).
    Unknown(Vec<&'b Branch>),
}

/// How many near names an unknown one gets.
pub const NEAREST: usize = 3;

/// Looks `typed` up among `branches`: a branch whose id it is; else the
/// one whose name it is (folded: script, case, apostrophes and runs of
/// spaces ignored); else the one whose name, or a word of it, starts with
/// it. Two or more at the first step that finds any: ambiguous.
pub fn look_up<'b>(typed: &str, branches: &'b [Branch]) -> BranchLookup<'b> {
    let typed = typed.trim();
    if let Ok(id) = typed.parse::<i64>()
        && let Some(branch) = branches.iter().find(|branch| branch.id == id)
    {
        return BranchLookup::Found(branch);
    }
    let wanted = key(typed);
    let keyed: Vec<(&Branch, String)> = branches
        .iter()
        .map(|branch| (branch, key(&branch.name)))
        .collect();
    let named: Vec<&Branch> = matching(&keyed, |name| *name == wanted);
    let found = if named.is_empty() {
        matching(&keyed, |name| {
            name.starts_with(&wanted) || name.split(' ').any(|word| word.starts_with(&wanted))
        })
    } else {
        named
    };
    match found.as_slice() {
        [] => BranchLookup::Unknown(nearest(&wanted, &keyed)),
        [branch] => BranchLookup::Found(branch),
        _ => BranchLookup::Ambiguous(found),
    }
}

/// A name as compared: folded, its spaces one apart.
fn key(name: &str) -> String {
    fold(name).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn matching<'b>(keyed: &[(&'b Branch, String)], test: impl Fn(&str) -> bool) -> Vec<&'b Branch> {
    keyed
        .iter()
        .filter(|(_, name)| test(name))
        .map(|(branch, _)| *branch)
        .collect()
}

/// The [`NEAREST`] names closest to `wanted` (edits to the whole name, or
/// to its start as long as `wanted`: a misspelt start is near too).
fn nearest<'b>(wanted: &str, keyed: &[(&'b Branch, String)]) -> Vec<&'b Branch> {
    let distance = |name: &str| {
        let start: String = name.chars().take(wanted.chars().count()).collect();
        strsim::damerau_levenshtein(wanted, name).min(strsim::damerau_levenshtein(wanted, &start))
    };
    let mut ranked: Vec<(usize, &Branch)> = keyed
        .iter()
        .map(|(branch, name)| (distance(name), *branch))
        .collect();
    ranked.sort_by_key(|(distance, _)| *distance);
    ranked
        .into_iter()
        .take(NEAREST)
        .map(|(_, branch)| branch)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centre(names: &[&str]) -> Vec<Branch> {
        names
            .iter()
            .zip(1..)
            .map(|(name, id)| Branch::new(id, *name))
            .collect()
    }

    fn tashkent() -> Vec<Branch> {
        centre(&["Chilonzor", "Yunusobod", "Mirzo Ulug'bek", "Sergeli"])
    }

    fn found(typed: &str, branches: &[Branch]) -> Option<i64> {
        match look_up(typed, branches) {
            BranchLookup::Found(branch) => Some(branch.id),
            _ => None,
        }
    }

    #[test]
    fn an_id_a_name_in_either_script_or_a_unique_start() {
        let branches = tashkent();
        for (typed, id) in [
            ("2", 2),
            (" 4 ", 4),
            ("Chilonzor", 1),
            ("CHILONZOR", 1),
            ("Чилонзор", 1),
            ("Чил", 1),
            ("chil", 1),
            ("Юнусобод", 2),
            ("Mirzo Ulugʻbek", 3),
            ("mirzo  ulugbek", 3),
            ("Мирзо Улуғбек", 3),
            ("ulug", 3),
            ("Улуғ", 3),
            ("serg", 4),
        ] {
            assert_eq!(found(typed, &branches), Some(id), "{typed:?}");
        }
    }

    #[test]
    fn a_start_shared_by_two_is_ambiguous_unless_one_is_the_whole_name() {
        let branches = centre(&["Sergeli", "Sergeli 2", "Samarqand", "Chilonzor"]);
        let ids = |lookup: BranchLookup| match lookup {
            BranchLookup::Ambiguous(list) => list.iter().map(|b| b.id).collect::<Vec<_>>(),
            other => panic!("not ambiguous: {other:?}"),
        };
        assert_eq!(ids(look_up("s", &branches)), [1, 2, 3]);
        assert_eq!(ids(look_up("Серг", &branches)), [1, 2]);
        assert_eq!(found("sergeli", &branches), Some(1), "the whole name");
        assert_eq!(found("sergeli 2", &branches), Some(2));
        assert_eq!(found("sa", &branches), Some(3));
        let twins = centre(&["Sergeli", "sergeli"]);
        assert_eq!(ids(look_up("Sergeli", &twins)), [1, 2]);
    }

    #[test]
    fn an_unknown_name_gets_the_nearest_ones() {
        let branches = tashkent();
        let names = |typed: &str| match look_up(typed, &branches) {
            BranchLookup::Unknown(list) => list.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
            other => panic!("{typed:?} is known: {other:?}"),
        };
        assert_eq!(names("Chilanzar")[0], "Chilonzor");
        assert_eq!(names("Юнсобод")[0], "Yunusobod");
        assert_eq!(names("Serjeli")[0], "Sergeli");
        assert_eq!(names("Samarqand").len(), NEAREST);
        assert_eq!(names("9").len(), NEAREST, "an id that is no branch");
        assert!(matches!(look_up("x", &[]), BranchLookup::Unknown(list) if list.is_empty()));
    }
}
