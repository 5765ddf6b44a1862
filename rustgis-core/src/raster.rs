//! Raster layers: grids of cells read from GeoTIFF / Cloud Optimized GeoTIFF files, or made by
//! raster commands and held in memory.
//!
//! A [`Raster`] opened from a file holds only what its directories say ([`RasterInfo`]); cells
//! are read by window ([`Raster::read`]) from the tiles or strips the window meets, at full
//! resolution or from an overview. `geotiff.rs` reads the files, `grid.rs` holds one band in
//! memory (float32 bands as `f32`, others as `f64`) and the cell ⇄ map transform, `stats.rs` computes band statistics tile row by tile row,
//! `style.rs` says how a raster layer is drawn.

mod geotiff;
mod grid;
mod kml_overlay;
pub mod ops;
pub mod polygonize;
mod sidecars;
pub mod stats;
mod style;
pub mod terrain;
mod write;
pub mod zonal;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use geotiff::MAX_CHUNK_BYTES;
pub use grid::{Cell, CellIter, Cells, GeoTransform, Grid, MAX_GRID_CELLS};
pub(crate) use kml_overlay::overlay_raster;
pub use style::{PaletteEntry, RasterMode, RasterStyle, Resampling};
pub use write::{WriteType, write_geotiff};

use crate::error::{Error, Result};
use crate::layer::{Crs, Extent};

/// The type of a band's cells, as stored in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SampleType {
    /// Unsigned 8-bit integers (`Byte`).
    U8,
    /// Signed 8-bit integers.
    I8,
    /// Unsigned 16-bit integers.
    U16,
    /// Signed 16-bit integers.
    I16,
    /// Unsigned 32-bit integers.
    U32,
    /// Signed 32-bit integers.
    I32,
    /// 32-bit floating point.
    F32,
    /// 64-bit floating point.
    F64,
}

impl SampleType {
    /// Bytes per cell.
    pub fn bytes(self) -> usize {
        match self {
            SampleType::U8 | SampleType::I8 => 1,
            SampleType::U16 | SampleType::I16 => 2,
            SampleType::U32 | SampleType::I32 | SampleType::F32 => 4,
            SampleType::F64 => 8,
        }
    }

    /// The name GDAL and numpy use: `uint8`, `int16`, `float32`…
    pub fn name(self) -> &'static str {
        match self {
            SampleType::U8 => "uint8",
            SampleType::I8 => "int8",
            SampleType::U16 => "uint16",
            SampleType::I16 => "int16",
            SampleType::U32 => "uint32",
            SampleType::I32 => "int32",
            SampleType::F32 => "float32",
            SampleType::F64 => "float64",
        }
    }
}

/// How the file says its bands are meant to be seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Photometric {
    /// Values (elevation, grey levels, classes).
    Gray,
    /// Red, green, blue (and alpha) bands.
    Rgb,
    /// Class numbers with a colour map.
    Palette,
}

/// One resolution of a raster: the full image (level 0) or an overview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    pub(crate) ifd: usize,
    pub(crate) chunk_width: usize,
    pub(crate) chunk_height: usize,
    pub(crate) planar: bool,
    pub(crate) samples: usize,
    pub(crate) compression: u16,
    pub(crate) predictor: u16,
    /// JPEG tiles in YCbCr, which the decoder leaves unconverted.
    pub(crate) ycbcr: bool,
    /// 8-bit CMYK inks, read as red, green, blue and alpha (as GDAL reads them).
    pub(crate) cmyk: bool,
    /// How each sample is stored: whole bytes, packed bits, or a 16-bit float.
    pub(crate) packing: geotiff::Packing,
    /// How LERC chunks are stored, for a LERC-compressed image.
    pub(crate) lerc: Option<geotiff::Lerc>,
    /// MINISWHITE: the `tiff` crate inverts such samples, which GDAL gives as stored.
    pub(crate) white_is_zero: bool,
    /// Colour-mapped (PhotometricInterpretation 3): read by RustGIS itself, as the `tiff` crate
    /// would expand the colours.
    pub(crate) colour_map: bool,
    /// The last sample is an 8-bit unassociated alpha (a LERC blob stores it as its mask).
    pub(crate) alpha_last: bool,
    pub(crate) offsets: Vec<u64>,
    pub(crate) byte_counts: Vec<u64>,
}

impl Level {
    /// The size of its tiles (or of its strips: the image's width by rows per strip).
    pub fn chunk_size(&self) -> (usize, usize) {
        (self.chunk_width, self.chunk_height)
    }

    fn chunks_per_plane(&self) -> usize {
        self.width.div_ceil(self.chunk_width) * self.height.div_ceil(self.chunk_height)
    }

    fn planes(&self) -> usize {
        if self.planar { self.samples } else { 1 }
    }

    /// Whether it is stored in tiles (not strips).
    fn is_tiled_shape(&self) -> bool {
        self.chunk_width != self.width || self.width.div_ceil(self.chunk_width) > 1
    }
}

