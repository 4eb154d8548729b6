//! Counting finished games ([`Tally`]) and the match summary ([`Summary`]): the same
//! lines for every match runner, on standard output and as JSON.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;

use crate::stats::{fmt_elo, sprt_bounds, Estimate, Pentanomial, Trinomial};

/// What the tally needs of one finished game (its record gives it).
#[derive(Clone, Copy, Debug)]
pub struct GameResult<'a> {
    /// The game's index, from 0; games `2k` and `2k + 1` are a pair (one opening, colours
    /// swapped).
    pub game: usize,
    /// Which engine won (1 or 2), none for a draw.
    pub winner: Option<u8>,
    /// The kind of fault that lost the game (`illegal`, `timeout`, ...), if any.
    pub fault: Option<&'static str>,
    /// How the game ended, as the `game ends` line counts it (`lion captured`, `ply
    /// cap`); ignored when `fault` is set (counted as `fault (<kind>)`).
    pub end: &'a str,
    /// The longest answer of each engine, in milliseconds.
    pub max_answer_ms: [f64; 2],
    /// The sum of each engine's answer times, in milliseconds.
    pub total_answer_ms: [f64; 2],
    /// The number of answers of each engine.
    pub answers: [u32; 2],
    /// Engine 1's discs minus engine 2's at the end, for games whose score is a disc
    /// count (Reversi) that ended by the rules; `None` otherwise.
    pub disc_difference: Option<i32>,
}

/// A game record the match loop can count and write (one JSON object a line), and read
/// back to resume a match ([`crate::resume`]).
pub trait MatchRecord: serde::Serialize + serde::de::DeserializeOwned + Send {
    /// What the tally counts of this game.
    fn result(&self) -> GameResult<'_>;

    /// The opening the game started from, as the record writes it (the runner's opening
    /// names in [`Match`](crate::cli::Match) are written the same way).
    fn opening(&self) -> &str;

    /// Whether engine 1 moved first.
    fn engine1_first(&self) -> bool;
}

