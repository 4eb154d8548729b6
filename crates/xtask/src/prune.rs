//! Removal of the code a judge program does not use, guided by rustc.
//!
//! A bundle holds whole crates, and in a binary crate every unused function, constant or
//! type of them is a `dead_code` warning. Rather than guessing what is used, [`prune`]
//! asks the compiler: it checks the file (`rustc --emit=metadata`, JSON diagnostics),
//! removes the items the `dead_code`, `unused_imports` and `unused_macros` warnings point
//! at (with the impl blocks of a removed type), and repeats until rustc is silent.
//!
//! Each round is checked again. Imports of removed items (`E0432`) are removed in turn;
//! other errors name what a removal broke, and the reported items of those names are
//! kept and the round redone. Items kept get a precise `#[allow(dead_code)]` of their
//! own: enum variants never constructed (matches name them), fields never read
//! (constructors name them), trait methods never called (impls define them), types
//! never constructed (live signatures may name them), and whatever a round proved
//! needed. A round that cannot be repaired so keeps all its items, allowed one by one.
//! Any other warning, or any error in the input, fails the bundle.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{bail, Context, Result};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Fields, ImplItem, Item, TraitItem, UseTree};

mod derives;
mod diagnostics;
mod visibility;

use diagnostics::{check, Position, Report, MAX_STRIP_CHECKS};

/// At most this many rustc checks for one bundle.
const MAX_CHECKS: usize = 90;

/// What to do with the items a warning points at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Remove,
    Allow,
}

/// Removes unused code from `file` until `rustc --edition 2021` gives no warning.
/// `scratch` is an empty folder for rustc's files.
///
/// # Errors
///
/// rustc cannot be run, the file does not compile, or rustc gives a warning that is
/// not about unused code (all rendered in the message).
pub fn prune(file: syn::File, scratch: &Path) -> Result<String> {
    let debug = std::env::var_os("XTASK_DEBUG").is_some();
    let checks = std::cell::Cell::new(0);
    let check = |text: &str| {
        checks.set(checks.get() + 1);
        if checks.get() > MAX_CHECKS {
            bail!("unused code still reported after {MAX_CHECKS} checks");
        }
        check(text, scratch)
    };
    let text = remove_dead_code(prettyplease::unparse(&file), &check, debug)?;
    let text = match strip_trait_impls(&text, &check, debug)? {
        // What only the removed impls used is dead now.
        Some(stripped) => remove_dead_code(stripped, &check, debug)?,
        None => text,
    };
    let text = match derives::strip_derives(&text, &check, debug)? {
        Some(stripped) => remove_dead_code(stripped, &check, debug)?,
        None => text,
    };
    let text = match strip_item_macros(&text, &check, debug)? {
        // The items only those impls named were silenced as "never constructed": drop
        // every silencing and let the loop find again what is dead and what is kept.
        Some(stripped) => remove_dead_code(stripped.replace(ALLOW_DEAD_CODE, ""), &check, debug)?,
        None => text,
    };
    let text = match visibility::strip_pub(&text, &check, debug)? {
        Some(stripped) => stripped,
        None => text,
    };
    // The same code in fewer bytes: merged imports, then shorter local names, each
    // kept only if rustc finds the file as clean as before.
    let text = keep_if_clean(text, crate::imports::merge, "merged imports", &check, debug)?;
    let shorten = |text: &str| crate::locals::shorten(text).map(|(text, _)| text);
    keep_if_clean(text, shorten, "shorter local names", &check, debug)
}

