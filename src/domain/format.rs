//! Formatting for people (helper B fills this in).
