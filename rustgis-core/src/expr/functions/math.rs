//! Maths functions: QGIS gives doubles (`abs(0)` is `0.0`), NULL where there is no real answer
//! (`sqrt(-1)`, `ln(0)`), and rounds half away from zero.

use super::{Args, Out};
use crate::expr::value::Val;

fn unary(args: &Args<'_, '_>, op: fn(f64) -> f64) -> Out {
    Ok(Val::Double(op(args.double(0)?)))
}

/// A double, or NULL when the result is not a real number.
fn real(value: f64) -> Val {
    if value.is_finite() { Val::Double(value) } else { Val::Null }
}

pub(super) fn abs(args: &Args<'_, '_>) -> Out {
    unary(args, f64::abs)
}

pub(super) fn sqrt(args: &Args<'_, '_>) -> Out {
    Ok(real(args.double(0)?.sqrt()))
}

pub(super) fn exp(args: &Args<'_, '_>) -> Out {
    unary(args, f64::exp)
}

pub(super) fn ln(args: &Args<'_, '_>) -> Out {
    let x = args.double(0)?;
    Ok(if x <= 0.0 { Val::Null } else { Val::Double(x.ln()) })
}

pub(super) fn log10(args: &Args<'_, '_>) -> Out {
    let x = args.double(0)?;
    Ok(if x <= 0.0 { Val::Null } else { Val::Double(x.log10()) })
}

pub(super) fn log(args: &Args<'_, '_>) -> Out {
    let (base, x) = (args.double(0)?, args.double(1)?);
    Ok(if base <= 0.0 || x <= 0.0 { Val::Null } else { Val::Double(x.ln() / base.ln()) })
}

pub(super) fn round(args: &Args<'_, '_>) -> Out {
    let places = args.int(1)?;
    if places == 0 {
        let x = args.double(0)?;
        return crate::expr::value::round_to_i64(x)
            .map(Val::Int)
            .ok_or_else(|| args.error(format!("{x} is too large to round to an integer")));
    }
    let x = args.double(0)?;
    let scale = 10f64.powi(i32::try_from(places.clamp(-300, 300)).unwrap_or(0));
    Ok(Val::Double((x * scale).round() / scale))
}

pub(super) fn floor(args: &Args<'_, '_>) -> Out {
    unary(args, f64::floor)
}

pub(super) fn ceil(args: &Args<'_, '_>) -> Out {
    unary(args, f64::ceil)
}

pub(super) fn pi(_: &Args<'_, '_>) -> Out {
    Ok(Val::Double(std::f64::consts::PI))
}

pub(super) fn sin(args: &Args<'_, '_>) -> Out {
    unary(args, f64::sin)
}

pub(super) fn cos(args: &Args<'_, '_>) -> Out {
    unary(args, f64::cos)
}

pub(super) fn tan(args: &Args<'_, '_>) -> Out {
    unary(args, f64::tan)
}

pub(super) fn asin(args: &Args<'_, '_>) -> Out {
    Ok(real(args.double(0)?.asin()))
}

pub(super) fn acos(args: &Args<'_, '_>) -> Out {
    Ok(real(args.double(0)?.acos()))
}

pub(super) fn atan(args: &Args<'_, '_>) -> Out {
    unary(args, f64::atan)
}

pub(super) fn atan2(args: &Args<'_, '_>) -> Out {
    // QGIS names the parameters dx, dy but computes atan2(first, second).
    Ok(Val::Double(args.double(0)?.atan2(args.double(1)?)))
}

pub(super) fn degrees(args: &Args<'_, '_>) -> Out {
    unary(args, f64::to_degrees)
}

pub(super) fn radians(args: &Args<'_, '_>) -> Out {
    unary(args, f64::to_radians)
}

fn extreme(args: &Args<'_, '_>, larger: bool) -> Out {
    let mut best: Option<f64> = None;
    for idx in 0..args.len() {
        if args.get(idx).is_null() {
            continue;
        }
        let x = args.double(idx)?;
        best = Some(match best {
            Some(b) if (larger && b >= x) || (!larger && b <= x) => b,
            _ => x,
        });
    }
    Ok(best.map_or(Val::Null, Val::Double))
}

