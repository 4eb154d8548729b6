//! An engine process: spawned in its own process group, fed protocol lines by a writer
//! thread, read by a reader thread with a bounded buffer, killed (the whole group) and
//! reaped when dropped. Nothing here trusts the engine: a process that ignores its input,
//! never answers, floods its output or dies costs the tool at most the time allowed.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// The most an engine may print while the tool waits for one answer (bytes, newlines
/// included); more is a loss for flooding.
pub const MAX_OUTPUT: usize = 64 * 1024;

/// The longest answer line (bytes, without the newline); a longer line is a loss for
/// flooding. A move (Congo, Reversi) is at most a few dozen characters.
pub const MAX_LINE: usize = 4096;

/// The most of an engine's standard error kept in its log file per game (bytes);
/// the rest is read and dropped, with a note at the end of the file, so a chatty engine
/// cannot fill the disk.
pub const MAX_LOG: u64 = 1024 * 1024;

/// The process groups of the engines running now, for [`kill_all`].
static RUNNING: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// Set by [`kill_all`]: every engine started from then on is killed at once.
static STOPPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether [`kill_all`] was called (the match is interrupted).
#[must_use]
pub fn stopped() -> bool {
    STOPPED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Kills every engine's process group still running, and every one started later (for
/// an interrupted match: the engines run in their own groups, so a Ctrl-C at the
/// terminal does not reach them).
pub fn kill_all() {
    STOPPED.store(true, std::sync::atomic::Ordering::SeqCst);
    let groups = RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for &group in groups.iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

/// Checks, before a match, that the shell can run `command`: starts it with its standard
/// input closed and waits up to `wait` for it to exit. The shell's exit status 127 (not
/// found) or 126 (not executable) is an error with the shell's message; any other exit,
/// or still running after `wait`, passes (the process group is then killed). A mistyped
/// command is thus one clear error, not a match of lost games.
///
/// # Errors
///
/// The shell cannot start, or it cannot run the command (the message says why).
pub fn check_command(command: &str, wait: Duration) -> Result<(), String> {
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("/bin/sh cannot start: {e}"))?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() < wait => thread::sleep(Duration::from_millis(5)),
            _ => break None,
        }
    };
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
    match status.and_then(|s| s.code()) {
        Some(code @ (126 | 127)) => {
            let mut message = Vec::new();
            if let Some(err) = child.stderr.take() {
                let _ = err.take(4096).read_to_end(&mut message);
            }
            let message = String::from_utf8_lossy(&message);
            let first = message.lines().next().unwrap_or("").trim();
            let what = if code == 127 {
                "not found"
            } else {
                "not executable"
            };
            Err(format!(
                "the shell cannot run it ({what}, exit status {code}){}",
                if first.is_empty() {
                    String::new()
                } else {
                    format!(": {}", excerpt(first))
                }
            ))
        }
        _ => Ok(()),
    }
}

/// Every kind of fault [`Fault::kind`] gives, in the order a summary lists them.
pub const FAULT_KINDS: [&str; 8] = [
    "illegal",
    "malformed",
    "timeout",
    "crash",
    "flood",
    "unsolicited",
    "refused",
    "spawn",
];

/// Why an engine lost the game (or failed to answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The engine could not be started.
    Spawn(String),
    /// It answered with a line that is not a legal move here.
    Illegal {
        /// The answer.
        answer: String,
        /// Why it is not legal.
        why: String,
    },
    /// It answered with a line that is not written as a move.
    Malformed(String),
    /// Its output ended (or it died) before the answer.
    Crash(String),
    /// No answer within the time plus the grace.
    Timeout(Duration),
    /// More output than [`MAX_OUTPUT`], or a line longer than [`MAX_LINE`].
    Flood(String),
    /// Output while no answer was asked for.
    Unsolicited(String),
    /// The engine answered a command of the game's set-up or a move played by its
    /// opponent with the protocol's error form (GTP's `? ...`).
    Refused(String),
}

