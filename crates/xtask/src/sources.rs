//! Dropping the `Error::source` methods a bundle never calls.
//!
//! The thiserror expansion gives every error with a source field an
//! `fn source(&self) -> Option<&(dyn Error + 'static)>` (a `match` over the variants),
//! and rustc reports no unused trait method. A judge program prints its errors with
//! `Display` and never walks their chain, and neither does the standard library for it
//! (`main`'s `Result` is printed with `Debug`). So when nothing in the file calls a
//! method named `source` (`e.source()`, `Error::source(&e)`, in macro tokens too), every
//! `fn source` of an `impl .. Error for ..` goes, and the trait's default (no source)
//! stands in for a method nobody calls: the program does exactly what it did.

use proc_macro2::{TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{ImplItem, Item};

/// Removes the `source` methods of the `Error` impls of `file` if the file never calls
/// a method named `source`; returns how many went.
pub fn drop_unused(file: &mut syn::File) -> usize {
    let mut calls = Calls::default();
    calls.visit_file_mut(file);
    if calls.found {
        return 0;
    }
    let mut removed = 0;
    drop_in(&mut file.items, &mut removed);
    removed
}

fn drop_in(items: &mut [Item], removed: &mut usize) {
    for item in items {
        match item {
            Item::Impl(imp) => {
                let is_error = imp
                    .trait_
                    .as_ref()
                    .and_then(|(path, _)| path.segments.last())
                    .is_some_and(|last| last.ident == "Error");
                if is_error {
                    let before = imp.items.len();
                    imp.items
                        .retain(|i| !matches!(i, ImplItem::Fn(f) if f.sig.ident == "source"));
                    *removed += before - imp.items.len();
                }
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &mut module.content {
                    drop_in(inner, removed);
                }
            }
            _ => {}
        }
    }
}

/// Whether anything calls (or names as a path) a method `source` (a `VisitMut` that
/// changes nothing: syn's read-only visitor is a feature this crate does not build).
#[derive(Default)]
struct Calls {
    found: bool,
}

impl VisitMut for Calls {
    fn visit_expr_method_call_mut(&mut self, call: &mut syn::ExprMethodCall) {
        self.found |= call.method == "source";
        visit_mut::visit_expr_method_call_mut(self, call);
    }

    fn visit_expr_path_mut(&mut self, path: &mut syn::ExprPath) {
        let segments = &path.path.segments;
        self.found |= segments.len() > 1 && segments.last().is_some_and(|s| s.ident == "source");
        visit_mut::visit_expr_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        self.found |= calls_in_tokens(mac.tokens.clone());
        visit_mut::visit_macro_mut(self, mac);
    }
}

/// Whether `tokens` hold `.source` or `::source` (a call or a path to the method) at
/// any depth: macro tokens are not parsed as expressions.
fn calls_in_tokens(tokens: TokenStream) -> bool {
    let mut after_separator = false;
    for tree in tokens {
        match &tree {
            TokenTree::Ident(ident) if after_separator && ident == "source" => return true,
            TokenTree::Group(group) if calls_in_tokens(group.stream()) => return true,
            _ => {}
        }
        after_separator =
            matches!(&tree, TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == ':');
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const ERRORS: &str = "enum E { A { source: F } } struct F; \
        impl std::fmt::Display for E { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } \
        impl std::error::Error for E { fn source(&self) -> Option<&(dyn std::error::Error + 'static)> { None } } \
        mod m { impl Error for super::G { fn source(&self) -> Option<&(dyn Error + 'static)> { None } fn other(&self) {} } }";

    fn dropped(user: &str) -> (usize, String) {
        let mut file = syn::parse_file(&format!("{ERRORS} {user}")).unwrap();
        let count = drop_unused(&mut file);
        (count, prettyplease::unparse(&file))
    }

    #[test]
    fn sources_nobody_calls_are_dropped_other_methods_stay() {
        let (count, text) = dropped("fn main() { let source = 1; println!(\"{source}\", ); }");
        assert_eq!(count, 2);
        assert!(!text.contains("fn source"), "{text}");
        assert!(text.contains("fn other"), "{text}");
        assert!(text.contains("impl std::error::Error for E {}"), "{text}");
    }

    #[test]
    fn any_call_keeps_every_source() {
        for user in [
            "fn f(e: &dyn std::error::Error) { e.source(); }",
            "fn f(e: &E) { std::error::Error::source(e); }",
            "fn f(e: &E) { println!(\"{:?}\", e.source().is_some()); }",
            "macro_rules! m { ($e:expr) => { $e.source() }; }",
        ] {
            assert_eq!(dropped(user).0, 0, "{user}");
        }
    }
}
