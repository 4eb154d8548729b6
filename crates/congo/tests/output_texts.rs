//! The crate's own output texts, pinned here so that `cargo test -p congo` fails when one
//! changes (not only the judge programs' snapshots): the words and FEN letters of the
//! pieces, FEN, sorted move lists, outcomes and rule editions. Expected values come from
//! the assignment's FEN (the rules page: `L` lion, `Z` zebra, ..., upper case White) and
//! from the shared vectors copied into `tests/data/`.

use congo::{Color, Move, Outcome, Piece, Position, Role, Rules};

/// Data lines of a vector file: comments and blank lines skipped, fields split on `|`.
fn records(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect()
}

#[test]
fn pieces_are_written_as_their_words_and_fen_letters() {
    // In `Role::ALL` order, the order of the Part I listing.
    let roles: Vec<(String, char)> = Role::ALL
        .iter()
        .map(|role| (role.to_string(), role.char()))
        .collect();
    let expected = [
        ("pawn", 'p'),
        ("superpawn", 's'),
        ("giraffe", 'g'),
        ("monkey", 'm'),
        ("elephant", 'e'),
        ("lion", 'l'),
        ("crocodile", 'c'),
        ("zebra", 'z'),
    ];
    let expected: Vec<(String, char)> = expected
        .iter()
        .map(|&(name, letter)| (name.to_owned(), letter))
        .collect();
    assert_eq!(roles, expected);
    let colors: Vec<String> = Color::ALL.iter().map(Color::to_string).collect();
    assert_eq!(colors, ["white", "black"]);
    for role in Role::ALL {
        let lower = role.char();
        let white = Piece {
            color: Color::White,
            role,
        };
        let black = Piece {
            color: Color::Black,
            role,
        };
        assert_eq!(white.to_string(), lower.to_ascii_uppercase().to_string());
        assert_eq!(black.to_string(), lower.to_string());
    }
}

#[test]
fn outcomes_and_editions_are_written_as_the_programs_print_them() {
    assert_eq!(Outcome::Win(Color::White).to_string(), "White wins");
    assert_eq!(Outcome::Win(Color::Black).to_string(), "Black wins");
    assert_eq!(Outcome::Draw.to_string(), "Draw");
    assert_eq!(Rules::FULL.to_string(), "2022");
    assert_eq!(Rules::EDITION_2021.to_string(), "2021");
}

#[test]
fn positions_are_written_as_fen() {
    assert_eq!(
        Position::START.to_string(),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"
    );
    assert_eq!(
        Position::empty(Color::Black, 7).to_string(),
        "7/7/7/7/7/7/7 b 7"
    );
    // Every FEN of the Part III vectors is written back as it was read.
    for record in records(include_str!("data/part3-play.txt")) {
        for fen in [record[0], record[2]] {
            assert_eq!(fen.parse::<Position>().unwrap().to_string(), fen);
        }
    }
}

#[test]
fn move_lists_are_written_in_the_crates_order_as_the_vectors_list_them() {
    // Sorted by `Move`'s own order, not by their text: the order the programs print.
    for record in records(include_str!("data/moves.txt")) {
        let position: Position = record[0].parse().unwrap();
        let mut moves: Vec<Move> = Vec::new();
        position.legal_moves(&mut moves);
        moves.sort();
        let names: Vec<String> = moves.iter().map(Move::to_string).collect();
        let expected = record.get(1).copied().unwrap_or("");
        assert_eq!(names.join(" "), expected, "{}", record[0]);
    }
}
