//! `reversi::record`: every format read through one call, each game at its place, each
//! bad game an error naming its place while the good ones still come; a game through
//! GGF, WTHOR and transcripts and back.

use proptest::prelude::*;
use reversi::ggf::{self, MoveItem};
use reversi::record::{read_games, read_games_as, Format, GameRecord, Place, ReadError};
use reversi::wthor::{self, Header, GAME_LEN};
use reversi::{Board, Ply, Transcript};

/// The plies of a seeded random game of at most `length` plies from the start, never
/// ending in a pass (a transcript cannot say so: its passes are found by the rules
/// before the move that follows them).
fn random_plies(seed: u64, length: usize) -> Vec<Ply> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut plies = reversi::random::plies(&mut rng, &Board::START, length);
    if plies.last() == Some(&Ply::Pass) {
        plies.pop();
    }
    plies
}

/// A game's text: a transcript, or a GGF game on one line.
fn text(plies: &[Ply], ggf: bool) -> String {
    if !ggf {
        return plies
            .iter()
            .filter(|p| **p != Ply::Pass)
            .map(Ply::to_string)
            .collect();
    }
    let mut game = ggf::GgfGame::new(Board::START);
    for &ply in plies {
        game.play(MoveItem::from(ply)).unwrap();
    }
    game.to_string()
}

/// A WTHOR file of these games, from 2000.
fn wthor_file(games: &[wthor::WthorGame]) -> Vec<u8> {
    let mut file = Vec::new();
    let header = Header::for_games(2000, games.len() as u32);
    wthor::write_games(&mut file, &header, games).unwrap();
    file
}

/// The game that picks, at each ply, the legal move of index `choice % moves` (passing
/// when it must), until the choices or the game end.
fn game(choices: &[u8]) -> Transcript {
    let mut transcript = Transcript::new();
    for &choice in choices {
        let mut board: Board = *transcript.board();
        if let Ok(passed) = board.pass() {
            board = passed;
        }
        match reversi::random::pick(&board, usize::from(choice)) {
            Some(Ply::Move(square)) => transcript.play(square).unwrap(),
            _ => break,
        }
    }
    transcript
}

