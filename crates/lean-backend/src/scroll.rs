//! Finding the rows a frame moved, so the terminal can move them itself.
//!
//! ratatui hands the backend the cells that changed, never the fact that a
//! list scrolled by a line. Both frames are known to the backend, though:
//! each row is cut into blocks of a few columns, and a block of the new
//! frame found at another row of the old one votes for that vertical
//! shift. The shifts with the most votes are scored on every band of rows
//! they could scroll (cells already right after the scroll, less cells
//! right without it, block by block); the best band is then drawn both
//! ways, and the shorter of the two is sent.

use foldhash::fast::FixedState;
use ratatui::buffer::{Buffer, Cell};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::ops::RangeInclusive;

/// Columns per block: narrow enough that a list beside another pane still
/// has whole blocks of its own, wide enough to be few.
pub(super) const BLOCK: usize = 8;
/// A block found on more rows of the old frame than this (a rule, a
/// border, padding) says nothing about where a row went.
const CROWDED: usize = 3;
/// Votes a shift needs (two blocks of the same row, or of two rows, agree).
const QUORUM: u32 = 2;
/// Shifts scored, those with the most votes first.
const CANDIDATES: usize = 2;

/// A hash of each block of each row of a buffer.
#[derive(Clone, Default)]
pub(super) struct Blocks {
    width: usize,
    height: usize,
    /// Block by block, the rows of each: where a block went is looked up
    /// in one run.
    hashes: Vec<u64>,
    /// The hash of each block when blank (as the terminal fills new lines).
    blank: Vec<u64>,
}

impl Blocks {
    pub(super) fn of(buffer: &Buffer) -> Self {
        let width = usize::from(buffer.area.width);
        let height = usize::from(buffer.area.height);
        let rows: Vec<Vec<u64>> = buffer
            .content
            .chunks(width.max(1))
            .map(|row| row_hashes(row).collect())
            .collect();
        let blocks = width.div_ceil(BLOCK);
        Self {
            width,
            height,
            hashes: (0..blocks)
                .flat_map(|block| rows.iter().map(move |row| row[block]))
                .collect(),
            blank: row_hashes(&vec![Cell::EMPTY; width]).collect(),
        }
    }

    /// Hashes the `changed` blocks (row, block) of `buffer` (of the size
    /// these blocks were made for) again.
    pub(super) fn rehash(&mut self, buffer: &Buffer, changed: &[(usize, usize)]) {
        for &(y, block) in changed {
            let start = y * self.width + block * BLOCK;
            let cells = &buffer.content[start..start + block_width(self.width, block)];
            self.hashes[block * self.height + y] = block_hash(cells);
        }
    }

    /// The hashes of block `block` of every row.
    fn column(&self, block: usize) -> &[u64] {
        &self.hashes[block * self.height..(block + 1) * self.height]
    }

    fn get(&self, y: usize, block: usize) -> u64 {
        self.hashes[block * self.height + y]
    }

    /// Columns of row `y` that are the same block by block as row `other`
    /// of `others` (`None`: a blank row).
    fn alike(&self, y: usize, others: &Self, other: Option<usize>) -> i64 {
        (0..self.width.div_ceil(BLOCK))
            .filter(|block| {
                let theirs = other.map_or(others.blank[*block], |o| others.get(o, *block));
                self.get(y, *block) == theirs
            })
            .map(|block| i64::try_from(block_width(self.width, block)).unwrap_or(0))
            .sum()
    }
}

fn row_hashes(cells: &[Cell]) -> impl Iterator<Item = u64> + '_ {
    cells.chunks(BLOCK).map(block_hash)
}

/// A block's text and attributes, hashed. Not its colours: telling where
/// a row went needs no more, and what is drawn is compared cell by cell.
fn block_hash(cells: &[Cell]) -> u64 {
    let mut hasher = FixedState::default().build_hasher();
    for cell in cells {
        hasher.write(cell.symbol().as_bytes());
        hasher.write_u16(cell.modifier.bits());
    }
    hasher.finish()
}

/// Columns in block `i` of a row `width` wide (the last may be narrower).
pub(super) fn block_width(width: usize, i: usize) -> usize {
    (width - i * BLOCK).min(BLOCK)
}

/// The terminal's scroll of rows `top..=bottom` by `lines`: up (the
/// content moves towards the top, `ESC[nS`) when positive, down
/// (`ESC[nT`) when negative. The lines it leaves are blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Scroll {
    pub(super) top: u16,
    pub(super) bottom: u16,
    pub(super) lines: i16,
}

impl Scroll {
    pub(super) fn rows(self) -> RangeInclusive<usize> {
        usize::from(self.top)..=usize::from(self.bottom)
    }

    /// What the terminal does to what it shows (`buffer`).
    pub(super) fn apply(self, buffer: &mut Buffer) {
        let width = usize::from(buffer.area.width);
        let band = &mut buffer.content
            [usize::from(self.top) * width..(usize::from(self.bottom) + 1) * width];
        let moved = usize::from(self.lines.unsigned_abs()) * width;
        let blank = if self.lines > 0 {
            band.rotate_left(moved);
            band.len() - moved..band.len()
        } else {
            band.rotate_right(moved);
            0..moved
        };
        band[blank].fill(Cell::EMPTY);
    }

