//! Expansion of `#[derive(thiserror::Error)]` into plain `std` impls.
//!
//! Only the forms the workspace allows are handled; anything else is an error naming
//! the item, so that a bundle is never silently different from the crate:
//!
//! - `#[derive(Error)]` (or `thiserror::Error`) on a struct or enum without generics;
//! - one `#[error("literal")]` on the struct, or on each variant of the enum, whose
//!   braces hold only a field name or a tuple index, optionally followed by a format
//!   spec without `$` or `*` (`{rank}`, `{0}`, `{0:?}`, `{text:>3}`), and no arguments
//!   after the string;
//! - `#[from]` and `#[source]` on a field; a field named `source` is the source too.
//!
//! The output, like thiserror's, is an `impl Display` formatting the message with the
//! fields bound by reference, an `impl std::error::Error` whose `source` returns the
//! source field (if any variant has one), and an `impl From<T>` for each `#[from]` field
//! (which must then be the only field of its variant).

use anyhow::{bail, ensure, Context, Result};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{Attribute, Fields, Ident, Item, Member, Path, Token, Type, UseTree};

/// Expands every thiserror derive among `items` (and in nested modules), inserting the
/// generated impls right after each item, and removes `use thiserror::..` imports.
///
/// # Errors
///
/// Any unsupported thiserror form, naming the item (`crate_name::path::Item`), and any
/// other use of the `thiserror` crate left after expansion.
pub fn expand(items: &mut Vec<Item>, module_path: &str) -> Result<()> {
    let mut index = 0;
    while index < items.len() {
        let mut generated = Vec::new();
        let mut remove = false;
        match &mut items[index] {
            Item::Struct(item) => {
                let name = format!("{module_path}::{}", item.ident);
                generated =
                    expand_struct(item).with_context(|| format!("thiserror derive on `{name}`"))?;
            }
            Item::Enum(item) => {
                let name = format!("{module_path}::{}", item.ident);
                generated =
                    expand_enum(item).with_context(|| format!("thiserror derive on `{name}`"))?;
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &mut module.content {
                    expand(inner, &format!("{module_path}::{}", module.ident))?;
                }
            }
            Item::Use(item_use) => {
                remove = remove_thiserror_imports(&mut item_use.tree);
            }
            _ => {}
        }
        if remove {
            items.remove(index);
            continue;
        }
        let count = generated.len();
        for (offset, item) in generated.into_iter().enumerate() {
            items.insert(index + 1 + offset, item);
        }
        index += 1 + count;
    }
    Ok(())
}

/// Removes `thiserror` from a `use` tree; returns whether nothing is left of it.
fn remove_thiserror_imports(tree: &mut UseTree) -> bool {
    match tree {
        UseTree::Path(path) => path.ident == "thiserror",
        UseTree::Name(name) => name.ident == "thiserror",
        UseTree::Rename(rename) => rename.ident == "thiserror",
        UseTree::Glob(_) => false,
        UseTree::Group(group) => {
            let kept: Punctuated<UseTree, Token![,]> = std::mem::take(&mut group.items)
                .into_iter()
                .filter_map(|mut tree| (!remove_thiserror_imports(&mut tree)).then_some(tree))
                .collect();
            group.items = kept;
            group.items.is_empty()
        }
    }
}

/// Removes `Error` from the item's `#[derive(..)]` lists; returns whether it was there.
fn take_error_derive(attrs: &mut Vec<Attribute>) -> bool {
    let mut found = false;
    attrs.retain_mut(|attr| {
        if !attr.path().is_ident("derive") {
            return true;
        }
        let Ok(paths) = attr.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
        else {
            return true;
        };
        let (errors, others): (Vec<Path>, Vec<Path>) = paths.into_iter().partition(is_error_path);
        if errors.is_empty() {
            return true;
        }
        found = true;
        if others.is_empty() {
            return false;
        }
        *attr = syn::parse_quote!(#[derive(#(#others),*)]);
        true
    });
    found
}

/// `Error` or `thiserror::Error` (std has no derive of that name).
fn is_error_path(path: &Path) -> bool {
    let idents: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        idents
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["Error"] | ["thiserror", "Error"]
    )
}