pub(super) fn max(args: &Args<'_, '_>) -> Out {
    extreme(args, true)
}

pub(super) fn min(args: &Args<'_, '_>) -> Out {
    extreme(args, false)
}

pub(super) fn clamp(args: &Args<'_, '_>) -> Out {
    let (low, value, high) = (args.double(0)?, args.double(1)?, args.double(2)?);
    Ok(Val::Double(value.max(low).min(high)))
}

/// The value's place in the domain, clamped to 0–1.
fn domain_fraction(args: &Args<'_, '_>) -> Result<(f64, f64, f64), super::Fail> {
    let (value, d_min, d_max, r_min, r_max) =
        (args.double(0)?, args.double(1)?, args.double(2)?, args.double(3)?, args.double(4)?);
    if d_min >= d_max {
        return Err(args.error("domain_min must be less than domain_max"));
    }
    let value = value.clamp(d_min, d_max);
    Ok(((value - d_min) / (d_max - d_min), r_min, r_max))
}

pub(super) fn scale_linear(args: &Args<'_, '_>) -> Out {
    let (t, r_min, r_max) = domain_fraction(args)?;
    Ok(Val::Double(r_min + (r_max - r_min) * t))
}

pub(super) fn scale_polynomial(args: &Args<'_, '_>) -> Out {
    let (t, r_min, r_max) = domain_fraction(args)?;
    let exponent = args.double(5)?;
    if exponent <= 0.0 {
        return Err(args.error("exponent must be greater than 0"));
    }
    Ok(Val::Double(r_min + (r_max - r_min) * t.powf(exponent)))
}

pub(super) fn scale_exponential(args: &Args<'_, '_>) -> Out {
    let (value, d_min, d_max, r_min, r_max) =
        (args.double(0)?, args.double(1)?, args.double(2)?, args.double(3)?, args.double(4)?);
    let exponent = args.double(5)?;
    if d_min >= d_max {
        return Err(args.error("domain_min must be less than domain_max"));
    }
    if exponent <= 0.0 {
        return Err(args.error("exponent must be greater than 0"));
    }
    if value >= d_max {
        return Ok(Val::Double(r_max));
    }
    if value <= d_min {
        return Ok(Val::Double(r_min));
    }
    // As QGIS: the exponent is raised to the value's distance from domain_min in domain units.
    let ratio = (exponent.powf(value - d_min) - 1.0) / (exponent.powf(d_max - d_min) - 1.0);
    Ok(Val::Double((r_max - r_min) * ratio + r_min))
}

/// A 64-bit SplitMix step: the random stream for a seed.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn random_unit(args: &Args<'_, '_>, seed_idx: usize) -> Result<f64, super::Fail> {
    let mut state = match args.get(seed_idx) {
        Val::Null => {
            let mut bytes = [0u8; 8];
            getrandom::fill(&mut bytes).map_err(|e| args.error(format!("no randomness available: {e}")))?;
            u64::from_le_bytes(bytes)
        }
        _ => args.int(seed_idx)? as u64,
    };
    Ok((splitmix(&mut state) >> 11) as f64 / (1u64 << 53) as f64)
}

pub(super) fn rand(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() {
        return Ok(Val::Null);
    }
    let (low, high) = (args.int(0)?, args.int(1)?);
    if high < low {
        return Ok(Val::Null);
    }
    let span = (high - low) as f64 + 1.0;
    Ok(Val::Int(low + (random_unit(args, 2)? * span).floor() as i64))
}

pub(super) fn randf(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() {
        return Ok(Val::Null);
    }
    let (low, high) = (args.double(0)?, args.double(1)?);
    if high < low {
        return Ok(Val::Null);
    }
    Ok(Val::Double(low + random_unit(args, 2)? * (high - low)))
}

/// RustGIS's `power(base, exponent)`, as `base ^ exponent`.
pub(super) fn power(args: &Args<'_, '_>) -> Out {
    Ok(Val::Double(args.double(0)?.powf(args.double(1)?)))
}
