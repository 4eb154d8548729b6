//! `serde` support (the `serde` feature): every value with a text form is serialized as
//! that text, so JSON, TOML or any other format shows what a person would write:
//! a [`Position`] as its FEN, a [`Move`] as `b1d3f5`, a [`Color`] as `white`, a [`Role`]
//! as `elephant`, a [`Piece`] as its FEN letter, [`Rules`] as `2022` or `2021`, an
//! [`Outcome`] as `White wins`. Deserializing parses the text (any form the type's
//! `FromStr` accepts) and fails with its parse error. [`ByColor`] is a map with the keys
//! `white` and `black`. A [`Square`] is written as the `grid` crate's (its `serde`
//! feature, turned on by this one), `{"name": "c5", "size": "7x7"}`, and read back only
//! for the 7x7 board; a [`SquareSet`] is its bits, refused beyond bit 48.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{ByColor, Color, Move, Outcome, Piece, Position, Role, Rules, Square, SquareSet};

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

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_grid().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let square = grid::Square::deserialize(deserializer)?;
        Square::try_from(square).map_err(serde::de::Error::custom)
    }
}

impl Serialize for SquareSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.bits().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SquareSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SquareSet, D::Error> {
        let bits = u64::deserialize(deserializer)?;
        if bits == SquareSet::from_bits(bits).bits() {
            Ok(SquareSet::from_bits(bits))
        } else {
            Err(serde::de::Error::custom(format!(
                "square set bits {bits:#x} beyond the 49 squares of the Congo board"
            )))
        }
    }
}
