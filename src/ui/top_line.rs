//! The top line: `crmdeck`, the tabs (the active one in brackets and
//! reversed), and on the right the token warning, plain http to another
//! machine (`allow_insecure_http`), read-only mode, the zone
//! of the times when it is not this machine's, profile and host.

use super::theme::Styles;
use crate::app::layout::{TabName, labels_of, tab_names, token_expired_warning, top_line_kept};
use crate::app::{App, TOKEN_WARNING_BEFORE, Tab};
use crate::config::Theme;
use crate::i18n::{Phrase, fill};
use crate::present::clock::expiry_in;
use crate::present::format::{display_width, truncate_to_width};
use crate::sanitize::sanitize_line;
use crate::secret;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The most columns the right of the top line (warnings, zone, profile
/// and centre) takes from the tabs' names before its own words are cut.
const RIGHT_SIDE_FIRST: usize = 40;

/// Draws the top line in `area`, with the app's tabs.
pub fn draw(app: &App, frame: &mut Frame, area: Rect, styles: &Styles) {
    let shown = Tab::ALL.iter().position(|&tab| tab == app.tab);
    draw_tabs(
        app,
        &tab_names(app.world.settings.language),
        shown,
        frame,
        area,
        styles,
    );
}

/// Draws the top line in `area` with `tabs` (the app's, or a fixed list
/// in the top line's render tests), `shown` the index of the one shown.
pub fn draw_tabs(
    app: &App,
    tabs: &[TabName],
    shown: Option<usize>,
    frame: &mut Frame,
    area: Rect,
    styles: &Styles,
) {
    let mut spans = vec![Span::styled("crmdeck", styles.brand)];
    let mut used = display_width("crmdeck");
    let language = app.world.settings.language;
    // The tabs shorten before the centre's name is cut (issue 38 §5: the
    // top line names the centre looked at), up to RIGHT_SIDE_FIRST columns.
    let wanted = right_side(app, styles, usize::from(area.width))
        .iter()
        .map(|s| display_width(&s.content))
        .sum::<usize>()
        + 2;
    let wanted = u16::try_from(wanted.min(RIGHT_SIDE_FIRST)).unwrap_or(u16::MAX);
    let kept = top_line_kept(app.world.token_expires_at, app.world.now, language).max(wanted);
    let labels = labels_of(tabs, shown, area.width, kept);
    for (at, (start, label)) in labels.into_iter().enumerate() {
        let start = usize::from(start);
        spans.push(Span::raw(" ".repeat(start.saturating_sub(used))));
        let (text, style) = if Some(at) == shown {
            (format!("[{label}]"), styles.tab_active)
        } else {
            (format!(" {label} "), styles.tab)
        };
        used = start + display_width(&text);
        spans.push(Span::styled(text, style));
    }
    let width = usize::from(area.width);
    let room = width.saturating_sub(used + 2);
    let right = right_side(app, styles, room);
    let right_width: usize = right.iter().map(|s| display_width(&s.content)).sum();
    if right_width <= room {
        spans.push(Span::raw(
            " ".repeat(width.saturating_sub(used + right_width)),
        ));
        spans.extend(right);
    } else if room > 0 {
        // Not even the warnings and the profile fit: the warnings (first)
        // are shortened, the profile's name stays while it fits itself.
        let (profile, warnings) = match app.world.settings.profile {
            Some(_) => right
                .split_last()
                .map_or((None, &right[..]), |(p, w)| (Some(p), w)),
            None => (None, &right[..]),
        };
        // A profile whose server or token was replaced keeps its name and
        // as much of the note as fits: it must never stand alone.
        let profile = match profile {
            Some(p) if !app.world.settings.replaced.is_empty() => Some(Span::styled(
                truncate_to_width(&p.content, room).into_owned(),
                p.style,
            )),
            _ => profile
                .filter(|p| display_width(&p.content) < room)
                .cloned(),
        };
        let text: String = warnings.iter().map(|s| s.content.as_ref()).collect();
        let style = warnings.first().map(|s| s.style).unwrap_or_default();
        let profile_width = profile.as_ref().map_or(0, |p| display_width(&p.content));
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            truncate_to_width(&text, room - profile_width).into_owned(),
            style,
        ));
        spans.extend(profile);
    }
    let line = Paragraph::new(Line::from(spans));
    frame.render_widget(line.style(bar_style(app)), area);
}

/// The profile's accent as the whole line's background (with a foreground
/// that reads on it); no style without an accent or without colours.
fn bar_style(app: &App) -> Style {
    match (app.world.settings.accent, app.world.settings.theme) {
        (Some(accent), Theme::Default) => Style::new().bg(accent).fg(readable_on(accent)),
        _ => Style::new(),
    }
}

