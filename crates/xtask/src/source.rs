//! Loading a crate's source as one syntax tree, and cleaning it for a judge.
//!
//! [`load_crate`] reads a crate root file, drops items whose `#[cfg]` is false in a
//! judge build (`test`, `doc`, `doctest` are off), drops `#[test]` functions, replaces
//! `include_str!`/`include_bytes!` with literals, and inlines every `mod foo;`
//! declaration recursively (`foo.rs` or `foo/mod.rs`, the way rustc finds them).
//! [`strip_docs`] then removes doc comments, `#[doc]` and `#[must_use]` attributes
//! everywhere.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Expr, ImplItem, Item, Lit, Meta, Stmt, TraitItem};

/// Reads the crate whose root file is `root` (a `lib.rs` or a binary's file) into one
/// syntax tree, with `mod foo;` declarations inlined and test-only code removed.
///
/// # Errors
///
/// A file that cannot be read or parsed, a module file that cannot be found, or a form
/// the loader does not handle (`#[path]` on a module, `include!`), naming the file.
pub fn load_crate(root: &Path) -> Result<syn::File> {
    let dir = root
        .parent()
        .with_context(|| format!("{} has no parent folder", root.display()))?
        .to_path_buf();
    load_file(root, &dir)
}

/// Parses `path` and inlines its modules; children of this file live in `child_dir`.
fn load_file(path: &Path, child_dir: &Path) -> Result<syn::File> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut file =
        syn::parse_file(&text).with_context(|| format!("cannot parse {}", path.display()))?;
    let file_dir = path.parent().unwrap_or(Path::new("."));
    let mut includes = Includes {
        dir: file_dir.to_path_buf(),
        error: None,
    };
    includes.visit_file_mut(&mut file);
    if let Some(error) = includes.error {
        return Err(error.context(format!("in {}", path.display())));
    }
    remove_test_code(&mut file.items);
    inline_modules(&mut file.items, child_dir, path)?;
    Ok(file)
}

/// Inlines the `mod foo;` declarations among `items`, whose files live in `dir`.
fn inline_modules(items: &mut [Item], dir: &Path, from: &Path) -> Result<()> {
    for item in items {
        let Item::Mod(module) = item else { continue };
        if module.attrs.iter().any(|attr| attr.path().is_ident("path")) {
            bail!(
                "module `{}` in {}: `#[path]` on modules is not supported",
                module.ident,
                from.display()
            );
        }
        let name = module.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        match &mut module.content {
            Some((_, inner)) => inline_modules(inner, &dir.join(name), from)?,
            None => {
                let flat = dir.join(format!("{name}.rs"));
                let nested = dir.join(name).join("mod.rs");
                let (file_path, child_dir): (PathBuf, PathBuf) = if flat.is_file() {
                    (flat, dir.join(name))
                } else if nested.is_file() {
                    (nested, dir.join(name))
                } else {
                    bail!(
                        "module `{name}` declared in {}: neither {} nor {} exists",
                        from.display(),
                        flat.display(),
                        nested.display()
                    );
                };
                let file = load_file(&file_path, &child_dir)?;
                module.attrs.extend(file.attrs);
                module.content = Some((Default::default(), file.items));
                module.semi = None;
            }
        }
    }
    Ok(())
}

/// Replaces `include_str!("x")`/`include_bytes!("x")` by literals, relative to `dir`.
struct Includes {
    dir: PathBuf,
    error: Option<anyhow::Error>,
}

impl Includes {
    fn literal(&mut self, mac: &syn::Macro) -> Result<Option<Expr>> {
        let Some(name) = mac.path.segments.last().map(|s| s.ident.to_string()) else {
            return Ok(None);
        };
        if !matches!(name.as_str(), "include_str" | "include_bytes" | "include") {
            return Ok(None);
        }
        if name == "include" {
            bail!("`include!` is not supported");
        }
        let arg: syn::LitStr = mac
            .parse_body()
            .with_context(|| format!("`{name}!` takes one string literal here"))?;
        let path = self.dir.join(arg.value());
        let bytes = fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let span = arg.span();
        let lit = if name == "include_str" {
            let text = String::from_utf8(bytes)
                .with_context(|| format!("{} is not UTF-8", path.display()))?;
            Lit::Str(syn::LitStr::new(&text, span))
        } else {
            Lit::ByteStr(syn::LitByteStr::new(&bytes, span))
        };
        Ok(Some(Expr::Lit(syn::ExprLit {
            attrs: Vec::new(),
            lit,
        })))
    }
}

