//! Colour ramps for graduated styles and palettes for categorized ones.
//!
//! Sequential and diverging ramps are ColorBrewer's (Cynthia Brewer, Apache-2.0) and
//! matplotlib's perceptual ramps (viridis, magma, plasma, inferno, cividis; CC0), stored as
//! evenly spaced stops and interpolated in sRGB. A ramp name ending in `_r` runs backwards.

pub use crate::error::RampError;
use crate::style::Color;

/// A named colour ramp: stops from low to high.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ramp {
    name: &'static str,
    stops: &'static [u32],
    /// The part of the stops that classes are sampled from: the palest ColorBrewer stop is
    /// nearly white and vanishes on a light map, so sequential ramps start a little in.
    start: f64,
    reversed: bool,
}

impl Ramp {
    /// Every ramp name, for error messages and docs.
    pub fn names() -> Vec<&'static str> {
        RAMPS.iter().map(|(name, _, _)| *name).collect()
    }

    /// The ramp with this name (case-insensitive); `name_r` is the ramp reversed.
    pub fn by_name(name: &str) -> Result<Ramp, RampError> {
        let lower = name.trim().to_ascii_lowercase();
        let (base, reversed) = match lower.strip_suffix("_r") {
            Some(base) => (base, true),
            None => (lower.as_str(), false),
        };
        RAMPS
            .iter()
            .find(|(n, _, _)| *n == base)
            .map(|(name, stops, start)| Ramp { name, stops, start: *start, reversed })
            .ok_or_else(|| RampError::Unknown { name: name.to_owned(), ramps: Ramp::names() })
    }

    /// The ramp's name, with `_r` when reversed.
    pub fn name(&self) -> String {
        if self.reversed { format!("{}_r", self.name) } else { self.name.to_owned() }
    }

    /// The colour at `t` (0 = low end, 1 = high end), interpolated between stops.
    pub fn at(&self, t: f64) -> Color {
        let t = t.clamp(0.0, 1.0);
        self.stop_at(if self.reversed { 1.0 - t } else { t })
    }

    /// The colour at `t` along the stops as stored, ignoring reversal.
    fn stop_at(&self, t: f64) -> Color {
        let last = self.stops.len() - 1;
        let pos = t * last as f64;
        let idx = (pos.floor() as usize).min(last.saturating_sub(1));
        let frac = pos - idx as f64;
        let a = hex_color(self.stops[idx]);
        let b = hex_color(self.stops[(idx + 1).min(last)]);
        let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * frac).round() as u8;
        Color::rgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
    }

    /// `n` colours for `n` classes, low to high, spread over the usable part of the ramp.
    pub fn colors(&self, n: usize) -> Vec<Color> {
        match n {
            0 => Vec::new(),
            1 => vec![self.stop_at(1.0)],
            _ => (0..n)
                .map(|i| {
                    let u = i as f64 / (n - 1) as f64;
                    let u = if self.reversed { 1.0 - u } else { u };
                    self.stop_at(self.start + (1.0 - self.start) * u)
                })
                .collect(),
        }
    }
}

/// A qualitative palette: distinct colours for categories, used in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    name: &'static str,
    colors: &'static [u32],
}

impl Palette {
    /// Every palette name.
    pub fn names() -> Vec<&'static str> {
        PALETTES.iter().map(|(name, _)| *name).collect()
    }

    /// The palette with this name (case-insensitive).
    pub fn by_name(name: &str) -> Option<Palette> {
        let lower = name.trim().to_ascii_lowercase();
        PALETTES.iter().find(|(n, _)| *n == lower).map(|(name, colors)| Palette { name, colors })
    }

    /// The palette's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The `idx`-th colour. Past the end, colours continue around the hue circle by the golden
    /// angle, so every category still gets its own colour.
    pub fn color(&self, idx: usize) -> Color {
        match self.colors.get(idx) {
            Some(&hex) => hex_color(hex),
            None => golden_hue(idx - self.colors.len()),
        }
    }
}

/// `n` distinct colours: from a palette (`set3`), a ramp sampled evenly (`viridis`), or, past a
/// palette's end, more hues.
pub fn category_colors(name: &str, n: usize) -> Result<Vec<Color>, RampError> {
    if let Some(palette) = Palette::by_name(name) {
        return Ok((0..n).map(|i| palette.color(i)).collect());
    }
    match Ramp::by_name(name) {
        Ok(ramp) => Ok(ramp.colors(n)),
        Err(_) => {
            Err(RampError::UnknownPalette { name: name.to_owned(), palettes: Palette::names(), ramps: Ramp::names() })
        }
    }
}

