//! GPX files (placeholder while the reader is written).

use std::io::Write;
use std::path::Path;

use super::ReadData;
use crate::error::{Error, Result};
use crate::layer::{Extent, Layer};

/// Reads a GPX file.
pub fn read_file(path: &Path, _bbox: Option<Extent>) -> Result<ReadData> {
    Err(Error::Failed(format!("cannot read {}: not yet", path.display())))
}

/// Writes a layer as GPX.
pub fn write(_layer: &Layer, _out: &mut impl Write, origin: &Path) -> Result<()> {
    Err(Error::Failed(format!("cannot write {}: not yet", origin.display())))
}