impl VisitMut for Includes {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Macro(mac) = expr {
            match self.literal(&mac.mac) {
                Ok(Some(lit)) => {
                    *expr = lit;
                    return;
                }
                Ok(None) => {}
                Err(error) => {
                    self.error.get_or_insert(error);
                }
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_attribute_mut(&mut self, _: &mut Attribute) {
        // `#[doc = include_str!(..)]` goes away with the doc attributes.
    }
}

/// What a `#[cfg(..)]` predicate is worth in a judge build, as far as we can tell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Truth {
    True,
    False,
    Unknown,
}

/// Optional cargo features that no judge build enables: `feature = "serde"` is false in
/// a bundle, so the serde impls and derives (and the `serde` crate) never reach it.
const OFF_FEATURES: &[&str] = &["serde"];

/// Evaluates a cfg predicate with `test`, `doc`, `doctest`, `miri` and the
/// [`OFF_FEATURES`] off; everything else (target properties, `debug_assertions`, other
/// features) is left to rustc.
fn cfg_truth(meta: &Meta) -> Truth {
    match meta {
        Meta::Path(path) => {
            if ["test", "doc", "doctest", "miri"]
                .iter()
                .any(|name| path.is_ident(name))
            {
                Truth::False
            } else {
                Truth::Unknown
            }
        }
        Meta::NameValue(pair) => {
            let off = pair.path.is_ident("feature")
                && matches!(
                    &pair.value,
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(name), .. })
                        if OFF_FEATURES.contains(&name.value().as_str())
                );
            if off {
                Truth::False
            } else {
                Truth::Unknown
            }
        }
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(
                syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
            ) else {
                return Truth::Unknown;
            };
            let values: Vec<Truth> = args.iter().map(cfg_truth).collect();
            if list.path.is_ident("not") && values.len() == 1 {
                match values[0] {
                    Truth::True => Truth::False,
                    Truth::False => Truth::True,
                    Truth::Unknown => Truth::Unknown,
                }
            } else if list.path.is_ident("all") {
                if values.contains(&Truth::False) {
                    Truth::False
                } else if values.iter().all(|v| *v == Truth::True) {
                    Truth::True
                } else {
                    Truth::Unknown
                }
            } else if list.path.is_ident("any") {
                if values.contains(&Truth::True) {
                    Truth::True
                } else if values.iter().all(|v| *v == Truth::False) {
                    Truth::False
                } else {
                    Truth::Unknown
                }
            } else {
                Truth::Unknown
            }
        }
    }
}

/// Whether `attr` is a `#[cfg_attr(PREDICATE, ...)]` whose predicate is known false
/// (such as `feature = "serde"`): the attribute does nothing in a judge build.
fn is_dead_cfg_attr(attr: &Attribute) -> bool {
    if !attr.path().is_ident("cfg_attr") {
        return false;
    }
    let Ok(args) =
        attr.parse_args_with(syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated)
    else {
        return false;
    };
    args.first().map(cfg_truth) == Some(Truth::False)
}

/// Decides whether an item with these attributes stays in a judge build; drops the
/// `#[cfg]` attributes known to be true and the `#[cfg_attr]` known to be off.
fn keep(attrs: &mut Vec<Attribute>) -> bool {
    let mut keep = true;
    attrs.retain(|attr| {
        if attr.path().is_ident("test") || attr.path().is_ident("bench") {
            keep = false;
        }
        if is_dead_cfg_attr(attr) || is_hint(attr) {
            return false;
        }
        if !attr.path().is_ident("cfg") {
            return true;
        }
        let Ok(predicate) = attr.parse_args::<Meta>() else {
            return true;
        };
        match cfg_truth(&predicate) {
            Truth::True => false,
            Truth::False => {
                keep = false;
                true
            }
            Truth::Unknown => true,
        }
    });
    keep
}

/// Whether `attr` is only a hint to the compiler or to callers (`#[inline]`, `#[must_use]`):
/// the bundle is one crate and no library, so dropping them changes nothing it does.
fn is_hint(attr: &Attribute) -> bool {
    attr.path().is_ident("inline") || attr.path().is_ident("must_use")
}

