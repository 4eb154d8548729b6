//! Evaluation and search (the assignment's Parts IV and V): the shared sample vectors,
//! one hand-derived test per evaluation rule, and property tests on random positions.

// The playout strategy congo's own integration tests use: one file, kept with the rules
// it draws on (a path outside this package: a packaged congo-course builds without it,
// and its tests run in the workspace).
#[path = "../../congo/tests/common/mod.rs"]
mod common;

use common::playouts;
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use congo::{Color, Position, Rules};
use congo_course::eval::{activity, advanced_eval, material_eval};
use congo_course::search::{self, alpha_beta, negamax, SearchPosition, INFINITY, MINIMAX_START};
use congo_course::{Game, MaterialTable};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str, rules: Rules) -> Game {
    Game::new(pos(fen), rules)
}

const T: MaterialTable = MaterialTable::STANDARD;

// ---------------------------------------------------------------------------------------
// The shared Part IV / Part V samples.

/// One sample line: edition, FEN, eval, minimax 2, advanced eval, alpha-beta 4.
struct Sample {
    edition: u32,
    fen: String,
    values: [i32; 4],
}

fn samples() -> Vec<Sample> {
    let text = include_str!("data/part4-part5-eval-search.txt");
    let samples: Vec<Sample> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 6, "{line}");
            Sample {
                edition: fields[0].parse().unwrap(),
                fen: fields[1].to_owned(),
                values: [2, 3, 4, 5].map(|i| fields[i].parse().unwrap()),
            }
        })
        .collect();
    assert_eq!(samples.len(), 6);
    samples
}

fn edition(sample: &Sample) -> (Rules, MaterialTable) {
    match sample.edition {
        2022 => (Rules::FULL, MaterialTable::STANDARD),
        2021 => (Rules::EDITION_2021, MaterialTable::EDITION_2021),
        other => panic!("unknown edition {other}"),
    }
}

#[test]
fn samples_evaluation() {
    for s in samples() {
        let (_, table) = edition(&s);
        assert_eq!(
            material_eval(&pos(&s.fen), &table),
            s.values[0],
            "{}",
            s.fen
        );
        // The default table reproduces every sample, 2021 ones included.
        assert_eq!(material_eval(&pos(&s.fen), &T), s.values[0], "{}", s.fen);
    }
}

#[test]
fn samples_minimax() {
    for s in samples() {
        let (rules, table) = edition(&s);
        assert_eq!(
            game(&s.fen, rules).minimax(2, &table),
            s.values[1],
            "{}",
            s.fen
        );
    }
}

#[test]
fn samples_advanced_evaluation() {
    for s in samples() {
        let (_, table) = edition(&s);
        assert_eq!(
            advanced_eval(&pos(&s.fen), &table),
            s.values[2],
            "{}",
            s.fen
        );
    }
}

#[test]
fn samples_alpha_beta() {
    for s in samples() {
        let (rules, table) = edition(&s);
        assert_eq!(
            game(&s.fen, rules).alpha_beta(4, &table),
            s.values[3],
            "{}",
            s.fen
        );
    }
}

/// The plain generic alpha-beta (generation order, no move ordering) gives the same
/// sample values as the ordered one.
#[test]
fn samples_alpha_beta_unordered() {
    for s in samples() {
        let (rules, table) = edition(&s);
        let g = game(&s.fen, rules);
        let value = alpha_beta(&g, 4, -INFINITY, INFINITY, &mut |g: &Game| {
            advanced_eval(&g.position, &table)
        });
        assert_eq!(value, s.values[3], "{}", s.fen);
    }
}

/// The rules page: the 2021 alpha-beta value 832 holds only without promotion.
#[test]
fn sample_832_needs_no_promotion() {
    let fen = "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12";
    assert_eq!(game(fen, Rules::EDITION_2021).alpha_beta(4, &T), 832);
    assert_ne!(game(fen, Rules::FULL).alpha_beta(4, &T), 832);
}

