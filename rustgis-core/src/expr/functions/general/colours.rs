//! Colour functions: colours made from their parts (RGB, HSL, HSV, CMYK), their parts read back,
//! mixed, lightened, darkened, and colour ramps.

use std::sync::Arc;

use crate::expr::color::{Color, Gradient, Spec};
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::value::Val;

fn rgb_text(color: &Color, with_alpha: bool) -> String {
    let [r, g, b, a] = color.to_rgb8();
    if with_alpha { format!("{r},{g},{b},{a}") } else { format!("{r},{g},{b}") }
}

fn channel(args: &Args<'_, '_>, idx: usize, max: f64) -> Result<f64, Fail> {
    Ok(args.double(idx)?.clamp(0.0, max))
}

pub(crate) fn color_rgb(args: &Args<'_, '_>) -> Out {
    let c = Color::rgb8(channel(args, 0, 255.0)?, channel(args, 1, 255.0)?, channel(args, 2, 255.0)?, 255.0);
    Ok(Val::text(rgb_text(&c, false)))
}

pub(crate) fn color_rgba(args: &Args<'_, '_>) -> Out {
    let c = Color::rgb8(
        channel(args, 0, 255.0)?,
        channel(args, 1, 255.0)?,
        channel(args, 2, 255.0)?,
        channel(args, 3, 255.0)?,
    );
    Ok(Val::text(rgb_text(&c, true)))
}

pub(crate) fn color_rgbf(args: &Args<'_, '_>) -> Out {
    Ok(Val::Color(Color::new(Spec::Rgb, [args.double(0)?, args.double(1)?, args.double(2)?, 0.0], args.double(3)?)))
}

fn hsl_like(args: &Args<'_, '_>, spec: Spec, with_alpha: bool) -> Out {
    let c = Color::new(
        spec,
        [channel(args, 0, 360.0)? / 360.0, channel(args, 1, 100.0)? / 100.0, channel(args, 2, 100.0)? / 100.0, 0.0],
        if with_alpha { channel(args, 3, 255.0)? / 255.0 } else { 1.0 },
    );
    Ok(Val::text(rgb_text(&c, with_alpha)))
}

pub(crate) fn color_hsl(args: &Args<'_, '_>) -> Out {
    hsl_like(args, Spec::Hsl, false)
}

pub(crate) fn color_hsla(args: &Args<'_, '_>) -> Out {
    hsl_like(args, Spec::Hsl, true)
}

pub(crate) fn color_hsv(args: &Args<'_, '_>) -> Out {
    hsl_like(args, Spec::Hsv, false)
}

pub(crate) fn color_hsva(args: &Args<'_, '_>) -> Out {
    hsl_like(args, Spec::Hsv, true)
}

pub(crate) fn color_hslf(args: &Args<'_, '_>) -> Out {
    Ok(Val::Color(Color::new(Spec::Hsl, [args.double(0)?, args.double(1)?, args.double(2)?, 0.0], args.double(3)?)))
}

pub(crate) fn color_hsvf(args: &Args<'_, '_>) -> Out {
    Ok(Val::Color(Color::new(Spec::Hsv, [args.double(0)?, args.double(1)?, args.double(2)?, 0.0], args.double(3)?)))
}

fn cmyk(args: &Args<'_, '_>, with_alpha: bool) -> Out {
    let c = Color::new(
        Spec::Cmyk,
        [
            channel(args, 0, 100.0)? / 100.0,
            channel(args, 1, 100.0)? / 100.0,
            channel(args, 2, 100.0)? / 100.0,
            channel(args, 3, 100.0)? / 100.0,
        ],
        if with_alpha { channel(args, 4, 255.0)? / 255.0 } else { 1.0 },
    );
    Ok(Val::text(rgb_text(&c, with_alpha)))
}

pub(crate) fn color_cmyk(args: &Args<'_, '_>) -> Out {
    cmyk(args, false)
}

