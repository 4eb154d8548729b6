//! The sessions: a protocol's commands answered with an [`Engine`].

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use reversi::{Board, ByColor, Color, Ply};

use super::book::SessionBook;
use super::gtp::{self, Command as GtpCommand};
use super::nboard::{Command as NboardCommand, NboardError, Reply};
use crate::{move_budget, move_hard_limit, Analysis, Engine, SearchLimits, StopSignal};
use reversi::ggf::{Clock, Game, MoveItem};

/// The name the engine gives itself (GTP `name`, NBoard `set myname`).
pub const NAME: &str = "reversi-engine";

/// What a session does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// The session is over (`quit`).
    Quit,
}

/// The limits a session's searches start from (the program's options): a depth cap and
/// a node cap for every search, and a move time: in GTP the time a move gets when the
/// controller gives no clock, in NBoard a cap on every move's time (`None`: no time
/// limit then, or no cap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defaults {
    /// At most this many plies (GTP); NBoard's `set depth` is capped by it too.
    pub depth: Option<u32>,
    /// At most about this many nodes a search.
    pub nodes: Option<u64>,
    /// GTP: the time a move gets without a clock; NBoard: the most a move gets.
    pub move_time: Option<Duration>,
}

/// Writes an NBoard reply and flushes it (the GUI waits for it).
fn say(out: &mut dyn Write, reply: Reply) -> io::Result<()> {
    out.write_all(reply.to_string().as_bytes())?;
    out.flush()
}

/// The budget handed to the engine for `budget` of clock: a margin for reading the
/// command and writing the answer kept back (a tenth, at most 20 ms).
fn with_margin(budget: Duration) -> Duration {
    budget - (budget / 10).min(Duration::from_millis(20))
}

/// The smaller of two optional limits.
fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The plies that play `ply` for `color` on `board`: the ply, after a pass of the side
/// to move when it is the other colour and must pass (so a controller may leave passes
/// out). `None` when `color` cannot play it.
fn plies_for(board: &Board, color: Color, ply: Ply) -> Option<(Vec<Ply>, Board)> {
    let mut plies = Vec::new();
    let mut board = *board;
    if color != board.side_to_move() {
        if ply == Ply::Pass || !board.must_pass() {
            return None;
        }
        board = board.pass().ok()?;
        plies.push(Ply::Pass);
    }
    board = match ply {
        Ply::Move(square) => board.play(square).ok()?,
        Ply::Pass => board.pass().ok()?,
    };
    plies.push(ply);
    Some((plies, board))
}

/// The GTP clock of one colour: the seconds left in the current period and the moves
/// they are for (0: main time, for the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Period {
    left: Duration,
    stones: u32,
}

/// GTP's `time_settings`: main time, byo-yomi time and stones.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TimeSettings {
    main: Duration,
    byo_yomi: Duration,
    stones: u32,
}

impl TimeSettings {
    /// Whether these settings are GTP's "no time limit" (`0 0 0`, or byo-yomi time
    /// without stones and no main time).
    fn unlimited(&self) -> bool {
        self.main.is_zero() && (self.byo_yomi.is_zero() || self.stones == 0)
    }

    /// The first period of a game.
    fn start(&self) -> Period {
        if self.main.is_zero() {
            Period {
                left: self.byo_yomi,
                stones: self.stones,
            }
        } else {
            Period {
                left: self.main,
                stones: 0,
            }
        }
    }
}

/// A GTP session ([`super::gtp`]): the board, what `undo` takes back, the clocks.
pub struct GtpSession {
    engine: Engine,
    defaults: Defaults,
    history: Vec<Board>,
    settings: Option<TimeSettings>,
    clocks: ByColor<Option<Period>>,
    book: Option<SessionBook>,
}

impl GtpSession {
    /// A session on `engine` (its board set to the start), searching within `defaults`.
    #[must_use]
    pub fn new(mut engine: Engine, defaults: Defaults) -> GtpSession {
        engine.new_game();
        GtpSession {
            engine,
            defaults,
            history: Vec::new(),
            settings: None,
            clocks: ByColor::from_fn(|_| None),
            book: None,
        }
    }