/// What the thiserror attributes say about one struct or one variant.
struct Shape {
    /// Path used in patterns: `Self` for a struct, `Self::Variant` for a variant.
    pattern_path: TokenStream,
    /// The converted format string (tuple indices renamed `_N`) and the fields it uses.
    message: (String, Vec<Member>),
    /// The source field, if any.
    source: Option<Member>,
    /// The `#[from]` field and its type, if any.
    from: Option<(Member, Type)>,
    /// Whether there are no fields at all (the pattern is then the bare path).
    unit: bool,
}

/// The impls for a struct deriving thiserror's `Error` (none if it does not).
fn expand_struct(item: &mut syn::ItemStruct) -> Result<Vec<Item>> {
    if !take_error_derive(&mut item.attrs) {
        return Ok(Vec::new());
    }
    check_generics(&item.generics)?;
    let message = take_message(&mut item.attrs)?.context("missing #[error(\"...\")]")?;
    let shape = shape(quote!(Self), message, &mut item.fields)?;
    generate(&item.ident, &[shape], false)
}

/// The impls for an enum deriving thiserror's `Error` (none if it does not).
fn expand_enum(item: &mut syn::ItemEnum) -> Result<Vec<Item>> {
    if !take_error_derive(&mut item.attrs) {
        return Ok(Vec::new());
    }
    check_generics(&item.generics)?;
    if take_message(&mut item.attrs)?.is_some() {
        bail!("an enum-level #[error(..)] is not supported: put one on each variant");
    }
    let mut shapes = Vec::new();
    for variant in &mut item.variants {
        let ident = &variant.ident;
        let message = take_message(&mut variant.attrs)
            .with_context(|| format!("variant `{ident}`"))?
            .with_context(|| format!("variant `{ident}`: missing #[error(\"...\")]"))?;
        let shape = shape(quote!(Self::#ident), message, &mut variant.fields)
            .with_context(|| format!("variant `{ident}`"))?;
        shapes.push(shape);
    }
    generate(&item.ident, &shapes, true)
}

fn check_generics(generics: &syn::Generics) -> Result<()> {
    ensure!(
        generics.params.is_empty() && generics.where_clause.is_none(),
        "generic error types are not supported"
    );
    Ok(())
}

/// Takes the `#[error("...")]` attribute off; returns its literal.
fn take_message(attrs: &mut Vec<Attribute>) -> Result<Option<syn::LitStr>> {
    let mut message = None;
    let mut error = None;
    attrs.retain(|attr| {
        if !attr.path().is_ident("error") {
            return true;
        }
        let parsed = attr.parse_args::<syn::LitStr>().map_err(|_| {
            anyhow::anyhow!(
                "unsupported attribute `{}`: only #[error(\"literal\")] without arguments \
                 (no `transparent`, no format arguments)",
                quote!(#attr)
            )
        });
        match parsed {
            Ok(lit) if message.is_none() => message = Some(lit),
            Ok(_) => error = Some(anyhow::anyhow!("more than one #[error] attribute")),
            Err(e) => error = Some(e),
        }
        false
    });
    if let Some(error) = error {
        return Err(error);
    }
    Ok(message)
}

/// Reads the field attributes and the message of one struct or variant.
fn shape(pattern_path: TokenStream, message: syn::LitStr, fields: &mut Fields) -> Result<Shape> {
    let mut source = None;
    let mut from = None;
    let field_count = fields.len();
    let mut names = Vec::new();
    for (index, field) in fields.iter_mut().enumerate() {
        let member = match &field.ident {
            Some(ident) => Member::Named(ident.clone()),
            None => Member::Unnamed(index.into()),
        };
        names.push(member.clone());
        let mut is_source = field.ident.as_ref().is_some_and(|ident| ident == "source");
        let mut is_from = false;
        let mut bad = None;
        field.attrs.retain(|attr| {
            let path = attr.path();
            if path.is_ident("from") || path.is_ident("source") {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    bad = Some(format!("`{}`", quote!(#attr)));
                }
                is_from |= path.is_ident("from");
                is_source = true;
                false
            } else {
                if path.is_ident("backtrace") || path.is_ident("error") {
                    bad = Some(format!("`{}`", quote!(#attr)));
                }
                true
            }
        });
        let field_name = quote!(#member).to_string();
        if let Some(bad) = bad {
            bail!("field `{field_name}`: unsupported attribute {bad}");
        }
        if type_last_ident(&field.ty).is_some_and(|name| name == "Backtrace") {
            bail!("field `{field_name}`: backtrace fields are not supported");
        }
        if is_source {
            if source.is_some() {
                bail!("field `{field_name}`: more than one source field");
            }
            if type_last_ident(&field.ty).is_some_and(|name| name == "Option")
                || type_mentions_dyn(&field.ty)
            {
                bail!("field `{field_name}`: optional or `dyn` sources are not supported");
            }
            source = Some(member.clone());
        }
        if is_from {
            if field_count != 1 {
                bail!("field `{field_name}`: #[from] needs it to be the only field");
            }
            from = Some((member, field.ty.clone()));
        }
    }
    let message = convert_format(&message.value(), &names)?;
    Ok(Shape {
        unit: matches!(fields, Fields::Unit),
        pattern_path,
        message,
        source,
        from,
    })
}

fn type_mentions_dyn(ty: &Type) -> bool {
    quote!(#ty)
        .to_string()
        .split_whitespace()
        .any(|word| word == "dyn")
}

fn type_last_ident(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// Rewrites a thiserror message for `write!` with bindings: `{0}` becomes `{_0}`,
/// `{name}` stays; returns the string and the fields it uses, in order, deduplicated.
///
/// # Errors
///
/// `{}`, a name that is no field, an index out of range, `$`/`*` in a spec, or an
/// unmatched brace.
pub fn convert_format(text: &str, fields: &[Member]) -> Result<(String, Vec<Member>)> {
    let mut out = String::new();
    let mut used: Vec<Member> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push_str("{{");
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push_str("}}");
            }
            '}' => bail!("unmatched `}}` in #[error({text:?})]"),
            '{' => {
                let mut inner = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('{') | None => bail!("unmatched `{{` in #[error({text:?})]"),
                        Some(c) => inner.push(c),
                    }
                }
                let (arg, spec) = match inner.split_once(':') {
                    Some((arg, spec)) => (arg, Some(spec)),
                    None => (inner.as_str(), None),
                };
                if spec.is_some_and(|spec| spec.contains('$') || spec.contains('*')) {
                    bail!("format spec `{{{inner}}}` in #[error({text:?})] takes an argument: not supported");
                }
                let member = if arg.is_empty() {
                    bail!("`{{{inner}}}` in #[error({text:?})] names no field: not supported");
                } else if arg.bytes().all(|b| b.is_ascii_digit()) {
                    let index: u32 = arg.parse().context("tuple index too large")?;
                    Member::Unnamed(syn::Index {
                        index,
                        span: Span::call_site(),
                    })
                } else {
                    let ident: Ident = syn::parse_str(arg).map_err(|_| {
                        anyhow::anyhow!("`{{{inner}}}` in #[error({text:?})]: only a field name or tuple index may stand in braces")
                    })?;
                    Member::Named(ident)
                };
                if !fields.contains(&member) {
                    bail!("`{{{inner}}}` in #[error({text:?})] names no field of this item");
                }
                out.push('{');
                out.push_str(&binding(&member).to_string());
                if let Some(spec) = spec {
                    out.push(':');
                    out.push_str(spec);
                }
                out.push('}');
                if !used.contains(&member) {
                    used.push(member);
                }
            }
            c => out.push(c),
        }
    }
    Ok((out, used))
}

/// The local name a field is bound to: its own name, or `_N` for tuple index `N`.
fn binding(member: &Member) -> Ident {
    match member {
        Member::Named(ident) => ident.clone(),
        Member::Unnamed(index) => format_ident!("_{}", index.index),
    }
}

/// Generates the `Display`, `Error` and `From` impls for `name`.
fn generate(name: &Ident, shapes: &[Shape], is_enum: bool) -> Result<Vec<Item>> {
    let display_arms = shapes.iter().map(|shape| {
        let path = &shape.pattern_path;
        let (format, used) = &shape.message;
        let bindings = used.iter().map(|member| match member {
            Member::Named(ident) => quote!(#ident),
            Member::Unnamed(_) => {
                let local = binding(member);
                quote!(#member: #local)
            }
        });
        if shape.unit {
            quote!(#path => write!(__f, #format))
        } else {
            quote!(#path { #(#bindings,)* .. } => write!(__f, #format))
        }
    });
    let display_body = if is_enum {
        if shapes.is_empty() {
            quote!(let _ = __f; match *self {})
        } else {
            quote!(match self { #(#display_arms,)* })
        }
    } else {
        quote!(match self { #(#display_arms,)* })
    };
    let mut items: Vec<Item> = vec![syn::parse2(quote! {
        impl std::fmt::Display for #name {
            fn fmt(&self, __f: &mut std::fmt::Formatter) -> std::fmt::Result {
                #display_body
            }
        }
    })?];

    let with_source: Vec<_> = shapes
        .iter()
        .filter_map(|shape| {
            let member = shape.source.as_ref()?;
            let path = &shape.pattern_path;
            Some(quote! {
                #path { #member: __source, .. } =>
                    std::option::Option::Some(__source as &(dyn std::error::Error + 'static))
            })
        })
        .collect();
    let error_impl = if with_source.is_empty() {
        quote!(impl std::error::Error for #name {})
    } else {
        let fallback =
            (with_source.len() < shapes.len()).then(|| quote!(_ => std::option::Option::None,));
        quote! {
            impl std::error::Error for #name {
                fn source(&self) -> std::option::Option<&(dyn std::error::Error + 'static)> {
                    match self {
                        #(#with_source,)*
                        #fallback
                    }
                }
            }
        }
    };
    items.push(syn::parse2(error_impl)?);

    for shape in shapes {
        let Some((member, ty)) = &shape.from else {
            continue;
        };
        let path = &shape.pattern_path;
        items.push(syn::parse2(quote! {
            impl std::convert::From<#ty> for #name {
                fn from(source: #ty) -> Self {
                    #path { #member: source }
                }
            }
        })?);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand_text(source: &str) -> Result<String> {
        let mut file = syn::parse_file(source)?;
        expand(&mut file.items, "demo")?;
        Ok(prettyplease::unparse(&file))
    }

    fn named(names: &[&str]) -> Vec<Member> {
        names
            .iter()
            .map(|name| Member::Named(format_ident!("{name}")))
            .collect()
    }

    #[test]
    fn format_strings_are_rewritten_for_bindings() {
        let fields = named(&["rank", "text"]);
        let (out, used) = convert_format("rank {rank}: {text:?} {{x}} {rank:>3}", &fields).unwrap();
        assert_eq!(out, "rank {rank}: {text:?} {{x}} {rank:>3}");
        let used: Vec<String> = used.iter().map(|m| quote!(#m).to_string()).collect();
        assert_eq!(used, ["rank", "text"]);
        let tuple = vec![Member::Unnamed(0.into()), Member::Unnamed(1.into())];
        let (out, used) = convert_format("{1} then {0:?}", &tuple).unwrap();
        assert_eq!(out, "{_1} then {_0:?}");
        assert_eq!(used.len(), 2);
    }

    #[test]
    fn unsupported_format_strings_fail() {
        let fields = named(&["rank"]);
        for bad in [
            "{}",
            "{file}",
            "{0}",
            "{rank:>width$}",
            "{rank:.*}",
            "{rank.0}",
            "oops }",
            "{rank",
        ] {
            assert!(convert_format(bad, &fields).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn unsupported_forms_fail_naming_the_item() {
        let cases = [
            (
                "#[derive(Debug, Error)] #[error(transparent)] struct Wrap(Other);",
                "demo::Wrap",
            ),
            (
                "#[derive(Debug, Error)] enum Bad { #[error(\"x {0}\", 0)] A(u8) }",
                "demo::Bad",
            ),
            (
                "#[derive(Debug, Error)] enum Gen<T> { #[error(\"x\")] A(T) }",
                "demo::Gen",
            ),
            (
                "#[derive(Debug, Error)] struct Bt { #[backtrace] trace: Backtrace }",
                "demo::Bt",
            ),
            (
                "#[derive(Debug, Error)] enum NoMessage { A }",
                "demo::NoMessage",
            ),
            (
                "#[derive(Debug, thiserror::Error)] #[error(\"{0}\")] enum E { #[error(\"a\")] A }",
                "demo::E",
            ),
            (
                "mod inner { #[derive(Debug, Error)] enum F { #[error(\"a\")] A { #[from] x: X, y: u8 } } }",
                "demo::inner::F",
            ),
            (
                "#[derive(Debug, Error)] #[error(\"a\")] struct TwoSources { #[source] a: A, source: B }",
                "demo::TwoSources",
            ),
            (
                "#[derive(Debug, Error)] #[error(\"a\")] struct Opt { #[source] a: Option<A> }",
                "demo::Opt",
            ),
        ];
        for (source, item) in cases {
            let error = expand_text(source).unwrap_err();
            let text = format!("{error:#}");
            assert!(text.contains(item), "{text} does not name {item}");
        }
    }

    #[test]
    fn derives_become_plain_impls() {
        let out = expand_text(
            "use thiserror::Error;\n\
             #[derive(Debug, Clone, Error, PartialEq)]\n\
             pub enum ParseError {\n\
                 #[error(\"rank {rank}: bad {0:?}\")] Bad(char, #[source] Inner, usize),\n\
                 #[error(\"wrapped\")] Wrapped(#[from] Inner),\n\
                 #[error(\"plain\")] Plain,\n\
             }",
        )
        .unwrap_err();
        // `rank` is not a field of the tuple variant.
        assert!(format!("{out:#}").contains("demo::ParseError"));

        let out = expand_text(
            "use thiserror::Error;\n\
             #[derive(Debug, Clone, Error, PartialEq)]\n\
             pub enum ParseError {\n\
                 #[error(\"bad {0:?} at {2}\")] Bad(char, #[source] Inner, usize),\n\
                 #[error(\"wrapped\")] Wrapped(#[from] Inner),\n\
                 #[error(\"plain\")] Plain,\n\
             }",
        )
        .unwrap();
        assert!(!out.contains("thiserror"), "{out}");
        assert!(out.contains("#[derive(Debug, Clone, PartialEq)]"), "{out}");
        assert!(out.contains("Self::Bad { 0: _0, 2: _2, .. }"), "{out}");
        assert!(out.contains("write!(__f, \"bad {_0:?} at {_2}\")"), "{out}");
        assert!(out.contains("Self::Bad { 1: __source, .. }"), "{out}");
        assert!(out.contains("_ => std::option::Option::None"), "{out}");
        assert!(
            out.contains("impl std::convert::From<Inner> for ParseError"),
            "{out}"
        );
        assert!(out.contains("Self::Wrapped { 0: source }"), "{out}");
    }
}
