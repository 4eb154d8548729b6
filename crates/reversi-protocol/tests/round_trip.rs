//! Every command and reply prints and reads back as itself (the expected texts are the
//! protocols' own examples: GTP's `play b d3`, `= d3` ended by an empty line; NBoard's
//! `=== F5/-1.00/0.52`, `search F5D6 -1.00 0 12`, as the module docs quote them).

use proptest::prelude::*;
use reversi::ggf::{Clock, GgfGame, MoveItem};
use reversi::{Board, Color, Ply, Square};
use reversi_protocol::{gtp, nboard};

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn ply() -> impl Strategy<Value = Ply> {
    prop_oneof![
        1 => Just(Ply::Pass),
        8 => (0u8..64).prop_map(|i| Ply::Move(Square::ALL[usize::from(i)])),
    ]
}

/// Seconds as a controller writes them: any finite, non-negative `f64` prints in its
/// shortest form and reads back exactly.
fn seconds() -> impl Strategy<Value = f64> {
    prop_oneof![
        (0u32..100_000).prop_map(|ms| f64::from(ms) / 1000.0),
        (0.0f64..1e12),
    ]
}

/// A number with two decimals at most (NBoard writes evaluations and times so).
fn hundredths(range: std::ops::Range<i32>) -> impl Strategy<Value = f64> {
    range.prop_map(|n| f64::from(n) / 100.0)
}

fn gtp_command() -> impl Strategy<Value = gtp::Command> {
    use gtp::Command as C;
    prop_oneof![
        Just(C::ProtocolVersion),
        Just(C::Name),
        Just(C::Version),
        "[a-z_]{1,16}".prop_map(C::KnownCommand),
        Just(C::ListCommands),
        Just(C::Quit),
        any::<u32>().prop_map(C::Boardsize),
        Just(C::ClearBoard),
        (-1e6f64..1e6).prop_map(C::Komi),
        (color(), ply()).prop_map(|(c, p)| C::Play(c, p)),
        color().prop_map(C::Genmove),
        color().prop_map(C::RegGenmove),
        Just(C::Undo),
        (seconds(), seconds(), any::<u32>()).prop_map(|(main, byo_yomi, stones)| {
            C::TimeSettings {
                main,
                byo_yomi,
                stones,
            }
        }),
        // `time_left` is written to the millisecond.
        (color(), 0u32..10_000_000, any::<u32>()).prop_map(|(color, ms, stones)| {
            C::TimeLeft {
                color,
                seconds: f64::from(ms) / 1000.0,
                stones,
            }
        }),
        Just(C::Showboard),
    ]
}

/// A response's text as an engine writes it: lines of words, none empty, none with
/// white space at either end.
fn gtp_text() -> impl Strategy<Value = String> {
    prop::collection::vec("[a-z0-9.:%+-]{1,8}( [a-z0-9.:%+-]{1,8}){0,3}", 0..4)
        .prop_map(|lines| lines.join("\n"))
}

fn game() -> impl Strategy<Value = GgfGame> {
    (any::<u64>(), 0usize..70, any::<bool>()).prop_map(|(seed, plies, clock)| {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = GgfGame::new(Board::START);
        for ply in reversi::random::plies(&mut rng, &Board::START, plies) {
            let item = MoveItem {
                seconds: Some(f64::from(rng.u32(0..10_000)) / 100.0),
                ..MoveItem::from(ply)
            };
            game.play(item).expect("a legal ply");
        }
        game.black = Some("black".to_owned());
        game.white = Some("white".to_owned());
        game.clock = clock.then_some(Clock {
            main: 60.0,
            increment: 0.5,
        });
        game
    })
}

fn move_item() -> impl Strategy<Value = MoveItem> {
    (
        ply(),
        prop::option::of(hundredths(-6400..6400)),
        prop::option::of(hundredths(0..100_000)),
    )
        .prop_map(|(ply, eval, seconds)| MoveItem { ply, eval, seconds })
}

fn nboard_command() -> impl Strategy<Value = nboard::Command> {
    use nboard::Command as C;
    prop_oneof![
        (1u32..=2).prop_map(C::Nboard),
        (1u32..=60).prop_map(C::SetDepth),
        game().prop_map(|game| C::SetGame(Box::new(game))),
        any::<i32>().prop_map(C::SetContempt),
        move_item().prop_map(C::Move),
        (1u32..).prop_map(C::Hint),
        Just(C::Go),
        any::<i64>().prop_map(C::Ping),
        Just(C::Learn),
        Just(C::Quit),
    ]
}

