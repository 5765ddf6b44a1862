//! Builds PROJ, the coordinate transformation library RustGIS reprojects with, from the sources in
//! `vendor/proj` (PROJ 9.6.2, unchanged, see `vendor/proj/README.RustGIS.md`), and its database
//! `proj.db` from the SQL files PROJ ships.
//!
//! Nothing but a C/C++ compiler is needed: no CMake, no `sqlite3` program, no system PROJ. The
//! library is compiled with `cc` as a unity build (sources included in batches, as PROJ's own
//! `CMAKE_UNITY_BUILD` does), always optimised, because tests reproject millions of points. It
//! links against the SQLite that `libsqlite3-sys` bundles. `proj.db` is made here with the
//! (build-time) bundled SQLite, deflated, and embedded in the Rust library; PROJ reads it from
//! memory through its `EMBED_RESOURCE_FILES` hook, which `src/crs/proj_ffi.rs` answers.
//!
//! PROJ reads datum grids in GeoTIFF (as PROJ-data ships them) through libtiff 4.7.0, also
//! vendored (`vendor/libtiff`, with Debian's security patches), compiled the same way with
//! deflate from the zlib `libz-sys` builds, and linked into the same library.
//!
//! Compiling PROJ takes a few minutes on two cores, so the library is kept once per target
//! folder and profile (`target/<profile>/proj-9.6.2-<key>/`) under a key of the sources, the
//! compiler and its flags: `cargo clippy`, `cargo test` and the package check then build it once.

// Files here go to OUT_DIR and the target folder, written whole then renamed (`put`), not through
// the library's io::atomic, which a build script cannot use.
#![allow(clippy::disallowed_methods)]

use std::collections::hash_map::DefaultHasher;
use std::env;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

const PROJ_VERSION: &str = "9.6.2";
const LIBTIFF_VERSION: &str = "4.7.0";
const LIBTIFF_RELEASE_DATE: &str = "20240911";

/// libtiff's codecs built here: the ones PROJ-data's grids and GDAL's defaults use (deflate,
/// LZW, PackBits…); JPEG, WebP, LERC, LZMA, ZSTD and JBIG are left out (no grid uses them).
const LIBTIFF_LEFT_OUT: &[&str] = &[
    "mkg3states.c",
    "mkspans.c",
    "tif_jbig.c",
    "tif_jpeg.c",
    "tif_jpeg_12.c",
    "tif_lerc.c",
    "tif_lzma.c",
    "tif_ojpeg.c",
    "tif_webp.c",
    "tif_zstd.c",
];

/// The SQL files that make `proj.db`, in the order of PROJ's `data/sql_filelist.cmake` without
/// its extra validation (which the PROJ release already passed): the consistency triggers come
/// after the data, as PROJ's own default build does.
const SQL_FILES: &[&str] = &[
    "begin",
    "proj_db_table_defs",
    "customizations_early",
    "metadata",
    "unit_of_measure",
    "extent",
    "scope",
    "coordinate_system",
    "axis",
    "ellipsoid",
    "prime_meridian",
    "geodetic_datum",
    "geodetic_datum_ensemble_member",
    "vertical_datum",
    "vertical_datum_ensemble_member",
    "engineering_datum",
    "conversion",
    "geodetic_crs",
    "projected_crs",
    "vertical_crs",
    "compound_crs",
    "engineering_crs",
    "helmert_transformation",
    "grid_transformation",
    "grid_transformation_custom",
    "other_transformation",
    "other_transformation_custom",
    "concatenated_operation",
    "concatenated_operation_step",
    "alias_name",
    "supersession",
    "deprecation",
    "esri",
    "ignf",
    "nkg",
    "iau",
    "nrcan",
    "grid_alternatives",
    "grid_alternatives_generated_noaa",
    "nadcon5_concatenated_operations",
    "wgs84_realizations_concatenated_operations",
    "customizations",
    "nkg_post_customizations",
    "commit",
    "consistency_checks_triggers",
    "conversion_triggers",
    "conversion_triggers_hand_written",
    "analyze_vacuum",
];

/// Sources PROJ's CMake keeps out of its unity batches (they clash with their neighbours).
const OUTSIDE_UNITY: &[&str] = &[
    "list.cpp",
    "transformations/defmodel.cpp",
    "transformations/tinshift.cpp",
    "wkt1_parser.cpp",
    "wkt2_parser.cpp",
    "wkt1_generated_parser.c",
    "wkt2_generated_parser.c",
];

