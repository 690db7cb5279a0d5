//! Shell integration: `crmdeck completions SHELL` and `crmdeck man`, both
//! written from the parser's own definition ([`Args`]). Neither reads the
//! config nor opens a session: they work before anything is set up.

use super::args::Args;
use super::help_language;
use crate::i18n::Language;
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;
use roff::Roff;

/// The program's name, as the shell and `man` know it.
const BIN: &str = "crmdeck";

/// The flags completed with names rather than files, and the hidden
/// command that prints the names one a line.
/// (`--profile-names`, not `--profiles`: that is the global flag naming
/// several centres, issue 38.)
const NAMED: [(&str, &str); 2] = [("profile", "profile-names"), ("branch", "branches")];

/// The completion script for `shell`. In bash, zsh and fish, `--profile`
/// completes the config file's profile names (`crmdeck completions
/// --profile-names`) and `--branch` the centre's branch names (`crmdeck
/// completions --branches`, from the API) in place of file names.
///
/// Those names are other people's text (anyone who renames a branch in the
/// CRM writes them), so no script evaluates one: each reads them as lines
/// and hands them to the shell's own quoting (bash `printf %q`; zsh
/// `compadd` of an array; fish's insertion, which escapes each candidate:
/// `string escape` first would double it); never `compgen -W`, which
/// expands `$( )` and backquotes in its word list.
///
/// clap_complete's dynamic completion would do it natively, but it is
/// still unstable (behind its `unstable-dynamic` feature) and registers
/// the binary itself as the completer; patching the static scripts keeps
/// them plain files that `completions SHELL > file` installs.
pub fn completions(shell: Shell) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), BIN, &mut script);
    // The generators write the command's own words: UTF-8 throughout.
    let script = String::from_utf8_lossy(&script).into_owned();
    let script = NAMED.into_iter().fold(script, |script, (flag, names)| {
        let lister = format!("{BIN} completions --{names} 2>/dev/null");
        match shell {
            Shell::Bash => script.replace(
                &format!("--{flag})\n                    COMPREPLY=($(compgen -f \"${{cur}}\"))"),
                &format!("--{flag})\n                    _crmdeck_names {names} \"${{cur}}\""),
            ),
            // `'--branch=[…]:ID|NAME:_default' \`: the action in braces
            // is run when the value is completed. `compadd` quotes what it
            // inserts; the names are an array of lines, never words.
            Shell::Zsh => each_line(&script, &format!("'--{flag}=["), |line| {
                line.replacen(
                    ":_default'",
                    &format!(
                        ":{{local -a names; names=(\"${{(@f)$({lister})}}\"); compadd -a names}}'"
                    ),
                    1,
                )
            }),
            // `complete -c crmdeck … -l branch … -r`: names, not files.
            // The lines of a command substitution are taken as they are.
            Shell::Fish => each_line(&script, &format!(" -l {flag} "), |line| {
                format!("{line} -f -a \"({lister})\"")
            }),
            _ => script,
        }
    });
    match shell {
        Shell::Bash => script + BASH_NAMES,
        _ => script,
    }
}

/// The bash function the `--profile` and `--branch` cases call: the names
/// `crmdeck completions --WHAT` prints, read as lines (never as words
/// `compgen -W` would expand), those starting with what is typed, quoted
/// as one would type them.
const BASH_NAMES: &str = r#"
# The names `crmdeck completions --$1` prints, read as lines and never
# evaluated: those that start with $2 (as typed, or with its quote or
# backslashes taken off), quoted as they would be typed.
_crmdeck_names() {
    local name quoted typed="$2"
    case "${typed}" in
        \'*|\"*) typed="${typed:1}" ;;
        *) typed="${typed//\\/}" ;;
    esac
    COMPREPLY=()
    while IFS= read -r name; do
        printf -v quoted '%q' "${name}"
        if [[ "${name}" == "${typed}"* || "${quoted}" == "$2"* ]]; then
            COMPREPLY+=("${quoted}")
        fi
    done < <(crmdeck completions "--$1" 2>/dev/null)
}
"#;

