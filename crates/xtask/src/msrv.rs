//! `check-msrv`: each workspace package's `rust-version` is at least the `rust-version`
//! of every package it needs to build, as locked in `Cargo.lock`, so that the declared
//! minimum is true for the tree a user gets.
//!
//! "Needs to build" means its normal and build dependencies, transitively (all features
//! on, so optional dependencies count); development dependencies are only needed for the
//! package's own tests and benchmarks, which are not part of the claim. The single files
//! for judges are a separate, lower promise (rustc 1.63), checked by `check-bundles`.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{bail, Context, Result};
use cargo_metadata::{semver::Version, CargoOpt, DependencyKind, MetadataCommand, PackageId};

use crate::Workspace;

/// What one workspace package declares and what its dependency tree needs.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The package's name.
    pub package: String,
    /// Its declared `rust-version`, if any.
    pub declared: Option<Version>,
    /// The highest `rust-version` in its tree, with the package that sets it.
    pub needed: Option<(Version, String)>,
}

impl Finding {
    /// Whether the declaration covers the tree.
    pub fn holds(&self) -> bool {
        match (&self.declared, &self.needed) {
            (_, None) => self.declared.is_some(),
            (Some(declared), Some((needed, _))) => declared >= needed,
            (None, Some(_)) => false,
        }
    }
}

/// Reads the locked tree of `ws` (`cargo metadata --locked --all-features`) and
/// returns one finding per workspace package.
///
/// # Errors
///
/// `cargo metadata` fails (for example because `Cargo.lock` is out of date).
pub fn findings(ws: &Workspace) -> Result<Vec<Finding>> {
    let metadata = MetadataCommand::new()
        .manifest_path(ws.root.join("Cargo.toml"))
        .features(CargoOpt::AllFeatures)
        .other_options(vec!["--locked".to_owned()])
        .exec()
        .context("cargo metadata --locked failed")?;
    let resolve = metadata.resolve.as_ref().context("no resolved tree")?;
    let nodes: BTreeMap<&PackageId, _> = resolve.nodes.iter().map(|n| (&n.id, n)).collect();
    let packages: BTreeMap<&PackageId, _> = metadata.packages.iter().map(|p| (&p.id, p)).collect();
    let mut out = Vec::new();
    for member in &metadata.workspace_members {
        let mut seen: BTreeSet<&PackageId> = BTreeSet::new();
        let mut stack = vec![member];
        let mut needed: Option<(Version, String)> = None;
        while let Some(id) = stack.pop() {
            let Some(node) = nodes.get(id) else { continue };
            for dep in &node.deps {
                let builds = dep
                    .dep_kinds
                    .iter()
                    .any(|k| k.kind != DependencyKind::Development);
                if builds && seen.insert(&dep.pkg) {
                    stack.push(&dep.pkg);
                    let package = packages[&dep.pkg];
                    // A workspace member's own claim is checked on its own line; the
                    // tree's need comes from the packages it pulls in.
                    if metadata.workspace_members.contains(&dep.pkg) {
                        continue;
                    }
                    if let Some(version) = &package.rust_version {
                        if needed.as_ref().is_none_or(|(v, _)| version > v) {
                            needed = Some((
                                version.clone(),
                                format!("{} {}", package.name, package.version),
                            ));
                        }
                    }
                }
            }
        }
        let package = packages[member];
        out.push(Finding {
            package: package.name.to_string(),
            declared: package.rust_version.clone(),
            needed,
        });
    }
    out.sort_by(|a, b| a.package.cmp(&b.package));
    Ok(out)
}

/// Prints a line per workspace package and fails if any declaration is too low or
/// missing.
///
/// # Errors
///
/// As [`findings`], or a package whose `rust-version` does not cover its tree.
pub fn check(ws: &Workspace) -> Result<()> {
    let findings = findings(ws)?;
    let mut wrong = Vec::new();
    for finding in &findings {
        let declared = finding
            .declared
            .as_ref()
            .map_or("nothing".to_owned(), Version::to_string);
        let needed = finding
            .needed
            .as_ref()
            .map_or("no minimum".to_owned(), |(v, by)| {
                format!("{v} (set by {by})")
            });
        let verdict = if finding.holds() { "ok" } else { "TOO LOW" };
        println!(
            "{}: declares rust-version {declared}; its tree needs {needed}: {verdict}",
            finding.package
        );
        if !finding.holds() {
            wrong.push(finding.package.clone());
        }
    }
    if !wrong.is_empty() {
        bail!(
            "rust-version does not cover the locked dependency tree of: {}",
            wrong.join(", ")
        );
    }
    Ok(())
}