/// Everything counted so far.
#[derive(Default)]
pub struct Tally {
    /// Engine 1's wins, draws and losses.
    pub tri: Trinomial,
    /// Engine 1's points in each complete pair.
    pub penta: Pentanomial,
    /// Engine 1's points in each pair with one game done.
    half_pairs: BTreeMap<usize, f64>,
    /// Faults by engine (0 or 1) and kind.
    pub faults: [BTreeMap<&'static str, u64>; 2],
    /// Game ends by reason (faults by kind).
    pub ends: BTreeMap<String, u64>,
    /// The longest answer of each engine (ms).
    pub max_ms: [f64; 2],
    /// The sum of each engine's answer times (ms).
    pub total_ms: [f64; 2],
    /// The number of answers of each engine.
    pub answers: [u64; 2],
    /// The sum of engine 1's disc differences and the number of games counted in it.
    pub discs: (i64, u64),
}

/// Engine 1's points in a game won by `winner` (1, 2, none for a draw).
fn points1(winner: Option<u8>) -> f64 {
    match winner {
        Some(1) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

impl Tally {
    /// Counts a game; returns true when it completed a pair.
    pub fn add(&mut self, r: &GameResult<'_>) -> bool {
        match r.winner {
            Some(1) => self.tri.wins += 1,
            Some(_) => self.tri.losses += 1,
            None => self.tri.draws += 1,
        }
        for k in 0..2 {
            self.max_ms[k] = self.max_ms[k].max(r.max_answer_ms[k]);
            self.total_ms[k] += r.total_answer_ms[k];
            self.answers[k] += u64::from(r.answers[k]);
        }
        if let (Some(kind), Some(w)) = (r.fault, r.winner) {
            let loser = if w == 1 { 1 } else { 0 };
            *self.faults[loser].entry(kind).or_default() += 1;
            *self.ends.entry(format!("fault ({kind})")).or_default() += 1;
        } else {
            *self.ends.entry(r.end.to_string()).or_default() += 1;
        }
        if let Some(d) = r.disc_difference {
            self.discs.0 += i64::from(d);
            self.discs.1 += 1;
        }
        let pair = r.game / 2;
        if let Some(first) = self.half_pairs.remove(&pair) {
            self.penta.add(first + points1(r.winner));
            true
        } else {
            self.half_pairs.insert(pair, points1(r.winner));
            false
        }
    }
}

/// The SPRT's hypotheses (`--sprt ELO0 ELO1`), error rates and LLR bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: the difference is `elo0` (logistic Elo).
    pub elo0: f64,
    /// H1: the difference is `elo1`.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
    /// The lower LLR bound, `ln(beta / (1 - alpha))`.
    pub lower: f64,
    /// The upper LLR bound, `ln((1 - beta) / alpha)`.
    pub upper: f64,
}

impl Sprt {
    /// The test of `elo` (`[ELO0, ELO1]`) at error rates `alpha` and `beta`.
    ///
    /// # Errors
    ///
    /// `alpha` or `beta` not above 0, their sum not below 1, or `ELO0 >= ELO1` (the
    /// message names the options).
    pub fn new(elo: &[f64], alpha: f64, beta: f64) -> Result<Sprt> {
        if !(0.0 < alpha && 0.0 < beta && alpha + beta < 1.0) {
            // With alpha + beta >= 1 the lower bound ln(beta / (1 - alpha)) is not
            // below the upper ln((1 - beta) / alpha): the test would stop at once.
            anyhow::bail!(
                "--alpha {alpha} --beta {beta}: each must be above 0, and their sum below 1"
            );
        }
        if elo.len() != 2 || elo[0] >= elo[1] {
            anyhow::bail!("--sprt ELO0 ELO1 needs ELO0 < ELO1");
        }
        let (lower, upper) = sprt_bounds(alpha, beta);
        Ok(Sprt {
            elo0: elo[0],
            elo1: elo[1],
            alpha,
            beta,
            lower,
            upper,
        })
    }
}

/// How the SPRT ended: the LLR when it left its bounds, and the verdict.
pub type SprtResult = Option<(f64, &'static str)>;

/// An estimate as `+147.2 [+121.0, +175.9]`.
#[must_use]
pub fn interval(e: &Estimate) -> String {
    format!(
        "{} [{}, {}]",
        fmt_elo(e.elo),
        fmt_elo(e.low),
        fmt_elo(e.high)
    )
}

/// What the match came to, for the summary on standard output and in JSON.
pub struct Summary<'a> {
    /// The engines' commands.
    pub commands: [&'a str; 2],
    /// The runner's `games: ...` line (games played, asked, openings, time control).
    pub games_line: String,
    /// The counts.
    pub tally: &'a Tally,
    /// The games asked for.
    pub games: usize,
    /// The number of openings.
    pub openings: usize,
    /// The games counted from the record of an earlier run (`--resume`), 0 for none.
    pub resumed: usize,
    /// Whether Ctrl-C or SIGTERM stopped the match.
    pub interrupted: bool,
    /// The SPRT, if asked for.
    pub sprt: Option<Sprt>,
    /// How it ended, if it did.
    pub sprt_result: SprtResult,
    /// The kinds of fault, in the order the `losses by fault` lines list them.
    pub fault_kinds: &'a [&'static str],
}

impl Summary<'_> {
    /// Writes the summary to `out`; returns the SPRT's part of the JSON summary (null
    /// without `--sprt`).
    ///
    /// # Errors
    ///
    /// Writing fails.
    pub fn print(&self, out: &mut impl Write) -> Result<serde_json::Value> {
        let tally = self.tally;
        let t = &tally.tri;
        writeln!(out, "engine1: {}", self.commands[0])?;
        writeln!(out, "engine2: {}", self.commands[1])?;
        writeln!(out, "{}", self.games_line)?;
        if self.resumed > 0 {
            writeln!(
                out,
                "resumed: {} of these games were read from the record",
                self.resumed
            )?;
        }
        if self.interrupted {
            writeln!(
                out,
                "interrupted (Ctrl-C or SIGTERM): the games under way are not counted"
            )?;
        }
        writeln!(
            out,
            "engine1 W/D/L: {} / {} / {}",
            t.wins, t.draws, t.losses
        )?;
        if tally.discs.1 > 0 {
            let (sum, n) = tally.discs;
            writeln!(
                out,
                "engine1 disc difference: {:+.2} a game (total {sum:+}, over {n} games ended by the rules)",
                sum as f64 / n as f64
            )?;
        }
        self.print_elo(out)?;
        for (k, faults) in tally.faults.iter().enumerate() {
            let list: Vec<String> = self
                .fault_kinds
                .iter()
                .map(|kind| format!("{kind} {}", faults.get(kind).copied().unwrap_or(0)))
                .collect();
            writeln!(out, "engine{} losses by fault: {}", k + 1, list.join(", "),)?;
            let mean = tally.total_ms[k] / tally.answers[k].max(1) as f64;
            writeln!(
                out,
                "engine{} answers: {}, mean {mean:.1} ms, longest {:.1} ms",
                k + 1,
                tally.answers[k],
                tally.max_ms[k]
            )?;
        }
        let ends: Vec<String> = tally.ends.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "game ends: {}", ends.join(", "))?;
        self.print_sprt(out)
    }

