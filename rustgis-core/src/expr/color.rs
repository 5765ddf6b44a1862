//! Colours as QGIS's expressions have them: a colour in one of Qt's specs (RGB, HSV, HSL,
//! CMYK) with float components in 0–1, converted between specs as QColor does, and gradient
//! ramps (QGIS's default ramps by name, or made with `create_ramp`).

/// A colour spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spec {
    Rgb,
    Hsv,
    Hsl,
    Cmyk,
}

/// A colour as Qt 5's QColor holds it: each component a 16-bit integer (hue in hundredths of a
/// degree, -1 for no hue), here as fractions of it so that conversions round exactly as Qt's do
/// (`color_cmyka(50,25,90,60,200)` is `51,76,10,200` in QGIS, not `51,77,…`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Color {
    /// The spec the components are in.
    pub spec: Spec,
    /// rgb: r, g, b; hsv: h, s, v; hsl: h, s, l; cmyk: c, m, y, k; each 0–1 (hue -1 when none).
    pub c: [f64; 4],
    /// Alpha, 0–1.
    pub alpha: f64,
}

const MAX16: f64 = 65535.0;

/// Qt's qRound for the non-negative values colours use.
fn q_round(x: f64) -> f64 {
    (x + 0.5).floor()
}

/// A fraction stored as Qt stores it: a 16-bit integer.
fn q16(x: f64) -> f64 {
    q_round(x.clamp(0.0, 1.0) * MAX16) / MAX16
}

/// A hue (0–1, or negative for none) stored as Qt stores it: hundredths of a degree.
fn q_hue(h: f64) -> f64 {
    if h < 0.0 { -1.0 } else { q_round(h.clamp(0.0, 1.0) * 36000.0) / 36000.0 }
}

/// Qt 5's 16-bit to 8-bit conversion.
fn to8(x: f64) -> u8 {
    (q_round(x * MAX16) / 257.0).round().clamp(0.0, 255.0) as u8
}

impl Color {
    /// An RGB colour from 0–255 components.
    pub(crate) fn rgb8(r: f64, g: f64, b: f64, a: f64) -> Color {
        let f = |v: f64| v.clamp(0.0, 255.0).round() * 257.0 / MAX16;
        Color { spec: Spec::Rgb, c: [f(r), f(g), f(b), 0.0], alpha: f(a) }
    }

    /// A colour in a spec from fractions (hue 0–1), clamped and stored as Qt stores it.
    pub(crate) fn new(spec: Spec, c: [f64; 4], alpha: f64) -> Color {
        let c = match spec {
            Spec::Hsv | Spec::Hsl => [q_hue(c[0]), q16(c[1]), q16(c[2]), 0.0],
            Spec::Rgb => [q16(c[0]), q16(c[1]), q16(c[2]), 0.0],
            Spec::Cmyk => [q16(c[0]), q16(c[1]), q16(c[2]), q16(c[3])],
        };
        Color { spec, c, alpha: q16(alpha) }
    }

