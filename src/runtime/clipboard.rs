//! Copying text through the terminal: an OSC 52 sequence, which the terminal
//! emulator (not this machine) puts on the clipboard, so it works over SSH.
//! Inside tmux or GNU screen the sequence is wrapped so that the multiplexer
//! passes it on to the outer terminal. tmux's defaults (3.3+:
//! `allow-passthrough off`, `set-clipboard external`) drop a copy without a
//! word, so inside tmux its options are read first: the copy goes the way
//! tmux lets it, or the user is told the two lines that would let it.

use crate::app::protocol::CopyRefused;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use std::sync::Arc;

/// The most base64 bytes sent at once; many terminals drop longer OSC 52
/// strings, or stall reading them.
pub const MAX_ENCODED_BYTES: usize = 100_000;

/// GNU screen cuts a DCS string at 768 bytes: the payload goes in chunks.
const SCREEN_CHUNK_BYTES: usize = 76;

const ESC: &str = "\x1b";
/// String terminator of a DCS (`ESC \`).
const ST: &str = "\x1b\\";
const BEL: &str = "\x07";

/// What sits between crmdeck and the real terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Multiplexer {
    None,
    /// `$TMUX` is set: DCS passthrough (needs `allow-passthrough on` in tmux 3.3+).
    Tmux,
    /// tmux with `set-clipboard on` and no passthrough: the plain sequence,
    /// which tmux takes and passes on itself.
    TmuxClipboard,
    /// `$TERM` starts with `screen` outside tmux.
    Screen,
}

impl Multiplexer {
    /// Reads `TMUX` and `TERM` from `env` (production passes `std::env::var`).
    pub fn detect(env: &dyn Fn(&str) -> Option<String>) -> Self {
        let set = |name: &str| env(name).filter(|value| !value.is_empty());
        if set("TMUX").is_some() {
            Self::Tmux
        } else if set("TERM").is_some_and(|term| term.starts_with("screen")) {
            Self::Screen
        } else {
            Self::None
        }
    }
}

/// tmux's two options that decide what becomes of an OSC 52 from inside
/// (None: the option is unknown to this tmux, or tmux did not answer).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TmuxOptions {
    /// `set-clipboard`: on, external or off.
    pub set_clipboard: Option<String>,
    /// `allow-passthrough` of our pane: on, all or off (tmux 3.3+).
    pub allow_passthrough: Option<String>,
}

/// The two lines of `~/.tmux.conf` that let a copy through.
pub const TMUX_CONF_LINES: [&str; 2] = ["set -g set-clipboard on", "set -g allow-passthrough on"];

