//! Reads `catalogue/*.txt`, fails the build on what `src/catalogue.rs`'s
//! `check` finds, and writes `messages.rs` (included by `src/lib.rs`): the
//! `Phrase` enum, the `fill` and `plural` functions, the texts as
//! `&'static str`.

#[path = "src/catalogue.rs"]
#[allow(dead_code)]
mod catalogue;

use catalogue::{CATEGORIES, Catalogue, Message, Piece, camel, check, parse, snake};
use std::fmt::Write;
use std::path::Path;

/// The languages, in the order of `Language`'s variants.
const LANGUAGES: [&str; 4] = ["en", "ru", "uz", "uz-Cyrl"];

fn main() {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("catalogue");
    println!("cargo::rerun-if-changed=src/catalogue.rs");
    let mut catalogues = Vec::new();
    let mut errors = Vec::new();
    for language in LANGUAGES {
        let path = dir.join(format!("{language}.txt"));
        println!("cargo::rerun-if-changed={}", path.display());
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        match parse(language, &source) {
            Ok(catalogue) => catalogues.push(catalogue),
            Err(found) => {
                errors.extend(found);
                catalogues.push(Catalogue::new());
            }
        }
    }
    let others: Vec<(&str, &Catalogue)> = LANGUAGES[1..]
        .iter()
        .copied()
        .zip(&catalogues[1..])
        .collect();
    errors.extend(check(&catalogues[0], &others));
    if !errors.is_empty() {
        panic!("the catalogues are wrong:\n{}", errors.join("\n"));
    }
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("messages.rs");
    std::fs::write(out, generate(&catalogues)).unwrap();
}

/// The placeholders of `en`'s message in the order they first appear
/// (`n` first in a message with a count): the generated parameters.
fn parameters(message: &Message) -> Vec<String> {
    let pieces: Vec<&Piece> = match message {
        Message::Single(pieces) => pieces.iter().collect(),
        Message::Plural(forms) => {
            let other = forms.get("other").or_else(|| forms.values().next());
            other.into_iter().flatten().collect()
        }
    };
    let mut names = Vec::new();
    if matches!(message, Message::Plural(_)) {
        names.push("n".to_string());
    }
    for piece in pieces {
        if let Piece::Placeholder(name) = piece
            && !names.contains(name)
        {
            names.push(name.clone());
        }
    }
    names
}

/// `pieces` as the `&[Piece]` literal of the generated code, placeholders
/// by their index in `parameters`.
fn pieces_literal(pieces: &[Piece], parameters: &[String]) -> String {
    let items: Vec<String> = pieces
        .iter()
        .map(|piece| match piece {
            Piece::Literal(text) => format!("Piece::Text({text:?})"),
            Piece::Placeholder(name) => {
                let index = parameters.iter().position(|p| p == name).unwrap();
                format!("Piece::Arg({index})")
            }
        })
        .collect();
    format!("&[{}]", items.join(", "))
}

fn literal(message: &Message) -> String {
    match message {
        Message::Single(pieces) => pieces
            .iter()
            .map(|piece| match piece {
                Piece::Literal(text) => text.clone(),
                Piece::Placeholder(name) => format!("{{{name}}}"),
            })
            .collect(),
        Message::Plural(_) => String::new(),
    }
}