/// `script` with `change` made to each line that holds `marker`.
fn each_line(script: &str, marker: &str, change: impl Fn(&str) -> String) -> String {
    script
        .lines()
        .map(|line| match line.contains(marker) {
            true => change(line) + "\n",
            false => format!("{line}\n"),
        })
        .collect()
}

/// `crmdeck completions --branches`: the centre's branch names, one a line
/// (see [`name_lines`]).
pub async fn branch_lines(session: &crate::session::Session) -> Result<String, super::CliError> {
    let branches = session.client.branches().await?;
    Ok(name_lines(
        branches.iter().map(|branch| branch.name.as_str()),
    ))
}

/// `crmdeck completions --profile-names`: the profile names, one a line (see
/// [`name_lines`]).
pub fn profile_lines(overrides: &crate::config::Overrides) -> String {
    let env = |name: &str| std::env::var(name).ok();
    let names = crate::config::profile_names(overrides, &env);
    name_lines(names.iter().map(String::as_str))
}

/// `names` one a line, for a completion script to read: control characters
/// (C0, DEL, C1: ESC would reach the terminal as the shell lists them)
/// dropped, and a name that holds a line break, or is empty, left out, as
/// no line can carry it.
fn name_lines<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .filter(|name| !name.contains(['\n', '\r']))
        .map(|name| name.chars().filter(|c| !c.is_control()).collect::<String>())
        .filter(|name| !name.is_empty())
        .map(|name| name + "\n")
        .collect()
}