    /// The score, the Elo estimates and the pair counts.
    fn print_elo(&self, out: &mut impl Write) -> Result<()> {
        let t = &self.tally.tri;
        let tri = t.estimate();
        writeln!(out, "score: {:.1}%", 100.0 * tri.score)?;
        let penta = self.tally.penta.estimate();
        if penta.samples > 0 {
            // A game whose colour-swapped partner was not played (an odd --games, an SPRT
            // stop) is in the score and the trinomial line, not here: say so, since this
            // Elo then differs from the score's.
            let unpaired = t.games() - 2 * penta.samples;
            let note = match unpaired {
                0 => String::new(),
                1 => "; 1 game without its pair left out".to_string(),
                n => format!("; {n} games without their pairs left out"),
            };
            writeln!(
                out,
                "elo: {} (95%, pentanomial over {} pairs{note})",
                interval(&penta),
                penta.samples
            )?;
        }
        writeln!(
            out,
            "elo trinomial: {} (95%, over {} games)",
            interval(&tri),
            tri.samples
        )?;
        let c = self.tally.penta.counts;
        writeln!(
            out,
            "pairs 0/0.5/1/1.5/2 points: {} {} {} {} {}",
            c[0], c[1], c[2], c[3], c[4]
        )?;
        Ok(())
    }

    /// The SPRT's line, if `--sprt` was given; returns its JSON (null otherwise).
    fn print_sprt(&self, out: &mut impl Write) -> Result<serde_json::Value> {
        let Some(Sprt {
            elo0: e0,
            elo1: e1,
            alpha,
            beta,
            lower: lo,
            upper: hi,
        }) = self.sprt
        else {
            return Ok(serde_json::Value::Null);
        };
        let llr = self.tally.penta.llr(e0, e1);
        let verdict = self.sprt_result.map_or("no decision", |(_, v)| v);
        writeln!(
            out,
            "sprt: elo0 {e0} elo1 {e1} alpha {alpha} beta {beta}: llr {llr:.3} bounds [{lo:.3}, {hi:.3}]: {verdict}",
        )?;
        Ok(serde_json::json!({
            "elo0": e0, "elo1": e1, "alpha": alpha, "beta": beta,
            "llr": llr, "lower": lo, "upper": hi, "verdict": verdict,
        }))
    }

    /// The summary as one JSON object (`--summary-json`), with `sprt_json` as its SPRT;
    /// the runner adds its own settings (time, grace, ...) to the map.
    #[must_use]
    pub fn json(&self, sprt_json: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        let tally = self.tally;
        let t = &tally.tri;
        // Infinite Elo values are written as null (JSON has no infinity).
        let num = |x: f64| {
            if x.is_finite() {
                serde_json::json!(x)
            } else {
                serde_json::Value::Null
            }
        };
        let estimate = |e: &Estimate| serde_json::json!({"elo": num(e.elo), "low": num(e.low), "high": num(e.high), "samples": e.samples});
        let engines: Vec<serde_json::Value> = (0..2)
            .map(|k| {
                serde_json::json!({
                    "command": self.commands[k],
                    "faults": tally.faults[k],
                    "answers": tally.answers[k],
                    "mean_answer_ms": tally.total_ms[k] / tally.answers[k].max(1) as f64,
                    "max_answer_ms": tally.max_ms[k],
                })
            })
            .collect();
        let value = serde_json::json!({
            "games": t.games(),
            "games_asked": self.games,
            "interrupted": self.interrupted,
            "openings": self.openings,
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
            "score": t.estimate().score,
            "pentanomial": estimate(&tally.penta.estimate()),
            "pairs": tally.penta.counts,
            "trinomial": estimate(&t.estimate()),
            "engines": engines,
            "ends": tally.ends,
            "sprt": sprt_json,
        });
        match value {
            serde_json::Value::Object(mut map) => {
                if self.resumed > 0 {
                    map.insert("resumed".into(), serde_json::json!(self.resumed));
                }
                map
            }
            _ => unreachable!("a JSON object"),
        }
    }
}