pub(crate) fn color_cmyka(args: &Args<'_, '_>) -> Out {
    cmyk(args, true)
}

pub(crate) fn color_cmykf(args: &Args<'_, '_>) -> Out {
    Ok(Val::Color(Color::new(
        Spec::Cmyk,
        [args.double(0)?, args.double(1)?, args.double(2)?, args.double(3)?],
        args.double(4)?,
    )))
}

/// A colour argument: a colour value, or text QGIS reads as one. The flag says which, since
/// QGIS answers text for text and a colour for a colour.
fn color_arg(args: &Args<'_, '_>, idx: usize) -> Result<(Color, bool), Fail> {
    match args.get(idx) {
        Val::Color(c) => Ok((*c, true)),
        Val::Text(t) => Color::parse(t).map(|c| (c, false)).ok_or_else(|| {
            args.error(format!("cannot read '{t}' as a colour; write 'r,g,b', 'r,g,b,a', '#rrggbb' or a colour name"))
        }),
        _ => Err(args.fail(idx, "a colour")),
    }
}

fn color_out(color: Color, as_object: bool) -> Out {
    Ok(if as_object { Val::Color(color) } else { Val::text(color.to_rgba_text()) })
}

pub(crate) fn color_part(args: &Args<'_, '_>) -> Out {
    let (color, _) = color_arg(args, 0)?;
    let part = args.text(1).to_lowercase();
    let rgb = color.to_rgb8();
    Ok(match part.as_str() {
        "red" => Val::Int(i64::from(rgb[0])),
        "green" => Val::Int(i64::from(rgb[1])),
        "blue" => Val::Int(i64::from(rgb[2])),
        "alpha" => Val::Int(i64::from(rgb[3])),
        "hue" => Val::Double(color.as_hsv().c[0] * 360.0),
        "saturation" => Val::Double(color.as_hsv().c[1] * 100.0),
        "value" => Val::Double(color.as_hsv().c[2] * 100.0),
        "hsl_hue" => Val::Double(color.as_hsl().c[0] * 360.0),
        "hsl_saturation" => Val::Double(color.as_hsl().c[1] * 100.0),
        "lightness" => Val::Double(color.as_hsl().c[2] * 100.0),
        "cyan" => Val::Double(color.as_cmyk().c[0] * 100.0),
        "magenta" => Val::Double(color.as_cmyk().c[1] * 100.0),
        "yellow" => Val::Double(color.as_cmyk().c[2] * 100.0),
        "black" => Val::Double(color.as_cmyk().c[3] * 100.0),
        other => return Err(args.error(format!("unknown colour component '{other}'; use red, green, blue, alpha, hue, saturation, value, hsl_hue, hsl_saturation, lightness, cyan, magenta, yellow or black"))),
    })
}

pub(crate) fn set_color_part(args: &Args<'_, '_>) -> Out {
    let (color, as_object) = color_arg(args, 0)?;
    let part = args.text(1).to_lowercase();
    let value = args.double(2)?;
    let alpha = color.alpha;
    let changed = match part.as_str() {
        "red" | "green" | "blue" | "alpha" => {
            let mut rgb = color.as_rgb();
            let v = value.clamp(0.0, 255.0) / 255.0;
            match part.as_str() {
                "red" => rgb.c[0] = v,
                "green" => rgb.c[1] = v,
                "blue" => rgb.c[2] = v,
                _ => rgb.alpha = v,
            }
            rgb
        }
        "hue" | "saturation" | "value" => {
            let mut hsv = color.as_hsv();
            match part.as_str() {
                "hue" => hsv.c[0] = value.clamp(0.0, 360.0) / 360.0,
                "saturation" => hsv.c[1] = value.clamp(0.0, 100.0) / 100.0,
                _ => hsv.c[2] = value.clamp(0.0, 100.0) / 100.0,
            }
            hsv
        }
        "hsl_hue" | "hsl_saturation" | "lightness" => {
            let mut hsl = color.as_hsl();
            match part.as_str() {
                "hsl_hue" => hsl.c[0] = value.clamp(0.0, 360.0) / 360.0,
                "hsl_saturation" => hsl.c[1] = value.clamp(0.0, 100.0) / 100.0,
                _ => hsl.c[2] = value.clamp(0.0, 100.0) / 100.0,
            }
            hsl
        }
        "cyan" | "magenta" | "yellow" | "black" => {
            let mut cmyk = color.as_cmyk();
            let slot = ["cyan", "magenta", "yellow", "black"].iter().position(|p| *p == part).unwrap_or(0);
            cmyk.c[slot] = value.clamp(0.0, 100.0) / 100.0;
            cmyk
        }
        other => return Err(args.error(format!("unknown colour component '{other}'"))),
    };
    let changed = if part == "alpha" { changed } else { Color { alpha, ..changed } };
    // An 8-bit RGB result stays 8-bit, as QColor's 8-bit setters would store it.
    color_out(changed, as_object)
}