/// The manual page (roff, section 1): the program and its global flags, then
/// a section per subcommand with its synopsis, options and examples. One
/// page, so that `crmdeck man > crmdeck.1` installs all of it (clap_mangen
/// alone would point at a page per subcommand). Its one-line descriptions
/// (NAME, each subcommand's) in `language`, as `--help` gives them; the
/// rest is clap's and the options' English.
pub fn man_page(language: Language) -> std::io::Result<String> {
    let command = help_language::translated(Args::command(), language);
    let mut page = Vec::new();
    let main = Man::new(command.clone());
    main.render_title(&mut page)?;
    main.render_name_section(&mut page)?;
    main.render_synopsis_section(&mut page)?;
    main.render_description_section(&mut page)?;
    main.render_options_section(&mut page)?;
    for subcommand in command.get_subcommands() {
        page.extend(subcommand_section(subcommand)?);
    }
    page.extend(extra_section(&command)?);
    main.render_version_section(&mut page)?;
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// `crmdeck NAME` as a section of the page: its purpose, then its synopsis,
/// options and examples as subsections.
fn subcommand_section(subcommand: &clap::Command) -> std::io::Result<Vec<u8>> {
    let invoked = format!("{BIN} {}", subcommand.get_name());
    let mut heading = Roff::new();
    heading.control("SH", [invoked.to_uppercase().as_str()]);
    if let Some(about) = subcommand.get_about() {
        heading.text([roff::roman(about.to_string())]);
    }
    let mut section = Vec::new();
    heading.to_writer(&mut section)?;
    let man = Man::new(subcommand.clone().bin_name(invoked));
    let mut parts = Vec::new();
    man.render_synopsis_section(&mut parts)?;
    man.render_options_section(&mut parts)?;
    parts.extend(extra_section(subcommand)?);
    section.extend(as_subsections(&String::from_utf8_lossy(&parts)).into_bytes());
    Ok(section)
}

/// The command's `after_help` (examples, notes) as its EXTRA section, its
/// lines kept as written (no-fill): clap_mangen writes each line as text
/// that roff then fills, so an example ran into the sentence after it
/// (`--format json Without --branch`). Nothing without an `after_help`.
fn extra_section(command: &clap::Command) -> std::io::Result<Vec<u8>> {
    let mut section = Vec::new();
    let Some(after) = command.get_after_help() else {
        return Ok(section);
    };
    let mut roff = Roff::new();
    roff.control("SH", ["EXTRA"]).control("nf", []);
    for line in after.to_string().lines() {
        roff.text([roff::roman(line)]);
    }
    roff.control("fi", []);
    roff.to_writer(&mut section)?;
    Ok(section)
}

/// Every section heading (`.SH`) of `roff` made a subsection (`.SS`). Text
/// that starts with a dot is escaped by the writer (`\&.`), so only control
/// lines change.
fn as_subsections(roff: &str) -> String {
    roff.lines()
        .map(|line| match line.strip_prefix(".SH ") {
            Some(title) => format!(".SS {title}\n"),
            None => format!("{line}\n"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_lines_drop_control_characters_and_leave_out_broken_names() {
        let names = [
            "plain",
            "a\x1b[31mred",
            "c1\u{9b}2J",
            "two\nlines",
            "cr\r",
            "\x07",
            "`x` $(y)",
        ];
        assert_eq!(
            name_lines(names.into_iter()),
            "plain\na[31mred\nc12J\n`x` $(y)\n"
        );
    }

    #[test]
    fn only_section_headings_become_subsections() {
        let roff = ".SH OPTIONS\n\\&.SH not a heading\n.TP\ntext .SH\n";
        assert_eq!(
            as_subsections(roff),
            ".SS OPTIONS\n\\&.SH not a heading\n.TP\ntext .SH\n"
        );
    }

    /// The text of `page`'s section headed `heading` (to the next `.SH`).
    fn section<'p>(page: &'p str, heading: &str) -> &'p str {
        let start = page.find(heading).expect(heading);
        let end = page[start + 1..]
            .find(".SH ")
            .map_or(page.len(), |at| start + 1 + at);
        &page[start..end]
    }

    #[test]
    fn examples_keep_their_lines_and_help_is_listed_once() {
        let page = man_page(Language::En).unwrap();
        let today = section(&page, ".SH \"CRMDECK TODAY\"");
        // No-fill: `--format json` ends its line, the sentence has its own.
        let nf = today.find(".nf").expect("no-fill examples");
        let fi = today.find(".fi").expect("filled again after them");
        let examples = &today[nf..fi];
        assert!(
            examples.contains("\\-\\-format json\n") && examples.contains("\nWithout \\-\\-branch"),
            "{examples}"
        );
        // Every section lists `-h, --help` once among its options.
        let help = "\\fB\\-h\\fR, \\fB\\-\\-help\\fR";
        for sub in Args::command().get_subcommands() {
            let heading = format!(".SH \"CRMDECK {}\"", sub.get_name().to_uppercase());
            let text = section(&page, &heading);
            assert_eq!(text.matches(help).count(), 1, "{heading}: {text}");
        }
        let main = section(&page, ".SH EXTRA");
        assert!(main.contains(".nf"), "{main}");
    }

    #[test]
    fn the_page_in_russian_takes_the_one_line_descriptions_and_keeps_clap_s_headings() {
        let page = man_page(Language::Ru).unwrap();
        for said in [
            "Терминальная панель для CRM вашего учебного центра",
            "Список плагинов каталога",
            ".SS SYNOPSIS",
            ".SS OPTIONS",
        ] {
            assert!(page.contains(said), "{said}");
        }
        assert!(!page.contains("List the plugin catalogue"));
    }

    #[test]
    fn a_subcommand_section_holds_its_synopsis_options_and_examples() {
        let page = man_page(Language::En).unwrap();
        let start = page
            .find(".SH \"CRMDECK INSTALL\"")
            .expect("install's section");
        let end = page[start + 1..]
            .find(".SH ")
            .map_or(page.len(), |at| start + 1 + at);
        let install = &page[start..end];
        for part in [
            "Install a plugin from the catalogue",
            ".SS SYNOPSIS",
            "\\fBcrmdeck install\\fR",
            ".SS OPTIONS",
            "\\-\\-show\\-token",
            "crmdeck install 3 \\-\\-yes",
        ] {
            assert!(install.contains(part), "{part} in {install}");
        }
    }
}
