//! Serde helpers for the EGD types whose JSON shape differs from their Rust shape: ordered
//! maps held as vectors, squares and colours as text.

use std::fmt;
use std::marker::PhantomData;

use scoresheet::{Color, Square};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{PlyKey, PlyRecord};

/// The key of a record read without one (replaced by the map key).
pub(super) fn dummy_key() -> PlyKey {
    PlyKey {
        fullmove: 0,
        player: Color::White,
    }
}

/// `Vec<(String, String)>` as a JSON object, in order.
pub(super) mod tags {
    use super::*;

    pub fn serialize<S: Serializer>(tags: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(tags.len()))?;
        for (name, value) in tags {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
        d.deserialize_map(Entries(|k: String, v: String| Ok((k, v)), PhantomData))
    }
}

/// `Vec<PlyRecord>` as a JSON object keyed by `1w`, `1b`, ...
pub(super) mod plies {
    use super::*;

    pub fn serialize<S: Serializer>(plies: &[PlyRecord], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(plies.len()))?;
        for ply in plies {
            map.serialize_entry(&ply.key.to_string(), ply)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PlyRecord>, D::Error> {
        d.deserialize_map(Entries(
            |k: String, mut v: PlyRecord| {
                v.key = PlyKey::from_ascii(k.as_bytes()).ok_or("a ply key like 12b")?;
                Ok(v)
            },
            PhantomData,
        ))
    }
}

/// Reads a map's entries in order, each made into an item by the function.
struct Entries<K, V, T, F>(F, PhantomData<fn(K, V) -> T>);

impl<'de, K, V, T, F> Visitor<'de> for Entries<K, V, T, F>
where
    K: Deserialize<'de>,
    V: Deserialize<'de>,
    F: Fn(K, V) -> Result<T, &'static str>,
{
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some((k, v)) = map.next_entry()? {
            items.push((self.0)(k, v).map_err(de::Error::custom)?);
        }
        Ok(items)
    }
}

/// A colour as `w` or `b`.
pub(super) mod player {
    use super::*;

    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match color {
            Color::White => "w",
            Color::Black => "b",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            other => Err(de::Error::custom(format_args!(
                "expected w or b, not {other:?}"
            ))),
        }
    }
}

/// A square as `e4`.
pub(super) mod square {
    use super::*;

    pub fn serialize<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
        square.to_string().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| de::Error::custom(format_args!("expected a square, not {text:?}")))
    }
}