    /// Answers `genmove` from `book` when it has the position, else searches as before.
    ///
    /// With a game clock, or without a time limit, the book's move comes at once (no
    /// search; the clock is not charged). With a fixed time a move that unused time does
    /// not carry over (the engine's `--time`, or GTP `time_settings 0 T 1`), the engine
    /// still searches the position for that time and then plays the book's move: the
    /// time would be lost anyway, and the search leaves the transposition table holding
    /// the lines the moves after the book need.
    pub fn set_book(&mut self, book: SessionBook) {
        self.book = Some(book);
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        self.engine.board()
    }

    /// Answers one command line on `out` (nothing for a line that is only a comment or
    /// white space): `=` and the answer, or `?` and the error, the board unchanged.
    ///
    /// # Errors
    /// Only an I/O error writing `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let request = match gtp::read_line(line) {
            Some(request) => request,
            None => return Ok(Flow::Continue),
        };
        let (answer, flow) = match request.command {
            Ok(command) => self.run(command),
            Err(error) => (Err(error.to_string()), Flow::Continue),
        };
        let text = match &answer {
            Ok(text) => Ok(text.as_str()),
            Err(text) => Err(text.as_str()),
        };
        out.write_all(gtp::response(request.id, text).as_bytes())?;
        out.flush()?;
        Ok(flow)
    }

    /// The budget of `color`'s next move (`None` for no time limit) and, on a main-time
    /// clock, its soft part ([`SearchLimits::target`]): the move's share of the clock,
    /// the budget then being up to three times it ([`move_hard_limit`]).
    fn budget(&self, color: Color) -> (Option<Duration>, Option<Duration>) {
        let settings = match self.settings {
            Some(settings) if !settings.unlimited() => settings,
            _ => return (self.defaults.move_time, None),
        };
        let period = self.clocks.get(color).unwrap_or_else(|| settings.start());
        let empties = self.board().empty_squares().len();
        if period.stones > 0 {
            return (Some(with_margin(period.left / period.stones)), None);
        }
        let share = move_budget(period.left, None, empties);
        let hard = move_hard_limit(share, period.left, None, empties);
        // The margin guards the clock, not each move's share: a move a little past its
        // share takes from the later ones.
        (Some(with_margin(hard)), Some(share))
    }

    /// Whether each move gets a fixed time that it cannot pass on to later moves: the
    /// default move time without GTP time settings, or `time_settings 0 T 1`.
    fn time_is_per_move(&self) -> bool {
        match self.settings {
            Some(settings) if !settings.unlimited() => {
                settings.main.is_zero() && settings.stones == 1
            }
            _ => self.defaults.move_time.is_some(),
        }
    }

    /// `color`'s clock after a move of `elapsed`.
    fn spend(&mut self, color: Color, elapsed: Duration) {
        let settings = match self.settings {
            Some(settings) if !settings.unlimited() => settings,
            _ => return,
        };
        let mut period = self.clocks.get(color).unwrap_or_else(|| settings.start());
        period.left = period.left.saturating_sub(elapsed);
        if period.stones > 0 {
            period.stones -= 1;
            if period.stones == 0 {
                period = Period {
                    left: settings.byo_yomi,
                    stones: settings.stones,
                };
            }
        } else if period.left.is_zero() && settings.stones > 0 {
            period = Period {
                left: settings.byo_yomi,
                stones: settings.stones,
            };
        }
        *self.clocks.get_mut(color) = Some(period);
    }

    /// Plays `plies` (legal) on the engine, `undo` keeping the board before them.
    fn play_all(&mut self, plies: &[Ply]) {
        self.history.push(*self.board());
        for &ply in plies {
            // plies_for checked them on the same board.
            let _ = self.engine.play(ply);
        }
    }

    /// The answer to `genmove` (`play` true) or `reg_genmove`.
    fn generate(&mut self, color: Color, play: bool) -> Result<String, String> {
        let board = *self.board();
        if board.is_game_over() {
            return Ok("pass".to_owned());
        }
        let mut plies = Vec::new();
        let mut searched = board;
        if color != board.side_to_move() {
            if !board.must_pass() {
                return Err(format!(
                    "{} is to move, not {}",
                    board.side_to_move(),
                    color
                ));
            }
            plies.push(Ply::Pass);
            searched = board.pass().unwrap_or(board);
        }
        let from_book = self.book.as_mut().and_then(|book| book.choose(&searched));
        let at_once = from_book.filter(|_| !self.time_is_per_move());
        let ply = if searched.must_pass() {
            Ply::Pass
        } else if let Some(book_move) = at_once {
            Ply::Move(book_move.square)
        } else {
            let (time, target) = self.budget(color);
            let limits = SearchLimits {
                depth: self.defaults.depth,
                nodes: self.defaults.nodes,
                time,
                target,
            };
            self.engine.set_board(searched);
            let report = self.engine.search(limits);
            self.engine.set_board(board);
            self.spend(color, report.elapsed);
            match (from_book, report.best) {
                (Some(book_move), _) => Ply::Move(book_move.square),
                (None, Some(ply)) => ply,
                (None, None) => return Ok("pass".to_owned()),
            }
        };
        plies.push(ply);
        if play {
            self.play_all(&plies);
        }
        Ok(ply.to_string())
    }

    /// Runs one command: its answer (or error) and what next.
    fn run(&mut self, command: GtpCommand) -> (Result<String, String>, Flow) {
        let ok = |text: &str| Ok(text.to_owned());
        let answer = match command {
            GtpCommand::ProtocolVersion => ok("2"),
            GtpCommand::Name => ok(NAME),
            GtpCommand::Version => ok(env!("CARGO_PKG_VERSION")),
            GtpCommand::KnownCommand(name) => ok(if GtpCommand::NAMES.contains(&name.as_str()) {
                "true"
            } else {
                "false"
            }),
            GtpCommand::ListCommands => Ok(GtpCommand::NAMES.join("\n")),
            GtpCommand::Quit => return (ok(""), Flow::Quit),
            GtpCommand::Boardsize(8) => {
                self.clear();
                ok("")
            }
            GtpCommand::Boardsize(_) => Err("unacceptable size".to_owned()),
            GtpCommand::ClearBoard => {
                self.clear();
                ok("")
            }
            GtpCommand::Komi(_) => ok(""),
            GtpCommand::Play(color, ply) => match plies_for(self.board(), color, ply) {
                Some((plies, _)) => {
                    self.play_all(&plies);
                    ok("")
                }
                None => Err("illegal move".to_owned()),
            },
            GtpCommand::Genmove(color) => self.generate(color, true),
            GtpCommand::RegGenmove(color) => self.generate(color, false),
            GtpCommand::Undo => match self.history.pop() {
                Some(board) => {
                    self.engine.set_board(board);
                    ok("")
                }
                None => Err("cannot undo".to_owned()),
            },
            GtpCommand::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => {
                self.settings = Some(TimeSettings {
                    main: Duration::from_secs_f64(main),
                    byo_yomi: Duration::from_secs_f64(byo_yomi),
                    stones,
                });
                self.clocks = ByColor::from_fn(|_| None);
                ok("")
            }
            GtpCommand::TimeLeft {
                color,
                seconds,
                stones,
            } => {
                *self.clocks.get_mut(color) = Some(Period {
                    left: Duration::from_secs_f64(seconds),
                    stones,
                });
                ok("")
            }
            GtpCommand::Showboard => Ok(showboard(self.board())),
        };
        (answer, Flow::Continue)
    }

    /// The start position, nothing to undo, the clocks as the settings start them.
    fn clear(&mut self) {
        self.engine.new_game();
        self.history.clear();
        self.clocks = ByColor::from_fn(|_| None);
    }
}

