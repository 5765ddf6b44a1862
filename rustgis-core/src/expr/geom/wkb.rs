//! ISO WKB, little-endian, written and read (Z, M and curves included).

use super::{Coord, Dims, Geom, Kind, MAX_WKT_DEPTH};

/// The ISO WKB type code of a geometry (1000s for Z, 2000s for M, 3000s for ZM).
fn wkb_code(g: &Geom) -> u32 {
    let base = match g.kind {
        Kind::Point(_) => 1,
        Kind::LineString(_) => 2,
        Kind::Polygon(_) => 3,
        Kind::MultiPoint(_) => 4,
        Kind::MultiLineString(_) => 5,
        Kind::MultiPolygon(_) => 6,
        Kind::GeometryCollection(_) => 7,
        Kind::CircularString(_) => 8,
        Kind::CompoundCurve(_) => 9,
        Kind::CurvePolygon(_) => 10,
        Kind::MultiCurve(_) => 11,
        Kind::MultiSurface(_) => 12,
        Kind::Triangle(_) => 17,
    };
    base + match (g.dims.z, g.dims.m) {
        (false, false) => 0,
        (true, false) => 1000,
        (false, true) => 2000,
        (true, true) => 3000,
    }
}

impl Geom {
    /// ISO WKB, little-endian.
    pub(crate) fn to_wkb(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_wkb(&mut out);
        out
    }

    fn write_wkb(&self, out: &mut Vec<u8>) {
        out.push(1);
        out.extend_from_slice(&wkb_code(self).to_le_bytes());
        let dims = self.dims;
        let coord = |out: &mut Vec<u8>, c: &Coord| {
            out.extend_from_slice(&c.x.to_le_bytes());
            out.extend_from_slice(&c.y.to_le_bytes());
            if dims.z {
                out.extend_from_slice(&c.z.to_le_bytes());
            }
            if dims.m {
                out.extend_from_slice(&c.m.to_le_bytes());
            }
        };
        let count =
            |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        match &self.kind {
            Kind::Point(Some(c)) => coord(out, c),
            Kind::Point(None) => coord(out, &Coord { x: f64::NAN, y: f64::NAN, z: f64::NAN, m: f64::NAN }),
            Kind::LineString(cs) | Kind::CircularString(cs) => {
                count(out, cs.len());
                cs.iter().for_each(|c| coord(out, c));
            }
            Kind::Triangle(cs) => {
                count(out, usize::from(!cs.is_empty()));
                if !cs.is_empty() {
                    count(out, cs.len());
                    cs.iter().for_each(|c| coord(out, c));
                }
            }
            Kind::Polygon(rings) => {
                count(out, rings.len());
                for ring in rings {
                    count(out, ring.len());
                    ring.iter().for_each(|c| coord(out, c));
                }
            }
            _ => {
                let parts = match &self.kind {
                    Kind::CompoundCurve(p) | Kind::CurvePolygon(p) => p.as_slice(),
                    _ => self.parts().unwrap_or(&[]),
                };
                count(out, parts.len());
                parts.iter().for_each(|p| p.write_wkb(out));
            }
        }
    }

    /// Reads WKB (ISO or EWKB-style flags, either byte order).
    pub(crate) fn from_wkb(bytes: &[u8]) -> Option<Geom> {
        let mut pos = 0;
        let g = read_wkb(bytes, &mut pos, 0)?;
        (pos == bytes.len()).then_some(g)
    }
}

fn read_wkb(bytes: &[u8], pos: &mut usize, depth: usize) -> Option<Geom> {
    if depth > MAX_WKT_DEPTH {
        return None;
    }
    let little = match bytes.get(*pos)? {
        0 => false,
        1 => true,
        _ => return None,
    };
    *pos += 1;
    let u32_at = |pos: &mut usize| -> Option<u32> {
        let b: [u8; 4] = bytes.get(*pos..*pos + 4)?.try_into().ok()?;
        *pos += 4;
        Some(if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) })
    };
    let f64_at = |pos: &mut usize| -> Option<f64> {
        let b: [u8; 8] = bytes.get(*pos..*pos + 8)?.try_into().ok()?;
        *pos += 8;
        Some(if little { f64::from_le_bytes(b) } else { f64::from_be_bytes(b) })
    };
    let raw = u32_at(pos)?;
    let mut dims = Dims { z: raw & 0x8000_0000 != 0, m: raw & 0x4000_0000 != 0 };
    let code = raw & 0x0FFF_FFFF;
    let base = code % 1000;
    match code / 1000 {
        1 => dims.z = true,
        2 => dims.m = true,
        3 => dims = Dims { z: true, m: true },
        _ => {}
    }
    let coord = |pos: &mut usize| -> Option<Coord> {
        let mut c = Coord::xy(f64_at(pos)?, f64_at(pos)?);
        if dims.z {
            c.z = f64_at(pos)?;
        }
        if dims.m {
            c.m = f64_at(pos)?;
        }
        Some(c)
    };
    let n_at = |pos: &mut usize| -> Option<usize> {
        let n = usize::try_from(u32_at(pos)?).ok()?;
        // Every item takes at least 16 bytes, so a count past the data is corrupt.
        (n <= bytes.len()).then_some(n)
    };
    let kind = match base {
        1 => {
            let c = coord(pos)?;
            Kind::Point(if c.x.is_nan() && c.y.is_nan() { None } else { Some(c) })
        }
        2 | 8 => {
            let n = n_at(pos)?;
            let cs = (0..n).map(|_| coord(pos)).collect::<Option<Vec<_>>>()?;
            if base == 2 { Kind::LineString(cs) } else { Kind::CircularString(cs) }
        }
        3 | 17 => {
            let n = n_at(pos)?;
            let mut rings = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                let m = n_at(pos)?;
                rings.push((0..m).map(|_| coord(pos)).collect::<Option<Vec<_>>>()?);
            }
            if base == 3 { Kind::Polygon(rings) } else { Kind::Triangle(rings.into_iter().next().unwrap_or_default()) }
        }
        4..=7 | 9..=12 => {
            let n = n_at(pos)?;
            let parts = (0..n).map(|_| read_wkb(bytes, pos, depth + 1)).collect::<Option<Vec<_>>>()?;
            match base {
                4 => Kind::MultiPoint(parts),
                5 => Kind::MultiLineString(parts),
                6 => Kind::MultiPolygon(parts),
                7 => Kind::GeometryCollection(parts),
                9 => Kind::CompoundCurve(parts),
                10 => Kind::CurvePolygon(parts),
                11 => Kind::MultiCurve(parts),
                _ => Kind::MultiSurface(parts),
            }
        }
        _ => return None,
    };
    Some(Geom::new(dims, kind))
}