#[test]
fn tables_agree_on_2021_pieces() {
    use congo::Role::*;
    for role in [Pawn, Elephant, Zebra, Lion] {
        assert_eq!(
            MaterialTable::STANDARD.value(role),
            MaterialTable::EDITION_2021.value(role)
        );
    }
    // The assignment's values.
    let t = MaterialTable::STANDARD;
    let values = [Pawn, Elephant, Zebra, Superpawn, Giraffe].map(|r| t.value(r));
    assert_eq!(values, [100, 200, 300, 350, 400]);
    // Our documented choice.
    assert_eq!(
        (t.value(Monkey), t.value(Crocodile), t.value(Lion)),
        (500, 500, 0)
    );
}

// ---------------------------------------------------------------------------------------
// Hand-derived tests, one per evaluation rule. Expected values were worked out from the
// rules text by hand (as in the comments), not by running the code.

/// Material: White minus Black, lions not counted, every kind valued.
#[test]
fn rule_material_difference() {
    // Rank 7 "G2l3": White giraffe a7, Black lion d7.
    // Rank 5 "1S3m1": White superpawn b5, Black monkey f5.
    // Rank 3 "C1e3z": White crocodile a3, Black elephant c3, Black zebra g3.
    // Rank 2 "3p3": Black pawn d2 (past the river). Rank 1: White lion d1.
    // White 400 + 350 + 500 = 1250; Black 500 + 200 + 300 + 100 = 1100: +150.
    let fen = "G2l3/7/1S3m1/7/C1e3z/3p3/3L3 w 0";
    assert_eq!(material_eval(&pos(fen), &T), 150);
}

/// Material is negated when Black is to move.
#[test]
fn rule_negated_for_black() {
    let fen = "G2l3/7/1S3m1/7/C1e3z/3p3/3L3 b 0";
    assert_eq!(material_eval(&pos(fen), &T), -150);
}

/// Only the two lions left: 0, in both evaluations, even with a lion capture available
/// (the d-file between d1 and d7 is empty) which the advanced terms would count.
#[test]
fn rule_two_bare_lions_score_zero() {
    for fen in ["3l3/7/7/7/7/7/3L3 w 0", "3l3/7/7/7/7/7/3L3 b 5"] {
        assert_eq!(material_eval(&pos(fen), &T), 0);
        assert_eq!(advanced_eval(&pos(fen), &T), 0);
    }
}

/// Black's lion missing: +10000 for White (so -10000 with Black to move), whatever the
/// material (here Black has more).
#[test]
fn rule_black_lion_missing() {
    // White lion d1; Black giraffe a7 and zebra g7.
    let w = "g5z/7/7/7/7/7/3L3 w 0";
    let b = "g5z/7/7/7/7/7/3L3 b 0";
    assert_eq!(material_eval(&pos(w), &T), 10_000);
    assert_eq!(material_eval(&pos(b), &T), -10_000);
    assert_eq!(advanced_eval(&pos(w), &T), 10_000);
    assert_eq!(advanced_eval(&pos(b), &T), -10_000);
}

/// White's lion missing: -10000 for White (+10000 with Black to move).
#[test]
fn rule_white_lion_missing() {
    // Black lion d7; White pawns a2 b2.
    let w = "3l3/7/7/7/7/PP5/7 w 0";
    let b = "3l3/7/7/7/7/PP5/7 b 0";
    assert_eq!(material_eval(&pos(w), &T), -10_000);
    assert_eq!(material_eval(&pos(b), &T), 10_000);
    assert_eq!(advanced_eval(&pos(w), &T), -10_000);
    assert_eq!(advanced_eval(&pos(b), &T), 10_000);
}

