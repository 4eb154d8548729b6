//! Shorter names for the local variables of a bundle.
//!
//! Judges limit a file's size, and a function's parameters and `let`, `match`, `for`
//! and closure bindings are a good part of it (`position`, `threatened`, `available`).
//! [`shorten`] renames them function by function, the most used first, to the shortest
//! names free there (`a`, `b`, .. `aa`, ..). A local's name is nothing a program shows,
//! so the program does the same:
//!
//! - in each function the renaming is one-to-one and every new name is one the function
//!   does not contain at all (in any role: item, field, method, macro token), so every
//!   use still finds the binding it found, shadowing included;
//! - a name is renamed only where it can only be a local: never the name of an item
//!   anywhere in the file (`let king = king(sq)` keeps `king`), of an enum variant or of
//!   a generic parameter, and never `_x` (unused on purpose) or `self`;
//! - names written as struct shorthand (`Engine { position }`, `Self::X { len, .. }`)
//!   keep theirs, as do names inside a macro other than the formatting ones (`format!`,
//!   `write!`, `println!`.., `vec!`, `matches!`), whose tokens and format string
//!   captures (`"{depth}"`) are renamed with the binding; `assert!` and `stringify!`
//!   print their tokens, so names in them stay, and so does every name of a function
//!   whose format strings take arguments by `name$`.
//!
//! The bundle is checked with rustc after the renaming ([`crate::prune`]).

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{Context, Result};
use proc_macro2::{Group, Ident, Literal, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, ImplItem, Item, Stmt};

/// The macros whose tokens are renamed with the bindings (all but the last two read
/// their first string literal as a format string). Others keep every name they hold.
/// (`panic!` and its kin are not among them: before edition 2021 a lone literal there is
/// no format string.)
const RENAMED_MACROS: [&str; 10] = [
    "format",
    "format_args",
    "write",
    "writeln",
    "print",
    "println",
    "eprint",
    "eprintln",
    "vec",
    "matches",
];

/// Words no new name may be (keywords of every edition, reserved ones included).
const KEYWORDS: [&str; 53] = [
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "union",
];

/// `text` (a printed bundle) with the local variables of every function renamed
/// shorter; the number of names renamed.
///
/// # Errors
///
/// `text` does not parse.
pub fn shorten(text: &str) -> Result<(String, usize)> {
    let mut file = syn::parse_file(text).context("cannot parse the pruned bundle")?;
    let mut items = ItemNames::default();
    items.visit_file_mut(&mut file);
    let mut renamer = Functions {
        items: &items.names,
        renamed: 0,
    };
    renamer.visit_file_mut(&mut file);
    let count = renamer.renamed;
    Ok((prettyplease::unparse(&file), count))
}

/// The names of every item, variant, imported name and generic parameter of the file:
/// a path of one segment with such a name may mean that, never rename it.
#[derive(Default)]
struct ItemNames {
    names: BTreeSet<String>,
}

impl ItemNames {
    fn add(&mut self, ident: &Ident) {
        self.names.insert(ident.to_string());
    }
}

impl VisitMut for ItemNames {
    fn visit_item_mut(&mut self, item: &mut Item) {
        match item {
            Item::Const(i) => self.add(&i.ident),
            Item::Enum(i) => {
                self.add(&i.ident);
                for variant in &i.variants {
                    self.add(&variant.ident);
                }
            }
            Item::Fn(i) => self.add(&i.sig.ident),
            Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.add(ident);
                }
            }
            Item::Mod(i) => self.add(&i.ident),
            Item::Static(i) => self.add(&i.ident),
            Item::Struct(i) => self.add(&i.ident),
            Item::Trait(i) => self.add(&i.ident),
            Item::Type(i) => self.add(&i.ident),
            Item::Union(i) => self.add(&i.ident),
            _ => {}
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        match item {
            ImplItem::Const(i) => self.add(&i.ident),
            ImplItem::Fn(i) => self.add(&i.sig.ident),
            ImplItem::Type(i) => self.add(&i.ident),
            _ => {}
        }
        visit_mut::visit_impl_item_mut(self, item);
    }

    fn visit_use_name_mut(&mut self, name: &mut syn::UseName) {
        self.add(&name.ident);
    }

    fn visit_use_rename_mut(&mut self, rename: &mut syn::UseRename) {
        self.add(&rename.rename);
    }

    fn visit_generic_param_mut(&mut self, param: &mut syn::GenericParam) {
        match param {
            syn::GenericParam::Type(t) => self.add(&t.ident),
            syn::GenericParam::Const(c) => self.add(&c.ident),
            syn::GenericParam::Lifetime(_) => {}
        }
        visit_mut::visit_generic_param_mut(self, param);
    }
}

