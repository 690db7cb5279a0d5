//! A tiny deterministic PRNG (splitmix64), so the demo data is the same on
//! every run without a dependency.

/// splitmix64 (Steele, Lea, Flood 2014): one `u64` of state, plenty of spread
/// for fake data. Not for secrets.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix64 {
    state: u64,
}

const ALPHANUMERIC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`); the modulo bias does not matter for fake data.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `low..=high`.
    pub(crate) fn between(&mut self, low: i64, high: i64) -> i64 {
        let span = high.abs_diff(low) + 1;
        low + self.below(span) as i64
    }

    /// True with a probability of `percent` in 100.
    pub(crate) fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// An index into `weights`, each chosen in proportion to its weight.
    pub(crate) fn weighted(&mut self, weights: &[u64]) -> usize {
        let mut roll = self.below(weights.iter().sum());
        for (index, &weight) in weights.iter().enumerate() {
            if roll < weight {
                return index;
            }
            roll -= weight;
        }
        weights.len() - 1
    }

    /// `len` characters from `[A-Za-z0-9]`, like a Laravel Sanctum secret.
    pub(crate) fn alphanumeric(&mut self, len: usize) -> String {
        (0..len)
            .map(|_| char::from(*self.pick(ALPHANUMERIC)))
            .collect()
    }

    pub(crate) fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_splitmix64_sequence() {
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn helpers_stay_in_their_ranges() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..1000 {
            assert!((3..=5).contains(&rng.between(3, 5)));
            assert!(rng.below(4) < 4);
            assert_eq!(rng.weighted(&[0, 5, 0]), 1);
        }
        assert!(!rng.percent(0));
        assert!(rng.percent(100));
        let secret = rng.alphanumeric(40);
        assert_eq!(secret.len(), 40);
        assert!(secret.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_eq!(rng.bytes(32).len(), 32);
    }
}