#[cfg(test)]
impl GameResult<'static> {
    /// A game with no answer times and no disc count, ended by the rules unless `fault`
    /// (the records of other modules' tests).
    pub(crate) fn bare(game: usize, winner: Option<u8>, fault: Option<&'static str>) -> Self {
        GameResult {
            game,
            winner,
            fault,
            end: "game over",
            max_answer_ms: [0.0; 2],
            total_answer_ms: [0.0; 2],
            answers: [0; 2],
            disc_difference: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(game: usize, winner: Option<u8>, fault: Option<&'static str>) -> GameResult<'static> {
        GameResult {
            game,
            winner,
            fault,
            end: "game over",
            max_answer_ms: [10.0, 20.0],
            total_answer_ms: [30.0, 40.0],
            answers: [3, 4],
            disc_difference: fault
                .is_none()
                .then_some(if winner == Some(1) { 10 } else { -4 }),
        }
    }

    #[test]
    fn the_tally_counts_pairs_faults_and_discs() {
        let mut tally = Tally::default();
        // Pair 0: a win and a draw (1.5 points); pair 1: a loss by fault, then a win.
        assert!(!tally.add(&game(0, Some(1), None)));
        assert!(tally.add(&game(1, None, None)));
        assert!(!tally.add(&game(3, Some(2), Some("timeout"))));
        assert!(tally.add(&game(2, Some(1), None)));
        assert_eq!(
            (tally.tri.wins, tally.tri.draws, tally.tri.losses),
            (2, 1, 1)
        );
        assert_eq!(tally.penta.counts, [0, 0, 1, 1, 0]);
        assert_eq!(tally.faults[0].get("timeout"), Some(&1));
        assert!(tally.faults[1].is_empty());
        assert_eq!(tally.ends.get("fault (timeout)"), Some(&1));
        assert_eq!(tally.ends.get("game over"), Some(&3));
        // 10 + (-4) + 10 over the three games without a fault.
        assert_eq!(tally.discs, (16, 3));
        assert_eq!((tally.answers, tally.max_ms), ([12, 16], [10.0, 20.0]));
        let summary = Summary {
            commands: ["a", "b"],
            games_line: "games: 4 of 4".to_string(),
            tally: &tally,
            games: 4,
            openings: 2,
            resumed: 0,
            interrupted: false,
            sprt: Some(Sprt::new(&[0.0, 10.0], 0.05, 0.05).unwrap()),
            sprt_result: None,
            fault_kinds: &["illegal", "timeout"],
        };
        let mut out = Vec::new();
        let json = summary.print(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..4],
            [
                "engine1: a",
                "engine2: b",
                "games: 4 of 4",
                "engine1 W/D/L: 2 / 1 / 1"
            ]
        );
        assert_eq!(
            lines[4],
            "engine1 disc difference: +5.33 a game (total +16, over 3 games ended by the rules)"
        );
        // Score 2.5 / 4 = 62.5%.
        assert_eq!(lines[5], "score: 62.5%");
        assert_eq!(lines[9], "engine1 losses by fault: illegal 0, timeout 1");
        assert_eq!(
            lines[10],
            "engine1 answers: 12, mean 10.0 ms, longest 10.0 ms"
        );
        assert_eq!(lines[13], "game ends: fault (timeout) 1, game over 3");
        assert!(lines[14].starts_with("sprt: elo0 0 elo1 10 alpha 0.05 beta 0.05: llr "));
        assert!(lines[14].ends_with("bounds [-2.944, 2.944]: no decision"));
        assert_eq!(json["verdict"], "no decision");
        let map = summary.json(json);
        assert_eq!(map["wins"], 2);
        assert_eq!(map["pairs"], serde_json::json!([0, 0, 1, 1, 0]));
    }

    #[test]
    fn sprt_options_are_checked() {
        let err = Sprt::new(&[0.0, 10.0], 0.5, 0.5).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--alpha 0.5 --beta 0.5: each must be above 0, and their sum below 1"
        );
        let err = Sprt::new(&[10.0, 0.0], 0.05, 0.05).unwrap_err();
        assert_eq!(err.to_string(), "--sprt ELO0 ELO1 needs ELO0 < ELO1");
    }
}