/// Names as GGF holds them: any printable text, `]` and `\` included (escaped), no line
/// ends (written as spaces).
fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 \\]\\\\\\[éü.-]{0,20}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Good games and bad ones (an illegal last move) one a line, after some blank
    /// lines, in GGF or as transcripts: each good game is read at its line with its
    /// plies, each bad one is an error naming its line, in order.
    #[test]
    fn games_and_errors_at_their_lines(
        seeds in proptest::collection::vec((any::<u64>(), 1usize..70, any::<bool>()), 1..8),
        blank in 0usize..3,
        ggf in any::<bool>(),
    ) {
        let mut input = "\n".repeat(blank);
        let mut expected = Vec::new();
        for (i, &(seed, length, good)) in seeds.iter().enumerate() {
            let line = (blank + i + 1) as u64;
            let plies = random_plies(seed, length);
            let mut game = text(&plies, ggf);
            if !good {
                // A move on an occupied square: d4 always holds a disc.
                game = if ggf { game.replace(";)", "B[d4];)") } else { game + "d4" };
            }
            input.push_str(&game);
            input.push('\n');
            expected.push((line, good.then_some(plies)));
        }
        let read: Vec<_> = read_games(input.as_bytes()).collect();
        prop_assert_eq!(read.len(), expected.len());
        for (item, (line, plies)) in read.iter().zip(&expected) {
            match (item, plies) {
                (Ok((place, game)), Some(plies)) => {
                    prop_assert_eq!(*place, Place::Line(*line));
                    prop_assert_eq!(&game.plies, plies);
                }
                (Err(error), None) => {
                    prop_assert_eq!(error.place(), Some(Place::Line(*line)));
                    let text = error.to_string();
                    prop_assert!(text.starts_with(&format!("line {line}: ")), "{}", text);
                }
                (item, _) => prop_assert!(false, "line {}: {:?}", line, item),
            }
        }
    }

    /// Any bytes: no panic, every game replays, every error names a line of the input
    /// (or, for an input taken for a WTHOR file, a record or the header).
    #[test]
    fn any_bytes_read_safely(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        let lines = data.split(|&b| b == b'\n').count() as u64;
        let wthor = Format::detect(&data) == Format::Wthor;
        for item in read_games(&data[..]) {
            match item {
                Ok((place, game)) => {
                    if let Place::Line(n) = place {
                        prop_assert!((1..=lines).contains(&n), "{:?}", place);
                    }
                    let mut board = game.start;
                    for ply in &game.plies {
                        board = board.play_ply(*ply).unwrap();
                    }
                }
                Err(error) => match error.place() {
                    Some(Place::Line(n)) => prop_assert!((1..=lines).contains(&n), "{}", error),
                    _ => prop_assert!(wthor, "{}", error),
                },
            }
        }
    }

    /// Random legal WTHOR games, read through the one call: each at its record, with
    /// the plies of its transcript.
    #[test]
    fn wthor_games_at_their_records(seeds in proptest::collection::vec(any::<u64>(), 0..6)) {
        let games: Vec<wthor::WthorGame> = seeds
            .iter()
            .map(|&seed| wthor::WthorGame::new(reversi::random::transcript(&mut fastrand::Rng::with_seed(seed), usize::MAX)))
            .collect();
        let file = wthor_file(&games);
        let read: Vec<(Place, GameRecord)> = read_games(&file[..]).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(read.len(), games.len());
        for (i, ((place, record), game)) in read.iter().zip(&games).enumerate() {
            let offset = (wthor::HEADER_LEN + i * GAME_LEN) as u64;
            prop_assert_eq!(*place, Place::Record { index: i as u64, offset });
            prop_assert_eq!(&record.plies, &game.plies());
            prop_assert_eq!(record.black_discs, Some(game.black_discs));
            prop_assert_eq!(record.year, Some(2000));
        }
    }

    /// Any legal game with names, a date and a score goes through GGF and comes back
    /// the same.
    #[test]
    fn a_record_goes_through_ggf_unchanged(
        choices in proptest::collection::vec(any::<u8>(), 0..64),
        black in name(),
        white in name(),
        year in 1000u16..10000,
        score in 0u8..=64,
    ) {
        let mut record = GameRecord::from_transcript(&game(&choices));
        record.black = Some(black);
        record.white = Some(white);
        record.date = Some(year.to_string());
        record.year = Some(year);
        if record.black_discs.is_none() {
            record.black_discs = Some(score);
        }
        let text = record.to_ggf().to_string();
        let read: ggf::GgfGame = text.parse().unwrap();
        prop_assert_eq!(GameRecord::from_ggf(&read), record);
    }

    /// Any legal game goes through a WTHOR record with its moves, scores and year.
    #[test]
    fn a_record_goes_through_wthor_with_its_moves_and_scores(
        choices in proptest::collection::vec(any::<u8>(), 0..64),
        year in any::<u16>(),
        score in 0u8..=64,
    ) {
        let mut record = GameRecord::from_transcript(&game(&choices));
        if record.black_discs.is_none() {
            record.black_discs = Some(score);
        }
        let bytes: [u8; GAME_LEN] = record.to_wthor(year).unwrap().to_record();
        let read = wthor::WthorGame::from_record(&bytes, year).unwrap();
        let back = GameRecord::from_wthor(&read, 0, None, None);
        prop_assert_eq!(&back.plies, &record.plies);
        prop_assert_eq!(back.black_discs, record.black_discs);
        prop_assert_eq!(back.year, Some(year));
        prop_assert_eq!(back.transcript().unwrap(), record.transcript().unwrap());
    }

    /// Transcripts written one a line, with white space, comments and blank lines
    /// between them, read back as written.
    #[test]
    fn transcript_lines_read_back_as_written(
        games in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..64), 0..8),
    ) {
        let transcripts: Vec<Transcript> = games.iter().map(|c| game(c)).collect();
        let text: String = transcripts.iter().map(|t| format!("  {t}\n# comment\n\n")).collect();
        let read: Vec<Transcript> = read_games(text.as_bytes())
            .map(|r| r.unwrap().1.transcript().unwrap())
            .collect();
        prop_assert_eq!(read, transcripts);
    }

    /// The fast replay of a transcript's moves gives what playing them one by one gives,
    /// passes included.
    #[test]
    fn the_fast_replay_is_the_moves_played_one_by_one(choices in proptest::collection::vec(any::<u8>(), 0..64)) {
        let played = game(&choices);
        let fast = Transcript::from_moves(played.moves()).unwrap();
        prop_assert_eq!(fast.plies(), played.plies());
        prop_assert_eq!(fast.board(), played.board());
        prop_assert_eq!(fast, played);
    }
}

