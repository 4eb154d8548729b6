//! What the bundler needs to know of a Cargo workspace, read with `cargo metadata`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use cargo_metadata::{DependencyKind, MetadataCommand, Package, TargetKind};

/// A library crate of the workspace that a bundle may inline.
#[derive(Clone, Debug)]
pub struct Library {
    /// The crate's name in Rust paths (`congo`), also its module name in a bundle.
    pub name: String,
    /// The crate root file (`crates/congo/src/lib.rs`).
    pub root: PathBuf,
    /// The workspace libraries it depends on (normal dependencies), by Rust name.
    pub dependencies: BTreeSet<String>,
}

/// A binary of the root package.
#[derive(Clone, Debug)]
pub struct Binary {
    /// The binary's name (`congo-board`).
    pub name: String,
    /// Its source file (`bins/congo-board.rs`).
    pub root: PathBuf,
}

/// The workspace: its root folder, its libraries, and the binaries of its root package.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The folder of the root `Cargo.toml`.
    pub root: PathBuf,
    /// Cargo's target folder.
    pub target_dir: PathBuf,
    /// The root package's name (`board-judges`).
    pub package: String,
    /// Workspace libraries by Rust name.
    pub libraries: BTreeMap<String, Library>,
    /// The workspace libraries the root package depends on, by Rust name.
    pub root_dependencies: BTreeSet<String>,
    /// The root package's binaries, in manifest order.
    pub binaries: Vec<Binary>,
    /// Binaries that `[package.metadata.bundle] exclude` declares not to be judge programs.
    pub excluded: BTreeSet<String>,
}

impl Workspace {
    /// Reads the workspace of the manifest `manifest` (or of the current folder).
    ///
    /// # Errors
    ///
    /// `cargo metadata` fails, or the workspace has no root package.
    pub fn load(manifest: Option<&Path>) -> Result<Workspace> {
        let mut command = MetadataCommand::new();
        command.no_deps();
        if let Some(manifest) = manifest {
            command.manifest_path(manifest);
        }
        let metadata = command.exec().context("cargo metadata failed")?;
        let root_package = metadata
            .root_package()
            .context("the workspace root Cargo.toml has no [package]")?;
        let members: Vec<&Package> = metadata.workspace_packages();
        let lib_name = |package: &Package| -> Option<String> {
            package
                .targets
                .iter()
                .find(|t| t.is_kind(TargetKind::Lib))
                .map(|t| t.name.replace('-', "_"))
        };
        let dependencies_of = |package: &Package| -> BTreeSet<String> {
            package
                .dependencies
                .iter()
                .filter(|dep| dep.kind == DependencyKind::Normal && dep.path.is_some())
                .filter_map(|dep| {
                    let member = members.iter().find(|m| m.name.as_str() == dep.name)?;
                    let name = lib_name(member)?;
                    Some(dep.rename.clone().map_or(name, |r| r.replace('-', "_")))
                })
                .collect()
        };
        let mut libraries = BTreeMap::new();
        for package in &members {
            let Some(target) = package.targets.iter().find(|t| t.is_kind(TargetKind::Lib)) else {
                continue;
            };
            let name = target.name.replace('-', "_");
            libraries.insert(
                name.clone(),
                Library {
                    name,
                    root: target.src_path.clone().into(),
                    dependencies: dependencies_of(package),
                },
            );
        }
        let binaries = root_package
            .targets
            .iter()
            .filter(|t| t.is_kind(TargetKind::Bin))
            .map(|t| Binary {
                name: t.name.clone(),
                root: t.src_path.clone().into(),
            })
            .collect();
        let excluded = match &root_package.metadata["bundle"]["exclude"] {
            serde_json::Value::Null => BTreeSet::new(),
            serde_json::Value::Array(names) => names
                .iter()
                .map(|name| name.as_str().map(str::to_owned))
                .collect::<Option<_>>()
                .context("[package.metadata.bundle] exclude must list binary names")?,
            _ => bail!("[package.metadata.bundle] exclude must list binary names"),
        };
        Ok(Workspace {
            root: metadata.workspace_root.clone().into(),
            target_dir: metadata.target_directory.clone().into(),
            package: root_package.name.to_string(),
            libraries,
            root_dependencies: dependencies_of(root_package),
            binaries,
            excluded,
        })
    }

    /// The binary named `name`.
    ///
    /// # Errors
    ///
    /// There is no such binary in the root package.
    pub fn binary(&self, name: &str) -> Result<&Binary> {
        self.binaries
            .iter()
            .find(|b| b.name == name)
            .with_context(|| {
                let names: Vec<&str> = self.binaries.iter().map(|b| b.name.as_str()).collect();
                format!(
                    "no binary `{name}` in the root package (it has: {})",
                    names.join(", ")
                )
            })
    }

    /// The folder of a binary's case files: `tests/cases/<name>/`.
    pub fn cases_dir(&self, name: &str) -> PathBuf {
        self.root.join("tests").join("cases").join(name)
    }

    /// The judge programs: the root package's binaries that have case files
    /// (`tests/cases/<name>/*.in`) and are not excluded by
    /// `[package.metadata.bundle] exclude`.
    pub fn judge_programs(&self) -> Vec<&Binary> {
        self.binaries
            .iter()
            .filter(|b| !self.excluded.contains(&b.name))
            .filter(|b| !case_inputs(&self.cases_dir(&b.name)).is_empty())
            .collect()
    }
}

/// The `*.in` files of a folder, sorted (none if it does not exist).
pub fn case_inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    inputs
}
