//! The top line: `crmdeck`, the tabs (the active one in brackets and
//! reversed), and on the right the token warning, read-only mode, the zone
//! of the times when it is not this machine's, profile and host.

use super::theme::Styles;
use crate::app::layout::tab_labels;
use crate::app::{App, TOKEN_WARNING_BEFORE};
use crate::domain::format::{display_width, truncate_to_width};
use crate::domain::sanitize::sanitize_line;
use crate::model::describe_expiry;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Draws the top line in `area`.
pub fn draw(app: &App, frame: &mut Frame, area: Rect, styles: &Styles) {
    let mut spans = vec![Span::styled("crmdeck", styles.brand)];
    let mut used = display_width("crmdeck");
    for (tab, start, label) in tab_labels() {
        let start = usize::from(start);
        spans.push(Span::raw(" ".repeat(start.saturating_sub(used))));
        let (text, style) = if tab == app.tab {
            (format!("[{label}]"), styles.tab_active)
        } else {
            (format!(" {label} "), styles.tab)
        };
        used = start + display_width(&text);
        spans.push(Span::styled(text, style));
    }
    let width = usize::from(area.width);
    let right = right_side(app, styles);
    let right_width: usize = right.iter().map(|s| display_width(&s.content)).sum();
    let room = width.saturating_sub(used + 2);
    if right_width <= room {
        spans.push(Span::raw(" ".repeat(width - used - right_width)));
        spans.extend(right);
    } else if room > 0 {
        // Not enough room: the warning (first) wins over the host.
        let text: String = right.iter().map(|s| s.content.as_ref()).collect();
        let style = right.first().map(|s| s.style).unwrap_or_default();
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            truncate_to_width(&text, room).into_owned(),
            style,
        ));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The token warning, read-only mode, the zone of the times, then `profile · host`.
fn right_side(app: &App, styles: &Styles) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    if let Some(expiry) = app.shared.settings.token_expires_at
        && expiry - app.shared.now <= TOKEN_WARNING_BEFORE
    {
        // Once expired, the way out matters more than the hour (the status
        // line's error gives that): it must survive a narrow top line.
        let warning = if expiry <= app.shared.now {
            "⚠ token expired: renew it, press R".to_string()
        } else {
            format!("⚠ token {}", describe_expiry(expiry, app.shared.now))
        };
        spans.push(Span::styled(warning, styles.warning));
        spans.push(Span::raw("  "));
    }
    if app.shared.settings.read_only {
        spans.push(Span::styled("read-only", styles.warning));
        spans.push(Span::raw("  "));
    }
    // Lesson times are the centre's: say so where this machine's clock
    // reads otherwise (a server on UTC).
    let zone = &app.shared.settings.timezone;
    if !zone.same_clock_as(&app.shared.settings.machine_zone, app.shared.now) {
        spans.push(Span::styled(format!("times in {zone}"), styles.dim));
        spans.push(Span::raw("  "));
    }
    let host = sanitize_line(&app.shared.settings.host).into_owned();
    let place = match &app.shared.settings.profile {
        Some(profile) => format!("{} · {host}", sanitize_line(profile)),
        None => host,
    };
    spans.push(Span::styled(place, styles.dim));
    spans
}