/// What a raster is: size, bands, georeferencing, CRS, nodata, levels.
#[derive(Debug, Clone, PartialEq)]
pub struct RasterInfo {
    /// The file it was read from, if any.
    pub path: Option<PathBuf>,
    /// Columns at full resolution.
    pub width: usize,
    /// Rows at full resolution.
    pub height: usize,
    /// Bands.
    pub bands: usize,
    /// The type of the cells.
    pub sample_type: SampleType,
    /// The value that marks cells without data, if any.
    pub nodata: Option<f64>,
    /// Cells ⇄ map coordinates at full resolution.
    pub transform: GeoTransform,
    /// The CRS from the GeoKeys (EPSG code), if the file names one.
    pub crs: Option<Crs>,
    /// How the bands are meant to be seen.
    pub photometric: Photometric,
    /// The colour map of a paletted raster (256 RGBA entries).
    pub palette: Option<Vec<[u8; 4]>>,
    /// The band (0-based) that is an RGB image's alpha: 0 transparent, 255 opaque.
    pub alpha: Option<usize>,
    /// Full resolution first, then the overviews from the finest to the coarsest.
    pub levels: Vec<Level>,
    /// Things worth telling the user (no georeferencing, a CRS without an EPSG code).
    pub notices: Vec<String>,
    /// Why the CRS the file's GeoKeys describe could not be read (then `crs` is `None`):
    /// opening it as a layer fails with it unless the CRS is named.
    pub crs_problem: Option<String>,
}

/// A rectangle of cells: the top-left cell and the size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The first column.
    pub col: usize,
    /// The first row.
    pub row: usize,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Window {
    /// The whole of a `width` × `height` grid.
    pub fn full(width: usize, height: usize) -> Window {
        Window { col: 0, row: 0, width, height }
    }
}

/// A raster: read from a file tile by tile, or held in memory (results of raster commands).
#[derive(Debug, Clone)]
pub struct Raster {
    info: RasterInfo,
    memory: Option<Arc<Vec<Grid>>>,
    /// The file, opened once at [`Raster::open`] and read through that descriptor for the
    /// raster's life (every tile a map draws), never opened by its path again.
    file: Option<Arc<std::fs::File>>,
}

impl Raster {
    /// Opens a GeoTIFF: reads its directories (not its cells) and checks them against the file.
    pub fn open(path: &Path) -> Result<Raster> {
        Raster::from_file(crate::io::DataFile::open(path)?)
    }

    /// [`Raster::open`] of a file already opened: read through its descriptor.
    pub fn from_file(file: crate::io::DataFile) -> Result<Raster> {
        let path = file.path().to_owned();
        let file = Arc::new(file.into_file());
        Ok(Raster { info: geotiff::open(&file, &path)?, memory: None, file: Some(file) })
    }

    /// A raster held in memory, one grid per band, all of the same size.
    pub fn from_grids(grids: Vec<Grid>, transform: GeoTransform, crs: Option<Crs>) -> Result<Raster> {
        let first = grids.first().ok_or_else(|| Error::Failed("a raster needs at least one band".to_owned()))?;
        let (width, height, nodata) = (first.width(), first.height(), first.nodata);
        if grids.iter().any(|g| g.width() != width || g.height() != height) {
            return Err(Error::Failed("every band of a raster has the same size".to_owned()));
        }
        if transform.inverse().is_none() {
            return Err(Error::Failed("a raster's cells need an area (its transform has a scale of 0)".to_owned()));
        }
        let level = Level {
            width,
            height,
            ifd: 0,
            chunk_width: width,
            chunk_height: height,
            planar: true,
            samples: grids.len(),
            compression: 1,
            predictor: 1,
            ycbcr: false,
            cmyk: false,
            packing: geotiff::Packing::Whole,
            lerc: None,
            white_is_zero: false,
            colour_map: false,
            alpha_last: false,
            offsets: Vec::new(),
            byte_counts: Vec::new(),
        };
        let info = RasterInfo {
            crs_problem: None,
            path: None,
            width,
            height,
            bands: grids.len(),
            sample_type: SampleType::F64,
            nodata,
            transform,
            crs,
            photometric: Photometric::Gray,
            palette: None,
            alpha: None,
            levels: vec![level],
            notices: Vec::new(),
        };
        Ok(Raster { info, memory: Some(Arc::new(grids)), file: None })
    }

