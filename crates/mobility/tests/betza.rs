//! Betza notation: every atom, every direction prefix on an orthogonal (W), a diagonal (F)
//! and an oblique (N) atom, ranges, riders, compounds, modalities and errors.
//!
//! Expected values are written by hand from the notation. Moves are `(x, y)`: `x` files
//! to the right, `y` ranks forward (toward rank 8). The prefix rules (the crate README):
//! a single letter selects the atom's moves furthest toward that side (`f` on W: the one
//! forward move; on F: both forward diagonals; on N: the two narrow forward moves
//! (±1, 2)); `v` = f + b, `s` = l + r; a vertical and a horizontal letter together name,
//! on diagonal and oblique atoms, the moves of the second letter's set furthest toward the
//! first (`frN` = the upper move of the right pair = (2, 1), `rfN` = the right move of the
//! forward pair = (1, 2), `frF` = (1, 1)) and, on orthogonal atoms, both moves (`frW`);
//! `fh bh lh rh` every move with a component toward that side; `hr hl` the chiral halves.

use mobility::{Board, BoardSize, InitialMoves, ParsePieceError, Piece, PieceOnBoard, Range};

/// A piece from hand-written `(x, y, range)` moves (range 0 = unlimited).
fn piece(moves: &[(i32, i32, u32)]) -> Piece {
    let mut p = Piece::new();
    for &(x, y, n) in moves {
        p.add(grid::Direction::new(x, y).unwrap(), Range::from_count(n));
    }
    p
}

/// Leaps (range 1).
fn leaps(moves: &[(i32, i32)]) -> Piece {
    let v: Vec<(i32, i32, u32)> = moves.iter().map(|&(x, y)| (x, y, 1)).collect();
    piece(&v)
}

