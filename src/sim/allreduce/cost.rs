//! The alpha-beta(-gamma) cost model of ring and tree all-reduce, with one
//! link slowed, and nccl-tests' algbw and busbw.

use serde::{Deserialize, Serialize};

use super::AllReduceError;
use super::schedule::{Algorithm, MAX_RANKS, MIN_RANKS, tree_depth, tree_level};

/// The network the cost model runs on: n ranks in a ring, rank i linked to
/// rank i+1 mod n by link i, every link with latency alpha and bandwidth
/// 1/beta, except possibly one slowed to a fraction of that bandwidth.
/// (Hockney's alpha-beta model as used by Thakur, Rabenseifner & Gropp,
/// IJHPCA 19(1), 2005.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkModel {
    /// alpha: the start-up latency of one message, in seconds (>= 0).
    pub alpha_s: f64,
    /// 1/beta: the bandwidth of a normal link, in bytes per second (> 0).
    pub bandwidth_bytes_per_s: f64,
    /// gamma: seconds to add one byte's worth of elements (>= 0; 0 ignores
    /// the reduction's arithmetic, as formulas.md's optional term allows).
    pub reduce_s_per_byte: f64,
    /// `Some((i, f))`: link i (rank i -> rank i+1 mod n) runs at f times the
    /// normal bandwidth, f in (0, 1].
    pub slow_link: Option<(usize, f64)>,
}

impl LinkModel {
    /// A uniform network: every link with latency `alpha_s` and bandwidth
    /// `bandwidth_bytes_per_s`, no reduction cost, no slow link.
    pub fn uniform(alpha_s: f64, bandwidth_bytes_per_s: f64) -> Self {
        Self {
            alpha_s,
            bandwidth_bytes_per_s,
            reduce_s_per_byte: 0.0,
            slow_link: None,
        }
    }

    fn check(&self, ranks: usize) -> Result<(), AllReduceError> {
        if !(MIN_RANKS..=MAX_RANKS).contains(&ranks) {
            return Err(AllReduceError::Ranks(ranks));
        }
        non_negative("alpha_s", self.alpha_s)?;
        finite("bandwidth_bytes_per_s", self.bandwidth_bytes_per_s)?;
        if self.bandwidth_bytes_per_s <= 0.0 {
            return Err(AllReduceError::OutOfDomain {
                name: "bandwidth_bytes_per_s",
                value: self.bandwidth_bytes_per_s,
                expected: "greater than zero",
            });
        }
        non_negative("reduce_s_per_byte", self.reduce_s_per_byte)?;
        if let Some((index, fraction)) = self.slow_link {
            if index >= ranks {
                return Err(AllReduceError::SlowLinkIndex { index, ranks });
            }
            finite("slow link fraction", fraction)?;
            if !(fraction > 0.0 && fraction <= 1.0) {
                return Err(AllReduceError::SlowLinkFraction(fraction));
            }
        }
        Ok(())
    }

    /// beta of link `index`: 1 / (bandwidth x fraction if slowed).
    fn beta(&self, index: usize) -> f64 {
        let fraction = match self.slow_link {
            Some((slow, f)) if slow == index => f,
            _ => 1.0,
        };
        1.0 / (self.bandwidth_bytes_per_s * fraction)
    }
}

fn finite(name: &'static str, value: f64) -> Result<(), AllReduceError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(AllReduceError::NonFinite { name, value })
    }
}

fn non_negative(name: &'static str, value: f64) -> Result<(), AllReduceError> {
    finite(name, value)?;
    if value < 0.0 {
        return Err(AllReduceError::OutOfDomain {
            name,
            value,
            expected: "zero or more",
        });
    }
    Ok(())
}

/// The cost as a line in S: t(S) = intercept + slope x S.
fn line(
    algorithm: Algorithm,
    ranks: usize,
    link: &LinkModel,
) -> Result<(f64, f64), AllReduceError> {
    link.check(ranks)?;
    let n = ranks as f64;
    Ok(match algorithm {
        Algorithm::Ring => {
            // Every step sends S/n bytes over every link at once and waits
            // for the slowest of them.
            let beta_max = (0..ranks).map(|i| link.beta(i)).fold(0.0, f64::max);
            let steps = 2.0 * (n - 1.0);
            (
                steps * link.alpha_s,
                steps * beta_max / n + (n - 1.0) / n * link.reduce_s_per_byte,
            )
        }
        Algorithm::Tree => {
            // Each level sends S bytes over its pairs' links, once up and
            // once down; a level is slowed only if one of its pairs sits on
            // the slow link (ranks i and i+1 mod n, either direction).
            let depth = tree_depth(ranks);
            let beta_sum: f64 = (0..depth)
                .map(|level| {
                    tree_level(ranks, level)
                        .map(|(child, parent)| {
                            // A pair that is not a ring neighbour pair uses
                            // a normal link; with n = 2 both links join it.
                            let mut beta = link.beta(usize::MAX);
                            if (parent + 1) % ranks == child {
                                beta = beta.max(link.beta(parent));
                            }
                            if (child + 1) % ranks == parent {
                                beta = beta.max(link.beta(child));
                            }
                            beta
                        })
                        .fold(0.0, f64::max)
                })
                .sum();
            let d = depth as f64;
            (
                2.0 * d * link.alpha_s,
                2.0 * beta_sum + d * link.reduce_s_per_byte,
            )
        }
    })
}

