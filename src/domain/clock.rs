//! Lesson times of day in the centre's zone (helper B fills this in).
