#![doc = include_str!("../README.md")]

pub mod check;
pub mod compilers;
pub mod edition;
pub mod locate;
pub mod msrv;
pub mod paths;
pub mod prune;
pub mod source;
pub mod thiserror;
pub mod workspace;

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{bail, Context, Result};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::{AttrStyle, Attribute, Ident, Item};

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

    progress("removing unused code (each round is checked with rustc)");
    let scratch = tempfile::tempdir().context("cannot make a scratch folder")?;
    let text = prune::prune(main, scratch.path()).with_context(|| format!("bundling `{name}`"))?;
    let mut text = indent_with_tabs(&text)?;
    if text.len() + HEADER_ALLOWANCE > check::MAX_BUNDLE_BYTES {
        // Over a judge's limit with indentation: drop it (a quarter of the size saved
        // is worth more than the layout in a file nobody edits).
        progress("over 64 KiB indented: writing it without indentation");
        text = unindent(&text)?;
    }
    if text.len() + HEADER_ALLOWANCE > check::MAX_BUNDLE_BYTES {
        progress("still over 64 KiB: joining the lines that end in { } ; or ,");
        text = compact(&text)?;
    }
    Ok(format!(
        "// `{name}`: single-file build of this judge program and the workspace crates it\n\
         // uses, made by `cargo xtask bundle {name}`. Compile with `rustc -O` (any edition).\n\
         // Generated: edit the workspace's sources, not this file.\n\n{text}"
    ))
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

/// Room kept for the bundle's three-line header when deciding to drop indentation.
const HEADER_ALLOWANCE: usize = 400;

/// Removes the indentation of every line, except lines that begin inside a multi-line
/// string literal (left byte for byte).
///
/// # Errors
///
/// `text` does not parse.
pub fn unindent(text: &str) -> Result<String> {
    relayout(text, |line, out| {
        out.push_str(line.trim_start_matches([' ', '\t']));
    })
}

/// [`unindent`], then joins each line ending in `{`, `}`, `;` or `,` with the next: those
/// characters never combine with a following token (`}else`, `;let`, `{x` read as the
/// spaced forms), so the program is the same, one byte shorter a line. Lines that begin
/// or end inside a multi-line string literal, and lines holding `//`, keep their line
/// break.
///
/// # Errors
///
/// `text` does not parse.
pub fn compact(text: &str) -> Result<String> {
    let text = unindent(text)?;
    let file = syn::parse_file(&text).context("cannot parse the bundle")?;
    let mut inside_literal = std::collections::BTreeSet::new();
    literal_lines(quote!(#file), &mut inside_literal);
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let body = line.strip_suffix('\n');
        let joinable = match body {
            Some(body) => {
                !inside_literal.contains(&(index + 1))
                    && !inside_literal.contains(&(index + 2))
                    && !body.contains("//")
                    && body.ends_with(['{', '}', ';', ','])
            }
            None => false,
        };
        match body {
            Some(body) if joinable => out.push_str(body),
            _ => out.push_str(line),
        }
    }
    Ok(out)
}

/// Replaces each 4-space indentation step of prettyplease's output by one tab (judges
/// limit the file's size, and indentation is a third of it). Lines that begin inside a
/// multi-line string literal are left byte for byte.
///
/// # Errors
///
/// `text` does not parse.
pub fn indent_with_tabs(text: &str) -> Result<String> {
    relayout(text, |line, out| {
        let body = line.trim_start_matches(' ');
        let spaces = line.len() - body.len();
        out.extend(std::iter::repeat_n('\t', spaces / 4));
        out.extend(std::iter::repeat_n(' ', spaces % 4));
        out.push_str(body);
    })
}

/// Rewrites each line of `text` with `layout` (which appends the new line to its second
/// argument), except the lines that begin inside a multi-line string literal, copied
/// byte for byte.
fn relayout(text: &str, mut layout: impl FnMut(&str, &mut String)) -> Result<String> {
    let file = syn::parse_file(text).context("cannot parse the bundle")?;
    let mut inside_literal = std::collections::BTreeSet::new();
    literal_lines(quote!(#file), &mut inside_literal);
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if inside_literal.contains(&(index + 1)) {
            out.push_str(line);
        } else {
            layout(line, &mut out);
        }
    }
    Ok(out)
}

/// Collects the lines (1-based) that begin inside a literal spanning several lines.
fn literal_lines(tokens: TokenStream, lines: &mut std::collections::BTreeSet<usize>) {
    for tree in tokens {
        match tree {
            TokenTree::Literal(literal) => {
                let span = literal.span();
                lines.extend(span.start().line + 1..=span.end().line);
            }
            TokenTree::Group(group) => literal_lines(group.stream(), lines),
            _ => {}
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compacting_joins_lines_after_braces_semicolons_and_commas_only() {
        let text = "mod a {\n    const T: &str = \"x;\n    y,\";\n    fn f(a: u8,\n        b: u8) {\n        g(); // c;\n        if a == b {\n        } else {\n        }\n        h(a\n            + b)\n    }\n}\n";
        let compact = compact(text).unwrap();
        assert_eq!(
            compact,
            "mod a {const T: &str = \"x;\n    y,\";\nfn f(a: u8,b: u8) {g(); // c;\nif a == b {} else {}h(a\n+ b)\n}}"
        );
        syn::parse_file(&compact).unwrap();
    }

    #[test]
    fn unindenting_keeps_multi_line_literals_byte_for_byte() {
        let text = "mod a {\n    const T: &str = \"x\n    y\";\n    fn f() {\n\t\tg();\n    }\n}\n";
        assert_eq!(
            unindent(text).unwrap(),
            "mod a {\nconst T: &str = \"x\n    y\";\nfn f() {\ng();\n}\n}\n"
        );
    }
}
