//! The perft table of the Othello start position in the three conventions (the shared
//! vectors, agreed by independent implementations), kept in `tests/data/perft.txt`.

use reversi::{Board, Convention};

/// `(depth, [A, N, E])` rows of the table.
fn table() -> Vec<(u32, [u64; 3])> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<u64> = line
                .split('|')
                .map(|field| field.trim().parse().expect("number"))
                .collect();
            assert_eq!(fields.len(), 4, "{line}");
            (fields[0] as u32, [fields[1], fields[2], fields[3]])
        })
        .collect()
}

fn check(min_depth: u32, max_depth: u32) {
    let rows = table();
    assert!(
        rows.iter().any(|&(d, _)| d == max_depth),
        "table reaches {max_depth}"
    );
    for (depth, expected) in rows {
        if !(min_depth..=max_depth).contains(&depth) {
            continue;
        }
        for (convention, want) in Convention::ALL.into_iter().zip(expected) {
            assert_eq!(
                Board::START.perft(depth, convention),
                want,
                "depth {depth}, convention {convention}"
            );
        }
    }
}

#[test]
fn perft_table_to_depth_9() {
    check(1, 9);
    assert_eq!(Board::START.perft(0, Convention::PassIsPly), 1);
}

#[test]
#[ignore = "slow: depth 10 in three conventions"]
fn perft_table_depth_10() {
    check(10, 10);
}

#[test]
#[ignore = "slow: depth 11 in three conventions"]
fn perft_table_depth_11() {
    check(11, 11);
}

#[test]
#[ignore = "slow: depth 12 in three conventions"]
fn perft_table_depth_12() {
    check(12, 12);
}

#[test]
fn divide_lists_the_moves_sorted_by_name_as_the_programs_print_them() {
    // From the start and after three openings.
    for transcript in ["", "f5", "f5d6", "f5d6c3d3c4"] {
        let board = *transcript.parse::<reversi::Transcript>().unwrap().board();
        let names: Vec<String> = board
            .divide(2, Convention::PassIsPly)
            .iter()
            .map(|(ply, _)| ply.to_string())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "after {transcript:?}");
        assert!(names.len() >= 3, "after {transcript:?}: {names:?}");
    }
    let start: Vec<String> = Board::START
        .divide(1, Convention::PassIsPly)
        .iter()
        .map(|&(ply, leaves)| format!("{ply} {leaves}"))
        .collect();
    assert_eq!(start, ["c4 1", "d3 1", "e6 1", "f5 1"]);
}

#[test]
fn divide_adds_up_to_perft() {
    for convention in Convention::ALL {
        for depth in 1..=9 {
            let split = Board::START.divide(depth, convention);
            assert_eq!(split.len(), 4);
            let total: u64 = split.iter().map(|&(_, n)| n).sum();
            assert_eq!(
                total,
                Board::START.perft(depth, convention),
                "{convention} {depth}"
            );
        }
    }
}

/// Small positions where the conventions part, with counts worked out by hand from
/// their definitions.
#[test]
fn conventions_on_a_pass_and_a_finished_game() {
    use reversi::{Color, Ply, SquareSet};
    let bits = |names: &[&str]| {
        names
            .iter()
            .map(|name| name.parse::<reversi::Square>().unwrap())
            .collect::<SquareSet>()
    };
    // Black a1, White b1, Black to move: c1 is the only move and ends the game (no white
    // disc is left). A and N count the finished game as a leaf, E does not once it is
    // reached before the last ply.
    let last_move = Board::from_discs(bits(&["a1"]), bits(&["b1"]), Color::Black).unwrap();
    for (depth, a, n, e) in [(0, 1, 1, 1), (1, 1, 1, 1), (2, 1, 1, 0), (3, 1, 1, 0)] {
        assert_eq!(
            last_move.perft(depth, Convention::PassIsPly),
            a,
            "A {depth}"
        );
        assert_eq!(
            last_move.perft(depth, Convention::PassIsFree),
            n,
            "N {depth}"
        );
        assert_eq!(
            last_move.perft(depth, Convention::FullDepthOnly),
            e,
            "E {depth}"
        );
    }
    // White a1, Black b1, Black to move: Black cannot move (a1 cannot be closed) and
    // passes; White's only move c1 then ends the game.
    let pass = Board::from_discs(bits(&["b1"]), bits(&["a1"]), Color::Black).unwrap();
    assert!(pass.must_pass());
    for (depth, a, n, e) in [(1, 1, 1, 1), (2, 1, 1, 1), (3, 1, 1, 0), (4, 1, 1, 0)] {
        assert_eq!(pass.perft(depth, Convention::PassIsPly), a, "A {depth}");
        assert_eq!(pass.perft(depth, Convention::PassIsFree), n, "N {depth}");
        assert_eq!(pass.perft(depth, Convention::FullDepthOnly), e, "E {depth}");
    }
    assert_eq!(pass.divide(2, Convention::PassIsPly), vec![(Ply::Pass, 1)]);
    // A finished game has no first ply to divide.
    let over = last_move
        .play("c1".parse::<reversi::Square>().unwrap())
        .unwrap();
    assert!(over.is_game_over());
    assert!(over.divide(3, Convention::PassIsPly).is_empty());
    assert_eq!(over.perft(3, Convention::PassIsPly), 1);
    assert_eq!(over.perft(3, Convention::FullDepthOnly), 0);
}
