//! The layout of a bundle's text: judges limit a file's size, so the printed bundle is
//! made smaller step by step, each step only when the previous one is still over the
//! budget ([`fit`]): tabs for indentation, then no indentation, then lines joined after
//! `{ } ; ,`, then only the spaces and line breaks that the tokens need ([`minify`]).
//! None of them changes a token, and lines inside multi-line string literals are left
//! byte for byte.

use std::collections::BTreeSet;

use anyhow::{Context, Result};
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::quote;

/// A way to lay out prettyplease's output: the same tokens in other whitespace.
type Layout = fn(&str) -> Result<String>;

/// The layouts [`fit`] tries, in order, each smaller than the one before.
const LAYOUTS: [(&str, Layout); 4] = [
    ("indented with tabs", indent_with_tabs),
    ("without indentation", unindent),
    ("with the lines that end in { } ; or , joined", compact),
    (
        "with only the spaces and line breaks the tokens need",
        minify,
    ),
];

/// The first layout of `text` (prettyplease's output) that is at most `budget` bytes,
/// or the smallest one; tells `progress` which layout it chose when it is not the first.
///
/// # Errors
///
/// `text` does not parse.
pub fn fit(text: &str, budget: usize, progress: &mut dyn FnMut(&str)) -> Result<String> {
    let mut laid_out = String::new();
    for (index, (name, layout)) in LAYOUTS.iter().enumerate() {
        laid_out = layout(text)?;
        if laid_out.len() <= budget {
            if index > 0 {
                progress(&format!("written {name}, to fit in {budget} bytes"));
            }
            return Ok(laid_out);
        }
    }
    progress(&format!(
        "still over {budget} bytes {}",
        LAYOUTS[LAYOUTS.len() - 1].0
    ));
    Ok(laid_out)
}

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
    let mut inside_literal = BTreeSet::new();
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
    let mut inside_literal = BTreeSet::new();
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
fn literal_lines(tokens: TokenStream, lines: &mut BTreeSet<usize>) {
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

/// Lines of [`minify`]'s output are broken at the first place past this many bytes where
/// a space is needed anyway; or, past [`MAX_LINE`], wherever a break is allowed.
const LINE: usize = 100;

/// See [`LINE`].
const MAX_LINE: usize = 160;

/// Character pairs that two punctuation tokens must not form when written side by side:
/// rustc's lexer would read them as one operator (`&&`, `<=`, `..`) or a comment (`//`,
/// `/*`). Also a few that form no operator (`--`, `.=`), to be safe.
const FUSING: [&str; 27] = [
    "&&", "&=", "||", "|=", "::", "->", "-=", "=>", "==", "<-", "<=", "<<", ">=", ">>", "!=", "+=",
    "*=", "/=", "%=", "^=", "..", ".=", "//", "/*", "*/", "--", "++",
];

/// The last token [`minify`] wrote.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing yet, an opening or closing delimiter: anything may follow directly.
    Free,
    /// An identifier or keyword.
    Ident,
    /// A literal; `true` if it ends with `.` (`1.`).
    Literal(bool),
    /// A punctuation character and whether it was joined to the next one in the source
    /// (`&&`, `->`, the `'` of a lifetime).
    Punct(char, Spacing),
}

/// Writes `text` (a Rust file) token by token with only the whitespace the tokens need:
/// a space between two words (`let x`, `1 as u8`), between two punctuation characters
/// that would fuse (`a & &b`, `x: ::std`, `< -1`), after a word before `#` or `'`
/// (`r #`, `b 'a` would start a raw string or a byte literal), and nowhere else. Joined
/// punctuation (`&&`, `'a`) stays joined. Lines are broken after about 100 bytes
/// where a space would be needed (or past 160 at any break allowed), so the file
/// stays a file of lines. Literals are written as in `text`, multi-line ones included.
///
/// # Errors
///
/// `text` does not parse.
pub fn minify(text: &str) -> Result<String> {
    let tokens: TokenStream = text
        .parse()
        .map_err(|e| anyhow::anyhow!("cannot read the bundle's tokens: {e}"))?;
    let mut writer = Minifier {
        out: String::with_capacity(text.len()),
        last: Last::Free,
        line: 0,
        delimiter: Delimiter::None,
    };
    writer.stream(tokens, false);
    writer.out.push('\n');
    Ok(writer.out)
}

struct Minifier {
    out: String,
    last: Last,
    /// Bytes on the current line.
    line: usize,
    /// The delimiter of the group being written (`None` at the top).
    delimiter: Delimiter,
}

