//! Search that ignores the script. Uzbek is written in Latin and in
//! Cyrillic, Russian names in Cyrillic, and staff type in whichever keyboard
//! layout is active: [`fold`] writes any of them in one lower-case Latin, so
//! that `Чил` finds Chilonzor and `russk` finds Русский язык.
//!
//! Written here rather than taken from a crate: the romanisers on crates.io
//! (deunicode, any_ascii) follow the Russian library conventions (`х` as
//! `kh`, `ў` and `қ` as plain `u` and `k`), korrektor keeps its Uzbek
//! transliteration out of its public API (and needs PCRE), and the
//! Russian-only crates know no Uzbek letter. The official Uzbek
//! correspondence is one table of 37 letters.

/// `text` in lower-case Latin, for comparing: Cyrillic letters by the
/// official Uzbek Latin ↔ Cyrillic correspondence (`ш` sh, `ч` ch, `ў` o',
/// `ғ` g', `қ` q, `ҳ` h, `ё` yo, `ю` yu, `я` ya, `ц` ts, `ж` j, `х` x, `й` y),
/// Russian letters by the same table; every apostrophe dropped, in both
/// scripts. Anything else is only lower-cased.
///
/// Folding goes letter by letter, so whatever is part of a text folds to
/// part of the folded text: a filter matches the same rows as it is typed.
/// Hence no rule looks at a letter's neighbours, and where the official
/// rules do (`е` is `ye` at the start of a word, `ц` is `s` there), `е` is
/// always `e` and `ц` always `ts`: typing `Евр` finds Yevropa, typing `Yevr`
/// does not find Европа (type `Evr`).
///
/// Decisions where the table is silent:
/// - apostrophes (`'` `ʻ` `ʼ` `’` `‘` `` ` `` `´`) are dropped, so `ў` and
///   `o'` are `o`, `ғ` and `g'` are `g`, and `ъ` (the tutuq belgisi,
///   written `'`) is nothing: Mirzo Ulug'bek, Mirzo Ulugʻbek, Mirzo Ulugbek
///   and Мирзо Улуғбек are one name, however the apostrophe was typed;
/// - `э` is `e` like `е`; `и` is `i` and `й` is `y`, as the table says;
///   the Russian `ы` is `i` and `щ` is `sh`, as Uzbek writes them in loan
///   words; `ь` is nothing.
pub fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match latin(c) {
            Some(latin) => folded.push_str(latin),
            None if is_apostrophe(c) => {}
            None => folded.push(c),
        }
    }
    folded
}

/// Where `filter` (folded already) stands in `text` once folded: the byte
/// range of the letters of `text` it covers, for showing the match. None
/// when it does not, or when `filter` is empty.
pub fn find_folded(text: &str, filter: &str) -> Option<std::ops::Range<usize>> {
    if filter.is_empty() {
        return None;
    }
    // The folded text, and for each of its bytes the letter of `text` it
    // came from.
    let mut folded = String::with_capacity(text.len());
    let mut from: Vec<usize> = Vec::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        folded.push_str(&fold(c.encode_utf8(&mut [0; 4])));
        from.resize(folded.len(), at);
    }
    let start = folded.find(filter)?;
    let end = start + filter.len();
    let first = from[start];
    let last = from[end - 1];
    let last_len = text[last..].chars().next().map_or(0, char::len_utf8);
    Some(first..last + last_len)
}

/// The Latin of a lower-case Cyrillic letter of the Uzbek or Russian
/// alphabet.
fn latin(c: char) -> Option<&'static str> {
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'д' => "d",
        'е' | 'э' => "e",
        'ё' => "yo",
        'ж' => "j",
        'з' => "z",
        'и' | 'ы' => "i",
        'й' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' | 'ў' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "x",
        'ц' => "ts",
        'ч' => "ch",
        'ш' | 'щ' => "sh",
        'ъ' | 'ь' => "",
        'ю' => "yu",
        'я' => "ya",
        'қ' => "q",
        'ғ' => "g",
        'ҳ' => "h",
        _ => return None,
    })
}

