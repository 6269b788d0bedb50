//! Sets and maps kept as sorted vectors, to keep the wasm small.
//!
//! Each key and value type of a `BTreeMap` or `BTreeSet` compiles its own
//! copy of the tree's insert, remove and rebalancing code (4 to 9 KB of
//! wasm per type before compression). The small collections of this crate
//! (a few to a few thousand entries, mostly added in order) do as well as
//! a sorted `Vec` searched by bisection, whose code per type is a few
//! hundred bytes. Iteration is in key order, as a B-tree's.

use serde::{Deserialize, Deserializer, Serialize};
use std::borrow::Borrow;

/// A set of distinct items in ascending order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SortedSet<T>(Vec<T>);

impl<T> Default for SortedSet<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: Ord> SortedSet<T> {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `item`; false when it was there already (and is left as it was).
    pub fn insert(&mut self, item: T) -> bool {
        match self.0.binary_search(&item) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, item);
                true
            }
        }
    }

    /// Takes `item` out; false when it was not there.
    pub fn remove<Q: Ord + ?Sized>(&mut self, item: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        match self.find(item) {
            Ok(at) => {
                self.0.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// Whether `item` is in the set.
    pub fn contains<Q: Ord + ?Sized>(&self, item: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(item).is_ok()
    }

    fn find<Q: Ord + ?Sized>(&self, item: &Q) -> Result<usize, usize>
    where
        T: Borrow<Q>,
    {
        self.0.binary_search_by(|probe| probe.borrow().cmp(item))
    }
}

impl<T> SortedSet<T> {
    /// The least item.
    pub fn first(&self) -> Option<&T> {
        self.0.first()
    }

    /// Keeps only the items `keep` says yes to.
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.0.retain(keep);
    }

    /// The items in ascending order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// How many items the set holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<T: Ord> FromIterator<T> for SortedSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut items: Vec<T> = items.into_iter().collect();
        crate::sort::sort_dedup(&mut items);
        Self(items)
    }
}

impl<'a, T> IntoIterator for &'a SortedSet<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T: Ord, const N: usize> From<[T; N]> for SortedSet<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

/// Read as a list in any order, with repeats dropped.
impl<'de, T: Ord + Deserialize<'de>> Deserialize<'de> for SortedSet<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(deserializer).map(|items| items.into_iter().collect())
    }
}

/// A map from distinct keys, in ascending key order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SortedMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `key` to `value`, returning the value it replaces.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(at) => Some(std::mem::replace(&mut self.0[at].1, value)),
            Err(at) => {
                self.0.insert(at, (key, value));
                None
            }
        }
    }

    /// Takes `key` out, returning its value.
    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| self.0.remove(at).1)
    }

    /// The value of `key`.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| &self.0[at].1)
    }

    /// The value of `key`, to change in place.
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|at| &mut self.0[at].1)
    }

    /// The value of `key`, first set to `make()` when it has none.
    pub fn get_or_insert_with(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        let at = match self.find(&key) {
            Ok(at) => at,
            Err(at) => {
                self.0.insert(at, (key, make()));
                at
            }
        };
        &mut self.0[at].1
    }

    /// The entries from `key` on (those whose key is not less), in order.
    pub fn range_from<Q: Ord + ?Sized>(&self, key: &Q) -> impl Iterator<Item = (&K, &V)>
    where
        K: Borrow<Q>,
    {
        let start = self.0.partition_point(|(probe, _)| probe.borrow() < key);
        self.0[start..].iter().map(|(k, v)| (k, v))
    }

    /// Whether `key` has a value.
    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.0
            .binary_search_by(|(probe, _)| probe.borrow().cmp(key))
    }
}

impl<K, V> SortedMap<K, V> {
    /// The entries in ascending key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator {
        self.into_iter()
    }

    /// The keys in ascending order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator {
        self.0.iter().map(|(k, _)| k)
    }

    /// The values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.0.iter().map(|(_, v)| v)
    }

    /// The values in key order, to change in place.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.0.iter_mut().map(|(_, v)| v)
    }

    /// Keeps only the entries `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.0.retain_mut(|(k, v)| keep(k, v));
    }

    /// Empties the map.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// How many keys the map holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Ord, V> Extend<(K, V)> for SortedMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        for (key, value) in pairs {
            self.insert(key, value);
        }
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for SortedMap<K, V> {
    fn from(pairs: [(K, V); N]) -> Self {
        pairs.into_iter().collect()
    }
}

