//! Removal of the code a judge program does not use, guided by rustc.
//!
//! A bundle holds whole crates, and in a binary crate every unused function, constant or
//! type of them is a `dead_code` warning. Rather than guessing what is used, [`prune`]
//! asks the compiler: it checks the file (`rustc --emit=metadata`, JSON diagnostics),
//! removes the items the `dead_code`, `unused_imports` and `unused_macros` warnings point
//! at (with the impl blocks of a removed type), and repeats until rustc is silent.
//!
//! A few warnings cannot be answered by removal without changing other code: an enum
//! variant never constructed (matches name it), a field never read (constructors name
//! it), a trait method never called (impls define it). Those items get a precise
//! `#[allow(dead_code)]` of their own. If a removal round ever makes the file fail to
//! compile, that round is redone with `#[allow(dead_code)]` on the same items instead.
//! Any other warning, or any error in the input, fails the bundle.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Fields, ImplItem, Item, TraitItem, UseTree};

/// At most this many check rounds (each one removes everything rustc reported).
const MAX_ROUNDS: usize = 12;

/// One position (1-based line, 1-based character column) that rustc pointed at.
type Position = (usize, usize);

/// What to do with the items a warning points at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Remove,
    Allow,
}

/// What rustc said about a file.
struct Report {
    /// Rendered errors.
    errors: Vec<String>,
    /// Warnings this module knows how to answer, by lint name.
    dead: BTreeSet<Position>,
    /// Rendered warnings of other lints.
    other: Vec<String>,
    /// All rendered warnings (for messages).
    rendered: Vec<String>,
}

/// Removes unused code from `file` until `rustc --edition 2021` gives no warning.
/// `scratch` is an empty folder for rustc's files.
///
/// # Errors
///
/// rustc cannot be run, the file does not compile, or rustc gives a warning that is
/// not about unused code (all rendered in the message).
pub fn prune(file: syn::File, scratch: &Path) -> Result<String> {
    let mut text = prettyplease::unparse(&file);
    // The text of the round before, and what that round removed, for the fallback.
    let mut previous: Option<(String, BTreeSet<Position>)> = None;
    let mut allowing = false;
    for _ in 0..MAX_ROUNDS {
        let report = check(&text, scratch)?;
        if !report.errors.is_empty() {
            match previous.take() {
                Some((before, targets)) if !allowing => {
                    // Removal broke something: keep those items, silenced one by one.
                    text = apply(&before, &targets, Mode::Allow)?;
                    allowing = true;
                    continue;
                }
                _ => bail!("the bundle does not compile:\n{}", report.errors.join("\n")),
            }
        }
        if !report.other.is_empty() {
            bail!(
                "the bundle compiles with warnings that are not about unused code:\n{}",
                report.other.join("\n")
            );
        }
        if report.dead.is_empty() {
            return Ok(text);
        }
        let next =
            apply(&text, &report.dead, Mode::Remove).with_context(|| report.rendered.join("\n"))?;
        previous = Some((text, report.dead));
        allowing = false;
        text = next;
    }
    bail!("unused code still reported after {MAX_ROUNDS} rounds of removal")
}

/// Runs `rustc` on `text` (check only) and sorts its diagnostics.
fn check(text: &str, scratch: &Path) -> Result<Report> {
    let source = scratch.join("bundle.rs");
    fs::write(&source, text).with_context(|| format!("cannot write {}", source.display()))?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--crate-name",
            "bundle",
        ])
        .args(["--emit=metadata", "--error-format=json", "-o"])
        .arg(scratch.join("bundle.rmeta"))
        .arg(&source)
        .output()
        .with_context(|| format!("cannot run {}", rustc.to_string_lossy()))?;
    let mut report = Report {
        errors: Vec::new(),
        dead: BTreeSet::new(),
        other: Vec::new(),
        rendered: Vec::new(),
    };
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let Ok(diagnostic) = serde_json::from_str::<serde_json::Value>(line) else {
            report.errors.push(line.to_owned());
            continue;
        };
        let rendered = diagnostic["rendered"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let level = diagnostic["level"].as_str().unwrap_or_default();
        let code = diagnostic["code"]["code"].as_str().unwrap_or_default();
        match level {
            "error" | "error: internal compiler error" => report.errors.push(rendered),
            "warning" if matches!(code, "dead_code" | "unused_imports" | "unused_macros") => {
                for span in diagnostic["spans"].as_array().into_iter().flatten() {
                    if span["is_primary"].as_bool() == Some(true) {
                        let line = span["line_start"].as_u64().unwrap_or_default();
                        let column = span["column_start"].as_u64().unwrap_or_default();
                        report.dead.insert((line as usize, column as usize));
                    }
                }
                report.rendered.push(rendered);
            }
            "warning"
                if diagnostic["spans"].as_array().is_some_and(|s| s.is_empty())
                    && diagnostic["message"]
                        .as_str()
                        .is_some_and(|m| m.ends_with(" emitted")) =>
            {
                // The "N warnings emitted" summary.
            }
            "warning" => {
                report.other.push(rendered.clone());
                report.rendered.push(rendered);
            }
            _ => {}
        }
    }
    if !output.status.success() && report.errors.is_empty() {
        report.errors.push(format!(
            "rustc failed ({}) without a diagnostic",
            output.status
        ));
    }
    Ok(report)
}

