//! The match loop: games played `concurrency` at a time, each counted and recorded as it
//! ends, stopped by the SPRT or by Ctrl-C; the progress bar; the interrupt handler.

use std::fs::File;
use std::io::{IsTerminal, Write};
use std::sync::{mpsc, Mutex, PoisonError};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine;
use crate::stats::fmt_elo;
use crate::summary::{MatchRecord, Sprt, SprtResult, Tally};

/// The largest `--concurrency`.
pub const MAX_CONCURRENCY: usize = 256;

/// Refuses a `--concurrency` of 0 or above [`MAX_CONCURRENCY`].
///
/// # Errors
///
/// The value is out of range (the message names the option).
pub fn check_concurrency(concurrency: usize) -> Result<()> {
    if concurrency == 0 || concurrency > MAX_CONCURRENCY {
        // Each game is a thread and two engine processes (plus their pipe threads): a
        // mistyped -j 10000 would exhaust the system's processes, not play faster.
        anyhow::bail!(
            "--concurrency {concurrency}: must be at least 1 and at most {MAX_CONCURRENCY}"
        );
    }
    Ok(())
}

/// Installs the Ctrl-C (and SIGTERM) handler: the engines run in their own process
/// groups, so the first signal kills them ([`engine::kill_all`]) and stops the match
/// (games under way are not counted; the summary of the finished ones is printed, and
/// the runner exits with status 130); a second exits at once.
///
/// # Errors
///
/// The handler cannot be installed.
pub fn install_interrupt_handler() -> Result<()> {
    ctrlc::set_handler(|| {
        if engine::stopped() {
            std::process::exit(130);
        }
        engine::kill_all();
    })
    .context("installing the Ctrl-C handler")
}

/// The progress bar on standard error (hidden when `quiet` or when standard error is not
/// a terminal).
#[must_use]
pub fn progress_bar(quiet: bool, games: usize) -> ProgressBar {
    let bar = ProgressBar::new(games as u64);
    if quiet || !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games {elapsed_precise} eta {eta} {msg}",
        )
        .expect("template"),
    );
    bar
}

/// How a match is run.
pub struct Plan<'a> {
    /// The games to play (indices `0..games`).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// The SPRT, if the match stops by it.
    pub sprt: Option<Sprt>,
    /// The progress bar.
    pub bar: &'a ProgressBar,
}