/// The apostrophes Uzbek Latin is typed with: ASCII, the modifier letters
/// of the official spelling (`oʻ`, `ʼ`), typographic quotes, the backtick
/// and the acute accent.
fn is_apostrophe(c: char) -> bool {
    matches!(
        c,
        '\'' | '\u{2BB}' | '\u{2BC}' | '\u{2BD}' | '\u{2018}' | '\u{2019}' | '`' | '\u{B4}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names as written in each script: each pair folds to one text.
    const BOTH_SCRIPTS: [(&str, &str); 14] = [
        ("Chilonzor", "Чилонзор"),
        ("Yunusobod", "Юнусобод"),
        ("Mirzo Ulug'bek", "Мирзо Улуғбек"),
        ("Sergeli", "Сергели"),
        ("O‘zbekiston", "Ўзбекистон"),
        ("Toshkent", "Тошкент"),
        ("Qo'qon", "Қўқон"),
        ("Farg'ona", "Фарғона"),
        ("Xorazm", "Хоразм"),
        ("Shahar", "Шаҳар"),
        ("Jizzax", "Жиззах"),
        ("Yangiyo'l", "Янгийўл"),
        ("Ma'no", "Маъно"),
        ("Yoshlik", "Ёшлик"),
    ];

    #[test]
    fn a_name_folds_alike_in_both_scripts() {
        for (latin, cyrillic) in BOTH_SCRIPTS {
            assert_eq!(fold(latin), fold(cyrillic), "{latin} / {cyrillic}");
            assert_eq!(fold(&fold(cyrillic)), fold(cyrillic), "{cyrillic} twice");
            assert!(fold(cyrillic).is_ascii(), "{cyrillic}: {}", fold(cyrillic));
        }
    }

    #[test]
    fn the_issues_examples_find_their_names() {
        assert!(fold("Chilonzor").starts_with(&fold("Чил")));
        assert!(fold("Русский язык").starts_with(&fold("russk")));
        assert_eq!(fold("Русский язык"), "russkiy yazik");
        assert_eq!(fold("Юнусобод"), fold("Yunusobod"));
        assert_eq!(fold("ЧИЛОНЗОР"), "chilonzor", "capitals");
    }

    #[test]
    fn every_letter_of_both_alphabets_has_its_latin() {
        let cases = [
            (
                "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                "abvgdeyojziyklmnoprstufxtschshshieyuya",
            ),
            ("ўқғҳ", "oqgh"),
            (
                "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЎҚҒҲ",
                "abvgdeyojziyklmnoprstufxtschshshieyuyaoqgh",
            ),
        ];
        for (cyrillic, latin) in cases {
            assert_eq!(fold(cyrillic), latin);
        }
    }

    #[test]
    fn apostrophes_are_dropped_whatever_their_kind() {
        for typed in [
            "Mirzo Ulug'bek",
            "Mirzo Ulugʻbek",
            "Mirzo Ulugʼbek",
            "Mirzo Ulug’bek",
            "Mirzo Ulug‘bek",
            "Mirzo Ulug`bek",
            "Mirzo Ulug´bek",
            "Mirzo Ulugbek",
        ] {
            assert_eq!(fold(typed), "mirzo ulugbek", "{typed}");
        }
    }

    #[test]
    fn a_match_is_found_in_the_text_as_written() {
        let text = "Guruh Чилонзор-2";
        let range = find_folded(text, &fold("chilon")).unwrap();
        assert_eq!(&text[range], "Чилон");
        let range = find_folded("Mirzo Ulug'bek", "ulugb").unwrap();
        assert_eq!(&"Mirzo Ulug'bek"[range], "Ulug'b");
        assert_eq!(find_folded("Шаҳар", "sha").map(|r| &"Шаҳар"[r]), Some("Ша"));
        // Half of a letter's Latin still shows the whole letter.
        assert_eq!(find_folded("Шаҳар", "s").map(|r| &"Шаҳар"[r]), Some("Ш"));
        assert_eq!(find_folded("Piano", "violin"), None);
        assert_eq!(find_folded("Piano", ""), None);
    }

    #[test]
    fn other_text_is_only_lower_cased() {
        assert_eq!(fold("IELTS 6.5 — 17:30"), "ielts 6.5 — 17:30");
        assert_eq!(fold("日本語 N5"), "日本語 n5");
        assert_eq!(fold(""), "");
    }
}
