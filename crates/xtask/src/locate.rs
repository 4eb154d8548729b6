//! Traces a compiler error in a single file back to the workspace source it came from,
//! so that a construct an old compiler refuses is reported with the file a developer
//! edits (`crates/congo/src/movegen.rs:486`), not a line of a generated file.
//!
//! A bundle keeps each library as `mod name { .. }` and each inlined module file as a
//! nested `mod`, so the modules open around an error's line and column (in the syntax
//! tree, whatever the file's layout) give the module path, and the path gives the file
//! (`src/a/b.rs` or `src/a/b/mod.rs`, as `mod` declarations are resolved). The line
//! itself is then looked up in that file by its text (found only in a layout that keeps
//! the source's lines; else the module is named).

use std::path::{Path, PathBuf};

use crate::workspace::Workspace;

/// The modules open at `line` and `column` (both 1-based, `column` in characters, as
/// rustc gives them) of a bundle, outermost first: read from its syntax tree, so that
/// any layout works (indented, or several modules on one line); by the indentation of
/// the lines if the text does not parse.
pub fn module_path_at(text: &str, line: usize, column: usize) -> Vec<String> {
    match syn::parse_file(text) {
        Ok(file) => {
            let mut path = Vec::new();
            modules_around(&file.items, (line, column.saturating_sub(1)), &mut path);
            path
        }
        Err(_) => module_path_by_indentation(text, line),
    }
}

/// Pushes to `path` the inline module of `items` whose braces hold `at` (line 1-based,
/// column 0-based), then those inside it.
fn modules_around(items: &[syn::Item], at: (usize, usize), path: &mut Vec<String>) {
    for item in items {
        let syn::Item::Mod(module) = item else {
            continue;
        };
        let Some((brace, inner)) = &module.content else {
            continue;
        };
        let (open, close) = (brace.span.open().start(), brace.span.close().end());
        if (open.line, open.column) <= at && at < (close.line, close.column) {
            path.push(module.ident.to_string());
            modules_around(inner, at, path);
            return;
        }
    }
}

/// The modules open at `line` (1-based) of a prettyplease-printed file, outermost first,
/// by the indentation of the `mod name {` lines and their closing braces.
fn module_path_by_indentation(text: &str, line: usize) -> Vec<String> {
    let mut stack: Vec<(String, String)> = Vec::new();
    for (index, current) in text.lines().enumerate() {
        if index + 1 >= line {
            break;
        }
        let body = current.trim_start();
        let indent = &current[..current.len() - body.len()];
        if let Some(name) = module_opening(body) {
            stack.push((indent.to_owned(), name.to_owned()));
        } else if body == "}" && stack.last().is_some_and(|(open, _)| open == indent) {
            stack.pop();
        }
    }
    stack.into_iter().map(|(_, name)| name).collect()
}

/// The module name of a line `mod name {` (any visibility), if it is one.
fn module_opening(body: &str) -> Option<&str> {
    let rest = body.strip_suffix(" {")?;
    let rest = match rest.strip_prefix("pub") {
        Some(after) if after.starts_with(' ') => after.trim_start(),
        Some(after) if after.starts_with('(') => after.split_once(") ")?.1,
        _ => rest,
    };
    let name = rest.strip_prefix("mod ")?;
    name.chars()
        .all(|c| c.is_alphanumeric() || c == '_')
        .then_some(name)
}

/// The source file holding the module `path` of a bundle: a library's file when the
/// path starts with a workspace library's name, else the binary's own file (`binary`).
pub fn source_file(ws: &Workspace, binary: Option<&Path>, path: &[String]) -> Option<PathBuf> {
    let (mut file, rest) = match path.split_first() {
        Some((first, rest)) if ws.libraries.contains_key(first) => {
            (ws.libraries[first].root.clone(), rest)
        }
        _ => (binary?.to_path_buf(), path),
    };
    // Module files sit beside the crate root (`lib.rs`, `main.rs`, `mod.rs`) or in a
    // folder named after the file (`a.rs` holds `mod b;` from `a/b.rs`).
    let mut dir = folder_of_modules(&file);
    for name in rest {
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(name).join("mod.rs");
        if flat.exists() {
            file = flat;
        } else if nested.exists() {
            file = nested;
        } else {
            break; // an inline `mod name { .. }` of the file found so far
        }
        dir = folder_of_modules(&file);
    }
    Some(file)
}