/// CMake's default unity batch size, which PROJ's unity build is tested with.
const UNITY_BATCH: usize = 8;

type BoxError = Box<dyn std::error::Error>;

fn main() -> Result<(), BoxError> {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?);
    let vendor = manifest.join("vendor/proj");
    let out = PathBuf::from(env::var("OUT_DIR")?);
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=vendor/proj");
    println!("cargo:rerun-if-changed=vendor/libtiff");
    make_proj_db(&vendor, &out)?;
    build_proj(&vendor, &out)?;
    Ok(())
}

/// `proj.db` from PROJ's SQL, deflated into `OUT_DIR/proj.db.deflate`.
fn make_proj_db(vendor: &Path, out: &Path) -> Result<(), BoxError> {
    let target = out.join("proj.db.deflate");
    let mut sql = String::new();
    for name in SQL_FILES {
        let path = vendor.join("data/sql").join(format!("{name}.sql"));
        sql.push_str(&fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?);
        sql.push('\n');
    }
    let sql = sql.replace("${PROJ_VERSION}", PROJ_VERSION);
    let key = key_of(&[sql.as_bytes()]);
    let stamp = out.join("proj.db.key");
    if target.exists() && fs::read_to_string(&stamp).ok().as_deref() == Some(key.as_str()) {
        return Ok(());
    }
    let db_path = out.join("proj.db");
    let _ = fs::remove_file(&db_path);
    {
        let db = rusqlite::Connection::open(&db_path)?;
        db.execute_batch(&sql).map_err(|e| format!("building proj.db from PROJ's SQL failed: {e}"))?;
    }
    let bytes = fs::read(&db_path)?;
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(6));
    encoder.write_all(&bytes)?;
    put(&target, &encoder.finish()?)?;
    put(&out.join("proj.db.len"), bytes.len().to_string().as_bytes())?;
    fs::remove_file(&db_path)?;
    put(&stamp, key.as_bytes())?;
    Ok(())
}

/// The library's sources in the order of PROJ's `src/lib_proj.cmake` (core, conversions,
/// projections, transformations, ISO 19111), whose unity batches PROJ's CI builds: the order
/// matters, because a batch shares one translation unit and its files' macros.
fn proj_sources(src: &Path) -> Result<Vec<String>, BoxError> {
    let cmake = fs::read_to_string(src.join("lib_proj.cmake"))?;
    let mut lists: Vec<(String, Vec<String>)> = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in cmake.lines() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix("set(SRC_LIBPROJ_") {
            current = Some((name.trim().to_owned(), Vec::new()));
            continue;
        }
        if let Some((_, files)) = current.as_mut() {
            if line.starts_with(')') {
                lists.extend(current.take());
            } else if (line.ends_with(".cpp") || line.ends_with(".c")) && !line.contains('$') {
                files.push(line.to_owned());
            }
        }
    }
    let mut sources = Vec::new();
    for part in ["CORE", "CONVERSIONS", "PROJECTIONS", "TRANSFORMATIONS", "ISO19111"] {
        let (_, files) = lists
            .iter()
            .find(|(name, _)| name == part)
            .ok_or_else(|| format!("src/lib_proj.cmake has no SRC_LIBPROJ_{part} list"))?;
        sources.extend(files.iter().cloned());
    }
    // RustGIS answers PROJ's embedded-resource hooks itself (src/crs/proj_ffi.rs), and memvfs.c,
    // which EMBED_RESOURCE_FILES adds, serves the database from memory.
    sources.retain(|n| n != "embedded_resources.c");
    sources.push("memvfs.c".to_owned());
    for name in &sources {
        if !src.join(name).is_file() {
            return Err(format!("vendor/proj/src/{name} is missing").into());
        }
    }
    Ok(sources)
}

