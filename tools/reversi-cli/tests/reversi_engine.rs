//! The `reversi-engine` program: NBoard transcripts pinned as snapshots (the GTP ones
//! are case files, tests/cases/reversi-engine/), and GTP time use measured as a match
//! runner sees it.
//!
//! Each `tests/data/reversi-engine-nboard/NAME.in` is a session fed to
//! `reversi-engine --nboard --no-book` (the searches' answers, not the built-in book's);
//! the snapshot `reversi-engine-nboard__NAME` pins the exit
//! status, the input, standard output and standard error. The searches are limited by
//! depth only (`set depth`), so the moves, evaluations and hints do not depend on the
//! machine; what does, the seconds of `nodestats` and `===` and the node counts, is
//! checked to be a number and shown as `<seconds>` and `<nodes>`.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_reversi-engine");

/// Held by each test: the timed one measures alone, not beside an exact solve.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The lock, also after a test that held it failed.
fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// A seconds field: a number, at least 0.
fn is_seconds(text: &str) -> bool {
    text.parse::<f64>().is_ok_and(|s| s.is_finite() && s >= 0.0)
}

/// One output line with its machine-dependent fields replaced, after checking them.
fn redact(line: &str) -> String {
    if let Some(rest) = line.strip_prefix("nodestats ") {
        let fields: Vec<&str> = rest.split(' ').collect();
        assert!(
            fields.len() == 2 && fields[0].parse::<u64>().is_ok() && is_seconds(fields[1]),
            "not `nodestats NODES SECONDS`: {line}"
        );
        return "nodestats <nodes> <seconds>".to_owned();
    }
    if let Some(item) = line.strip_prefix("=== ") {
        let fields: Vec<&str> = item.split('/').collect();
        if fields.len() == 3 {
            assert!(is_seconds(fields[2]), "not `=== MOVE/EVAL/SECONDS`: {line}");
            return format!("=== {}/{}/<seconds>", fields[0], fields[1]);
        }
    }
    line.to_owned()
}

/// Whether an output line is the answer a command waits for.
type Answer = Box<dyn Fn(&str) -> bool>;

/// What a command line waits for before the next is sent, as a GUI waits: `go` for its
/// `===` line, `hint` for its closing `status`, `ping N` for `pong N`, `nboard` for `set
/// myname`, `learn` for `learned`; `None` for a command with no answer.
fn answer_to(command: &str) -> Option<Answer> {
    let mut words = command.split_whitespace();
    match words.next()? {
        "go" => Some(Box::new(|line: &str| line.starts_with("=== "))),
        "hint" => Some(Box::new(|line: &str| line == "status")),
        "nboard" => Some(Box::new(|line: &str| line.starts_with("set myname"))),
        "learn" => Some(Box::new(|line: &str| line == "learned")),
        "ping" => {
            let pong = format!("pong {}", words.next().unwrap_or(""));
            Some(Box::new(move |line: &str| line == pong))
        }
        _ => None,
    }
}

/// Runs `reversi-engine --nboard --no-book` on `input` as a GUI drives it: each line is sent once
/// the engine has answered the one before ([`answer_to`]; a line the engine refuses is
/// answered by its `line N:` on standard error), so that no command arrives during a
/// search (one that did would stop it: see `nboard_ping_stops_a_search_at_once`).
fn converse(input: &str) -> std::process::Output {
    use std::sync::mpsc;
    let mut child = test_support::spawn_piped(Command::new(EXE).args(["--nboard", "--no-book"]));
    let (send, receive) = mpsc::channel::<(bool, String)>();
    let readers: Vec<_> = [
        (
            false,
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        ),
        (true, Box::new(child.stderr.take().unwrap())),
    ]
    .into_iter()
    .map(|(is_err, pipe)| {
        let send = send.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            for line in BufReader::new(pipe).lines() {
                let line = line.unwrap();
                text.push_str(&line);
                text.push('\n');
                let _ = send.send((is_err, line));
            }
            text
        })
    })
    .collect();
    drop(send);
    let mut stdin = child.stdin.take().unwrap();
    for (i, line) in input.lines().enumerate() {
        // The program may have quit: a broken pipe is not a failure.
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            break;
        }
        let Some(done) = answer_to(line) else {
            continue;
        };
        let refused = format!("line {}:", i + 1);
        loop {
            match receive.recv_timeout(Duration::from_secs(300)) {
                Ok((false, out)) if done(&out) => break,
                Ok((true, err)) if err.starts_with(&refused) => break,
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("no answer to {line:?}"),
            }
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    let mut texts = readers.into_iter().map(|r| r.join().unwrap());
    let (stdout, stderr) = (texts.next().unwrap(), texts.next().unwrap());
    std::process::Output {
        status,
        stdout: stdout.into_bytes(),
        stderr: stderr.into_bytes(),
    }
}

