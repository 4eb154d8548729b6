//! Fairy-Stockfish's built-in piece definitions (its `src/piece.cpp` table and the
//! custom pieces of the variants built into `src/variant.cpp`), and every piece of the
//! example configurations it ships in `src/variants.ini`, each counted on 8x8.
//!
//! The expected values never come from this crate's parser or counter: each definition
//! is paired with its empty-board moves written by hand from the notation (the crate
//! README's table: `c`, `e`, `p`, `g` reach nothing, `n` changes nothing, `i` moves are
//! left out, a multi-leg path is a leap to its end), and a plain reference walks those
//! rays square by square on the board.

use std::collections::{BTreeMap, BTreeSet};

use mobility::{Board, InitialMoves, Piece};

/// A hand-written move: `(x, y, max_steps)`, `x` files right, `y` ranks forward (toward
/// rank 8), `max_steps` 0 for a rider.
type Ray = (i32, i32, u32);

/// Every symmetric image of the leap `(a, b)`.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut set = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                set.insert((sx * x, sy * y));
            }
        }
    }
    set.into_iter().collect()
}

fn leaps(moves: &[(i32, i32)]) -> Vec<Ray> {
    moves.iter().map(|&(x, y)| (x, y, 1)).collect()
}

fn rides(moves: &[(i32, i32)]) -> Vec<Ray> {
    moves.iter().map(|&(x, y)| (x, y, 0)).collect()
}

fn all_leaps(a: i32, b: i32) -> Vec<Ray> {
    leaps(&images(a, b))
}

fn all_rides(a: i32, b: i32) -> Vec<Ray> {
    rides(&images(a, b))
}

fn join(parts: &[Vec<Ray>]) -> Vec<Ray> {
    parts.concat()
}

/// The reference: walks every ray from every square of the 8x8 board and returns the
/// groups (destinations -> squares).
fn walk(rays: &[Ray]) -> BTreeMap<u32, u32> {
    let mut groups = BTreeMap::new();
    for file in 0..8i32 {
        for rank in 0..8i32 {
            let mut reached = BTreeSet::new();
            for &(x, y, max) in rays {
                let mut steps = 1;
                let (mut f, mut r) = (file + x, rank + y);
                while (0..8).contains(&f) && (0..8).contains(&r) && (max == 0 || steps <= max) {
                    reached.insert((f, r));
                    f += x;
                    r += y;
                    steps += 1;
                }
            }
            *groups.entry(reached.len() as u32).or_insert(0) += 1;
        }
    }
    groups
}

fn strength(groups: &BTreeMap<u32, u32>) -> u64 {
    groups.iter().map(|(&d, &n)| u64::from(d * n)).sum()
}