#[test]
fn a_byte_order_mark_and_crlf_lines() {
    let games: Vec<_> = read_games(&b"\xEF\xBB\xBF\r\n(;GM[Othello]B[f5];)\r\n"[..]).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().0, Place::Line(2));
    let games: Vec<_> = read_games(&b"\xEF\xBB\xBFf5d6\r\nf5\r\n"[..]).collect();
    let lines: Vec<Place> = games.iter().map(|g| g.as_ref().unwrap().0).collect();
    assert_eq!(lines, [Place::Line(1), Place::Line(2)]);
}

#[test]
fn an_illegal_move_keeps_the_legal_moves_before_it() {
    let mut games: Vec<_> = read_games(&b"  f5 d6\tF5c3\nf5z9\nf5f5\nd3d3\n"[..]).collect();
    let mut legal = |i: usize| {
        let error = games[i].as_mut().unwrap_err();
        assert!(matches!(error, ReadError::Transcript { .. }), "{error}");
        error.take_legal().map(|(place, game)| (place, game.plies))
    };
    let f5: Ply = "f5".parse().unwrap();
    assert_eq!(
        legal(0),
        Some((Place::Line(1), vec![f5, "d6".parse().unwrap()]))
    );
    // Not a square: no game; an illegal move after one legal move: that move.
    assert_eq!(legal(1), None);
    assert_eq!(legal(2), Some((Place::Line(3), vec![f5])));
    assert_eq!(
        legal(3),
        Some((Place::Line(4), vec!["d3".parse().unwrap()]))
    );
}

#[test]
fn a_ggf_game_cut_at_an_illegal_move_keeps_the_moves_before_it() {
    let text = b"\n(;GM[Othello]PB[Anna]B[f5]W[d6]B[f5];)\n(;GM[Othello]B[a1];)\n";
    let mut games: Vec<_> = read_games(&text[..]).collect();
    let error = games[0].as_mut().unwrap_err();
    assert!(
        error.to_string().starts_with("line 2: move 3 (B[f5]): "),
        "{error}"
    );
    let (place, legal) = error.take_legal().unwrap();
    assert_eq!(place, Place::Line(2));
    assert_eq!(legal.black.as_deref(), Some("Anna"));
    let f5d6: Vec<Ply> = vec!["f5".parse().unwrap(), "d6".parse().unwrap()];
    assert_eq!(legal.plies, f5d6);
    // An illegal first move leaves no game to use.
    assert!(games[1].as_mut().unwrap_err().take_legal().is_none());
}

#[test]
fn a_wthor_record_cut_at_an_illegal_move_keeps_the_moves_before_it() {
    let games = [
        wthor::WthorGame::new("f5d6c3".parse().unwrap()),
        wthor::WthorGame::new("f5".parse().unwrap()),
    ];
    let mut file = wthor_file(&games);
    // The first record's third move becomes f5 again (occupied); the second's first
    // becomes a1.
    file[16 + 8 + 2] = 56;
    file[16 + 68 + 8] = 11;
    let mut read: Vec<_> = read_games(&file[..]).collect();
    let error = read[0].as_mut().unwrap_err();
    assert!(error
        .to_string()
        .starts_with("record 0 at byte 16: move 3 (f5)"));
    let (place, legal) = error.take_legal().unwrap();
    let f5d6: Vec<Ply> = vec!["f5".parse().unwrap(), "d6".parse().unwrap()];
    assert_eq!(legal.plies, f5d6);
    assert_eq!(
        legal.black_discs, None,
        "the whole game's score is not the cut one's"
    );
    assert_eq!(
        place,
        Place::Record {
            index: 0,
            offset: 16
        }
    );
    assert!(read[1].as_mut().unwrap_err().take_legal().is_none());
}