/// A `ping` sent while a 30-ply `go` or a `hint` searches is answered at once, after the
/// search's own answer (its best move so far, or the hint lines it finished), as the
/// NBoard protocol orders them; a `move` sent during a search stops it too, and the next
/// `go` searches the board after that move. Without the book, whose positions would be
/// answered at once.
#[test]
fn nboard_ping_stops_a_search_at_once() {
    let _alone = alone();
    let mut child = Command::new(EXE)
        .args(["--nboard", "--no-book"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut until = |end: &str| -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "no {end:?}");
            let line = line.trim_end().to_owned();
            let last = line.starts_with(end);
            lines.push(line);
            if last {
                return lines;
            }
        }
    };
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        Instant::now()
    };
    send("nboard 2");
    until("set myname");
    send("set depth 30");
    for search in ["go", "hint 4"] {
        send(search);
        std::thread::sleep(Duration::from_millis(300));
        let sent = send("ping 7");
        let lines = until("pong 7");
        let waited = sent.elapsed();
        // 50 ms is the target (measured from outside: well under it); a loaded test
        // machine gets a second.
        assert!(
            waited < Duration::from_secs(1),
            "{search}: pong after {waited:?}"
        );
        let at = lines.iter().position(|l| match search {
            "go" => l.starts_with("=== "),
            _ => l == "status",
        });
        assert_eq!(at, Some(lines.len() - 2), "{search}: {lines:?}");
    }
    // A move during a search stops it; the next search is of the board after the move.
    send("go");
    std::thread::sleep(Duration::from_millis(300));
    send("move d3");
    until("=== ");
    send("set depth 1");
    send("go");
    let answer = until("=== ").pop().unwrap();
    let reply = answer[4..].split('/').next().unwrap().to_lowercase();
    let after_d3 = reversi::Board::START.play("d3".parse().unwrap()).unwrap();
    assert!(
        after_d3.play(reply.parse().unwrap()).is_ok(),
        "{reply} is no move of White after d3"
    );
    send("quit");
    assert!(child.wait().unwrap().success());
}

#[test]
fn nboard_transcripts_are_pinned() {
    let _alone = alone();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/reversi-engine-nboard");
    let mut inputs: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty());
    for input in inputs {
        let name = input.file_stem().unwrap().to_str().unwrap().to_owned();
        let stdin = fs::read_to_string(&input).unwrap();
        let output = converse(&stdin);
        let stdout: Vec<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(redact)
            .collect();
        let numbered: Vec<String> = stdin
            .lines()
            .enumerate()
            .map(|(i, line)| format!("{:>2}| {line}", i + 1))
            .collect();
        let report = format!(
            "args: [\"--nboard\", \"--no-book\"]\nstatus: {}\n--- input\n{}\n--- stdout\n{}\n--- stderr\n{}",
            output
                .status
                .code()
                .map_or_else(|| "none (killed by a signal)".to_owned(), |c| c.to_string()),
            numbered.join("\n"),
            stdout.join("\n"),
            String::from_utf8_lossy(&output.stderr),
        );
        insta::with_settings!({
            snapshot_path => "snapshots",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("reversi-engine-nboard__{name}"), report);
        });
    }
}