    /// The RGB components, 0–1, as Qt's toRgb() converts.
    pub(crate) fn to_rgb_f(self) -> [f64; 3] {
        let [a, b, c, d] = self.c;
        match self.spec {
            Spec::Rgb => [a, b, c],
            Spec::Cmyk => {
                let f = |x: f64| q16(1.0 - (x * (1.0 - d) + d));
                [f(a), f(b), f(c)]
            }
            Spec::Hsv => {
                let (h, s, v) = (a, b, c);
                if s == 0.0 || h < 0.0 {
                    return [v, v, v];
                }
                let h = if h >= 1.0 { 0.0 } else { h * 6.0 };
                let i = h.floor() as i32;
                let f = h - f64::from(i);
                let p = v * (1.0 - s);
                let (r, g, bl) = if i & 1 == 1 {
                    let q = v * (1.0 - s * f);
                    match i {
                        1 => (q, v, p),
                        3 => (p, q, v),
                        _ => (v, p, q),
                    }
                } else {
                    let t = v * (1.0 - s * (1.0 - f));
                    match i {
                        0 => (v, t, p),
                        2 => (p, v, t),
                        _ => (t, p, v),
                    }
                };
                [q16(r), q16(g), q16(bl)]
            }
            Spec::Hsl => {
                let (h, s, l) = (a, b, c);
                if s == 0.0 || h < 0.0 {
                    return [l, l, l];
                }
                if l == 0.0 {
                    return [0.0, 0.0, 0.0];
                }
                let h = if h >= 1.0 { 0.0 } else { h };
                let temp2 = if l < 0.5 { l * (1.0 + s) } else { l + s - l * s };
                let temp1 = 2.0 * l - temp2;
                let mut out = [0.0; 3];
                for (idx, offset) in [1.0 / 3.0, 0.0, -1.0 / 3.0].iter().enumerate() {
                    let mut t3 = h + offset;
                    if t3 < 0.0 {
                        t3 += 1.0;
                    } else if t3 > 1.0 {
                        t3 -= 1.0;
                    }
                    let v = if t3 * 6.0 < 1.0 {
                        temp1 + (temp2 - temp1) * t3 * 6.0
                    } else if t3 * 2.0 < 1.0 {
                        temp2
                    } else if t3 * 3.0 < 2.0 {
                        temp1 + (temp2 - temp1) * (2.0 / 3.0 - t3) * 6.0
                    } else {
                        temp1
                    };
                    let v16 = q_round(v * MAX16);
                    // Qt rounds 1/65535 down to 0.
                    out[idx] = if v16 == 1.0 { 0.0 } else { v16 / MAX16 };
                }
                out
            }
        }
    }

    /// The RGB components, 0–255, as Qt 5's red(), green(), blue() and alpha() give them.
    pub(crate) fn to_rgb8(self) -> [u8; 4] {
        let [r, g, b] = self.to_rgb_f();
        [to8(r), to8(g), to8(b), to8(self.alpha)]
    }

    /// The same colour as RGB.
    pub(crate) fn as_rgb(&self) -> Color {
        let [r, g, b] = self.to_rgb_f();
        Color { spec: Spec::Rgb, c: [r, g, b, 0.0], alpha: self.alpha }
    }

    /// The same colour as HSV (Qt's toHsv()).
    pub(crate) fn as_hsv(&self) -> Color {
        if self.spec == Spec::Hsv {
            return *self;
        }
        let [r, g, b] = self.to_rgb_f();
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let delta = max - min;
        let v = q16(max);
        if delta.abs() < 1e-12 {
            return Color { spec: Spec::Hsv, c: [-1.0, 0.0, v, 0.0], alpha: self.alpha };
        }
        let s = q16(delta / max);
        let mut hue = if (r - max).abs() < 1e-12 {
            (g - b) / delta
        } else if (g - max).abs() < 1e-12 {
            2.0 + (b - r) / delta
        } else {
            4.0 + (r - g) / delta
        };
        hue *= 60.0;
        if hue < 0.0 {
            hue += 360.0;
        }
        Color { spec: Spec::Hsv, c: [q_round(hue * 100.0) / 36000.0, s, v, 0.0], alpha: self.alpha }
    }

    /// The same colour as HSL (Qt's toHsl()).
    pub(crate) fn as_hsl(&self) -> Color {
        if self.spec == Spec::Hsl {
            return *self;
        }
        let [r, g, b] = self.to_rgb_f();
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let delta = max - min;
        let sum = max + min;
        let l = q16(0.5 * sum);
        if delta.abs() < 1e-12 {
            return Color { spec: Spec::Hsl, c: [-1.0, 0.0, l, 0.0], alpha: self.alpha };
        }
        let s = q16(if 0.5 * sum < 0.5 { delta / sum } else { delta / (2.0 - sum) });
        let mut hue = if (r - max).abs() < 1e-12 {
            (g - b) / delta
        } else if (g - max).abs() < 1e-12 {
            2.0 + (b - r) / delta
        } else {
            4.0 + (r - g) / delta
        };
        hue *= 60.0;
        if hue < 0.0 {
            hue += 360.0;
        }
        Color { spec: Spec::Hsl, c: [q_round(hue * 100.0) / 36000.0, s, l, 0.0], alpha: self.alpha }
    }