/// `(name in Fairy-Stockfish, definition, empty-board moves by hand)`.
fn built_in() -> Vec<(&'static str, &'static str, Vec<Ray>)> {
    let w = all_leaps(0, 1);
    let f = all_leaps(1, 1);
    let n = all_leaps(1, 2);
    let k = join(&[w.clone(), f.clone()]);
    let r = all_rides(0, 1);
    let b = all_rides(1, 1);
    let q = join(&[r.clone(), b.clone()]);
    let nothing = Vec::new();
    let forward_w = leaps(&[(0, 1)]);
    let forward_f = leaps(&[(1, 1), (-1, 1)]);
    let forward_n = leaps(&[(1, 2), (-1, 2)]);
    let lance = rides(&[(0, 1)]);
    let back_rook = rides(&[(0, -1)]);
    vec![
        // src/piece.cpp
        ("pawn", "fmWfceF", forward_w.clone()),
        ("knight", "N", n.clone()),
        ("bishop", "B", b.clone()),
        ("rook", "R", r.clone()),
        ("queen", "Q", q.clone()),
        ("fers", "F", f.clone()),
        ("alfil", "A", all_leaps(2, 2)),
        ("fersAlfil", "FA", join(&[f.clone(), all_leaps(2, 2)])),
        ("silver", "FfW", join(&[f.clone(), forward_w.clone()])),
        ("aiwok", "RNF", join(&[r.clone(), n.clone(), f.clone()])),
        ("bers", "RF", join(&[r.clone(), f.clone()])),
        ("archbishop", "BN", join(&[b.clone(), n.clone()])),
        ("chancellor", "RN", join(&[r.clone(), n.clone()])),
        ("amazon", "QN", join(&[q.clone(), n.clone()])),
        ("knibis", "mNcB", n.clone()),
        ("biskni", "mBcN", b.clone()),
        ("kniroo", "mNcR", n.clone()),
        ("rookni", "mRcN", r.clone()),
        ("shogiPawn", "fW", forward_w.clone()),
        ("lance", "fR", lance.clone()),
        ("shogiKnight", "fN", forward_n.clone()),
        ("gold", "WfF", join(&[w.clone(), forward_f.clone()])),
        ("dragonHorse", "BW", join(&[b.clone(), w.clone()])),
        ("clobber", "cW", nothing.clone()),
        (
            "breakthrough",
            "fmWfF",
            join(&[forward_w.clone(), forward_f.clone()]),
        ),
        ("immobile", "", nothing.clone()),
        ("cannon", "mRcpR", r.clone()),
        ("janggiCannon", "pR", nothing.clone()),
        ("soldier", "fsW", leaps(&[(0, 1), (1, 0), (-1, 0)])),
        ("horse", "nN", n.clone()),
        ("elephant", "nA", all_leaps(2, 2)),
        ("janggiElephant", "mafsmafW", all_leaps(2, 3)),
        ("banner", "RcpRnN", join(&[r.clone(), n.clone()])),
        ("wazir", "W", w.clone()),
        ("commoner", "K", k.clone()),
        ("centaur", "KN", join(&[k.clone(), n.clone()])),
        ("king", "K", k.clone()),
        // Custom pieces of the variants in src/variant.cpp.
        ("berolina pawn", "mfFcfeWimfnA", forward_f.clone()),
        (
            "pawn moving sideways",
            "fsmWfceFifmnD",
            leaps(&[(0, 1), (1, 0), (-1, 0)]),
        ),
        (
            "pawn moving backward",
            "fbmWfceFifmnD",
            leaps(&[(0, 1), (0, -1)]),
        ),
        ("pawn of one side", "mflFcflW", leaps(&[(-1, 1)])),
        ("nightrider", "NN", all_rides(1, 2)),
        ("grasshopper", "gQ", nothing.clone()),
        ("move-only king", "mK", k.clone()),
        ("move-only knight", "mN", n.clone()),
        ("hound", "mfF", forward_f.clone()),
        ("fox", "mF", f.clone()),
        ("move-only queen", "mQ", q.clone()),
        ("bishop knight", "BnN", join(&[b.clone(), n.clone()])),
        (
            "falcon",
            "FsfW",
            join(&[f.clone(), leaps(&[(0, 1), (1, 0), (-1, 0)])]),
        ),
        (
            "crane",
            "FvW",
            join(&[f.clone(), leaps(&[(0, 1), (0, -1)])]),
        ),
        (
            "left quail",
            "fRrbBlbF",
            join(&[lance.clone(), rides(&[(1, -1)]), leaps(&[(-1, -1)])]),
        ),
        (
            "right quail",
            "fRlbBrbF",
            join(&[lance.clone(), rides(&[(-1, -1)]), leaps(&[(1, -1)])]),
        ),
        ("pheasant", "bFfD", leaps(&[(1, -1), (-1, -1), (0, 2)])),
        ("goose", "fAbD", leaps(&[(2, 2), (-2, 2), (0, -2)])),
        (
            "eagle",
            "KbRfBbF2",
            join(&[
                k.clone(),
                back_rook.clone(),
                rides(&[(1, 1), (-1, 1)]),
                vec![(1, -1, 2), (-1, -1, 2)],
            ]),
        ),
        (
            "knight moving forward",
            "fNsW",
            join(&[forward_n.clone(), leaps(&[(1, 0), (-1, 0)])]),
        ),
        ("shatranj-like pawn", "fmFfcWimA", forward_f.clone()),
        (
            "lion",
            "FAsmW",
            join(&[f.clone(), all_leaps(2, 2), leaps(&[(1, 0), (-1, 0)])]),
        ),
        ("wazir dabbaba", "WD", join(&[w.clone(), all_leaps(0, 2)])),
        ("camel ferz", "CF", join(&[all_leaps(1, 3), f.clone()])),
        (
            "dabbaba alfil wazir",
            "DAW",
            join(&[all_leaps(0, 2), all_leaps(2, 2), w.clone()]),
        ),
        ("vertical rook", "vR", rides(&[(0, 1), (0, -1)])),
        (
            "rook without retreat",
            "frlR",
            rides(&[(0, 1), (1, 0), (-1, 0)]),
        ),
        (
            "lance shogi knight",
            "fRffN",
            join(&[lance.clone(), forward_n.clone()]),
        ),
        ("forward king", "fKifmnD", leaps(&[(0, 1), (1, 1), (-1, 1)])),
        (
            "forward king back rook",
            "fKbR",
            join(&[leaps(&[(0, 1), (1, 1), (-1, 1)]), back_rook.clone()]),
        ),
        (
            "ferz lance",
            "fFfR",
            join(&[forward_f.clone(), lance.clone()]),
        ),
        (
            "gold back rook",
            "WfFbR",
            join(&[w.clone(), forward_f.clone(), back_rook.clone()]),
        ),
        ("knight wazir", "NW", join(&[n.clone(), w.clone()])),
        (
            "nightrider queen",
            "NNQ",
            join(&[all_rides(1, 2), q.clone()]),
        ),
        (
            "ferz dabbaba threeleaper",
            "FDH",
            join(&[f.clone(), all_leaps(0, 2), all_leaps(0, 3)]),
        ),
        (
            "move-only dabbaba knight alfil",
            "mDmNmA",
            join(&[all_leaps(0, 2), n.clone(), all_leaps(2, 2)]),
        ),
    ]
}

