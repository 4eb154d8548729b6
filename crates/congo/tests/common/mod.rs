//! Helpers shared by the congo crate's integration tests and congo-course's (which
//! include this file by `#[path]`): the proptest strategy for positions reached by random
//! playouts, and the monkey's jump steps. A failing case shrinks toward a shorter playout
//! from an earlier start FEN, choosing earlier moves.

// Each test file uses only some of these.
#![allow(dead_code)]

use congo::{Move, Position, Rules};
use proptest::prelude::*;
use proptest::sample::Index;

/// The monkey's eight jumps as `(file, rank)` steps: two squares along each king
/// direction, over the square between.
pub const JUMPS: [(i32, i32); 8] = [
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
];

/// A random playout: a start FEN, the rule options its moves are made under, and one
/// choice per ply (an index into that ply's legal moves).
#[derive(Clone, Debug)]
pub struct Playout {
    /// The FEN the playout starts from.
    pub start: &'static str,
    /// The rules moves are made under.
    pub rules: Rules,
    /// Which legal move each ply plays.
    pub choices: Vec<Index>,
}

impl Playout {
    /// Calls `visit` with each position of the playout, the start included, and its legal
    /// moves; stops after the last choice or at a position without moves.
    pub fn visit(&self, mut visit: impl FnMut(&Position, &[Move])) {
        let mut pos: Position = self.start.parse().expect("the start FENs are valid");
        let mut moves = Vec::new();
        for choice in self.choices.iter().map(Some).chain([None]) {
            pos.legal_moves(&mut moves);
            visit(&pos, &moves);
            match choice {
                Some(choice) if !moves.is_empty() => {
                    pos = pos.play_unchecked(moves[choice.index(moves.len())], self.rules);
                }
                _ => break,
            }
        }
    }

    /// The position the playout ends in.
    pub fn end(&self) -> Position {
        let mut end = None;
        self.visit(|pos, _| end = Some(*pos));
        end.expect("a playout visits its start")
    }
}

/// Playouts of up to `max_plies` plies from one of `starts`, under the full rules (two
/// times in three) or the 2021 edition.
pub fn playouts(
    starts: &'static [&'static str],
    max_plies: usize,
) -> impl Strategy<Value = Playout> {
    (
        prop::sample::select(starts),
        prop_oneof![2 => Just(Rules::FULL), 1 => Just(Rules::EDITION_2021)],
        prop::collection::vec(any::<Index>(), 0..=max_plies),
    )
        .prop_map(|(start, rules, choices)| Playout {
            start,
            rules,
            choices,
        })
}