/// Compiles libproj (static) and tells cargo to link it, with the C++ runtime.
fn build_proj(vendor: &Path, out: &Path) -> Result<(), BoxError> {
    let src = vendor.join("src");
    let sources = proj_sources(&src)?;

    let gen_dir = out.join("proj-gen");
    fs::create_dir_all(&gen_dir)?;
    write_if_changed(
        &gen_dir.join("proj_config.h"),
        &format!(
            "/* PROJ {PROJ_VERSION}, configured by rustgis-core/build.rs as its CMake would on this system */\n\
             #define HAVE_LOCALECONV 1\n#define HAVE_STRERROR 1\n"
        ),
    )?;
    write_libtiff_config(&gen_dir)?;
    let zlib_include =
        PathBuf::from(env::var("DEP_Z_INCLUDE").map_err(|_| "libz-sys did not say where zlib.h is (DEP_Z_INCLUDE)")?);
    let tiff_src = vendor.parent().ok_or("vendor has a parent")?.join("libtiff/libtiff");
    let windows = env::var("CARGO_CFG_WINDOWS").is_ok();
    let mut tiff_sources: Vec<String> = fs::read_dir(&tiff_src)?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c") && !LIBTIFF_LEFT_OUT.contains(&n.as_str()))
        .filter(|n| if windows { n != "tif_unix.c" } else { n != "tif_win32.c" })
        .collect();
    tiff_sources.sort();
    let sqlite_include = PathBuf::from(
        env::var("DEP_SQLITE3_INCLUDE")
            .map_err(|_| "libsqlite3-sys did not say where sqlite3.h is (DEP_SQLITE3_INCLUDE)")?,
    );

    let (c_files, cpp_files): (Vec<&String>, Vec<&String>) = sources.iter().partition(|n| n.ends_with(".c"));
    let (alone, batched): (Vec<&String>, Vec<&String>) =
        cpp_files.into_iter().partition(|n| OUTSIDE_UNITY.contains(&n.as_str()));
    let mut unity_files = Vec::new();
    for (i, batch) in batched.chunks(UNITY_BATCH).enumerate() {
        let path = gen_dir.join(format!("unity_{i}.cpp"));
        let mut text = String::new();
        for name in batch {
            text.push_str(&format!("#include \"{}\"\n", src.join(name).display()));
        }
        write_if_changed(&path, &text)?;
        unity_files.push(path);
    }

    let target = env::var("TARGET")?;
    let unix = env::var("CARGO_CFG_UNIX").is_ok();
    let msvc = target.contains("msvc");
    let mut defines: Vec<(&str, Option<&str>)> =
        vec![("EMBED_RESOURCE_FILES", None), ("PROJ_DLL", Some("")), ("TIFF_ENABLED", None)];
    if unix {
        defines.push(("PROJ_HAS_PTHREADS", None));
    }
    if msvc || target.contains("windows") {
        defines.push(("NOMINMAX", None));
    }
    let configure = |build: &mut cc::Build, cpp: bool| {
        build
            .include(vendor.join("include"))
            .include(&src)
            .include(&gen_dir)
            .include(&tiff_src)
            .include(&zlib_include)
            .include(&sqlite_include)
            .opt_level(2)
            .debug(false)
            .warnings(false)
            .cargo_metadata(false);
        if cpp {
            build.cpp(true).std("c++17");
        }
        for (name, value) in &defines {
            build.define(name, *value);
        }
    };

    // The key: every source byte, the compiler and its flags.
    let mut probe = cc::Build::new();
    configure(&mut probe, true);
    let compiler = probe.get_compiler();
    let mut hasher = DefaultHasher::new();
    PROJ_VERSION.hash(&mut hasher);
    target.hash(&mut hasher);
    compiler.path().hash(&mut hasher);
    for arg in compiler.args() {
        arg.hash(&mut hasher);
    }
    for name in &sources {
        name.hash(&mut hasher);
        fs::read(src.join(name))?.hash(&mut hasher);
    }
    hash_dir(&vendor.join("include"), &mut hasher)?;
    hash_dir(&tiff_src, &mut hasher)?;
    fs::read(gen_dir.join("tif_config.h"))?.hash(&mut hasher);
    fs::read(gen_dir.join("tiffconf.h"))?.hash(&mut hasher);
    for header in ["proj.h", "proj_internal.h", "proj_experimental.h", "proj_constants.h", "proj_symbol_rename.h"] {
        fs::read(src.join(header))?.hash(&mut hasher);
    }
    let key = format!("{:016x}", hasher.finish());
    let cache = cache_dir(out)?.join(format!("proj-{PROJ_VERSION}-{key}"));
    let lib_name = "rustgis_proj";
    let lib_file = cache.join(if msvc { format!("{lib_name}.lib") } else { format!("lib{lib_name}.a") });
    if !lib_file.exists() {
        let building = cache.with_extension(format!("building-{}", std::process::id()));
        fs::create_dir_all(&building)?;
        let mut cpp = cc::Build::new();
        configure(&mut cpp, true);
        cpp.out_dir(&building).files(&unity_files).files(alone.iter().map(|n| src.join(n)));
        let mut c = cc::Build::new();
        configure(&mut c, false);
        c.out_dir(&building).files(c_files.iter().map(|n| src.join(n)));
        let mut tiff = cc::Build::new();
        configure(&mut tiff, false);
        tiff.out_dir(&building).files(tiff_sources.iter().map(|n| tiff_src.join(n)));
        let mut objects = cpp.compile_intermediates();
        objects.extend(c.compile_intermediates());
        objects.extend(tiff.compile_intermediates());
        let mut archive = cc::Build::new();
        configure(&mut archive, true);
        archive.out_dir(&building).objects(&objects).compile(lib_name);
        for object in &objects {
            let _ = fs::remove_file(object);
        }
        // Another build of the same key may have won the race; either library is the same.
        if fs::rename(&building, &cache).is_err() {
            let _ = fs::remove_dir_all(&building);
        }
    }
    println!("cargo:rustc-link-search=native={}", cache.display());
    println!("cargo:rustc-link-lib=static={lib_name}");
    if !msvc {
        let stdlib = if target.contains("apple") || target.contains("freebsd") { "c++" } else { "stdc++" };
        println!("cargo:rustc-link-lib={stdlib}");
    }
    Ok(())
}