/// Mobility counts legal moves; a lion capture counts for mobility and as an attack
/// worth 1 + 10.
#[test]
fn rule_mobility_and_lion_attack() {
    // White lion d1: c1 c2 d2 e2 (e1 holds its zebra), and the lion capture d1d7 along the
    // empty d-file: 5 moves. White zebra e1: c2 d3 f3 g2: 4 moves. White mobility 9,
    // attack 1 + 10 = 11.
    // Black lion d7, counted as if Black were to move: c6 c7 d6 e6 e7 and the lion capture
    // d7d1: mobility 6, attack 11.
    // Material +300 (zebra). Raw = 300 + (9 - 6) + (11 - 11) = 303.
    let fen = "3l3/7/7/7/7/7/3LZ2 w 0";
    let p = pos(fen);
    let w = activity(&p, Color::White);
    let b = activity(&p, Color::Black);
    assert_eq!((w.mobility, w.attack), (9, 11));
    assert_eq!((b.mobility, b.attack), (6, 11));
    assert_eq!(advanced_eval(&p, &T), 303);
    // Black to move: the same counts, negated.
    assert_eq!(advanced_eval(&pos("3l3/7/7/7/7/7/3LZ2 b 0"), &T), -303);
}

/// Attack counts moves landing on an enemy piece (1 each); the side not to move is
/// counted as if it were to move (its pawn retreats included).
#[test]
fn rule_attack_and_side_not_to_move() {
    // As above plus a Black pawn on f3 (past the river for Black).
    // White: lion c1 c2 d2 e2 + d1d7 (5, attack 11); zebra e1: c2 d3 g2 and f3 which takes
    // the pawn (4, attack 1). Mobility 9, attack 12.
    // Black: lion c6 c7 d6 e6 e7 + d7d1 (6, attack 11); pawn f3 forward f2, e2, g2 (all
    // empty) and, past the river, back to f4 and f5 (5, attack 0). Mobility 11, attack 11.
    // Material 300 - 100 = 200. Raw = 200 + (9 - 11) + (12 - 11) = 199.
    let p = pos("3l3/7/7/7/5p1/7/3LZ2 w 0");
    assert_eq!(activity(&p, Color::White).attack, 12);
    assert_eq!(activity(&p, Color::Black).mobility, 11);
    assert_eq!(advanced_eval(&p, &T), 199);
}

/// Minimax: depth 0 is the evaluation; depth 2 sees the opponent's best reply, and the
/// promotion option changes it.
#[test]
fn rule_minimax_depth_two_and_promotion() {
    // White lion c1, Black lion d7, Black pawn d2. White's moves: c1c2, c1d1, c1d2 (takes).
    // - c1d2: the d-file d3..d6 is then empty, Black's lion takes d7d2: -10000.
    // - c1d1: Black's pawn d2 steps straight forward onto d1, taking the lion: -10000.
    // - c1c2: Black's best reply promotes the pawn (d2c1, d2d1 or d2e1): -350; without
    //   promotion no reply changes the material: -100.
    let fen = "3l3/7/7/7/7/3p3/2L4 w 0";
    assert_eq!(game(fen, Rules::FULL).minimax(0, &T), -100);
    assert_eq!(game(fen, Rules::FULL).minimax(2, &T), -350);
    assert_eq!(game(fen, Rules::EDITION_2021).minimax(2, &T), -100);
}

/// A finished game is evaluated, not expanded; a lion capture scores the win.
#[test]
fn rule_minimax_finished_game() {
    // Two bare lions with the open d-file: White's lion capture wins (+10000), although
    // the evaluation of the position itself is 0.
    let g = game("3l3/7/7/7/7/7/3L3 w 0", Rules::FULL);
    assert_eq!(g.minimax(0, &T), 0);
    assert_eq!(g.minimax(1, &T), 10_000);
    assert_eq!(g.minimax(2, &T), 10_000);
    // Already finished: the evaluation at any depth.
    let done = game("3L3/7/7/7/7/7/7 b 1", Rules::FULL);
    assert_eq!(done.minimax(2, &T), -10_000);
    assert_eq!(done.alpha_beta(4, &T), -10_000);
}

