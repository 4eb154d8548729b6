//! Module loops: two modules of one crate that each use the other, directly or through
//! others (README.md: "No crate has a module loop").
//!
//! For each crate root of the workspace (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs` and
//! `bins/*.rs` of every package in `crates/`, `tools/` and the root) the module tree is followed
//! through `mod x;` declarations (`x.rs` or `x/mod.rs`, the way rustc finds them) and
//! inline `mod x { .. }` blocks; `#[cfg(test)]` modules are skipped (a test module may
//! use its parent freely). A reference from module A to module B is recorded when A
//! names an item of B by a path that starts with `crate`, `super`, `self` or the name of
//! one of A's child modules, in a `use` declaration or in code. A parent that uses an
//! item of its child and a child that uses an item of its parent (`super::x`) are a loop;
//! declaring a child module is not a reference. The crate root's `pub use` re-exports
//! are not counted (they are the crate's surface, not a dependency). Comments, doc
//! comments and string literals are never read as paths (the source is read as tokens).
//!
//! A loop is a strongly connected component of more than one module.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{anyhow, bail, Context, Result};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// A module's path below its crate root (`[]` is the root, `["eval", "hand"]` is
/// `crate::eval::hand`).
type ModPath = Vec<String>;

/// Modules that use each other, in one crate tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The crate root file the tree starts from (`crates/reversi/src/lib.rs`).
    pub root: PathBuf,
    /// The modules of the loop, as `crate::a::b`, sorted.
    pub modules: Vec<String>,
    /// Each reference between two modules of the loop: `crate::a -> crate::a::b:
    /// FILE:LINE: PATH` with the first place it occurs (and how many more there are).
    pub edges: Vec<String>,
}

impl Cycle {
    /// Names the files relative to `base` (the workspace), where they are under it.
    fn relative_to(&mut self, base: &Path) {
        let prefix = format!("{}/", base.display());
        if let Ok(root) = self.root.strip_prefix(base) {
            self.root = root.to_path_buf();
        }
        for edge in &mut self.edges {
            *edge = edge.replacen(&prefix, "", 1);
        }
    }
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "module loop in {}: {}",
            self.root.display(),
            self.modules.join(" <-> ")
        )?;
        for edge in &self.edges {
            write!(f, "\n  {edge}")?;
        }
        Ok(())
    }
}

/// The crate roots of the workspace at `workspace`: `src/lib.rs`, `src/main.rs`,
/// `src/bin/*.rs` and `bins/*.rs` of every folder of `crates/` and `tools/` (that has a
/// `Cargo.toml`: a package, perhaps with `bins/` and no `src/`, as `tools/reversi-cli`)
/// and of the workspace itself, package by package.
///
/// # Errors
///
/// A folder that cannot be listed.
pub fn crate_roots(workspace: &Path) -> Result<Vec<PathBuf>> {
    let mut packages = Vec::new();
    for group in ["crates", "tools"] {
        let dir = workspace.join(group);
        if !dir.is_dir() {
            continue;
        }
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))?
        {
            let path = entry?.path();
            if path.join("Cargo.toml").is_file() {
                packages.push(path);
            }
        }
    }
    packages.sort();
    packages.push(workspace.to_path_buf());
    let mut roots = Vec::new();
    for package in packages {
        let src = package.join("src");
        for name in ["lib.rs", "main.rs"] {
            if src.join(name).is_file() {
                roots.push(src.join(name));
            }
        }
        for bin in [src.join("bin"), package.join("bins")] {
            if !bin.is_dir() {
                continue;
            }
            let mut bins = Vec::new();
            for entry in
                std::fs::read_dir(&bin).with_context(|| format!("listing {}", bin.display()))?
            {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "rs") {
                    bins.push(path);
                }
            }
            bins.sort();
            roots.extend(bins);
        }
    }
    Ok(roots)
}

/// Every module loop of every crate of the workspace at `workspace` (empty when there is
/// none).
///
/// # Errors
///
/// An unreadable source file, one that does not lex as Rust, or a `mod x;` whose file is
/// missing, each naming the file.
pub fn check(workspace: &Path) -> Result<Vec<Cycle>> {
    let mut cycles = Vec::new();
    for root in crate_roots(workspace)? {
        let mut found = cycles_in_crate(&root)?;
        for cycle in &mut found {
            cycle.relative_to(workspace);
        }
        cycles.extend(found);
    }
    Ok(cycles)
}