/// Visits every function with a body and renames its locals.
struct Functions<'a> {
    items: &'a BTreeSet<String>,
    renamed: usize,
}

impl Functions<'_> {
    /// Renames the locals of one function: its signature's patterns and `block`.
    fn function(&mut self, sig: &mut syn::Signature, block: &mut Block) {
        // Functions nested in the body are items of their own, done on their own.
        for stmt in &mut block.stmts {
            if let Stmt::Item(item) = stmt {
                self.visit_item_mut(item);
            }
        }
        let mut survey = Survey::default();
        survey.visit_signature_mut(sig);
        survey.visit_block_mut(block);
        if survey.dollar_format {
            return;
        }
        let mut taken: BTreeSet<String> = survey.idents.clone();
        taken.extend(self.items.iter().cloned());
        taken.extend(KEYWORDS.iter().map(|k| (*k).to_owned()));
        let mut candidates: Vec<(&String, &usize)> = survey
            .bindings
            .iter()
            .filter(|(name, _)| {
                name.starts_with(|c: char| c.is_ascii_lowercase())
                    && name.len() > 1
                    && name.as_str() != "drop"
                    && !self.items.contains(*name)
                    && !survey.kept.contains(*name)
                    && !KEYWORDS.contains(&name.as_str())
            })
            .collect();
        // The most used names get the shortest new ones.
        candidates.sort_by(|a, b| {
            let uses = |name: &String| survey.idents_count.get(name).copied().unwrap_or(0);
            (uses(b.0) * b.0.len())
                .cmp(&(uses(a.0) * a.0.len()))
                .then(a.0.cmp(b.0))
        });
        let mut names = ShortNames::default();
        let mut map = BTreeMap::new();
        for (name, _) in candidates {
            let new = names.next_free(&taken);
            if new.len() >= name.len() {
                names.back();
                continue;
            }
            taken.insert(new.clone());
            map.insert(name.clone(), new);
        }
        if map.is_empty() {
            return;
        }
        self.renamed += map.len();
        let mut rename = Rename { map: &map };
        rename.visit_signature_mut(sig);
        rename.visit_block_mut(block);
    }
}

impl VisitMut for Functions<'_> {
    fn visit_item_fn_mut(&mut self, item: &mut syn::ItemFn) {
        self.function(&mut item.sig, &mut item.block);
    }

    fn visit_impl_item_fn_mut(&mut self, item: &mut syn::ImplItemFn) {
        self.function(&mut item.sig, &mut item.block);
    }

    fn visit_trait_item_fn_mut(&mut self, item: &mut syn::TraitItemFn) {
        if let Some(block) = &mut item.default {
            self.function(&mut item.sig, block);
        }
    }
}

/// The shortest names in order: `a` .. `z`, `aa` .. `zz`, ...
#[derive(Default)]
struct ShortNames {
    next: usize,
}

impl ShortNames {
    fn name(mut index: usize) -> String {
        let mut name = Vec::new();
        loop {
            name.push(b'a' + (index % 26) as u8);
            if index < 26 {
                break;
            }
            index = index / 26 - 1;
        }
        name.reverse();
        String::from_utf8(name).expect("ASCII letters")
    }

    /// The next name not in `taken` (and moves past it).
    fn next_free(&mut self, taken: &BTreeSet<String>) -> String {
        loop {
            let name = Self::name(self.next);
            self.next += 1;
            if !taken.contains(&name) {
                return name;
            }
        }
    }

    /// Gives back the name [`ShortNames::next_free`] returned last.
    fn back(&mut self) {
        self.next -= 1;
    }
}

/// What one function holds: every identifier (with how often it appears), the names its
/// patterns bind, the names that must stay, and whether a format string takes `name$`.
#[derive(Default)]
struct Survey {
    idents: BTreeSet<String>,
    idents_count: BTreeMap<String, usize>,
    bindings: BTreeMap<String, usize>,
    kept: BTreeSet<String>,
    dollar_format: bool,
}

impl Survey {
    fn saw(&mut self, name: String) {
        *self.idents_count.entry(name.clone()).or_default() += 1;
        self.idents.insert(name);
    }

    fn tokens(&mut self, tokens: TokenStream, kept: bool) {
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    if kept {
                        self.kept.insert(name.clone());
                    }
                    self.saw(name);
                }
                TokenTree::Group(group) => self.tokens(group.stream(), kept),
                TokenTree::Literal(_) | TokenTree::Punct(_) => {}
            }
        }
    }
}

impl VisitMut for Survey {
    fn visit_ident_mut(&mut self, ident: &mut Ident) {
        self.saw(ident.to_string());
    }

