//! The `reversi-book` program (build, add, show, stats, bad files) and
//! `reversi-engine --book` (the book's move answered, `--book-margin` against the
//! search's move, a bad book refused), and the
//! shipped default book (it reads, and its moves are legal in every orientation), and
//! `reversi-book lines` on it.

use std::path::{Path, PathBuf};
use std::process::Output;

use reversi::{Board, Symmetry};
use reversi_engine::{Book, BookEntry, Leaf};

const BOOK: &str = env!("CARGO_BIN_EXE_reversi-book");
const ENGINE: &str = env!("CARGO_BIN_EXE_reversi-engine");

/// A file in the system's temporary folder for this test process.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("reversi-book-test-{}-{name}", std::process::id()))
}

/// [`test_support::run`] with text input.
fn run(exe: &str, args: &[&str], input: &str) -> Output {
    test_support::run(exe, args, input.as_bytes())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn build_show_stats_and_add() {
    let path = temporary("small.book");
    let file = path.to_str().unwrap();
    let out = run(
        BOOK,
        &[
            "build",
            "--out",
            file,
            "--depth",
            "2",
            "--line-plies",
            "4",
            "--loss",
            "1",
            "--plies",
            "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let book = Book::read(&path).unwrap();
    assert!(book.len() >= 4);
    let out = run(BOOK, &["stats", "--book", file], "");
    let stats = text(&out.stdout);
    assert!(
        stats.contains(&format!("positions: {}\n", book.len())),
        "{stats}"
    );
    assert!(
        stats.contains(&format!("file size: {} bytes", 24 + 24 * book.len())),
        "{stats}"
    );
    let out = run(BOOK, &["show", "--book", file, "-"], "");
    let shown = text(&out.stdout);
    let best = book.moves(&Board::START)[0];
    assert!(
        shown.contains(&format!("\n{} {:+} ", best.square, best.value)),
        "{shown}"
    );
    // The start as an OBF board, whose leading `-` is not an option; a transcript's
    // illegal move is named as a transcript's error, not as a board's.
    let obf = "---------------------------OX------XO--------------------------- X";
    let out = run(BOOK, &["show", "--book", file, obf], "");
    assert_eq!(text(&out.stdout), shown, "{}", text(&out.stderr));
    let out = run(BOOK, &["show", "--book", file, "f5f5"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr)
            .contains("\"f5f5\": not a transcript (move 2 (f5): square f5 is not empty)"),
        "{}",
        text(&out.stderr)
    );
    // Neither moves nor a board: the error says what a position may be.
    let out = run(BOOK, &["show", "--book", file, "hello"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("\"hello\": neither a transcript (squares such as `f5d6c3`"),
        "{}",
        text(&out.stderr)
    );
    // Moves separated by spaces are a transcript; an empty position is refused.
    let out = run(BOOK, &["show", "--book", file, " f5 d6 "], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let f5d6: reversi::Transcript = "f5d6".parse().unwrap();
    assert!(
        text(&out.stdout).starts_with(&f5d6.board().display().to_string()),
        "{}",
        text(&out.stdout)
    );
    let out = run(BOOK, &["show", "--book", file, ""], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("empty position"),
        "{}",
        text(&out.stderr)
    );
    // Games: one good transcript, one bad line (reported, skipped, exit status 1).
    let games = temporary("games.txt");
    std::fs::write(&games, "e6f4c3c4d3\nf5a1\n").unwrap();
    let out = run(
        BOOK,
        &[
            "add",
            "--book",
            file,
            "--depth",
            "2",
            games.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("line 2"),
        "{}",
        text(&out.stderr)
    );
    let extended = Book::read(&path).unwrap();
    let e6f4c3c4d3: reversi::Transcript = "e6f4c3c4d3".parse().unwrap();
    assert!(extended.get(e6f4c3c4d3.board()).is_some());
    // The engine plays the book's move at the start.
    let out = run(
        ENGINE,
        &["--gtp", "--depth", "1", "--book", file],
        "genmove b\n",
    );
    assert_eq!(
        text(&out.stdout),
        format!("= {}\n\n", extended.moves(&Board::START)[0].square)
    );
    for path in [&path, &games] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn bad_book_files_are_refused_with_the_reason() {
    let path = temporary("bad.book");
    let mut bytes = Book::new().to_bytes();
    bytes.truncate(20);
    std::fs::write(&path, &bytes).unwrap();
    let file = path.to_str().unwrap();
    let out = run(BOOK, &["stats", "--book", file], "");
    assert_eq!(out.status.code(), Some(2));
    let expected =
        format!("{file}: truncated at byte 20: the header and its entries need 24 bytes");
    assert!(
        text(&out.stderr).contains(&expected),
        "{}",
        text(&out.stderr)
    );
    let out = run(ENGINE, &["--book", file], "genmove b\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(&expected),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    std::fs::remove_file(&path).unwrap();
}

/// With a fixed time a move, `--book-margin` says how far below its best the book must
/// value the search's move to play its own. The book knows one position, f5, whose
/// only move is its leaf f4 (the parallel opening, a known weak reply) valued 0, so
/// every other move is valued at most 0: with margin 0 the engine plays f4 after its
/// search (6 plies, with a fixed time a move of 30 s); with the default (2) it plays
/// the search's move, the move of the same search without a book (`--no-book`), which
/// is not f4.
#[test]
fn book_margin_weighs_the_book_against_the_search() {
    let f5 = Board::START.play("f5".parse().unwrap()).unwrap();
    let leaf = Leaf {
        square: "f4".parse().unwrap(),
        value: 0,
        exact: false,
    };
    let mut book = Book::new();
    let entry = BookEntry {
        value: 0,
        depth: 20,
        exact: false,
        leaf: Some(leaf),
    };
    book.insert(&f5, entry);
    let path = temporary("margin.book");
    std::fs::write(&path, book.to_bytes()).unwrap();
    let file = path.to_str().unwrap();
    let genmove = |margin: &[&str]| {
        let fixed = ["--gtp", "--depth", "6", "--time", "30", "--book", file];
        let args = [&fixed[..], margin].concat();
        let out = run(ENGINE, &args, "play b f5\ngenmove w\n");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_eq!(genmove(&["--book-margin", "0"]), "=\n\n= f4\n\n");
    // Without a book (the built-in one, the default, has f5 too).
    let plain = run(
        ENGINE,
        &["--gtp", "--depth", "6", "--no-book"],
        "play b f5\ngenmove w\n",
    );
    let plain = text(&plain.stdout);
    assert!(plain.starts_with("=\n\n= "), "{plain}");
    assert_ne!(plain, "=\n\n= f4\n\n");
    assert_eq!(genmove(&[]), plain);
    std::fs::remove_file(&path).unwrap();
}

/// The shipped book reads, and each position's book moves are legal in all 8
/// orientations.
#[test]
fn the_default_book_reads_and_its_moves_are_legal() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/default.book");
    let book = Book::read(&path).unwrap();
    assert!(book.len() > 500, "{} positions", book.len());
    assert!(book.get(&Board::START).is_some());
    for (key, _) in book.entries() {
        let board = key.board().unwrap();
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            let moves = book.moves(&image);
            assert!(!moves.is_empty());
            assert!(moves.iter().all(|m| image.legal_moves().contains(m.square)));
        }
    }
}

/// `lines --plies 3` on the shipped book lists exactly the distinct boards reached by
/// 3 legal plies from the start whose every position is in the book (found here by
/// trying every legal move), each once.
#[test]
fn lines_lists_the_openings_inside_the_book() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/default.book");
    let book = Book::read(&path).unwrap();
    let keyed = |b: Board| if b.must_pass() { b.pass().unwrap() } else { b };
    let mut expected = vec![Board::START];
    for _ in 0..3 {
        let mut next = Vec::new();
        for board in &expected {
            for square in board.legal_moves().iter() {
                let child = keyed(board.play(square).unwrap());
                if book.get(&child).is_some() && !next.contains(&child) {
                    next.push(child);
                }
            }
        }
        expected = next;
    }
    assert!(expected.len() > 4, "the book's first plies branch");
    let out = run(
        BOOK,
        &["lines", "--book", path.to_str().unwrap(), "--plies", "3"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed: Vec<Board> = text(&out.stdout)
        .lines()
        .map(|line| keyed(*line.parse::<reversi::Transcript>().unwrap().board()))
        .collect();
    assert_eq!(listed.len(), expected.len());
    for board in &expected {
        assert!(listed.contains(board), "missing:\n{board}");
    }
}

/// Without `--book`, `show`, `stats` and `lines` read the book built into the programs:
/// the same output as with `--book` on the shipped file (the file size that of the bytes
/// built in); `deviate` and `add`, which write their book, still need `--book`.
#[test]
fn show_stats_and_lines_default_to_the_built_in_book() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/default.book");
    let file = path.to_str().unwrap();
    for args in [
        &["stats"][..],
        &["show", "f5d6"],
        &["lines", "--plies", "2"],
    ] {
        let built_in = run(BOOK, args, "");
        assert!(
            built_in.status.success(),
            "{args:?}: {}",
            text(&built_in.stderr)
        );
        let with_file = run(BOOK, &[args, &["--book", file]].concat(), "");
        assert_eq!(text(&built_in.stdout), text(&with_file.stdout), "{args:?}");
        assert!(!built_in.stdout.is_empty());
    }
    for args in [&["deviate"][..], &["add", "games.txt"]] {
        let out = run(BOOK, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("--book <BOOK>"),
            "{}",
            text(&out.stderr)
        );
    }
}