#[test]
fn a_line_not_utf8_a_long_line_and_an_empty_input() {
    let games: Vec<_> = read_games(&b"f5\n\xFF\xFE\nd3\n"[..]).collect();
    // The transcript's own error (the rules crate's wording), at its line.
    let error = games[1].as_ref().unwrap_err();
    assert!(
        matches!(error, ReadError::Transcript { line: 2, .. }),
        "{error}"
    );
    assert!(error.to_string().starts_with("line 2: move 1: "));
    assert!(games[2].is_ok());
    assert_eq!(read_games(&b" \n\t\n"[..]).count(), 0);
    let mut long = vec![b'f'; reversi::record::MAX_LINE_BYTES + 10];
    long.extend_from_slice(b"\nf5d6\n");
    let games: Vec<_> = read_games(&long[..]).collect();
    assert_eq!(
        games[0].as_ref().unwrap_err().to_string(),
        format!(
            "line 1: longer than {} bytes",
            reversi::record::MAX_LINE_BYTES
        )
    );
    assert_eq!(games[1].as_ref().unwrap().0, Place::Line(2));
}

#[test]
fn a_wthor_header_that_is_not_a_game_files() {
    let mut header = Header::for_games(2000, 0).to_bytes();
    header[12] = 10;
    let games: Vec<_> = read_games_as(&header[..], Format::Wthor).collect();
    assert_eq!(games.len(), 1);
    assert!(matches!(
        games[0],
        Err(ReadError::Wthor(wthor::WthorError::NotEightByEight {
            board_size: 10
        }))
    ));
}

#[test]
fn formats_are_told_by_content() {
    assert_eq!(Format::detect(b""), Format::Transcripts);
    assert_eq!(Format::detect(b"\xEF\xBB\xBF  \n(;GM"), Format::Ggf);
    assert_eq!(Format::detect(b"# games\nf5d6\n"), Format::Transcripts);
    // A real WTHOR header: WTH_1977.wtb's first 16 bytes (P1 8, P2 0).
    let head = [20, 7, 5, 22, 12, 0, 0, 0, 0, 0, 0xb9, 0x07, 8, 0, 24, 0];
    assert_eq!(Format::detect(&head), Format::Wthor);
    // Sixteen bytes of text: never a NUL at byte 13.
    assert_eq!(Format::detect(b"f5d6c3d3c4f4f6f3e6"), Format::Transcripts);
}

#[test]
fn notes_are_kept_one_a_ply() {
    let game: ggf::GgfGame = "(;GM[Othello]B[f5]W[d6/-1.5/2.25]B[c3];)".parse().unwrap();
    let record = GameRecord::from_ggf(&game);
    assert_eq!(record.notes.len(), 3);
    assert_eq!(record.notes[1].eval, Some(-1.5));
    assert_eq!(record.notes[1].seconds, Some(2.25));
    assert_eq!(record.to_ggf().to_string(), game.to_string());
    let mut built = GameRecord::new(Board::START);
    built.play("f5".parse().unwrap()).unwrap();
    assert!(built.notes.is_empty());
    let d6: Ply = "d6".parse().unwrap();
    built
        .play_item(MoveItem {
            ply: d6,
            eval: Some(1.0),
            seconds: None,
        })
        .unwrap();
    assert_eq!(built.notes.len(), 2);
    assert_eq!(built.moves().nth(1).unwrap().eval, Some(1.0));
    assert!(built.play("d6".parse().unwrap()).is_err());
}