/// GTP as the match runner drives it: `time_settings 0 T 1` gives T seconds a move;
/// each `genmove`, sent once the program is running, is answered with a legal move
/// within T of being sent, and the moves make a legal game.
#[test]
fn gtp_genmove_answers_within_its_seconds_a_move() {
    let _alone = alone();
    let time = Duration::from_millis(300);
    let mut child = test_support::spawn_piped(&mut Command::new(EXE));
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |command: &str| -> (String, Duration) {
        let sent = Instant::now();
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        let mut response = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                stdout.read_line(&mut line).unwrap() > 0,
                "no answer to {command}"
            );
            if line == "\n" {
                break;
            }
            response.push_str(&line);
        }
        (response, sent.elapsed())
    };
    assert_eq!(ask("time_settings 0 0.3 1").0, "=\n");
    let mut board = reversi::Board::START;
    let mut color = reversi::Color::Black;
    for _ in 0..12 {
        let c = if color == reversi::Color::Black {
            "b"
        } else {
            "w"
        };
        let (response, elapsed) = ask(&format!("genmove {c}"));
        assert!(elapsed < time, "genmove {c} answered after {elapsed:?}");
        let ply: reversi::Ply = response.trim_start_matches("= ").trim().parse().unwrap();
        board = board.play_ply(ply).unwrap();
        color = color.other();
    }
    ask("quit");
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A whole game of `genmove b`, `genmove w`, ... (each answer played by the engine) from
/// the program run with `args`: every answer is a legal ply of the game as replayed by
/// the rules, a pass exactly when the side to move must pass, until the game is over.
fn self_play_is_legal(args: &[&str]) {
    let genmoves: String = (0..70)
        .map(|i| {
            if i % 2 == 0 {
                "genmove b\n"
            } else {
                "genmove w\n"
            }
        })
        .collect();
    let output = test_support::run(EXE, args, genmoves.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 70, "{args:?}: {stdout}");
    let mut board = reversi::Board::START;
    for (i, answer) in answers.iter().enumerate() {
        let text = answer
            .strip_prefix("= ")
            .unwrap_or_else(|| panic!("{answer:?}"));
        let ply: reversi::Ply = text.parse().unwrap();
        if board.is_game_over() {
            assert_eq!(
                ply,
                reversi::Ply::Pass,
                "{args:?}: answer {i} after the end"
            );
            continue;
        }
        // The colour asked for is always the side to move: passes are answered too.
        assert_eq!(board.side_to_move() as usize, i % 2, "{args:?}: answer {i}");
        assert_eq!(
            ply == reversi::Ply::Pass,
            board.must_pass(),
            "{args:?}: {i}"
        );
        board = board.play_ply(ply).unwrap();
    }
    assert!(
        board.is_game_over(),
        "{args:?}: 70 plies and the game not over"
    );
}

#[test]
fn gtp_with_a_node_budget_plays_a_legal_game() {
    let _alone = alone();
    self_play_is_legal(&["--nodes", "1000"]);
    self_play_is_legal(&["--gtp", "--nodes=1000", "--no-probcut"]);
}

/// `--threads 2`: a whole game at 50 ms a move, its last 16 or so empties solved on two
/// threads, every answer legal.
#[test]
fn gtp_with_two_solver_threads_plays_a_legal_game() {
    let _alone = alone();
    self_play_is_legal(&["--threads", "2", "--time", "0.05"]);
}

/// The program run with `args` is a bad command line: exit status 2, nothing on standard
/// output, clap's `error: ` and `message` on standard error.
fn assert_refused(args: &[&str], message: &str) {
    let output = test_support::run(EXE, args, b"genmove b\n");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!("error: {message}\n")),
        "{args:?}: {stderr}"
    );
}

/// `--threads` takes a whole number from 1 to 256: anything else is a bad command line
/// (exit status 2), named with what was expected; nothing is read.
#[test]
fn bad_thread_counts_are_refused() {
    let expected = "expected a number of threads from 1 to 256";
    for (args, message) in [
        (
            &["--threads", "0"][..],
            format!("invalid value '0' for '--threads <N>': {expected}"),
        ),
        (
            &["--threads", "257"][..],
            format!("invalid value '257' for '--threads <N>': {expected}"),
        ),
        (
            &["--threads=two"][..],
            format!("invalid value 'two' for '--threads <N>': {expected}"),
        ),
        (
            &["--threads"][..],
            "a value is required for '--threads <N>' but none was supplied".to_owned(),
        ),
    ] {
        assert_refused(args, &message);
    }
}

