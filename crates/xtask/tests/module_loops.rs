//! No crate of the workspace has a module loop (README.md; the rule and what counts as a
//! reference are in `xtask::modules`).

use std::path::Path;

#[test]
fn no_crate_of_the_workspace_has_a_module_loop() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let roots = xtask::modules::crate_roots(&workspace).unwrap();
    // The walk really covers the workspace: the libraries, the tools, the judge
    // programs of the root package and the programs of a tool package without `src/`.
    for root in [
        "crates/reversi-engine/src/lib.rs",
        "tools/reversi-match/src/main.rs",
        "src/lib.rs",
        "bins/reversi-perft.rs",
        "tools/reversi-cli/bins/reversi-engine.rs",
    ] {
        assert!(
            roots.iter().any(|r| r.ends_with(root)),
            "{root} is not among the crate roots {roots:?}"
        );
    }
    let cycles = xtask::modules::check(&workspace).unwrap();
    let report: Vec<String> = cycles.iter().map(ToString::to_string).collect();
    assert!(cycles.is_empty(), "{}", report.join("\n"));
}
