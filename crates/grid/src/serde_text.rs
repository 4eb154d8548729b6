//! Text forms for `serde` (the `serde` feature), shared by the crates of this workspace:
//! a type with `Display` and `FromStr` serializes as its text and deserializes by parsing
//! it, so JSON holds what a user reads (`"7x7"`, a FEN, `"White wins"`). Used through
//! [`serde_as_text!`](crate::serde_as_text); not part of the geometry API.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;

#[doc(hidden)]
pub use serde;

/// Serializes `value` as its `Display` text.
///
/// # Errors
///
/// The serializer's own errors.
pub fn serialize<T: fmt::Display + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Deserializes a string and parses it with `parse`; `expecting` names the text wanted in
/// the error message (`"a board size such as 8x8"`).
///
/// # Errors
///
/// Not a string, or `parse`'s error as a custom error.
pub fn deserialize_with<'de, T, E: fmt::Display, D: Deserializer<'de>>(
    deserializer: D,
    expecting: &'static str,
    parse: fn(&str) -> Result<T, E>,
) -> Result<T, D::Error> {
    deserializer.deserialize_str(TextVisitor {
        expecting,
        parse,
        _value: PhantomData,
    })
}

/// Deserializes a string and parses it with the type's `FromStr`.
///
/// # Errors
///
/// As [`deserialize_with`].
pub fn deserialize<'de, T, D: Deserializer<'de>>(
    deserializer: D,
    expecting: &'static str,
) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    deserialize_with(deserializer, expecting, str::parse::<T>)
}

/// Reads a value from a string with a parse function.
struct TextVisitor<T, E> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, E>,
    _value: PhantomData<T>,
}

impl<T, E: fmt::Display> Visitor<'_> for TextVisitor<T, E> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Er: de::Error>(self, text: &str) -> Result<T, Er> {
        (self.parse)(text).map_err(Er::custom)
    }
}

/// Implements `serde::Serialize` as the `Display` text and `serde::Deserialize` through
/// `FromStr` (or a given parse function) for each type listed with the text it expects.
/// The calling crate needs no `serde` dependency of its own for these impls.
///
/// ```ignore
/// grid::serde_as_text!(Position: "a Congo FEN", Move: "a move such as d1d2");
/// grid::serde_as_text!(Piece: "a Betza piece" => Piece::parse_betza);
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($($ty:ty: $expecting:literal $(=> $parse:expr)?),* $(,)?) => {$(
        impl $crate::serde_text::serde::Serialize for $ty {
            fn serialize<S: $crate::serde_text::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }

        impl<'de> $crate::serde_text::serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::serde_text::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$ty, D::Error> {
                $crate::serde_as_text!(@parse deserializer, $expecting $(, $parse)?)
            }
        }
    )*};
    (@parse $d:ident, $expecting:literal) => {
        $crate::serde_text::deserialize($d, $expecting)
    };
    (@parse $d:ident, $expecting:literal, $parse:expr) => {
        $crate::serde_text::deserialize_with($d, $expecting, $parse)
    };
}