/// The board for `showboard`: files on top, rank 1 first (the Othello convention, as
/// GRhino draws it), `X` Black, `O` White, `.` empty, then the side to move and the
/// disc counts.
fn showboard(board: &Board) -> String {
    let mut text = String::from("  a b c d e f g h\n");
    for rank in 0..8u8 {
        text.push_str(&(rank + 1).to_string());
        for file in 0..8u8 {
            let c = reversi::Square::new(file, rank)
                .and_then(|square| board.disc_at(square))
                .map_or('.', Color::char);
            text.push(' ');
            text.push(c);
        }
        text.push('\n');
    }
    let counts = board.disc_counts();
    let status = if board.is_game_over() {
        "game over".to_owned()
    } else {
        format!("{} to move", board.side_to_move())
    };
    text.push_str(&format!(
        "{status}, X {} O {}\n",
        counts.black, counts.white
    ));
    text
}

/// An NBoard session ([`super::nboard`]): the board, the depth, the game's clock.
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
            Err(error) => return Ok((Err(error), None)),
        };
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
    fn set_game(&mut self, game: &Game) {
        self.engine.set_board(game.board);
        self.clock = game.clock;
        self.used = ByColor::from_fn(|_| 0.0);
        self.start = game.start;
        self.plies = game.moves.iter().map(|item| item.ply).collect();
        let mut board = game.start;
        for item in &game.moves {
            *self.used.get_mut(board.side_to_move()) += item.seconds.unwrap_or(0.0);
            board = match item.ply {
                Ply::Move(square) => board.play(square).unwrap_or(board),
                Ply::Pass => board.pass().unwrap_or(board),
            };
        }
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

    /// `go` on a board that is not over: `status thinking`, the search's nodestats and
    /// its move (not played); the line that stopped it, if one did.
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
        let (report, next) = watching(&self.stop, incoming, || engine.search(limits));
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
    /// share of the game's clock when it has one, at most [`Defaults::move_time`]. Used
    /// whole, with no soft budget ([`SearchLimits::target`]): match runners give an NBoard
    /// engine a time a move as a clock of that time times the moves left (the protocol has
    /// no time a move), and hold it to the time a move.
    fn limits(&self, depth: u32) -> SearchLimits {
        let board = self.board();
        let time = self.clock.filter(|c| c.main > 0.0).map(|clock| {
            let used = *self.used.get(board.side_to_move());
            let left = Duration::from_secs_f64((clock.main - used).max(0.0));
            let increment = Duration::from_secs_f64(clock.increment);
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
            engine.analyse(limits, n.max(1), |iteration: &Analysis| {
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

/// The `search` line of one move of an analysis.
fn hint_line(m: &crate::MoveValue) -> Reply {
    Reply::Search {
        pv: m.pv.clone(),
        eval: m.score,
        depth: m.depth,
        exact: m.exact,
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

    /// A GTP session told `lines`, each answered `=`.
    fn gtp_session(lines: &[&str]) -> GtpSession {
        let mut session = GtpSession::new(Engine::with_table_bytes(1 << 16), Defaults::default());
        for line in lines {
            let mut out = Vec::new();
            session.handle_line(line, &mut out).unwrap();
            assert!(
                out.starts_with(b"="),
                "{line}: {}",
                String::from_utf8_lossy(&out)
            );
        }
        session
    }

    /// GTP main time: the move's share of the clock is the soft budget, up to three
    /// times it the hard one (less the margin); a time a move or a byo-yomi period is one
    /// hard budget, used whole.
    #[test]
    fn a_game_clock_gives_a_soft_share_and_a_hard_limit() {
        let s = Duration::from_secs;
        let ms = Duration::from_millis;
        // 300 s at the start (60 empties): 25 moves share it, 12 s each, 36 s at most.
        let session = gtp_session(&["time_settings 300 0 0"]);
        assert_eq!(
            session.budget(Color::Black),
            (Some(s(36) - ms(20)), Some(s(12)))
        );
        // 20 s left: a share of 0.8 s, at most 2.4 s.
        let session = gtp_session(&["time_settings 300 0 0", "time_left w 20 0"]);
        assert_eq!(
            session.budget(Color::White),
            (Some(ms(2400) - ms(20)), Some(ms(800)))
        );
        // One second a move, and byo-yomi periods: no soft budget.
        let session = gtp_session(&["time_settings 0 1 1"]);
        assert_eq!(session.budget(Color::Black), (Some(ms(980)), None));
        let session = gtp_session(&["time_settings 0 10 5"]);
        assert_eq!(session.budget(Color::Black), (Some(ms(1980)), None));
    }
}
