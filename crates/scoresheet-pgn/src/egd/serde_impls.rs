//! Serde helpers for the EGD types whose JSON shape differs from their Rust shape: ordered
//! maps held as vectors, squares and colours as text, the move meta's flat keys.

use std::fmt;
use std::marker::PhantomData;

use scoresheet::{Color, Square};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{EgdPly, MoveMeta, PlyKey};
use crate::annotation::{Arrow, ClockTime, Eval, EvalScore, ShapeColor, SquareHighlight};

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

/// `Vec<EgdPly>` as a JSON object keyed by `1w`, `1b`, ...
pub(super) mod plies {
    use super::*;

    pub fn serialize<S: Serializer>(plies: &[EgdPly], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(plies.len()))?;
        for ply in plies {
            map.serialize_entry(&ply.key.to_string(), ply)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<EgdPly>, D::Error> {
        d.deserialize_map(Entries(
            |k: String, mut v: EgdPly| {
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

/// [`MoveMeta`] as JSON: the comment values as flat keys, each absent when there is none.
#[derive(Serialize, Deserialize)]
pub(super) struct MetaWire {
    nags: Vec<u16>,
    glyphs: Vec<String>,
    comments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seconds")]
    clock_seconds: Option<ClockTime>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seconds")]
    emt_seconds: Option<ClockTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    eval_cp: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    eval_mate: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    eval_depth: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    squares: Vec<SquareWire>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    arrows: Vec<ArrowWire>,
}

impl From<MoveMeta> for MetaWire {
    fn from(meta: MoveMeta) -> MetaWire {
        let score = meta.eval.map(|eval| eval.score);
        MetaWire {
            nags: meta.nags,
            glyphs: meta.glyphs,
            comments: meta.comments,
            clock_seconds: meta.clock,
            emt_seconds: meta.emt,
            eval_cp: score.and_then(EvalScore::centipawns),
            eval_mate: score.and_then(EvalScore::mate),
            eval_depth: meta.eval.and_then(|eval| eval.depth),
            squares: meta.squares.iter().map(SquareWire::from).collect(),
            arrows: meta.arrows.iter().map(ArrowWire::from).collect(),
        }
    }
}

impl TryFrom<MetaWire> for MoveMeta {
    type Error = &'static str;

    fn try_from(wire: MetaWire) -> Result<MoveMeta, &'static str> {
        let score = EvalScore::from_columns(wire.eval_cp, wire.eval_mate)?;
        if score.is_none() && wire.eval_depth.is_some() {
            return Err("eval_depth without eval_cp or eval_mate");
        }
        let squares = wire.squares.into_iter().map(SquareHighlight::try_from);
        let arrows = wire.arrows.into_iter().map(Arrow::try_from);
        Ok(MoveMeta {
            nags: wire.nags,
            glyphs: wire.glyphs,
            comments: wire.comments,
            clock: wire.clock_seconds,
            emt: wire.emt_seconds,
            eval: score.map(|score| Eval {
                score,
                depth: wire.eval_depth,
            }),
            squares: squares.collect::<Result<_, _>>()?,
            arrows: arrows.collect::<Result<_, _>>()?,
        })
    }
}

/// `{"color": "red", "square": "a1"}`
#[derive(Serialize, Deserialize)]
struct SquareWire {
    color: String,
    #[serde(with = "square")]
    square: Square,
}

impl From<&SquareHighlight> for SquareWire {
    fn from(h: &SquareHighlight) -> SquareWire {
        SquareWire {
            color: h.color.as_str().to_owned(),
            square: h.square,
        }
    }
}

impl TryFrom<SquareWire> for SquareHighlight {
    type Error = &'static str;

    fn try_from(wire: SquareWire) -> Result<SquareHighlight, &'static str> {
        Ok(SquareHighlight {
            color: shape_color(&wire.color)?,
            square: wire.square,
        })
    }
}

/// `{"color": "green", "from": "e2", "to": "e4"}`
#[derive(Serialize, Deserialize)]
struct ArrowWire {
    color: String,
    #[serde(with = "square")]
    from: Square,
    #[serde(with = "square")]
    to: Square,
}

impl From<&Arrow> for ArrowWire {
    fn from(a: &Arrow) -> ArrowWire {
        ArrowWire {
            color: a.color.as_str().to_owned(),
            from: a.from,
            to: a.to,
        }
    }
}

impl TryFrom<ArrowWire> for Arrow {
    type Error = &'static str;

    fn try_from(wire: ArrowWire) -> Result<Arrow, &'static str> {
        Ok(Arrow {
            color: shape_color(&wire.color)?,
            from: wire.from,
            to: wire.to,
        })
    }
}

fn shape_color(name: &str) -> Result<ShapeColor, &'static str> {
    ShapeColor::from_name(name).ok_or("a colour red, green, yellow or blue")
}

/// A [`ClockTime`] as a number of seconds: an integer when whole, else with up to three
/// decimals (`179.9`); read back to the nearest millisecond.
mod seconds {
    use super::*;

    pub fn serialize<S: Serializer>(time: &Option<ClockTime>, s: S) -> Result<S::Ok, S::Error> {
        match time.map(ClockTime::as_millis) {
            None => s.serialize_none(),
            Some(ms) if ms % 1000 == 0 => s.serialize_u64(ms / 1000),
            Some(ms) => s.serialize_f64(ms as f64 / 1000.0),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ClockTime>, D::Error> {
        let seconds = f64::deserialize(d)?;
        // Below a million hours, as the comment parser accepts.
        if !(0.0..3.6e9).contains(&seconds) {
            return Err(de::Error::custom(format_args!(
                "expected seconds from 0 to 3600000000, not {seconds}"
            )));
        }
        Ok(Some(ClockTime::from_millis(
            (seconds * 1000.0).round() as u64
        )))
    }
}
