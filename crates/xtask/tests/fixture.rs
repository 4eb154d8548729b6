//! The bundler end to end on a small workspace shaped like the real one
//! (`tests/fixtures/ws`): two library crates, `beta` using `alpha`, thiserror derives in
//! every supported form, nested module files, `$crate` in a macro, `include_str!`, test
//! code, and judge programs with case files.
//!
//! The workspace binaries are built by cargo with the real thiserror, so the case files
//! compare the bundler's expansion of the derives with thiserror's own, byte for byte,
//! on standard output and standard error.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use xtask::check::{check_bundles, check_libraries, Options, MAX_BUNDLE_BYTES};
use xtask::compilers::{Compiler, DEBIAN_RUSTC, OLD_EDITIONS};
use xtask::Workspace;

/// Debian's rustc 1.63, or `None` outside CI when it is not installed (a developer's
/// `cargo test` then checks with the current compiler in its place; CI installs it
/// first, and there its absence fails the test rather than skipping it).
fn old_rustc() -> Option<PathBuf> {
    let path = PathBuf::from(DEBIAN_RUSTC);
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{DEBIAN_RUSTC} is missing on CI: install Debian's rustc package"
    );
    eprintln!("note: {DEBIAN_RUSTC} is missing; `apt-get install rustc` to check with rustc 1.63");
    None
}

fn fixture() -> &'static Workspace {
    static WS: OnceLock<Workspace> = OnceLock::new();
    WS.get_or_init(|| {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ws/Cargo.toml");
        Workspace::load(Some(&manifest)).unwrap()
    })
}

fn bundle(name: &str) -> String {
    xtask::bundle(fixture(), name).unwrap_or_else(|e| panic!("{e:#}"))
}

#[test]
fn judge_programs_are_the_binaries_with_case_files() {
    let names: Vec<&str> = fixture()
        .judge_programs()
        .iter()
        .map(|b| b.name.as_str())
        .collect();
    // `tool` has no case files; `excluded` is listed in [package.metadata.bundle].
    assert_eq!(names, ["echo-errors", "geometry"]);
}

#[test]
fn bundles_behave_like_the_workspace_binaries_on_every_case() {
    let options = Options {
        target_dir: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fixture-target")),
        old_rustc: old_rustc().unwrap_or_else(|| PathBuf::from("rustc")),
        ..Options::default()
    };
    let mut checked = check_bundles(fixture(), &options).unwrap();
    checked.sort_by(|a, b| a.name.cmp(&b.name));
    let summary: Vec<(&str, usize)> = checked.iter().map(|c| (c.name.as_str(), c.cases)).collect();
    assert_eq!(summary, [("echo-errors", 3), ("geometry", 3)]);
    assert!(checked.iter().all(|c| c.bytes <= MAX_BUNDLE_BYTES));
}

