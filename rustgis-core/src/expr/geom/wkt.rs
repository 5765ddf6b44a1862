//! WKT as QGIS reads and writes it: `Point ZM (1 2 3 4)`, `MultiPoint ((0 0),(1 1))`, numbers
//! as qgsDoubleToString writes them, and a reader that takes what QGIS takes.

use std::fmt::Write as _;

use super::{Coord, Dims, Geom, Kind, MAX_WKT_DEPTH};

impl Geom {
    /// WKT as QGIS writes it. `precision` is the number of decimals (trailing zeros dropped);
    /// `None` writes each number in its shortest exact form.
    pub(crate) fn to_wkt(&self, precision: Option<usize>) -> String {
        let mut out = String::new();
        self.write_wkt(&mut out, precision, true);
        out
    }

    fn write_wkt(&self, out: &mut String, precision: Option<usize>, with_type: bool) {
        if with_type {
            out.push_str(self.type_name());
            out.push_str(self.dims.suffix());
            out.push(' ');
        }
        if self.is_empty() && !matches!(self.kind, Kind::CompoundCurve(_)) {
            // QGIS writes an empty geometry as `Point EMPTY`, whatever its parts.
            out.push_str("EMPTY");
            return;
        }
        let dims = self.dims;
        let coords = |out: &mut String, cs: &[Coord]| {
            out.push('(');
            for (idx, c) in cs.iter().enumerate() {
                if idx > 0 {
                    out.push_str(", ");
                }
                write_coord(out, c, dims, precision);
            }
            out.push(')');
        };
        match &self.kind {
            Kind::Point(Some(c)) => coords(out, std::slice::from_ref(c)),
            Kind::Point(None) => out.push_str("EMPTY"),
            Kind::LineString(cs) | Kind::CircularString(cs) => coords(out, cs),
            Kind::Triangle(cs) => {
                out.push('(');
                coords(out, cs);
                out.push(')');
            }
            Kind::Polygon(rings) => {
                out.push('(');
                for (idx, ring) in rings.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    coords(out, ring);
                }
                out.push(')');
            }
            Kind::CompoundCurve(parts) | Kind::CurvePolygon(parts) | Kind::MultiCurve(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    let plain = matches!(part.kind, Kind::LineString(_));
                    part.write_wkt(out, precision, !plain);
                }
                out.push(')');
            }
            Kind::MultiPoint(parts) | Kind::MultiLineString(parts) | Kind::MultiPolygon(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    part.write_wkt(out, precision, false);
                }
                out.push(')');
            }
            Kind::MultiSurface(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    let plain = matches!(part.kind, Kind::Polygon(_));
                    part.write_wkt(out, precision, !plain);
                }
                out.push(')');
            }
            Kind::GeometryCollection(parts) => {
                out.push('(');
                for (idx, part) in parts.iter().enumerate() {
                    if idx > 0 {
                        out.push(',');
                    }
                    part.write_wkt(out, precision, true);
                }
                out.push(')');
            }
        }
    }

    /// Reads WKT as QGIS does; `None` when the text is not WKT (QGIS gives a null geometry).
    pub(crate) fn from_wkt(text: &str) -> Option<Geom> {
        let mut reader = Reader { text, pos: 0, depth: 0 };
        let geometry = reader.geometry(None).ok()?;
        // QGIS ignores stray closing parentheses after a complete geometry.
        while reader.eat(')') {}
        reader.skip_blanks();
        (reader.pos == text.len()).then_some(geometry)
    }
}

fn write_coord(out: &mut String, c: &Coord, dims: Dims, precision: Option<usize>) {
    write_number(out, c.x, precision);
    out.push(' ');
    write_number(out, c.y, precision);
    if dims.z {
        out.push(' ');
        write_number(out, c.z, precision);
    }
    if dims.m {
        out.push(' ');
        write_number(out, c.m, precision);
    }
}

/// A number as QGIS's qgsDoubleToString: fixed decimals, trailing zeros dropped, `-0` as `0`.
pub(crate) fn write_number(out: &mut String, value: f64, precision: Option<usize>) {
    if value.is_nan() {
        out.push_str("nan");
        return;
    }
    let text = match precision {
        Some(places) => {
            let fixed = format!("{value:.places$}");
            if fixed.contains('.') { fixed.trim_end_matches('0').trim_end_matches('.').to_owned() } else { fixed }
        }
        None => {
            let mut text = String::new();
            let _ = write!(text, "{value}");
            text
        }
    };
    if text == "-0" {
        out.push('0');
    } else {
        out.push_str(&text);
    }
}

