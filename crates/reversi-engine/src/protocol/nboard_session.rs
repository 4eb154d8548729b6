//! The NBoard session: the NBoard protocol's commands ([`reversi_protocol::nboard`]) answered with an
//! [`Engine`], with searches that a command arriving while they run stops.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use reversi::ggf::{Clock, GgfGame, MoveItem};
use reversi::{Board, ByColor, Ply};
use reversi_protocol::nboard::{
    ply_text, Command as NboardCommand, NboardError, Reply, SearchDepth,
};

use super::book::SessionBook;
use super::session::{clock_duration, min_option, plies_for, with_margin, Defaults, Flow, NAME};
use crate::{move_budget, Analysis, Engine, SearchLimits, StopSignal};

/// Writes an NBoard reply and flushes it (the GUI waits for it).
fn say(out: &mut dyn Write, reply: Reply) -> io::Result<()> {
    out.write_all(reply.to_string().as_bytes())?;
    out.flush()
}

/// An NBoard session ([`reversi_protocol::nboard`]): the board, the depth, the game's clock.
pub struct NboardSession {
    engine: Engine,
    /// The engine's stop signal: set when a command arrives during a search.
    stop: StopSignal,
    defaults: Defaults,
    depth: u32,
    contempt: i32,
    clock: Option<Clock>,
    /// Seconds each side has used (the times of its moves).
    used: ByColor<f64>,
    /// The game's start and its plies so far (what `learn` adds to the book).
    start: Board,
    plies: Vec<Ply>,
    book: Option<SessionBook>,
    /// Whether the last `set game` was refused (then there is no game until the next).
    no_game: bool,
}

/// The depth of an NBoard session before `set depth` (which the GUI sends first).
pub const NBOARD_DEFAULT_DEPTH: u32 = 10;

impl NboardSession {
    /// A session on `engine` (its board set to the start), searching within `defaults`.
    #[must_use]
    pub fn new(mut engine: Engine, defaults: Defaults) -> NboardSession {
        engine.new_game();
        let stop = StopSignal::new();
        engine.set_stop_signal(stop.clone());
        NboardSession {
            engine,
            stop,
            depth: defaults.depth.unwrap_or(NBOARD_DEFAULT_DEPTH),
            defaults,
            contempt: 0,
            clock: None,
            used: ByColor::from_fn(|_| 0.0),
            start: Board::START,
            plies: Vec::new(),
            book: None,
            no_game: false,
        }
    }

    /// Answers `go` from `book` when it has the position, and lets `learn` add the
    /// session's game to it ([`SessionBook::learn`]).
    pub fn set_book(&mut self, book: SessionBook) {
        self.book = Some(book);
    }

    /// The session's book, if it has one.
    #[must_use]
    pub fn book(&self) -> Option<&SessionBook> {
        self.book.as_ref()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        self.engine.board()
    }

