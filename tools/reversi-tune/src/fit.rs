//! Regularised least squares on the sparse pattern features: conjugate gradient on the
//! normal equations.

use reversi_engine::eval::pattern::{INSTANCES, PATTERNS};
use reversi_engine::eval::weights::{Features, PATTERN_OFFSET, SCALARS, TABLE_LEN};

/// The parameters of one stage: one per shared pattern index (the canonical ones) of
/// the patterns fitted, then the scalar weights.
pub struct Layout {
    /// For each entry of a stage's table, its parameter ([`EXCLUDED`] for the entries of
    /// a pattern left out of the fit).
    pub param_of_entry: Vec<u32>,
    /// Pattern parameters (the scalars come after them).
    pub pattern_params: usize,
    /// The instances (places in [`Features::entries`]) that the fitted patterns read.
    slots: Vec<usize>,
}

/// [`Layout::param_of_entry`] of an entry of a pattern left out of the fit (written as 0).
pub const EXCLUDED: u32 = u32::MAX;

impl Layout {
    /// The layout of all the crate's patterns.
    #[cfg(test)]
    pub fn new() -> Layout {
        Layout::without(&[])
    }

    /// The layout of the crate's patterns but those of `excluded` (indices into
    /// `PATTERNS`), whose weights stay 0.
    pub fn without(excluded: &[usize]) -> Layout {
        let mut param_of_entry = vec![EXCLUDED; TABLE_LEN];
        let mut slots = Vec::new();
        let mut next = 0u32;
        let mut slot = 0;
        for (k, p) in PATTERNS.iter().enumerate() {
            let fitted = !excluded.contains(&k);
            if fitted {
                slots.extend(slot..slot + p.instances.len());
            }
            slot += p.instances.len();
            if !fitted {
                continue;
            }
            let canon = p.canonical();
            let base = PATTERN_OFFSET[k];
            for (index, &c) in canon.iter().enumerate() {
                if c as usize == index {
                    param_of_entry[base + index] = next;
                    next += 1;
                } else {
                    param_of_entry[base + index] = param_of_entry[base + c as usize];
                }
            }
        }
        debug_assert_eq!(slot, INSTANCES);
        Layout {
            param_of_entry,
            pattern_params: next as usize,
            slots,
        }
    }

    /// All parameters.
    pub fn params(&self) -> usize {
        self.pattern_params + SCALARS
    }
}

/// Training rows of one stage: the parameters each position reads and its scalars.
#[derive(Default)]
pub struct Rows {
    params: Vec<u32>,
    scalars: Vec<[f64; SCALARS]>,
    /// The labels, in discs.
    pub labels: Vec<f64>,
}

impl Rows {
    /// Adds a position's features with its label (discs).
    pub fn push(&mut self, layout: &Layout, f: &Features, label: f64) {
        for &slot in &layout.slots {
            self.params
                .push(layout.param_of_entry[f.entries[slot] as usize]);
        }
        self.scalars.push(f.scalars.map(f64::from));
        self.labels.push(label);
    }