/// Parses `text`, removes (or silences) the items at `targets`, prints it again.
fn apply(text: &str, targets: &BTreeSet<Position>, mode: Mode) -> Result<String> {
    let mut file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut pruner = Pruner {
        targets,
        matched: BTreeSet::new(),
        mode,
    };
    pruner.items(&mut file.items);
    let missed: Vec<_> = targets.difference(&pruner.matched).collect();
    if !missed.is_empty() {
        bail!("rustc pointed at code the bundler cannot remove (line, column): {missed:?}");
    }
    Ok(prettyplease::unparse(&file))
}

fn position(span: Span) -> Position {
    let start = span.start();
    (start.line, start.column + 1)
}

fn allow_dead_code(attrs: &mut Vec<Attribute>) {
    attrs.push(syn::parse_quote!(#[allow(dead_code)]));
}

/// What becomes of one item.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Keep,
    /// Removed whatever the mode.
    Drop,
    /// Reported as dead code: removed or silenced, by the mode.
    Dead,
}

struct Pruner<'a> {
    targets: &'a BTreeSet<Position>,
    matched: BTreeSet<Position>,
    mode: Mode,
}

impl Pruner<'_> {
    /// Whether one of `spans` is a target (all of them count as matched).
    fn hit(&mut self, spans: &[Span]) -> bool {
        let mut hit = false;
        for span in spans {
            let pos = position(*span);
            if self.targets.contains(&pos) {
                self.matched.insert(pos);
                hit = true;
            }
        }
        hit
    }

    /// Handles a list of items: removes or silences the targeted ones.
    fn items(&mut self, items: &mut Vec<Item>) {
        let mut removed_types = BTreeSet::new();
        let mut keep = Vec::with_capacity(items.len());
        for mut item in std::mem::take(items) {
            let verdict = self.item(&mut item);
            if verdict == Verdict::Drop {
                continue;
            }
            if verdict == Verdict::Dead {
                if self.mode == Mode::Remove {
                    if let Some(name) = type_name(&item) {
                        removed_types.insert(name);
                    }
                    continue;
                }
                if let Some(attrs) = crate::source::item_attrs(&mut item) {
                    allow_dead_code(attrs);
                }
            }
            keep.push(item);
        }
        keep.retain(|item| match item {
            Item::Impl(block) => {
                let self_named = impl_self_name(&block.self_ty)
                    .is_some_and(|name| removed_types.contains(&name));
                let trait_named = block.trait_.as_ref().is_some_and(|(path, _)| {
                    path.segments.len() == 1
                        && removed_types.contains(&path.segments[0].ident.to_string())
                });
                let empty_inherent = block.trait_.is_none() && block.items.is_empty();
                !(self_named || trait_named || empty_inherent)
            }
            _ => true,
        });
        *items = keep;
    }

    /// Handles one item; says what becomes of the item itself.
    fn item(&mut self, item: &mut Item) -> Verdict {
        let dead = |hit: bool| if hit { Verdict::Dead } else { Verdict::Keep };
        match item {
            Item::Fn(i) => dead(self.hit(&[i.sig.ident.span()])),
            Item::Const(i) => dead(self.hit(&[i.ident.span()])),
            Item::Static(i) => dead(self.hit(&[i.ident.span()])),
            Item::Type(i) => dead(self.hit(&[i.ident.span()])),
            Item::TraitAlias(i) => dead(self.hit(&[i.ident.span()])),
            Item::Union(i) => dead(self.hit(&[i.ident.span()])),
            Item::Macro(i) => {
                let mut spans = vec![i.mac.path.span()];
                spans.extend(i.ident.as_ref().map(|ident| ident.span()));
                // An unused macro cannot be needed: always removed.
                if self.hit(&spans) {
                    Verdict::Drop
                } else {
                    Verdict::Keep
                }
            }
            Item::Struct(i) => {
                self.fields(&mut i.fields);
                dead(self.hit(&[i.ident.span()]))
            }
            Item::Enum(i) => {
                for variant in &mut i.variants {
                    if self.hit(&[variant.ident.span()]) {
                        allow_dead_code(&mut variant.attrs);
                    }
                    self.fields(&mut variant.fields);
                }
                dead(self.hit(&[i.ident.span()]))
            }
            Item::Trait(i) => {
                for trait_item in &mut i.items {
                    let (ident, attrs) = match trait_item {
                        TraitItem::Fn(f) => (f.sig.ident.span(), &mut f.attrs),
                        TraitItem::Const(c) => (c.ident.span(), &mut c.attrs),
                        TraitItem::Type(t) => (t.ident.span(), &mut t.attrs),
                        _ => continue,
                    };
                    if self.hit(&[ident]) {
                        allow_dead_code(attrs);
                    }
                }
                dead(self.hit(&[i.ident.span()]))
            }
            Item::Impl(block) => {
                let mode = self.mode;
                let mut kept = Vec::with_capacity(block.items.len());
                for mut impl_item in std::mem::take(&mut block.items) {
                    let (ident, attrs) = match &mut impl_item {
                        ImplItem::Fn(f) => (f.sig.ident.span(), &mut f.attrs),
                        ImplItem::Const(c) => (c.ident.span(), &mut c.attrs),
                        ImplItem::Type(t) => (t.ident.span(), &mut t.attrs),
                        _ => {
                            kept.push(impl_item);
                            continue;
                        }
                    };
                    if self.hit(&[ident]) {
                        if mode == Mode::Remove {
                            continue;
                        }
                        allow_dead_code(attrs);
                    }
                    kept.push(impl_item);
                }
                block.items = kept;
                Verdict::Keep
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &mut module.content {
                    self.items(inner);
                }
                Verdict::Keep
            }
            Item::Use(item_use) => {
                let item_spans = [
                    item_use.use_token.span,
                    item_use.vis.span(),
                    item_use.tree.span(),
                ];
                // Unused imports are always removed: that cannot break the file.
                if self.hit(&item_spans) || self.use_tree(&mut item_use.tree) {
                    Verdict::Drop
                } else {
                    Verdict::Keep
                }
            }
            _ => Verdict::Keep,
        }
    }

    /// Handles the fields of a struct or variant: never-read ones are silenced.
    fn fields(&mut self, fields: &mut Fields) {
        for field in fields.iter_mut() {
            let mut spans = vec![field.ty.span(), field.vis.span()];
            spans.extend(field.ident.as_ref().map(|ident| ident.span()));
            if self.hit(&spans) {
                allow_dead_code(&mut field.attrs);
            }
        }
    }

    /// Removes targeted parts of a `use` tree; returns whether nothing is left.
    fn use_tree(&mut self, tree: &mut UseTree) -> bool {
        match tree {
            UseTree::Path(path) => {
                if self.hit(&[path.ident.span()]) {
                    return true;
                }
                self.use_tree(&mut path.tree)
            }
            UseTree::Name(name) => self.hit(&[name.ident.span()]),
            UseTree::Rename(rename) => self.hit(&[rename.ident.span()]),
            UseTree::Glob(glob) => self.hit(&[glob.star_token.span]),
            UseTree::Group(group) => {
                if self.hit(&[group.brace_token.span.open()]) {
                    return true;
                }
                let items = std::mem::take(&mut group.items);
                for mut item in items {
                    if !self.use_tree(&mut item) {
                        group.items.push(item);
                    }
                }
                group.items.is_empty()
            }
        }
    }
}

/// The name of a type-like item (whose impl blocks go with it).
fn type_name(item: &Item) -> Option<String> {
    Some(match item {
        Item::Struct(i) => i.ident.to_string(),
        Item::Enum(i) => i.ident.to_string(),
        Item::Union(i) => i.ident.to_string(),
        Item::Trait(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// `X` for `impl .. for X` / `impl X` when the self type is a single-segment path.
fn impl_self_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() && path.path.segments.len() == 1 => {
            Some(path.path.segments[0].ident.to_string())
        }
        _ => None,
    }
}
