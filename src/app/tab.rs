//! Which tabs the top line has, their names and their order: vocabulary
//! only. The screen of each tab is in the registry (`registry.rs`), above
//! the screens, so that what names a tab (the keymap, the layout, the
//! requests' owners, the view remembered) does not reach every screen.

/// The tabs of the top line, in its order (and the number keys').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Plugins,
    Groups,
    Week,
    Today,
    /// What changed since the baseline (issue 28).
    Changes,
}

impl Tab {
    /// Every tab, in the order of the top line.
    pub const ALL: &'static [Tab] = &[
        Tab::Plugins,
        Tab::Groups,
        Tab::Week,
        Tab::Today,
        Tab::Changes,
    ];

    /// The name in the top line.
    pub fn name(self) -> &'static str {
        match self {
            Tab::Plugins => "Plugins",
            Tab::Groups => "Groups",
            Tab::Week => "Week",
            Tab::Today => "Today",
            Tab::Changes => "Changes",
        }
    }

    /// The tab after this one in the top line (`forward`), or before it.
    pub fn beside(self, forward: bool) -> Self {
        let index = Self::ALL.iter().position(|tab| *tab == self).unwrap_or(0);
        let step = if forward { 1 } else { Self::ALL.len() - 1 };
        Self::ALL[(index + step) % Self::ALL.len()]
    }
}
