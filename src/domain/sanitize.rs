//! Sanitising server text (helper B fills this in).
