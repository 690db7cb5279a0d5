//! Keys in a Cyrillic layout: what the US layout types on the key that
//! typed a Russian or Uzbek Cyrillic letter, so that `о` (the j key) moves
//! down like `j`. Only the character arrives from the terminal (xterm,
//! tmux, PuTTY, SSH: no base-layout key), hence a static table, taken from
//! the `us`, `ru` and `uz` (Cyrillic) layouts of xkb-data; Windows and macOS
//! place the letters on the same keys.

/// One physical key: what the US, Russian and Uzbek Cyrillic layouts type
/// on it, without and with Shift.
struct KeyCap {
    us: [char; 2],
    russian: [char; 2],
    uzbek: [char; 2],
}

const fn cap(us: [char; 2], russian: [char; 2], uzbek: [char; 2]) -> KeyCap {
    KeyCap { us, russian, uzbek }
}

/// The letter keys, row by row. In both Cyrillic layouts the `/` key types
/// `.` (Shift: `,`); `?` and `:` are elsewhere and arrive as themselves.
#[rustfmt::skip]
const KEYS: [KeyCap; 36] = [
    cap(['q', 'Q'], ['й', 'Й'], ['й', 'Й']),
    cap(['w', 'W'], ['ц', 'Ц'], ['ц', 'Ц']),
    cap(['e', 'E'], ['у', 'У'], ['у', 'У']),
    cap(['r', 'R'], ['к', 'К'], ['к', 'К']),
    cap(['t', 'T'], ['е', 'Е'], ['е', 'Е']),
    cap(['y', 'Y'], ['н', 'Н'], ['н', 'Н']),
    cap(['u', 'U'], ['г', 'Г'], ['г', 'Г']),
    cap(['i', 'I'], ['ш', 'Ш'], ['ш', 'Ш']),
    cap(['o', 'O'], ['щ', 'Щ'], ['ў', 'Ў']),
    cap(['p', 'P'], ['з', 'З'], ['з', 'З']),
    cap(['[', '{'], ['х', 'Х'], ['х', 'Х']),
    cap([']', '}'], ['ъ', 'Ъ'], ['ъ', 'Ъ']),
    cap(['a', 'A'], ['ф', 'Ф'], ['ф', 'Ф']),
    cap(['s', 'S'], ['ы', 'Ы'], ['қ', 'Қ']),
    cap(['d', 'D'], ['в', 'В'], ['в', 'В']),
    cap(['f', 'F'], ['а', 'А'], ['а', 'А']),
    cap(['g', 'G'], ['п', 'П'], ['п', 'П']),
    cap(['h', 'H'], ['р', 'Р'], ['р', 'Р']),
    cap(['j', 'J'], ['о', 'О'], ['о', 'О']),
    cap(['k', 'K'], ['л', 'Л'], ['л', 'Л']),
    cap(['l', 'L'], ['д', 'Д'], ['д', 'Д']),
    cap([';', ':'], ['ж', 'Ж'], ['ж', 'Ж']),
    cap(['\'', '"'], ['э', 'Э'], ['э', 'Э']),
    cap(['z', 'Z'], ['я', 'Я'], ['я', 'Я']),
    cap(['x', 'X'], ['ч', 'Ч'], ['ч', 'Ч']),
    cap(['c', 'C'], ['с', 'С'], ['с', 'С']),
    cap(['v', 'V'], ['м', 'М'], ['м', 'М']),
    cap(['b', 'B'], ['и', 'И'], ['и', 'И']),
    cap(['n', 'N'], ['т', 'Т'], ['т', 'Т']),
    cap(['m', 'M'], ['ь', 'Ь'], ['ь', 'Ь']),
    cap([',', '<'], ['б', 'Б'], ['б', 'Б']),
    cap(['.', '>'], ['ю', 'Ю'], ['ю', 'Ю']),
    cap(['/', '?'], ['.', ','], ['.', ',']),
    cap(['`', '~'], ['ё', 'Ё'], ['ё', 'Ё']),
    cap(['-', '_'], ['-', '_'], ['ғ', 'Ғ']),
    cap(['=', '+'], ['=', '+'], ['ҳ', 'Ҳ']),
];

/// What the US layout types on the key that typed `typed` in the Russian
/// or the Uzbek Cyrillic layout (Shift kept: `О` is `J`), or None when no
/// such key types something else. `.` and `,` are `/` and `?`: the caller
/// asks only when the character as typed means nothing.
pub fn us_key(typed: char) -> Option<char> {
    KEYS.iter().find_map(|key| {
        let shift = [0, 1]
            .into_iter()
            .find(|&shift| key.russian[shift] == typed || key.uzbek[shift] == typed)?;
        Some(key.us[shift]).filter(|&us| us != typed)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layouts written out again, row by row, as their keyboards show
    /// them: the US keys without and with Shift, then what the Russian and
    /// the Uzbek layouts type on them.
    const ROWS: [(&str, &str, &str, &str); 3] = [
        (
            "qwertyuiop[]",
            "QWERTYUIOP{}",
            "йцукенгшщзхъ",
            "йцукенгшўзхъ",
        ),
        ("asdfghjkl;'", "ASDFGHJKL:\"", "фывапролджэ", "фқвапролджэ"),
        (
            "zxcvbnm,./`-=",
            "ZXCVBNM<>?~_+",
            "ячсмитьбю.ё-=",
            "ячсмитьбю.ёғҳ",
        ),
    ];

    #[test]
    fn every_letter_of_both_layouts_is_the_key_it_sits_on() {
        let mut letters = [0, 0];
        for (us, us_shifted, russian, uzbek) in ROWS {
            for (count, layout) in letters.iter_mut().zip([russian, uzbek]) {
                let keys = us.chars().zip(us_shifted.chars()).zip(layout.chars());
                for ((us, us_shifted), typed) in keys {
                    let expected = (us != typed).then_some(us);
                    assert_eq!(us_key(typed), expected, "{typed}");
                    if typed.is_alphabetic() {
                        *count += 1;
                        let shifted = typed.to_uppercase().next().unwrap();
                        assert_eq!(us_key(shifted), Some(us_shifted), "{shifted}");
                    }
                }
            }
        }
        assert_eq!(letters, [33, 35], "the Russian and the Uzbek alphabets");
        assert_eq!(us_key('О'), Some('J'));
        assert_eq!(us_key(','), Some('?'), "Shift on the / key");
    }

    #[test]
    fn latin_letters_digits_and_symbols_of_no_cyrillic_key_are_left_alone() {
        for typed in ['j', 'J', 'q', '1', '?', ':', '-', '=', '+', ' ', '日'] {
            assert_eq!(us_key(typed), None, "{typed}");
        }
    }
}