    /// An image held in memory as a raster of 8-bit bands, as GDAL gives an image's channels
    /// bands: grey, grey and alpha, RGB or RGBA (KML ground overlays).
    pub fn from_image(image: &crate::image::Rgba, transform: GeoTransform, crs: Crs) -> Result<Raster> {
        let (width, height) = (image.width as usize, image.height as usize);
        // Which of the decoded R, G, B, A bytes each band takes.
        let channels: &[usize] = match image.channels {
            1 => &[0],
            2 => &[0, 3],
            3 => &[0, 1, 2],
            _ => &[0, 1, 2, 3],
        };
        let grids = channels
            .iter()
            .map(|&c| {
                let values = image.pixels.iter().skip(c).step_by(4).map(|v| f32::from(*v)).collect();
                Grid::from_f32_values(width, height, values, None)
            })
            .collect::<Result<Vec<_>>>()?;
        let mut raster = Raster::from_grids(grids, transform, Some(crs))?;
        raster.info.sample_type = SampleType::U8;
        if channels.len() >= 3 {
            raster.info.photometric = Photometric::Rgb;
            raster.info.alpha = (channels.len() == 4).then_some(3);
        }
        Ok(raster)
    }

    /// What the raster is.
    pub fn info(&self) -> &RasterInfo {
        &self.info
    }

    /// The file it is read from, if any.
    pub fn path(&self) -> Option<&Path> {
        if self.memory.is_some() { None } else { self.info.path.as_deref() }
    }

    /// The CRS, EPSG:4326 when the file names none.
    pub fn crs(&self) -> Crs {
        self.info.crs.unwrap_or_default()
    }

    /// The area the cells cover, in the raster's CRS.
    pub fn extent(&self) -> Option<Extent> {
        let (w, h) = (self.info.width as f64, self.info.height as f64);
        let corners = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)].map(|(c, r)| self.info.transform.apply(c, r));
        let xs = corners.map(|c| c.0);
        let ys = corners.map(|c| c.1);
        let min = |v: [f64; 4]| v.into_iter().fold(f64::INFINITY, f64::min);
        let max = |v: [f64; 4]| v.into_iter().fold(f64::NEG_INFINITY, f64::max);
        Extent::from_corners(min(xs), min(ys), max(xs), max(ys))
    }

    /// The transform of a level (overviews cover the same area with bigger cells).
    pub fn level_transform(&self, level: usize) -> GeoTransform {
        let l = &self.info.levels[level.min(self.info.levels.len() - 1)];
        self.info.transform.scaled(self.info.width as f64 / l.width as f64, self.info.height as f64 / l.height as f64)
    }

    /// The coarsest level whose cells are still no bigger than `cell_size` (in the raster's
    /// map units): what drawing a view zoomed out reads.
    pub fn level_for(&self, cell_size: f64) -> usize {
        let base = self.info.transform.0[1].hypot(self.info.transform.0[4]);
        let mut best = 0;
        for (i, level) in self.info.levels.iter().enumerate() {
            if base * self.info.width as f64 / level.width as f64 <= cell_size {
                best = i;
            }
        }
        best
    }

    /// Reads the cells of `bands` (0-based) in `window` of `level` (0 is full resolution). Cells
    /// outside the raster are nodata (`NaN` when it has no nodata value).
    pub fn read(&self, level: usize, window: Window, bands: &[usize]) -> Result<Vec<Grid>> {
        if let Some(band) = bands.iter().find(|b| **b >= self.info.bands) {
            return Err(Error::invalid(
                "band",
                format!("band {} does not exist; the raster has bands 1 to {}", band + 1, self.info.bands),
            ));
        }
        match (&self.memory, &self.file, &self.info.path) {
            (Some(grids), _, _) => bands.iter().map(|b| copy_window(&grids[*b], window)).collect(),
            (None, Some(file), Some(path)) => geotiff::read(&self.info, file, path, level, window, bands),
            _ => Err(Error::Failed("a raster with neither cells nor a file".to_owned())),
        }
    }

    /// Reads one whole band at full resolution (refused past [`MAX_GRID_CELLS`]).
    pub fn read_band(&self, band: usize) -> Result<Grid> {
        let window = Window::full(self.info.width, self.info.height);
        Ok(self.read(0, window, &[band])?.remove(0))
    }

    /// The in-memory bands, if the raster is held in memory.
    pub fn grids(&self) -> Option<&[Grid]> {
        self.memory.as_deref().map(Vec::as_slice)
    }
}

/// A window of an in-memory grid, in the grid's storage (cells outside it are nodata).
fn copy_window(grid: &Grid, window: Window) -> Result<Grid> {
    let fill = grid.nodata.unwrap_or(f64::NAN);
    let f32_cells = matches!(grid.cells(), Cells::F32(_)) && grid::fits_f32(fill);
    let mut out = Grid::zeroed(window.width, window.height, f32_cells, grid.nodata)?;
    let cols = window.col.min(grid.width())..(window.col + window.width).min(grid.width());
    for row in 0..window.height {
        let src_row = window.row + row;
        let range = row * window.width..(row + 1) * window.width;
        let mut cells = out.storage_mut();
        cells.fill(range.clone(), fill);
        if src_row < grid.height() {
            cells.copy_from(range.start, grid.row(src_row), cols.clone());
        }
    }
    Ok(out)
}
