//! The exercise's examples and the published 8x8 strengths, read from the data files
//! copied from the shared vectors.

use mobility::{
    coordinates_to_fide, fide_to_coordinates, group_sizes, groups_text, mobility, moves,
    squares_text, step, strength, Piece,
};

/// The two pieces the examples name, as the file's closing comments define them.
fn piece(name: &str) -> Piece {
    let text = match name {
        "knight" => "once (1, 2) (2, 1) (-1, 2) (-2, 1) (1, -2) (2, -1) (-1, -2) (-2, -1)",
        "bishop" => "repeated (1, 1) (1, -1) (-1, 1) (-1, -1)",
        other => panic!("unknown piece {other}"),
    };
    text.parse().unwrap()
}

fn direction(text: &str) -> (i32, i32) {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (a, b) = inner.split_once(',').unwrap();
    (a.trim().parse().unwrap(), b.trim().parse().unwrap())
}

/// Runs one example line `operation arguments = expected` and returns what we computed.
fn run(operation: &str, args: &str) -> String {
    let show_error = |e: mobility::MobilityError| {
        // The data file writes every error of these operations as `invalid square`.
        assert!(e.to_string().starts_with("invalid square"), "{e}");
        "error: invalid square".to_owned()
    };
    match operation {
        "fide_to_coordinates" => match fide_to_coordinates(args) {
            Ok((r, k)) => format!("({r}, {k})"),
            Err(e) => show_error(e),
        },
        "coordinates_to_fide" => {
            let (r, k) = direction(args);
            match coordinates_to_fide(r.into(), k.into()) {
                Ok(square) => square.to_string(),
                Err(e) => show_error(e),
            }
        }
        "step" => {
            let (square, rest) = args.split_once(' ').unwrap();
            let (dir, mode) = rest.rsplit_once(' ').unwrap();
            let repeated = match mode {
                "once" => false,
                "repeated" => true,
                other => panic!("mode {other}"),
            };
            match mobility::square(square).and_then(|s| step(s, direction(dir), repeated)) {
                Ok(set) => squares_text(&set),
                Err(e) => show_error(e),
            }
        }
        "moves" => {
            let (square, name) = args.split_once(' ').unwrap();
            match mobility::square(square).and_then(|s| moves(s, &piece(name))) {
                Ok(set) => squares_text(&set),
                Err(e) => show_error(e),
            }
        }
        "groups" => groups_text(&group_sizes(&piece(args))),
        "strength" => strength(&piece(args)).to_string(),
        "mobility" => mobility(&piece(args)),
        other => panic!("unknown operation {other}"),
    }
}

#[test]
fn exercise_examples() {
    let data = include_str!("data/exercise.txt");
    let mut checked = 0;
    for line in data.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (call, expected) = line.split_once(" = ").unwrap();
        let (operation, args) = call.split_once(' ').unwrap();
        assert_eq!(run(operation, args), expected, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 19);
}

#[test]
fn published_strengths() {
    let data = include_str!("data/strengths.txt");
    let mut checked = 0;
    for line in data.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, betza, expected] = fields[..] else {
            panic!("bad line {line}");
        };
        let piece: Piece = betza.parse().unwrap();
        assert_eq!(strength(&piece).to_string(), expected, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn line_form_errors_name_the_column() {
    use mobility::ParsePieceError::*;
    let err = |text: &str| Piece::parse_lists(text).unwrap_err();
    assert_eq!(err("once ( 0 , 0 )"), ZeroDirection { column: 6 });
    // Both numbers have the bounds of an i32: one past them is refused in either place.
    assert_eq!(
        err("once ( -2147483649, 1)"),
        NumberOutOfRange {
            column: 8,
            text: "-2147483649".to_owned()
        }
    );
    assert_eq!(
        err("repeated (2147483648, 1)"),
        NumberOutOfRange {
            column: 11,
            text: "2147483648".to_owned()
        }
    );
    assert_eq!(
        err("once (1 2)"),
        Expected {
            column: 9,
            expected: "`,`",
            found: "'2'".to_owned()
        }
    );
    assert_eq!(
        err("once repeated once"),
        DuplicatePart {
            column: 15,
            part: "once"
        }
    );
    assert_eq!(err("   "), Empty);
    // A direction given as leaper and rider is the rider; duplicates change nothing.
    assert_eq!(
        Piece::parse_lists("once (1, 1) (1, 1) repeated (1, 1)").unwrap(),
        Piece::parse_lists("repeated (1, 1)").unwrap()
    );
}
