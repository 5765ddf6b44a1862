//! The map tools' bodies (`view_map`, `snapshot` offscreen and a picture saved to a path): a map
//! drawn for a tool result within the result budget, drawn again smaller when its picture does
//! not fit, and saying so.

use rmcp::model::CallToolResult;
use rustgis_core::{Caller, LegendParam, Progress, RenderRequest, Session};
use serde_json::{Map, Value as Json, json};

use crate::present::{Png, Presentation, Reply, WrittenFile};
use crate::text;
use crate::tools::{MAX_IMAGE_SIDE, SnapshotArgs, ToolError, ViewMapArgs, core_error};

fn checked_size(session: &Session, width: Option<u32>, height: Option<u32>) -> Result<(u32, u32), ToolError> {
    let w = width.unwrap_or(1024);
    let h = height.unwrap_or_else(|| rustgis_core::fitted_height(session.project(), w.clamp(1, MAX_IMAGE_SIDE)));
    if w == 0 || h == 0 || w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(ToolError::new(
            "invalid_params",
            format!(
                "an image of {w}×{h} pixels is outside what is drawn: width and height must be 1 to {MAX_IMAGE_SIDE}"
            ),
        ));
    }
    Ok((w, h))
}

/// A render request for `view_map` and offscreen snapshots.
fn request_of(
    session: &Session,
    size: (Option<u32>, Option<u32>),
    legend: Option<&LegendParam>,
    title: Option<&String>,
    subtitle: Option<&String>,
) -> Result<RenderRequest, ToolError> {
    let (width, height) = checked_size(session, size.0, size.1)?;
    let mut request =
        RenderRequest { width, height, title: title.cloned(), subtitle: subtitle.cloned(), ..RenderRequest::default() };
    if let Some(legend) = legend {
        legend.apply(&mut request);
    }
    Ok(request)
}

/// Draws the map offscreen and returns the image content plus its facts.
pub(crate) fn view_map(
    session: &Session,
    args: ViewMapArgs,
    progress: &dyn Progress,
    presentation: Presentation,
) -> CallToolResult {
    let mut request = match request_of(
        session,
        (args.width, args.height),
        args.legend.as_ref(),
        args.title.as_ref(),
        args.subtitle.as_ref(),
    ) {
        Ok(request) => request,
        Err(e) => return e.into_result(),
    };
    if let Some(b) = args.bbox {
        match rustgis_core::read_bbox("bbox", b, args.crs.as_deref(), session.project().view.crs) {
            Ok(extent) => request.extent = Some(extent),
            Err(e) => return core_error(&e),
        }
    }
    match draw(session, &request, progress, "view_map") {
        Ok(image) => fitted_map(session, &request, image, progress, presentation, Fitting::default()),
        Err(e) => e.into_result(),
    }
}

/// What goes with a map fitted to the budget: facts to add (a path written, or why not) and the
/// file written.
#[derive(Default)]
struct Fitting {
    facts: Map<String, Json>,
    files: Vec<WrittenFile>,
}

/// The smallest longer side a map is stepped down to for the budget.
const MIN_FITTED_SIDE: u32 = 64;

/// How many smaller drawings are tried before the map is sent as it is.
const MAX_FITTING_DRAWS: usize = 6;

/// The result of a drawn map within the budget: when the PNG makes it too large, the map is
/// drawn again smaller (the same view; the picture counts its pixels' tokens against the budget),
/// and the note says at what size and why. `finish` adds to the facts (a path written).
fn fitted_map(
    session: &Session,
    request: &RenderRequest,
    first: rustgis_core::RenderedImage,
    progress: &dyn Progress,
    presentation: Presentation,
    with: Fitting,
) -> CallToolResult {
    let asked = (request.width, request.height);
    let reply_of = |image: &rustgis_core::RenderedImage| {
        let mut facts = image_facts(session, image);
        if let Some(map) = facts.as_object_mut() {
            map.extend(with.facts.clone());
        }
        Reply { files: with.files.clone(), ..map_reply(&image.png, facts, asked, presentation) }
    };
    let mut image = first;
    let mut request = request.clone();
    for _ in 0..MAX_FITTING_DRAWS {
        let reply = reply_of(&image);
        let size = presentation.size_as_is(&reply);
        let longer = request.width.max(request.height);
        if size <= presentation.budget.bytes() {
            return presentation.show(reply);
        }
        if longer <= MIN_FITTED_SIDE {
            break;
        }
        // The picture's share of the result scales with its area: shrink both sides by the
        // square root of the room left over what it took, a little more to land inside, keeping
        // the map's shape.
        let png_bytes = crate::present::png_cost(&image.png).max(1);
        let rest = size.saturating_sub(png_bytes);
        let room = presentation.budget.bytes().saturating_sub(rest) as f64;
        let smallest = (f64::from(MIN_FITTED_SIDE) / f64::from(longer)).min(0.9);
        let scale = ((room / png_bytes as f64).sqrt() * 0.9).clamp(smallest, 0.9);
        let shrink = |side: u32| ((f64::from(side) * scale).round() as u32).max(1);
        request.width = shrink(request.width);
        request.height = shrink(request.height);
        image = match draw(session, &request, progress, "view_map") {
            Ok(image) => image,
            Err(e) => return e.into_result(),
        };
    }
    // Not even a small picture fits: the facts go without it, saying so.
    let mut reply = reply_of(&image);
    let note = format!(
        "the picture is left out: drawn at {}×{} its PNG takes {} bytes, more than the result budget of {} tokens \
         allows; raise the budget with \"max_tokens\", or write the map to a file (snapshot with a path, or map.export)",
        request.width,
        request.height,
        image.png.len(),
        presentation.budget.tokens()
    );
    if let Some(map) = reply.data.as_object_mut() {
        map.insert("cut".into(), json!([{ "asked": [asked.0, asked.1], "note": note }]));
    }
    presentation.show(Reply { png: None, ..reply })
}