/// `change(text)` if rustc reports nothing on it (no error, no warning), else `text`
/// (and, with `debug`, what rustc said).
fn keep_if_clean(
    text: String,
    change: impl Fn(&str) -> Result<String>,
    what: &str,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<String> {
    let changed = change(&text)?;
    let report = check(&changed)?;
    if report.errors.is_empty() && report.other.is_empty() && report.dead.is_empty() {
        return Ok(changed);
    }
    if debug {
        eprintln!(
            "{what}: kept the file without them, rustc said:\n{}\n{}",
            report.errors.join("\n"),
            report.rendered.join("\n")
        );
    }
    Ok(text)
}

/// The attribute [`allow_dead_code`] adds, as printed.
const ALLOW_DEAD_CODE: &str = "#[allow(dead_code)]";

/// Removes the item-level macro invocations (`binary_op!(BitAnd, ...);`, not
/// `macro_rules!`) that the file compiles without: rustc never calls the impls they make
/// dead, yet they keep the types they name. Tries each invocation alone, then all those
/// together. Returns `None` when none can go.
fn strip_item_macros(
    text: &str,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<Option<String>> {
    let file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut count = 0;
    count_item_macros(&file.items, &mut count);
    if count == 0 || count > MAX_STRIP_CHECKS {
        return Ok(None);
    }
    let without = |removed: &BTreeSet<usize>| {
        let mut attempt = file.clone();
        let mut counter = 0;
        remove_item_macros(&mut attempt.items, removed, &mut counter);
        prettyplease::unparse(&attempt)
    };
    let compiles = |attempt: &str| -> Result<bool> {
        let report = check(attempt)?;
        Ok(report.errors.is_empty() && report.other.is_empty())
    };
    let mut removable = BTreeSet::new();
    for n in 0..count {
        if compiles(&without(&BTreeSet::from([n])))? {
            removable.insert(n);
        }
    }
    if removable.is_empty() {
        return Ok(None);
    }
    let attempt = without(&removable);
    if !compiles(&attempt)? {
        return Ok(None);
    }
    if debug {
        eprintln!("stripped {} item macro invocations", removable.len());
    }
    Ok(Some(attempt))
}

/// Whether `item` is a macro invocation in item position (not a `macro_rules!`).
fn is_item_macro(item: &Item) -> bool {
    matches!(item, Item::Macro(mac) if mac.ident.is_none())
}

/// How many item-level macro invocations there are, at every depth.
fn count_item_macros(items: &[Item], count: &mut usize) {
    for item in items {
        if is_item_macro(item) {
            *count += 1;
        } else if let Item::Mod(module) = item {
            if let Some((_, inner)) = &module.content {
                count_item_macros(inner, count);
            }
        }
    }
}

/// Removes the item-level macro invocations numbered in `removed` (in file order, as
/// [`count_item_macros`] counts them; `counter` counts those seen).
fn remove_item_macros(items: &mut Vec<Item>, removed: &BTreeSet<usize>, counter: &mut usize) {
    items.retain_mut(|item| {
        if is_item_macro(item) {
            let n = *counter;
            *counter += 1;
            return !removed.contains(&n);
        }
        if let Item::Mod(module) = item {
            if let Some((_, inner)) = &mut module.content {
                remove_item_macros(inner, removed, counter);
            }
        }
        true
    });
}

/// The loop of [`prune`] over rustc's unused-code warnings, from `text` until rustc is
/// silent.
fn remove_dead_code(
    mut text: String,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<String> {
    let mut report = check(&text)?;
    loop {
        if !report.errors.is_empty() {
            bail!("the bundle does not compile:\n{}", report.errors.join("\n"));
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
        (text, report) = remove_round(&text, &report, check, debug)?;
    }
}

/// One round: removes what rustc reported in `report` (about `text`), then checks that
/// the file still compiles; if it does not, keeps (silenced) the items the errors name,
/// and redoes the round. A type never constructed that live code still names is kept,
/// but its trait impls go unless proven needed too. Returns the new text and what rustc
/// says about it.
fn remove_round(
    text: &str,
    report: &Report,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<(String, Report)> {
    let unbuilt: BTreeSet<String> = report
        .silence
        .iter()
        .filter_map(|position| report.dead_names.get(position).cloned())
        .collect();
    let mut round = Round {
        targets: report.dead.clone(),
        silence: BTreeSet::new(),
        strip_impls_of: unbuilt,
        mode: Mode::Remove,
    };
    let mut attempt = apply(text, &round).with_context(|| report.rendered.join("\n"))?;
    loop {
        let result = check(&attempt)?;
        if result.errors.is_empty() {
            if debug {
                eprintln!("round done");
            }
            return Ok((attempt, result));
        }
        if debug {
            eprintln!("round broke the bundle:\n{}", result.errors.join("\n"));
        }
        if result.errors.len() == result.unresolved_import_errors {
            // Only imports of removed items are left: remove them too.
            let imports = Round {
                targets: result.unresolved_imports.clone(),
                silence: BTreeSet::new(),
                strip_impls_of: BTreeSet::new(),
                mode: Mode::Remove,
            };
            attempt = apply(&attempt, &imports)?;
            continue;
        }
        round.keep_what_errors_name(report, &result)?;
        attempt = apply(text, &round)?;
    }
}

impl Round {
    /// After this round (of the items in `report`) broke the file with the errors of
    /// `result`: keeps, silenced, the removed items those errors name, and the trait
    /// impls of kept types they still name; if they name nothing new, silences the
    /// whole round instead.
    ///
    /// # Errors
    ///
    /// The round already silenced everything and the file still does not compile.
    fn keep_what_errors_name(&mut self, report: &Report, result: &Report) -> Result<()> {
        let needed: BTreeSet<Position> = report
            .dead_names
            .iter()
            .filter(|(_, name)| result.error_names.contains(*name))
            .map(|(position, _)| *position)
            .collect();
        // A type already kept whose name is still in the errors needs its impls.
        let kept_names: BTreeSet<&String> = self
            .silence
            .iter()
            .filter_map(|position| report.dead_names.get(position))
            .collect();
        let impls_needed: BTreeSet<String> = self
            .strip_impls_of
            .iter()
            .filter(|name| result.error_names.contains(*name) && kept_names.contains(name))
            .cloned()
            .collect();
        if self.mode == Mode::Allow {
            bail!(
                "the bundle does not compile once unused code is silenced:\n{}",
                result.errors.join("\n")
            );
        }
        if needed.is_subset(&self.silence) && impls_needed.is_empty() {
            // The errors name nothing removed: silence the whole round instead.
            self.mode = Mode::Allow;
            self.strip_impls_of.clear();
        }
        self.silence.extend(needed);
        self.strip_impls_of
            .retain(|name| !impls_needed.contains(name));
        Ok(())
    }
}

/// Traits whose impls are never stripped: removing one can change what a program does
/// without a compile error (`Drop` runs code implicitly; `Deref` and `DerefMut` change
/// which method a call resolves to).
const KEEP_TRAITS: [&str; 3] = ["Drop", "Deref", "DerefMut"];

/// A trait impl of the bundle: its self type's and its trait's last names, and whether it
/// may be stripped.
struct TraitImpl {
    self_name: String,
    trait_name: String,
    candidate: bool,
}

/// Removes the trait impls no code uses. rustc does not report an unused trait impl
/// (`impl FromStr for Rules` in a program that never parses rules), so a library's text
/// forms, error impls and conversions would all stay. Every impl is removed at once and
/// the file checked; each error (a missing `Display`, an unmet `Ord` bound, a `?` with no
/// `From`) names the type and trait it needs, and those impls come back (those naming only
/// the type if none names both), until the file compiles. Not stripped: the
/// [`KEEP_TRAITS`], impls for a type that has a `Deref` impl or for a generic parameter
/// (`impl<T: X> Y for T`). Returns `None` when nothing can be stripped, or when the
/// errors name no removed impl (the file is then left as it was).
fn strip_trait_impls(
    text: &str,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<Option<String>> {
    let file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut impls = Vec::new();
    collect_trait_impls(&file.items, &mut impls);
    let deref_types: BTreeSet<String> = impls
        .iter()
        .filter(|i| i.trait_name == "Deref" || i.trait_name == "DerefMut")
        .map(|i| i.self_name.clone())
        .collect();
    for i in &mut impls {
        if KEEP_TRAITS.contains(&i.trait_name.as_str()) || deref_types.contains(&i.self_name) {
            i.candidate = false;
        }
    }
    let mut removed: BTreeSet<usize> = (0..impls.len()).filter(|&n| impls[n].candidate).collect();
    for _ in 0..MAX_STRIP_CHECKS {
        if removed.is_empty() {
            return Ok(None);
        }
        let mut attempt = file.clone();
        let mut counter = 0;
        remove_trait_impls(&mut attempt.items, &removed, &mut counter);
        let attempt = prettyplease::unparse(&attempt);
        let report = check(&attempt)?;
        if report.errors.is_empty() {
            if !report.other.is_empty() {
                return Ok(None);
            }
            if debug {
                eprintln!("stripped {} trait impls", removed.len());
            }
            return Ok(Some(attempt));
        }
        let mut needed = BTreeSet::new();
        for names in &report.error_name_sets {
            let of_type = |n: &usize| names.contains(&impls[*n].self_name);
            let both: Vec<usize> = removed
                .iter()
                .copied()
                .filter(|n| of_type(n) && names.contains(&impls[*n].trait_name))
                .collect();
            if both.is_empty() {
                needed.extend(removed.iter().copied().filter(of_type));
            } else {
                needed.extend(both);
            }
        }
        if needed.is_empty() {
            if debug {
                eprintln!(
                    "stripping trait impls gave up:\n{}",
                    report.errors.join("\n")
                );
            }
            return Ok(None);
        }
        removed.retain(|n| !needed.contains(n));
    }
    Ok(None)
}

/// The trait impls at every depth, in file order.
fn collect_trait_impls(items: &[Item], out: &mut Vec<TraitImpl>) {
    for item in items {
        match item {
            Item::Impl(block) => {
                if let Some((path, _)) = &block.trait_ {
                    let self_name = impl_self_name(&block.self_ty).unwrap_or_default();
                    let generic_self = block.generics.type_params().any(|p| p.ident == self_name);
                    out.push(TraitImpl {
                        trait_name: path
                            .segments
                            .last()
                            .map(|segment| segment.ident.to_string())
                            .unwrap_or_default(),
                        candidate: !self_name.is_empty() && !generic_self,
                        self_name,
                    });
                }
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    collect_trait_impls(inner, out);
                }
            }
            _ => {}
        }
    }
}

/// Removes the trait impls numbered in `removed` (numbered in file order as by
/// [`collect_trait_impls`]; `counter` counts the impls seen).
fn remove_trait_impls(items: &mut Vec<Item>, removed: &BTreeSet<usize>, counter: &mut usize) {
    items.retain_mut(|item| match item {
        Item::Impl(block) if block.trait_.is_some() => {
            let n = *counter;
            *counter += 1;
            !removed.contains(&n)
        }
        Item::Mod(module) => {
            if let Some((_, inner)) = &mut module.content {
                remove_trait_impls(inner, removed, counter);
            }
            true
        }
        _ => true,
    });
}

/// One removal round.
struct Round {
    /// Where the reported items are.
    targets: BTreeSet<Position>,
    /// Those to keep (silenced) even when removing.
    silence: BTreeSet<Position>,
    /// Types whose trait impls are removed although the types stay.
    strip_impls_of: BTreeSet<String>,
    /// Remove, or silence everything.
    mode: Mode,
}

/// Parses `text`, applies the round, prints it again.
fn apply(text: &str, round: &Round) -> Result<String> {
    let (targets, silence, mode) = (&round.targets, &round.silence, round.mode);
    let mut file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut pruner = Pruner {
        targets,
        silence,
        silenced: false,
        removed_types: BTreeSet::new(),
        matched: BTreeSet::new(),
        mode,
    };
    pruner.items(&mut file.items);
    if !pruner.removed_types.is_empty() || !round.strip_impls_of.is_empty() {
        remove_impls_naming(
            &mut file.items,
            &pruner.removed_types,
            &round.strip_impls_of,
        );
    }
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
    /// Targets to silence even when removing.
    silence: &'a BTreeSet<Position>,
    /// Whether the last hit was on such a target.
    silenced: bool,
    /// The names of the types and traits removed.
    removed_types: BTreeSet<String>,
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
                self.silenced |= self.silence.contains(&pos);
                hit = true;
            }
        }
        hit
    }

    /// Handles a list of items: removes or silences the targeted ones.
    fn items(&mut self, items: &mut Vec<Item>) {
        let mut keep = Vec::with_capacity(items.len());
        for mut item in std::mem::take(items) {
            self.silenced = false;
            let verdict = self.item(&mut item);
            if verdict == Verdict::Drop {
                continue;
            }
            if verdict == Verdict::Dead {
                if self.mode == Mode::Remove && !self.silenced {
                    if let Some(name) = type_name(&item) {
                        self.removed_types.insert(name);
                    }
                    continue;
                }
                if let Some(attrs) = crate::source::item_attrs(&mut item) {
                    allow_dead_code(attrs);
                }
            }
            keep.push(item);
        }
        // An inherent impl or a module left empty goes too.
        keep.retain(|item| match item {
            Item::Impl(block) => block.trait_.is_some() || !block.items.is_empty(),
            Item::Mod(module) => module
                .content
                .as_ref()
                .is_none_or(|(_, items)| !items.is_empty()),
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
                self.trait_items(&mut i.items);
                dead(self.hit(&[i.ident.span()]))
            }
            Item::Impl(block) => {
                self.impl_items(&mut block.items);
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

    /// Silences the targeted items of a trait (methods never called: impls define them).
    fn trait_items(&mut self, items: &mut [TraitItem]) {
        for trait_item in items {
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
    }

    /// Removes (or silences, by the mode) the targeted items of an impl block.
    fn impl_items(&mut self, items: &mut Vec<ImplItem>) {
        let mode = self.mode;
        let mut kept = Vec::with_capacity(items.len());
        for mut impl_item in std::mem::take(items) {
            let (ident, attrs) = match &mut impl_item {
                ImplItem::Fn(f) => (f.sig.ident.span(), &mut f.attrs),
                ImplItem::Const(c) => (c.ident.span(), &mut c.attrs),
                ImplItem::Type(t) => (t.ident.span(), &mut t.attrs),
                _ => {
                    kept.push(impl_item);
                    continue;
                }
            };
            self.silenced = false;
            if self.hit(&[ident]) {
                if mode == Mode::Remove && !self.silenced {
                    continue;
                }
                allow_dead_code(attrs);
            }
            kept.push(impl_item);
        }
        *items = kept;
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

/// Removes, at every depth, the impl blocks whose header (trait or self type) names one
/// of the removed types: `impl Display for X`, `impl From<X> for Y`. Such an impl can
/// only be used with a value of `X`, which no live code has. A same-named live type
/// wrongly hit makes the round fail to compile, and the name is then kept.
/// Also removes the trait impls for the types `unbuilt` (`impl Display for X`), and the
/// item-position macro invocations naming a removed type (`ops!(BitAnd for X)`) or
/// invoking a `macro_rules!` of the same module whose body names one.
fn remove_impls_naming(
    items: &mut Vec<Item>,
    removed: &BTreeSet<String>,
    unbuilt: &BTreeSet<String>,
) {
    let names_removed = |tokens: proc_macro2::TokenStream| {
        crate::paths::idents(tokens)
            .iter()
            .any(|ident| removed.contains(ident))
    };
    // `macro_rules!` definitions of this module whose body names a removed type.
    let tainted: BTreeSet<String> = items
        .iter()
        .filter_map(|item| match item {
            Item::Macro(mac) if names_removed(mac.mac.tokens.clone()) => {
                mac.ident.as_ref().map(ToString::to_string)
            }
            _ => None,
        })
        .collect();
    items.retain_mut(|item| match item {
        Item::Impl(block) => {
            let trait_path = block.trait_.as_ref().map(|(path, _)| path);
            let self_ty = &block.self_ty;
            let header = quote::quote!(#trait_path #self_ty);
            let names_removed = crate::paths::idents(header)
                .iter()
                .any(|ident| removed.contains(ident));
            let unbuilt_trait_impl = trait_path.is_some()
                && impl_self_name(self_ty).is_some_and(|name| unbuilt.contains(&name));
            !(names_removed || unbuilt_trait_impl)
        }
        // A macro invocation generating items (impls) for a removed type goes with it:
        // its tokens name the type, or the macro's body does.
        Item::Macro(mac) if mac.ident.is_none() => {
            let invokes_tainted = mac
                .mac
                .path
                .get_ident()
                .is_some_and(|name| tainted.contains(&name.to_string()));
            !(invokes_tainted || names_removed(mac.mac.tokens.clone()))
        }
        Item::Mod(module) => {
            if let Some((_, inner)) = &mut module.content {
                remove_impls_naming(inner, removed, unbuilt);
            }
            true
        }
        _ => true,
    });
}

/// `X` for `impl .. for X` when the self type is a path ending in `X`.
fn impl_self_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => path
            .path
            .segments
            .last()
            .map(|segment| segment.ident.to_string()),
        _ => None,
    }
}