fn folder_of_modules(file: &Path) -> PathBuf {
    let parent = file.parent().unwrap_or(Path::new("."));
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("lib" | "main" | "mod") | None => parent.to_path_buf(),
        Some(_) if file.starts_with(parent.join("bins")) => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
    }
}

/// For each error location ` --> FILE:LINE:COL` that rustc printed about `bundle_file`,
/// a line naming the workspace source: `  crates/congo/src/movegen.rs:486: let Some(x)
/// = y else {` (the line number when the text is found there once, else the file).
pub fn trace(
    ws: &Workspace,
    binary: Option<&Path>,
    bundle_text: &str,
    bundle_file: &Path,
    stderr: &str,
) -> Vec<String> {
    let marker = format!("{}:", bundle_file.display());
    let lines: Vec<&str> = bundle_text.lines().collect();
    let mut traced = Vec::new();
    for diagnostic in stderr.lines() {
        let Some(location) = diagnostic.trim_start().strip_prefix("--> ") else {
            continue;
        };
        let Some(position) = location.strip_prefix(&marker) else {
            continue;
        };
        let mut numbers = position.split(':').map(|n| n.parse::<usize>().ok());
        let Some(line) = numbers.next().flatten() else {
            continue;
        };
        let column = numbers.next().flatten().unwrap_or(1);
        let code = lines.get(line.wrapping_sub(1)).map_or("", |l| l.trim());
        let path = module_path_at(bundle_text, line, column);
        let Some(file) = source_file(ws, binary, &path) else {
            continue;
        };
        let shown = file.strip_prefix(&ws.root).unwrap_or(&file).display();
        let found: Vec<usize> = std::fs::read_to_string(&file)
            .map(|source| {
                source
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !code.is_empty() && l.trim() == code)
                    .map(|(i, _)| i + 1)
                    .collect()
            })
            .unwrap_or_default();
        let entry = match found.as_slice() {
            [only] => format!("  {shown}:{only}: {code}"),
            _ => format!("  {shown} (module {}): {code}", path.join("::")),
        };
        if !traced.contains(&entry) {
            traced.push(entry);
        }
    }
    traced
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_paths_follow_the_nesting_of_the_printed_file() {
        let text = "fn main() {}\nmod congo {\n    pub mod movegen {\n        fn a() {}\n    }\n    fn b() {}\n}\nmod grid {\n\tpub(crate) mod set {\n\t\tfn c() {}\n\t}\n}\n";
        assert_eq!(module_path_at(text, 1, 1), Vec::<String>::new());
        assert_eq!(module_path_at(text, 4, 9), ["congo", "movegen"]);
        assert_eq!(module_path_at(text, 6, 5), ["congo"]);
        assert_eq!(module_path_at(text, 10, 3), ["grid", "set"]);
        assert_eq!(module_path_at(text, 12, 1), ["grid"]);
        for line in [1, 4, 6, 10] {
            assert_eq!(
                module_path_at(text, line, 1),
                module_path_by_indentation(text, line)
            );
        }
        // A minified bundle: several modules on one line, told apart by the column.
        let minified = "fn main(){}mod congo{pub mod movegen{fn a(){}}fn b(){}}mod grid{fn c(){}}";
        let column = |code: &str| minified.find(code).unwrap() + 1;
        assert_eq!(
            module_path_at(minified, 1, column("fn a")),
            ["congo", "movegen"]
        );
        assert_eq!(module_path_at(minified, 1, column("fn b")), ["congo"]);
        assert_eq!(module_path_at(minified, 1, column("fn c")), ["grid"]);
        assert_eq!(module_path_at(minified, 1, 1), Vec::<String>::new());
    }

    #[test]
    fn only_module_openings_count() {
        assert_eq!(module_opening("mod a {"), Some("a"));
        assert_eq!(module_opening("pub mod a_1 {"), Some("a_1"));
        assert_eq!(module_opening("pub(super) mod x {"), Some("x"));
        assert_eq!(module_opening("mod a;"), None);
        assert_eq!(module_opening("fn mod_x() {"), None);
        assert_eq!(module_opening("impl A {"), None);
    }
}
