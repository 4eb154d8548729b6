#![doc = include_str!("../README.md")]

pub mod check;
pub mod compilers;
pub mod edition;
pub mod imports;
pub mod layout;
pub mod limits;
pub mod locals;
pub mod locate;
pub mod modules;
pub mod msrv;
pub mod paths;
pub mod prune;
pub mod source;
pub mod sources;
pub mod thiserror;
pub mod workspace;

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{bail, Context, Result};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::visit_mut::{self, VisitMut};
use syn::{AttrStyle, Attribute, Ident, Item, Visibility};

pub use workspace::Workspace;

/// Makes the single-file source of the root package's binary `name`: the binary with
/// every workspace library it uses (transitively) inlined as a module, thiserror derives
/// expanded, docs and test code removed, and unused code pruned until `rustc` gives no
/// warning.
///
/// # Errors
///
/// Unknown binary, unreadable source, any form the bundler does not handle (named with
/// the crate and item), or a bundle that does not compile cleanly.
pub fn bundle(ws: &Workspace, name: &str) -> Result<String> {
    bundle_with_progress(ws, name, &mut |_| {})
}

/// [`bundle`], telling `progress` what it is doing (one short sentence per step), for
/// a person waiting at a terminal.
///
/// # Errors
///
/// As [`bundle`].
pub fn bundle_with_progress(
    ws: &Workspace,
    name: &str,
    progress: &mut dyn FnMut(&str),
) -> Result<String> {
    let binary = ws.binary(name)?;
    progress(&format!("reading {}", binary.root.display()));
    let mut main = source::load_crate(&binary.root)?;
    let used = paths::used_crates(&main, &ws.root_dependencies);
    let (used, modules) = inline_libraries(ws, used, progress)?;

    let attrs = crate_attributes(&main.attrs, name)?;
    source::strip_docs(&mut main);
    thiserror::expand(&mut main.items, name)?;
    paths::Rewriter::new(None, ws.root_dependencies.clone()).rewrite(&mut main);
    edition::make_edition_neutral(&mut main.items);
    check_supported(&main, name)?;
    for item in &main.items {
        if let Some(ident) = item_ident(item) {
            if used.contains(&ident.to_string()) {
                bail!("`{ident}` in {name} has the name of the crate it inlines: rename it");
            }
        }
    }
    main.attrs = attrs;
    main.items.extend(modules);
    CrateVisibility.visit_file_mut(&mut main);
    sources::drop_unused(&mut main);

    progress("removing unused code (each round is checked with rustc)");
    let scratch = tempfile::tempdir().context("cannot make a scratch folder")?;
    let text = prune::prune(main, scratch.path()).with_context(|| format!("bundling `{name}`"))?;
    let header = format!(
        "// `{name}`: single-file build of this judge program and the workspace crates it\n\
         // uses, made by `cargo xtask bundle {name}`. Compile with `rustc -O` (any edition).\n\
         // Generated: edit the workspace's sources, not this file.\n\n"
    );
    let budget = limits::ROOM_BUNDLE_BYTES.saturating_sub(header.len());
    let text = layout::fit(&text, budget, progress)?;
    Ok(header + &text)
}

