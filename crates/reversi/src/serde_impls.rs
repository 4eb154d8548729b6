//! `serde` support (the optional `serde` feature): the types with a text form serialize
//! as that text (`Board` as its diagram and side-to-move line, `Color` as `Black`,
//! `Outcome` as `Black wins`, `Convention` as its letter, `Ply` as `d3` or `pass`,
//! `Transcript` as `f5d6c3`) and deserialize with their `FromStr`; `ByColor` and
//! `Orientation` derive the usual struct and enum forms.

use crate::{Board, Color, Convention, Outcome, Ply, Transcript};

macro_rules! as_text {
    ($($ty:ty),*) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

as_text!(Board, Color, Outcome, Convention, Ply, Transcript);
