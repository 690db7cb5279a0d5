//! `application/x-www-form-urlencoded` values, for query strings and form
//! bodies (PHP rules: `+` is a space, a repeated key keeps its last value),
//! read by `form_urlencoded` (the `url` crate's, already in the build).

/// The value of `key` in `a=1&b=2`, decoded; the last one when repeated.
pub(crate) fn value_of(encoded: &str, key: &str) -> Option<String> {
    form_urlencoded::parse(encoded.as_bytes())
        .filter(|(name, _)| name == key)
        .last()
        .map(|(_, value)| value.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_and_decodes_values() {
        assert_eq!(value_of("plugin_id=3", "plugin_id").as_deref(), Some("3"));
        assert_eq!(value_of("a=1&b=x+y%21", "b").as_deref(), Some("x y!"));
        assert_eq!(value_of("page=1&page=2", "page").as_deref(), Some("2"));
        assert_eq!(value_of("flag&x=1", "flag").as_deref(), Some(""));
        assert_eq!(value_of("plugin%5Fid=4", "plugin_id").as_deref(), Some("4"));
        assert_eq!(value_of("a=1", "b"), None);
        assert_eq!(value_of("", "b"), None);
    }

    #[test]
    fn keeps_broken_escapes() {
        assert_eq!(value_of("x=100%", "x").as_deref(), Some("100%"));
        assert_eq!(value_of("x=%zz%4", "x").as_deref(), Some("%zz%4"));
        assert_eq!(value_of("x=%D0%A2", "x").as_deref(), Some("Т"));
    }
}