/// libtiff's `tif_config.h`, `tiffconf.h` and `tiffvers.h`, as its CMake writes them for this
/// target with the codecs above.
fn write_libtiff_config(dir: &Path) -> Result<(), BoxError> {
    let unix = env::var("CARGO_CFG_UNIX").is_ok();
    let big_endian = env::var("CARGO_CFG_TARGET_ENDIAN")? == "big";
    let pointer_bytes: u32 = env::var("CARGO_CFG_TARGET_POINTER_WIDTH")?.parse::<u32>()? / 8;
    let ssize = if pointer_bytes == 8 { "int64_t" } else { "int32_t" };
    let tiffconf = format!(
        "#ifndef _TIFFCONF_\n#define _TIFFCONF_\n#include <stddef.h>\n#include <stdint.h>\n#include <inttypes.h>\n\
         #define TIFF_INT16_T int16_t\n#define TIFF_INT32_T int32_t\n#define TIFF_INT64_T int64_t\n\
         #define TIFF_INT8_T int8_t\n#define TIFF_UINT16_T uint16_t\n#define TIFF_UINT32_T uint32_t\n\
         #define TIFF_UINT64_T uint64_t\n#define TIFF_UINT8_T uint8_t\n#define TIFF_SSIZE_T {ssize}\n\
         #define HAVE_IEEEFP 1\n#define HOST_FILLORDER FILLORDER_LSB2MSB\n#define HOST_BIGENDIAN {}\n\
         #define CCITT_SUPPORT 1\n#define LOGLUV_SUPPORT 1\n#define LZW_SUPPORT 1\n#define NEXT_SUPPORT 1\n\
         #define PACKBITS_SUPPORT 1\n#define PIXARLOG_SUPPORT 1\n#define THUNDER_SUPPORT 1\n#define ZIP_SUPPORT 1\n\
         #define STRIPCHOP_DEFAULT TIFF_STRIPCHOP\n#define SUBIFD_SUPPORT 1\n#define DEFAULT_EXTRASAMPLE_AS_ALPHA 1\n\
         #define CHECK_JPEG_YCBCR_SUBSAMPLING 1\n#define MDI_SUPPORT 1\n#define COLORIMETRY_SUPPORT\n\
         #define YCBCR_SUPPORT\n#define CMYK_SUPPORT\n#define ICC_SUPPORT\n#define PHOTOSHOP_SUPPORT\n\
         #define IPTC_SUPPORT\n#endif\n",
        u8::from(big_endian)
    );
    let mut config = String::from("#include \"tiffconf.h\"\n#define HAVE_ASSERT_H 1\n#define HAVE_FCNTL_H 1\n");
    config.push_str("#define HAVE_SYS_TYPES_H 1\n");
    if unix {
        config.push_str(
            "#define HAVE_FSEEKO 1\n#define HAVE_MMAP 1\n#define HAVE_STRINGS_H 1\n#define HAVE_UNISTD_H 1\n",
        );
    } else {
        config.push_str("#define USE_WIN32_FILEIO 1\n#define HAVE_IO_H 1\n");
    }
    if big_endian {
        config.push_str("#define WORDS_BIGENDIAN 1\n");
    }
    config.push_str(&format!(
        "#define PACKAGE \"LibTIFF Software\"\n#define PACKAGE_BUGREPORT \"tiff@lists.osgeo.org\"\n\
         #define PACKAGE_NAME \"LibTIFF Software\"\n#define PACKAGE_TARNAME \"tiff\"\n\
         #define PACKAGE_URL \"\"\n#define SIZEOF_SIZE_T {pointer_bytes}\n#define STRIP_SIZE_DEFAULT 8192\n\
         #define TIFF_MAX_DIR_COUNT 1048576\n#if !defined(__MINGW32__)\n#define TIFF_SIZE_FORMAT \"zu\"\n#endif\n\
         #if SIZEOF_SIZE_T == 8\n#define TIFF_SSIZE_FORMAT PRId64\n#if defined(__MINGW32__)\n\
         #define TIFF_SIZE_FORMAT PRIu64\n#endif\n#else\n#define TIFF_SSIZE_FORMAT PRId32\n\
         #if defined(__MINGW32__)\n#define TIFF_SIZE_FORMAT PRIu32\n#endif\n#endif\n"
    ));
    let (major, rest) = LIBTIFF_VERSION.split_once('.').ok_or("a version")?;
    let (minor, micro) = rest.split_once('.').ok_or("a version")?;
    let version = format!(
        "#define TIFFLIB_VERSION_STR \"LIBTIFF, Version {LIBTIFF_VERSION}\\nCopyright (c) 1988-1996 Sam Leffler\\n\
         Copyright (c) 1991-1996 Silicon Graphics, Inc.\"\n#define TIFFLIB_VERSION {LIBTIFF_RELEASE_DATE}\n\
         #define TIFFLIB_MAJOR_VERSION {major}\n#define TIFFLIB_MINOR_VERSION {minor}\n\
         #define TIFFLIB_MICRO_VERSION {micro}\n#define TIFFLIB_VERSION_STR_MAJ_MIN_MIC \"{LIBTIFF_VERSION}\"\n\
         #define TIFFLIB_AT_LEAST(major, minor, micro) (TIFFLIB_MAJOR_VERSION > (major) || \
         (TIFFLIB_MAJOR_VERSION == (major) && TIFFLIB_MINOR_VERSION > (minor)) || \
         (TIFFLIB_MAJOR_VERSION == (major) && TIFFLIB_MINOR_VERSION == (minor) && TIFFLIB_MICRO_VERSION >= (micro)))\n"
    );
    write_if_changed(&dir.join("tiffconf.h"), &tiffconf)?;
    write_if_changed(&dir.join("tif_config.h"), &config)?;
    write_if_changed(&dir.join("tiffvers.h"), &version)?;
    Ok(())
}

