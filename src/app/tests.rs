//! `App::update` through keys and messages, against the fixtures.
