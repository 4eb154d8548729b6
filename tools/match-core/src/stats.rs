//! Match statistics: score, logistic Elo difference, its 95% interval (trinomial over
//! games, pentanomial over game pairs), and the sequential probability ratio test.
//!
//! - The **score** is `(wins + draws / 2) / games`, from engine 1's view.
//! - The **Elo difference** is the logistic one: `elo(s) = -400 * log10(1 / s - 1)`, so a
//!   score of 0.75 is +190.85 Elo and 0.5 is 0.
//! - The **95% interval** is `elo(s ± 1.959964 * se)`, with `se` the standard error of the
//!   mean score: over games (the trinomial W/D/L variance), or over game pairs (the
//!   pentanomial variance of the pair scores 0, 1/4, 1/2, 3/4, 1), as fastchess and
//!   fishtest do. The pairs play one opening with colours swapped, so the pentanomial
//!   interval does not count the opening's bias as noise; it is the one reported first.
//! - The **SPRT** is the generalised SPRT (GSPRT) of fishtest and fastchess, logistic
//!   Elo: with `s0`, `s1` the scores of `elo0`, `elo1` and the samples' empirical
//!   distribution (pair scores when pairs are used), the log-likelihood ratio of the
//!   maximum-likelihood distributions of mean `s1` and of mean `s0` (Van den Bergh's
//!   construction, as fastchess computes it). For a small difference it is close to the
//!   normal approximation `n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)`.
//!   The test stops when the LLR leaves `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`:
//!   above, H1 (the difference is at least `elo1`) is accepted; below, H0.

/// The normal quantile of 97.5%: the half-width of a 95% interval in standard errors.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference of a score in `[0, 1]` (infinite at 0 and 1).
///
/// ```
/// use match_core::stats::elo;
/// assert!((elo(0.75) - 190.85).abs() < 0.01);
/// assert_eq!(elo(0.5), 0.0);
/// ```
#[must_use]
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference: `1 / (1 + 10^(-elo / 400))`.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The mean and (population) variance of samples `values[i]` seen `counts[i]` times.
fn mean_var(values: &[f64], counts: &[u64]) -> (f64, f64, u64) {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return (0.5, 0.0, 0);
    }
    let nf = n as f64;
    let mean = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| v * c as f64)
        .sum::<f64>()
        / nf;
    let var = values
        .iter()
        .zip(counts)
        .map(|(v, &c)| (v - mean).powi(2) * c as f64)
        .sum::<f64>()
        / nf;
    (mean, var, n)
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score per game, in `[0, 1]`.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// The low end of the 95% interval (Elo).
    pub low: f64,
    /// The high end of the 95% interval (Elo).
    pub high: f64,
    /// The number of samples (games or pairs).
    pub samples: u64,
}

/// The estimate of samples `values[i]` seen `counts[i]` times; with fewer than two
/// samples the spread is unknown and the interval unbounded (`-inf` to `+inf`), not the
/// zero width that one sample's zero variance would give.
fn estimate(values: &[f64], counts: &[u64]) -> Estimate {
    let (mean, var, n) = mean_var(values, counts);
    let se = if n < 2 {
        f64::INFINITY
    } else {
        (var / n as f64).sqrt()
    };
    Estimate {
        score: mean,
        elo: elo(mean),
        low: elo((mean - Z95 * se).max(0.0)),
        high: elo((mean + Z95 * se).min(1.0)),
        samples: n,
    }
}

/// Trinomial counts (engine 1's wins, draws, losses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Engine 1's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Engine 1's losses.
    pub losses: u64,
}

impl Trinomial {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    /// The estimate with the interval from the per-game variance.
    #[must_use]
    pub fn estimate(&self) -> Estimate {
        estimate(&[1.0, 0.5, 0.0], &[self.wins, self.draws, self.losses])
    }
    /// The LLR of the SPRT over games.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        llr(
            &[1.0, 0.5, 0.0],
            &[self.wins, self.draws, self.losses],
            elo0,
            elo1,
        )
    }
}