/// The plain compound of symmetric atoms, from a table of this test (no modifiers: the
/// definitions' modifiers are resolved by hand in [`example_configurations`]).
fn plain(atoms: &str) -> Vec<Ray> {
    let mut out = Vec::new();
    for letter in atoms.chars() {
        let part = match letter {
            'W' => all_leaps(0, 1),
            'F' => all_leaps(1, 1),
            'D' => all_leaps(0, 2),
            'N' => all_leaps(1, 2),
            'A' => all_leaps(2, 2),
            'H' => all_leaps(0, 3),
            'C' => all_leaps(1, 3),
            'Z' => all_leaps(2, 3),
            'G' => all_leaps(3, 3),
            'K' => join(&[all_leaps(0, 1), all_leaps(1, 1)]),
            'R' => all_rides(0, 1),
            'B' => all_rides(1, 1),
            'Q' => join(&[all_rides(0, 1), all_rides(1, 1)]),
            other => panic!("no atom {other}"),
        };
        out.extend(part);
    }
    out
}

/// Limited riders: every image of `(a, b)` with at most `n` steps.
fn ranged(a: i32, b: i32, n: u32) -> Vec<Ray> {
    images(a, b).into_iter().map(|(x, y)| (x, y, n)).collect()
}

/// Every piece definition of the example configurations in Fairy-Stockfish's
/// `src/variants.ini`, with its empty-board moves resolved by hand.
fn example_configurations() -> Vec<(&'static str, Vec<Ray>)> {
    let nothing = Vec::new();
    let fw = leaps(&[(0, 1)]);
    let ff = leaps(&[(1, 1), (-1, 1)]);
    let lance = rides(&[(0, 1)]);
    let forward_half_n = leaps(&[(1, 2), (-1, 2), (2, 1), (-2, 1)]);
    let mut rows = vec![];
    for compound in [
        "AD", "AF", "AW", "BK", "BNW", "C", "D", "DF", "DW", "DWF", "FWGH", "GH", "K", "KAD", "KN",
        "NA", "NAD", "NC", "NK", "NN", "QNAD", "R", "RK", "RNF", "W", "WF", "Z", "ZAD", "ZC",
    ] {
        let rays = if compound == "NN" {
            all_rides(1, 2)
        } else {
            plain(compound)
        };
        rows.push((compound, rays));
    }
    rows.extend(vec![
        ("BmW", plain("BW")),
        ("FfW", join(&[plain("F"), fw.clone()])),
        (
            "FsfW",
            join(&[plain("F"), leaps(&[(0, 1), (1, 0), (-1, 0)])]),
        ),
        ("FvW", join(&[plain("F"), leaps(&[(0, 1), (0, -1)])])),
        ("KifmnD", plain("K")),
        ("NmK", plain("NK")),
        ("RmF", plain("RF")),
        ("WcF", plain("W")),
        ("WfF", join(&[plain("W"), ff.clone()])),
        ("cB", nothing.clone()),
        ("cK", nothing.clone()),
        ("cN", nothing.clone()),
        ("cQ", nothing.clone()),
        ("cR", nothing.clone()),
        ("cW", nothing.clone()),
        ("fB", rides(&[(1, 1), (-1, 1)])),
        ("fBfR", join(&[rides(&[(1, 1), (-1, 1)]), lance.clone()])),
        ("fFfW", join(&[ff.clone(), fw.clone()])),
        // fN (the narrow pair) + fsN (the wide pair).
        ("ffNfsN", forward_half_n.clone()),
        ("fmWfcF", fw.clone()),
        ("fmWfceF", fw.clone()),
        ("fmWfceFifmnD", fw.clone()),
        ("fsmWfceF", leaps(&[(0, 1), (1, 0), (-1, 0)])),
        ("gBgR", nothing.clone()),
        ("hlN", leaps(&[(-1, 2), (2, 1), (1, -2), (-2, -1)])),
        ("hrN", leaps(&[(1, 2), (2, -1), (-1, -2), (-2, 1)])),
        // lf + rb on a diagonal atom: one diagonal each.
        ("lfrbB", rides(&[(-1, 1), (1, -1)])),
        ("lrR", rides(&[(1, 0), (-1, 0)])),
        ("mB3", ranged(1, 1, 3)),
        ("mBcpB", plain("B")),
        ("mBpBmWpR2", plain("BW")),
        ("mF", plain("F")),
        ("mK", plain("K")),
        ("mKmNmAmD", plain("KNAD")),
        ("mKmgQ", plain("K")),
        ("mN", plain("N")),
        ("mNcK", plain("N")),
        ("mQ", plain("Q")),
        ("mQ2cQ2", join(&[ranged(0, 1, 2), ranged(1, 1, 2)])),
        ("mQ2cW", join(&[ranged(0, 1, 2), ranged(1, 1, 2)])),
        ("mQ3", join(&[ranged(0, 1, 3), ranged(1, 1, 3)])),
        ("mQcB", plain("Q")),
        ("mQcK", plain("Q")),
        ("mQcN", plain("Q")),
        ("mQcR", plain("Q")),
        ("mQmgQ", plain("Q")),
        ("mR", plain("R")),
        ("mR3", ranged(0, 1, 3)),
        ("mRcD", plain("R")),
        ("mRcW", plain("R")),
        ("mRmgQ", plain("R")),
        ("mRpRmFpB2", plain("RF")),
        ("mW", plain("W")),
        ("mWcF", plain("W")),
        ("mWfceFifmnD", plain("W")),
        ("mfFmfW", join(&[ff.clone(), fw.clone()])),
        ("mfR", lance.clone()),
        ("mfW", fw.clone()),
        ("mfWcfF", fw.clone()),
        ("mfWcfFfhmnN", join(&[fw.clone(), forward_half_n.clone()])),
        ("mfhNcfW", forward_half_n.clone()),
        // fr on an orthogonal atom is f + r; rf on a diagonal one the right-forward move.
        ("mfrWmrfF", leaps(&[(0, 1), (1, 0), (1, 1)])),
        ("mfsW", leaps(&[(0, 1), (1, 0), (-1, 0)])),
        ("mvR", rides(&[(0, 1), (0, -1)])),
        ("nC", plain("C")),
        ("pB", nothing.clone()),
        ("pQ", nothing.clone()),
        ("pR", nothing.clone()),
        ("rflbB", rides(&[(1, 1), (-1, -1)])),
        ("vW", leaps(&[(0, 1), (0, -1)])),
    ]);
    rows
}

