//! Opening statistics: how many games reach an opening, and how each reply scored.

use std::collections::HashMap;
use std::fmt::Write as _;

use reversi::{Color, Square};
use serde_json::{json, Value};

use crate::filter::Opening;
use crate::record::Record;

/// What the games gave one reply (or all the games): counts from the view of the side
/// that plays the reply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Games with a known actual score, counted below.
    pub scored: u64,
    /// Sum of Black's final discs over the scored games.
    pub black_discs: u64,
    /// Scored games the side to move won (more than 32 discs, WTHOR's count).
    pub wins: u64,
    /// Scored games drawn (32 discs each).
    pub draws: u64,
    /// Scored games the side to move lost.
    pub losses: u64,
}

impl Tally {
    fn add(&mut self, black_discs: Option<u8>, mover: Color) {
        self.games += 1;
        let Some(black) = black_discs else { return };
        self.scored += 1;
        self.black_discs += u64::from(black);
        let mine = match mover {
            Color::Black => black,
            Color::White => 64 - black.min(64),
        };
        match mine.cmp(&32) {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
            std::cmp::Ordering::Less => self.losses += 1,
        }
    }

    /// Black's mean final discs over the scored games, `None` without one.
    #[must_use]
    pub fn mean_black_discs(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.black_discs as f64 / self.scored as f64)
    }

    /// Percentages of wins, draws and losses over the scored games.
    #[must_use]
    pub fn percentages(&self) -> Option<(f64, f64, f64)> {
        let n = self.scored as f64;
        (self.scored > 0).then(|| {
            (
                100.0 * self.wins as f64 / n,
                100.0 * self.draws as f64 / n,
                100.0 * self.losses as f64 / n,
            )
        })
    }

    fn to_json(self) -> Value {
        json!({
            "games": self.games,
            "scored": self.scored,
            "mean_black_discs": self.mean_black_discs(),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
        })
    }
}

/// The statistics of an opening over the records given to [`Stats::add`].
///
/// Each matching game counts once, in the orientation of the prefix (the first
/// symmetry that maps it there, [`Opening::symmetry`]): its next move, mapped the same
/// way, is the reply. A game that ends with the prefix counts in `ended`.
#[derive(Clone, Debug)]
pub struct Stats {
    opening: Opening,
    /// The games that reach the opening.
    pub games: u64,
    /// Those that end there.
    pub ended: u64,
    /// Each reply (in the prefix's orientation) and what it scored.
    pub replies: HashMap<Square, Tally>,
}

impl Stats {
    /// No game yet.
    #[must_use]
    pub fn new(opening: Opening) -> Stats {
        Stats {
            opening,
            games: 0,
            ended: 0,
            replies: HashMap::new(),
        }
    }

    /// Counts `record` when it reaches the opening; whether it did.
    pub fn add(&mut self, record: &Record) -> bool {
        let moves = record.transcript.moves();
        let Some(symmetry) = self.opening.symmetry(moves) else {
            return false;
        };
        self.games += 1;
        let k = self.opening.len();
        match moves.get(k) {
            None => self.ended += 1,
            Some(&next) => {
                let mover = record.mover_of(k);
                self.replies
                    .entry(next.transform(symmetry))
                    .or_default()
                    .add(record.game.black_discs, mover);
            }
        }
        true
    }

    /// The replies, most played first (then by square: a1, b1, ..., h8).
    #[must_use]
    pub fn sorted(&self) -> Vec<(Square, Tally)> {
        let mut all: Vec<(Square, Tally)> = self.replies.iter().map(|(s, t)| (*s, *t)).collect();
        all.sort_by(|a, b| {
            b.1.games
                .cmp(&a.1.games)
                .then(a.0.index().cmp(&b.0.index()))
        });
        all
    }

    /// The text for a person: a line of totals, then a line a reply.
    #[must_use]
    pub fn to_text(&self) -> String {
        let name = if self.opening.is_empty() {
            "the start".to_owned()
        } else {
            self.opening
                .squares()
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let mut text = format!(
            "{name}: {} games, {} end there, {} replies\n",
            self.games,
            self.ended,
            self.replies.len()
        );
        text.push_str("reply  games  scored  black discs  win%   draw%  loss% (side to move)\n");
        for (square, tally) in self.sorted() {
            let mean = tally
                .mean_black_discs()
                .map_or_else(|| "-".to_owned(), |m| format!("{m:.2}"));
            let (w, d, l) = tally.percentages().map_or_else(
                || ("-".to_owned(), "-".to_owned(), "-".to_owned()),
                |(w, d, l)| (format!("{w:.1}"), format!("{d:.1}"), format!("{l:.1}")),
            );
            let _ = writeln!(
                text,
                "{square:<5}  {:>5}  {:>6}  {mean:>11}  {w:>5}  {d:>5}  {l:>5}",
                tally.games, tally.scored
            );
        }
        text
    }

    /// The same as one JSON object: `opening`, `games`, `ended`, and `replies`, each
    /// with its `move` and its [`Tally`] fields, most played first.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let replies: Vec<Value> = self
            .sorted()
            .into_iter()
            .map(|(square, tally)| {
                let mut value = tally.to_json();
                value["move"] = json!(square.to_string());
                value
            })
            .collect();
        json!({
            "opening": self.opening.squares().iter().map(ToString::to_string).collect::<String>(),
            "games": self.games,
            "ended": self.ended,
            "replies": replies,
        })
    }
}
