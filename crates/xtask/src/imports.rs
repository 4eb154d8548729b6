//! Shorter `use` items for a pruned bundle: the same imports in fewer bytes.
//!
//! Each inlined crate keeps its source's imports, one `use` per line, each spelled from
//! the bundle's root (`use crate::congo::board::bit;`). [`merge`] rewrites the imports
//! of every module of the file, without changing what any name means:
//!
//! - a path into the crate's own modules is written relative to the importing module
//!   when that is shorter (`crate::congo::board::bit` inside `crate::congo::attacks` is
//!   `super::board::bit`; inside `crate::congo` it is `self::board::bit`);
//! - the module's imports of the same visibility are merged into one `use` per root,
//!   as a tree (`use super::{board::{bit, SIZE}, dir::Dir};`).
//!
//! `use` items with attributes, and those inside function bodies, are left as they are.
//! `super::` and `self::` at the start of a `use` path mean the same in every edition,
//! and so does a nested group, so the file still compiles under each of them.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{Context, Result};
use quote::ToTokens;
use syn::{Item, UseTree};

/// `text` (a printed bundle) with the imports of every module merged and shortened.
///
/// # Errors
///
/// `text` does not parse.
pub fn merge(text: &str) -> Result<String> {
    let mut file = syn::parse_file(text).context("cannot parse the pruned bundle")?;
    merge_items(&mut file.items, &mut Vec::new())?;
    Ok(prettyplease::unparse(&file))
}

/// One import, flattened: the path's segments before the last, and the last one as
/// written (`bit`, `text as course`, `*`, `self`).
type Import = (Vec<String>, String);

/// The imports under one path prefix, as a tree.
#[derive(Default)]
struct Node {
    leaves: BTreeSet<String>,
    children: BTreeMap<String, Node>,
}

impl Node {
    fn insert(&mut self, segments: &[String], leaf: &str) {
        match segments.split_first() {
            None => {
                self.leaves.insert(leaf.to_owned());
            }
            Some((first, rest)) => self
                .children
                .entry(first.clone())
                .or_default()
                .insert(rest, leaf),
        }
    }

    /// The entries of this node (`bit`, `board::{..}`), each printed.
    fn entries(&self) -> Vec<String> {
        let mut entries: Vec<String> = self.leaves.iter().cloned().collect();
        for (name, child) in &self.children {
            entries.push(format!("{name}::{}", child.render()));
        }
        entries
    }

    /// The node after its `prefix::`: the one entry, or a group of them. A lone `self`
    /// stays in braces (`a::{self}` imports the module `a` only, `a` every namespace).
    fn render(&self) -> String {
        let entries = self.entries();
        match entries.as_slice() {
            [one] if one != "self" => one.clone(),
            _ => format!("{{{}}}", entries.join(",")),
        }
    }
}

/// Merges the module-level imports of `items` (the module `module` of the bundle, as
/// its path of names from the root), then those of each inline module inside.
fn merge_items(items: &mut Vec<Item>, module: &mut Vec<String>) -> Result<()> {
    for item in items.iter_mut() {
        if let Item::Mod(inner) = item {
            if let Some((_, inner_items)) = &mut inner.content {
                module.push(inner.ident.to_string());
                merge_items(inner_items, module)?;
                module.pop();
            }
        }
    }

    // The imports of each visibility (`pub use` apart from `use`), by root.
    let mut groups: BTreeMap<String, BTreeMap<String, Node>> = BTreeMap::new();
    let mut first_index: BTreeMap<String, usize> = BTreeMap::new();
    let mut kept = Vec::with_capacity(items.len());
    for item in items.drain(..) {
        match item {
            Item::Use(import) if import.attrs.is_empty() && import.leading_colon.is_none() => {
                let vis = import.vis.to_token_stream().to_string();
                first_index.entry(vis.clone()).or_insert(kept.len());
                let roots = groups.entry(vis).or_default();
                let mut flat = Vec::new();
                flatten(&import.tree, &mut Vec::new(), &mut flat);
                for (segments, leaf) in flat {
                    let segments = relative(segments, &leaf, module);
                    let (root, rest) = segments.split_first().expect("a use path has a root");
                    roots.entry(root.clone()).or_default().insert(rest, &leaf);
                }
            }
            other => kept.push(other),
        }
    }

    // Each visibility's imports go where its first `use` was (the order of the other
    // items is kept; imports mean the same wherever they stand in the module).
    // (Ties: the later visibility is inserted first, so `use` comes before `pub use`.)
    let mut merged: Vec<(usize, Vec<Item>)> = Vec::new();
    for (vis, roots) in groups.into_iter().rev() {
        let mut uses = Vec::new();
        for (root, node) in roots {
            let text = format!("{vis} use {root}::{};", node.render());
            let item: Item = syn::parse_str(&text)
                .with_context(|| format!("the merged import `{text}` does not parse"))?;
            uses.push(item);
        }
        merged.push((first_index[&vis], uses));
    }
    merged.sort_by_key(|(index, _)| std::cmp::Reverse(*index));
    for (index, uses) in merged {
        kept.splice(index..index, uses);
    }
    *items = kept;
    Ok(())
}