#[test]
fn every_example_configuration_against_the_reference_walk() {
    for (definition, rays) in example_configurations() {
        let piece =
            Piece::parse_betza(definition).unwrap_or_else(|e| panic!("{definition:?}: {e}"));
        assert_eq!(
            Board::CHESS.group_sizes(&piece),
            walk(&rays),
            "{definition:?}"
        );
    }
}

#[test]
fn every_built_in_definition_against_the_reference_walk() {
    for (name, definition, rays) in built_in() {
        let piece =
            Piece::parse_betza(definition).unwrap_or_else(|e| panic!("{name} {definition:?}: {e}"));
        assert_eq!(
            Board::CHESS.group_sizes(&piece),
            walk(&rays),
            "{name} {definition:?}"
        );
    }
}

#[test]
fn the_issue_table_by_hand() {
    // Strengths on 8x8 worked by hand: the knight 336, the rook 8 * 7 * 2 * 8 = 896
    // (each of 64 squares reaches 14), the alfil (2, 2) from the 6x6 squares with room in
    // each of its 4 directions: 144, the zebra (2, 3) from 6x5 squares in each of its 8
    // directions: 240, the forward wazir from the 56 squares below rank 8.
    for (definition, strength) in [
        ("nN", 336),
        ("nA", 144),
        ("mRcpR", 896),
        ("pR", 0),
        ("RcpRnN", 896 + 336),
        ("gQ", 0),
        ("fmWfceF", 56),
        ("mafsmafW", 240),
    ] {
        let piece = Piece::parse_betza(definition).unwrap();
        assert_eq!(Board::CHESS.strength(&piece), strength, "{definition}");
    }
    // And the reference agrees with the hand values.
    assert_eq!(strength(&walk(&all_leaps(2, 3))), 240);
    assert_eq!(strength(&walk(&all_leaps(2, 2))), 144);
}