fn nboard_reply() -> impl Strategy<Value = nboard::Reply> {
    use nboard::{Reply as R, SearchDepth};
    let depth = prop_oneof![
        Just(SearchDepth::Exact),
        any::<u32>().prop_map(SearchDepth::Plies)
    ];
    prop_oneof![
        move_item().prop_map(R::Move),
        (
            prop::collection::vec(ply(), 1..20),
            hundredths(-6400..6400),
            depth
        )
            .prop_map(|(pv, eval, depth)| R::Search { pv, eval, depth }),
        (any::<u64>(), hundredths(0..1_000_000))
            .prop_map(|(nodes, seconds)| R::NodeStats { nodes, seconds }),
        "[a-zA-Z0-9 +.%-]{0,30}".prop_map(R::Status),
        any::<i64>().prop_map(R::Pong),
        "[a-zA-Z0-9 .-]{0,20}".prop_map(R::MyName),
        Just(R::Learned),
    ]
}

proptest! {
    #[test]
    fn gtp_commands_read_back(command in gtp_command(), id in prop::option::of(any::<u64>())) {
        let line = command.to_string();
        let request = gtp::read_line(&line).expect("a command line");
        prop_assert_eq!(request.id, None);
        prop_assert_eq!(request.command, Ok(command.clone()));
        // With an id in front, as a controller may number its commands.
        if let Some(id) = id {
            let request = gtp::read_line(&format!("{id} {line}")).expect("a command line");
            prop_assert_eq!(request.id, Some(id));
            prop_assert_eq!(request.command, Ok(command));
        }
    }

    #[test]
    fn gtp_responses_read_back(
        id in prop::option::of(any::<u64>()),
        text in gtp_text(),
        success in any::<bool>(),
    ) {
        let response = gtp::Response {
            id,
            result: if success { Ok(text) } else { Err(text) },
        };
        let written = response.to_string();
        prop_assert!(written.ends_with("\n\n"));
        prop_assert_eq!(written.parse::<gtp::Response>(), Ok(response));
    }

    #[test]
    fn genmove_answers_read_back(ply in ply(), resign in any::<bool>()) {
        let answer = if resign { gtp::Move::Resign } else { gtp::Move::Ply(ply) };
        prop_assert_eq!(answer.to_string().parse::<gtp::Move>(), Ok(answer));
    }

    #[test]
    fn nboard_commands_read_back(command in nboard_command()) {
        prop_assert_eq!(command.to_string().parse::<nboard::Command>(), Ok(command));
    }

    #[test]
    fn nboard_replies_read_back(reply in nboard_reply()) {
        let line = reply.to_string();
        prop_assert!(line.ends_with('\n') && line.matches('\n').count() == 1);
        prop_assert_eq!(line.parse::<nboard::Reply>(), Ok(reply));
    }
}

/// The protocols' own examples, written and read.
#[test]
fn the_protocols_examples() {
    let d3: Ply = "d3".parse().unwrap();
    assert_eq!(
        gtp::Command::Play(Color::Black, d3).to_string(),
        "play b d3"
    );
    assert_eq!(
        gtp::Command::Play(Color::White, Ply::Pass).to_string(),
        "play w pass"
    );
    assert_eq!(
        "= d3\n\n".parse::<gtp::Response>().unwrap(),
        gtp::Response {
            id: None,
            result: Ok("d3".to_owned())
        }
    );
    assert_eq!(
        "? syntax error".parse::<gtp::Response>().unwrap().result,
        Err("syntax error".to_owned())
    );
    match "=== F5/-1.00/0.52".parse::<nboard::Reply>().unwrap() {
        nboard::Reply::Move(item) => {
            assert_eq!(item.ply, "f5".parse().unwrap());
            assert_eq!((item.eval, item.seconds), (Some(-1.0), Some(0.52)));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        "search F5D6C3 -1.00 0 12".parse::<nboard::Reply>(),
        Ok(nboard::Reply::Search {
            pv: ["f5", "d6", "c3"].map(|p| p.parse().unwrap()).to_vec(),
            eval: -1.0,
            depth: nboard::SearchDepth::Plies(12),
        })
    );
    assert_eq!(
        "nodestats 35805 0.12".parse::<nboard::Reply>(),
        Ok(nboard::Reply::NodeStats {
            nodes: 35805,
            seconds: 0.12
        })
    );
    assert_eq!(
        "set myname Edax".parse::<nboard::Reply>(),
        Ok(nboard::Reply::MyName("Edax".to_owned()))
    );
    for bad in [
        "",
        "=== ",
        "search F5 x 0 12",
        "search F 1 0 1",
        "pong",
        "learned now",
    ] {
        assert!(bad.parse::<nboard::Reply>().is_err(), "{bad:?}");
    }
}