/// Appends each import of `tree` (under the segments `prefix`) to `out`.
fn flatten(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<Import>) {
    match tree {
        UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            flatten(&path.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(name) => out.push((prefix.clone(), name.ident.to_string())),
        UseTree::Rename(rename) => out.push((
            prefix.clone(),
            format!("{} as {}", rename.ident, rename.rename),
        )),
        UseTree::Glob(_) => out.push((prefix.clone(), "*".to_owned())),
        UseTree::Group(group) => {
            for item in &group.items {
                flatten(item, prefix, out);
            }
        }
    }
}

/// `segments` (of an import whose last part is `leaf`, in the module `module`) written
/// from the importing module when that is shorter: `crate::a::b::x` in the module
/// `a::c` is `super::b::x`, in the module `a` it is `self::b::x`. Only the modules the
/// two paths share are left out, so the import names the same item.
fn relative(segments: Vec<String>, leaf: &str, module: &[String]) -> Vec<String> {
    if segments.first().map(String::as_str) != Some("crate") || module.is_empty() {
        return segments;
    }
    let path = &segments[1..];
    // A lone `self` leaf names its prefix's last segment: that one is no shared module.
    let shareable = if leaf == "self" {
        path.len().saturating_sub(1)
    } else {
        path.len()
    };
    let shared = module
        .iter()
        .zip(&path[..shareable])
        .take_while(|(a, b)| a == b)
        .count();
    if shared == 0 {
        return segments;
    }
    let up = module.len() - shared;
    let mut relative: Vec<String> = if up == 0 {
        vec!["self".to_owned()]
    } else {
        vec!["super".to_owned(); up]
    };
    relative.extend(path[shared..].iter().cloned());
    let length = |segments: &[String]| segments.iter().map(|s| s.len() + 2).sum::<usize>();
    if length(&relative) < length(&segments) {
        relative
    } else {
        segments
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` without whitespace and without the trailing commas of printed lists.
    fn squeezed(text: &str) -> String {
        let text: String = text.split_whitespace().collect();
        text.replace(",}", "}")
    }

    fn merged(text: &str) -> String {
        squeezed(&merge(text).unwrap())
    }

    #[test]
    fn imports_of_a_module_become_one_relative_tree() {
        let text = "mod congo { mod attacks { use crate::congo::board::{bit, SIZE}; \
                    use crate::congo::dir::Dir; use std::fmt; use crate::grid::Square; \
                    fn f() {} use std::ops::Not; } mod board {} mod dir {} }";
        assert_eq!(
            merged(text),
            squeezed(
                "mod congo { mod attacks { use crate::grid::Square; \
             use std::{fmt, ops::Not}; use super::{board::{SIZE, bit}, dir::Dir}; \
             fn f() {} } mod board {} mod dir {} }"
            )
        );
    }

    #[test]
    fn own_submodules_are_reached_through_self_and_visibilities_stay_apart() {
        let text = "mod engine { pub use crate::engine::protocol::Reply; \
                    use crate::engine::protocol::Error; use crate::congo::Move; \
                    pub use crate::engine::protocol::Quit; mod protocol {} }";
        assert_eq!(
            merged(text),
            squeezed(
                "mod engine { use crate::congo::Move; use self::protocol::Error; \
             pub use self::protocol::{Quit, Reply}; mod protocol {} }"
            )
        );
    }

    #[test]
    fn renames_globs_and_self_imports_are_kept() {
        let text = "mod a { use crate::b::text as course; use crate::a::z::{self, K}; \
                    use crate::b::*; mod z {} mod y { use crate::a::z::{self}; } }";
        assert_eq!(
            merged(text),
            squeezed(
                "mod a { use crate::b::{*, text as course}; use self::z::{K, self}; \
             mod z {} mod y { use super::z::{self}; } }"
            )
        );
    }

    #[test]
    fn paths_out_of_other_crates_and_attributed_imports_are_left_alone() {
        let text = "mod a { mod c { use crate::b::x; use crate::b::y; \
                    #[allow(unused_imports)] use crate::a::d; } mod d {} }";
        assert_eq!(
            merged(text),
            squeezed(
                "mod a { mod c { use crate::b::{x, y}; \
             #[allow(unused_imports)] use crate::a::d; } mod d {} }"
            )
        );
    }
}
