//! How a course's name sounds, for finding it when it is written in the
//! other script by ear: Russian speakers write Latin course names in
//! Cyrillic as they hear them (`питон`, `пайтон` for Python, `СЕФР` for
//! CEFR, `дойч` for Deutsch), which the letter-by-letter [`fold`] cannot
//! meet (`piton` is not `python`).
//!
//! Our own: the phonetic keys on crates.io (Soundex, Metaphone, NYSIIS)
//! are made for English names; they drop vowels and keep only a few
//! consonants, so a short word would match half of a centre's courses,
//! and none knows how Cyrillic spells a Latin sound.
//!
//! [`fold`]: crate::script::fold

/// The fewest letters a word has for its sound to be looked for: a
/// shorter word is found by its letters only, so that `pit` does not find
/// every course that sounds like it.
pub const FEWEST_LETTERS: usize = 4;

/// Spellings of one sound, in folded Latin, longest first where one
/// begins another (`tsch` before `sch` before `ch`).
const SPELLINGS: [(&str, &str); 24] = [
    ("tsch", "ch"),
    ("sch", "sh"),
    ("tch", "ch"),
    ("dzh", "j"),
    ("dj", "j"),
    ("ch", "ch"),
    ("sh", "sh"),
    ("th", "t"),
    ("ph", "f"),
    ("ck", "k"),
    ("kh", "x"),
    ("qu", "kv"),
    ("ce", "se"),
    ("ci", "si"),
    ("cy", "si"),
    ("eu", "oi"),
    ("oy", "oi"),
    ("ay", "i"),
    ("ai", "i"),
    ("c", "k"),
    ("q", "k"),
    ("w", "v"),
    ("x", "ks"),
    ("y", "i"),
];

/// The sound of `folded` (text already folded by [`fold`]): each spelling
/// of one sound written one way, a doubled letter once. `python`,
/// `piton` (питон) and `payton` (пайтон) are all `piton`; `cefr` and
/// `sefr` (сефр) `sefr`; `deutsch` and `doych` (дойч) `doich`.
///
/// [`fold`]: crate::script::fold
pub fn sound(folded: &str) -> String {
    let mut out = String::with_capacity(folded.len());
    let mut rest = folded;
    while let Some(c) = rest.chars().next() {
        let (written, taken) = SPELLINGS
            .iter()
            .find(|(spelling, _)| rest.starts_with(spelling))
            .map_or((None, c.len_utf8()), |(spelling, sound)| {
                (Some(*sound), spelling.len())
            });
        match written {
            Some(sound) => push_once(&mut out, sound),
            None => push_once(&mut out, &rest[..taken]),
        }
        rest = &rest[taken..];
    }
    out
}

/// `sound` after `out`, its first letter dropped when `out` ends with it
/// (a doubled letter is one sound: `Jizzax` and `Jizax`).
fn push_once(out: &mut String, sound: &str) {
    let mut letters = sound.chars();
    if let Some(first) = letters.next() {
        if out.ends_with(first) && first.is_alphabetic() {
            out.push_str(letters.as_str());
        } else {
            out.push_str(sound);
        }
    }
}

/// Whether `word` (folded) is long enough for its sound to be looked for.
pub fn is_heard(word: &str) -> bool {
    word.chars().filter(|c| c.is_alphabetic()).count() >= FEWEST_LETTERS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::fold;

    fn heard(text: &str) -> String {
        sound(&fold(text))
    }

    #[test]
    fn a_latin_name_and_its_cyrillic_by_ear_sound_the_same() {
        for (latin, cyrillic) in [
            ("Python", "питон"),
            ("Python", "пайтон"),
            ("CEFR", "СЕФР"),
            ("Deutsch", "дойч"),
            ("Excel", "Эксель"),
            ("Jizzax", "Жиззах"),
        ] {
            assert_eq!(heard(latin), heard(cyrillic), "{latin} / {cyrillic}");
        }
    }

    #[test]
    fn the_sounds_it_writes() {
        assert_eq!(heard("Python"), "piton");
        assert_eq!(heard("CEFR"), "sefr");
        assert_eq!(heard("Deutsch"), "doich");
        assert_eq!(
            heard("Matematika"),
            "matematika",
            "a word without them is itself"
        );
        assert_eq!(heard(""), "");
    }

    #[test]
    fn short_words_are_found_by_their_letters_only() {
        assert!(!is_heard("pit"));
        assert!(!is_heard("b2"));
        assert!(is_heard("piton"));
        assert!(is_heard("sefr"));
    }
}