    fn visit_pat_ident_mut(&mut self, pat: &mut syn::PatIdent) {
        *self.bindings.entry(pat.ident.to_string()).or_default() += 1;
        visit_mut::visit_pat_ident_mut(self, pat);
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        if field.colon_token.is_none() {
            if let syn::Member::Named(name) = &field.member {
                self.kept.insert(name.to_string());
            }
        }
        visit_mut::visit_field_value_mut(self, field);
    }

    fn visit_field_pat_mut(&mut self, field: &mut syn::FieldPat) {
        if field.colon_token.is_none() {
            if let syn::Member::Named(name) = &field.member {
                self.kept.insert(name.to_string());
            }
        }
        visit_mut::visit_field_pat_mut(self, field);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let renamed = is_renamed(mac);
        self.tokens(mac.tokens.clone(), !renamed);
        if let Some((_, value)) = format_string(mac) {
            if value.contains('$') {
                self.dollar_format = true;
            }
            for name in captures(&value) {
                if !renamed {
                    self.kept.insert(name.clone());
                }
                self.saw(name);
            }
        }
        visit_mut::visit_macro_mut(self, mac);
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        // A nested item's names are taken here too (they may not be reused), but its
        // bindings are its own.
        let mut inner = Survey::default();
        visit_mut::visit_item_mut(&mut inner, item);
        self.idents.extend(inner.idents);
        self.kept.extend(inner.kept);
        self.dollar_format |= inner.dollar_format;
        for (name, count) in inner.idents_count {
            *self.idents_count.entry(name).or_default() += count;
        }
    }
}

/// Whether `mac` is one of [`RENAMED_MACROS`] holding no other macro call (whose tokens
/// could be printed, as `stringify!` does).
fn is_renamed(mac: &syn::Macro) -> bool {
    mac.path
        .get_ident()
        .is_some_and(|name| RENAMED_MACROS.iter().any(|m| name == m))
        && !calls_macro(mac.tokens.clone())
}

/// Whether `tokens` hold `name!` at any depth.
fn calls_macro(tokens: TokenStream) -> bool {
    let mut after_ident = false;
    for tree in tokens {
        match &tree {
            TokenTree::Punct(p) if p.as_char() == '!' && after_ident => return true,
            TokenTree::Group(group) if calls_macro(group.stream()) => return true,
            _ => {}
        }
        after_ident = matches!(tree, TokenTree::Ident(_));
    }
    false
}

/// The index (among the top-level tokens) and value of the format string of a
/// formatting macro: its first top-level string literal.
fn format_string(mac: &syn::Macro) -> Option<(usize, String)> {
    let name = mac.path.get_ident()?;
    if name == "vec" || name == "matches" || !RENAMED_MACROS.iter().any(|m| name == m) {
        return None;
    }
    mac.tokens
        .clone()
        .into_iter()
        .enumerate()
        .find_map(|(i, tree)| match tree {
            TokenTree::Literal(literal) => string_value(&literal).map(|value| (i, value)),
            _ => None,
        })
}

/// The value of a plain or raw string literal token.
fn string_value(literal: &Literal) -> Option<String> {
    match syn::Lit::new(literal.clone()) {
        syn::Lit::Str(s) => Some(s.value()),
        _ => None,
    }
}

/// The identifiers a format string captures: `{name}`, `{name:?}` (not `{{`, `{0}`).
fn captures(format: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut chars = format.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '{' {
            if chars.peek().map(|&(_, c)| c) == Some('{') {
                chars.next();
                continue;
            }
            let rest = &format[i + 1..];
            let end = rest.find(['}', ':']).unwrap_or(rest.len());
            let arg = rest[..end].trim();
            if arg
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
            {
                names.push(arg.to_owned());
            }
        } else if c == '}' && chars.peek().map(|&(_, c)| c) == Some('}') {
            chars.next();
        }
    }
    names
}