struct Reader<'t> {
    text: &'t str,
    pos: usize,
    depth: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_blanks(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_blanks();
        self.rest().chars().next()
    }

    fn word(&mut self) -> String {
        self.skip_blanks();
        let rest = self.rest();
        let len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        let word = rest[..len].to_ascii_uppercase();
        self.pos += len;
        word
    }

    fn eat(&mut self, symbol: char) -> bool {
        if self.peek() == Some(symbol) {
            self.pos += symbol.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, symbol: char) -> Result<(), ()> {
        if self.eat(symbol) { Ok(()) } else { Err(()) }
    }

    /// A type word with any attached or separate Z/M/ZM suffix.
    fn tag(&mut self) -> (String, Option<Dims>) {
        let word = self.word();
        let mut dims = None;
        let mut base = word.clone();
        for (suffix, d) in
            [("ZM", Dims { z: true, m: true }), ("Z", Dims { z: true, m: false }), ("M", Dims { z: false, m: true })]
        {
            if let Some(stripped) = word.strip_suffix(suffix)
                && is_type_name(stripped)
            {
                base = stripped.to_owned();
                dims = Some(d);
                break;
            }
        }
        if dims.is_none() {
            let saved = self.pos;
            match self.word().as_str() {
                "ZM" => dims = Some(Dims { z: true, m: true }),
                "Z" => dims = Some(Dims { z: true, m: false }),
                "M" => dims = Some(Dims { z: false, m: true }),
                _ => self.pos = saved,
            }
        }
        (base, dims)
    }

    /// After the tag: `EMPTY` (false) or `(` (true).
    fn open(&mut self) -> Result<bool, ()> {
        let saved = self.pos;
        if self.word() == "EMPTY" {
            return Ok(false);
        }
        self.pos = saved;
        self.expect('(')?;
        Ok(true)
    }

    fn number(&mut self) -> Option<f64> {
        self.skip_blanks();
        let rest = self.rest();
        let lower = rest.get(..3).map(str::to_ascii_lowercase);
        if lower.as_deref() == Some("nan") {
            self.pos += 3;
            return Some(f64::NAN);
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
            .unwrap_or(rest.len());
        let value = rest[..len].parse::<f64>().ok()?;
        self.pos += len;
        Some(value)
    }

    /// `x y [z [m]]`; a coordinate with fewer than two numbers is skipped (`None`), as QGIS
    /// does. The count of numbers is returned so the caller can infer dims.
    fn coord(&mut self, dims: Option<Dims>) -> Result<Option<(Coord, usize)>, ()> {
        let mut values = Vec::new();
        while values.len() < 4 {
            match self.peek() {
                Some(c) if c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'n' | 'N') => {
                    values.push(self.number().ok_or(())?);
                }
                _ => break,
            }
        }
        if values.len() < 2 {
            return if values.is_empty() { Err(()) } else { Ok(None) };
        }
        let mut c = Coord::xy(values[0], values[1]);
        match dims {
            Some(Dims { z: true, m: true }) => {
                c.z = values.get(2).copied().unwrap_or(f64::NAN);
                c.m = values.get(3).copied().unwrap_or(f64::NAN);
            }
            Some(Dims { z: true, m: false }) => c.z = values.get(2).copied().unwrap_or(f64::NAN),
            Some(Dims { z: false, m: true }) => c.m = values.get(2).copied().unwrap_or(f64::NAN),
            _ => {
                if values.len() >= 3 {
                    c.z = values[2];
                }
                if values.len() >= 4 {
                    c.m = values[3];
                }
            }
        }
        Ok(Some((c, values.len())))
    }

    /// `(x y, x y, …)` after its `(`; returns the coordinates and the largest count seen.
    fn coords_until_close(&mut self, dims: Option<Dims>) -> Result<(Vec<Coord>, usize), ()> {
        let mut coords = Vec::new();
        let mut most = 0;
        loop {
            if let Some((c, n)) = self.coord(dims)? {
                coords.push(c);
                most = most.max(n);
            }
            if !self.eat(',') {
                break;
            }
        }
        self.expect(')')?;
        Ok((coords, most))
    }

    fn geometry(&mut self, parent_dims: Option<Dims>) -> Result<Geom, ()> {
        self.depth += 1;
        if self.depth > MAX_WKT_DEPTH {
            return Err(());
        }
        let (tag, dims) = self.tag();
        let dims = dims.or(parent_dims);
        let geometry = self.body(&tag, dims)?;
        self.depth -= 1;
        Ok(geometry)
    }

    /// A part of a multi geometry: typed (`Polygon((…))`) or bare (`((…))`).
    fn part(&mut self, default_tag: &str, dims: Option<Dims>) -> Result<Geom, ()> {
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.geometry(dims)
        } else {
            self.body(default_tag, dims)
        }
    }

    fn body(&mut self, tag: &str, dims: Option<Dims>) -> Result<Geom, ()> {
        let inferred = |n: usize| match dims {
            Some(d) => d,
            None => Dims { z: n >= 3, m: n >= 4 },
        };
        Ok(match tag {
            "POINT" => {
                if !self.open()? {
                    return Ok(Geom::new(dims.unwrap_or_default(), Kind::Point(None)));
                }
                let (coords, n) = self.coords_until_close(dims)?;
                let c = *coords.first().ok_or(())?;
                Geom::new(inferred(n), Kind::Point(Some(c)))
            }
            "LINESTRING" | "CIRCULARSTRING" => {
                let (coords, n) = if self.open()? { self.coords_until_close(dims)? } else { (Vec::new(), 0) };
                let kind = if tag == "LINESTRING" { Kind::LineString(coords) } else { Kind::CircularString(coords) };
                Geom::new(inferred(n), kind)
            }
            "POLYGON" | "TRIANGLE" => {
                let mut rings = Vec::new();
                let mut most = 0;
                if self.open()? {
                    loop {
                        self.expect('(')?;
                        let (ring, n) = self.coords_until_close(dims)?;
                        most = most.max(n);
                        rings.push(ring);
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                }
                if tag == "TRIANGLE" {
                    Geom::new(inferred(most), Kind::Triangle(rings.into_iter().next().unwrap_or_default()))
                } else {
                    Geom::new(inferred(most), Kind::Polygon(rings))
                }
            }
            "MULTIPOINT" => {
                let mut parts = Vec::new();
                let mut most = 0;
                if self.open()? {
                    loop {
                        if self.eat('(') {
                            let (coords, n) = self.coords_until_close(dims)?;
                            most = most.max(n);
                            if let Some(c) = coords.first() {
                                parts.push(Kind::Point(Some(*c)));
                            }
                        } else if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                            let g = self.geometry(dims)?;
                            most = most.max(2 + usize::from(g.dims.z) + usize::from(g.dims.m));
                            parts.push(g.kind);
                        } else if let Some((c, n)) = self.coord(dims)? {
                            most = most.max(n);
                            parts.push(Kind::Point(Some(c)));
                        }
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                }
                let d = inferred(most);
                Geom::new(d, Kind::MultiPoint(parts.into_iter().map(|k| Geom::new(d, k)).collect()))
            }
            "MULTILINESTRING" | "MULTIPOLYGON" | "MULTICURVE" | "MULTISURFACE" | "GEOMETRYCOLLECTION"
            | "COMPOUNDCURVE" | "CURVEPOLYGON" => {
                let default_tag = match tag {
                    "MULTILINESTRING" | "MULTICURVE" | "COMPOUNDCURVE" | "CURVEPOLYGON" => "LINESTRING",
                    "MULTIPOLYGON" | "MULTISURFACE" => "POLYGON",
                    _ => "",
                };
                let mut parts = Vec::new();
                if self.open()? {
                    if self.peek() != Some(')') {
                        loop {
                            if default_tag.is_empty() && !self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                                return Err(());
                            }
                            parts.push(self.part(default_tag, dims)?);
                            if !self.eat(',') {
                                break;
                            }
                        }
                    }
                    self.expect(')')?;
                }
                let d = dims.unwrap_or_else(|| parts.first().map_or(Dims::XY, |p: &Geom| p.dims));
                let parts: Vec<Geom> =
                    parts.into_iter().map(|p| if p.dims == d { p } else { p.with_dims(d, 0.0) }).collect();
                let kind = match tag {
                    "MULTILINESTRING" => Kind::MultiLineString(parts),
                    "MULTIPOLYGON" => Kind::MultiPolygon(parts),
                    "MULTICURVE" => Kind::MultiCurve(parts),
                    "MULTISURFACE" => Kind::MultiSurface(parts),
                    "COMPOUNDCURVE" => Kind::CompoundCurve(parts),
                    "CURVEPOLYGON" => Kind::CurvePolygon(parts),
                    _ => Kind::GeometryCollection(parts),
                };
                Geom::new(d, kind)
            }
            _ => return Err(()),
        })
    }
}

fn is_type_name(word: &str) -> bool {
    matches!(
        word,
        "POINT"
            | "LINESTRING"
            | "POLYGON"
            | "MULTIPOINT"
            | "MULTILINESTRING"
            | "MULTIPOLYGON"
            | "GEOMETRYCOLLECTION"
            | "CIRCULARSTRING"
            | "COMPOUNDCURVE"
            | "CURVEPOLYGON"
            | "MULTICURVE"
            | "MULTISURFACE"
            | "TRIANGLE"
    )
}
