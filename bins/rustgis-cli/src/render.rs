//! `rustgis-cli render` (a map as a PNG) and `rustgis-cli tiles` (a tile pyramid).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use rustgis_core::{Caller, Extent};
use rustgis_render::{TileJob, TileRenderer};
use serde_json::json;

use crate::run::ProjectArgs;

/// Arguments of `rustgis-cli render`.
#[derive(Debug, Args)]
pub(crate) struct RenderArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// The PNG file to write.
    #[arg(short = 'o', long = "output", value_name = "FILE.png")]
    output: PathBuf,
    /// Width in pixels.
    #[arg(long, default_value_t = 1600)]
    width: u32,
    /// Height in pixels (default: the view's shape at this width).
    #[arg(long)]
    height: Option<u32>,
    /// The extent to show: min_x,min_y,max_x,max_y in the map's CRS (longitude/latitude for EPSG:4326).
    #[arg(long, value_name = "MINX,MINY,MAXX,MAXY", allow_hyphen_values = true)]
    bbox: Option<String>,
    /// The CRS to draw in: EPSG:4326 or EPSG:3857 (default: the project's).
    #[arg(long)]
    crs: Option<String>,
    /// Dots per inch (96 draws symbols at their nominal size).
    #[arg(long, default_value_t = 96.0)]
    dpi: f32,
    /// Add a legend.
    #[arg(long)]
    legend: bool,
    /// Add a scale bar.
    #[arg(long)]
    scale_bar: bool,
    /// Replace the output file if it exists.
    #[arg(long)]
    overwrite: bool,
}

/// Draws the project and writes the PNG through `map.export` (the one drawing path of every
/// host); prints what was written as JSON.
pub(crate) fn render(args: RenderArgs) -> anyhow::Result<ExitCode> {
    let mut session = args.project.session()?;
    let user = Caller::user();
    if let Some(crs) = &args.crs {
        session.execute(&user, "map.setCrs", json!({ "crs": crs }))?;
    }
    if let Some(bbox) = args.bbox.as_deref().map(parse_bbox).transpose()? {
        let map_crs = session.project().view.crs.to_string();
        session.execute(&user, "map.zoomTo", json!({ "bbox": bbox.to_array(), "crs": map_crs }))?;
    }
    let mut params = json!({
        "path": args.output,
        "width": args.width,
        "dpi": args.dpi,
        "legend": args.legend,
        "scale_bar": args.scale_bar,
        "overwrite": args.overwrite,
    });
    if let Some(height) = args.height {
        params["height"] = json!(height);
    }
    let started = Instant::now();
    let outcome = match session.execute(&user, "map.export", params) {
        Err(rustgis_core::Error::FileExists(path)) => {
            bail!("{} exists; pass --overwrite to replace it", path.display())
        }
        other => other?,
    };
    let mut summary = outcome.result;
    summary["render_ms"] = json!((started.elapsed().as_secs_f64() * 1000.0 * 10.0).round() / 10.0);
    writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&summary)?)?;
    for notice in &outcome.notices {
        eprintln!("rustgis-cli: warning: {notice}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `rustgis-cli tiles`.
#[derive(Debug, Args)]
pub(crate) struct TilesArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Zoom levels: `5` or `0-5`.
    #[arg(long, default_value = "0-5")]
    zoom: String,
    /// Only tiles meeting this box: min_lon,min_lat,max_lon,max_lat.
    #[arg(long, value_name = "MINLON,MINLAT,MAXLON,MAXLAT", allow_hyphen_values = true)]
    bbox: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The output: a folder (z/x/y.png) or a file ending in .mbtiles.
    #[arg(long, value_name = "DIR|FILE.mbtiles")]
    out: PathBuf,
    /// Tile size in pixels.
    #[arg(long, default_value_t = 256)]
    size: u32,
    /// Write into a folder that has files, or replace an MBTiles file.
    #[arg(long)]
    overwrite: bool,
}

/// Renders the tiles with a progress bar on a terminal; prints the report as JSON.
pub(crate) fn tiles(args: TilesArgs) -> anyhow::Result<ExitCode> {
    let zooms = parse_zooms(&args.zoom)?;
    let bbox = args.bbox.as_deref().map(parse_bbox).transpose()?;
    let session = args.project.session()?;
    let mut job = TileJob::new(&args.out, zooms);
    job.bbox = bbox;
    job.threads = args.threads.unwrap_or(0);
    job.size = args.size;
    job.overwrite = args.overwrite;
    let renderer = TileRenderer::new(session.project())?.with_web(rustgis_relay::net::host_fetcher(None, None));
    let bar = crate::progress::Bar::for_tiles(0);
    let progress = |done: u64, total: u64| bar.set(done, total);
    let report = renderer.write(&job, &progress);
    bar.finish();
    let report = report?;
    let summary = serde_json::json!({
        "out": report.out,
        "tiles": report.tiles,
        "blank": report.blank,
        "bytes": report.bytes,
        "seconds": (report.seconds * 100.0).round() / 100.0,
        "tiles_per_second": (report.tiles as f64 / report.seconds.max(1e-9)).round(),
        "threads": report.threads,
    });
    writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(&summary)?)?;
    Ok(ExitCode::SUCCESS)
}

fn parse_zooms(text: &str) -> anyhow::Result<std::ops::RangeInclusive<u8>> {
    let parse =
        |t: &str| t.trim().parse::<u8>().with_context(|| format!("--zoom {text}: '{t}' is not a zoom level (0-30)"));
    let (lo, hi) = match text.split_once('-') {
        Some((a, b)) => (parse(a)?, parse(b)?),
        None => {
            let z = parse(text)?;
            (z, z)
        }
    };
    if lo > hi || hi > 30 {
        bail!("--zoom {text}: give a level or a range such as 0-5, within 0-30");
    }
    Ok(lo..=hi)
}

fn parse_bbox(text: &str) -> anyhow::Result<Extent> {
    let numbers: Vec<f64> = text
        .split(',')
        .map(|t| t.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .with_context(|| format!("--bbox {text}: give four numbers min_x,min_y,max_x,max_y"))?;
    let [a, b, c, d] = numbers[..] else { bail!("--bbox {text}: give four numbers min_x,min_y,max_x,max_y") };
    match Extent::from_corners(a, b, c, d) {
        Some(e) if e.width() > 0.0 && e.height() > 0.0 => Ok(e),
        _ => bail!("--bbox {text}: the box has no area"),
    }
}