fn time(
    algorithm: Algorithm,
    bytes: f64,
    ranks: usize,
    link: &LinkModel,
) -> Result<f64, AllReduceError> {
    non_negative("bytes", bytes)?;
    let (intercept, slope) = line(algorithm, ranks, link)?;
    Ok(intercept + slope * bytes)
}

/// Seconds for a ring all-reduce of `bytes` (S, one rank's buffer) over
/// `ranks` (n) ranks:
/// t = 2(n-1) alpha + 2((n-1)/n) S beta_max + ((n-1)/n) S gamma,
/// where beta_max is the slowest link's: each of the 2(n-1) steps waits for
/// its slowest transfer, so one link at fraction f makes the bandwidth term
/// 1/f times longer (formulas.md "All-reduce"; Patarasuk & Yuan, JPDC
/// 69(2), 2009; "The Slow Lane").
pub fn ring_time(bytes: f64, ranks: usize, link: &LinkModel) -> Result<f64, AllReduceError> {
    time(Algorithm::Ring, bytes, ranks, link)
}

/// Seconds for a binomial-tree all-reduce (reduce to rank 0, then
/// broadcast) of `bytes` over `ranks` ranks:
/// t = 2 ceil(log2 n) (alpha + S beta) + ceil(log2 n) S gamma on a uniform
/// network (Thakur, Rabenseifner & Gropp, IJHPCA 19(1), 2005). A level
/// whose pairs include the slow link's two ranks pays S beta / f instead.
pub fn tree_time(bytes: f64, ranks: usize, link: &LinkModel) -> Result<f64, AllReduceError> {
    time(Algorithm::Tree, bytes, ranks, link)
}

/// Where the tree and ring costs cross, as returned by [`crossover`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Crossover {
    /// The message size S (bytes) where both take the same time.
    pub bytes: f64,
    /// The faster algorithm for messages smaller than `bytes`.
    pub below: Algorithm,
    /// The faster algorithm for messages larger than `bytes`.
    pub above: Algorithm,
}

/// The message size where ring and tree take equal time, if it is positive:
/// both costs are lines a + b S, so S* = (a_ring - a_tree) / (b_tree -
/// b_ring). `None` when one algorithm is never slower (e.g. n = 2, where
/// the ring's latency equals the tree's and its bandwidth term is half).
/// Typically the tree (latency 2 ceil(log2 n) alpha) wins below S* and the
/// ring (bandwidth 2((n-1)/n) S beta) above (formulas.md "All-reduce").
pub fn crossover(ranks: usize, link: &LinkModel) -> Result<Option<Crossover>, AllReduceError> {
    let (a_ring, b_ring) = line(Algorithm::Ring, ranks, link)?;
    let (a_tree, b_tree) = line(Algorithm::Tree, ranks, link)?;
    let slope_gap = b_tree - b_ring;
    if slope_gap == 0.0 {
        return Ok(None);
    }
    let bytes = (a_ring - a_tree) / slope_gap;
    if !(bytes > 0.0 && bytes.is_finite()) {
        return Ok(None);
    }
    let (below, above) = if a_tree < a_ring {
        (Algorithm::Tree, Algorithm::Ring)
    } else {
        (Algorithm::Ring, Algorithm::Tree)
    };
    Ok(Some(Crossover {
        bytes,
        below,
        above,
    }))
}

/// algbw = S / t in bytes per second: one rank's buffer over the elapsed
/// time (NVIDIA/nccl-tests `doc/PERFORMANCE.md`). Zero when `seconds` is
/// not positive.
pub fn algorithm_bandwidth(bytes: f64, seconds: f64) -> f64 {
    if seconds > 0.0 { bytes / seconds } else { 0.0 }
}

/// busbw = algbw x 2(n-1)/n for all-reduce: the per-link rate that makes
/// results comparable across rank counts (NVIDIA/nccl-tests
/// `doc/PERFORMANCE.md`). Zero for `ranks` 0 or 1 (nothing crosses a link).
pub fn bus_bandwidth(algbw: f64, ranks: usize) -> f64 {
    if ranks == 0 {
        return 0.0;
    }
    let n = ranks as f64;
    algbw * 2.0 * (n - 1.0) / n
}