/// A side with no legal move (both lions on the board) scores the minimax start value
/// -10000000 in minimax and in alpha-beta (the loop over moves never runs).
#[test]
fn rule_no_legal_move() {
    // Black lion a7; White lions everywhere else except giraffes on a6 and b6.
    // White lions: their steps stay in the castle c1-e3 and every square is taken; a lion
    // capture needs an empty line to a7: the a-file is closed by the giraffe a6, the
    // diagonal by b6, and lions on rank 7 share a rank (no lion capture along a rank).
    // Giraffes: steps need an empty square; jumps from a6 (a4 c4 c6) and b6 (b4 d4 d6)
    // land on White pieces, the others leave the board. So White has no legal move.
    // Black's lion stands outside its castle: no steps, and its lion captures are
    // blocked the same way, so Black has no legal move either.
    // Material: two giraffes, 800. Advanced: 800 + (0 - 0) + (0 - 0) = 800.
    let fen = "lLLLLLL/GGLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL/LLLLLLL w 0";
    let p = pos(fen);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(material_eval(&p, &T), 800);
    assert_eq!(advanced_eval(&p, &T), 800);
    let g = game(fen, Rules::FULL);
    assert_eq!(g.minimax(2, &T), MINIMAX_START);
    assert_eq!(g.minimax(2, &T), -10_000_000);
    assert_eq!(g.alpha_beta(4, &T), -10_000_000);
}

// ---------------------------------------------------------------------------------------
// Property tests (proptest: a failure shrinks to a short playout).

const SEARCH_STARTS: &[&str] = &[
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
    "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
];

