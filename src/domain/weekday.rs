//! Weekday names and parsing (helper A fills this in).
