//! A complete judge program: `N`, then `N` numbers, each answered doubled (or tripled
//! with `--triple`); a bad line is reported as `line N: ...` and the others answered.
//! `printf '3\n21\nx\n4\n' | cargo run -p judge --example double -- --triple`

use judge::Program;

const PROGRAM: Program = Program::new("double", "[--triple] < input");

fn main() -> std::process::ExitCode {
    let options = |args: Vec<String>| -> Result<_, String> {
        let (triple, rest): (Vec<_>, Vec<_>) = args.into_iter().partition(|a| a == "--triple");
        Ok((if triple.is_empty() { 2 } else { 3 }, rest))
    };
    PROGRAM.run(options, |factor| {
        judge::cases(|[line], out, _| {
            let n: u64 = judge::lines::utf8(line)
                .map_err(judge::at(0))?
                .trim()
                .parse()
                .map_err(judge::at(0))?;
            out.extend_from_slice(format!("{}\n", factor * n).as_bytes());
            Ok(())
        })
    })
}