/// The whole of the workspace library `lib` and the libraries it uses, as one source
/// file holding `mod lib { .. }` and a module per dependency, prepared as in a bundle
/// (thiserror expanded, paths rewritten, edition-neutral) but with nothing pruned: every
/// item of the library is there, used by a judge program or not. Compiled as a library
/// with an old compiler, it shows every construct that compiler does not know, wherever
/// it is (see [`check::check_libraries`]).
///
/// # Errors
///
/// Unknown library, unreadable source, or any form the bundler does not handle.
pub fn library_source(ws: &Workspace, lib: &str) -> Result<String> {
    if !ws.libraries.contains_key(lib) {
        bail!("no workspace library `{lib}`");
    }
    let used = std::iter::once(lib.to_owned()).collect();
    let (_, modules) = inline_libraries(ws, used, &mut |_| {})?;
    let file: syn::File = syn::parse2(quote!(#(#modules)*))?;
    Ok(prettyplease::unparse(&file))
}

/// Loads the workspace libraries in `used` and, transitively, those they name, each
/// prepared as a module `mod name { .. }`. Returns every library inlined and the modules.
fn inline_libraries(
    ws: &Workspace,
    mut used: BTreeSet<String>,
    progress: &mut dyn FnMut(&str),
) -> Result<(BTreeSet<String>, Vec<Item>)> {
    // The libraries, found breadth first through what each one names.
    let mut libraries: BTreeMap<String, syn::File> = BTreeMap::new();
    let mut queue: Vec<String> = used.iter().cloned().collect();
    while let Some(lib) = queue.pop() {
        if libraries.contains_key(&lib) {
            continue;
        }
        let library = &ws.libraries[&lib];
        progress(&format!("reading crate `{lib}`"));
        let file =
            source::load_crate(&library.root).with_context(|| format!("loading crate `{lib}`"))?;
        for dep in paths::used_crates(&file, &library.dependencies) {
            used.insert(dep.clone());
            queue.push(dep);
        }
        libraries.insert(lib, file);
    }

    let mut modules = Vec::new();
    for (lib, mut file) in libraries {
        let attrs = crate_attributes(&file.attrs, &lib)?;
        source::strip_docs(&mut file);
        thiserror::expand(&mut file.items, &lib)?;
        let dependencies = ws.libraries[&lib].dependencies.clone();
        paths::Rewriter::new(Some(&lib), dependencies).rewrite(&mut file);
        edition::make_edition_neutral(&mut file.items);
        check_supported(&file, &lib)?;
        let ident = Ident::new(&lib, Span::call_site());
        let items = &file.items;
        let inner: Vec<Attribute> = attrs
            .into_iter()
            .map(|mut attr| {
                attr.style = AttrStyle::Inner(Default::default());
                attr
            })
            .collect();
        modules.push(syn::parse2::<Item>(
            quote!(mod #ident { #(#inner)* #(#items)* }),
        )?);
    }
    Ok((used, modules))
}

/// The crate-level attributes kept in a bundle: `#![allow(..)]` only. Docs and lint
/// levels that would fire once docs are gone (`warn(missing_docs)`) are dropped;
/// anything else is refused.
fn crate_attributes(attrs: &[Attribute], crate_name: &str) -> Result<Vec<Attribute>> {
    let mut kept = Vec::new();
    for attr in attrs {
        let path = attr.path();
        if path.is_ident("allow") {
            kept.push(attr.clone());
        } else if ["doc", "warn", "deny", "forbid", "cfg_attr"]
            .iter()
            .any(|name| path.is_ident(name))
        {
            continue;
        } else {
            bail!(
                "crate `{crate_name}`: crate attribute `{}` is not supported in a bundle",
                quote!(#attr)
            );
        }
    }
    Ok(kept)
}

/// Refuses what a bundle cannot hold: `extern crate`, `#[macro_export]`, and any
/// `thiserror` left after expansion.
fn check_supported(file: &syn::File, crate_name: &str) -> Result<()> {
    for item in &file.items {
        check_item(item, crate_name)?;
    }
    if mentions(quote!(#file), "thiserror") {
        bail!("crate `{crate_name}` uses `thiserror` in a form the bundler does not expand");
    }
    Ok(())
}

fn check_item(item: &Item, path: &str) -> Result<()> {
    match item {
        Item::ExternCrate(item) => {
            bail!("`{path}`: `extern crate {}` is not supported", item.ident)
        }
        Item::Macro(mac) if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
            bail!("`{path}`: `#[macro_export]` macros are not supported")
        }
        Item::Mod(module) => {
            for inner in module.content.iter().flat_map(|(_, items)| items) {
                check_item(inner, &format!("{path}::{}", module.ident))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn mentions(tokens: TokenStream, name: &str) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == name,
        TokenTree::Group(group) => mentions(group.stream(), name),
        _ => false,
    })
}

/// The name an item defines in its module's type or value namespace.
fn item_ident(item: &Item) -> Option<&Ident> {
    match item {
        Item::Const(i) => Some(&i.ident),
        Item::Enum(i) => Some(&i.ident),
        Item::Fn(i) => Some(&i.sig.ident),
        Item::Mod(i) => Some(&i.ident),
        Item::Static(i) => Some(&i.ident),
        Item::Struct(i) => Some(&i.ident),
        Item::Trait(i) => Some(&i.ident),
        Item::Type(i) => Some(&i.ident),
        Item::Union(i) => Some(&i.ident),
        _ => None,
    }
}

/// Writes `pub(crate)` as `pub` (7 bytes less each): in a binary crate, which nothing
/// outside uses, the two mean the same, for name resolution (`use` and glob imports see
/// the same items) as for the unused-code lints. `pub(super)` and `pub(in path)` stay.
struct CrateVisibility;

impl VisitMut for CrateVisibility {
    fn visit_visibility_mut(&mut self, visibility: &mut Visibility) {
        if let Visibility::Restricted(restricted) = visibility {
            if restricted.in_token.is_none() && restricted.path.is_ident("crate") {
                *visibility = Visibility::Public(Default::default());
            }
        }
        visit_mut::visit_visibility_mut(self, visibility);
    }
}