fn hex_color(hex: u32) -> Color {
    Color::rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// A mid-light colour whose hue steps by the golden angle per index.
fn golden_hue(idx: usize) -> Color {
    let hue = (idx as f64 * 137.507_764 + 20.0) % 360.0;
    let (s, l) = (0.55, 0.62);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let to = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Color::rgb(to(r), to(g), to(b))
}

/// Sequential ramps start 15 % in (their palest stop is nearly white); perceptual and
/// diverging ramps use their full length.
const SEQ: f64 = 0.15;

#[rustfmt::skip]
const RAMPS: &[(&str, &[u32], f64)] = &[
    ("viridis", &[0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaddc30, 0xfde725], 0.0),
    ("magma", &[0x000004, 0x1c1044, 0x4f127b, 0x812581, 0xb5367a, 0xe55064, 0xfb8861, 0xfec287, 0xfcfdbf], 0.0),
    ("plasma", &[0x0d0887, 0x4c02a1, 0x7e03a8, 0xa92395, 0xcc4778, 0xe56b5d, 0xf89540, 0xfdc527, 0xf0f921], 0.0),
    ("inferno", &[0x000004, 0x1f0c48, 0x550f6d, 0x88226a, 0xba3655, 0xe35933, 0xf98e09, 0xf9cb35, 0xfcffa4], 0.0),
    ("cividis", &[0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173, 0x8a8779, 0xa69d75, 0xc4b56c, 0xe4cf5b, 0xfee838], 0.0),
    ("blues", &[0xf7fbff, 0xdeebf7, 0xc6dbef, 0x9ecae1, 0x6baed6, 0x4292c6, 0x2171b5, 0x08519c, 0x08306b], SEQ),
    ("greens", &[0xf7fcf5, 0xe5f5e0, 0xc7e9c0, 0xa1d99b, 0x74c476, 0x41ab5d, 0x238b45, 0x006d2c, 0x00441b], SEQ),
    ("reds", &[0xfff5f0, 0xfee0d2, 0xfcbba1, 0xfc9272, 0xfb6a4a, 0xef3b2c, 0xcb181d, 0xa50f15, 0x67000d], SEQ),
    ("oranges", &[0xfff5eb, 0xfee6ce, 0xfdd0a2, 0xfdae6b, 0xfd8d3c, 0xf16913, 0xd94801, 0xa63603, 0x7f2704], SEQ),
    ("purples", &[0xfcfbfd, 0xefedf5, 0xdadaeb, 0xbcbddc, 0x9e9ac8, 0x807dba, 0x6a51a3, 0x54278f, 0x3f007d], SEQ),
    ("greys", &[0xffffff, 0xf0f0f0, 0xd9d9d9, 0xbdbdbd, 0x969696, 0x737373, 0x525252, 0x252525, 0x000000], SEQ),
    ("ylorrd", &[0xffffcc, 0xffeda0, 0xfed976, 0xfeb24c, 0xfd8d3c, 0xfc4e2a, 0xe31a1c, 0xbd0026, 0x800026], SEQ),
    ("ylgnbu", &[0xffffd9, 0xedf8b1, 0xc7e9b4, 0x7fcdbb, 0x41b6c4, 0x1d91c0, 0x225ea8, 0x253494, 0x081d58], SEQ),
    ("ylgn", &[0xffffe5, 0xf7fcb9, 0xd9f0a3, 0xaddd8e, 0x78c679, 0x41ab5d, 0x238443, 0x006837, 0x004529], SEQ),
    ("orrd", &[0xfff7ec, 0xfee8c8, 0xfdd49e, 0xfdbb84, 0xfc8d59, 0xef6548, 0xd7301f, 0xb30000, 0x7f0000], SEQ),
    ("pubu", &[0xfff7fb, 0xece7f2, 0xd0d1e6, 0xa6bddb, 0x74a9cf, 0x3690c0, 0x0570b0, 0x045a8d, 0x023858], SEQ),
    ("bupu", &[0xf7fcfd, 0xe0ecf4, 0xbfd3e6, 0x9ebcda, 0x8c96c6, 0x8c6bb1, 0x88419d, 0x810f7c, 0x4d004b], SEQ),
    ("spectral", &[0x9e0142, 0xd53e4f, 0xf46d43, 0xfdae61, 0xfee08b, 0xffffbf, 0xe6f598, 0xabdda4, 0x66c2a5, 0x3288bd, 0x5e4fa2], 0.0),
    ("rdylgn", &[0xa50026, 0xd73027, 0xf46d43, 0xfdae61, 0xfee08b, 0xffffbf, 0xd9ef8b, 0xa6d96a, 0x66bd63, 0x1a9850, 0x006837], 0.0),
    ("rdylbu", &[0xa50026, 0xd73027, 0xf46d43, 0xfdae61, 0xfee090, 0xffffbf, 0xe0f3f8, 0xabd9e9, 0x74add1, 0x4575b4, 0x313695], 0.0),
    ("rdbu", &[0x67001f, 0xb2182b, 0xd6604d, 0xf4a582, 0xfddbc7, 0xf7f7f7, 0xd1e5f0, 0x92c5de, 0x4393c3, 0x2166ac, 0x053061], 0.0),
    ("brbg", &[0x543005, 0x8c510a, 0xbf812d, 0xdfc27d, 0xf6e8c3, 0xf5f5f5, 0xc7eae5, 0x80cdc1, 0x35978f, 0x01665e, 0x003c30], 0.0),
    ("piyg", &[0x8e0152, 0xc51b7d, 0xde77ae, 0xf1b6da, 0xfde0ef, 0xf7f7f7, 0xe6f5d0, 0xb8e186, 0x7fbc41, 0x4d9221, 0x276419], 0.0),
    ("puor", &[0x7f3b08, 0xb35806, 0xe08214, 0xfdb863, 0xfee0b6, 0xf7f7f7, 0xd8daeb, 0xb2abd2, 0x8073ac, 0x542788, 0x2d004b], 0.0),
];

#[rustfmt::skip]
const PALETTES: &[(&str, &[u32])] = &[
    ("tableau10", &[0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac]),
    ("set1", &[0xe41a1c, 0x377eb8, 0x4daf4a, 0x984ea3, 0xff7f00, 0xffff33, 0xa65628, 0xf781bf, 0x999999]),
    ("set2", &[0x66c2a5, 0xfc8d62, 0x8da0cb, 0xe78ac3, 0xa6d854, 0xffd92f, 0xe5c494, 0xb3b3b3]),
    ("set3", &[0x8dd3c7, 0xffffb3, 0xbebada, 0xfb8072, 0x80b1d3, 0xfdb462, 0xb3de69, 0xfccde5, 0xd9d9d9, 0xbc80bd, 0xccebc5, 0xffed6f]),
    ("pastel1", &[0xfbb4ae, 0xb3cde3, 0xccebc5, 0xdecbe4, 0xfed9a6, 0xffffcc, 0xe5d8bd, 0xfddaec, 0xf2f2f2]),
    ("pastel2", &[0xb3e2cd, 0xfdcdac, 0xcbd5e8, 0xf4cae4, 0xe6f5c9, 0xfff2ae, 0xf1e2cc, 0xcccccc]),
    ("dark2", &[0x1b9e77, 0xd95f02, 0x7570b3, 0xe7298a, 0x66a61e, 0xe6ab02, 0xa6761d, 0x666666]),
    ("paired", &[0xa6cee3, 0x1f78b4, 0xb2df8a, 0x33a02c, 0xfb9a99, 0xe31a1c, 0xfdbf6f, 0xff7f00, 0xcab2d6, 0x6a3d9a, 0xffff99, 0xb15928]),
    ("accent", &[0x7fc97f, 0xbeaed4, 0xfdc086, 0xffff99, 0x386cb0, 0xf0027f, 0xbf5b17, 0x666666]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viridis_runs_from_purple_to_yellow() {
        let ramp = Ramp::by_name("Viridis").expect("known ramp");
        assert_eq!(ramp.at(0.0), Color::rgb(0x44, 0x01, 0x54));
        assert_eq!(ramp.at(1.0), Color::rgb(0xfd, 0xe7, 0x25));
    }

    #[test]
    fn a_reversed_ramp_swaps_its_ends() {
        let colors = Ramp::by_name("rdbu_r").expect("reversed ramp").colors(3);
        assert_eq!(colors[0], Color::rgb(0x05, 0x30, 0x61));
        assert_eq!(colors[2], Color::rgb(0x67, 0x00, 0x1f));
    }

    #[test]
    fn sequential_classes_skip_the_nearly_white_end() {
        let first = Ramp::by_name("blues").expect("blues").colors(5)[0];
        assert!(first.r < 0xf0, "{first}");
    }

    #[test]
    fn an_unknown_ramp_lists_the_known_ones() {
        let err = Ramp::by_name("rainbow").expect_err("not a ramp").to_string();
        assert!(err.contains("viridis") && err.contains("spectral"), "{err}");
    }

    #[test]
    fn palettes_keep_giving_distinct_colours_past_their_end() {
        let colors = category_colors("set2", 20).expect("set2");
        let distinct: std::collections::HashSet<Color> = colors.iter().copied().collect();
        assert_eq!(distinct.len(), 20);
    }
}