/// `--nodes` takes a whole number from 1 to 10^12: anything else is a bad command line
/// (exit status 2), named with what was expected; nothing is read.
#[test]
fn bad_node_budgets_are_refused() {
    let expected = "expected a number of nodes from 1 to 1000000000000";
    for (args, message) in [
        (
            &["--nodes", "0"][..],
            format!("invalid value '0' for '--nodes <N>': {expected}"),
        ),
        (
            &["--nodes", "x"][..],
            format!("invalid value 'x' for '--nodes <N>': {expected}"),
        ),
        (
            &["--nodes=-5"][..],
            format!("invalid value '-5' for '--nodes <N>': {expected}"),
        ),
        (
            &["--nodes", "+5"][..],
            format!("invalid value '+5' for '--nodes <N>': {expected}"),
        ),
        (
            &["--nodes", "1000000000001"][..],
            format!("invalid value '1000000000001' for '--nodes <N>': {expected}"),
        ),
        (
            &["--nodes"][..],
            "a value is required for '--nodes <N>' but none was supplied".to_owned(),
        ),
    ] {
        assert_refused(args, &message);
    }
}

/// The book options take numbers in their ranges, and cannot be used with `--no-book`,
/// nor can `--book`: anything else is a bad command line (exit status 2) named with what
/// was expected; nothing is read. (They apply to the built-in book without `--book`.)
#[test]
fn bad_book_options_are_refused() {
    let discs = "expected a number of discs from 0 to 64";
    for (args, message) in [
        (
            &["--book-margin", "65"][..],
            format!("invalid value '65' for '--book-margin <N>': {discs}"),
        ),
        (
            &["--book-margin=-1"][..],
            format!("invalid value '-1' for '--book-margin <N>': {discs}"),
        ),
        (
            &["--book-randomness", "x"][..],
            format!("invalid value 'x' for '--book-randomness <N>': {discs}"),
        ),
        (
            &["--no-book", "--book-margin", "3"][..],
            "the argument '--no-book' cannot be used with '--book-margin <N>'".to_owned(),
        ),
        (
            &["--book-seed", "7", "--no-book"][..],
            "the argument '--book-seed <N>' cannot be used with '--no-book'".to_owned(),
        ),
        (
            &["--no-book", "--book", "any.book"][..],
            "the argument '--no-book' cannot be used with '--book <FILE>'".to_owned(),
        ),
    ] {
        assert_refused(args, &message);
    }
}