    /// The region set (which puts the cursor home), scrolled, and reset:
    /// what ratatui's `ScrollUpInRegion` and `ScrollDownInRegion` write
    /// (behind its `scrolling-regions` feature, for inline viewports), the
    /// count left out when it is 1. The lines come in blank in the colours
    /// in use, which are the defaults between frames.
    pub(super) fn write(self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "\x1b[{};{}r\x1b[", self.top + 1, self.bottom + 1)?;
        let lines = self.lines.unsigned_abs();
        if lines > 1 {
            write!(out, "{lines}")?;
        }
        let command = if self.lines > 0 { "S" } else { "T" };
        write!(out, "{command}\x1b[r")
    }
}

/// The scroll that would leave the most cells of `after` already on the
/// screen that shows `before`, when one leaves more than drawing in place;
/// `changed` are the blocks (row, block) that may differ, in order.
pub(super) fn find(before: &Blocks, after: &Blocks, changed: &[(usize, usize)]) -> Option<Scroll> {
    let one_row = changed.windows(2).all(|pair| pair[0].0 == pair[1].0);
    if one_row || before.height != after.height || before.width != after.width {
        return None;
    }
    shifts(before, after, changed)
        .into_iter()
        .filter_map(|lines| best_band(before, after, lines))
        .max_by_key(|(gain, _)| *gain)
        .map(|(_, scroll)| scroll)
}

/// The vertical shifts the changed blocks vote for, most votes first.
fn shifts(before: &Blocks, after: &Blocks, changed: &[(usize, usize)]) -> Vec<i16> {
    let height = before.height;
    // Index: the shift plus the height (shifts run from 1 - height to
    // height - 1).
    let mut votes = vec![0u32; 2 * height];
    let mut found = Vec::with_capacity(CROWDED + 1);
    for &(y, block) in changed {
        let hash = after.get(y, block);
        if hash == before.get(y, block) || hash == before.blank[block] {
            continue;
        }
        found.clear();
        found.extend(
            (0..height)
                .zip(before.column(block))
                .filter(|(_, other)| **other == hash)
                .map(|(other, _)| other)
                .take(CROWDED + 1),
        );
        if found.len() <= CROWDED {
            for other in &found {
                votes[other + height - y] += 1;
            }
        }
    }
    let mut ranked: Vec<(u32, i16)> = votes
        .iter()
        .enumerate()
        .filter(|(_, count)| **count >= QUORUM)
        .filter_map(|(index, count)| {
            let lines = i16::try_from(index).ok()? - i16::try_from(height).ok()?;
            Some((*count, lines))
        })
        .collect();
    ranked.sort_by_key(|(count, lines)| (std::cmp::Reverse(*count), lines.unsigned_abs()));
    ranked
        .into_iter()
        .take(CANDIDATES)
        .map(|(_, lines)| lines)
        .collect()
}

/// The band that scrolling by `lines` gains most on, with the gain in
/// cells (block by block): for each row, the cells right after the scroll
/// less those right before it.
fn best_band(before: &Blocks, after: &Blocks, lines: i16) -> Option<(i64, Scroll)> {
    let height = before.height;
    let n = usize::from(lines.unsigned_abs());
    if n == 0 || n >= height {
        return None;
    }
    // Per row of `after`: the gain if it receives the row `lines` away,
    // and if it is left blank.
    let mut moved = vec![0i64; height + 1];
    let mut blank = vec![0i64; height + 1];
    for y in 0..height {
        let same = after.alike(y, before, Some(y));
        let source = if lines > 0 {
            y.checked_add(n).filter(|s| *s < height)
        } else {
            y.checked_sub(n)
        };
        // A row with no source is never in the moved part of a band.
        let gain = source.map_or(0, |s| after.alike(y, before, Some(s)) - same);
        moved[y + 1] = moved[y] + gain;
        blank[y + 1] = blank[y] + after.alike(y, before, None) - same;
    }
    let sum = |prefix: &[i64], rows: RangeInclusive<usize>| {
        prefix[rows.end() + 1] - prefix[*rows.start()]
    };
    let mut best: Option<(i64, Scroll)> = None;
    for top in 0..height {
        for bottom in top + n..height {
            let gain = if lines > 0 {
                sum(&moved, top..=bottom - n) + sum(&blank, bottom + 1 - n..=bottom)
            } else {
                sum(&blank, top..=top + n - 1) + sum(&moved, top + n..=bottom)
            };
            if gain > best.map_or(0, |(g, _)| g) {
                let scroll = Scroll {
                    top: u16::try_from(top).ok()?,
                    bottom: u16::try_from(bottom).ok()?,
                    lines,
                };
                best = Some((gain, scroll));
            }
        }
    }
    best
}