    /// How many times each pattern parameter is read by the rows.
    pub fn counts(&self, layout: &Layout) -> Vec<u32> {
        let mut out = vec![0u32; layout.pattern_params];
        for &p in &self.params {
            out[p as usize] += 1;
        }
        out
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// `A w` (predictions, discs).
    pub fn predict(&self, layout: &Layout, w: &[f64], out: &mut [f64]) {
        let (base, stride) = (layout.pattern_params, layout.slots.len());
        for (row, o) in out.iter_mut().enumerate() {
            let mut v = 0.0;
            for &p in &self.params[row * stride..(row + 1) * stride] {
                v += w[p as usize];
            }
            for (i, s) in self.scalars[row].iter().enumerate() {
                v += s * w[base + i];
            }
            *o = v;
        }
    }

    /// `out = A^T r`.
    fn transpose_times(&self, layout: &Layout, r: &[f64], out: &mut [f64]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let (base, stride) = (layout.pattern_params, layout.slots.len());
        for (row, &rv) in r.iter().enumerate() {
            for &p in &self.params[row * stride..(row + 1) * stride] {
                out[p as usize] += rv;
            }
            for (i, s) in self.scalars[row].iter().enumerate() {
                out[base + i] += s * rv;
            }
        }
    }
}

/// Minimises `sum (A w - y)^2 + l2 * |w_patterns - p_patterns|^2 + l2_scalar *
/// |w_scalars - p_scalars|^2` from `w` (updated in place) by `iterations` steps of
/// conjugate gradient on the normal equations, where `p` is `prior` (the weights the
/// penalty pulls toward; zero when `None`). Returns the root mean squared error of the
/// fit on the rows.
pub fn least_squares(
    rows: &Rows,
    layout: &Layout,
    w: &mut [f64],
    prior: Option<&[f64]>,
    l2: f64,
    l2_scalar: f64,
    iterations: u32,
) -> f64 {
    let n = layout.params();
    let lambda = |i: usize| {
        if i < layout.pattern_params {
            l2
        } else {
            l2_scalar
        }
    };
    let mut pred = vec![0.0; rows.len()];
    // r = A^T y - (A^T A + L) w + L p
    rows.predict(layout, w, &mut pred);
    let resid: Vec<f64> = rows.labels.iter().zip(&pred).map(|(y, p)| y - p).collect();
    let mut r = vec![0.0; n];
    rows.transpose_times(layout, &resid, &mut r);
    for i in 0..n {
        let toward = prior.map_or(0.0, |p| p[i]);
        r[i] -= lambda(i) * (w[i] - toward);
    }
    let mut d = r.clone();
    let mut rr: f64 = r.iter().map(|x| x * x).sum();
    let mut q = vec![0.0; n];
    for _ in 0..iterations {
        if rr < 1e-12 {
            break;
        }
        rows.predict(layout, &d, &mut pred);
        rows.transpose_times(layout, &pred, &mut q);
        for i in 0..n {
            q[i] += lambda(i) * d[i];
        }
        let dq: f64 = d.iter().zip(&q).map(|(a, b)| a * b).sum();
        if dq <= 0.0 {
            break;
        }
        let alpha = rr / dq;
        for i in 0..n {
            w[i] += alpha * d[i];
            r[i] -= alpha * q[i];
        }
        let rr_new: f64 = r.iter().map(|x| x * x).sum();
        let beta = rr_new / rr;
        rr = rr_new;
        for i in 0..n {
            d[i] = r[i] + beta * d[i];
        }
    }
    rows.predict(layout, w, &mut pred);
    let sse: f64 = rows
        .labels
        .iter()
        .zip(&pred)
        .map(|(y, p)| (y - p) * (y - p))
        .sum();
    (sse / rows.len().max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_counts_each_shared_index_once() {
        let layout = Layout::new();
        let expected: usize = PATTERNS
            .iter()
            .map(|p| {
                p.canonical()
                    .iter()
                    .enumerate()
                    .filter(|&(i, &c)| c as usize == i)
                    .count()
            })
            .sum();
        assert_eq!(layout.pattern_params, expected);
        assert!(layout
            .param_of_entry
            .iter()
            .all(|&p| (p as usize) < expected));
    }

    /// Leaving the last pattern out: its entries have no parameter, the others keep
    /// theirs, and a row reads its instances but the left-out pattern's.
    #[test]
    fn a_pattern_left_out_has_no_parameters() {
        let all = Layout::new();
        let last = PATTERNS.len() - 1;
        let some = Layout::without(&[last]);
        let own = PATTERNS[last]
            .canonical()
            .iter()
            .enumerate()
            .filter(|&(i, &c)| c as usize == i)
            .count();
        assert_eq!(some.pattern_params + own, all.pattern_params);
        assert!(some.param_of_entry[PATTERN_OFFSET[last]..]
            .iter()
            .all(|&p| p == EXCLUDED));
        assert_eq!(
            some.param_of_entry[..PATTERN_OFFSET[last]],
            all.param_of_entry[..PATTERN_OFFSET[last]]
        );
        let mut rows = Rows::default();
        rows.push(&some, &Features::of(1, 2), 0.0);
        assert_eq!(
            rows.params.len(),
            INSTANCES - PATTERNS[last].instances.len()
        );
    }

    #[test]
    fn least_squares_recovers_weights_that_generated_the_labels() {
        // Labels made by known weights on a few parameters; with a tiny penalty the fit
        // predicts them almost exactly.
        let layout = Layout::new();
        let mut truth = vec![0.0; layout.params()];
        let mut rng = fastrand::Rng::with_seed(11);
        let mut rows = Rows::default();
        let mut examples = Vec::new();
        for _ in 0..400 {
            let a = rng.u64(..) & 0x0000_00FF_FF00_0000 | 0x8100_0000_0000_0000 & rng.u64(..);
            let b = rng.u64(..) & !a & 0x00FF_0000_00FF_0000;
            examples.push(Features::of(a, b));
        }
        for f in &examples {
            for &e in &f.entries {
                let p = layout.param_of_entry[e as usize] as usize;
                truth[p] = ((p * 7919) % 13) as f64 - 6.0;
            }
        }
        truth[layout.pattern_params + 2] = 0.5;
        for f in &examples {
            let mut y = 0.0;
            for &e in &f.entries {
                y += truth[layout.param_of_entry[e as usize] as usize];
            }
            y += 0.5 * f.scalars[2] as f64;
            rows.push(&layout, f, y);
        }
        let mut w = vec![0.0; layout.params()];
        let rmse = least_squares(&rows, &layout, &mut w, None, 1e-6, 1e-6, 2000);
        assert!(rmse < 0.01, "rmse {rmse}");
    }

    #[test]
    fn a_heavy_penalty_keeps_the_weights_at_the_prior() {
        // One example, labelled 10; a penalty far heavier than the data pulls every
        // weight to the prior: to zero without one, to the prior's values with one.
        let layout = Layout::new();
        let mut rows = Rows::default();
        let f = Features::of(0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        rows.push(&layout, &f, 10.0);
        let prior: Vec<f64> = (0..layout.params()).map(|i| (i % 5) as f64 - 2.0).collect();
        let mut w = vec![0.0; layout.params()];
        least_squares(&rows, &layout, &mut w, Some(&prior), 1e9, 1e9, 50);
        for (x, p) in w.iter().zip(&prior) {
            assert!((x - p).abs() < 1e-6, "{x} against {p}");
        }
        let mut w = prior.clone();
        least_squares(&rows, &layout, &mut w, None, 1e9, 1e9, 50);
        assert!(w.iter().all(|x| x.abs() < 1e-6));
    }
}