#[test]
fn initial_moves_are_counted_only_on_request() {
    // The FIDE pawn with its double step: fW, and with --initial fW + fD (the lame `n`
    // changes nothing on an empty board). By hand on 8x8: fW from 56 squares, fD from 48.
    let pawn = "fmWfceFifmnD";
    let excluded = Piece::parse_betza(pawn).unwrap();
    let included = Piece::parse_betza_with(pawn, InitialMoves::Include).unwrap();
    assert_eq!(Board::CHESS.strength(&excluded), 56);
    assert_eq!(Board::CHESS.strength(&included), 56 + 48);
    assert_eq!(
        Board::CHESS.group_sizes(&included),
        walk(&leaps(&[(0, 1), (0, 2)]))
    );
}

#[test]
fn multi_leg_paths_are_leaps_to_their_end() {
    let cases: Vec<(&str, Vec<Ray>)> = vec![
        // W then F outward: the Xiangqi horse's path, a knight.
        ("mafsW", all_leaps(1, 2)),
        // Two wazir steps straight on: the dabbaba. A right angle to the right: the
        // ferz's squares; a 45-degree turn to the right (`fr`, the atom turning into F):
        // the knight moves of the right-handed half, `hrN`.
        ("mafW", all_leaps(0, 2)),
        ("marW", all_leaps(1, 1)),
        ("mafrW", leaps(&[(1, 2), (2, -1), (-1, -2), (-2, 1)])),
        // Default continuation: straight on or a right angle either way.
        ("maW", join(&[all_leaps(0, 2), all_leaps(1, 1)])),
        // F then W outward (the Moa path): a knight too.
        ("mafsF", all_leaps(1, 2)),
        // Forward only on the first leg.
        ("fmafsmafW", leaps(&[(2, 3), (-2, 3)])),
        // A capture on a non-final leg (a locust) reaches nothing here.
        ("cafW", vec![]),
    ];
    for (definition, rays) in cases {
        let piece = Piece::parse_betza(definition).unwrap_or_else(|e| panic!("{definition}: {e}"));
        assert_eq!(
            Board::CHESS.group_sizes(&piece),
            walk(&rays),
            "{definition}"
        );
    }
}