fn betza(text: &str) -> Piece {
    Piece::parse_betza(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn check(cases: &[(&str, &[(i32, i32)])]) {
    for &(text, moves) in cases {
        assert_eq!(betza(text), leaps(moves), "{text}");
    }
}

const W: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
const F: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const N: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

#[test]
fn atoms() {
    // Each atom's leap (x <= y) and all its symmetric images.
    check(&[
        ("W", &W),
        ("F", &F),
        ("D", &[(0, 2), (0, -2), (2, 0), (-2, 0)]),
        ("N", &N),
        ("A", &[(2, 2), (2, -2), (-2, 2), (-2, -2)]),
        ("H", &[(0, 3), (0, -3), (3, 0), (-3, 0)]),
        (
            "C",
            &[
                (1, 3),
                (-1, 3),
                (1, -3),
                (-1, -3),
                (3, 1),
                (-3, 1),
                (3, -1),
                (-3, -1),
            ],
        ),
        (
            "Z",
            &[
                (2, 3),
                (-2, 3),
                (2, -3),
                (-2, -3),
                (3, 2),
                (-3, 2),
                (3, -2),
                (-3, -2),
            ],
        ),
        ("G", &[(3, 3), (3, -3), (-3, 3), (-3, -3)]),
    ]);
    // L and J are the older letters of C and Z; K is W + F.
    assert_eq!(betza("L"), betza("C"));
    assert_eq!(betza("J"), betza("Z"));
    assert_eq!(betza("K"), betza("WF"));
}

#[test]
fn shortcuts_and_riders() {
    let rider = |moves: &[(i32, i32)]| {
        let v: Vec<(i32, i32, u32)> = moves.iter().map(|&(x, y)| (x, y, 0)).collect();
        piece(&v)
    };
    assert_eq!(betza("R"), rider(&W));
    assert_eq!(betza("B"), rider(&F));
    assert_eq!(betza("Q"), rider(&[W, F].concat()));
    // Doubled atom or a 0 range: unlimited.
    assert_eq!(betza("WW"), betza("R"));
    assert_eq!(betza("W0"), betza("R"));
    assert_eq!(betza("FF"), betza("B"));
    assert_eq!(betza("F0"), betza("B"));
    assert_eq!(betza("NN"), rider(&N));
    assert_eq!(betza("N0"), rider(&N));
    assert_eq!(betza("R0"), betza("R"));
    assert_eq!(betza("RR"), betza("R"));
    assert_eq!(betza("KK"), betza("Q"));
}

#[test]
fn ranges() {
    let limited = |moves: &[(i32, i32)], n| {
        let v: Vec<(i32, i32, u32)> = moves.iter().map(|&(x, y)| (x, y, n)).collect();
        piece(&v)
    };
    assert_eq!(betza("R4"), limited(&W, 4));
    assert_eq!(betza("W4"), limited(&W, 4));
    assert_eq!(betza("W2"), limited(&W, 2));
    assert_eq!(betza("B3"), limited(&F, 3));
    assert_eq!(betza("N2"), limited(&N, 2));
    assert_eq!(betza("Q12"), limited(&[W, F].concat(), 12));
    assert_eq!(betza("W1"), betza("W"));
    assert_eq!(betza("B1"), betza("F"));
    // Strength on 8x8 by hand: along one direction the room from the 8 squares of a line
    // is 0..=7; W4 reaches min(room, 4): 0+1+2+3+4+4+4+4 = 22 per line, 8 lines per
    // direction, 4 directions: 704. W2: 0+1+2*6 = 13 per line: 416.
    assert_eq!(Board::CHESS.strength(&betza("R4")), 704);
    assert_eq!(Board::CHESS.strength(&betza("W2")), 416);
}

#[test]
fn nightrider_by_hand() {
    // On 5x5 from a1 (file 0, rank 0) the knight directions with both components
    // positive run (1,2): b3, c5 and (2,1): c2, e3; all others leave the board at once.
    let size = BoardSize::new(5, 5).unwrap();
    let on_board = PieceOnBoard::new(&betza("NN"), size);
    let a1 = size.parse_square("a1").unwrap();
    let names: Vec<String> = on_board
        .moves(a1)
        .unwrap()
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, ["b3", "c2", "c5", "e3"]);
    // A plain knight only reaches the first square of each: b3, c2.
    assert_eq!(
        PieceOnBoard::new(&betza("N"), size)
            .destination_count(a1)
            .unwrap(),
        2
    );
}

#[test]
fn prefixes_on_the_wazir() {
    check(&[
        ("fW", &[(0, 1)]),
        ("bW", &[(0, -1)]),
        ("lW", &[(-1, 0)]),
        ("rW", &[(1, 0)]),
        ("vW", &[(0, 1), (0, -1)]),
        ("sW", &[(1, 0), (-1, 0)]),
        ("ffW", &[(0, 1)]),
        // Orthogonal combinations join: the Xiangqi soldier after the river.
        ("fsW", &[(0, 1), (1, 0), (-1, 0)]),
        ("frW", &[(0, 1), (1, 0)]),
        ("rfW", &[(0, 1), (1, 0)]),
        ("blW", &[(0, -1), (-1, 0)]),
        ("vsW", &W),
        ("fhW", &[(0, 1)]),
        ("rhW", &[(1, 0)]),
        ("flbW", &[(0, 1), (-1, 0), (0, -1)]),
    ]);
}

#[test]
fn prefixes_on_the_ferz() {
    check(&[
        ("fF", &[(1, 1), (-1, 1)]),
        ("bF", &[(1, -1), (-1, -1)]),
        ("lF", &[(-1, 1), (-1, -1)]),
        ("rF", &[(1, 1), (1, -1)]),
        ("vF", &F),
        ("sF", &F),
        // Diagonal combinations intersect, in either order.
        ("frF", &[(1, 1)]),
        ("rfF", &[(1, 1)]),
        ("flF", &[(-1, 1)]),
        ("brF", &[(1, -1)]),
        ("lbF", &[(-1, -1)]),
        ("fsF", &[(1, 1), (-1, 1)]),
        ("vrF", &[(1, 1), (1, -1)]),
        ("fhF", &[(1, 1), (-1, 1)]),
        ("lhF", &[(-1, 1), (-1, -1)]),
        ("frFblF", &[(1, 1), (-1, -1)]),
    ]);
}

#[test]
fn prefixes_on_the_knight() {
    check(&[
        // Single letters: the pair going furthest that way.
        ("fN", &[(1, 2), (-1, 2)]),
        ("ffN", &[(1, 2), (-1, 2)]),
        ("bN", &[(1, -2), (-1, -2)]),
        ("lN", &[(-2, 1), (-2, -1)]),
        ("rN", &[(2, 1), (2, -1)]),
        ("vN", &[(1, 2), (-1, 2), (1, -2), (-1, -2)]),
        ("sN", &[(2, 1), (2, -1), (-2, 1), (-2, -1)]),
        // Two letters: of the second letter's pair, the move toward the first.
        ("frN", &[(2, 1)]),
        ("rfN", &[(1, 2)]),
        ("flN", &[(-2, 1)]),
        ("lfN", &[(-1, 2)]),
        ("brN", &[(2, -1)]),
        ("rbN", &[(1, -2)]),
        ("blN", &[(-2, -1)]),
        ("lbN", &[(-1, -2)]),
        // fs = fl + fr: the wide forward moves; bs likewise backward.
        ("fsN", &[(2, 1), (-2, 1)]),
        ("bsN", &[(2, -1), (-2, -1)]),
        // rv = rf + rb.
        ("rvN", &[(1, 2), (1, -2)]),
        // Halves: every move with a component toward that side.
        ("fhN", &[(1, 2), (-1, 2), (2, 1), (-2, 1)]),
        ("bhN", &[(1, -2), (-1, -2), (2, -1), (-2, -1)]),
        ("lhN", &[(-1, 2), (-1, -2), (-2, 1), (-2, -1)]),
        ("rhN", &[(1, 2), (1, -2), (2, 1), (2, -1)]),
        // Chiral halves: (1, 2) turned by quarter turns, and its mirror image.
        ("hrN", &[(1, 2), (2, -1), (-1, -2), (-2, 1)]),
        ("hlN", &[(-1, 2), (2, 1), (1, -2), (-2, -1)]),
        // Several specifiers join.
        ("fbN", &[(1, 2), (-1, 2), (1, -2), (-1, -2)]),
        ("ffrrN", &[(1, 2), (-1, 2), (2, 1), (2, -1)]),
    ]);
    // The shogi knight on 8x8 by hand: from ranks 1-6 it jumps two ranks up, one file
    // either way: 2 moves from files b-g, 1 from a and h: 6 ranks * (6*2 + 2) = 84.
    assert_eq!(Board::CHESS.strength(&betza("fN")), 84);
}

#[test]
fn prefixes_on_compound_and_rider_atoms() {
    // fK = fW + fF; the modifiers apply to each component.
    check(&[("fK", &[(0, 1), (1, 1), (-1, 1)])]);
    // fR: the lance; fsR: forward and sideways rook moves.
    let lance = piece(&[(0, 1, 0)]);
    assert_eq!(betza("fR"), lance);
    assert_eq!(betza("fsR"), piece(&[(0, 1, 0), (1, 0, 0), (-1, 0, 0)]));
    // Betza's own example: fr then l on a rook, all joined: no backward move.
    assert_eq!(betza("frlR"), piece(&[(0, 1, 0), (1, 0, 0), (-1, 0, 0)]));
    assert_eq!(betza("fB"), piece(&[(1, 1, 0), (-1, 1, 0)]));
    assert_eq!(betza("fNN"), piece(&[(1, 2, 0), (-1, 2, 0)]));
    // Strength of fW on 8x8: one move from each square below rank 8: 56. Of fF: from the
    // 7 lower ranks, 2 moves from files b-g and 1 from a and h: 7 * 14 = 98.
    assert_eq!(Board::CHESS.strength(&betza("fW")), 56);
    assert_eq!(Board::CHESS.strength(&betza("fF")), 98);
}

#[test]
fn compounds() {
    let union = |a: &str, b: &str| betza(a).union(&betza(b));
    assert_eq!(betza("NB"), union("N", "B"));
    assert_eq!(betza("BN"), union("N", "B"));
    assert_eq!(betza("RN"), union("R", "N"));
    assert_eq!(betza("QN"), union("Q", "N"));
    assert_eq!(betza("KN"), union("K", "N"));
    // The leaper W inside the rook R adds nothing.
    assert_eq!(betza("WR"), betza("R"));
    // 8x8 by hand: the archbishop's knight and bishop moves never coincide, so its
    // strength is 336 + 560; the chancellor's 336 + 896; the amazon's 336 + 1456.
    assert_eq!(Board::CHESS.strength(&betza("NB")), 896);
    assert_eq!(Board::CHESS.strength(&betza("RN")), 1232);
    assert_eq!(Board::CHESS.strength(&betza("QN")), 1792);
    // The king's W and F moves and the queen: Q already holds K, 1456.
    assert_eq!(Board::CHESS.strength(&betza("QK")), 1456);
}

#[test]
fn modalities() {
    // m (move only) is every move on an empty board; c alone reaches nothing there.
    assert_eq!(betza("mN"), betza("N"));
    assert_eq!(betza("mcN"), betza("N"));
    assert_eq!(betza("cmN"), betza("N"));
    assert!(betza("cN").is_empty());
    // c applies to its own atom only: cNB is a bishop.
    assert_eq!(betza("cNB"), betza("B"));
    // The shatranj pawn fmWfcF: forward step, forward diagonal captures (none here).
    assert_eq!(betza("fmWfcF"), betza("fW"));
    // Modifier letters may mix: mf and fm are the same.
    assert_eq!(betza("mfN"), betza("fmN"));
    // White space around the notation is ignored.
    assert_eq!(betza("  N \t"), betza("N"));
}

#[test]
fn errors_name_the_character_and_column() {
    use ParsePieceError::*;
    let err = |text: &str| Piece::parse_betza(text).unwrap_err();
    for (text, modifier, column) in [
        ("xR", 'x', 1),
        ("tN", 't', 1),
        ("zB", 'z', 1),
        ("qR", 'q', 1),
        ("oR", 'o', 1),
        ("yR", 'y', 1),
        ("dK", 'd', 1),
        ("uK", 'u', 1),
        ("kK", 'k', 1),
        ("Nx", 'x', 2),
        ("fWtR", 't', 3),
    ] {
        assert_eq!(
            err(text),
            UnsupportedModifier { column, modifier },
            "{text}"
        );
        assert!(err(text).to_string().contains("unsupported"), "{text}");
    }
    // `w` is no modifier of any Betza dialect: an unknown letter, not an unsupported
    // modifier, and the message lists the modifiers that are accepted.
    for (text, column) in [("wN", 1), ("Nw", 2), ("fwN", 2), ("mafwW", 4)] {
        assert_eq!(
            err(text),
            UnknownLetter {
                column,
                letter: 'w'
            },
            "{text}"
        );
    }
    assert_eq!(
        err("wN").to_string(),
        "column 1: 'w' is not a Betza modifier or atom (modifiers: the directions f b l r v s h, \
         the modalities m c e, the hoppers p g, n j, i and the legs a; atoms are capital \
         letters such as N)"
    );
    assert_eq!(
        err("X"),
        UnknownAtom {
            column: 1,
            atom: 'X'
        }
    );
    assert_eq!(
        err("NM"),
        UnknownAtom {
            column: 2,
            atom: 'M'
        }
    );
    assert_eq!(
        err("N B"),
        UnexpectedCharacter {
            column: 2,
            character: ' '
        }
    );
    assert_eq!(
        err("3N"),
        UnexpectedCharacter {
            column: 1,
            character: '3'
        }
    );
    assert_eq!(
        err("Né"),
        UnexpectedCharacter {
            column: 2,
            character: 'é'
        }
    );
    assert_eq!(
        err("fW f"),
        UnexpectedCharacter {
            column: 3,
            character: ' '
        }
    );
    assert_eq!(err("Nf"), DanglingModifiers { column: 2 });
    assert_eq!(err("Nmc"), DanglingModifiers { column: 2 });
    assert!(matches!(err("NN2"), BadRange { column: 3, .. }));
    // A range longer than any board is the rider (see number_limits_are_the_same_...).
    assert_eq!(betza("W99999999999"), betza("WW"));
    assert!(matches!(err("hN"), BadDirections { column: 1, .. }));
    assert!(matches!(err("hfN"), BadDirections { column: 1, .. }));
    assert!(matches!(err("hhN"), BadDirections { column: 1, .. }));
    assert!(matches!(err("vhN"), BadDirections { column: 2, .. }));
    // Nothing at all is Fairy-Stockfish's immobile piece for Betza; `str::parse` still
    // refuses an empty description.
    assert!(betza("").is_empty());
    assert!(betza(" \t ").is_empty());
    assert_eq!("".parse::<Piece>(), Err(Empty));
    assert_eq!(" \t ".parse::<Piece>(), Err(Empty));
}

/// A move of a coordinate atom must fit a direction, whose steps are 32-bit integers:
/// at most 2147483647 = 2^31 - 1 steps right or forward and 2^31 = 2147483648 left or
/// backward. So the largest whole atom is `(2147483647,1)`; `b(0,2147483648)` (one move,
/// 2^31 steps backward) fits. Anything longer is refused with one message, whichever
/// number is too large, quoting the whole atom.
#[test]
fn coordinate_atom_limits() {
    use ParsePieceError::BadAtom;
    const MAX: i32 = 2_147_483_647;
    // The largest whole atoms: every image of the leap is a direction, none reaches a
    // square.
    assert_eq!(betza("(2147483647,1)"), images(1, MAX, 1));
    assert_eq!(betza("(1,2147483647)"), images(1, MAX, 1));
    assert_eq!(betza("(0,2147483647)"), images(0, MAX, 1));
    assert_eq!(betza("(2147483647,2147483647)0"), images(MAX, MAX, 0));
    assert_eq!(Board::CHESS.strength(&betza("(2147483647,1)")), 0);
    // 2^31 steps backward or to the left, alone.
    assert_eq!(betza("b(0,2147483648)"), piece(&[(0, i32::MIN, 1)]));
    assert_eq!(betza("l(2147483648,0)"), piece(&[(i32::MIN, 0, 1)]));
    assert_eq!(
        betza("lb(2147483648,2147483648)"),
        piece(&[(i32::MIN, i32::MIN, 1)])
    );
    // Such a piece writes itself back as that atom, which reads back.
    for moves in [
        [(i32::MIN, 0, 1)],
        [(0, i32::MIN, 0)],
        [(i32::MIN, i32::MIN, 3)],
    ] {
        let p = piece(&moves);
        assert_eq!(betza(&p.to_string()), p, "{p}");
    }
    let reason = "a move of a coordinate atom goes at most 2147483647 steps right or forward and 2147483648 left or backward";
    for (text, column, atom) in [
        // The reviewer's lines: the second number too large, the first, and 2^31 with
        // its moves to the right and forward.
        ("(1,4294967296)", 1, "(1,4294967296)"),
        ("(2147483649,0)", 1, "(2147483649,0)"),
        ("(2147483648,1)", 1, "(2147483648,1)"),
        ("(1,2147483648)", 1, "(1,2147483648)"),
        ("(4294967296,1)", 1, "(4294967296,1)"),
        ("(99999999999999999999,1)", 1, "(99999999999999999999,1)"),
        ("f(0,2147483648)", 2, "(0,2147483648)"),
        ("b(0,2147483649)", 2, "(0,2147483649)"),
        ("N(2147483648,2)0", 2, "(2147483648,2)"),
        // Refused alike where the move would reach nothing here, or is not counted.
        ("c(2147483648,1)", 2, "(2147483648,1)"),
        ("j(2147483648,1)", 2, "(2147483648,1)"),
        ("i(2147483648,1)", 2, "(2147483648,1)"),
    ] {
        for initial in [InitialMoves::Exclude, InitialMoves::Include] {
            let error = Piece::parse_betza_with(text, initial).unwrap_err();
            assert_eq!(
                error,
                BadAtom {
                    column,
                    text: atom.to_owned(),
                    reason
                },
                "{text}"
            );
            assert_eq!(
                error.to_string(),
                format!("column {column}: bad atom \"{atom}\": {reason}"),
            );
        }
    }
    // A malformed atom is reported as malformed, whatever the size of its numbers.
    for text in ["(4294967296,x", "(4294967296,", "(1,4294967296", "(,1)"] {
        assert!(
            matches!(Piece::parse_betza(text), Err(BadAtom { column: 1, reason, .. }) if reason.starts_with("a coordinate atom is two numbers")),
            "{text}"
        );
    }
}

/// All symmetric images of the leap `(a, b)`, as the vector file describes each atom.
fn images(a: i32, b: i32, range: u32) -> Piece {
    let mut moves = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                moves.push((sx * x, sy * y, range));
            }
        }
    }
    piece(&moves)
}

