//! Path rewriting for a crate inlined as a module of the bundle.
//!
//! A crate `congo` becomes `mod congo` at the root of the bundle, so inside it
//! `crate::x` becomes `crate::congo::x` (and `$crate::x` in its macros becomes
//! `$crate::congo::x`), and everywhere a path starting with an inlined crate's name
//! (`grid::Square`, `::grid::Square`, `use grid::{..}`) gets `crate::` in front. The same
//! rewriting applies to the tokens of macro invocations (`write!(f, "{}", grid::X)`),
//! which syn does not parse.

use std::collections::BTreeSet;

use proc_macro2::{Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{Path, PathSegment, Token, UseTree};

/// Rewrites the paths of one crate's syntax tree.
pub struct Rewriter {
    /// The crate's module at the bundle root (`None` for the judge program itself).
    module: Option<Ident>,
    /// The inlined crates this crate may name (its workspace dependencies).
    crates: BTreeSet<String>,
}

impl Rewriter {
    /// A rewriter for the crate placed at `crate::<module>` (or at the root if `None`)
    /// that depends on the inlined crates `crates`.
    pub fn new(module: Option<&str>, crates: impl IntoIterator<Item = String>) -> Self {
        Rewriter {
            module: module.map(|name| Ident::new(name, Span::call_site())),
            crates: crates.into_iter().collect(),
        }
    }

    /// Rewrites every path of `file`.
    pub fn rewrite(&mut self, file: &mut syn::File) {
        self.visit_file_mut(file);
    }

    fn is_crate(&self, ident: &Ident) -> bool {
        self.crates.contains(&ident.to_string())
    }

    fn crate_segment() -> PathSegment {
        PathSegment::from(Ident::new("crate", Span::call_site()))
    }

    /// Rewrites the root of a `use` tree (after its optional leading `::`).
    fn rewrite_use_root(&self, tree: &mut UseTree, had_leading_colon: bool) {
        let crate_ident = Ident::new("crate", Span::call_site());
        match tree {
            UseTree::Path(path) if path.ident == "crate" && !had_leading_colon => {
                if let Some(module) = &self.module {
                    let inner = (*path.tree).clone();
                    *path.tree = syn::parse_quote!(#module::#inner);
                }
            }
            UseTree::Path(path) if self.is_crate(&path.ident) => {
                let rest = (*path.tree).clone();
                let ident = &path.ident;
                *tree = syn::parse_quote!(#crate_ident::#ident::#rest);
            }
            UseTree::Name(name) if self.is_crate(&name.ident) => {
                let ident = &name.ident;
                *tree = syn::parse_quote!(#crate_ident::#ident);
            }
            UseTree::Rename(rename) if self.is_crate(&rename.ident) => {
                let (ident, alias) = (&rename.ident, &rename.rename);
                *tree = syn::parse_quote!(#crate_ident::#ident as #alias);
            }
            UseTree::Group(group) => {
                for item in &mut group.items {
                    self.rewrite_use_root(item, had_leading_colon);
                }
            }
            UseTree::Path(syn::UsePath { ident, .. })
            | UseTree::Name(syn::UseName { ident })
            | UseTree::Rename(syn::UseRename { ident, .. }) => {
                if ident == "core" || ident == "alloc" {
                    // Edition 2015 has only `std` at the crate root.
                    *ident = Ident::new("std", ident.span());
                } else if !had_leading_colon
                    && !["crate", "self", "super", "std"].iter().any(|k| ident == k)
                {
                    // A path relative to this module (edition 2018+) is `self::..`
                    // in every edition.
                    let inner = tree.clone();
                    *tree = syn::parse_quote!(self::#inner);
                }
            }
            UseTree::Glob(_) => {}
        }
    }

    /// Rewrites the paths in the tokens of a macro invocation or definition.
    fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
        for (index, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(group) => {
                    let mut new =
                        Group::new(group.delimiter(), self.rewrite_tokens(group.stream()));
                    new.set_span(group.span());
                    out.push(TokenTree::Group(new));
                    continue;
                }
                TokenTree::Ident(ident) => {
                    let followed_by_path = is_path_sep(&trees[index + 1..]);
                    let after_path_sep = index >= 2 && is_path_sep(&trees[index - 2..]);
                    let after_dot_or_dollar = index >= 1
                        && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == '$');
                    let after_dollar = index >= 1
                        && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    if followed_by_path
                        && !after_dot_or_dollar
                        && (ident == "core" || ident == "alloc")
                    {
                        out.push(TokenTree::Ident(Ident::new("std", ident.span())));
                        continue;
                    }
                    if followed_by_path && !after_path_sep {
                        if ident == "crate" {
                            out.push(tree.clone());
                            if let Some(module) = &self.module {
                                // `crate::x` or `$crate::x` -> `..::module::x`
                                if !after_dot_or_dollar || after_dollar {
                                    push_path_sep(&mut out);
                                    out.push(TokenTree::Ident(module.clone()));
                                }
                            }
                            continue;
                        }
                        if self.is_crate(ident) && !after_dot_or_dollar {
                            out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                            push_path_sep(&mut out);
                            out.push(tree.clone());
                            continue;
                        }
                    }
                    if followed_by_path
                        && after_path_sep
                        && self.is_crate(ident)
                        && is_leading_path_sep(&trees[..index - 2])
                    {
                        // `::alpha::x` -> `crate::alpha::x`: drop the `::` already pushed.
                        out.truncate(out.len() - 2);
                        out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                        push_path_sep(&mut out);
                        out.push(tree.clone());
                        continue;
                    }
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => {}
            }
            out.push(tree.clone());
        }
        out.into_iter().collect()
    }
}

/// Whether `trees` starts with `::`.
fn is_path_sep(trees: &[TokenTree]) -> bool {
    matches!(
        trees,
        [TokenTree::Punct(a), TokenTree::Punct(b), ..]
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Whether a `::` preceded by `before` starts a path (rather than continuing one).
fn is_leading_path_sep(before: &[TokenTree]) -> bool {
    match before.last() {
        None => true,
        Some(TokenTree::Punct(p)) => p.as_char() != '>',
        Some(TokenTree::Ident(ident)) => [
            "as", "in", "return", "if", "else", "match", "while", "for", "break", "mut", "ref",
            "dyn", "impl", "where", "move", "let", "const", "static", "type", "use",
        ]
        .iter()
        .any(|keyword| ident == keyword),
        Some(TokenTree::Group(_) | TokenTree::Literal(_)) => false,
    }
}

fn push_path_sep(out: &mut Vec<TokenTree>) {
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
}

impl VisitMut for Rewriter {
    fn visit_path_mut(&mut self, path: &mut Path) {
        visit_mut::visit_path_mut(self, path);
        if path.segments.len() < 2 {
            // `pub(crate)`, a local variable named like a crate: nothing to rewrite.
            return;
        }
        let first = path.segments[0].ident.clone();
        if first == "core" || first == "alloc" {
            // Edition 2015 has only `std` at the crate root.
            path.segments[0].ident = Ident::new("std", first.span());
        } else if path.leading_colon.is_some() {
            if self.is_crate(&first) {
                path.leading_colon = None;
                path.segments.insert(0, Self::crate_segment());
            }
        } else if first == "crate" {
            if let Some(module) = &self.module {
                path.segments.insert(1, PathSegment::from(module.clone()));
            }
        } else if self.is_crate(&first) {
            path.segments.insert(0, Self::crate_segment());
        }
    }

    fn visit_item_use_mut(&mut self, item: &mut syn::ItemUse) {
        let had_leading_colon = item.leading_colon.take().is_some();
        self.rewrite_use_root(&mut item.tree, had_leading_colon);
        if had_leading_colon && !starts_with_crate(&item.tree) {
            item.leading_colon = Some(<Token![::]>::default());
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        visit_mut::visit_macro_mut(self, mac);
        mac.tokens = self.rewrite_tokens(std::mem::take(&mut mac.tokens));
    }

    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {
        // Attributes name no inlined crate (derives of std traits, lints, cfg).
    }
}

fn starts_with_crate(tree: &UseTree) -> bool {
    match tree {
        UseTree::Path(path) => path.ident == "crate",
        UseTree::Name(name) => name.ident == "crate",
        _ => false,
    }
}

/// Every identifier in `tokens`, at any depth.
pub fn idents(tokens: TokenStream) -> Vec<String> {
    let mut found = Vec::new();
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) => found.push(ident.to_string()),
            TokenTree::Group(group) => found.extend(idents(group.stream())),
            _ => {}
        }
    }
    found
}

/// The crates among `candidates` that `file` names: as the first segment of a path of
/// two or more segments, as the root of a `use` tree, or before `::` in macro tokens.
pub fn used_crates(file: &syn::File, candidates: &BTreeSet<String>) -> BTreeSet<String> {
    let mut finder = Rewriter {
        module: None,
        crates: candidates.clone(),
    };
    let mut copy = file.clone();
    finder.visit_file_mut(&mut copy);
    // Every mention got a `crate::` in front; collect what follows it.
    let mut found = BTreeSet::new();
    collect_after_crate(quote::quote!(#copy), candidates, &mut found);
    found
}

fn collect_after_crate(
    tokens: TokenStream,
    candidates: &BTreeSet<String>,
    found: &mut BTreeSet<String>,
) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) => collect_after_crate(group.stream(), candidates, found),
            TokenTree::Ident(ident) if ident == "crate" && is_path_sep(&trees[index + 1..]) => {
                if let Some(TokenTree::Ident(next)) = trees.get(index + 3) {
                    let name = next.to_string();
                    if candidates.contains(&name) {
                        found.insert(name);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(module: Option<&str>, crates: &[&str], source: &str) -> String {
        let mut file = syn::parse_file(source).unwrap();
        Rewriter::new(module, crates.iter().map(|c| c.to_string())).rewrite(&mut file);
        // prettyplease prints `crate ::x` inside macro tokens: the same path.
        prettyplease::unparse(&file).replace("crate ::", "crate::")
    }

    #[test]
    fn crate_paths_point_into_the_module() {
        let out = rewrite(
            Some("congo"),
            &["grid"],
            "use crate::piece::{Piece, Color};\n\
             use grid::{Square, BoardSize as Size};\n\
             use ::grid::Direction;\n\
             use {grid::SquareSet, crate::x::Y};\n\
             use std::fmt;\n\
             pub(crate) fn f(grid: u8) -> crate::Position { let a = grid; ::grid::f(); grid::g(); crate::h(a) }\n\
             pub(in crate::m) struct S(u8);\n\
             fn w(f: &mut fmt::Formatter) { write!(f, \"{}\", grid::Square::A1 == crate::X); }\n\
             fn v() { matches!(x, ::grid::A | Some(::grid::B)); f(x as ::grid::C, Vec::<u8>::grid::d); }\n\
             macro_rules! m { () => { $crate::a::B } }",
        );
        for expected in [
            "use crate::congo::piece::{Piece, Color};",
            "use crate::grid::{Square, BoardSize as Size};",
            "use crate::grid::Direction;",
            "use {crate::grid::SquareSet, crate::congo::x::Y};",
            "use std::fmt;",
            "pub(crate) fn f(grid: u8) -> crate::congo::Position",
            "let a = grid;",
            "crate::grid::f();",
            "crate::grid::g();",
            "crate::congo::h(a)",
            "pub(in crate::congo::m) struct S(u8);",
            "crate::grid::Square::A1 == crate::congo::X",
            "$crate::congo::a::B",
            "matches!(x, crate::grid::A | Some(crate::grid::B))",
            "f(x as crate::grid::C, Vec::<u8>::grid::d)",
        ] {
            assert!(out.contains(expected), "missing {expected:?} in\n{out}");
        }
    }

    #[test]
    fn the_judge_program_keeps_its_own_crate_paths() {
        let out = rewrite(
            None,
            &["congo"],
            "use congo::Position;\nuse congo;\nuse congo as c;\nfn main() { let p: congo::Position = crate::f(); println!(\"{}\", congo::X); }",
        );
        for expected in [
            "use crate::congo::Position;",
            "use crate::congo;",
            "use crate::congo as c;",
            "let p: crate::congo::Position = crate::f();",
            "println!(\"{}\", crate::congo::X);",
        ] {
            assert!(out.contains(expected), "missing {expected:?} in\n{out}");
        }
    }

    #[test]
    fn method_calls_and_fields_named_like_crates_are_left_alone() {
        let out = rewrite(
            Some("congo"),
            &["grid"],
            "fn f(s: &S) { s.grid.len(); println!(\"{}\", s.grid.x); let v = x::grid::y; }",
        );
        assert!(out.contains("s.grid.len()"), "{out}");
        assert!(out.contains("s.grid.x"), "{out}");
        assert!(out.contains("x::grid::y"), "{out}");
    }
}
