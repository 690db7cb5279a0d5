//! Rows in an order that a page of a walk inserts into in time of its own
//! size: the indices of the rows held in chunks of at most [`CHUNK`], so
//! that a row goes into place (or out) by moving one chunk, not the list.
//!
//! A `Vec<usize>` of 100,000 rows moves 800 KB for each row inserted near
//! its top; the sorted and the visible rows of a centre take a page of a
//! walk at a time, so a walk of 1,000 pages into a plain vector costs the
//! square of the centre (issue 23). Finding the `i`th row walks the chunks'
//! lengths (100 steps at 100,000 rows), never the rows. Written here, not
//! taken from a crate: the well-kept ordered structures (`BTreeMap`,
//! `BTreeSet`) find by key, and these rows are found by position as well
//! (the cursor's row), under an order the caller decides at each call.

/// Rows at most in one chunk; a full chunk is split in two.
const CHUNK: usize = 512;

/// Row indices in an order, with insertion and removal by position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowOrder {
    /// Never an empty chunk.
    chunks: Vec<Vec<u32>>,
    len: usize,
}

impl From<Vec<usize>> for RowOrder {
    fn from(rows: Vec<usize>) -> Self {
        let len = rows.len();
        let chunks = rows
            .chunks(CHUNK / 2)
            .map(|chunk| chunk.iter().map(|&row| to_u32(row)).collect())
            .collect();
        Self { chunks, len }
    }
}

impl FromIterator<usize> for RowOrder {
    fn from_iter<I: IntoIterator<Item = usize>>(rows: I) -> Self {
        Self::from(rows.into_iter().collect::<Vec<_>>())
    }
}

/// A row index held in 4 bytes: no list holds 4 billion rows (a walk's
/// ceiling is far below).
fn to_u32(row: usize) -> u32 {
    u32::try_from(row).expect("fewer than 2^32 rows")
}

impl RowOrder {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The row at `position`.
    pub fn get(&self, position: usize) -> Option<usize> {
        let (chunk, at) = self.locate(position)?;
        Some(self.chunks[chunk][at] as usize)
    }

    pub fn first(&self) -> Option<usize> {
        self.get(0)
    }

    /// Every row, in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter_from(0)
    }

    /// The rows from `position` on, in order.
    pub fn iter_from(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        let (chunk, at) = self.locate(position).unwrap_or((self.chunks.len(), 0));
        self.chunks
            .iter()
            .skip(chunk)
            .enumerate()
            .flat_map(move |(i, rows)| rows[if i == 0 { at } else { 0 }..].iter())
            .map(|&row| row as usize)
    }

    /// The position of the first row for which `before` is false, all rows
    /// for which it is true coming first (the order sorts them so).
    pub fn partition_point(&self, before: impl Fn(usize) -> bool) -> usize {
        // The first chunk whose last row is not before: the point is in it.
        let chunk = self
            .chunks
            .partition_point(|rows| rows.last().is_some_and(|&row| before(row as usize)));
        let skipped: usize = self.chunks[..chunk].iter().map(Vec::len).sum();
        let inside = self
            .chunks
            .get(chunk)
            .map_or(0, |rows| rows.partition_point(|&row| before(row as usize)));
        skipped + inside
    }

    /// The position of the first row `is` picks (a walk through the rows).
    pub fn position(&self, is: impl Fn(usize) -> bool) -> Option<usize> {
        self.iter().position(is)
    }

    /// Puts `row` at `position` (at most the length), the rows from there
    /// on one further.
    pub fn insert(&mut self, position: usize, row: usize) {
        assert!(position <= self.len, "insert past the end");
        let row = to_u32(row);
        let (chunk, at) = match self.locate(position) {
            Some(found) => found,
            None if self.chunks.is_empty() => {
                self.chunks.push(vec![row]);
                self.len = 1;
                return;
            }
            // At the end: into the last chunk.
            None => (
                self.chunks.len() - 1,
                self.chunks.last().map_or(0, Vec::len),
            ),
        };
        self.chunks[chunk].insert(at, row);
        self.len += 1;
        if self.chunks[chunk].len() >= CHUNK {
            let tail = self.chunks[chunk].split_off(CHUNK / 2);
            self.chunks.insert(chunk + 1, tail);
        }
    }

    /// Takes out the row at `position`; returns it.
    pub fn remove(&mut self, position: usize) -> Option<usize> {
        let (chunk, at) = self.locate(position)?;
        let row = self.chunks[chunk].remove(at);
        if self.chunks[chunk].is_empty() {
            self.chunks.remove(chunk);
        }
        self.len -= 1;
        Some(row as usize)
    }

    /// The chunk holding `position`, and the place in it.
    fn locate(&self, mut position: usize) -> Option<(usize, usize)> {
        if position >= self.len {
            return None;
        }
        for (index, rows) in self.chunks.iter().enumerate() {
            if position < rows.len() {
                return Some((index, position));
            }
            position -= rows.len();
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rows_go_in_and_out_by_position_across_chunks() {
        let mut order = RowOrder::from((0..1000).map(|row| row * 2).collect::<Vec<_>>());
        assert_eq!((order.len(), order.get(999)), (1000, Some(1998)));
        // Odd rows into their places: the chunks split as they fill.
        for row in (1..2000).step_by(2) {
            let at = order.partition_point(|held| held < row);
            order.insert(at, row);
        }
        assert_eq!(
            order.iter().collect::<Vec<_>>(),
            (0..2000).collect::<Vec<_>>()
        );
        assert!(order.chunks.iter().all(|rows| rows.len() < CHUNK));
        assert_eq!(
            order.iter_from(1995).collect::<Vec<_>>(),
            [1995, 1996, 1997, 1998, 1999]
        );
        assert_eq!(order.position(|row| row == 700), Some(700));
        assert_eq!(order.remove(0), Some(0));
        assert_eq!((order.first(), order.len()), (Some(1), 1999));
        assert_eq!(order.remove(1999), None);
        assert_eq!(order.iter_from(1999).count(), 0);
    }

    #[test]
    fn an_empty_order_takes_its_first_row() {
        let mut order = RowOrder::default();
        assert_eq!((order.first(), order.partition_point(|_| true)), (None, 0));
        order.insert(0, 7);
        order.insert(1, 9);
        order.insert(1, 8);
        assert_eq!(order.iter().collect::<Vec<_>>(), [7, 8, 9]);
        while order.remove(0).is_some() {}
        assert!(order.is_empty() && order.chunks.is_empty());
    }

    proptest! {
        /// Against a plain vector: any inserts and removals, the same rows
        /// in the same order, found at the same positions.
        #[test]
        fn it_keeps_the_rows_a_vector_would(
            steps in prop::collection::vec((any::<bool>(), 0usize..3000, 0usize..10_000), 1..1500)
        ) {
            let mut order = RowOrder::default();
            let mut plain: Vec<usize> = Vec::new();
            for (insert, at, row) in steps {
                if insert || plain.is_empty() {
                    let at = at % (plain.len() + 1);
                    order.insert(at, row);
                    plain.insert(at, row);
                } else {
                    let at = at % plain.len();
                    prop_assert_eq!(order.remove(at), Some(plain.remove(at)));
                }
                prop_assert_eq!(order.len(), plain.len());
            }
            prop_assert_eq!(order.iter().collect::<Vec<_>>(), plain.clone());
            for (at, &row) in plain.iter().enumerate().step_by(97) {
                prop_assert_eq!(order.get(at), Some(row));
            }
        }
    }
}
