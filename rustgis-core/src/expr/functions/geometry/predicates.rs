//! Spatial relations: intersects, touches, crosses, contains, overlaps, within, disjoint, their
//! bounding-box test and the DE-9IM matrix (`relate`).

use geo::Relate;

use super::{accessors::bbox, measures::geo_of};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::value::Val;

fn relation(args: &Args<'_, '_>) -> Result<Option<geo::relate::IntersectionMatrix>, Fail> {
    let (Some(a), Some(b)) = (geo_of(args, 0)?, geo_of(args, 1)?) else { return Ok(None) };
    Ok(Some(a.relate(&b)))
}

fn predicate(args: &Args<'_, '_>, test: fn(&geo::relate::IntersectionMatrix) -> bool) -> Out {
    Ok(relation(args)?.map_or(Val::Bool(false), |m| Val::Bool(test(&m))))
}

pub(crate) fn intersects(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_intersects)
}

pub(crate) fn disjoint(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_disjoint)
}

pub(crate) fn touches(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_touches)
}

pub(crate) fn crosses(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_crosses)
}

pub(crate) fn contains(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_contains)
}

pub(crate) fn overlaps(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_overlaps)
}

pub(crate) fn within(args: &Args<'_, '_>) -> Out {
    predicate(args, geo::relate::IntersectionMatrix::is_within)
}

pub(crate) fn intersects_bbox(args: &Args<'_, '_>) -> Out {
    let (Some(a), Some(b)) = (bbox(args.geom(0)?), bbox(args.geom(1)?)) else { return Ok(Val::Bool(false)) };
    Ok(Val::Bool(a.0 <= b.2 && b.0 <= a.2 && a.1 <= b.3 && b.1 <= a.3))
}

pub(crate) fn relate(args: &Args<'_, '_>) -> Out {
    if !(2..=3).contains(&args.len()) {
        return Err(args.error("takes two geometries and an optional pattern"));
    }
    if args.values.iter().any(Val::is_null) {
        return Ok(Val::Null);
    }
    let Some(matrix) = relation(args)? else { return Ok(Val::Null) };
    if args.len() == 3 {
        let pattern = args.text(2);
        return matrix
            .matches(&pattern)
            .map(Val::Bool)
            .map_err(|e| args.error(format!("invalid DE-9IM pattern '{pattern}': {e}")));
    }
    Ok(Val::text(de9im(&matrix)))
}

/// The DE-9IM text of a matrix.
fn de9im(matrix: &geo::relate::IntersectionMatrix) -> String {
    let mut out = String::new();
    for pattern_idx in 0..9 {
        let mut ch = 'F';
        for candidate in ['2', '1', '0'] {
            let mut pattern = ['*'; 9];
            pattern[pattern_idx] = candidate;
            let pattern: String = pattern.iter().collect();
            if matrix.matches(&pattern).unwrap_or(false) {
                ch = candidate;
                break;
            }
        }
        out.push(ch);
    }
    out
}
