//! Checks on text: command output, error messages, log files.

/// Fails unless `haystack` holds every one of `needles`, showing both.
pub fn assert_contains(haystack: &str, needles: &[&str]) {
    for needle in needles {
        assert!(haystack.contains(needle), "{needle:?} not in {haystack:?}");
    }
}