impl TmuxOptions {
    /// Asks the tmux we run in (`pane`: `$TMUX_PANE`) for its options.
    pub fn read(pane: Option<&str>) -> Self {
        let show = |args: &[&str]| {
            let output = std::process::Command::new("tmux")
                .args(["show-options"])
                .args(args)
                .stdin(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .output()
                .ok()?;
            let value = String::from_utf8_lossy(&output.stdout).trim().to_owned();
            (output.status.success() && !value.is_empty()).then_some(value)
        };
        let passthrough = match pane {
            // -A: the value the pane inherits when it sets none itself.
            Some(pane) => show(&["-Apv", "-t", pane, "allow-passthrough"]),
            None => show(&["-gpv", "allow-passthrough"]),
        };
        Self {
            set_clipboard: show(&["-gv", "set-clipboard"]),
            allow_passthrough: passthrough,
        }
    }

    /// How a copy gets through this tmux, or the message saying it would
    /// be dropped and how to let it through.
    pub fn route(&self) -> Result<Multiplexer, CopyRefused> {
        match (
            self.allow_passthrough.as_deref(),
            self.set_clipboard.as_deref(),
        ) {
            // An older tmux without the option passes every DCS on.
            (None | Some("on" | "all"), _) => Ok(Multiplexer::Tmux),
            // tmux takes a plain OSC 52 itself and hands it to the terminal.
            (_, Some("on")) => Ok(Multiplexer::TmuxClipboard),
            _ => Err(CopyRefused::TmuxDrops {
                add: TMUX_CONF_LINES.join(" and "),
            }),
        }
    }
}

/// The bytes that ask the terminal to put `text` on the clipboard, or why
/// they would not do (too large).
pub fn osc52(text: &str, multiplexer: Multiplexer) -> Result<String, CopyRefused> {
    let encoded = STANDARD.encode(text);
    if encoded.len() > MAX_ENCODED_BYTES {
        return Err(CopyRefused::TooLarge {
            kb: text.len().div_ceil(1024),
            most_kb: MAX_ENCODED_BYTES * 3 / 4 / 1024,
        });
    }
    Ok(match multiplexer {
        Multiplexer::None | Multiplexer::TmuxClipboard => format!("{ESC}]52;c;{encoded}{BEL}"),
        Multiplexer::Tmux => {
            // Inside the passthrough every ESC of the inner sequence is doubled.
            let inner = format!("{ESC}]52;c;{encoded}{BEL}").replace(ESC, "\x1b\x1b");
            format!("{ESC}Ptmux;{inner}{ST}")
        }
        Multiplexer::Screen => {
            // Base64 is ASCII: cutting it anywhere leaves valid text.
            let chunks: Vec<_> = encoded
                .as_bytes()
                .chunks(SCREEN_CHUNK_BYTES)
                .map(String::from_utf8_lossy)
                .collect();
            let joined = chunks.join(&format!("{ST}{ESC}P"));
            format!("{ESC}P{ESC}]52;c;{joined}{BEL}{ST}")
        }
    })
}

/// Writes the OSC 52 sequence for `text` to `out`; refused when `out` is not
/// a terminal, or inside a tmux that would drop it (`tmux` reads its
/// options, given the pane). The error is a one-line message for the
/// status line.
pub fn copy(
    text: &str,
    out: &mut impl std::io::Write,
    out_is_terminal: bool,
    env: &dyn Fn(&str) -> Option<String>,
    tmux: &dyn Fn(Option<&str>) -> TmuxOptions,
) -> Result<(), CopyRefused> {
    if !out_is_terminal {
        return Err(CopyRefused::NotATerminal);
    }
    let multiplexer = match Multiplexer::detect(env) {
        Multiplexer::Tmux => tmux(env("TMUX_PANE").as_deref()).route()?,
        other => other,
    };
    let sequence = osc52(text, multiplexer)?;
    out.write_all(sequence.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|error| CopyRefused::Write(Arc::new(error)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::env_of;

    #[test]
    fn plain_sequence_is_osc_52_with_base64_and_bel() {
        assert_eq!(
            osc52("1|jCr5secret", Multiplexer::None).unwrap(),
            "\x1b]52;c;MXxqQ3I1c2VjcmV0\x07"
        );
        assert_eq!(osc52("", Multiplexer::None).unwrap(), "\x1b]52;c;\x07");
    }

    #[test]
    fn tmux_wraps_in_dcs_and_doubles_every_escape() {
        assert_eq!(
            osc52("hi", Multiplexer::Tmux).unwrap(),
            "\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\"
        );
    }

    #[test]
    fn screen_sends_the_payload_in_short_dcs_chunks() {
        let short = osc52("hi", Multiplexer::Screen).unwrap();
        assert_eq!(short, "\x1bP\x1b]52;c;aGk=\x07\x1b\\");

        // 114 bytes of text: 152 base64 bytes, two chunks of 76.
        let text = "x".repeat(114);
        let long = osc52(&text, Multiplexer::Screen).unwrap();
        let encoded = STANDARD.encode(&text);
        let expected = format!(
            "\x1bP\x1b]52;c;{}\x1b\\\x1bP{}\x07\x1b\\",
            &encoded[..76],
            &encoded[76..]
        );
        assert_eq!(long, expected);
    }

    #[test]
    fn refuses_more_than_the_cap() {
        let at_cap = "y".repeat(MAX_ENCODED_BYTES / 4 * 3);
        assert_eq!(STANDARD.encode(&at_cap).len(), MAX_ENCODED_BYTES);
        assert!(osc52(&at_cap, Multiplexer::None).is_ok());
        let over = format!("{at_cap}y");
        let message = osc52(&over, Multiplexer::None).unwrap_err().to_string();
        assert!(message.contains("too much"), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    #[test]
    fn detects_tmux_before_screen() {
        let tmux = env_of(&[("TMUX", "/tmp/tmux-0/default,1,0"), ("TERM", "screen")]);
        assert_eq!(Multiplexer::detect(&tmux), Multiplexer::Tmux);
        let screen = env_of(&[("TERM", "screen.xterm-256color")]);
        assert_eq!(Multiplexer::detect(&screen), Multiplexer::Screen);
        let empty_tmux = env_of(&[("TMUX", ""), ("TERM", "xterm-256color")]);
        assert_eq!(Multiplexer::detect(&empty_tmux), Multiplexer::None);
        assert_eq!(Multiplexer::detect(&env_of(&[])), Multiplexer::None);
    }

    #[test]
    fn copy_writes_the_sequence_to_a_terminal_only() {
        let env = env_of(&[("TERM", "xterm-256color")]);
        let mut out = Vec::new();
        copy("hi", &mut out, true, &env, &no_tmux).unwrap();
        assert_eq!(out, b"\x1b]52;c;aGk=\x07");

        let mut piped = Vec::new();
        let refused = copy("hi", &mut piped, false, &env, &no_tmux)
            .unwrap_err()
            .to_string();
        assert!(refused.contains("not a terminal"), "{refused}");
        assert!(piped.is_empty());
    }

    fn no_tmux(_: Option<&str>) -> TmuxOptions {
        panic!("tmux asked outside tmux")
    }

    fn options(set_clipboard: Option<&str>, allow_passthrough: Option<&str>) -> TmuxOptions {
        TmuxOptions {
            set_clipboard: set_clipboard.map(str::to_owned),
            allow_passthrough: allow_passthrough.map(str::to_owned),
        }
    }

    #[test]
    fn tmux_defaults_drop_the_copy_and_the_message_says_what_to_add() {
        // tmux 3.3's defaults.
        let message = options(Some("external"), Some("off"))
            .route()
            .unwrap_err()
            .to_string();
        for line in TMUX_CONF_LINES {
            assert!(message.contains(line), "{message}");
        }
        assert!(message.contains("~/.tmux.conf"), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    #[test]
    fn tmux_passes_the_copy_the_way_its_options_allow() {
        let route = |clip, pass| options(clip, pass).route().ok();
        assert_eq!(route(Some("external"), Some("on")), Some(Multiplexer::Tmux));
        assert_eq!(route(Some("off"), Some("all")), Some(Multiplexer::Tmux));
        // Older than 3.3: no such option, every DCS passes.
        assert_eq!(route(Some("external"), None), Some(Multiplexer::Tmux));
        assert_eq!(
            route(Some("on"), Some("off")),
            Some(Multiplexer::TmuxClipboard)
        );
        assert!(route(Some("off"), Some("off")).is_none());
    }

    #[test]
    fn inside_tmux_the_copy_follows_the_pane_options() {
        let env = env_of(&[("TMUX", "/tmp/tmux-0/default,1,0"), ("TMUX_PANE", "%3")]);
        let asked = std::cell::RefCell::new(Vec::new());
        let clipboard_on = |pane: Option<&str>| {
            asked.borrow_mut().push(pane.map(str::to_owned));
            options(Some("on"), Some("off"))
        };
        let mut out = Vec::new();
        copy("hi", &mut out, true, &env, &clipboard_on).unwrap();
        assert_eq!(out, b"\x1b]52;c;aGk=\x07");
        assert_eq!(*asked.borrow(), [Some("%3".to_owned())]);

        let defaults = |_: Option<&str>| options(Some("external"), Some("off"));
        let mut dropped = Vec::new();
        let message = copy("hi", &mut dropped, true, &env, &defaults)
            .unwrap_err()
            .to_string();
        assert!(message.contains("set-clipboard on"), "{message}");
        assert!(dropped.is_empty(), "nothing is sent that tmux would drop");
    }
}