#[test]
fn a_bundle_inlines_the_crates_it_uses_and_nothing_else() {
    let text = bundle("echo-errors");
    assert!(
        text.contains("\nmod alpha {"),
        "beta's dependency is inlined"
    );
    assert!(text.contains("\nmod beta {"));
    assert!(!text.contains("thiserror"));
    assert!(!text.contains("#[derive(Debug, Clone, PartialEq, Eq, Error)]"));
    assert!(text.contains("impl std::convert::From<crate::alpha::ParseError> for CommandError"));
    // Edition-neutral forms (see the `edition` module).
    assert!(text.contains("::std::iter::IntoIterator::into_iter(Direction::ALL)"));
    assert!(text.contains("use self::util::clamp;"));
    assert!(text.contains("use std::convert::TryFrom;"));
    // Local names are shortened (`value`, `max`), imports merged per module.
    assert!(text.contains("pub fn clamp(a: usize, b: usize) -> u8 {"));
    assert!(text.contains("u8::try_from(std::cmp::min(a, b))"));
    assert!(text.contains("use std::{iter::FromIterator as _, num::ParseIntError};"));
    // Docs, tests and test-only items are gone.
    for gone in [
        "///",
        "//!",
        "#[doc",
        "#[test]",
        "cfg(test)",
        "mod tests",
        "only_for_tests",
    ] {
        assert!(!text.contains(gone), "{gone} left in the bundle");
    }
    // `include_str!` became the file's text; `$crate` points into the module.
    assert!(text.contains("pub const TABLE: &str = \"a1 b2 c3\\n\";"));
    assert!(text.contains("$crate::alpha::Point::new($x, $y)"));
    // Code no judge program uses is pruned, a variant never built is allowed precisely.
    for gone in ["unused_helper", "fn mirror", "fn unused", "not_for_tests"] {
        assert!(!text.contains(gone), "{gone} left in the bundle");
    }
    assert!(text.contains("#[allow(dead_code)]\n\t\tReserved,"));
    // Derived traits stay only where needed: `==` on a point (and `Eq` with `PartialEq`,
    // which rustc 1.63 wants for constant patterns); `Clone` and `Copy` always.
    assert!(text.contains("\t\t#[derive(Clone, Copy, PartialEq, Eq)]\n\t\tpub struct Point {"));
    assert!(text.contains("\t\t\t#[derive(Clone, Copy)]\n\t\t\tpub enum Direction {"));
    // Indentation is one tab a level, but not inside multi-line literals.
    assert!(text.contains("\n\tpub const BANNER: &str = \"banner:\n    indented by four\n        by eight\n\tand a tab\";"));
    assert!(!text.contains("#![allow(dead_code)]"));
    // Trait impls no code uses are stripped (rustc reports none of them); used ones stay.
    assert!(!text.contains("FromStr for Point"));
    assert!(text.contains("impl fmt::Display for Point"));

    let geometry = bundle("geometry");
    assert!(geometry.contains("\nmod alpha {"));
    // Pruning rounds that break the file are repaired; imports of removed items go. A
    // type named only by macro invocations that the file compiles without (a macro of
    // another module, or of its own) goes with them.
    for gone in [
        "Ghost",
        "ghost_ops",
        "Bits",
        "impl_not",
        "fn far",
        "dead_user",
        "use crate::alpha::extra::far",
        "Unused",
    ] {
        assert!(!geometry.contains(gone), "{gone} left in the bundle");
    }
    // A type named by live code stays without any allow; so does its trait impl. Its
    // derived `Debug`, which nothing uses, goes; a `Debug` that `{:?}` needs stays.
    assert!(geometry.contains("\tpub mod extra {\n\t\tpub struct Marker {"));
    assert!(geometry.contains("\t\t\t#[derive(Debug, Clone, Copy)]\n\t\t\tpub enum Direction {"));
    assert!(geometry.contains("\t\t#[derive(Clone, Copy)]\n\t\tpub struct Point {"));
    assert!(!geometry.contains("mod beta"), "geometry does not use beta");
    // geometry never displays a point, but prints a parse error.
    assert!(!geometry.contains("FromStr for Point"));
    assert!(!geometry.contains("Display for Point"));
    assert!(geometry.contains("impl std::fmt::Display for ParseError"));
}

#[test]
fn bundling_is_deterministic() {
    assert_eq!(bundle("geometry"), bundle("geometry"));
}

#[test]
fn unknown_binaries_are_refused_by_name() {
    let error = xtask::bundle(fixture(), "nope").unwrap_err();
    assert!(format!("{error:#}").contains("no binary `nope`"));
}

/// Copies the folder `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_construct_newer_than_rustc_1_63_fails_with_the_file_and_line_that_hold_it() {
    let Some(old) = old_rustc() else { return };
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("ws");
    copy_tree(&fixture().root, &root);
    // A `let ... else` (Rust 1.65) in a nested module file that no judge program uses,
    // so no bundle would contain it: only the whole-library check can see it.
    let inner = root.join("crates/alpha/src/geo/inner.rs");
    let mut text = std::fs::read_to_string(&inner).unwrap();
    let line = text.lines().count() + 4; // a blank line, the doc line, the `fn` line, then this
    text.push_str("\n/// Not used by any program.\npub fn first_or_zero(v: &[u8]) -> u8 {\n    let Some(&x) = v.first() else {\n        return 0;\n    };\n    x\n}\n");
    std::fs::write(&inner, text).unwrap();
    let ws = Workspace::load(Some(&root.join("Cargo.toml"))).unwrap();
    let old = Compiler::new(old, &OLD_EDITIONS, true).unwrap();
    let out = scratch.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let failures = check_libraries(&ws, &[&old], &out).unwrap();
    let names: Vec<&str> = failures.iter().map(|f| f.library.as_str()).collect();
    assert_eq!(names, ["alpha"], "beta, which uses alpha, is not compiled");
    let expected =
        format!("crates/alpha/src/geo/inner.rs:{line}: let Some(&x) = v.first() else {{");
    assert!(
        failures[0].report.contains(&expected),
        "{expected} not in:\n{}",
        failures[0].report
    );
}
