//! Removal of the derived traits no code uses. rustc does not report an unused derive
//! (`#[derive(Debug)]` on a type nothing prints with `{:?}`), so the libraries' derives,
//! written for their users, would all stay in a bundle: text to read for a judge and
//! code to type-check. As for trait impls ([`super::strip_trait_impls`]), every
//! candidate derive is removed at once and the file checked; each error (a missing
//! `Debug`, `==` on a type without `PartialEq`, an unmet `Hash` bound) names the type and
//! the trait it needs, and those derives come back, until the file compiles.
//!
//! Only traits whose absence is always a compile error, never a silent change, are
//! candidates: `Debug`, `Default`, `Hash`, `PartialEq`, `Eq`, `PartialOrd`, `Ord`.
//! `Clone` and `Copy` stay (without them `x.clone()` on a reference still compiles,
//! cloning the reference). A derive that comes back brings its supertraits, and
//! `PartialEq` brings `Eq`: rustc 1.63 wants both on a type used as a constant pattern,
//! which the current compiler (the one checking here) does not.

use std::collections::BTreeSet;

use anyhow::{Context, Result};
use syn::punctuated::Punctuated;
use syn::{Attribute, Item, Token};

use super::diagnostics::{Report, MAX_STRIP_CHECKS};

/// The derived traits that may be removed.
const CANDIDATES: [&str; 7] = [
    "Debug",
    "Default",
    "Hash",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
];

/// The derives that come back with `name`: its supertraits, and `Eq` with `PartialEq`.
fn companions(name: &str) -> &'static [&'static str] {
    match name {
        "PartialEq" => &["Eq"],
        "Eq" => &["PartialEq"],
        "PartialOrd" => &["PartialEq"],
        "Ord" => &["PartialOrd", "Eq"],
        _ => &[],
    }
}

/// One `#[derive(..)]` of a struct, enum or union: the type's name, and the last name of
/// each trait derived.
struct Derive {
    type_name: String,
    traits: Vec<String>,
}

/// One derived trait that may go: the derive's number (in file order) and the trait.
type Entry = (usize, String);

/// Removes the derives no code needs from `text`; `None` when nothing can be removed or
/// the errors name no removed derive (the file is then left as it was).
pub(super) fn strip_derives(
    text: &str,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<Option<String>> {
    let file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut derives = Vec::new();
    collect(&file.items, &mut derives);
    let mut removed: BTreeSet<Entry> = derives
        .iter()
        .enumerate()
        .flat_map(|(n, derive)| {
            derive
                .traits
                .iter()
                .filter(|name| CANDIDATES.contains(&name.as_str()))
                .map(move |name| (n, name.clone()))
        })
        .collect();
    for _ in 0..MAX_STRIP_CHECKS {
        if removed.is_empty() {
            return Ok(None);
        }
        let mut attempt = file.clone();
        remove(&mut attempt.items, &removed, &mut 0);
        let attempt = prettyplease::unparse(&attempt);
        let report = check(&attempt)?;
        if report.errors.is_empty() {
            if !report.other.is_empty() {
                return Ok(None);
            }
            if debug {
                eprintln!("removed {} derived traits", removed.len());
            }
            return Ok(Some(attempt));
        }
        let needed = needed(&report, &derives, &removed);
        if needed.is_empty() {
            if debug {
                eprintln!("removing derives gave up:\n{}", report.errors.join("\n"));
            }
            return Ok(None);
        }
        removed.retain(|entry| !needed.contains(entry));
    }
    Ok(None)
}

/// The removed derives that the errors of `report` name: for each error, those naming
/// both the type and the trait, else all of the type's; with their companions.
fn needed(report: &Report, derives: &[Derive], removed: &BTreeSet<Entry>) -> BTreeSet<Entry> {
    let mut needed = BTreeSet::new();
    for names in &report.error_name_sets {
        let of_type = |(n, _): &&Entry| names.contains(&derives[*n].type_name);
        let both: Vec<Entry> = removed
            .iter()
            .filter(of_type)
            .filter(|(_, name)| names.contains(name))
            .cloned()
            .collect();
        if both.is_empty() {
            needed.extend(removed.iter().filter(of_type).cloned());
        } else {
            needed.extend(both);
        }
    }
    loop {
        let more: Vec<Entry> = needed
            .iter()
            .flat_map(|(n, name)| companions(name).iter().map(move |c| (*n, (*c).to_owned())))
            .filter(|entry| removed.contains(entry) && !needed.contains(entry))
            .collect();
        if more.is_empty() {
            return needed;
        }
        needed.extend(more);
    }
}

/// The derives of every struct, enum and union at every depth, in file order.
fn collect(items: &[Item], out: &mut Vec<Derive>) {
    for item in items {
        let (name, attrs) = match item {
            Item::Struct(i) => (&i.ident, &i.attrs),
            Item::Enum(i) => (&i.ident, &i.attrs),
            Item::Union(i) => (&i.ident, &i.attrs),
            Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    collect(inner, out);
                }
                continue;
            }
            _ => continue,
        };
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("derive")) {
            out.push(Derive {
                type_name: name.to_string(),
                traits: derived(attr)
                    .iter()
                    .map(|path| last_name(path).unwrap_or_default())
                    .collect(),
            });
        }
    }
}

/// The trait paths of a `#[derive(..)]`.
fn derived(attr: &Attribute) -> Vec<syn::Path> {
    attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
        .map(|paths| paths.into_iter().collect())
        .unwrap_or_default()
}

fn last_name(path: &syn::Path) -> Option<String> {
    path.segments
        .last()
        .map(|segment| segment.ident.to_string())
}

/// Removes the derived traits in `removed` (derives numbered in file order as by
/// [`collect`]; `counter` counts the derives seen), and each derive left empty.
fn remove(items: &mut [Item], removed: &BTreeSet<Entry>, counter: &mut usize) {
    for item in items {
        let attrs = match item {
            Item::Struct(i) => &mut i.attrs,
            Item::Enum(i) => &mut i.attrs,
            Item::Union(i) => &mut i.attrs,
            Item::Mod(module) => {
                if let Some((_, inner)) = &mut module.content {
                    remove(inner, removed, counter);
                }
                continue;
            }
            _ => continue,
        };
        attrs.retain_mut(|attr| {
            if !attr.path().is_ident("derive") {
                return true;
            }
            let n = *counter;
            *counter += 1;
            let kept: Vec<syn::Path> = derived(attr)
                .into_iter()
                .filter(|path| {
                    let name = last_name(path).unwrap_or_default();
                    !removed.contains(&(n, name))
                })
                .collect();
            *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
            !kept.is_empty()
        });
    }
}