/// The module loops of the crate whose root file is `root` (`src/lib.rs`, ...).
///
/// # Errors
///
/// As [`check`].
pub fn cycles_in_crate(root: &Path) -> Result<Vec<Cycle>> {
    let mut modules = BTreeMap::new();
    let dir = root.parent().unwrap_or(Path::new(".")).to_path_buf();
    load(&mut modules, Vec::new(), root, lex(root)?, dir)?;
    let edges = references(&modules);
    let mut adjacent: BTreeMap<&ModPath, BTreeSet<&ModPath>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        adjacent.entry(from).or_default().insert(to);
    }
    let mut cycles = Vec::new();
    for component in strong_components(modules.keys().collect(), &adjacent) {
        if component.len() < 2 {
            continue;
        }
        let members: BTreeSet<&ModPath> = component.iter().copied().collect();
        let mut names: Vec<String> = component.iter().map(|p| name(p)).collect();
        names.sort();
        let edges = edges
            .iter()
            .filter(|((from, to), _)| members.contains(from) && members.contains(to))
            .map(|((from, to), places)| {
                let more = match places.len() {
                    1 => String::new(),
                    n => format!(" (+{} more)", n - 1),
                };
                format!("{} -> {}: {}{more}", name(from), name(to), places[0])
            })
            .collect();
        cycles.push(Cycle {
            root: root.to_path_buf(),
            modules: names,
            edges,
        });
    }
    Ok(cycles)
}

/// `crate` or `crate::a::b`.
fn name(path: &[String]) -> String {
    std::iter::once("crate")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

/// One module of a crate tree.
struct Module {
    /// The file its text is in.
    file: PathBuf,
    /// What its text names (its inline child modules left out).
    scan: Scan,
    /// Its child modules (not `#[cfg(test)]` ones), by name.
    children: BTreeSet<String>,
}

/// The source of `file` as tokens.
fn lex(file: &Path) -> Result<Vec<TokenTree>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    // Doc comment lines are blanked first (keeping the line numbers): they are no paths,
    // and the lexer would turn each into an escaped `#[doc = ".."]` string, most of the
    // time of the walk. A line of a multi-line string literal can look like one too; if
    // blanking it breaks the file, the file is read as it is.
    let blanked: String = text
        .split_inclusive('\n')
        .map(|line| {
            let code = line.trim_start();
            if code.starts_with("///") || code.starts_with("//!") {
                "\n"
            } else {
                line
            }
        })
        .collect();
    let tokens = TokenStream::from_str(&blanked)
        .or_else(|_| TokenStream::from_str(&text))
        .map_err(|e| anyhow!("{}: does not lex as Rust: {e}", file.display()))?;
    Ok(tokens.into_iter().collect())
}

/// Loads module `path` (text `tokens`, from `file`) and its descendants into `modules`;
/// `dir` is the folder its `mod x;` files are in.
fn load(
    modules: &mut BTreeMap<ModPath, Module>,
    path: ModPath,
    file: &Path,
    tokens: Vec<TokenTree>,
    dir: PathBuf,
) -> Result<()> {
    let mut scan = Scan::default();
    scan.tokens(&tokens);
    let mut children = BTreeSet::new();
    let declarations = std::mem::take(&mut scan.modules);
    for declaration in declarations {
        if declaration.test {
            continue;
        }
        let mut child = path.clone();
        child.push(declaration.name.clone());
        match declaration.body {
            Some(body) => {
                let child_dir = dir.join(&declaration.name);
                load(modules, child, file, body.into_iter().collect(), child_dir)?;
            }
            None => {
                let flat = dir.join(format!("{}.rs", declaration.name));
                let nested = dir.join(&declaration.name).join("mod.rs");
                let child_file = if flat.is_file() {
                    flat
                } else if nested.is_file() {
                    nested
                } else {
                    bail!(
                        "{}:{}: `mod {};` has no file {} or {}",
                        file.display(),
                        declaration.line,
                        declaration.name,
                        flat.display(),
                        nested.display()
                    );
                };
                let child_dir = dir.join(&declaration.name);
                let tokens = lex(&child_file)?;
                load(modules, child, &child_file, tokens, child_dir)?;
            }
        }
        children.insert(declaration.name);
    }
    modules.insert(
        path,
        Module {
            file: file.to_path_buf(),
            scan,
            children,
        },
    );
    Ok(())
}