/// Pentanomial counts over game pairs: `counts[k]` pairs in which engine 1 scored `k / 2`
/// points (0, 0.5, 1, 1.5 or 2 of the pair's 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by engine 1's points times two: 0, 1, 2, 3, 4.
    pub counts: [u64; 5],
}

const PAIR_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    /// Adds a pair in which engine 1 scored `points` (0 to 2 in halves).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }
    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }
    /// The estimate (score per game) with the interval from the per-pair variance.
    #[must_use]
    pub fn estimate(&self) -> Estimate {
        estimate(&PAIR_VALUES, &self.counts)
    }
    /// The LLR of the SPRT over pairs.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        llr(&PAIR_VALUES, &self.counts, elo0, elo1)
    }
}

/// The GSPRT log-likelihood ratio (see the module docs): the counts (each at least
/// [`LLR_EPSILON`], as fastchess and fishtest regularise them) give the empirical
/// distribution `phat` over `values`; for `s` in `{s0, s1}` the distribution closest to it
/// with mean `s` (maximum likelihood, Van den Bergh's proposition:
/// `p_i = phat_i / (1 + theta * (a_i - s))`, `theta` the root of
/// `sum phat_i * (a_i - s) / (1 + theta * (a_i - s)) = 0`, found by bisection) is
/// computed, and `LLR = n * sum phat_i * ln(p1_i / p0_i)`.
fn llr(values: &[f64], counts: &[u64], elo0: f64, elo1: f64) -> f64 {
    if counts.iter().sum::<u64>() == 0 {
        return 0.0;
    }
    let counts: Vec<f64> = counts
        .iter()
        .map(|&c| (c as f64).max(LLR_EPSILON))
        .collect();
    let n: f64 = counts.iter().sum();
    let phat: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let p0 = closest_with_mean(values, &phat, score_of_elo(elo0));
    let p1 = closest_with_mean(values, &phat, score_of_elo(elo1));
    n * phat
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(ph, (a, b))| ph * (b.ln() - a.ln()))
        .sum::<f64>()
}