    /// The contempt set (hundredths of a disc; kept, not used by the search).
    #[must_use]
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Answers one command line on `out` (flushed after each reply that the GUI waits
    /// for), or says why it is ignored (nothing written, nothing changed). A blank line
    /// is skipped. A `go` or `hint` runs to its limits: [`NboardSession::handle_line_watching`]
    /// lets a later command stop it.
    ///
    /// # Errors
    /// The outer error: only an I/O error writing `out`.
    pub fn handle_line(
        &mut self,
        line: &str,
        out: &mut dyn Write,
    ) -> io::Result<Result<Flow, NboardError>> {
        let (result, _) = self.handle_line_watching::<()>(line, out, None)?;
        Ok(result)
    }

    /// [`NboardSession::handle_line`], with `incoming` (the receiving end of the
    /// program's command lines) watched while a `go` or `hint` searches: the first line
    /// to arrive stops the search, as the protocol wants of a GUI that sends `ping`, a
    /// new `set game`, a `move` or `quit` while the engine thinks. The stopped search
    /// still answers what it completed (`===` with the best move of its last finished
    /// iteration; the `search` lines of the finished iterations, then `nodestats` and
    /// `status`), and that line is returned, to be handled next: its own answer (a
    /// `pong`) comes after the search's, as the protocol orders them.
    ///
    /// ```
    /// use std::sync::mpsc;
    /// use reversi_engine::protocol::{Defaults, NboardSession};
    /// let mut session = NboardSession::new(reversi_engine::Engine::with_table_bytes(1 << 20), Defaults::default());
    /// let (send, mut incoming) = mpsc::channel();
    /// session.handle_line("set depth 40", &mut Vec::new())?.unwrap();
    /// send.send("ping 7".to_owned()).unwrap();
    /// let mut out = Vec::new();
    /// // A 40-ply search from the start would take hours: the ping stops it at once.
    /// let (result, next) = session.handle_line_watching("go", &mut out, Some(&mut incoming))?;
    /// assert!(result.is_ok());
    /// assert_eq!(next.as_deref(), Some("ping 7"));
    /// assert!(String::from_utf8(out).unwrap().contains("=== "));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// The outer error: only an I/O error writing `out`.
    pub fn handle_line_watching<L: Send>(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        incoming: Option<&mut Receiver<L>>,
    ) -> io::Result<(Result<Flow, NboardError>, Option<L>)> {
        // A blank line is no command (the GUI's line ends may leave one).
        if line.trim().is_empty() {
            return Ok((Ok(Flow::Continue), None));
        }
        let command = match NboardCommand::parse(line) {
            Ok(command) => command,
            Err(error) => {
                if matches!(error, NboardError::Game(_)) {
                    self.no_game = true;
                }
                return Ok((Err(error), None));
            }
        };
        if self.no_game {
            let refused = match command {
                NboardCommand::Go => Some("go"),
                NboardCommand::Hint(_) => Some("hint"),
                NboardCommand::Move(_) => Some("move"),
                NboardCommand::Learn => Some("learn"),
                _ => None,
            };
            if let Some(command) = refused {
                return Ok((Err(NboardError::NoGame { command }), None));
            }
        }
        let mut next = None;
        match command {
            NboardCommand::Nboard(_) => say(out, Reply::MyName(NAME.to_owned()))?,
            NboardCommand::SetDepth(depth) => {
                self.depth = min_option(Some(depth), self.defaults.depth).unwrap_or(depth);
            }
            NboardCommand::SetContempt(contempt) => self.contempt = contempt,
            NboardCommand::SetGame(game) => self.set_game(&game),
            NboardCommand::Move(item) => {
                if let Err(error) = self.play_item(&item, line) {
                    return Ok((Err(error), None));
                }
            }
            NboardCommand::Go => {
                if self.board().is_game_over() {
                    return Ok((Err(NboardError::GameOver { command: "go" }), None));
                }
                next = self.go(out, incoming)?;
            }
            NboardCommand::Hint(n) => {
                if self.board().is_game_over() {
                    return Ok((Err(NboardError::GameOver { command: "hint" }), None));
                }
                next = self.hint(n as usize, out, incoming)?;
            }
            NboardCommand::Ping(n) => say(out, Reply::Pong(n))?,
            NboardCommand::Learn => {
                let learned = self.learn();
                say(out, Reply::Learned)?;
                if let Err(error) = learned {
                    return Ok((Err(error), None));
                }
            }
            NboardCommand::Quit => return Ok((Ok(Flow::Quit), None)),
        }
        Ok((Ok(Flow::Continue), next))
    }

    /// `set game`: the game's board and clock, and each side's seconds used by its
    /// moves.
    fn set_game(&mut self, game: &GgfGame) {
        self.no_game = false;
        self.engine.set_board(game.board_after);
        self.clock = game.clock;
        self.used = ByColor::from_fn(|color| game.seconds_used(color));
        self.start = game.start;
        self.plies = game.moves.iter().map(|item| item.ply).collect();
    }

    /// `move`: `item` played (by the side to move, or by the other side after a pass it
    /// implies), its seconds counted; an illegal one is the error naming it as `line`
    /// gave it, the board unchanged.
    fn play_item(&mut self, item: &MoveItem, line: &str) -> Result<(), NboardError> {
        let board = *self.board();
        let color = if item.ply != Ply::Pass && board.must_pass() {
            board.side_to_move().other()
        } else {
            board.side_to_move()
        };
        match plies_for(&board, color, item.ply) {
            Some((plies, after)) => {
                *self.used.get_mut(color) += item.seconds.unwrap_or(0.0);
                self.plies.extend(plies);
                self.engine.set_board(after);
                Ok(())
            }
            None => {
                let error = match item.ply {
                    Ply::Move(square) => board.play_after_pass(square).err(),
                    Ply::Pass => board.pass().err(),
                };
                Err(NboardError::Illegal {
                    text: line.trim().trim_start_matches("move").trim().to_owned(),
                    error: error.unwrap_or(reversi::IllegalMove::GameOver),
                })
            }
        }
    }

    /// `go` on a board that is not over: `status thinking`, a `status` line for each
    /// iteration the search completes (the GUI shows it while the engine thinks:
    /// [`progress_status`]), the search's nodestats and its move (not played); the line
    /// that stopped it, if one did.
    fn go<L: Send>(
        &mut self,
        out: &mut dyn Write,
        incoming: Option<&mut Receiver<L>>,
    ) -> io::Result<Option<L>> {
        say(out, Reply::Status("thinking".to_owned()))?;
        let board = *self.board();
        if let Some(book_move) = self.book.as_mut().and_then(|book| book.choose(&board)) {
            say(
                out,
                Reply::NodeStats {
                    nodes: 0,
                    seconds: 0.0,
                },
            )?;
            let item = MoveItem {
                ply: Ply::Move(book_move.square),
                eval: Some(book_move.value as f64),
                seconds: Some(0.0),
            };
            say(out, Reply::Move(item))?;
            return Ok(None);
        }
        let limits = self.limits(self.depth);
        let engine = &mut self.engine;
        let mut written: io::Result<()> = Ok(());
        let (report, next) = watching(&self.stop, incoming, || {
            engine.search_with_progress(limits, |iteration| {
                if written.is_ok() {
                    written = say(out, progress_status(iteration));
                }
            })
        });
        written?;
        say(
            out,
            Reply::NodeStats {
                nodes: report.nodes,
                seconds: report.elapsed.as_secs_f64(),
            },
        )?;
        let item = match report.best {
            Some(Ply::Pass) | None => MoveItem {
                ply: Ply::Pass,
                eval: None,
                seconds: None,
            },
            Some(ply) => MoveItem {
                ply,
                eval: Some(report.score),
                seconds: Some(report.elapsed.as_secs_f64()),
            },
        };
        say(out, Reply::Move(item))?;
        Ok(next)
    }

    /// `learn`: the session's game added to its book (nothing without a book).
    fn learn(&mut self) -> Result<(), NboardError> {
        let Some(book) = self.book.as_mut() else {
            return Ok(());
        };
        book.learn(&mut self.engine, self.start, &self.plies)
            .map(|_| ())
            .map_err(|error| NboardError::Learn {
                reason: error.to_string(),
            })
    }

    /// The limits of a search to `depth` plies: the node cap, and a time budget: the
    /// share of the game's clock when it has one (a main time or an increment: the main
    /// time less the seconds of the side's moves, shared, plus the increment), at most
    /// [`Defaults::move_time`]. Used whole, with no soft budget
    /// ([`SearchLimits::target`]): match runners hold an NBoard engine to a time a move,
    /// which the protocol cannot say; `reversi-match` gives it as an increment with no
    /// main time, from which the budget is that time a move.
    fn limits(&self, depth: u32) -> SearchLimits {
        let board = self.board();
        let time = self
            .clock
            .filter(|c| c.main > 0.0 || c.increment > 0.0)
            .map(|clock| {
                let used = *self.used.get(board.side_to_move());
                let left = clock_duration(clock.main - used);
                let increment = clock_duration(clock.increment);
                let per_move = Some(increment).filter(|i| !i.is_zero());
                with_margin(move_budget(left, per_move, board.empty_squares().len()))
            });
        SearchLimits {
            depth: Some(depth),
            nodes: self.defaults.nodes,
            time: min_option(time, self.defaults.move_time),
            target: None,
        }
    }

    /// `hint n` on a board that is not over: `status analysing`, then the `search`
    /// lines of the best `n` moves ([`Engine::analyse`]) after each finished iteration
    /// (the GUI's pane fills while the engine thinks), `nodestats`, and `status`; the
    /// line that stopped it, if one did. Each line's depth is the plies searched from
    /// the position, the move included (`100%` when exact).
    fn hint<L: Send>(
        &mut self,
        n: usize,
        out: &mut dyn Write,
        incoming: Option<&mut Receiver<L>>,
    ) -> io::Result<Option<L>> {
        say(out, Reply::Status("analysing".to_owned()))?;
        let limits = self.limits(self.depth);
        let engine = &mut self.engine;
        let mut written: io::Result<()> = Ok(());
        let (analysis, next) = watching(&self.stop, incoming, || {
            engine.analyse(limits, Some(n.max(1)), |iteration: &Analysis| {
                if written.is_ok() {
                    written = iteration
                        .moves
                        .iter()
                        .try_for_each(|m| say(out, hint_line(m)));
                }
            })
        });
        written?;
        say(
            out,
            Reply::NodeStats {
                nodes: analysis.nodes,
                seconds: analysis.elapsed.as_secs_f64(),
            },
        )?;
        say(out, Reply::Status(String::new()))?;
        Ok(next)
    }
}

/// The `status` line of a completed level of `go`'s search: `depth D MOVE SCORE` (the
/// midgame's plies, its move and its estimate in discs, two decimals), `depth E@P% MOVE
/// SCORE` for a search to the end of E empties at a selectivity of P% other than the
/// midgame's 95% (Edax's notation), or `exact E MOVE SCORE` for a solve of E empties;
/// the move is `PA` for a pass.
fn progress_status(iteration: &crate::SearchReport) -> Reply {
    let kind = if iteration.exact { "exact" } else { "depth" };
    let ply = ply_text(iteration.best.unwrap_or(Ply::Pass));
    let selectivity = match iteration.selectivity {
        95 | 100 => String::new(),
        percent => format!("@{percent}%"),
    };
    Reply::Status(format!(
        "{kind} {}{selectivity} {ply} {:+.2}",
        iteration.depth, iteration.score
    ))
}

/// The `search` line of one move of an analysis.
fn hint_line(m: &crate::MoveValue) -> Reply {
    Reply::Search {
        pv: m.pv.clone(),
        eval: m.score,
        depth: if m.exact {
            SearchDepth::Exact
        } else {
            SearchDepth::Plies(m.depth)
        },
    }
}

/// Runs `search` on this thread while another watches `incoming` (when given): the first
/// line to arrive sets `stop`, so the search stops within about a millisecond, and is
/// returned with the search's result. `stop` is clear again afterwards.
fn watching<L: Send, T>(
    stop: &StopSignal,
    incoming: Option<&mut Receiver<L>>,
    search: impl FnOnce() -> T,
) -> (T, Option<L>) {
    let incoming = match incoming {
        Some(incoming) => incoming,
        None => return (search(), None),
    };
    let done = AtomicBool::new(false);
    let (result, line) = std::thread::scope(|scope| {
        let done = &done;
        let watcher = scope.spawn(move || {
            while !done.load(Ordering::Relaxed) {
                match incoming.recv_timeout(Duration::from_millis(2)) {
                    Ok(line) => {
                        stop.stop();
                        return Some(line);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    // The input ended: the search runs to its limits.
                    Err(RecvTimeoutError::Disconnected) => return None,
                }
            }
            None
        });
        let result = search();
        done.store(true, Ordering::Relaxed);
        let line = watcher.join().unwrap_or(None);
        (result, line)
    });
    stop.reset();
    (result, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that keeps each line with the time it was written.
    struct Timed(Vec<(std::time::Instant, String)>);

    impl Write for Timed {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let now = std::time::Instant::now();
            for line in String::from_utf8_lossy(bytes).lines() {
                self.0.push((now, line.to_owned()));
            }
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// While `go` thinks, each completed iteration is a `status` line, written at once
    /// (the GUI shows them as they come): from the start at 1 s a move, the first comes
    /// within the first second and several before the move; their depths rise one by
    /// one from 1. (The session snapshots of `reversi-engine --nboard` pin the lines of
    /// depth-limited searches, whose last line gives the move and score answered.)
    #[test]
    fn go_writes_a_status_line_for_each_iteration_as_it_completes() {
        let defaults = Defaults {
            depth: None,
            nodes: None,
            move_time: Some(Duration::from_secs(1)),
        };
        let mut session = NboardSession::new(Engine::with_table_bytes(1 << 20), defaults);
        let mut sink = Vec::new();
        assert_eq!(
            session.handle_line("set depth 30", &mut sink).unwrap(),
            Ok(Flow::Continue)
        );
        let mut out = Timed(Vec::new());
        let start = std::time::Instant::now();
        assert_eq!(
            session.handle_line("go", &mut out).unwrap(),
            Ok(Flow::Continue)
        );
        let lines = &out.0;
        assert_eq!(lines[0].1, "status thinking");
        let progress: Vec<&(std::time::Instant, String)> = lines
            .iter()
            .filter(|(_, line)| line.starts_with("status depth "))
            .collect();
        assert!(progress.len() >= 5, "{lines:?}");
        assert!(progress[0].0 - start < Duration::from_secs(1));
        for (i, (_, line)) in progress.iter().enumerate() {
            let depth: usize = line.split(' ').nth(2).unwrap().parse().unwrap();
            assert_eq!(depth, i + 1, "{line}");
        }
        assert!(lines.last().unwrap().1.starts_with("=== "), "{lines:?}");
    }

    /// After a `set game` the session cannot read, `go`, `hint`, `move` and `learn` are
    /// refused (the GUI's position is not the engine's) and write nothing, while `ping`
    /// and `set depth` are still answered; the next good `set game` ends it.
    #[test]
    fn a_refused_set_game_leaves_no_game_until_the_next() {
        let mut session =
            NboardSession::new(Engine::with_table_bytes(1 << 16), Defaults::default());
        let mut out = Vec::new();
        let good = "(;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]BO[8 -------- -------- -------- \
                    ---O*--- ---*O--- -------- -------- -------- *]B[F5];)";
        let flow = |s: &mut NboardSession, line: &str, out: &mut Vec<u8>| {
            s.handle_line(line, out).unwrap()
        };
        assert_eq!(
            flow(&mut session, "set depth 2", &mut out),
            Ok(Flow::Continue)
        );
        assert_eq!(
            flow(&mut session, &format!("set game {good}"), &mut out),
            Ok(Flow::Continue)
        );
        assert!(matches!(
            flow(&mut session, "set game (;GM[Othello]B[Z9];)", &mut out),
            Err(NboardError::Game(_))
        ));
        for (line, command) in [
            ("go", "go"),
            ("hint 2", "hint"),
            ("move d6", "move"),
            ("learn", "learn"),
        ] {
            assert_eq!(
                flow(&mut session, line, &mut out),
                Err(NboardError::NoGame { command }),
                "{line}"
            );
        }
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        assert_eq!(flow(&mut session, "ping 7", &mut out), Ok(Flow::Continue));
        assert_eq!(String::from_utf8_lossy(&out), "pong 7\n");
        out.clear();
        assert_eq!(
            flow(&mut session, &format!("set game {good}"), &mut out),
            Ok(Flow::Continue)
        );
        assert_eq!(flow(&mut session, "go", &mut out), Ok(Flow::Continue));
        let text = String::from_utf8_lossy(&out);
        let answer = text.lines().last().unwrap();
        // White's reply to f5 on the game's board: d6, f6 or f4.
        assert!(
            ["=== D6", "=== F6", "=== F4"]
                .iter()
                .any(|m| answer.starts_with(m)),
            "{text}"
        );
    }

    /// The search limits after `set game` of the game `ggf`.
    fn limits_after(ggf: &str) -> SearchLimits {
        let mut session =
            NboardSession::new(Engine::with_table_bytes(1 << 16), Defaults::default());
        let mut out = Vec::new();
        let flow = session.handle_line(&format!("set game {ggf}"), &mut out);
        assert_eq!(flow.unwrap(), Ok(Flow::Continue));
        session.limits(20)
    }

    /// The game's clock (`TI`) and the seconds of the side's own moves give the budget:
    /// the main time left shared among the moves to come, plus the increment; an
    /// increment alone is a time a move. No clock: no time limit.
    #[test]
    fn the_clock_of_the_game_gives_the_budget() {
        let ms = Duration::from_millis;
        let game = |clock: &str| {
            format!(
                "(;GM[Othello]PC[NBoard]PB[a]PW[b]{clock}TY[8]BO[8 -------- -------- \
                 -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//4.00]W[D6//1.00];)"
            )
        };
        // Black has used 4 s of 10: 6 s for the 24 moves to 12 empties, 250 ms, less
        // the margin (20 ms).
        assert_eq!(limits_after(&game("TI[0:10.000]")).time, Some(ms(230)));
        // No main time, 0.1 s an increment: 0.1 s a move, less a tenth.
        assert_eq!(
            limits_after(&game("TI[0:00.000/0:00.100]")).time,
            Some(ms(90))
        );
        assert_eq!(limits_after(&game("")).time, None);
        // A clock too large for a `Duration` (1e30 s) is read as a year, not a panic.
        let year = Duration::from_secs(365 * 86_400);
        for clock in ["TI[1e30]", "TI[0/1e30]"] {
            let time = limits_after(&game(clock)).time;
            assert!(
                matches!(time, Some(t) if t > ms(0) && t <= year),
                "{clock}: {time:?}"
            );
        }
    }
}