/// `format` with each capture renamed by `map`.
fn rename_captures(format: &str, map: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(format.len());
    let mut rest = format;
    while let Some(open) = rest.find(['{', '}']) {
        out.push_str(&rest[..open]);
        let brace = &rest[open..open + 1];
        rest = &rest[open + 1..];
        if rest.starts_with(brace) {
            // `{{` or `}}`.
            out.push_str(brace);
            out.push_str(brace);
            rest = &rest[1..];
            continue;
        }
        out.push_str(brace);
        if brace == "{" {
            let end = rest.find(['}', ':']).unwrap_or(rest.len());
            let arg = &rest[..end];
            match map.get(arg.trim()) {
                Some(new) => out.push_str(new),
                None => out.push_str(arg),
            }
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// Renames the bindings of `map` and the one-segment paths that use them.
struct Rename<'a> {
    map: &'a BTreeMap<String, String>,
}

impl Rename<'_> {
    fn new_name(&self, ident: &Ident) -> Option<Ident> {
        self.map
            .get(&ident.to_string())
            .map(|new| Ident::new(new, ident.span()))
    }

    /// Renames in macro tokens: identifiers not after `.` (a field or method) nor next to
    /// a `:` (a path, a field in a struct literal).
    fn tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        for (i, tree) in trees.iter().enumerate() {
            let punct = |j: Option<usize>, c: char| {
                j.and_then(|j| trees.get(j))
                    .is_some_and(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == c))
            };
            out.push(match tree {
                TokenTree::Ident(ident) => {
                    let before = i.checked_sub(1);
                    // After `.` or `::`, before `:` (a field `x: 1` or a path `x::`).
                    let field_or_path =
                        punct(before, '.') || punct(before, ':') || punct(Some(i + 1), ':');
                    match self.new_name(ident) {
                        Some(new) if !field_or_path => TokenTree::Ident(new),
                        _ => tree.clone(),
                    }
                }
                TokenTree::Group(group) => {
                    let mut new = Group::new(group.delimiter(), self.tokens(group.stream()));
                    new.set_span(group.span());
                    TokenTree::Group(new)
                }
                TokenTree::Literal(_) | TokenTree::Punct(_) => tree.clone(),
            });
        }
        out.into_iter().collect()
    }
}

impl VisitMut for Rename<'_> {
    fn visit_pat_ident_mut(&mut self, pat: &mut syn::PatIdent) {
        if let Some(new) = self.new_name(&pat.ident) {
            pat.ident = new;
        }
        visit_mut::visit_pat_ident_mut(self, pat);
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Path(path) = expr {
            if path.qself.is_none() && path.path.leading_colon.is_none() {
                if let Some(ident) = path.path.get_ident() {
                    if let Some(new) = self.new_name(ident) {
                        path.path.segments[0].ident = new;
                    }
                }
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if !is_renamed(mac) {
            return;
        }
        let format = format_string(mac);
        let mut tokens: Vec<TokenTree> = self
            .tokens(std::mem::take(&mut mac.tokens))
            .into_iter()
            .collect();
        if let Some((index, value)) = format {
            let renamed = rename_captures(&value, self.map);
            if renamed != value {
                let mut literal = Literal::string(&renamed);
                literal.set_span(tokens[index].span());
                tokens[index] = TokenTree::Literal(literal);
            }
        }
        mac.tokens = tokens.into_iter().collect();
    }

    fn visit_item_mut(&mut self, _: &mut Item) {
        // Nested items were renamed on their own.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shortened(text: &str) -> String {
        let (out, _) = shorten(text).unwrap();
        let squeezed: String = out.split_whitespace().collect();
        squeezed.replace(",}", "}")
    }

    fn squeezed(text: &str) -> String {
        let squeezed: String = text.split_whitespace().collect();
        squeezed.replace(",}", "}")
    }

    #[test]
    fn most_used_locals_get_the_shortest_names_and_format_captures_follow() {
        let text = "fn f(position: u32, depth: u32) -> String { \
                    let total = position + depth + depth; format!(\"{depth} {total:>3}\") }";
        assert_eq!(
            shortened(text),
            squeezed(
                "fn f(b: u32, a: u32) -> String { let c = b + a + a; \
                 format!(\"{a} {c:>3}\") }"
            )
        );
    }

    #[test]
    fn items_fields_shorthand_and_other_macros_keep_their_names() {
        let text = "const a: u32 = 1; fn king(x: u32) -> u32 { x } struct P { width: u32 } \
                    fn f(width: u32, square: u32, other: P) -> P { \
                    let king = king(square); assert!(king > 0); \
                    let _unused = other.width; P { width } }";
        assert_eq!(
            shortened(text),
            squeezed(
                "const a: u32 = 1; fn king(x: u32) -> u32 { x } struct P { width: u32 } \
                 fn f(width: u32, b: u32, c: P) -> P { \
                 let king = king(b); assert!(king > 0); \
                 let _unused = c.width; P { width } }"
            )
        );
    }

    #[test]
    fn new_names_avoid_every_name_the_function_holds() {
        let text = "fn f(value: u32) -> u32 { let a = 2; let b = |c: u32| c + value; b(a) }";
        assert_eq!(
            shortened(text),
            squeezed("fn f(d: u32) -> u32 { let a = 2; let b = |c: u32| c + d; b(a) }")
        );
    }

    #[test]
    fn named_width_arguments_leave_the_function_alone() {
        let text = "fn f(value: u32, width: usize) -> String { format!(\"{value:>width$}\") }";
        assert_eq!(shortened(text), squeezed(text));
    }
}