    /// The same colour as CMYK (Qt's toCmyk()).
    pub(crate) fn as_cmyk(&self) -> Color {
        if self.spec == Spec::Cmyk {
            return *self;
        }
        let [r, g, b] = self.to_rgb_f();
        let (mut c, mut m, mut y) = (1.0 - r, 1.0 - g, 1.0 - b);
        let k = c.min(m).min(y);
        if (k - 1.0).abs() > 1e-12 {
            c = (c - k) / (1.0 - k);
            m = (m - k) / (1.0 - k);
            y = (y - k) / (1.0 - k);
        }
        Color { spec: Spec::Cmyk, c: [q16(c), q16(m), q16(y), q16(k)], alpha: self.alpha }
    }

    /// The same colour in another spec.
    pub(crate) fn convert(&self, spec: Spec) -> Color {
        match spec {
            Spec::Rgb => self.as_rgb(),
            Spec::Hsv => self.as_hsv(),
            Spec::Hsl => self.as_hsl(),
            Spec::Cmyk => self.as_cmyk(),
        }
    }

    /// `r,g,b,a` with 0–255 components, as QGIS encodes colours in text.
    pub(crate) fn to_rgba_text(self) -> String {
        let [r, g, b, a] = self.to_rgb8();
        format!("{r},{g},{b},{a}")
    }

    /// Reads a colour written as QGIS accepts it: `r,g,b[,a]`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb(…)`, `rgba(…)` or a CSS name.
    pub(crate) fn parse(text: &str) -> Option<Color> {
        let text = text.trim();
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if (3..=4).contains(&parts.len())
            && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        {
            let n: Vec<f64> = parts.iter().filter_map(|p| p.parse::<f64>().ok()).map(|v| v.min(255.0)).collect();
            return Some(Color::rgb8(n[0], n[1], n[2], n.get(3).copied().unwrap_or(255.0)));
        }
        let parsed = crate::style::Color::parse(text).ok()?;
        Some(Color::rgb8(f64::from(parsed.r), f64::from(parsed.g), f64::from(parsed.b), f64::from(parsed.a)))
    }
}

/// A gradient: colours at positions from 0 to 1, continuous or in steps.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Gradient {
    /// The stops, sorted by position, the first at 0 and the last at 1.
    pub stops: Vec<(f64, Color)>,
    /// Whether the colour jumps at each stop instead of blending.
    pub discrete: bool,
}

impl Gradient {
    /// The colour at `t` (clamped to 0–1), blended in RGB as QGIS's gradient ramps do.
    pub(crate) fn at(&self, t: f64) -> Color {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let Some(first) = self.stops.first() else {
            return Color::rgb8(0.0, 0.0, 0.0, 255.0);
        };
        if self.discrete {
            let mut chosen = first.1;
            for (pos, color) in &self.stops {
                if t >= *pos - 1e-12 && *pos < 1.0 {
                    chosen = *color;
                }
            }
            return chosen;
        }
        for pair in self.stops.windows(2) {
            let ((p0, c0), (p1, c1)) = (pair[0], pair[1]);
            if t <= p1 {
                let f = if p1 > p0 { (t - p0) / (p1 - p0) } else { 0.0 };
                let a = c0.to_rgb_f();
                let b = c1.to_rgb_f();
                let mix = |x: f64, y: f64| x + (y - x) * f;
                return Color::new(
                    Spec::Rgb,
                    [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]), 0.0],
                    mix(c0.alpha, c1.alpha),
                );
            }
        }
        self.stops.last().map_or(first.1, |(_, c)| *c)
    }
}

/// QGIS's default ramp with this name (case-insensitive).
pub(crate) fn named_ramp(name: &str) -> Option<Gradient> {
    let (_, discrete, stops) = super::ramps::RAMPS.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name))?;
    let stops = stops
        .iter()
        .map(|(p, c)| (*p, Color::rgb8(f64::from(c[0]), f64::from(c[1]), f64::from(c[2]), f64::from(c[3]))))
        .collect();
    Some(Gradient { stops, discrete: *discrete })
}

/// The names of QGIS's default ramps.
pub(crate) fn ramp_names() -> Vec<&'static str> {
    super::ramps::RAMPS.iter().map(|(n, _, _)| *n).collect()
}