/// The value of a key the map must have, for tests (panics otherwise, as
/// a `BTreeMap`'s index does).
#[cfg(test)]
impl<K: Ord + Borrow<Q>, Q: Ord + ?Sized, V> std::ops::Index<&Q> for SortedMap<K, V> {
    type Output = V;

    fn index(&self, key: &Q) -> &V {
        match self.get(key) {
            Some(value) => value,
            None => panic!("no such key in the map"),
        }
    }
}

impl<K, V> IntoIterator for SortedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// A map's entry as a pair of references.
type EntryRefs<'a, K, V> = fn(&'a (K, V)) -> (&'a K, &'a V);

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, EntryRefs<'a, K, V>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// A repeated key keeps its last value, as a map's inserts would.
impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        let mut map = Self::new();
        map.extend(pairs);
        map
    }
}

/// Read as a list of pairs in any order; a repeated key keeps its last
/// value, as a map's inserts would.
impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for SortedMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<(K, V)>::deserialize(deserializer).map(|pairs| pairs.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_keeps_one_of_each_in_order() {
        let mut set = SortedSet::new();
        assert!(set.insert(5));
        assert!(set.insert(1));
        assert!(set.insert(3));
        assert!(!set.insert(3), "a repeat is not added");
        assert_eq!(set.iter().copied().collect::<Vec<u32>>(), [1, 3, 5]);
        assert!(set.contains(&3));
        assert!(set.remove(&3));
        assert!(!set.remove(&3), "nothing left to take");
        assert!(!set.contains(&3));
        assert_eq!(set.len(), 2);
        assert_eq!(set.first(), Some(&1));
        set.retain(|n| *n > 1);
        assert_eq!(set.first(), Some(&5));
    }

    #[test]
    fn a_set_of_strings_is_searched_by_str() {
        let set: SortedSet<String> = ["bob", "alice", "bob"]
            .map(String::from)
            .into_iter()
            .collect();
        assert_eq!(set.len(), 2, "collecting drops repeats");
        assert!(set.contains("alice"));
        assert_eq!(set.iter().next().map(String::as_str), Some("alice"));
    }

    #[test]
    fn a_map_replaces_and_returns_values() {
        let mut map = SortedMap::new();
        assert_eq!(map.insert(7, 'a'), None);
        assert_eq!(map.insert(2, 'b'), None);
        assert_eq!(map.insert(7, 'c'), Some('a'), "the old value comes back");
        assert_eq!(map.get(&7), Some(&'c'));
        assert_eq!(map.iter().map(|(k, _)| *k).collect::<Vec<i32>>(), [2, 7]);
        if let Some(v) = map.get_mut(&2) {
            *v = 'd';
        }
        assert_eq!(map.remove(&2), Some('d'));
        assert_eq!(
            *map.get_or_insert_with(3, || 'e'),
            'e',
            "a new key gets made"
        );
        assert_eq!(
            *map.get_or_insert_with(3, || 'f'),
            'e',
            "a key kept is left"
        );
        map.retain(|k, _| *k != 3);
        assert_eq!(map.remove(&2), None);
        assert!(!map.contains_key(&2));
        assert_eq!(map.len(), 1);
    }

    #[test]
    fn a_range_starts_at_the_first_key_not_less() {
        let map: SortedMap<String, u8> = [("b/x", 1), ("a", 0), ("b/", 2), ("c", 3)]
            .map(|(k, v)| (k.to_owned(), v))
            .into_iter()
            .collect();
        let below_b: Vec<&str> = map
            .range_from("b/")
            .map(|(k, _)| k.as_str())
            .take_while(|k| k.starts_with("b/"))
            .collect();
        assert_eq!(below_b, ["b/", "b/x"]);
        assert_eq!(map.keys().count(), 4);
        assert_eq!(map.values().copied().max(), Some(3));
    }
}
