//! Property tests of `reversi::ggf`: every written game reads back equal, alone and many
//! in one stream, and no input makes the reader panic.

use proptest::prelude::*;
use reversi::ggf::{read_games, Clock, GgfGame, MoveItem};
use reversi::Board;

/// A name or other value: any characters but line ends, with `]` and `\` often.
fn text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(
        proptest::collection::vec(
            prop_oneof![Just(']'), Just('\\'), Just('['), any::<char>()],
            0..12,
        )
        .prop_map(|chars| {
            chars
                .into_iter()
                .filter(|c| *c != '\n' && *c != '\r')
                .collect()
        }),
    )
}

/// A finite evaluation or time, or none.
fn number() -> impl Strategy<Value = Option<f64>> {
    proptest::option::of(prop_oneof![
        -64.0..64.0f64,
        (0..10_000i32).prop_map(|n| f64::from(n) / 100.0),
        any::<f64>().prop_filter("finite", |x| x.is_finite()),
    ])
}

/// A random legal game from the start, passes included (a side with no move passes),
/// with random evaluations and times.
fn game() -> impl Strategy<Value = GgfGame> {
    let moves = proptest::collection::vec((any::<usize>(), number(), number()), 0..70);
    let clock =
        proptest::option::of(
            (0..40_000u32, 0..120u32).prop_map(|(main, increment)| Clock {
                main: f64::from(main),
                increment: f64::from(increment),
            }),
        );
    (moves, clock, text(), text(), text(), text(), text()).prop_map(
        |(moves, clock, place, date, black, white, result)| {
            let mut game = GgfGame::new(Board::START);
            for (choice, eval, seconds) in moves {
                let Some(ply) = reversi::random::pick(&game.board_after, choice) else {
                    break;
                };
                let seconds = seconds.map(f64::abs);
                game.play(MoveItem { ply, eval, seconds }).unwrap();
            }
            GgfGame {
                clock,
                place,
                date,
                black,
                white,
                result,
                ..game
            }
        },
    )
}

proptest! {
    #[test]
    fn written_games_read_back_equal(game in game()) {
        let text = game.to_string();
        prop_assert!(!text.contains('\n'));
        let again = GgfGame::parse(&text);
        prop_assert_eq!(again.as_ref(), Ok(&game), "{}", text);
    }

    #[test]
    fn a_stream_of_written_games_reads_back_in_order(
        games in proptest::collection::vec(game(), 0..5),
        separators in proptest::collection::vec("[ \t\r\n]{0,3}", 5),
    ) {
        let mut stream = String::new();
        for (game, separator) in games.iter().zip(&separators) {
            stream.push_str(&game.to_string());
            stream.push_str(separator);
        }
        let read: Vec<GgfGame> = read_games(stream.as_bytes()).map(Result::unwrap).collect();
        prop_assert_eq!(read, games);
    }

    #[test]
    fn no_bytes_make_the_reader_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        for item in read_games(&bytes[..]).flatten() {
            prop_assert!(item.moves.len() <= 120);
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = GgfGame::parse(text);
        }
    }
}
