//! Band statistics read tile row by tile row: min, max, mean, standard deviation, a histogram
//! and the nodata count, in memory bounded by one row of tiles.

use serde::Serialize;

use crate::error::Result;
use crate::raster::{Raster, Window};

/// The number of histogram bins [`band_stats`] counts.
pub const HISTOGRAM_BINS: usize = 256;

/// Statistics of one band over its cells with data.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BandStats {
    /// The band, 1-based.
    pub band: usize,
    /// The smallest value (`None` when no cell has data).
    pub min: Option<f64>,
    /// The largest value.
    pub max: Option<f64>,
    /// The mean.
    pub mean: Option<f64>,
    /// The population standard deviation (numpy's `std`).
    pub std: Option<f64>,
    /// Cells with data.
    pub valid: u64,
    /// Cells without data (the nodata value or NaN).
    pub nodata: u64,
    /// Counts of values in equal bins (`HISTOGRAM_BINS` unless asked otherwise) from `min` to `max` (the last bin holds `max`).
    pub histogram: Vec<u64>,
}

impl BandStats {
    /// The value below which `fraction` of the cells lie, from the histogram (to a bin's width).
    pub fn percentile(&self, fraction: f64) -> Option<f64> {
        let (min, max) = (self.min?, self.max?);
        let target = (fraction.clamp(0.0, 1.0) * self.valid as f64).ceil() as u64;
        let width = (max - min) / self.histogram.len() as f64;
        let mut seen = 0;
        for (i, count) in self.histogram.iter().enumerate() {
            seen += count;
            if seen >= target.max(1) {
                return Some(min + width * (i as f64 + if fraction < 0.5 { 0.0 } else { 1.0 }));
            }
        }
        Some(max)
    }
}

/// Reads a band (0-based) at `level` row block by row block, calling `each` with every block
/// and its first row, and `check` between blocks (cancellation, progress as a fraction).
pub fn for_each_block(
    raster: &Raster,
    level: usize,
    band: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
    each: &mut dyn FnMut(&crate::raster::Grid, usize) -> Result<()>,
) -> Result<()> {
    for_every_nth_block(raster, level, band, 1, check, each)
}

/// The most cells [`quick_stats`] reads: past it, it reads evenly spaced row blocks.
pub const QUICK_CELLS: usize = 1 << 22;

/// [`for_each_block`] reading only every `step`-th row block.
fn for_every_nth_block(
    raster: &Raster,
    level: usize,
    band: usize,
    step: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
    each: &mut dyn FnMut(&crate::raster::Grid, usize) -> Result<()>,
) -> Result<()> {
    let l = &raster.info().levels[level];
    let rows = block_rows(raster, level);
    let mut row = 0;
    while row < l.height {
        check(row as f64 / l.height as f64)?;
        let height = rows.min(l.height - row);
        let block = raster.read(level, Window { col: 0, row, width: l.width, height }, &[band])?.remove(0);
        each(&block, row)?;
        row += rows * step.max(1);
    }
    Ok(())
}

/// The rows read at once: a row of tiles, or 64 rows of strips.
fn block_rows(raster: &Raster, level: usize) -> usize {
    let l = &raster.info().levels[level];
    l.chunk_height.clamp(1, 1024).max(if l.chunk_width == l.width { 64 } else { 1 })
}

/// The statistics of a band (0-based) at `level` (0 is exact; an overview is quicker).
pub fn band_stats(
    raster: &Raster,
    level: usize,
    band: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
) -> Result<BandStats> {
    band_stats_bins(raster, level, band, HISTOGRAM_BINS, check)
}

/// [`band_stats`] with a histogram of `bins` bins.
pub fn band_stats_bins(
    raster: &Raster,
    level: usize,
    band: usize,
    bins: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
) -> Result<BandStats> {
    stats_of_blocks(raster, level, band, bins, 1, check)
}

/// The statistics of every `step`-th row block.
fn stats_of_blocks(
    raster: &Raster,
    level: usize,
    band: usize,
    bins: usize,
    step: usize,
    check: &mut dyn FnMut(f64) -> Result<()>,
) -> Result<BandStats> {
    let bins = bins.max(1);
    let (mut min, mut max, mut valid, mut nodata) = (f64::INFINITY, f64::NEG_INFINITY, 0u64, 0u64);
    // Welford's running mean and variance: one pass, no cancellation on big values.
    let (mut mean, mut m2) = (0.0f64, 0.0f64);
    for_every_nth_block(raster, level, band, step, &mut |f| check(f * 0.5), &mut |block, _| {
        for v in block.iter() {
            if block.is_valid(v) {
                valid += 1;
                min = min.min(v);
                max = max.max(v);
                let delta = v - mean;
                mean += delta / valid as f64;
                m2 += delta * (v - mean);
            } else {
                nodata += 1;
            }
        }
        Ok(())
    })?;
    let mut histogram = vec![0u64; bins];
    if valid > 0 {
        let width = (max - min) / bins as f64;
        for_every_nth_block(raster, level, band, step, &mut |f| check(0.5 + f * 0.5), &mut |block, _| {
            for v in block.iter() {
                if block.is_valid(v) {
                    let bin = if width > 0.0 { ((v - min) / width) as usize } else { 0 };
                    histogram[bin.min(bins - 1)] += 1;
                }
            }
            Ok(())
        })?;
    }
    let some = |v: f64| (valid > 0).then_some(v);
    Ok(BandStats {
        band: band + 1,
        min: some(min),
        max: some(max),
        mean: some(mean),
        std: some((m2 / valid.max(1) as f64).sqrt()),
        valid,
        nodata,
        histogram,
    })
}

/// Quick statistics for a display stretch: from the coarsest overview, else the whole band;
/// past [`QUICK_CELLS`] cells, from evenly spaced row blocks (so opening a huge GeoTIFF without
/// overviews reads a sample of it, not all of it).
pub fn quick_stats(raster: &Raster, band: usize) -> Result<BandStats> {
    let level = raster.info().levels.len() - 1;
    let l = &raster.info().levels[level];
    let step = (l.width * l.height).div_ceil(QUICK_CELLS).max(1);
    stats_of_blocks(raster, level, band, HISTOGRAM_BINS, step, &mut |_| Ok(()))
}

/// The distinct values of a band (0-based) at `level`, sorted, at most `max` of them (more are
/// ignored: a grid of many values is not a grid of classes); past [`QUICK_CELLS`] cells, from
/// evenly spaced row blocks.
pub fn distinct_values(raster: &Raster, level: usize, band: usize, max: usize) -> Result<Vec<f64>> {
    let mut seen = std::collections::BTreeSet::new();
    let l = &raster.info().levels[level];
    let step = (l.width * l.height).div_ceil(QUICK_CELLS).max(1);
    for_every_nth_block(raster, level, band, step, &mut |_| Ok(()), &mut |block, _| {
        for v in block.iter() {
            if block.is_valid(v) && seen.len() < max {
                seen.insert(v.to_bits());
            }
        }
        Ok(())
    })?;
    let mut values: Vec<f64> = seen.into_iter().map(f64::from_bits).collect();
    values.sort_by(f64::total_cmp);
    Ok(values)
}
