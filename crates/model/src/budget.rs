//! The element budget of the document being decoded on this thread: how
//! many elements (of lists, and entries of objects: abilities, exact days,
//! values kept as sent) its fields may still keep. The tolerant decoding
//! (`decode/lenient.rs`) takes one per element it keeps and cuts a
//! list once the budget is spent; an API page and a snapshot
//! (crmdeck-store's `snapshot.rs`) are each read under a budget of their own, so no
//! document, however many tiny elements it packs, fills the memory.

use std::cell::Cell;

thread_local! {
    /// Elements the document being read on this thread may still keep;
    /// no limit outside [`with_element_budget`].
    static ELEMENTS_LEFT: Cell<usize> = const { Cell::new(usize::MAX) };
    /// An element was refused since the budget was set.
    static CUT: Cell<bool> = const { Cell::new(false) };
}

/// Runs `read` with `budget` elements to keep; returns its output and
/// whether any element was refused (a list was cut). A document is read
/// start to end on one thread (no `await` in between), so the budget is
/// this thread's while `read` runs; the one before is restored after.
pub fn with_element_budget<R>(budget: usize, read: impl FnOnce() -> R) -> (R, bool) {
    let outer = ELEMENTS_LEFT.replace(budget);
    let outer_cut = CUT.replace(false);
    let output = read();
    ELEMENTS_LEFT.set(outer);
    (output, CUT.replace(outer_cut))
}

/// Takes one element from the budget; false once it is spent.
pub fn keep_one() -> bool {
    ELEMENTS_LEFT.with(|left| match left.get() {
        0 => {
            CUT.set(true);
            false
        }
        n => {
            left.set(n - 1);
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_spent_one_element_at_a_time_and_says_when_it_cut() {
        let (kept, cut) = with_element_budget(2, || (0..5).filter(|_| keep_one()).count());
        assert_eq!((kept, cut), (2, true));
        let (kept, cut) = with_element_budget(2, || (0..2).filter(|_| keep_one()).count());
        assert_eq!((kept, cut), (2, false));
        // Nested: the outer budget is as it was after the inner one.
        let ((inner, outer_kept), cut) = with_element_budget(1, || {
            let inner = with_element_budget(5, keep_one);
            (inner, keep_one())
        });
        assert_eq!((inner, outer_kept, cut), ((true, false), true, false));
        // No budget set: no limit.
        assert!((0..100).all(|_| keep_one()));
    }
}