#[test]
fn a_transcript_line_may_be_the_start_and_may_end_in_a_name() {
    let text = "-\nf5d6c3d3c4f4c5b3c2e3 Nicolet\nf5 d6 c3 Tiger, or Rose-bill\nf5d6 # a comment\n";
    let games: Vec<GameRecord> = read_games(text.as_bytes())
        .map(|item| item.unwrap().1)
        .collect();
    assert_eq!(games.len(), 4);
    assert!(games[0].plies.is_empty());
    assert_eq!(games[0].comment, None);
    assert_eq!(games[1].plies.len(), 10);
    assert_eq!(games[1].comment.as_deref(), Some("Nicolet"));
    assert_eq!(games[2].plies.len(), 3);
    assert_eq!(games[2].comment.as_deref(), Some("Tiger, or Rose-bill"));
    assert_eq!(games[3].comment.as_deref(), Some("# a comment"));
    // A first word that is not squares is an error, not a name.
    let bad: Vec<_> = read_games(&b"Nicolet f5d6\n"[..]).collect();
    assert!(bad[0].is_err());
}

/// A reader that gives its bytes one at a time, as a slow pipe does.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), out.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn detection_does_not_depend_on_how_the_bytes_arrive() {
    let games = [
        wthor::WthorGame::new("f5d6".parse().unwrap()),
        wthor::WthorGame::new("f5f6".parse().unwrap()),
    ];
    let file = wthor_file(&games);
    let trickled = |bytes: &[u8]| -> Vec<_> {
        let input = std::io::BufReader::with_capacity(1, Trickle(bytes));
        read_games(input).collect()
    };
    let read = trickled(&file);
    assert_eq!(read.len(), 2);
    assert!(read.iter().all(Result::is_ok));
    let read = trickled(b"   (;GM[Othello]PB[a]B[f5];)\n");
    assert_eq!(read[0].as_ref().unwrap().1.black.as_deref(), Some("a"));
}

#[test]
fn a_ggf_file_is_told_after_blank_lines_and_text_before_its_first_game() {
    let mut text = "\n".repeat(9000);
    text.push_str("(;GM[Othello]B[f5];)\n(;GM[Othello]B[d3];)\n");
    let read: Vec<_> = read_games(text.as_bytes()).collect();
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].as_ref().unwrap().0, Place::Line(9001));
    let text = "hello world\n(;GM[Othello]PB[A]B[f5];)\n";
    let read: Vec<_> = read_games(text.as_bytes()).collect();
    // The text outside the games is an error a word; the game is read.
    assert_eq!(read.len(), 3);
    assert_eq!(read[2].as_ref().unwrap().1.black.as_deref(), Some("A"));
}

#[test]
fn text_with_nuls_is_not_taken_for_wthor_and_odd_wthor_headers_are() {
    let read: Vec<_> = read_games(&b"f5d6c3d3c4f4\0\0 more\nf5d6\n"[..]).collect();
    assert!(read[0].is_err());
    assert_eq!(read[1].as_ref().unwrap().0, Place::Line(2));
    // A game file whose header says another type: WTHOR's own error.
    let mut header = Header::for_games(2000, 0).to_bytes();
    header[0] = 20;
    header[13] = 1;
    let read: Vec<_> = read_games(&header[..]).collect();
    assert!(matches!(
        read[0],
        Err(ReadError::Wthor(wthor::WthorError::NotGames {
            file_type: 1
        }))
    ));
    // A name file read as games: said so.
    let mut names = Vec::new();
    wthor::write_names(
        &mut names,
        &Header::for_names(1),
        wthor::NameKind::Player,
        &["Anna"],
    )
    .unwrap();
    let read: Vec<_> = read_games(&names[..]).collect();
    assert!(matches!(
        read[0],
        Err(ReadError::Wthor(wthor::WthorError::NameFile { names: 1 }))
    ));
}

#[test]
fn a_record_built_by_hand_is_validated() {
    let mut game = GameRecord::from_transcript(&"f5d6".parse().unwrap());
    assert_eq!(game.validate(), Ok(()));
    game.black_discs = Some(200);
    assert_eq!(
        game.validate().unwrap_err().to_string(),
        "200 black discs: more than the 64 squares"
    );
    game.black_discs = None;
    game.notes = vec![Default::default(); 3];
    assert!(game.validate().is_err());
    game.notes.clear();
    game.plies.push(Ply::Pass);
    assert_eq!(
        game.validate().unwrap_err().to_string(),
        format!(
            "ply 3 (pass): {}",
            reversi::IllegalMove::CannotPass {
                color: reversi::Color::Black
            }
        )
    );
}
