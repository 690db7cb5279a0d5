//! Configuration (helper C fills this in).