fn generate(catalogues: &[Catalogue]) -> String {
    let source = &catalogues[0];
    let mut out = String::new();
    let phrases: Vec<&String> = (source.iter())
        .filter(|(_, message)| {
            matches!(message, Message::Single(_)) && parameters(message).is_empty()
        })
        .map(|(id, _)| id)
        .collect();
    // Phrase.
    out.push_str("/// A message without placeholders: `Phrase::X.get(language)`.\n");
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]\npub enum Phrase {\n");
    for id in &phrases {
        let en = literal(&source[*id]);
        writeln!(out, "    /// en: {en:?}\n    {},", camel(id)).unwrap();
    }
    out.push_str("}\n\nimpl Phrase {\n");
    writeln!(out, "    /// Every phrase, in the catalogue's order.").unwrap();
    writeln!(out, "    pub const ALL: [Phrase; {}] = [", phrases.len()).unwrap();
    for id in &phrases {
        writeln!(out, "        Phrase::{},", camel(id)).unwrap();
    }
    out.push_str("    ];\n\n    /// Its id in the catalogues.\n    pub const fn id(self) -> &'static str {\n        match self {\n");
    for id in &phrases {
        writeln!(out, "            Phrase::{} => {id:?},", camel(id)).unwrap();
    }
    out.push_str("        }\n    }\n\n");
    out.push_str("    /// Its text in `language`: a table's entry, no allocation.\n");
    out.push_str("    pub fn get(self, language: Language) -> &'static str {\n        PHRASES[language as usize][self as usize]\n    }\n}\n\n");
    writeln!(out, "static PHRASES: [[&str; {}]; 4] = [", phrases.len()).unwrap();
    for catalogue in catalogues {
        out.push_str("    [\n");
        for id in &phrases {
            writeln!(out, "        {:?},", literal(&catalogue[*id])).unwrap();
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n\n");

    // fill and plural.
    let mut used = Vec::new();
    for (module, plural) in [("fill", false), ("plural", true)] {
        writeln!(
            out,
            "/// Messages {}.",
            match plural {
                true => "with a count, in the form its plural category takes",
                false => "with placeholders, filled",
            }
        )
        .unwrap();
        writeln!(out, "pub mod {module} {{\n    // One parameter per placeholder: the message decides how many.\n    #![allow(clippy::too_many_arguments)]\n    #[allow(unused_imports)]\n    use crate::{{Language, Piece, render, plural_category}};\n    #[allow(unused_imports)]\n    use std::fmt::Display;\n").unwrap();
        for (id, message) in source {
            let is_plural = matches!(message, Message::Plural(_));
            let names = parameters(message);
            if is_plural != plural || (!plural && names.is_empty()) {
                continue;
            }
            let name = snake(id);
            used.push((id.clone(), format!("{module}::{name}")));
            let params: Vec<String> = names
                .iter()
                .map(|p| match p.as_str() {
                    "n" if plural => "n: u64".to_string(),
                    _ => format!("{p}: impl Display"),
                })
                .collect();
            let args: Vec<String> = names.iter().map(|p| format!("&{p}")).collect();
            match message {
                Message::Single(_) => {
                    writeln!(out, "    /// en: {:?}", literal(message)).unwrap();
                    writeln!(
                        out,
                        "    pub fn {name}(language: Language, {}) -> String {{",
                        params.join(", ")
                    )
                    .unwrap();
                    out.push_str("        const FORMS: [&[Piece]; 4] = [\n");
                    for catalogue in catalogues {
                        let Message::Single(pieces) = &catalogue[id] else {
                            unreachable!()
                        };
                        writeln!(out, "            {},", pieces_literal(pieces, &names)).unwrap();
                    }
                    writeln!(
                        out,
                        "        ];\n        render(FORMS[language as usize], &[{}])\n    }}\n",
                        args.join(", ")
                    )
                    .unwrap();
                }
                Message::Plural(forms) => {
                    let shown = forms.get("other").or_else(|| forms.get("many")).unwrap();
                    let en = literal(&Message::Single(shown.clone()));
                    writeln!(out, "    /// en (other): {en:?}").unwrap();
                    writeln!(
                        out,
                        "    pub fn {name}({}) -> String {{",
                        std::iter::once("language: Language".to_string())
                            .chain(params)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                    .unwrap();
                    out.push_str("        const FORMS: [[&[Piece]; 4]; 4] = [\n");
                    for catalogue in catalogues {
                        let Message::Plural(forms) = &catalogue[id] else {
                            unreachable!()
                        };
                        let row: Vec<String> = CATEGORIES
                            .iter()
                            .map(|category| {
                                forms
                                    .get(*category)
                                    .map_or("&[]".to_string(), |p| pieces_literal(p, &names))
                            })
                            .collect();
                        writeln!(out, "            [{}],", row.join(", ")).unwrap();
                    }
                    writeln!(out, "        ];\n        render(FORMS[language as usize][plural_category(language, n) as usize], &[{}])\n    }}\n", args.join(", ")).unwrap();
                }
            }
        }
        out.push_str("}\n\n");
    }
    out.push_str("/// Every message's id and how code names it (`Phrase::X`, `fill::x`,\n/// `plural::x`): the test that every message is used reads it.\n");
    out.push_str("pub const MESSAGES: &[(&str, &str)] = &[\n");
    for id in &phrases {
        writeln!(out, "    ({id:?}, \"Phrase::{}\"),", camel(id)).unwrap();
    }
    for (id, path) in used {
        writeln!(out, "    ({id:?}, {path:?}),").unwrap();
    }
    out.push_str("];\n");
    out
}
