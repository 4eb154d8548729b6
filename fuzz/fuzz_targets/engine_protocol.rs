//! Fuzz target: engine protocol lines never panic. Every line is parsed as a command;
//! the commands that change the state (`newgame`, `position`, `moves`, `quit`) are
//! handled by an engine, which then still holds a consistent position. `go` is parsed
//! only (a search takes the time it is given).
//! Input: protocol lines separated by newlines. One engine serves every input (making
//! one allocates its search table); each input starts with `newgame`.
#![no_main]

use std::cell::RefCell;

use congo_engine::{Command, Engine};
use congo::Rules;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(Rules::FULL));
}

fuzz_target!(|data: &[u8]| ENGINE.with(|engine| run(&mut engine.borrow_mut(), data)));

fn run(engine: &mut Engine, data: &[u8]) {
    let _ = engine.handle(Command::NewGame);
    for line in data.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        match line.parse::<Command>() {
            Ok(Command::Go(_)) | Err(_) => {}
            Ok(command) => {
                let _ = engine.handle(command);
                assert!(engine.position().is_consistent());
            }
        }
    }
}