/// A map's reply: the PNG, then its facts as text; drawn smaller than `asked`, a note says so.
fn map_reply(png: &[u8], mut facts: Json, asked: (u32, u32), presentation: Presentation) -> Reply {
    let drawn = (facts["width"].as_u64().unwrap_or(0), facts["height"].as_u64().unwrap_or(0));
    if drawn != (u64::from(asked.0), u64::from(asked.1)) && drawn != (0, 0) {
        let note = format!(
            "the map is drawn at {}×{} instead of the {}×{} asked for, to stay within the result budget of {} tokens \
             (a picture costs a token per 750 pixels); ask for a smaller width, raise the budget with \"max_tokens\", or write \
             the full size to a file (snapshot with a path, or map.export)",
            drawn.0,
            drawn.1,
            asked.0,
            asked.1,
            presentation.budget.tokens()
        );
        if let Some(map) = facts.as_object_mut() {
            map.insert("cut".into(), json!([{ "asked": [asked.0, asked.1], "note": note }]));
        }
    }
    Reply { png: Some(Png::new(png)), ..Reply::new(facts, text::map) }
}

/// Draws through the session's renderer; a cancelled call (or one past the session's run-time
/// limit) stops within a fraction of a second.
fn draw(
    session: &Session,
    request: &RenderRequest,
    progress: &dyn Progress,
    what: &str,
) -> Result<rustgis_core::RenderedImage, ToolError> {
    let renderer =
        session.renderer().ok_or_else(|| ToolError::new("internal", "this server was started without a renderer"))?;
    let deadline = rustgis_core::Deadline::new(progress, session.limits());
    renderer
        .render_watched(session.project(), request, &deadline, what)
        .map_err(|e| ToolError::from(&e.or_run_time_limit(&deadline, what)))
}

fn image_facts(session: &Session, image: &rustgis_core::RenderedImage) -> Json {
    let mut facts = image.facts();
    facts["crs"] = json!(session.project().view.crs.to_string());
    facts
}

/// An image result for a picture that cannot be drawn again (the app's window): the PNG as image
/// content, its facts as text and as structured content, the file it was written to as a link.
/// A picture too large for the result budget is sent smaller (its pixels averaged), with a note
/// saying at what size and how to get the whole; the file keeps the full picture.
pub(crate) fn image_result(
    png: &[u8],
    mut facts: Json,
    path: Option<&str>,
    presentation: Presentation,
) -> CallToolResult {
    if let (Some(path), Some(map)) = (path, facts.as_object_mut()) {
        map.insert("path".into(), json!(path));
    }
    let files: Vec<WrittenFile> = path.and_then(|p| WrittenFile::at(std::path::Path::new(p))).into_iter().collect();
    let reply = |png: &[u8], facts: Json| Reply {
        png: Some(Png::new(png)),
        files: files.clone(),
        ..Reply::new(facts, text::map)
    };
    let whole = reply(png, facts.clone());
    let size = presentation.size_as_is(&whole);
    if size <= presentation.budget.bytes() {
        return presentation.show(whole);
    }
    let picture = match rustgis_core::image::decode(png, u32::MAX) {
        Ok(picture) => picture,
        Err(_) => return presentation.show(whole),
    };
    let (width, height) = (picture.width, picture.height);
    let png_bytes = crate::present::png_cost(png).max(1);
    let room = presentation.budget.bytes().saturating_sub(size.saturating_sub(png_bytes)) as f64;
    let scale = ((room / png_bytes as f64).sqrt() * 0.95).min(0.95);
    let shrink = |side: u32| ((f64::from(side) * scale).floor() as u32).max(1);
    let (sent_width, sent_height) = (shrink(width), shrink(height));
    let how = if path.is_some() { "the file holds it at full size" } else { "give a path to write it at full size" };
    let smaller = (width.max(height) >= MIN_FITTED_SIDE && scale > 0.0)
        .then(|| picture.shrunk(sent_width, sent_height).to_png().ok())
        .flatten();
    if let (Some(small), Some(map)) = (&smaller, facts.as_object_mut()) {
        let note = format!(
            "the picture is sent at {sent_width}×{sent_height} instead of its {width}×{height}, to stay within the result \
             budget of {} tokens (a picture costs a token per 750 pixels); {how}, or raise the budget with \"max_tokens\"",
            presentation.budget.tokens()
        );
        map.insert("cut".into(), json!([{ "asked": [width, height], "note": note }]));
        let fitted = reply(small, facts.clone());
        if presentation.size_as_is(&fitted) <= presentation.budget.bytes() {
            return presentation.show(fitted);
        }
    }
    let note = format!(
        "the picture is left out: at {width}×{height} it takes more than the result budget of {} tokens allows; {how}, \
         or raise the budget with \"max_tokens\"",
        presentation.budget.tokens()
    );
    if let Some(map) = facts.as_object_mut() {
        map.insert("cut".into(), json!([{ "asked": [width, height], "note": note }]));
    }
    presentation.show(Reply { png: None, ..reply(png, facts) })
}