/// The built-in book by default: at the start, `genmove b` at depth 1 is one of the
/// book's best moves (the same with `--book` on the shipped file), and `--no-book`
/// searches instead (what a depth-1 search plays, whatever the book says); the
/// `--book-*` options apply to the built-in book.
#[test]
fn the_built_in_book_is_played_unless_no_book() {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/default.book");
    let book = reversi_engine::Book::read(&shipped).unwrap();
    let best: Vec<String> = book
        .moves(&reversi::Board::START)
        .iter()
        .filter(|m| m.value == book.moves(&reversi::Board::START)[0].value)
        .map(|m| format!("= {}\n\n", m.square))
        .collect();
    let genmove = |args: &[&str]| {
        let output = test_support::run(EXE, args, b"genmove b\n");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let file = shipped.to_str().unwrap();
    let built_in = genmove(&["--depth", "1", "--book-seed", "3"]);
    assert!(best.contains(&built_in), "{built_in:?} not in {best:?}");
    assert_eq!(
        genmove(&["--depth", "1", "--book-seed", "3", "--book", file]),
        built_in
    );
    // At randomness 64 every book move may be drawn: over a few seeds, more than one.
    let drawn: std::collections::BTreeSet<String> = (0..12)
        .map(|seed| {
            let seed = seed.to_string();
            genmove(&[
                "--depth",
                "1",
                "--book-randomness",
                "64",
                "--book-seed",
                &seed,
            ])
        })
        .collect();
    assert!(drawn.len() > 1, "{drawn:?}");
    // Without a book: the search's move, the same on every run.
    let searched = genmove(&["--depth", "1", "--no-book"]);
    assert!(searched.starts_with("= "), "{searched:?}");
    assert_eq!(genmove(&["--depth", "1", "--no-book"]), searched);
}

/// NBoard's `learn` with the built-in book: the game is learned in memory, answered
/// `learned`, and nothing is written (the built-in book has no file).
#[test]
fn nboard_learn_with_the_built_in_book_stays_in_memory() {
    let _alone = alone();
    let dir = std::env::temp_dir().join(format!("reversi-engine-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3]B[C4]W[F4]B[F6]W[F3]B[E6]W[E7]B[C6]W[B5];)";
    let input = format!("nboard 2\nset depth 1\nset game {game}\nlearn\nping 1\nquit\n");
    let mut child = test_support::spawn_piped(
        Command::new(EXE)
            .args(["--nboard", "--book-depth", "1"])
            .current_dir(&dir),
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
    assert!(stdout.contains("\nlearned\npong 1\n"), "{stdout}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "a file was written"
    );
    std::fs::remove_dir(&dir).unwrap();
}

/// The built-in book's documented rule where it and the search differ: over the book's
/// positions of the first 4 plies (reached from the start by book moves), GTP
/// `reg_genmove` with a depth and no clock answers the book's best move at once
/// (`Book::moves`' first, the book's own value order), and `--no-book` answers a search
/// that plays another move in some of them (the test finds them; the shipped book must
/// hold one).
#[test]
fn the_built_in_book_answers_its_best_move_where_the_search_differs() {
    use reversi::Board;
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/default.book");
    let book = reversi_engine::Book::read(&shipped).unwrap();
    // The positions: (the GTP moves from the start, the board), by book moves.
    let mut level = vec![(Vec::<String>::new(), Board::START)];
    let mut positions = Vec::new();
    for _ in 0..4 {
        let mut next = Vec::new();
        for (moves, board) in level {
            for m in book.moves(&board).iter().filter(|m| m.in_book) {
                let after = board.play(m.square).unwrap();
                if after.can_move() && !book.moves(&after).is_empty() {
                    let color = if board.side_to_move() == reversi::Color::Black {
                        "b"
                    } else {
                        "w"
                    };
                    let mut line = moves.clone();
                    line.push(format!("play {color} {}", m.square));
                    next.push((line, after));
                }
            }
        }
        positions.extend(next.iter().cloned());
        level = next;
    }
    assert!(positions.len() > 20, "{} book positions", positions.len());
    let mut input = String::new();
    for (moves, board) in &positions {
        input += "clear_board\n";
        for line in moves {
            input += &format!("{line}\n");
        }
        let color = if board.side_to_move() == reversi::Color::Black {
            "b"
        } else {
            "w"
        };
        input += &format!("reg_genmove {color}\n");
    }
    let answers = |args: &[&str]| -> Vec<String> {
        let output = test_support::run(EXE, args, input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
        // Every play and clear_board answers `=`; each reg_genmove `= SQUARE`.
        replies
            .iter()
            .filter(|r| r.len() > 2)
            .map(|r| r.trim_start_matches("= ").to_owned())
            .collect()
    };
    let with_book = answers(&["--gtp", "--depth", "2"]);
    let searched = answers(&["--gtp", "--depth", "2", "--no-book"]);
    assert_eq!(with_book.len(), positions.len());
    assert_eq!(searched.len(), positions.len());
    let mut differ = 0;
    for (((moves, board), book_answer), search_answer) in
        positions.iter().zip(&with_book).zip(&searched)
    {
        let best = book.moves(board)[0].square.to_string();
        assert_eq!(book_answer, &best, "after {moves:?}");
        let square: reversi::Square = search_answer.parse().unwrap();
        assert!(board.legal_moves().contains(square), "after {moves:?}");
        differ += usize::from(*search_answer != best);
    }
    assert!(
        differ > 0,
        "the search plays the book's move in every position"
    );
}
