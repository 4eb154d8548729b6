//! Dropping the `pub` that a bundle does not need.
//!
//! A bundle is one binary crate: an item of an inlined module needs `pub` only if code
//! outside that module names it. [`strip_pub`] makes every item, method and named field
//! below the top level private, asks rustc, and gives `pub` back to every name its
//! errors (privacy, private types in public signatures) or warnings name, until the file
//! compiles as before. Modules, `use` items and tuple fields keep theirs.

use std::collections::BTreeSet;

use anyhow::{Context, Result};
use syn::visit_mut::{self, VisitMut};
use syn::{Fields, ImplItem, Item, Visibility};

use super::diagnostics::{quoted_identifiers, Report};

/// At most this many rustc checks for the stripping.
const MAX_CHECKS: usize = 12;

/// `text` with the `pub` of what no other module names removed, or `None` when no
/// check proves a stripped file as good as `text` (the file is then left as it was).
pub(super) fn strip_pub(
    text: &str,
    check: &dyn Fn(&str) -> Result<Report>,
    debug: bool,
) -> Result<Option<String>> {
    let file = syn::parse_file(text).context("cannot parse the printed bundle")?;
    let mut keep = BTreeSet::new();
    for _ in 0..MAX_CHECKS {
        let mut attempt = file.clone();
        let mut unpub = Unpub {
            keep: &keep,
            depth: 0,
        };
        unpub.visit_file_mut(&mut attempt);
        let attempt = prettyplease::unparse(&attempt);
        let report = check(&attempt)?;
        if report.errors.is_empty() && report.other.is_empty() && report.dead.is_empty() {
            if debug {
                eprintln!("stripped pub, {} names kept public", keep.len());
            }
            return Ok(Some(attempt));
        }
        let before = keep.len();
        keep.extend(report.error_names.iter().cloned());
        for rendered in &report.other {
            keep.extend(quoted_identifiers(rendered));
        }
        if keep.len() == before {
            if debug {
                eprintln!("stripping pub gave up:\n{}", report.errors.join("\n"));
            }
            return Ok(None);
        }
    }
    Ok(None)
}

/// Visitor making private what is not in `keep`, below the top level.
struct Unpub<'a> {
    keep: &'a BTreeSet<String>,
    depth: usize,
}

impl Unpub<'_> {
    fn strip(&self, vis: &mut Visibility, name: &syn::Ident) {
        if self.depth > 0
            && matches!(vis, Visibility::Public(_))
            && !self.keep.contains(&name.to_string())
        {
            *vis = Visibility::Inherited;
        }
    }
}

impl VisitMut for Unpub<'_> {
    fn visit_item_mut(&mut self, item: &mut Item) {
        match item {
            Item::Fn(i) => self.strip(&mut i.vis, &i.sig.ident),
            Item::Const(i) => self.strip(&mut i.vis, &i.ident),
            Item::Static(i) => self.strip(&mut i.vis, &i.ident),
            Item::Struct(i) => {
                self.strip(&mut i.vis, &i.ident);
                if let Fields::Named(fields) = &mut i.fields {
                    for field in &mut fields.named {
                        if let Some(name) = &field.ident {
                            self.strip(&mut field.vis, name);
                        }
                    }
                }
            }
            Item::Enum(i) => self.strip(&mut i.vis, &i.ident),
            Item::Trait(i) => self.strip(&mut i.vis, &i.ident),
            Item::Type(i) => self.strip(&mut i.vis, &i.ident),
            Item::Impl(i) if i.trait_.is_none() => {
                for impl_item in &mut i.items {
                    match impl_item {
                        ImplItem::Fn(f) => self.strip(&mut f.vis, &f.sig.ident),
                        ImplItem::Const(c) => self.strip(&mut c.vis, &c.ident),
                        _ => {}
                    }
                }
            }
            Item::Mod(module) => {
                self.depth += 1;
                visit_mut::visit_item_mod_mut(self, module);
                self.depth -= 1;
                return;
            }
            _ => {}
        }
        visit_mut::visit_item_mut(self, item);
    }
}