/// `snapshot` with mode offscreen. Without file access a `path` is not written, but the image
/// still comes back and says so. The file gets the size asked for; the image in the result is
/// drawn smaller when the budget needs it.
pub(crate) fn snapshot_offscreen(
    session: &Session,
    caller: &Caller,
    args: &SnapshotArgs,
    progress: &dyn Progress,
    presentation: Presentation,
) -> CallToolResult {
    let request = match request_of(
        session,
        (args.width, args.height),
        args.legend.as_ref(),
        args.title.as_ref(),
        args.subtitle.as_ref(),
    ) {
        Ok(request) => request,
        Err(e) => return e.into_result(),
    };
    let image = match draw(session, &request, progress, "snapshot") {
        Ok(image) => image,
        Err(e) => return e.into_result(),
    };
    let Some(path) = &args.path else {
        return fitted_map(session, &request, image, progress, presentation, Fitting::default());
    };
    let mut with = Fitting::default();
    match save_png(session, caller, path, &image.png) {
        Ok(written) => {
            with.files.extend(WrittenFile::at(std::path::Path::new(&written)));
            with.facts.insert("path".into(), json!(written));
        }
        Err(e) if e.code == "refused" || e.code == "access_denied" => {
            with.facts.insert("written".into(), json!(false));
            with.facts.insert("not_written".into(), json!(format!("{path} was not written: {}", e.message)));
        }
        Err(e) => return e.into_result(),
    }
    fitted_map(session, &request, image, progress, presentation, with)
}

/// The image result of a snapshot with a `path`: written when the caller may write files;
/// otherwise the image with a note that the file was not written and why.
pub(crate) fn saved_image(
    session: &Session,
    caller: &Caller,
    path: &str,
    png: &[u8],
    mut facts: Json,
    presentation: Presentation,
) -> CallToolResult {
    match save_png(session, caller, path, png) {
        Ok(written) => image_result(png, facts, Some(&written), presentation),
        Err(e) if e.code == "refused" || e.code == "access_denied" => {
            if let Some(map) = facts.as_object_mut() {
                map.insert("written".into(), json!(false));
                map.insert("not_written".into(), json!(format!("{path} was not written: {}", e.message)));
            }
            image_result(png, facts, None, presentation)
        }
        Err(e) => e.into_result(),
    }
}

/// Writes a snapshot PNG when the caller may write files, below its roots when it has them;
/// never replaces an existing file.
pub(crate) fn save_png(session: &Session, caller: &Caller, path: &str, png: &[u8]) -> Result<String, ToolError> {
    rustgis_core::Policy::check("snapshot", &rustgis_core::Access::WRITES_FILES, caller).map_err(|r| {
        ToolError::new("refused", format!("snapshot with a path {}", r.message.trim_start_matches("snapshot ")))
    })?;
    // Checked as commands' paths are (relative to the project's folder, else the first root);
    // without roots, as it has always been taken (relative to the working directory).
    let target = if caller.roots.is_empty() {
        std::path::PathBuf::from(path)
    } else {
        session.file_path(caller, "snapshot", path, rustgis_core::FileUse::Write).map_err(|e| ToolError::from(&e))?
    };
    let written = rustgis_core::io::atomic::write_file(&target, false, |out| {
        std::io::Write::write_all(out, png).map_err(|source| rustgis_core::Error::Io {
            action: "cannot write",
            path: target.clone(),
            cause: source,
        })
    })
    .map_err(|e| ToolError::from(&e))?;
    if written != png.len() as u64 {
        return Err(ToolError::new("io", format!("{path} was not written whole; nothing is claimed")));
    }
    Ok(target.display().to_string())
}
