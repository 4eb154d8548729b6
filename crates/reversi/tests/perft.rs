//! The perft table of the Othello start position in the three conventions (the shared
//! vectors, agreed by independent implementations), kept in `tests/data/perft.txt`.

use reversi::{divide, perft, Board, Convention};

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
                perft(&Board::START, depth, convention),
                want,
                "depth {depth}, convention {convention}"
            );
        }
    }
}

#[test]
fn perft_table_to_depth_9() {
    check(1, 9);
    assert_eq!(perft(&Board::START, 0, Convention::A), 1);
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
fn divide_adds_up_to_perft() {
    for convention in Convention::ALL {
        for depth in 1..=9 {
            let split = divide(&Board::START, depth, convention);
            assert_eq!(split.len(), 4);
            let total: u64 = split.iter().map(|&(_, n)| n).sum();
            assert_eq!(
                total,
                perft(&Board::START, depth, convention),
                "{convention} {depth}"
            );
        }
    }
}