impl Fault {
    /// A short stable name of the kind of fault, for counting (`illegal`, `timeout`, ...).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Spawn(_) => "spawn",
            Fault::Illegal { .. } => "illegal",
            Fault::Malformed(_) => "malformed",
            Fault::Crash(_) => "crash",
            Fault::Timeout(_) => "timeout",
            Fault::Flood(_) => "flood",
            Fault::Unsolicited(_) => "unsolicited",
            Fault::Refused(_) => "refused",
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Spawn(e) => write!(f, "could not start: {e}"),
            Fault::Illegal { answer, why } => write!(f, "illegal move \"{answer}\": {why}"),
            Fault::Malformed(l) => write!(f, "malformed answer \"{l}\""),
            Fault::Crash(e) => write!(f, "crashed: {e}"),
            Fault::Timeout(d) => write!(f, "no answer in {:.3} s", d.as_secs_f64()),
            Fault::Flood(e) => write!(f, "flooding: {e}"),
            Fault::Unsolicited(l) => write!(f, "output while not asked: \"{l}\""),
            Fault::Refused(l) => write!(f, "refused: {l}"),
        }
    }
}

/// What the reader thread reports.
enum Event {
    /// One line (without its newline and trailing CR).
    Line(String),
    /// Too much output (the thread has stopped reading).
    Flood(String),
    /// End of output or a read error.
    Eof(String),
}

/// A running engine.
pub struct Engine {
    child: Child,
    to_engine: Option<Sender<String>>,
    from_engine: Receiver<Event>,
    /// The budget of output bytes left before the answer; reset by each `go`.
    budget: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    dead: Option<String>,
    /// Closed when the standard error thread has finished the log (with `--log-dir`).
    log_done: Option<Receiver<()>>,
}

/// Always false: no line is skipped (for [`Engine::drain`] and [`Engine::request`]).
fn no_line(_: &str) -> bool {
    false
}

/// Quotes `s` for the messages: escaped, at most 60 characters.
pub fn excerpt(s: &str) -> String {
    let mut out: String = s.chars().take(60).flat_map(char::escape_debug).collect();
    if s.chars().count() > 60 {
        out.push_str("...");
    }
    out
}

