//! The embedded demo API server (helper D fills this in).