/// `target/<profile>/`: the folder above `build/<crate>-<hash>/out`.
fn cache_dir(out: &Path) -> Result<PathBuf, BoxError> {
    let profile_dir =
        out.ancestors().nth(3).ok_or_else(|| format!("OUT_DIR {} is not inside a target folder", out.display()))?;
    Ok(profile_dir.to_path_buf())
}

fn hash_dir(dir: &Path, hasher: &mut DefaultHasher) -> Result<(), BoxError> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)?.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            hash_dir(&path, hasher)?;
        } else {
            path.file_name().hash(hasher);
            fs::read(&path)?.hash(hasher);
        }
    }
    Ok(())
}

fn key_of(parts: &[&[u8]]) -> String {
    let mut hasher = DefaultHasher::new();
    for part in parts {
        part.hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), BoxError> {
    if fs::read_to_string(path).ok().as_deref() != Some(text) {
        put(path, text.as_bytes())?;
    }
    Ok(())
}

/// Writes a file whole: to a neighbour first, then renamed over it, so a build stopped halfway
/// never leaves a half-written file that a later build would take as done.
fn put(path: &Path, bytes: &[u8]) -> Result<(), BoxError> {
    let partial = path.with_extension("partial");
    fs::write(&partial, bytes)?;
    fs::rename(&partial, path)?;
    Ok(())
}