/// The distribution over `values` of mean `s` that maximises the likelihood of the
/// empirical distribution `phat` (every `phat_i > 0`; `s` strictly between the least and
/// the greatest value).
fn closest_with_mean(values: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let lo_value = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_value = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // 1 + theta * (a_i - s) > 0 for every i: theta in (-1 / (max - s), -1 / (min - s)).
    let (mut lo, mut hi) = (-1.0 / (hi_value - s), -1.0 / (lo_value - s));
    // f(theta) = sum phat_i (a_i - s) / (1 + theta (a_i - s)) decreases from +inf to -inf.
    let f = |theta: f64| -> f64 {
        values
            .iter()
            .zip(phat)
            .map(|(a, p)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    values
        .iter()
        .zip(phat)
        .map(|(a, p)| p / (1.0 + theta * (a - s)))
        .collect()
}

/// The normal approximation of [`llr`] (fishtest's `LLR_logistic`):
/// `n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)`, with `mu` and `var` the mean and
/// variance of the (regularised) samples. Kept as a cross-check of the exact form.
#[cfg(test)]
fn llr_normal(values: &[f64], counts: &[u64], elo0: f64, elo1: f64) -> f64 {
    let counts: Vec<f64> = counts
        .iter()
        .map(|&c| (c as f64).max(LLR_EPSILON))
        .collect();
    let n: f64 = counts.iter().sum();
    let mu = values.iter().zip(&counts).map(|(v, c)| v * c).sum::<f64>() / n;
    let var = values
        .iter()
        .zip(&counts)
        .map(|(v, c)| (v - mu).powi(2) * c)
        .sum::<f64>()
        / n;
    let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
    n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
}

/// The least count of each outcome in the LLR (fishtest's regularisation).
pub const LLR_EPSILON: f64 = 1e-3;

/// The SPRT's bounds `(lower, upper)` for error rates `alpha` (false H1) and `beta`
/// (false H0): `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
#[must_use]
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Formats an Elo value with a sign and one decimal (`+190.8`, `-inf`).
#[must_use]
pub fn fmt_elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else if x.abs() < 0.05 {
        // What rounds to zero is written without a sign's noise (`-0.0` from
        // `elo(0.5)`, a tiny negative difference).
        "+0.0".into()
    } else {
        format!("{x:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} vs {b}");
    }

    #[test]
    fn elo_of_known_scores() {
        // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.848...
        close(elo(0.75), 400.0 * 3f64.log10(), 1e-9);
        close(elo(0.75), 190.848, 1e-3);
        close(elo(0.5), 0.0, 1e-12);
        close(elo(0.25), -190.848, 1e-3);
        // 10/11: 400 log10(10) = 400.
        close(elo(10.0 / 11.0), 400.0, 1e-9);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        close(score_of_elo(400.0), 10.0 / 11.0, 1e-12);
        close(score_of_elo(elo(0.3)), 0.3, 1e-12);
    }

    #[test]
    fn elo_text() {
        // An even score is 0 Elo: no `-0.0` (elo(0.5) is -400 * log10(1) = -0.0).
        assert_eq!(fmt_elo(elo(0.5)), "+0.0");
        assert_eq!(fmt_elo(-0.04), "+0.0");
        assert_eq!(fmt_elo(-0.05), "-0.1");
        assert_eq!(fmt_elo(elo(0.75)), "+190.8");
        assert_eq!(fmt_elo(elo(0.25)), "-190.8");
        assert_eq!(fmt_elo(elo(1.0)), "+inf");
        assert_eq!(fmt_elo(elo(0.0)), "-inf");
    }

    #[test]
    fn trinomial_interval_by_hand() {
        // W 60 D 20 L 20: s = 0.7; var = (60*.09 + 20*.04 + 20*.49)/100 = 0.16;
        // se = sqrt(0.16/100) = 0.04; interval of s: 0.7 -+ 1.959964*0.04.
        let t = Trinomial {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = t.estimate();
        close(e.score, 0.7, 1e-12);
        close(e.elo, -400.0 * (1.0f64 / 0.7 - 1.0).log10(), 1e-9);
        close(e.elo, 147.19, 1e-2);
        close(e.low, elo(0.7 - 0.078_398_559), 1e-6);
        close(e.high, elo(0.7 + 0.078_398_559), 1e-6);
        close(e.low, 86.23, 0.01); // elo(0.621601) = 86.225
        close(e.high, 218.25, 0.01); // elo(0.778399) = 218.252
    }

    #[test]
    fn pentanomial_interval_by_hand() {
        // 10 pairs: 5 of 1.5 points (0.75), 5 of 1 point (0.5): mean 0.625,
        // var = 0.125^2 = 0.015625, se = 0.125 / sqrt(10).
        let mut p = Pentanomial::default();
        for _ in 0..5 {
            p.add(1.5);
            p.add(1.0);
        }
        assert_eq!(p.counts, [0, 0, 5, 5, 0]);
        let e = p.estimate();
        close(e.score, 0.625, 1e-12);
        let se = 0.125 / 10f64.sqrt();
        close(e.low, elo(0.625 - Z95 * se), 1e-9);
        close(e.high, elo(0.625 + Z95 * se), 1e-9);
        // All draws: no spread.
        let d = Trinomial {
            wins: 0,
            draws: 8,
            losses: 0,
        }
        .estimate();
        assert_eq!((d.low, d.elo, d.high), (0.0, 0.0, 0.0));
        // One pair (or one game): no spread can be known, the interval is unbounded.
        let mut one = Pentanomial::default();
        one.add(1.0);
        let e = one.estimate();
        assert_eq!(
            (e.low, e.elo, e.high),
            (f64::NEG_INFINITY, 0.0, f64::INFINITY)
        );
        let none = Pentanomial::default().estimate();
        assert_eq!((none.low, none.high), (f64::NEG_INFINITY, f64::INFINITY));
    }

    #[test]
    fn sprt_by_hand() {
        // ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        close(lo, -2.944_439, 1e-6);
        close(hi, 2.944_439, 1e-6);
        let s1 = 1.0 / (1.0 + 10f64.powf(-0.025));
        close(s1, 0.514_387, 1e-6);
        // Without draws (their count floored at 1e-3), the distribution of mean s is
        // (1 - s, s) on losses and wins: LLR = W ln(s1/s0) + L ln((1-s1)/(1-s0)), so for
        // W 60 L 40, H0 0 Elo (s0 = 0.5), H1 10 Elo (s1 = 1/(1+10^-0.025) = 0.514387):
        // 60 ln(1.028774) + 40 ln(0.971226) = 0.53424.
        let wl = Trinomial {
            wins: 60,
            draws: 0,
            losses: 40,
        };
        let by_hand = 60.0 * (s1 / 0.5).ln() + 40.0 * ((1.0 - s1) / 0.5).ln();
        close(by_hand, 0.534_24, 1e-4);
        close(wl.llr(0.0, 10.0), by_hand, 1e-3);
        // Symmetry: swapping wins and losses and mirroring the hypotheses negates it.
        let lw = Trinomial {
            wins: 40,
            draws: 0,
            losses: 60,
        };
        close(lw.llr(-10.0, 0.0), -wl.llr(0.0, 10.0), 1e-6);
        // W 60 D 20 L 20: the normal approximation is
        // 100 * 0.014387 * (1.4 - 1.014387) / (2 * 0.16) = 1.7337; the exact value is
        // 1.3898 (the approximation is poor this far, score 0.7, from both hypotheses).
        let wdl = [1.0, 0.5, 0.0];
        let normal = llr_normal(&wdl, &[60, 20, 20], 0.0, 10.0);
        close(normal, 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32, 1e-9);
        close(normal, 1.7337, 1e-3);
        let t = Trinomial {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        close(t.llr(0.0, 10.0), 1.3898, 1e-3);
        // Near the hypotheses they agree better: W 52 D 20 L 28, 0.8126 and 0.8744.
        let near = Trinomial {
            wins: 52,
            draws: 20,
            losses: 28,
        };
        close(near.llr(0.0, 10.0), 0.8126, 1e-3);
        close(llr_normal(&wdl, &[52, 20, 28], 0.0, 10.0), 0.8744, 1e-3);
        // A score below the midpoint of s0 and s1 gives a negative LLR.
        let even = Trinomial {
            wins: 40,
            draws: 20,
            losses: 40,
        };
        assert!(even.llr(0.0, 10.0) < 0.0);
        // Every pair won: the distributions of mean s closest to it put s on "won" and
        // 1 - s on "lost" (the floor aside), so LLR = pairs * ln(s1 / s0):
        // 5 ln(1.028774) = 0.14184; with H1 at 200 Elo (s1 = 0.759747),
        // 8 ln(1.519494) = 3.3474, past the upper bound.
        let mut all = Pentanomial::default();
        for _ in 0..5 {
            all.add(2.0);
        }
        close(all.llr(0.0, 10.0), 5.0 * (s1 / 0.5).ln(), 1e-3);
        close(all.llr(0.0, 10.0), 0.141_84, 1e-3);
        for _ in 0..3 {
            all.add(2.0);
        }
        close(all.llr(0.0, 200.0), 3.3474, 1e-3);
        assert!(all.llr(0.0, 200.0) > hi);
        assert_eq!(Pentanomial::default().llr(0.0, 10.0), 0.0);
    }
}
