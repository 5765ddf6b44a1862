//! Members of zip archives (`.zip` Shapefiles, `.kmz`), read into memory under a limit that a zip
//! bomb cannot get past: the bytes actually inflated are counted, whatever the archive declares.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};

/// However small the archive, its members may inflate to this much in all.
const MIN_LIMIT: u64 = 64 << 20;
/// Members may inflate to this many times the archive's size on disk (real GIS data compresses
/// five to ten times; a zip bomb a thousand times or more).
const MAX_RATIO: u64 = 200;
/// The most any archive may inflate to, however large it is.
const MAX_LIMIT: u64 = 4 << 30;
/// The most members an archive may have.
const MAX_MEMBERS: usize = 10_000;

/// An open archive with the budget of bytes its members may still inflate to.
pub(crate) struct Archive {
    archive: zip::ZipArchive<File>,
    path: std::path::PathBuf,
    budget: u64,
}

impl Archive {
    /// Opens the archive at `path` ([`super::open_regular`]).
    pub(crate) fn open(path: &Path) -> Result<Archive> {
        Archive::of(super::open_regular(path)?, path)
    }

    /// The archive in `file`, opened at `path`.
    pub(crate) fn of(file: File, path: &Path) -> Result<Archive> {
        let size = file
            .metadata()
            .map_err(|source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source })?
            .len();
        let archive = zip::ZipArchive::new(file).map_err(|e| damaged(path, &e))?;
        if archive.len() > MAX_MEMBERS {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "the central directory".to_owned(),
                message: format!(
                    "the archive has {} members; RustGIS reads archives of at most {MAX_MEMBERS}",
                    archive.len()
                ),
            });
        }
        let budget = size.saturating_mul(MAX_RATIO).clamp(MIN_LIMIT, MAX_LIMIT);
        Ok(Archive { archive, path: path.to_owned(), budget })
    }

    /// The names of the members, in archive order.
    pub(crate) fn names(&self) -> Result<Vec<String>> {
        self.archive
            .file_names()
            .map(|name| name.map(std::borrow::Cow::into_owned).map_err(|e| damaged(&self.path, &e)))
            .collect()
    }

    /// The bytes of the member `name`, inflated under the archive's remaining budget.
    pub(crate) fn read(&mut self, name: &str) -> Result<Vec<u8>> {
        let path = self.path.clone();
        let budget = self.budget;
        let member = self.archive.by_name(name).map_err(|e| damaged(&path, &e))?;
        let mut out = Vec::with_capacity(member.size().min(budget).min(MIN_LIMIT) as usize);
        let read = member.take(budget + 1).read_to_end(&mut out);
        read.map_err(|e| Error::Data {
            path: path.clone(),
            position: format!("member {name}"),
            message: format!("the archive is damaged: {e}"),
        })?;
        if out.len() as u64 > budget {
            return Err(Error::Data {
                path,
                position: format!("member {name}"),
                message: format!(
                    "the archive inflates to more than {} MiB, over {MAX_RATIO} times its size on disk: it looks like \
                     a zip bomb and was not read (unzip it yourself if it is real data)",
                    budget >> 20
                ),
            });
        }
        self.budget -= out.len() as u64;
        Ok(out)
    }
}

/// The members of an archive whose names end with `extension` (any case), skipping macOS
/// resource forks.
pub(crate) fn with_extension(names: &[String], extension: &str) -> Vec<String> {
    names
        .iter()
        .filter(|name| !name.starts_with("__MACOSX/"))
        .filter(|name| {
            Path::new(name).extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case(extension))
        })
        .cloned()
        .collect()
}

fn damaged(path: &Path, error: &zip::result::ZipError) -> Error {
    Error::Data {
        path: path.to_owned(),
        position: "the central directory".to_owned(),
        message: format!("not a readable zip archive: {error}"),
    }
}

/// A zip archive of the named members, deflated.
pub(crate) fn archive_of(members: &[(String, Vec<u8>)]) -> zip::result::ZipResult<Vec<u8>> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in members {
        writer.start_file(name.as_str(), options)?;
        std::io::Write::write_all(&mut writer, bytes)?;
    }
    Ok(writer.finish()?.into_inner())
}