/// Games at positions reached by random playouts of up to 40 plies from the start and
/// from the sample FENs, under either rule set.
fn random_games() -> impl Strategy<Value = Game> {
    playouts(SEARCH_STARTS, 40).prop_map(|p| Game::new(p.end(), p.rules))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    /// Fail-hard alpha-beta with the full window equals plain negamax, on random Congo
    /// positions, for both evaluations and both rule sets.
    #[test]
    fn alpha_beta_equals_negamax_on_random_positions(g in random_games()) {
        for depth in 0..=2 {
            let adv = &mut |g: &Game| advanced_eval(&g.position, &T);
            let plain = negamax(&g, depth, adv);
            prop_assert_eq!(g.alpha_beta(depth, &T), plain, "{} d{}", g.position, depth);
            let mat = &mut |g: &Game| material_eval(&g.position, &T);
            let plain = negamax(&g, depth, mat);
            let ab = alpha_beta(&g, depth, -INFINITY, INFINITY, mat);
            prop_assert_eq!(ab, plain, "{} d{}", g.position, depth);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// The same at depth 3 on fewer positions (the leaf count grows fast).
    #[test]
    fn alpha_beta_equals_negamax_depth_three(g in random_games()) {
        let adv = &mut |g: &Game| advanced_eval(&g.position, &T);
        prop_assert_eq!(g.alpha_beta(3, &T), negamax(&g, 3, adv), "{}", g.position);
    }
}

// ---------------------------------------------------------------------------------------
// The generic search on synthetic game trees (including nodes without moves).

/// A node of a pseudo-random tree: 0 to 4 children, leaf values in -50..50.
#[derive(Clone, Copy, Debug)]
struct Tree {
    id: u64,
    /// Remaining height: nodes at height 0 are finished.
    height: u32,
}

/// A deterministic hash of `x` (std's SipHash with its fixed keys): the tree's shape.
fn mix(x: u64) -> u64 {
    let mut hasher = DefaultHasher::new();
    x.hash(&mut hasher);
    hasher.finish()
}

impl SearchPosition for Tree {
    type Move = u64;
    fn is_finished(&self) -> bool {
        self.height == 0
    }
    fn legal_moves(&self, moves: &mut Vec<u64>) {
        moves.clear();
        moves.extend(0..mix(self.id) % 5);
    }
    fn play(&self, mv: u64) -> Tree {
        Tree {
            id: mix(self.id ^ (mv + 1).wrapping_mul(0x1234_5678_9ABC_DEF1)),
            height: self.height - 1,
        }
    }
    fn order_hint(&self, mv: u64) -> i32 {
        (mix(self.id.wrapping_add(mv)) % 7) as i32
    }
    /// Deliberately poor: many positions share a key, so the best-move table suggests
    /// moves from other positions (which must change nothing but the speed).
    fn hash_key(&self) -> Option<u64> {
        Some(self.id % 97)
    }
}

fn tree_eval(t: &Tree) -> i32 {
    (mix(t.id ^ 0xABCD) % 100) as i32 - 50
}

/// Hand-checkable semantics on a tiny tree: a node without moves scores MINIMAX_START.
#[test]
fn generic_node_without_moves() {
    // Find a root with no children: its negamax at depth >= 1 is the start value.
    let root = (0..1000)
        .map(|id| Tree { id, height: 3 })
        .find(|t| mix(t.id) % 5 == 0)
        .unwrap();
    assert_eq!(negamax(&root, 1, &mut tree_eval), MINIMAX_START);
    assert_eq!(
        alpha_beta(&root, 1, -INFINITY, INFINITY, &mut tree_eval),
        MINIMAX_START
    );
    assert_eq!(negamax(&root, 0, &mut tree_eval), tree_eval(&root));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Alpha-beta with the full window equals negamax; with a narrow window it returns
    /// the negamax value clamped to the window (the fail-hard contract).
    #[test]
    fn generic_alpha_beta_is_clamped_negamax(
        id in any::<u64>(),
        windows in prop::collection::vec((-60..60i32, 1..=60i32), 7),
    ) {
        let root = Tree { id, height: 6 };
        for (depth, (a, width)) in (0..=6).zip(windows) {
            let b = a + width;
            let v = negamax(&root, depth, &mut tree_eval);
            prop_assert_eq!(
                alpha_beta(&root, depth, -INFINITY, INFINITY, &mut tree_eval),
                v
            );
            let ab = alpha_beta(&root, depth, a, b, &mut tree_eval);
            // A leaf returns its evaluation as it is; an expanded node clamps.
            let expected = if depth == 0 || root.is_finished() {
                v
            } else {
                v.clamp(a, b)
            };
            prop_assert_eq!(ab, expected, "id {} depth {} window ({}, {})", id, depth, a, b);
        }
    }
}

/// The ordered alpha-beta (hints, killer moves, iterative deepening) returns the
/// negamax value on synthetic trees whose order hints are arbitrary.
#[test]
fn generic_ordered_alpha_beta_equals_negamax() {
    for id in 0..400u64 {
        let root = Tree { id, height: 6 };
        for depth in 0..=6 {
            let v = negamax(&root, depth, &mut tree_eval);
            let ordered = search::alpha_beta_ordered(&root, depth, &mut tree_eval);
            assert_eq!(ordered, v, "id {id} depth {depth}");
        }
    }
}

#[test]
fn evaluations_count_material_mobility_and_attack() {
    let table = MaterialTable::STANDARD;
    // White: lion d1 (5 moves, one capturing the pawn on d2). Black: lion d7 (5 moves),
    // pawn d2 (d1 capturing the lion, c1, e1, and retreats d3, d4).
    let p = pos("3l3/7/7/7/7/3p3/3L3 w 0");
    assert_eq!(material_eval(&p, &table), -100);
    let (white, black) = (activity(&p, Color::White), activity(&p, Color::Black));
    assert_eq!((white.mobility, white.attack), (5, 1));
    assert_eq!((black.mobility, black.attack), (10, 11));
    // -100 material, 5 - 10 mobility, 1 - 11 attack.
    assert_eq!(advanced_eval(&p, &table), -115);
    let black_to_move = pos("3l3/7/7/7/7/3p3/3L3 b 0");
    assert_eq!(advanced_eval(&black_to_move, &table), 115);
    // Only the two lions: 0 for both evaluations.
    let lions = pos("3l3/7/7/7/7/7/3L3 w 0");
    assert_eq!(material_eval(&lions, &table), 0);
    assert_eq!(advanced_eval(&lions, &table), 0);
}