impl Engine {
    /// Starts `command` with `/bin/sh -c` in a new process group; its standard error goes
    /// to `log` (appended, at most [`MAX_LOG`] bytes, then a note of the cut that names
    /// `tool`, the match runner) or is discarded.
    ///
    /// # Errors
    ///
    /// The shell cannot be started or the log cannot be opened.
    pub fn spawn(command: &str, log: Option<&Path>, tool: &'static str) -> Result<Engine, Fault> {
        let log_file = match log {
            Some(path) => Some(
                File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| Fault::Spawn(format!("log {}: {e}", path.display())))?,
            ),
            None => None,
        };
        let stderr = if log_file.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        };
        let mut child = Command::new("/bin/sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0)
            .spawn()
            .map_err(|e| Fault::Spawn(e.to_string()))?;
        if let Ok(group) = i32::try_from(child.id()) {
            let mut running = RUNNING
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            running.insert(group);
            // Under the lock: either kill_all, which sets STOPPED before it locks, sees
            // this group, or this sees STOPPED.
            if stopped() {
                let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
            }
        }
        let mut log_done = None;
        if let (Some(file), Some(err)) = (log_file, child.stderr.take()) {
            let (done, log_finished) = mpsc::channel::<()>();
            log_done = Some(log_finished);
            thread::spawn(move || {
                copy_log(err, file, MAX_LOG, tool);
                drop(done);
            });
        }
        let mut stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let (to_engine, lines_in) = mpsc::channel::<String>();
        // Writer: may block on a full pipe if the engine never reads; killing the
        // engine unblocks it (EPIPE), and nobody waits for it.
        thread::spawn(move || {
            for text in lines_in {
                if stdin
                    .write_all(text.as_bytes())
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let budget = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(MAX_OUTPUT));
        let (events, from_engine) = mpsc::channel();
        let left = budget.clone();
        thread::spawn(move || read_lines(&mut stdout, &events, &left));
        Ok(Engine {
            child,
            to_engine: Some(to_engine),
            from_engine,
            budget,
            dead: None,
            log_done,
        })
    }

    /// Sends text (one or more lines, each ending with `\n`). Never blocks.
    pub fn send(&mut self, text: String) {
        if let Some(tx) = &self.to_engine {
            if tx.send(text).is_err() {
                self.to_engine = None;
            }
        }
    }

    /// Takes any output that arrived while no answer was asked for.
    ///
    /// # Errors
    ///
    /// A non-blank line ([`Fault::Unsolicited`]), flooding, or the end of the output.
    pub fn drain(&mut self) -> Result<(), Fault> {
        self.drain_skipping(&no_line)
    }

    /// As [`Engine::drain`], but lines for which `skip` is true (a protocol's
    /// information lines, such as NBoard's `status ...`) are taken without a fault.
    ///
    /// # Errors
    ///
    /// As [`Engine::drain`].
    pub fn drain_skipping(&mut self, skip: &dyn Fn(&str) -> bool) -> Result<(), Fault> {
        loop {
            match self.from_engine.try_recv() {
                Ok(Event::Line(l)) if l.trim().is_empty() || skip(l.trim()) => {}
                Ok(Event::Line(l)) => return Err(Fault::Unsolicited(excerpt(&l))),
                Ok(Event::Flood(e)) => return Err(Fault::Flood(e)),
                Ok(Event::Eof(e)) => {
                    self.dead = Some(e.clone());
                    return Err(Fault::Crash(self.exit_reason(e)));
                }
                Err(_) => return Ok(()),
            }
        }
    }

    /// Sends `text` (a request such as `go 0.1\n`) and waits for the first non-blank
    /// line, until `deadline` after sending; the engine may print at most [`MAX_OUTPUT`]
    /// bytes meanwhile. Returns the trimmed line and the time it took.
    ///
    /// # Errors
    ///
    /// No line in time ([`Fault::Timeout`]), flooding, or the end of the output.
    pub fn request(
        &mut self,
        text: String,
        deadline: Duration,
    ) -> Result<(String, Duration), Fault> {
        self.request_skipping(text, deadline, &no_line)
    }

    /// As [`Engine::request`], but lines for which `skip` is true (a protocol's
    /// information lines, such as NBoard's `status ...` before `=== d3`) are read past.
    ///
    /// # Errors
    ///
    /// As [`Engine::request`].
    pub fn request_skipping(
        &mut self,
        text: String,
        deadline: Duration,
        skip: &dyn Fn(&str) -> bool,
    ) -> Result<(String, Duration), Fault> {
        if let Some(e) = &self.dead {
            return Err(Fault::Crash(e.clone()));
        }
        self.budget
            .store(MAX_OUTPUT, std::sync::atomic::Ordering::SeqCst);
        let start = Instant::now();
        self.send(text);
        loop {
            let left = deadline.saturating_sub(start.elapsed());
            match self.from_engine.recv_timeout(left) {
                Ok(Event::Line(l)) if l.trim().is_empty() || skip(l.trim()) => {}
                Ok(Event::Line(l)) => {
                    let took = start.elapsed();
                    if took > deadline {
                        return Err(Fault::Timeout(took));
                    }
                    return Ok((l.trim().to_string(), took));
                }
                Ok(Event::Flood(e)) => return Err(Fault::Flood(e)),
                Ok(Event::Eof(e)) => {
                    self.dead = Some(e.clone());
                    return Err(Fault::Crash(self.exit_reason(e)));
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(start.elapsed())),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Crash("output closed".to_string()))
                }
            }
        }
    }

    /// The exit status if the engine has exited within a short while, else `e`.
    ///
    /// The shell is not reaped here (`WNOWAIT`): its process ID is the engine's process
    /// group, which [`Engine::kill`] signals; reaped early, the ID could be reused by an
    /// unrelated process group before that.
    fn exit_reason(&mut self, e: String) -> String {
        use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
        let Ok(pid) = i32::try_from(self.child.id()) else {
            return e;
        };
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        for _ in 0..20 {
            match waitid(Id::Pid(Pid::from_raw(pid)), flags) {
                Ok(WaitStatus::Exited(_, code)) => return format!("{e}, exit status: {code}"),
                Ok(WaitStatus::Signaled(_, signal, _)) => {
                    return format!("{e}, signal: {} ({signal})", signal as i32)
                }
                Ok(_) => thread::sleep(Duration::from_millis(5)),
                Err(_) => return e,
            }
        }
        e
    }

    /// Kills the engine's process group and reaps the shell.
    pub fn kill(&mut self) {
        self.to_engine = None;
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
            RUNNING
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(&pid);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Let the log's last bytes (and its note of a cut) reach the file before the
        // tool may exit; a process that escaped the group may hold it open: wait a little.
        if let Some(done) = self.log_done.take() {
            let _ = done.recv_timeout(Duration::from_millis(500));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The standard error thread: copies at most `limit` bytes of `from` to `to`, then notes
/// the cut in `to` and reads the rest to the end without keeping it (the engine never
/// blocks on its standard error).
fn copy_log(mut from: impl Read, mut to: impl Write, limit: u64, tool: &str) {
    let copied = std::io::copy(&mut (&mut from).take(limit), &mut to).unwrap_or(0);
    let mut buf = [0u8; 8192];
    let mut dropped = 0u64;
    loop {
        match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => dropped += n as u64,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if dropped > 0 {
        let _ = writeln!(
            to,
            "\n[{tool}: log cut after {copied} bytes; {dropped} more bytes dropped]"
        );
    }
}

/// The reader thread: splits the output into lines with a bounded buffer; stops at the
/// end of the output or when the engine floods.
fn read_lines(
    stdout: &mut impl Read,
    events: &Sender<Event>,
    budget: &std::sync::atomic::AtomicUsize,
) {
    use std::sync::atomic::Ordering;
    let mut line: Vec<u8> = Vec::with_capacity(128);
    let mut buf = [0u8; 4096];
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) => {
                let _ = events.send(Event::Eof("end of output".to_string()));
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = events.send(Event::Eof(format!("read error: {e}")));
                return;
            }
        };
        let before = budget.fetch_sub(n.min(budget.load(Ordering::SeqCst)), Ordering::SeqCst);
        if n > before {
            let _ = events.send(Event::Flood(format!(
                "more than {MAX_OUTPUT} bytes of output for one answer"
            )));
            return;
        }
        for &b in &buf[..n] {
            if b == b'\n' {
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                // Blank lines are ignored (they still count towards the budget).
                if line.iter().any(|b| !b.is_ascii_whitespace()) {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    if events.send(Event::Line(text)).is_err() {
                        return;
                    }
                }
                line.clear();
            } else if line.len() >= MAX_LINE {
                let _ = events.send(Event::Flood(format!("a line longer than {MAX_LINE} bytes")));
                return;
            } else {
                line.push(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_keeps_its_limit_and_notes_the_cut() {
        let mut log = Vec::new();
        copy_log(&b"0123456789"[..], &mut log, 4, "congo-match");
        assert_eq!(
            String::from_utf8(log).unwrap(),
            "0123\n[congo-match: log cut after 4 bytes; 6 more bytes dropped]\n"
        );
        let mut log = Vec::new();
        copy_log(&b"0123"[..], &mut log, 4, "congo-match");
        assert_eq!(log, b"0123");
    }
}