/// Reads a piece as the vector file writes it: `(x, y)`, `X rider`, `X + Y`.
fn described(text: &str) -> Piece {
    if let Some((a, b)) = text.split_once(" + ") {
        return described_letter(a).union(&described_letter(b));
    }
    if let Some(atom) = text.strip_suffix(" rider") {
        let leap = described_letter(atom);
        let mut rider = Piece::new();
        for (d, _) in leap.moves() {
            rider.add(d, Range::Unlimited);
        }
        return rider;
    }
    let inner = text.trim_start_matches('(').trim_end_matches(')');
    let (a, b) = inner.split_once(", ").unwrap();
    images(a.parse().unwrap(), b.parse().unwrap(), 1)
}

/// A letter already defined earlier in the file: its Betza reading (checked there).
fn described_letter(letter: &str) -> Piece {
    betza(letter.trim())
}

#[test]
fn the_atom_vectors() {
    let data = include_str!("data/betza-atoms.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [letter, leap, name] = fields[..] else {
            panic!("bad line {line}");
        };
        assert_eq!(betza(letter), described(leap), "{line}");
        // Alternative spellings: "camel (also written L)", "rook (also WW, W0)".
        if let Some((_, also)) = name.split_once("(also ") {
            let also = also.trim_end_matches(')').trim_start_matches("written ");
            for other in also.split(", ") {
                assert_eq!(betza(other), betza(letter), "{line}: {other}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 13);
}

/// The destinations from `square` on 8x8, by name, in order.
fn moves_from(text: &str, square: &str) -> Vec<String> {
    let size = BoardSize::CHESS;
    let on_board = PieceOnBoard::new(&betza(text), size);
    let from = size.parse_square(square).unwrap();
    on_board
        .moves(from)
        .unwrap()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn repeated_letters() {
    use ParsePieceError::*;
    let err = |text: &str| Piece::parse_betza(text).unwrap_err();
    // Doubling is the rider mark; a third copy right after it means nothing (neither a
    // range, which is `N3`, nor a compound worth writing): refused at the third letter.
    for (text, column, copies) in [
        ("NNN", 3, "N"),
        ("NNNN", 3, "NN"),
        ("WWW", 3, "W"),
        ("RRR", 3, "R"),
        ("KKK", 3, "K"),
        ("fNNN", 4, "N"),
        ("BNNN", 4, "N"),
    ] {
        match err(text) {
            BadRange {
                column: c, text: t, ..
            } => assert_eq!((c, t.as_str()), (column, copies), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(
        err("NNN").to_string(),
        "column 3: bad range \"N\": a doubled atom is already an unlimited rider; a third copy \
         of the letter has no meaning (a range is a number after one letter, e.g. N3)"
    );
    // The same letter again after another atom is an ordinary compound: NN + B + N is the
    // nightrider and the bishop (the knight's leaps are the nightrider's first steps).
    assert_eq!(betza("NNBN"), betza("NN").union(&betza("B")));
    assert_eq!(betza("NBN"), betza("NB"));

    // Doubling a shortcut doubles each of its atoms: KK = WWFF = RB = Q, the 8 king
    // directions unlimited; 8x8 strength 896 + 560 = 1456. R, B and Q already ride, so
    // doubling them changes nothing.
    let all_eight: Vec<(i32, i32, u32)> = [W, F].concat().iter().map(|&(x, y)| (x, y, 0)).collect();
    assert_eq!(betza("KK"), piece(&all_eight));
    assert_eq!(betza("KK"), betza("WWFF"));
    assert_eq!(Board::CHESS.strength(&betza("KK")), 1456);
    assert_eq!(betza("QQ"), betza("Q"));
    assert_eq!(betza("BB"), betza("B"));
    // K with a range: W2 + F2, both limited to 2 steps.
    let two: Vec<(i32, i32, u32)> = [W, F].concat().iter().map(|&(x, y)| (x, y, 2)).collect();
    assert_eq!(betza("K2"), piece(&two));
}

#[test]
fn range_numbers() {
    use ParsePieceError::*;
    let err = |text: &str| Piece::parse_betza(text).unwrap_err();
    // `0` alone is the rider mark; a step count has no leading zero. The error points at
    // the first digit.
    for (text, column, digits) in [
        ("N00", 2, "00"),
        ("N01", 2, "01"),
        ("W007", 2, "007"),
        ("KN00", 3, "00"),
        ("fR04", 3, "04"),
    ] {
        match err(text) {
            BadRange {
                column: c, text: t, ..
            } => assert_eq!((c, t.as_str()), (column, digits), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(
        err("N00").to_string(),
        "column 2: bad range \"00\": a range has no leading zero (0 alone makes an unlimited \
         rider, 1 or more limits the steps)"
    );
    // After a doubled atom any number is refused, as before (NN2, BB4, NN0).
    assert!(matches!(err("BB4"), BadRange { column: 3, .. }));
    assert!(matches!(err("NN0"), BadRange { column: 3, .. }));
    // Still valid: N0 (nightrider), N10 (ten steps), W1 (the wazir).
    let rider: Vec<(i32, i32, u32)> = N.iter().map(|&(x, y)| (x, y, 0)).collect();
    assert_eq!(betza("N0"), piece(&rider));
    let ten: Vec<(i32, i32, u32)> = W.iter().map(|&(x, y)| (x, y, 10)).collect();
    assert_eq!(betza("W10"), piece(&ten));
}

#[test]
fn prefix_letters_group_left_to_right() {
    // fhrN groups as fh + r (an h after f, b, l or r ends that half): fhN = the 4 moves
    // with a forward component (1,2) (-1,2) (2,1) (-2,1); rN = the right pair (2,1)
    // (2,-1); the union has 5 moves.
    check(&[("fhrN", &[(1, 2), (-1, 2), (2, 1), (-2, 1), (2, -1)])]);
    assert_eq!(betza("fhrN"), betza("fhNrN"));
    // From d4 (file 4, rank 4): +(1,2) e6, +(-1,2) c6, +(2,1) f5, +(-2,1) b5, +(2,-1) f3.
    assert_eq!(moves_from("fhrN", "d4"), ["b5", "c6", "e6", "f3", "f5"]);
    // The other reading, f + hr, is written hrfN: hrN = (1,2) (2,-1) (-1,-2) (-2,1) and
    // fN = (1,2) (-1,2); union (1,2) (2,-1) (-1,-2) (-2,1) (-1,2): from d4 e6, f3, c2,
    // b5, c6. A different piece, so the grouping matters.
    check(&[("hrfN", &[(1, 2), (2, -1), (-1, -2), (-2, 1), (-1, 2)])]);
    assert_eq!(moves_from("hrfN", "d4"), ["b5", "c2", "c6", "e6", "f3"]);
    // The same rule on the other h pairs: lhrN = lhN + rN, lhN = (-1,2) (-1,-2) (-2,1)
    // (-2,-1), rN = (2,1) (2,-1): 6 moves, all but the narrow right ones (1,2) (1,-2).
    check(&[(
        "lhrN",
        &[(-1, 2), (-1, -2), (-2, 1), (-2, -1), (2, 1), (2, -1)],
    )]);
    // bhlN = bhN + lN = (1,-2) (-1,-2) (2,-1) (-2,-1) + (-2,1) (-2,-1): 5 moves.
    check(&[("bhlN", &[(1, -2), (-1, -2), (2, -1), (-2, -1), (-2, 1)])]);
    // A doubled letter is one token: ffrN = ff + r = fN + rN (H. G. Muller's way to
    // write (f+r)N), not f + fr = fN + (2,1).
    check(&[("ffrN", &[(1, 2), (-1, 2), (2, 1), (2, -1)])]);
    // frrN = fr + r = (2,1) + the right pair = rN.
    check(&[("frrN", &[(2, 1), (2, -1)])]);
    // On the wazir and the ferz the grouping gives the same sets as the documented
    // rules: fhrW = fW + rW; fhrF = fF + rF = (1,1) (-1,1) (1,-1).
    check(&[
        ("fhrW", &[(0, 1), (1, 0)]),
        ("fhrF", &[(1, 1), (-1, 1), (1, -1)]),
    ]);
}

/// A line that is a piece's name, in any case, is that piece even when it also reads as
/// Betza notation: `mANN` is the mann (a king's moves) like `Mann`, not `mA` + `NN`.
#[test]
fn names_come_before_betza() {
    use mobility::NAMED_PIECES;
    // The king on 8x8 by hand: 4 corners reach 3, 24 edge squares 5, 36 inner squares 8.
    let king = 4 * 3 + 24 * 5 + 36 * 8;
    assert_eq!(king, 420);
    for text in [
        "mann",
        "Mann",
        "MANN",
        "mANN",
        "mAnN",
        "maNN",
        " m a n n ",
        "M-A-N_N",
    ] {
        let piece: Piece = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(piece, betza("K"), "{text}");
        assert_eq!(Board::CHESS.strength(&piece), king, "{text}");
    }
    // The Betza reading, written with the atoms the other way round (or through the
    // Betza-only reader): the nightrider, 608 on 8x8 (the (1, 2) leap repeated t times
    // fits from (8 - t) * (8 - 2t) squares, 42 + 24 + 10 = 76, times 8 directions), and
    // the alfil, 144 (each (2, 2) leap fits from 6 * 6 squares, times 4): 752.
    for piece in [betza("NNmA"), Piece::parse_betza("mANN").unwrap()] {
        assert_eq!(Board::CHESS.strength(&piece), 608 + 144);
    }
    assert_eq!("NNmA".parse::<Piece>().unwrap(), betza("NNmA"));
    // Every name in upper case and in alternating case is still that piece.
    for named in NAMED_PIECES {
        let piece = Piece::parse_betza(named.betza).unwrap();
        for name in named.names {
            let upper = name.to_ascii_uppercase();
            let alternating: String = name
                .chars()
                .enumerate()
                .map(|(k, c)| {
                    if k % 2 == 0 {
                        c
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            for text in [upper, alternating] {
                let read = Piece::parse_with(&text, InitialMoves::Exclude);
                assert_eq!(read.as_ref(), Ok(&piece), "{text}");
            }
        }
    }
}

/// No number gives a silently wrong answer: a Betza range longer than any board is the
/// rider, and both numbers of a `once`/`repeated` pair have the same bounds.
#[test]
fn number_limits_are_the_same_for_every_field_of_a_kind() {
    // The wazir rider is the rook: 14 destinations from each of the 64 squares of 8x8.
    let board = Board::new(BoardSize::CHESS);
    for text in [
        "WW",
        "W0",
        "W4294967295",
        "W4294967296",
        "W99999999999999999999",
    ] {
        assert_eq!(board.strength(&betza(text)), 64 * 14, "{text}");
    }
    // Both numbers of a pair take -2^31 to 2^31 - 1 (and reach nothing there on a board
    // of at most 99 squares a side); beyond, either is refused with the same wording.
    for text in [
        "once (1, -2147483648)",
        "once (-2147483648, 1)",
        "repeated (-2147483648, 0)",
    ] {
        let piece = Piece::parse_lists(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(board.strength(&piece), 0, "{text}");
    }
    for (text, column) in [
        ("once (1, -2147483649)", 10),
        ("once (-2147483649, 1)", 7),
        ("repeated (2147483648, 1)", 11),
        ("once (1, 2147483648)", 10),
    ] {
        let error = Piece::parse_lists(text).unwrap_err();
        assert!(
            matches!(error, ParsePieceError::NumberOutOfRange { column: c, .. } if c == column),
            "{text}: {error:?}"
        );
        assert!(
            error
                .to_string()
                .ends_with("\": expected a number from -2147483648 to 2147483647"),
            "{error}"
        );
    }
    let far = Piece::parse_lists("once (2147483647, -2147483647)").unwrap();
    assert_eq!(board.strength(&far), 0);
}