/// A `mod` declaration.
struct ModDecl {
    name: String,
    /// The tokens of an inline module, `None` for `mod name;`.
    body: Option<TokenStream>,
    /// Under `#[cfg(test)]`.
    test: bool,
    line: usize,
}

/// A `use` declaration's paths, or a path in code.
struct PathUse {
    segments: Vec<String>,
    line: usize,
    /// A `use` declaration (`pub` when `public`), not a path in code.
    declaration: Option<bool>,
}

/// What one module's tokens declare and name.
#[derive(Default)]
struct Scan {
    modules: Vec<ModDecl>,
    paths: Vec<PathUse>,
}

fn is_ident(token: Option<&TokenTree>, word: &str) -> bool {
    matches!(token, Some(TokenTree::Ident(i)) if i == word)
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// `tokens[i..]` starts with `::`.
fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(tokens.get(i + 1), ':')
}

fn line_of(token: &TokenTree) -> usize {
    token.span().start().line
}

impl Scan {
    /// Records what `tokens` declare and name, at any depth except inside inline modules
    /// (which are declarations of their own).
    fn tokens(&mut self, tokens: &[TokenTree]) {
        let mut i = 0;
        while i < tokens.len() {
            let token = &tokens[i];
            match token {
                TokenTree::Ident(ident) if ident == "mod" => {
                    if let Some(TokenTree::Ident(name)) = tokens.get(i + 1) {
                        let body = match tokens.get(i + 2) {
                            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                                Some(Some(g.stream()))
                            }
                            Some(TokenTree::Punct(p)) if p.as_char() == ';' => Some(None),
                            _ => None,
                        };
                        if let Some(body) = body {
                            self.modules.push(ModDecl {
                                name: name.to_string(),
                                body,
                                test: under_cfg_test(tokens, i),
                                line: line_of(token),
                            });
                            i += 3;
                            continue;
                        }
                    }
                    i += 1;
                }
                TokenTree::Ident(ident) if ident == "use" => {
                    let public = visibility_start(tokens, i) < i;
                    let end = (i + 1..tokens.len())
                        .find(|&k| is_punct(tokens.get(k), ';'))
                        .unwrap_or(tokens.len());
                    let mut trees = Vec::new();
                    use_paths(&tokens[i + 1..end], &[], &mut trees);
                    for segments in trees {
                        self.paths.push(PathUse {
                            segments,
                            line: line_of(token),
                            declaration: Some(public),
                        });
                    }
                    i = end + 1;
                }
                TokenTree::Ident(ident) => {
                    let continued = i >= 2 && is_path_sep(tokens, i - 2);
                    let mut segments = vec![ident.to_string()];
                    let mut k = i + 1;
                    while is_path_sep(tokens, k) {
                        match tokens.get(k + 2) {
                            Some(TokenTree::Ident(next)) => {
                                segments.push(next.to_string());
                                k += 3;
                            }
                            _ => break,
                        }
                    }
                    if !continued && segments.len() > 1 {
                        self.paths.push(PathUse {
                            segments,
                            line: line_of(token),
                            declaration: None,
                        });
                    }
                    i = k;
                }
                TokenTree::Group(group) => {
                    let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                    self.tokens(&inner);
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
}

/// Where the visibility (`pub`, `pub(..)`) before `tokens[i]` starts (`i` if none).
fn visibility_start(tokens: &[TokenTree], i: usize) -> usize {
    if i >= 2 && is_ident(tokens.get(i - 2), "pub") {
        if let Some(TokenTree::Group(g)) = tokens.get(i - 1) {
            if g.delimiter() == Delimiter::Parenthesis {
                return i - 2;
            }
        }
    }
    if i >= 1 && is_ident(tokens.get(i - 1), "pub") {
        return i - 1;
    }
    i
}

/// Whether one of the attributes before the item whose keyword is `tokens[i]` is
/// `#[cfg(test)]`.
fn under_cfg_test(tokens: &[TokenTree], i: usize) -> bool {
    let mut j = visibility_start(tokens, i);
    while j >= 2 && is_punct(tokens.get(j - 2), '#') {
        match &tokens[j - 1] {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {
                let text: String = g.stream().to_string().split_whitespace().collect();
                if text == "cfg(test)" {
                    return true;
                }
                j -= 2;
            }
            _ => break,
        }
    }
    false
}

/// The paths of a `use` tree (`a::{b, c::d as e, f::*}` gives `a::b`, `a::c::d`,
/// `a::f::*`), each after `prefix`, into `out`.
fn use_paths(tokens: &[TokenTree], prefix: &[String], out: &mut Vec<Vec<String>>) {
    for part in tokens.split(|t| is_punct(Some(t), ',')) {
        let mut segments = prefix.to_vec();
        let mut nested = false;
        for token in part {
            match token {
                TokenTree::Ident(i) if i == "as" => break,
                TokenTree::Ident(i) => segments.push(i.to_string()),
                TokenTree::Punct(p) if p.as_char() == '*' => segments.push("*".to_owned()),
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    use_paths(&inner, &segments, out);
                    nested = true;
                    break;
                }
                _ => {}
            }
        }
        if !nested && segments.len() > prefix.len() {
            out.push(segments);
        }
    }
}

/// The module whose item the path `segments`, used in module `current`, names (the
/// module itself for a path to a module), or `None` for a path outside the crate.
fn resolve(
    modules: &BTreeMap<ModPath, Module>,
    current: &[String],
    segments: &[String],
) -> Option<ModPath> {
    let first = segments.first()?;
    let (base, rest): (ModPath, &[String]) = if first == "crate" {
        (Vec::new(), &segments[1..])
    } else if first == "super" || first == "self" {
        let mut base = current.to_vec();
        let mut rest = segments;
        while let Some(head) = rest.first() {
            if head == "super" {
                base.pop();
            } else if head != "self" {
                break;
            }
            rest = &rest[1..];
        }
        (base, rest)
    } else if modules
        .get(current)
        .is_some_and(|m| m.children.contains(first))
    {
        (current.to_vec(), segments)
    } else {
        return None;
    };
    let mut target = base.clone();
    let Some((last, inner)) = rest.split_last() else {
        return Some(target);
    };
    for segment in inner {
        let mut next = target.clone();
        next.push(segment.clone());
        if modules.contains_key(&next) {
            target = next;
        } else {
            break;
        }
    }
    // `use crate::foo;` (the last segment a module): the module itself.
    let mut whole = base;
    whole.extend(inner.iter().cloned());
    if target == whole {
        let mut next = target.clone();
        next.push(last.clone());
        if modules.contains_key(&next) {
            target = next;
        }
    }
    Some(target)
}

/// Every reference from one module to another, with where each occurs
/// (`FILE:LINE: PATH`), in source order.
fn references(modules: &BTreeMap<ModPath, Module>) -> BTreeMap<(ModPath, ModPath), Vec<String>> {
    let mut edges: BTreeMap<(ModPath, ModPath), Vec<String>> = BTreeMap::new();
    for (path, module) in modules {
        for used in &module.scan.paths {
            let first = used.segments[0].as_str();
            match used.declaration {
                // The crate root's re-exports are its surface, not a dependency.
                Some(true) if path.is_empty() => continue,
                Some(_) => {}
                None => {
                    if !matches!(first, "crate" | "super" | "self")
                        && !module.children.contains(first)
                    {
                        continue;
                    }
                }
            }
            let Some(target) = resolve(modules, path, &used.segments) else {
                continue;
            };
            if &target == path {
                continue;
            }
            let what = used.segments.join("::");
            let what = if used.declaration.is_some() {
                format!("use {what}")
            } else {
                what
            };
            edges
                .entry((path.clone(), target))
                .or_default()
                .push(format!("{}:{}: {what}", module.file.display(), used.line));
        }
    }
    edges
}

/// The strongly connected components of the graph (Tarjan's algorithm).
fn strong_components<'a>(
    nodes: Vec<&'a ModPath>,
    adjacent: &BTreeMap<&'a ModPath, BTreeSet<&'a ModPath>>,
) -> Vec<Vec<&'a ModPath>> {
    struct State<'a, 'g> {
        adjacent: &'g BTreeMap<&'a ModPath, BTreeSet<&'a ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        components: Vec<Vec<&'a ModPath>>,
    }
    fn visit<'a>(s: &mut State<'a, '_>, v: &'a ModPath) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        let next: Vec<&ModPath> = s
            .adjacent
            .get(v)
            .map(|w| w.iter().copied().collect())
            .unwrap_or_default();
        for w in next {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.components.push(component);
        }
    }
    let mut state = State {
        adjacent,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in nodes {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.components
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate in a temporary folder with these files (path under `src/`, text).
    fn crate_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join("src").join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    fn loops(files: &[(&str, &str)]) -> Vec<Cycle> {
        let dir = crate_with(files);
        cycles_in_crate(&dir.path().join("src/lib.rs")).unwrap()
    }

    #[test]
    fn a_parent_and_a_child_using_each_other_are_a_loop() {
        let found = loops(&[
            ("lib.rs", "pub mod eval;\n"),
            (
                "eval/mod.rs",
                "mod hand;\npub use hand::evaluate;\npub const SCALE: i32 = 128;\n",
            ),
            (
                "eval/hand.rs",
                "use super::SCALE;\npub fn evaluate() -> i32 { SCALE }\n",
            ),
        ]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].modules, ["crate::eval", "crate::eval::hand"]);
        let text = found[0].to_string();
        assert!(
            text.contains("crate::eval -> crate::eval::hand: "),
            "{text}"
        );
        assert!(text.contains("hand.rs:1: use super::SCALE"), "{text}");
    }

    #[test]
    fn a_loop_through_code_paths_and_inline_modules_is_found() {
        let found = loops(&[(
            "lib.rs",
            "mod a { pub fn f() { crate::b::g() } }\n\
             mod b { pub fn g() {}\n pub fn h() { crate::c::i() } }\n\
             mod c { pub fn i() { super::a::f() } }\n",
        )]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].modules, ["crate::a", "crate::b", "crate::c"]);
    }

    #[test]
    fn one_way_dependencies_are_no_loop() {
        // The eval shape after the fix: the shared items in a sibling both use; comments,
        // strings, doc links, test modules and the root's re-exports never count.
        let found = loops(&[
            (
                "lib.rs",
                "pub mod eval;\npub mod search;\npub use eval::SCALE;\n\
                 /// [`search::run`]\npub fn top() {}\n",
            ),
            (
                "eval/mod.rs",
                "mod hand;\nmod scale;\npub use hand::evaluate;\npub use scale::SCALE;\n\
                 // super::search::run\nconst NOTE: &str = \"crate::search::run\";\n\
                 #[cfg(test)]\nmod tests { use crate::search::run; }\n",
            ),
            ("eval/scale.rs", "pub const SCALE: i32 = 128;\n"),
            (
                "eval/hand.rs",
                "use super::scale::SCALE;\npub fn evaluate() -> i32 { SCALE }\n",
            ),
            (
                "search.rs",
                "use crate::eval::evaluate;\npub fn run() -> i32 { evaluate() }\n",
            ),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_string_line_that_looks_like_a_doc_comment_is_read_as_a_string() {
        // Blanking the `///` line would cut the string open: the file is read whole.
        let found = loops(&[(
            "lib.rs",
            "/// Docs.\nmod a {\n    const S: &str = \"x\n    /// y\";\n    \
             pub fn f() { crate::b::g() }\n}\nmod b { pub fn g() { super::a::f() } }\n",
        )]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].to_string().contains("lib.rs:5: crate::b::g"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn a_missing_module_file_is_an_error_naming_it() {
        let dir = crate_with(&[("lib.rs", "\nmod gone;\n")]);
        let error = cycles_in_crate(&dir.path().join("src/lib.rs"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("lib.rs:2: `mod gone;` has no file"),
            "{error}"
        );
    }
}