/// The attributes of an item, whatever its kind.
pub fn item_attrs(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::ExternCrate(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::ForeignMod(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Macro(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::TraitAlias(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Union(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

fn impl_item_attrs(item: &mut ImplItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        ImplItem::Const(i) => &mut i.attrs,
        ImplItem::Fn(i) => &mut i.attrs,
        ImplItem::Type(i) => &mut i.attrs,
        ImplItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

fn trait_item_attrs(item: &mut TraitItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        TraitItem::Const(i) => &mut i.attrs,
        TraitItem::Fn(i) => &mut i.attrs,
        TraitItem::Type(i) => &mut i.attrs,
        TraitItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

/// Removes `#[cfg(test)]`-style items and `#[test]` functions, at every depth of an
/// item list already parsed (modules not yet inlined are handled when they are loaded).
fn remove_test_code(items: &mut Vec<Item>) {
    items.retain_mut(|item| item_attrs(item).is_none_or(keep));
    TestCode.visit_items(items);
}

/// Visitor removing test-only code below the item level.
struct TestCode;

impl TestCode {
    fn visit_items(&mut self, items: &mut [Item]) {
        for item in items {
            self.visit_item_mut(item);
        }
    }
}

impl VisitMut for TestCode {
    /// `Formatter<'_>` becomes `Formatter`: the same elided lifetime, fewer bytes.
    fn visit_path_segment_mut(&mut self, segment: &mut syn::PathSegment) {
        if segment.ident == "Formatter" {
            if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                let elided = args.args.len() == 1
                    && matches!(args.args.first(), Some(syn::GenericArgument::Lifetime(l)) if l.ident == "_");
                if elided {
                    segment.arguments = syn::PathArguments::None;
                }
            }
        }
        visit_mut::visit_path_segment_mut(self, segment);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain_mut(|item| item_attrs(item).is_none_or(keep));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        item.items
            .retain_mut(|item| impl_item_attrs(item).is_none_or(keep));
        visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        item.items
            .retain_mut(|item| trait_item_attrs(item).is_none_or(keep));
        visit_mut::visit_item_trait_mut(self, item);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain_mut(|stmt| match stmt {
            Stmt::Item(item) => item_attrs(item).is_none_or(keep),
            Stmt::Local(local) => keep(&mut local.attrs),
            Stmt::Macro(mac) => keep(&mut mac.attrs),
            Stmt::Expr(..) => true,
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        let kept = std::mem::take(&mut fields.named)
            .into_pairs()
            .filter_map(|pair| {
                let mut field = pair.into_value();
                keep(&mut field.attrs).then_some(field)
            })
            .collect();
        fields.named = kept;
        visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        let kept = std::mem::take(&mut item.variants)
            .into_pairs()
            .filter_map(|pair| {
                let mut variant = pair.into_value();
                keep(&mut variant.attrs).then_some(variant)
            })
            .collect();
        item.variants = kept;
        visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        expr.arms.retain_mut(|arm| keep(&mut arm.attrs));
        visit_mut::visit_expr_match_mut(self, expr);
    }
}

/// Whether an attribute is documentation (`///`, `//!`, `#[doc = ..]`, `#[doc(..)]`).
pub fn is_doc(attr: &Attribute) -> bool {
    attr.path().is_ident("doc")
}

/// Whether a bundle drops an attribute: documentation, and `#[must_use]` (also with a
/// reason), a lint hint for the library's users. Neither changes the compiled program,
/// and a judge limits the size of the file.
pub fn is_stripped(attr: &Attribute) -> bool {
    is_doc(attr) || attr.path().is_ident("must_use")
}

/// Removes every doc comment, `#[doc]` and `#[must_use]` attribute in `file`, outer and
/// inner ([`is_stripped`]).
pub fn strip_docs(file: &mut syn::File) {
    file.attrs.retain(|attr| !is_stripped(attr));
    Docs.visit_file_mut(file);
}

/// Visitor removing doc and `#[must_use]` attributes from every node that carries
/// attributes.
struct Docs;

macro_rules! strip_docs_in {
    ($($method:ident: $ty:ty),* $(,)?) => {
        $(
            fn $method(&mut self, node: &mut $ty) {
                node.attrs.retain(|attr| !is_stripped(attr));
                visit_mut::$method(self, node);
            }
        )*
    };
}

impl VisitMut for Docs {
    strip_docs_in! {
        visit_item_const_mut: syn::ItemConst,
        visit_item_enum_mut: syn::ItemEnum,
        visit_item_extern_crate_mut: syn::ItemExternCrate,
        visit_item_fn_mut: syn::ItemFn,
        visit_item_foreign_mod_mut: syn::ItemForeignMod,
        visit_item_impl_mut: syn::ItemImpl,
        visit_item_macro_mut: syn::ItemMacro,
        visit_item_mod_mut: syn::ItemMod,
        visit_item_static_mut: syn::ItemStatic,
        visit_item_struct_mut: syn::ItemStruct,
        visit_item_trait_mut: syn::ItemTrait,
        visit_item_trait_alias_mut: syn::ItemTraitAlias,
        visit_item_type_mut: syn::ItemType,
        visit_item_union_mut: syn::ItemUnion,
        visit_item_use_mut: syn::ItemUse,
        visit_impl_item_const_mut: syn::ImplItemConst,
        visit_impl_item_fn_mut: syn::ImplItemFn,
        visit_impl_item_type_mut: syn::ImplItemType,
        visit_impl_item_macro_mut: syn::ImplItemMacro,
        visit_trait_item_const_mut: syn::TraitItemConst,
        visit_trait_item_fn_mut: syn::TraitItemFn,
        visit_trait_item_type_mut: syn::TraitItemType,
        visit_trait_item_macro_mut: syn::TraitItemMacro,
        visit_foreign_item_fn_mut: syn::ForeignItemFn,
        visit_foreign_item_static_mut: syn::ForeignItemStatic,
        visit_foreign_item_type_mut: syn::ForeignItemType,
        visit_foreign_item_macro_mut: syn::ForeignItemMacro,
        visit_field_mut: syn::Field,
        visit_variant_mut: syn::Variant,
        visit_local_mut: syn::Local,
        visit_stmt_macro_mut: syn::StmtMacro,
        visit_arm_mut: syn::Arm,
        visit_field_value_mut: syn::FieldValue,
        visit_field_pat_mut: syn::FieldPat,
        visit_pat_type_mut: syn::PatType,
        visit_receiver_mut: syn::Receiver,
        visit_lifetime_param_mut: syn::LifetimeParam,
        visit_type_param_mut: syn::TypeParam,
        visit_const_param_mut: syn::ConstParam,
        visit_expr_closure_mut: syn::ExprClosure,
        visit_expr_block_mut: syn::ExprBlock,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Judge builds never enable `serde`: items under `#[cfg(feature = "serde")]` (also
    /// inside `all`/`any`/`not`) go, `#[cfg_attr(feature = "serde", ...)]` goes, other
    /// features stay for rustc to decide.
    #[test]
    fn the_serde_feature_is_off_in_bundles() {
        let mut file: syn::File = syn::parse_quote! {
            #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
            #[derive(Clone, Copy)]
            pub struct Square(u8);
            #[cfg(feature = "serde")]
            impl serde::Serialize for Board {}
            #[cfg(all(feature = "serde", target_arch = "x86_64"))]
            mod serde_fast {}
            #[cfg(not(feature = "serde"))]
            pub fn without_serde() {}
            #[cfg(feature = "portable")]
            pub fn portable() {}
            pub struct Pair {
                #[cfg_attr(feature = "serde", serde(rename = "b"))]
                pub black: u8,
            }
        };
        remove_test_code(&mut file.items);
        let text = quote::quote!(#file).to_string();
        assert!(!text.contains("serde ::"), "{text}");
        assert!(!text.contains("serde_fast"), "{text}");
        assert!(!text.contains("rename"), "{text}");
        assert!(!text.contains("cfg_attr"), "{text}");
        assert!(text.contains("# [derive (Clone , Copy)]"), "{text}");
        // `not(serde)` is true: the item stays, its cfg dropped.
        assert!(text.contains("pub fn without_serde"), "{text}");
        assert!(!text.contains("not (feature"), "{text}");
        // Another feature is left to rustc.
        assert!(text.contains("# [cfg (feature = \"portable\")]"), "{text}");
    }

    #[test]
    fn strip_docs_drops_docs_and_must_use_only() {
        let mut file: syn::File = syn::parse_quote! {
            //! Crate docs.
            /// A type.
            #[must_use]
            #[derive(Clone, Copy)]
            pub struct Square(u8);
            impl Square {
                /// The index.
                #[must_use]
                #[inline]
                pub const fn index(self) -> u8 { self.0 }
            }
            pub trait Game {
                #[must_use = "the position after the move"]
                fn play(&self) -> Self;
            }
            #[must_use]
            pub fn perft() -> u64 { 0 }
        };
        strip_docs(&mut file);
        let text = quote::quote!(#file).to_string();
        assert!(!text.contains("must_use"), "{text}");
        assert!(!text.contains("doc"), "{text}");
        assert!(text.contains("# [derive (Clone , Copy)]"), "{text}");
        assert!(text.contains("# [inline]"), "{text}");
    }
}
