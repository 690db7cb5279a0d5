//! `application/x-www-form-urlencoded` decoding, for query strings and form
//! bodies (PHP rules: `+` is a space, a repeated key keeps its last value).

/// The value of `key` in `a=1&b=2`, decoded; the last one when repeated.
pub(crate) fn value_of(encoded: &str, key: &str) -> Option<String> {
    encoded
        .split('&')
        .filter_map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name) == key).then(|| decode(value))
        })
        .next_back()
}

/// Percent-decoding; a `%` not followed by two hex digits stays as it is.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'+' => decoded.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(index + 1..index + 3)
                    .and_then(|hex| std::str::from_utf8(hex).ok())
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok());
                if let Some(byte) = hex {
                    decoded.push(byte);
                    index += 2;
                } else {
                    decoded.push(b'%');
                }
            }
            byte => decoded.push(byte),
        }
        index += 1;
    }
    String::from_utf8_lossy(&decoded).into_owned()
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
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%D0%A2"), "Т");
    }
}