#[test]
fn refused_forms_name_the_column() {
    use mobility::ParsePieceError::*;
    for (text, column) in [
        ("jR", 1),      // j on a slider: steps from the second square
        ("fjB", 2),     // likewise
        ("mafmabW", 2), // two steps out, one back: leaves the rectangle
        ("mabW", 2),    // back to the start square
        ("mafsN", 5),   // oblique atom
        ("mafR", 4),    // rider
        ("mafW3", 4),   // ranged
        ("manfW", 3),   // n on a leg
        ("aaaaW", 4),   // a fifth leg
    ] {
        match Piece::parse_betza(text) {
            Err(UnsupportedForm { column: c, .. }) => assert_eq!(c, column, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // j on leapers is XBoard's "must jump over a piece": nothing on an empty board.
    assert!(Piece::parse_betza("jN").unwrap().is_empty());
    assert!(Piece::parse_betza("jW").unwrap().is_empty());
}

/// `j` on a rider of any atom, not only the sliders, is refused at the `j`'s column: on
/// a slider it removes the first step, on a leaper rider the readings disagree, and a
/// direction here always reaches from its first step. Counting such a piece as having no
/// moves would be a silently wrong answer.
#[test]
fn j_on_any_rider_is_refused_and_on_a_leaper_reaches_nothing() {
    use mobility::ParsePieceError::UnsupportedForm;
    for (text, column) in [
        // The reviewer's lines: leaper riders, doubled, `0` and with a range.
        ("jNN", 1),
        ("jN0", 1),
        ("jN2", 1),
        ("jDD", 1),
        ("j(0,2)0", 1),
        ("j(1,4)0", 1),
        // Sliders, refused before and still.
        ("jR", 1),
        ("jB", 1),
        ("jR4", 1),
        ("jW2", 1),
        ("j(1,1)0", 1),
        ("jKK", 1),
        // Other letters around the `j`: the column is the `j`'s.
        ("fjNN", 2),
        ("mjN3", 2),
        ("NjCC", 2),
        ("ijNN", 2), // refused even when `i` moves are left out
    ] {
        for initial in [InitialMoves::Exclude, InitialMoves::Include] {
            match Piece::parse_betza_with(text, initial) {
                Err(UnsupportedForm { column: c, reason }) => {
                    assert_eq!(c, column, "{text}");
                    assert!(reason.starts_with("`j` on a"), "{text}: {reason}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
    // A leaper of range 1 with `j` needs a piece to jump over: nothing here. `N1` is the
    // knight (a range of one step).
    for text in ["jN", "jD", "jW", "jF", "jK", "j(1,4)", "jN1", "jR1", "fjN"] {
        let piece = Piece::parse_betza(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(piece.is_empty(), "{text}");
    }
    // A refused `j` atom refuses the whole line, beside good atoms too.
    assert!(Piece::parse_betza("NjNN").is_err());
}

/// `n`, `p` and `g` mean the same on leapers and riders here: `n` (lame) is blocked only
/// by a piece on the path, so on an empty board the rider is the plain rider; `p` and
/// `g` need a piece to hop over, so they reach nothing on leapers and riders alike.
#[test]
fn lame_and_hopping_riders_on_an_empty_board() {
    // The nightrider on 8x8 by hand: the (1, 2) leap repeated t times fits from
    // (8 - t) * (8 - 2t) squares: 42 + 24 + 10 = 76 for t = 1, 2, 3; eight directions:
    // 608. The rook: 14 from each of 64 squares, 896.
    for (text, expected) in [("nNN", 608), ("nN0", 608), ("NN", 608), ("nR", 896)] {
        let piece = Piece::parse_betza(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Board::CHESS.strength(&piece), expected, "{text}");
    }
    // From a1 the nightrider reaches b3, c5, d7 (up the (1, 2) line) and c2, e3, g4 (up
    // the (2, 1) line); with at most two leaps (nN2) only b3, c5, c2, e3.
    let from_a1 = |text: &str| -> Vec<String> {
        let piece = Piece::parse_betza(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let moves = Board::CHESS
            .moves(Board::CHESS.square("a1").unwrap(), &piece)
            .unwrap();
        moves.iter().map(|s| s.to_string()).collect()
    };
    assert_eq!(from_a1("nNN"), ["b3", "c2", "c5", "d7", "e3", "g4"]);
    assert_eq!(from_a1("nN2"), ["b3", "c2", "c5", "e3"]);
    assert_eq!(from_a1("fnNN"), ["b3", "c5", "d7"]);
    for text in [
        "pN", "gN", "pW", "gF", "pNN", "gNN", "pN2", "gN3", "pR", "gQ", "mpR", "mgNN", "p(1,4)0",
    ] {
        let piece = Piece::parse_betza(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(piece.is_empty(), "{text}");
    }
}
