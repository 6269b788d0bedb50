//! One sort for the whole crate, to keep the wasm small.
//!
//! Each `slice::sort_by` call with its own closure or element type is a
//! separate copy of the standard library's sort (3 to 7 KB of wasm each):
//! about 300 functions and 7% of the module came from some 40 call sites.
//! These functions sort a list of indices with one comparator behind a
//! `&dyn Fn`, so the sort itself is compiled once, and then move the items
//! into that order; what stays generic per call is a comparator shim and
//! the small permutation loop. Every sort here is stable: equal items keep
//! their order.

use std::cmp::Ordering;

/// Sorts `items` by `cmp`, keeping equal items in their order.
pub fn by<T>(items: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let order = order(items.len(), &|a, b| cmp(&items[a], &items[b]));
    permute(items, order);
}

/// Sorts `items` by the key `key` gives each, keeping equal keys in order.
pub fn by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their natural order.
pub fn sort<T: Ord>(items: &mut [T]) {
    by(items, T::cmp);
}

/// Sorts `items` and drops repeated neighbours, as `sort` then `dedup`.
pub fn sort_dedup<T: Ord>(items: &mut Vec<T>) {
    sort(items);
    items.dedup();
}

/// The indices `0..len` in sorted order (ties in index order): the one
/// copy of the standard sort this crate compiles for its own lists.
fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
    order
}

/// Moves each `items[order[i]]` to position `i`, one cycle at a time.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..order.len() {
        let mut at = start;
        // `order[at] == at` marks a position already holding its item.
        while order[at] != start {
            let from = order[at];
            items.swap(at, from);
            order[at] = at;
            at = from;
        }
        order[at] = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // A small deterministic generator: many ties, every length to 40.
        let mut seed = 7u64;
        for len in 0..40 {
            let mut items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|p| p.0);
            by_key(&mut items, |p| p.0);
            assert_eq!(items, expected, "length {len}");
        }
    }

    #[test]
    fn natural_order_and_dedup() {
        let mut words = vec!["b", "a", "c", "a", "b"];
        sort_dedup(&mut words);
        assert_eq!(words, ["a", "b", "c"]);
        let mut down = vec![3, 1, 2];
        by(&mut down, |a, b| b.cmp(a));
        assert_eq!(down, [3, 2, 1]);
    }
}