/// Plays the games `0..plan.games` with `play`, `plan.concurrency` at a time, counting
/// each as it ends (and writing it as one JSON line to `record`) until all are played,
/// the SPRT decides (games under way finish and are counted), or Ctrl-C (games under way
/// are dropped: they ended by the kill, not by their engines). The games of `resumed`
/// (an earlier run's record) are counted first and not played again; when they decide
/// the SPRT already, no game is played.
///
/// # Errors
///
/// The record cannot be written.
pub fn play_match<R: MatchRecord>(
    plan: &Plan<'_>,
    play: &(dyn Fn(usize) -> R + Sync),
    record: &mut Option<std::io::BufWriter<File>>,
    resumed: &[R],
) -> Result<(Tally, SprtResult)> {
    let mut tally = Tally::default();
    let mut done = vec![false; plan.games];
    for r in resumed {
        let result = r.result();
        tally.add(&result);
        done[result.game] = true;
    }
    let todo: Vec<usize> = (0..plan.games).filter(|&i| !done[i]).collect();
    plan.bar.set_position(resumed.len() as u64);
    plan.bar.set_message(progress_message(&tally, plan.sprt));
    let mut sprt_result = plan.sprt.and_then(|sprt| sprt_verdict(&tally, sprt));
    let workers = plan.concurrency.min(todo.len().max(1));
    // Games are handed out by the thread that counts them: a game starts only when the
    // games counted so far leave the SPRT undecided (a worker taking the next game itself
    // could start it before the result that decides the test is counted, and the same
    // match would end after a varying number of games).
    let (ticket_tx, ticket_rx) = mpsc::channel::<usize>();
    let tickets = Mutex::new(ticket_rx);
    std::thread::scope(|scope| -> Result<()> {
        let mut pending = todo.iter().copied();
        let mut ticket_tx = Some(ticket_tx);
        let (tx, rx) = mpsc::channel::<R>();
        for _ in 0..workers {
            let tx = tx.clone();
            let tickets = &tickets;
            scope.spawn(move || loop {
                let ticket = tickets
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv();
                let Ok(i) = ticket else {
                    return;
                };
                if engine::stopped() || tx.send(play(i)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        // The next game to a waiting worker while `go_on`; else (or when none is left)
        // no more, and the idle workers end.
        let mut hand_out = |go_on: bool| {
            let next = if go_on { pending.next() } else { None };
            match (next, ticket_tx.as_ref()) {
                // The workers are waiting for it: it cannot fail.
                (Some(i), Some(t)) => drop(t.send(i)),
                _ => ticket_tx = None,
            }
        };
        for _ in 0..workers {
            hand_out(sprt_result.is_none() && !engine::stopped());
        }
        for r in rx {
            if engine::stopped() {
                // Interrupted: this game may have ended by the kill, not by its engines.
                hand_out(false);
                continue;
            }
            if let Some(out) = record.as_mut() {
                serde_json::to_writer(&mut *out, &r)?;
                out.write_all(b"\n")?;
                out.flush()?;
            }
            let pair_done = tally.add(&r.result());
            plan.bar.inc(1);
            plan.bar.set_message(progress_message(&tally, plan.sprt));
            if let (Some(sprt), true, None) = (plan.sprt, pair_done, sprt_result) {
                sprt_result = sprt_verdict(&tally, sprt);
            }
            hand_out(sprt_result.is_none() && !engine::stopped());
        }
        Ok(())
    })?;
    Ok((tally, sprt_result))
}

/// The SPRT's verdict on the pairs of `tally`, once its LLR has left the bounds.
fn sprt_verdict(tally: &Tally, sprt: Sprt) -> SprtResult {
    let llr = tally.penta.llr(sprt.elo0, sprt.elo1);
    if llr >= sprt.upper {
        Some((llr, "H1 accepted"))
    } else if llr <= sprt.lower {
        Some((llr, "H0 accepted"))
    } else {
        None
    }
}

/// The progress bar's message: W/D/L, the Elo so far, and the LLR with its bounds.
#[must_use]
pub fn progress_message(tally: &Tally, sprt: Option<Sprt>) -> String {
    let est = tally.tri.estimate();
    let llr = match sprt {
        Some(Sprt {
            elo0,
            elo1,
            lower: lo,
            upper: hi,
            ..
        }) => {
            format!(
                "  LLR {:.2} ({lo:.2}, {hi:.2})",
                tally.penta.llr(elo0, elo1)
            )
        }
        None => String::new(),
    };
    format!(
        "W {} D {} L {}  Elo {}{llr}",
        tally.tri.wins,
        tally.tri.draws,
        tally.tri.losses,
        fmt_elo(est.elo)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::GameResult;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A game engine 1 wins, whoever moves first.
    #[derive(serde::Serialize, serde::Deserialize)]
    struct Won {
        game: usize,
    }

    impl MatchRecord for Won {
        fn result(&self) -> GameResult<'_> {
            GameResult::bare(self.game, Some(1), None)
        }

        fn opening(&self) -> &str {
            ""
        }

        fn engine1_first(&self) -> bool {
            self.game % 2 == 0
        }
    }

    /// One game at a time, a match stops at the pair that decides its SPRT: no game is
    /// started after it (games that end at once would race far past it if the players
    /// took the next game themselves), so the same match always has the same length.
    #[test]
    fn one_game_at_a_time_stops_at_the_deciding_pair() {
        let sprt = Sprt::new(&[0.0, 10.0], 0.05, 0.05).unwrap();
        // The pairs the SPRT needs, counted by hand.
        let mut tally = Tally::default();
        let mut pairs = 0;
        while sprt_verdict(&tally, sprt).is_none() {
            for game in [2 * pairs, 2 * pairs + 1] {
                tally.add(&Won { game }.result());
            }
            pairs += 1;
        }
        assert!(pairs > 1);
        let bar = ProgressBar::hidden();
        for concurrency in [1, 1, 1, 3] {
            let plan = Plan {
                games: 1000,
                concurrency,
                sprt: Some(sprt),
                bar: &bar,
            };
            let started = AtomicUsize::new(0);
            let play = |game| {
                started.fetch_add(1, Ordering::SeqCst);
                Won { game }
            };
            let (tally, verdict) = play_match(&plan, &play, &mut None, &[]).unwrap();
            assert_eq!(verdict.map(|v| v.1), Some("H1 accepted"));
            let played = started.load(Ordering::SeqCst);
            // Every game started is counted. One at a time, exactly the deciding pairs;
            // with more at once, those under way when the test decides finish (fewer
            // than `concurrency`), and so may games whose partners are under way.
            assert_eq!(tally.tri.games(), played as u64);
            let most = if concurrency == 1 {
                2 * pairs
            } else {
                2 * pairs + 2 * concurrency
            };
            assert!(
                (2 * pairs..=most).contains(&played),
                "-j {concurrency}: {played} games for {pairs} pairs"
            );
        }
    }
}
