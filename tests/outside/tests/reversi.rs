//! Reversi, as a downstream user writes it from the crate docs.

use reversi::{Board, Color, Convention, IllegalMove, InvalidBoard, Outcome, Transcript};

#[test]
fn parse_list_play_validate_hash() -> Result<(), Box<dyn std::error::Error>> {
    // Parse a board from its text form (what `Display` writes) and a game transcript.
    let board: Board = Board::START.to_string().parse()?;
    assert_eq!(board, Board::START);
    let game: Transcript = "f5d6c3d3c4".parse()?;
    let board = *game.board();
    assert_eq!(board.side_to_move(), Color::White);

    // Squares parse and print without naming the board size (always 8x8).
    let d3: reversi::Square = "d3".parse()?;
    assert_eq!((d3.to_string(), d3.index()), ("d3".to_owned(), 19));
    assert!(Board::START.legal_moves().contains(d3));
    assert!("i9".parse::<reversi::Square>().is_err());

    // List the legal moves.
    let moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|square| square.to_string())
        .collect();
    assert!(!moves.is_empty());

    // Play checked: a legal move gives the next board, an illegal one an error.
    let first = board.legal_moves().first().unwrap();
    let next = board.play(first)?;
    assert_eq!(next.side_to_move(), Color::Black);
    let a1 = "a1".parse::<reversi::Square>()?;
    assert!(matches!(board.play(a1), Err(IllegalMove::NoFlip { .. })));

    // Validate: a board from a game is valid; an empty board is not.
    assert_eq!(next.validate(), Ok(()));
    let empty: Board = format!("{}Black to move\n", "........\n".repeat(8)).parse()?;
    assert!(matches!(
        empty.validate(),
        Err(InvalidBoard::EmptyCentre { .. })
    ));

    // Hash: the incremental key equals the one computed from scratch.
    assert_eq!(next.zobrist_key(), next.zobrist_key_from_scratch());
    assert_ne!(next.zobrist_key(), board.zobrist_key());

    // Perft, the outcome's text form, serde.
    assert_eq!(Board::START.perft(4, Convention::PassIsPly), 244);
    assert_eq!("White wins".parse::<Outcome>()?, Outcome::Win(Color::White));
    let json = serde_json::to_string(&next)?;
    assert_eq!(serde_json::from_str::<Board>(&json)?, next);
    let json = serde_json::to_string(&game)?;
    assert_eq!(json, r#""f5d6c3d3c4""#);
    assert_eq!(serde_json::from_str::<Transcript>(&json)?, game);
    Ok(())
}

#[test]
fn read_the_games_of_files_in_any_format() -> Result<(), Box<dyn std::error::Error>> {
    use reversi::record::{read_games, Place};
    use reversi::wthor::{self, Header};

    // Three files of the same two games: GGF, transcripts, WTHOR; one call reads each.
    let dir = std::env::temp_dir().join(format!("outside-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let ggf = dir.join("games.ggf");
    std::fs::write(
        &ggf,
        "(;GM[Othello]PB[Anna]B[f5]W[d6];)\n(;GM[Othello]B[f5]W[f6];)\n",
    )?;
    let transcripts = dir.join("games");
    std::fs::write(&transcripts, "# two games\nf5d6\nf5 f6\n")?;
    let wtb = dir.join("WTH_2024.wtb");
    let games = [
        wthor::WthorGame::new("f5d6".parse()?),
        wthor::WthorGame::new("f5f6".parse()?),
    ];
    let mut file = Vec::new();
    wthor::write_games(&mut file, &Header::for_games(2024, 2), &games)?;
    std::fs::write(&wtb, file)?;
    for path in [&ggf, &transcripts, &wtb] {
        let input = std::io::BufReader::new(std::fs::File::open(path)?);
        let read: Vec<_> = read_games(input).collect::<Result<_, _>>()?;
        let moves: Vec<String> = read
            .iter()
            .map(|(_, game)| game.transcript().map(|t| t.to_string()))
            .collect::<Result<_, _>>()?;
        assert_eq!(moves, ["f5d6", "f5f6"], "{}", path.display());
        let second = read[1].0;
        assert!(
            matches!(
                second,
                Place::Line(2 | 3)
                    | Place::Record {
                        index: 1,
                        offset: 84
                    }
            ),
            "{second}"
        );
    }
    // A bad game is an error naming its line; the good ones still come.
    std::fs::write(&transcripts, "f5d6\nf5f5\nd3c3\n")?;
    let read: Vec<_> =
        read_games(std::io::BufReader::new(std::fs::File::open(&transcripts)?)).collect();
    assert_eq!(read.len(), 3);
    assert_eq!(
        read[1].as_ref().unwrap_err().to_string(),
        "line 2: move 2 (f5): square f5 is not empty"
    );
    assert!(read[2].is_ok());
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
