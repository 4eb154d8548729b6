//! `serde` support (the `serde` feature): every value with a text form is serialized as
//! that text, so JSON, TOML or any other format shows what a person would write:
//! a [`Position`] as its FEN, a [`Move`] as `b1d3f5`, a [`Color`] as `white`, a [`Role`]
//! as `elephant`, a [`Piece`] as its FEN letter, [`Rules`] as `2022` or `2021`, an
//! [`Outcome`] as `White wins`. Deserializing parses the text (any form the type's
//! `FromStr` accepts) and fails with its parse error. [`ByColor`] is a map with the keys
//! `white` and `black`. Squares and square sets are the `grid` crate's (its `serde`
//! feature, turned on by this one).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{ByColor, Color, Move, Outcome, Piece, Position, Role, Rules};

grid::serde_as_text! {
    Position: "a Congo FEN such as gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    Move: "a Congo move such as d1d2 or b1d3f5",
    Color: "white or black",
    Role: "a piece kind such as elephant",
    Piece: "a FEN piece letter such as E or e",
    Rules: "2022 or 2021",
    Outcome: "White wins, Black wins or Draw",
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "ByColor", deny_unknown_fields)]
struct ByColorRepr<T> {
    white: T,
    black: T,
}

impl<T: Serialize> Serialize for ByColor<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ByColorRepr {
            white: &self.white,
            black: &self.black,
        }
        .serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByColor<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ByColor<T>, D::Error> {
        let repr = ByColorRepr::deserialize(deserializer)?;
        Ok(ByColor::new(repr.white, repr.black))
    }
}