pub(crate) fn color_grayscale_average(args: &Args<'_, '_>) -> Out {
    let (color, as_object) = color_arg(args, 0)?;
    let grey = if color.spec == Spec::Cmyk {
        let mean = (color.c[0] + color.c[1] + color.c[2]) / 3.0;
        Color::new(Spec::Cmyk, [mean, mean, mean, color.c[3]], color.alpha)
    } else {
        let [r, g, b] = color.to_rgb_f();
        let avg = (r + g + b) / 3.0;
        Color::new(Spec::Rgb, [avg, avg, avg, 0.0], color.alpha)
    };
    color_out(grey, as_object)
}

pub(crate) fn color_mix_rgb(args: &Args<'_, '_>) -> Out {
    let (a, _) = color_arg(args, 0)?;
    let (b, _) = color_arg(args, 1)?;
    let ratio = args.double(2)?.clamp(0.0, 1.0);
    let (x, y) = (a.to_rgb8(), b.to_rgb8());
    let mix = |i: usize| (f64::from(x[i]) * (1.0 - ratio) + f64::from(y[i]) * ratio) as u8;
    Ok(Val::text(format!("{},{},{},{}", mix(0), mix(1), mix(2), mix(3))))
}

/// QGIS's colour_mix: both colours texts or both colour values, mixed in RGB (or CMYK), in
/// single precision as QGIS does.
pub(crate) fn color_mix(args: &Args<'_, '_>) -> Out {
    let (a, a_obj) = color_arg(args, 0)?;
    let (b, b_obj) = color_arg(args, 1)?;
    if a_obj != b_obj {
        return Err(args.error("both colours must be colour values, or both texts"));
    }
    if (a.spec == Spec::Cmyk) != (b.spec == Spec::Cmyk) {
        return Err(args.error("both colours must be CMYK, or both RGB, HSV or HSL"));
    }
    let ratio = args.double(2)?.clamp(0.0, 1.0) as f32;
    let mix = |x: f64, y: f64| f64::from(x as f32 * (1.0 - ratio) + y as f32 * ratio);
    let alpha = mix(a.alpha, b.alpha);
    let out = if a.spec == Spec::Cmyk {
        Color::new(
            Spec::Cmyk,
            [mix(a.c[0], b.c[0]), mix(a.c[1], b.c[1]), mix(a.c[2], b.c[2]), mix(a.c[3], b.c[3])],
            alpha,
        )
    } else {
        let (x, y) = (a.to_rgb_f(), b.to_rgb_f());
        Color::new(Spec::Rgb, [mix(x[0], y[0]), mix(x[1], y[1]), mix(x[2], y[2]), 0.0], alpha)
    };
    color_out(out, a_obj)
}