/// Black or white, whichever reads better on `background`.
fn readable_on(background: Color) -> Color {
    let light = match background {
        Color::Rgb(r, g, b) => {
            // Rec. 601 luma: light backgrounds take black text.
            u32::from(r) * 299 + u32::from(g) * 587 + u32::from(b) * 114 > 140_000
        }
        Color::Green | Color::Yellow | Color::Cyan | Color::Gray | Color::White => true,
        Color::LightRed
        | Color::LightGreen
        | Color::LightYellow
        | Color::LightBlue
        | Color::LightMagenta
        | Color::LightCyan => true,
        _ => false,
    };
    if light { Color::Black } else { Color::White }
}

/// Read-only mode short of room (whole: `Phrase::TopReadOnly`).
const READ_ONLY_MARK: &str = "RO";

/// The token warning, read-only mode, the zone of the times, then
/// `profile · centre` (the host when the API names no centre), fitted to
/// `room` columns: the zone is shortened first, then the centre, and
/// the profile name stays while anything fits.
fn right_side(app: &App, styles: &Styles, room: usize) -> Vec<Span<'static>> {
    let settings = &app.world.settings;
    let language = settings.language;
    let mut spans = Vec::new();
    if let Some(expiry) = app.world.token_expires_at
        && expiry - app.world.now <= TOKEN_WARNING_BEFORE
    {
        // Once expired, the way out matters more than the hour (the status
        // line's error gives that): it must survive a narrow top line.
        let warning = if expiry <= app.world.now {
            token_expired_warning(language).to_string()
        } else {
            let expiry = expiry_in(secret::expiry(expiry, app.world.now), language);
            fill::token_warning(language, expiry)
        };
        spans.push(Span::styled(warning, styles.warning));
        spans.push(Span::raw("  "));
    }
    if settings.insecure_http {
        spans.push(Span::styled(
            Phrase::TopPlainHttp.get(language),
            styles.warning,
        ));
        spans.push(Span::raw("  "));
    }
    let place = match app.world.centre() {
        Some(centre) => sanitize_line(centre).into_owned(),
        None => sanitize_line(&settings.host).into_owned(),
    };
    let profile = settings.profile.as_ref().map(|profile| {
        let style = match (settings.accent, settings.theme) {
            // Without colours the accent becomes reverse video on the name.
            (Some(_), Theme::Mono) => styles.dim.add_modifier(Modifier::REVERSED),
            _ => styles.dim,
        };
        // What replaced the profile's server or token is said with its name.
        let named =
            std::iter::once(profile.as_str()).chain(settings.replaced.iter().map(String::as_str));
        let label = named.collect::<Vec<_>>().join(PLACE_SEPARATOR);
        Span::styled(sanitize_line(&label).into_owned(), style)
    });
    let profile_width = profile.as_ref().map_or(0, |p| {
        display_width(&p.content) + display_width(PLACE_SEPARATOR)
    });
    if settings.read_only {
        // Whole while it leaves the profile and a few letters of the
        // centre; else a short mark (issue 37 §4): the profile matters more.
        let before: usize = spans.iter().map(|s| display_width(&s.content)).sum();
        let said = Phrase::TopReadOnly.get(language);
        let whole = before + display_width(said) + 2 + profile_width + 4 <= room;
        let mark = if whole { said } else { READ_ONLY_MARK };
        spans.push(Span::styled(mark, styles.warning));
        spans.push(Span::raw("  "));
    }
    let fixed = spans
        .iter()
        .map(|s| display_width(&s.content))
        .sum::<usize>()
        + profile_width;
    // Lesson times are the centre's: say so where this machine's clock
    // reads otherwise (a server on UTC), when there is room for it.
    // Short of room, the zone's name alone, then its short name (`+05`)
    // with the centre shortened for it: left out only when not even that
    // fits beside the warnings and the profile.
    let zone = &app.world.zone;
    if !zone.same_clock_as(&settings.machine_zone, app.world.now) {
        let forms = [
            format!("{}  ", fill::top_times_in(language, zone)),
            format!("{zone}  "),
            format!("{}  ", zone.short_name(app.world.now)),
        ];
        let whole = forms
            .iter()
            .find(|text| fixed + display_width(text) + display_width(&place) <= room);
        let shortest = forms
            .last()
            .filter(|text| fixed + display_width(text) <= room);
        if let Some(text) = whole.or(shortest) {
            spans.push(Span::styled(text.clone(), styles.dim));
        }
    }
    let used: usize = spans.iter().map(|s| display_width(&s.content)).sum();
    let place_room = room.saturating_sub(used + profile_width);
    // A centre cut to a letter or two says nothing: then the name alone.
    let place = match place_room {
        0..4 => String::new(),
        _ => truncate_to_width(&place, place_room).into_owned(),
    };
    match profile {
        Some(profile) if place.is_empty() => spans.push(profile),
        Some(profile) => {
            spans.push(profile);
            spans.push(Span::styled(
                format!("{PLACE_SEPARATOR}{place}"),
                styles.dim,
            ));
        }
        None => spans.push(Span::styled(place, styles.dim)),
    }
    spans
}

/// Between the profile and the centre.
const PLACE_SEPARATOR: &str = " · ";
