//! The GTP session: GTP's commands ([`reversi_protocol::gtp`]) answered with an [`Engine`], with the
//! controller's clocks.

use std::io::{self, Write};
use std::time::Duration;

use reversi::{Board, ByColor, Color, Ply};
use reversi_protocol::gtp::{self, Command as GtpCommand};

use super::book::SessionBook;
use super::session::{clock_duration, plies_for, with_margin, Defaults, Flow, NAME};
use crate::{move_budget, move_hard_limit, Engine, SearchLimits};

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

/// A GTP session ([`reversi_protocol::gtp`]): the board, what `undo` takes back, the clocks.
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
    /// the lines the moves after the book need. With randomness 0, the search's move is
    /// played unless the book values it [`SessionBook::margin`] discs or more below its
    /// best ([`SessionBook::choose_preferring`]).
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
    /// the budget then being up to three times it (`move_hard_limit`).
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
        // With a game clock (or none), a book move is answered at once; with a fixed
        // time a move, the position is searched all the same (the table is then warm
        // when the book ends) and, at randomness 0, the book's move replaces the
        // search's only where the book values the search's move its margin below.
        let at_once = if self.time_is_per_move() {
            None
        } else {
            self.book.as_mut().and_then(|book| book.choose(&searched))
        };
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
            let preferred = match report.best {
                Some(Ply::Move(square)) => Some(square),
                _ => None,
            };
            let from_book = self
                .book
                .as_mut()
                .and_then(|book| book.choose_preferring(&searched, preferred));
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
                    main: clock_duration(main),
                    byo_yomi: clock_duration(byo_yomi),
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
                    left: clock_duration(seconds),
                    stones,
                });
                ok("")
            }
            GtpCommand::Showboard => Ok(self.board().display().to_string()),
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

    /// A finite clock too large for a `Duration` (here 1e30 s) is read as a year: the
    /// session neither panics nor loses the move (a depth limit ends the search).
    #[test]
    fn a_huge_clock_is_a_year() {
        let year = Duration::from_secs(365 * 86_400);
        for settings in [
            &["time_settings 1e30 0 0"][..],
            &["time_settings 0 1e30 1"],
            &["time_settings 300 0 0", "time_left b 1e30 0"],
        ] {
            let mut session = gtp_session(settings);
            let (hard, _) = session.budget(Color::Black);
            assert!(
                matches!(hard, Some(h) if h > Duration::ZERO && h <= year),
                "{settings:?}: {hard:?}"
            );
            session.defaults.depth = Some(2);
            let mut out = Vec::new();
            session.handle_line("genmove b", &mut out).unwrap();
            let answer = String::from_utf8(out).unwrap();
            assert!(
                ["= c4", "= d3", "= e6", "= f5"].contains(&answer.trim()),
                "{settings:?}: {answer}"
            );
        }
    }
}