impl Minifier {
    /// Writes `tokens`; `in_macro`: they are (inside) a macro's input, where no token
    /// may go.
    fn stream(&mut self, tokens: TokenStream, in_macro: bool) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let commas = trees
            .iter()
            .filter(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
            .count();
        let trailing = trees.len().wrapping_sub(1);
        for (at, tree) in trees.iter().enumerate() {
            let after_bang = |back: usize| {
                at >= back && matches!(&trees[at - back], TokenTree::Punct(p) if p.as_char() == '!')
            };
            let tree = tree.clone();
            match tree {
                TokenTree::Punct(punct)
                    if !in_macro
                        && at == trailing
                        && punct.as_char() == ','
                        && match self.delimiter {
                            Delimiter::Brace | Delimiter::Bracket => true,
                            Delimiter::Parenthesis => commas > 1,
                            Delimiter::None => false,
                        } =>
                {
                    // `f(a, b,)`, `S { a, }`, `[a,]`: the trailing comma of a list is
                    // optional (but not that of a 1-tuple `(a,)`).
                }
                TokenTree::Group(group) => {
                    let macro_input = in_macro
                        || after_bang(1)
                        || (after_bang(2) && matches!(&trees[at - 1], TokenTree::Ident(_)));
                    let (open, close) = match group.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.write(open, Last::Free, false);
                    let outer = std::mem::replace(&mut self.delimiter, group.delimiter());
                    self.stream(group.stream(), macro_input);
                    self.delimiter = outer;
                    self.write(close, Last::Free, false);
                }
                TokenTree::Ident(ident) => {
                    let needs_space = matches!(self.last, Last::Ident | Last::Literal(_));
                    self.write(&ident.to_string(), Last::Ident, needs_space);
                }
                TokenTree::Literal(literal) => {
                    let text = literal.to_string();
                    let needs_space = matches!(self.last, Last::Ident | Last::Literal(_));
                    let last = Last::Literal(text.ends_with('.'));
                    self.write(&text, last, needs_space);
                }
                TokenTree::Punct(punct) => {
                    let c = punct.as_char();
                    let needs_space = match self.last {
                        Last::Punct(before, Spacing::Alone) => {
                            FUSING.contains(&format!("{before}{c}").as_str())
                        }
                        Last::Ident => c == '#' || c == '\'',
                        Last::Literal(dot) => dot && c == '.',
                        _ => false,
                    };
                    self.write(&c.to_string(), Last::Punct(c, punct.spacing()), needs_space);
                }
            }
        }
    }

    /// Writes one token after a space or a line break if `needs_space`, or after a line
    /// break if the line is long and one is allowed.
    fn write(&mut self, token: &str, last: Last, needs_space: bool) {
        let joined = matches!(self.last, Last::Punct(_, Spacing::Joint));
        let may_break = !joined && self.line > 0;
        if may_break && (self.line >= MAX_LINE || (needs_space && self.line >= LINE)) {
            self.out.push('\n');
            self.line = 0;
        } else if needs_space {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(token);
        match token.rfind('\n') {
            Some(at) => self.line = token.len() - at - 1,
            None => self.line += token.len(),
        }
        self.last = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` and its minified form mean the same tokens.
    fn same_tokens(text: &str) {
        let minified = minify(text).unwrap();
        let before: TokenStream = text.parse().unwrap();
        let after: TokenStream = minified.parse().unwrap();
        assert_eq!(spelled(before), spelled(after), "{minified}");
    }

    /// The tokens as rustc's parser sees them: two punctuation characters written side
    /// by side that form an operator (`&&`, `..`) are one, so a fused or split operator
    /// shows.
    fn spelled(tokens: TokenStream) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut joined = false;
        for tree in tokens {
            match tree {
                TokenTree::Group(group) => {
                    out.push(format!("{:?}", group.delimiter()));
                    out.extend(spelled(group.stream()));
                    out.push("end".to_owned());
                    joined = false;
                }
                TokenTree::Punct(punct) => {
                    let c = punct.as_char();
                    match out.last_mut() {
                        Some(last)
                            if joined
                                && FUSING.contains(
                                    &format!("{}{c}", last.chars().last().unwrap_or(' ')).as_str(),
                                ) =>
                        {
                            last.push(c)
                        }
                        _ => out.push(c.to_string()),
                    }
                    joined = punct.spacing() == Spacing::Joint;
                }
                other => {
                    out.push(other.to_string());
                    joined = false;
                }
            }
        }
        out
    }

    #[test]
    fn minifying_keeps_the_spaces_words_and_fusing_punctuation_need() {
        let text = "fn f<'a>(x: &'a [u8], y: u8) -> Option<Vec<Vec<u8>>> {\n    let r = b'x';\n    if a & &b || c < -1 && x.len() as u8 >= 2 {\n        return None;\n    }\n    let v: Vec<u8> = (0..=3).map(|i| i * 2).collect();\n    let z = 1. ..2.0;\n    let g = |a| |b| a / *b;\n    break 'outer;\n}\n";
        assert_eq!(
            minify(text).unwrap(),
            "fn f<'a>(x:&'a[u8],y:u8)->Option<Vec<Vec<u8>>>{let r=b'x';if a& &b||c< -1&&x.len()as u8>=2{return None;}let\nv:Vec<u8> =(0..=3).map(|i|i*2).collect();let z=1. ..2.0;let g=|a| |b|a/ *b;break 'outer;}\n"
        );
        same_tokens(text);
    }

    #[test]
    fn minifying_keeps_multi_line_literals_and_breaks_long_lines() {
        let long: String = (0..40).map(|i| format!("let x{i} = {i};\n")).collect();
        let text = format!("fn f() {{\n    const T: &str = \"a\n    b\";\n{long}}}\n");
        let minified = minify(&text).unwrap();
        assert!(minified.contains("const T:&str=\"a\n    b\";"));
        assert!(minified.lines().all(|line| line.len() <= MAX_LINE + 10));
        assert!(minified.lines().count() > 1);
        same_tokens(&text);
    }

    #[test]
    fn fitting_picks_the_first_layout_under_the_budget() {
        let text = "mod a {\n    fn f(a: u8, b: u8) -> u8 {\n        a + b\n    }\n}\n";
        let mut said = Vec::new();
        let mut progress = |step: &str| said.push(step.to_owned());
        assert_eq!(
            fit(text, 1000, &mut progress).unwrap(),
            indent_with_tabs(text).unwrap()
        );
        assert_eq!(fit(text, 40, &mut progress).unwrap(), minify(text).unwrap());
        assert_eq!(said.len(), 1, "{said:?}");
    }

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