/// Qt 5's QColor::darker: the HSV value divided by factor/100.
fn darker_color(color: Color, factor: i64) -> Color {
    if factor <= 0 {
        return color;
    }
    if factor < 100 {
        return lighter_color(color, 10_000 / factor);
    }
    let hsv = color.as_hsv();
    let v = ((hsv.c[2] * 65535.0).round() as i64 * 100) / factor;
    let out = Color { spec: Spec::Hsv, c: [hsv.c[0], hsv.c[1], v as f64 / 65535.0, 0.0], alpha: hsv.alpha };
    out.convert(color.spec)
}

/// Qt 5's QColor::lighter: the HSV value times factor/100, taking saturation away past white.
fn lighter_color(color: Color, factor: i64) -> Color {
    if factor <= 0 {
        return color;
    }
    if factor < 100 {
        return darker_color(color, 10_000 / factor);
    }
    let hsv = color.as_hsv();
    let mut s = (hsv.c[1] * 65535.0).round() as i64;
    let mut v = ((hsv.c[2] * 65535.0).round() as i64 * factor) / 100;
    if v > 65535 {
        s = (s - (v - 65535)).max(0);
        v = 65535;
    }
    let out = Color { spec: Spec::Hsv, c: [hsv.c[0], s as f64 / 65535.0, v as f64 / 65535.0, 0.0], alpha: hsv.alpha };
    out.convert(color.spec)
}

fn shade(args: &Args<'_, '_>, darker: bool) -> Out {
    let (color, as_object) = color_arg(args, 0)?;
    let factor = args.int(1)?;
    let out = if darker { darker_color(color, factor) } else { lighter_color(color, factor) };
    color_out(out, as_object)
}

pub(crate) fn darker(args: &Args<'_, '_>) -> Out {
    shade(args, true)
}

pub(crate) fn lighter(args: &Args<'_, '_>) -> Out {
    shade(args, false)
}

fn ramp_of(args: &Args<'_, '_>) -> Result<Arc<Gradient>, Fail> {
    match args.get(0) {
        Val::Ramp(r) => Ok(Arc::clone(r)),
        other => {
            let name = other.to_text();
            crate::expr::color::named_ramp(&name).map(Arc::new).ok_or_else(|| {
                args.error(format!(
                    "unknown colour ramp '{name}'; use one of {} or create_ramp(map(0, 'r,g,b', 1, 'r,g,b'))",
                    crate::expr::color::ramp_names().join(", ")
                ))
            })
        }
    }
}

pub(crate) fn ramp_color(args: &Args<'_, '_>) -> Out {
    let ramp = ramp_of(args)?;
    Ok(Val::text(ramp.at(args.double(1)?).to_rgba_text()))
}

pub(crate) fn ramp_color_object(args: &Args<'_, '_>) -> Out {
    let ramp = ramp_of(args)?;
    Ok(Val::Color(ramp.at(args.double(1)?)))
}

pub(crate) fn create_ramp(args: &Args<'_, '_>) -> Out {
    let map = args.map(0)?;
    if map.is_empty() {
        return Err(args.error("the map needs at least one position → colour"));
    }
    let mut stops = Vec::new();
    for (key, value) in map {
        let position = crate::expr::value::parse_double(key)
            .ok_or_else(|| args.error(format!("'{key}' is not a position from 0 to 1")))?;
        let color = match value {
            Val::Color(c) => *c,
            other => Color::parse(&other.to_text())
                .ok_or_else(|| args.error(format!("cannot read {} as a colour", other.describe())))?,
        };
        stops.push((position.clamp(0.0, 1.0), color));
    }
    stops.sort_by(|a, b| a.0.total_cmp(&b.0));
    if stops.first().is_some_and(|(p, _)| *p > 0.0) {
        let first = stops[0].1;
        stops.insert(0, (0.0, first));
    }
    if stops.last().is_some_and(|(p, _)| *p < 1.0) {
        let last = stops[stops.len() - 1].1;
        stops.push((1.0, last));
    }
    Ok(Val::Ramp(Arc::new(Gradient { stops, discrete: args.bool(1)? })))
}
