//! Seeded, order-independent pseudo-random numbers for the small variations
//! real tools show (temperatures, process ids, UUIDs, timing jitter): each
//! number is a hash of the seed and the place it is used, so the same
//! inputs give the same output in any order. SplitMix64's finalizer
//! (Steele, Lea and Flood, OOPSLA 2014). Pure.

/// 64 well-mixed bits from a list of parts (a seed, an index, a time).
pub(super) fn bits(parts: &[u64]) -> u64 {
    parts.iter().fold(0x9E37_79B9_7F4A_7C15, |state, part| {
        let mut z = state ^ part.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

/// A number in `[0, 1)` from `parts`.
pub(super) fn unit(parts: &[u64]) -> f64 {
    // The top 53 bits fill an f64 mantissa exactly.
    (bits(parts) >> 11) as f64 / (1u64 << 53) as f64
}

/// A number in `lo..=hi` from `parts` (`lo` when `hi < lo`).
pub(crate) fn between(parts: &[u64], lo: u64, hi: u64) -> u64 {
    if hi <= lo {
        return lo;
    }
    lo + bits(parts) % (hi - lo + 1)
}

/// A stable 64-bit key for a name (FNV-1a), to mix host names into seeds.
pub(super) fn key(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stable_and_in_range() {
        assert_eq!(bits(&[1, 2]), bits(&[1, 2]));
        assert_ne!(bits(&[1, 2]), bits(&[2, 1]));
        for i in 0..1000 {
            let u = unit(&[7, i]);
            assert!((0.0..1.0).contains(&u));
            assert!((3..=5).contains(&between(&[7, i], 3, 5)));
        }
        assert_eq!(between(&[1], 9, 2), 9);
        assert_ne!(key("node-1"), key("node-2"));
    }
}
