//! `serde` support (the `serde` feature): a [`BoardSize`] is its text (`"7x7"`), a
//! [`Square`] its name and board size (`{"name": "c5", "size": "7x7"}`: a name alone does
//! not say which board), a [`SquareSet`] its bits as a number, a [`Direction`] its two
//! steps (`{"d_file": 1, "d_rank": 2}`). Deserializing checks what the constructors
//! check.

use serde::de::{self, Deserializer};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::direction::Direction;
use crate::set::SquareSet;
use crate::size::BoardSize;
use crate::square::Square;

crate::serde_as_text!(BoardSize: "a board size such as 8x8");

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Square", 2)?;
        s.serialize_field("name", &self.to_string())?;
        s.serialize_field("size", &self.size())?;
        s.end()
    }
}

#[derive(Deserialize)]
#[serde(rename = "Square", deny_unknown_fields)]
struct SquareRepr {
    name: String,
    size: BoardSize,
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let repr = SquareRepr::deserialize(deserializer)?;
        Square::parse(&repr.name, repr.size).map_err(de::Error::custom)
    }
}

impl Serialize for SquareSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.bits())
    }
}

impl<'de> Deserialize<'de> for SquareSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SquareSet, D::Error> {
        u64::deserialize(deserializer).map(SquareSet::from_bits)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Direction", deny_unknown_fields)]
struct DirectionRepr {
    d_file: i32,
    d_rank: i32,
}

impl Serialize for Direction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DirectionRepr {
            d_file: self.d_file(),
            d_rank: self.d_rank(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Direction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Direction, D::Error> {
        let repr = DirectionRepr::deserialize(deserializer)?;
        Direction::new(repr.d_file, repr.d_rank)
            .ok_or_else(|| de::Error::custom("a direction is not (0, 0)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_json() {
        let size = BoardSize::CONGO;
        assert_eq!(serde_json::to_string(&size).unwrap(), "\"7x7\"");
        assert_eq!(serde_json::from_str::<BoardSize>("\"7x7\"").unwrap(), size);
        assert!(serde_json::from_str::<BoardSize>("\"0x7\"").is_err());

        let c5 = Square::parse("c5", size).unwrap();
        let json = serde_json::to_string(&c5).unwrap();
        assert_eq!(json, r#"{"name":"c5","size":"7x7"}"#);
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), c5);
        assert!(serde_json::from_str::<Square>(r#"{"name":"h8","size":"7x7"}"#).is_err());
        for square in BoardSize::CHESS.squares() {
            let json = serde_json::to_string(&square).unwrap();
            assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
        }

        let set = SquareSet::from_bits(0b1011);
        assert_eq!(serde_json::to_string(&set).unwrap(), "11");
        assert_eq!(serde_json::from_str::<SquareSet>("11").unwrap(), set);

        for direction in Direction::KNIGHT {
            let json = serde_json::to_string(&direction).unwrap();
            assert_eq!(serde_json::from_str::<Direction>(&json).unwrap(), direction);
        }
        assert_eq!(
            serde_json::to_string(&Direction::KNIGHT[0]).unwrap(),
            r#"{"d_file":1,"d_rank":2}"#
        );
        assert!(serde_json::from_str::<Direction>(r#"{"d_file":0,"d_rank":0}"#).is_err());
    }
}
