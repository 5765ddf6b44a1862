//! How a tool's result reaches the client: the text is a compact rendering of the result's data
//! (a table as a table, layers one per line, every notice in full), the data itself is the
//! structured content, files the call wrote come as resource links, and the whole result stays
//! within a size budget, cut at a row boundary with a note saying how to page. A client on a
//! protocol version without structured content (2024-11-05, 2025-03-26) gets the whole data as
//! JSON text instead, since the text is all it reads.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, ProtocolVersion, Resource};
use serde_json::{Value as Json, json};

use crate::tools::ToolError;

/// How many bytes make a token in the budget's estimate (about four for English text and JSON).
pub const BYTES_PER_TOKEN: usize = 4;

/// Pixels of an image a token of a model's context holds (Claude's images cost width × height /
/// 750 tokens).
pub const PIXELS_PER_IMAGE_TOKEN: u64 = 750;

/// The most tokens one tool result may take: larger results are cut at a row boundary (maps are
/// drawn smaller) with a note saying what was left out and how to get it.
///
/// The default, 25,000 tokens, is what common hosts cap an MCP tool's output at. Text and
/// structured content are estimated at [`BYTES_PER_TOKEN`] bytes a token over the result as sent
/// (hosts differ in which of the two they show the model); an image counts what a model reading
/// it pays, [`PIXELS_PER_IMAGE_TOKEN`] pixels a token (a 1024 × 512 map about 700 tokens), not
/// its base64, which no model reads as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultBudget(u32);

impl ResultBudget {
    /// The smallest budget: room for a page of rows and its note.
    pub const MIN_TOKENS: u32 = 1_000;
    /// The largest budget.
    pub const MAX_TOKENS: u32 = 1_000_000;
    /// The default budget.
    pub const DEFAULT_TOKENS: u32 = 25_000;

    /// A budget of `tokens`, if it is from [`ResultBudget::MIN_TOKENS`] to
    /// [`ResultBudget::MAX_TOKENS`].
    pub fn from_tokens(tokens: u32) -> Option<ResultBudget> {
        (ResultBudget::MIN_TOKENS..=ResultBudget::MAX_TOKENS).contains(&tokens).then_some(ResultBudget(tokens))
    }

    /// The budget in tokens.
    pub fn tokens(self) -> u32 {
        self.0
    }

    /// The budget in bytes of the result as sent.
    pub fn bytes(self) -> usize {
        self.0 as usize * BYTES_PER_TOKEN
    }
}

impl Default for ResultBudget {
    fn default() -> Self {
        ResultBudget(ResultBudget::DEFAULT_TOKENS)
    }
}

/// How one call's result is shown: its budget, and whether its client reads structured content.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Presentation {
    /// The most the result may take.
    pub(crate) budget: ResultBudget,
    /// Whether the client negotiated a protocol version with structured content and resource
    /// links (2025-06-18 and later); otherwise the data is sent as JSON text.
    pub(crate) structured: bool,
}

impl Presentation {
    /// Results for a client on `version` (`None`: a peer that named none, taken as current).
    pub(crate) fn new(budget: ResultBudget, version: Option<&ProtocolVersion>) -> Presentation {
        let structured = version.is_none_or(|v| v.as_str() >= ProtocolVersion::V_2025_06_18.as_str());
        Presentation { budget, structured }
    }

    /// This presentation with the budget a call asked for with `max_tokens`, if it did.
    pub(crate) fn with_max_tokens(self, args: &Json) -> Result<Presentation, ToolError> {
        let Some(asked) = args.get("max_tokens").filter(|v| !v.is_null()) else { return Ok(self) };
        let budget = asked.as_u64().and_then(|n| u32::try_from(n).ok()).and_then(ResultBudget::from_tokens);
        match budget {
            Some(budget) => Ok(Presentation { budget, ..self }),
            None => Err(ToolError::new(
                "invalid_params",
                format!(
                    "max_tokens is {asked}; it must be a whole number from {} to {} (the default is {})",
                    ResultBudget::MIN_TOKENS,
                    ResultBudget::MAX_TOKENS,
                    self.budget.tokens()
                ),
            )),
        }
    }

    /// Whether `result` fits the budget.
    pub(crate) fn fits(&self, result: &CallToolResult) -> bool {
        size_of(result) <= self.budget.bytes()
    }

    /// The size of `reply` as sent, nothing cut.
    pub(crate) fn size_as_is(&self, reply: &Reply) -> usize {
        size_of(&self.assemble(reply))
    }

    /// The result as sent: within the budget, its largest list cut at an item boundary when it
    /// has to be, with a note saying what was left out and how to get it.
    pub(crate) fn show(&self, mut reply: Reply) -> CallToolResult {
        let mut result = self.assemble(&reply);
        // Each round cuts one list; a result with several long lists may need a few.
        for _ in 0..MAX_CUTS {
            if self.fits(&result) {
                return result;
            }
            let Some(at) = cuttable(&reply.data) else { break };
            let total = reply.data.pointer(&at).and_then(Json::as_array).map_or(0, Vec::len);
            // The most items that fit: a binary search over how many are kept (fitting only
            // gets harder as more are kept).
            let (mut fits, mut too_many) = (0, total);
            while too_many - fits > 1 {
                let kept = fits + (too_many - fits) / 2;
                let cut = cut_data(&reply.data, &at, kept, self.budget);
                if self.fits(&self.assemble(&Reply { data: cut, ..reply.clone_without_data() })) {
                    fits = kept;
                } else {
                    too_many = kept;
                }
            }
            reply.data = cut_data(&reply.data, &at, fits, self.budget);
            result = self.assemble(&reply);
        }
        if self.fits(&result) { result } else { self.squeezed(result) }
    }

    /// The result with `reply`'s data, text and links, whatever its size.
    fn assemble(&self, reply: &Reply) -> CallToolResult {
        let mut content = Vec::new();
        if let Some(png) = &reply.png {
            content.push(ContentBlock::image(png.base64.clone(), "image/png"));
        }
        let mut result = if self.structured {
            let mut text = (reply.render)(&reply.data);
            for note in cut_notes(&reply.data) {
                text.push_str(&format!("\nNOTE: {note}"));
            }
            for file in &reply.files {
                text.push_str(&format!("\nwrote {}", file.describe()));
            }
            content.push(ContentBlock::text(text));
            content.extend(reply.files.iter().map(WrittenFile::link));
            let mut result = CallToolResult::success(content);
            result.structured_content = Some(reply.data.clone());
            result
        } else {
            content.push(ContentBlock::text(reply.data.to_string()));
            CallToolResult::success(content)
        };
        result.is_error = Some(reply.is_error);
        result
    }

    /// A result that stays over the budget once its lists are cut (one long text): its text is
    /// cut to fit, saying so. Its structured content, if that alone is over, is sent as it is.
    fn squeezed(&self, mut result: CallToolResult) -> CallToolResult {
        let over = size_of(&result).saturating_sub(self.budget.bytes());
        let note = format!(
            "\n[cut: the rest of this text was left out to stay within the result budget of {} tokens; ask for less, \
             or set max_tokens]",
            self.budget.tokens()
        );
        if let Some(text) = result.content.iter_mut().rev().find_map(|block| match block {
            ContentBlock::Text(text) => Some(&mut text.text),
            _ => None,
        }) {
            // JSON escapes can make a character cost more than its bytes: cut a little deeper.
            let keep = text.len().saturating_sub(over + note.len() + over / 8 + 64);
            let mut end = keep.min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            text.push_str(&note);
        }
        result
    }
}

/// How many lists one result may have cut.
const MAX_CUTS: usize = 4;

/// The size of a result as sent, in bytes of JSON.
pub(crate) fn size_of(result: &CallToolResult) -> usize {
    let sent = serde_json::to_vec(result).map_or(usize::MAX, |bytes| bytes.len());
    // An image counts its pixels' tokens in place of its base64.
    result.content.iter().fold(sent, |size, block| match block {
        ContentBlock::Image(image) => size.saturating_sub(image.data.len()).saturating_add(image_cost(&image.data)),
        _ => size,
    })
}

/// What a base64 PNG costs against the budget, in bytes: its pixels' tokens (its base64's length
/// when it is not a PNG whose size can be read).
pub(crate) fn image_cost(base64: &str) -> usize {
    use base64::Engine;
    // The signature and the IHDR chunk's width and height are the first 24 bytes: 32 characters.
    let head = base64.get(..32).and_then(|head| base64::engine::general_purpose::STANDARD.decode(head).ok());
    head.as_deref().and_then(pixels_of_png).map_or(base64.len(), pixel_cost)
}

/// What a PNG's bytes cost against the budget once sent: [`image_cost`] of its base64.
pub(crate) fn png_cost(png: &[u8]) -> usize {
    pixels_of_png(png).map_or(png.len().div_ceil(3) * 4, pixel_cost)
}

/// Width × height of a PNG, from its header.
fn pixels_of_png(head: &[u8]) -> Option<u64> {
    match head.get(..24)? {
        [0x89, b'P', b'N', b'G', _, _, _, _, _, _, _, _, b'I', b'H', b'D', b'R', w0, w1, w2, w3, h0, h1, h2, h3] => {
            Some(
                u64::from(u32::from_be_bytes([*w0, *w1, *w2, *w3]))
                    * u64::from(u32::from_be_bytes([*h0, *h1, *h2, *h3])),
            )
        }
        _ => None,
    }
}

/// The bytes of budget `pixels` of a picture take: a token per [`PIXELS_PER_IMAGE_TOKEN`].
fn pixel_cost(pixels: u64) -> usize {
    usize::try_from(pixels.div_ceil(PIXELS_PER_IMAGE_TOKEN)).map_or(usize::MAX, |t| t.saturating_mul(BYTES_PER_TOKEN))
}

/// A tool's result before it is shown: its data, how to render it as text, and what goes with it.
pub(crate) struct Reply {
    /// The full typed result: the structured content.
    pub(crate) data: Json,
    /// Renders the data as the text a model reads.
    pub(crate) render: fn(&Json) -> String,
    /// A PNG shown before the text.
    pub(crate) png: Option<Png>,
    /// Files the call wrote, linked after the text.
    pub(crate) files: Vec<WrittenFile>,
    /// Whether the call failed.
    pub(crate) is_error: bool,
}

impl Reply {
    /// A successful reply with `data`, rendered as text by `render`.
    pub(crate) fn new(data: Json, render: fn(&Json) -> String) -> Reply {
        Reply { data, render, png: None, files: Vec::new(), is_error: false }
    }

    fn clone_without_data(&self) -> Reply {
        Reply {
            data: Json::Null,
            render: self.render,
            png: self.png.clone(),
            files: self.files.clone(),
            is_error: self.is_error,
        }
    }
}

/// A PNG, base64-encoded once for all the sizes tried.
#[derive(Debug, Clone)]
pub(crate) struct Png {
    base64: String,
}

impl Png {
    /// The PNG `bytes`.
    pub(crate) fn new(bytes: &[u8]) -> Png {
        use base64::Engine;
        Png { base64: base64::engine::general_purpose::STANDARD.encode(bytes) }
    }
}

/// The notes of a result's cuts, in order.
fn cut_notes(data: &Json) -> Vec<&str> {
    data.get("cut")
        .and_then(Json::as_array)
        .map(|cuts| cuts.iter().filter_map(|c| c.get("note").and_then(Json::as_str)).collect())
        .unwrap_or_default()
}

/// The JSON pointer of the list to cut: the largest, or a list inside one of its items that
/// holds most of it (a script's table rows, not its lines). `None` when there is no list with
/// more than one item.
fn cuttable(data: &Json) -> Option<String> {
    let mut lists = Vec::new();
    collect_lists(data, String::new(), &mut lists);
    // A short list of numbers is one value (an extent, a size, a coordinate), not rows.
    lists.retain(|(at, len, _)| *len > 0 && at != "/cut" && !at.starts_with("/cut/"));
    lists.retain(|(at, len, _)| {
        *len > 4 || !data.pointer(at).and_then(Json::as_array).is_some_and(|items| items.iter().all(Json::is_number))
    });
    let (mut at, _, mut size) = lists.iter().max_by_key(|(_, _, size)| *size)?.clone();
    // Go down while a list inside this one holds most of it.
    loop {
        let prefix = format!("{at}/");
        let inner = lists.iter().filter(|(other, _, _)| other.starts_with(&prefix)).max_by_key(|(_, _, size)| *size);
        match inner {
            Some((inner, _, inner_size)) if *inner_size * 2 >= size => {
                at = inner.clone();
                size = *inner_size;
            }
            _ => return Some(at),
        }
    }
}

/// Every list in `value`: its pointer, length and size in bytes.
fn collect_lists(value: &Json, at: String, out: &mut Vec<(String, usize, usize)>) {
    match value {
        Json::Array(items) => {
            out.push((at.clone(), items.len(), value.to_string().len()));
            for (idx, item) in items.iter().enumerate() {
                collect_lists(item, format!("{at}/{idx}"), out);
            }
        }
        Json::Object(map) => {
            for (key, item) in map {
                let key = key.replace('~', "~0").replace('/', "~1");
                collect_lists(item, format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
}

/// `data` with the list at `at` cut to its first `kept` items, the counts of a table page beside
/// it made to agree (`returned`, `more`, `next`), and a cut noted in `cut`.
fn cut_data(data: &Json, at: &str, kept: usize, budget: ResultBudget) -> Json {
    let mut data = data.clone();
    let Some(list) = data.pointer_mut(at).and_then(Json::as_array_mut) else { return data };
    let listed = list.len();
    list.truncate(kept);
    let left_out = listed - kept;
    let parent_at = &at[..at.rfind('/').unwrap_or(0)];
    let what = at.rsplit('/').next().unwrap_or("items").to_owned();
    let mut note = None;
    if let Some(parent) = data.pointer_mut(parent_at).and_then(Json::as_object_mut)
        && let (Some(offset), Some(total)) =
            (parent.get("offset").and_then(Json::as_u64), parent.get("total").and_then(Json::as_u64))
    {
        // A page of a table (`table.read`, `read_table`): say where the next page starts.
        let offset = offset as usize;
        let next_offset = offset + kept;
        parent.insert("returned".into(), json!(kept));
        let more = (total as usize).saturating_sub(next_offset);
        if parent.contains_key("more") {
            parent.insert("more".into(), json!(more));
            parent.insert(
                "next".into(),
                json!(format!("read_table with \"offset\": {next_offset} for the next {} rows", more.min(kept.max(1)))),
            );
        }
        note = Some(format!(
            "{left_out} of the {listed} {what} read were left out to stay within the result budget of {} tokens: \
             {kept} are shown (offset {offset} to {}); read on with \"offset\": {next_offset} and \"limit\": {}, \
             or ask for fewer \"fields\" to fit more rows a page, or raise the budget with \"max_tokens\"",
            budget.tokens(),
            next_offset.saturating_sub(1).max(offset),
            kept.max(1),
        ));
    }
    let note = note.unwrap_or_else(|| {
        format!(
            "{left_out} of the {listed} items of {at} were left out to stay within the result budget of {} tokens \
             ({kept} are shown); ask for less (a smaller limit, fewer fields, a narrower filter) or raise the budget \
             with \"max_tokens\"",
            budget.tokens()
        )
    });
    let cut = json!({ "at": at, "kept": kept, "left_out": left_out, "note": note });
    if let Some(map) = data.as_object_mut() {
        match map.get_mut("cut").and_then(Json::as_array_mut) {
            Some(cuts) => cuts.push(cut),
            None => {
                map.insert("cut".into(), json!([cut]));
            }
        }
    }
    data
}

/// A file a call wrote, as a resource link: its `file://` URI, MIME type and size.
#[derive(Debug, Clone)]
pub(crate) struct WrittenFile {
    path: PathBuf,
    mime: &'static str,
    size: u64,
}

impl WrittenFile {
    /// The regular file at `path` as it is now, or `None` if there is none.
    pub(crate) fn at(path: &Path) -> Option<WrittenFile> {
        let path = std::path::absolute(path).ok()?;
        let metadata = std::fs::metadata(&path).ok().filter(std::fs::Metadata::is_file)?;
        Some(WrittenFile { mime: mime_of(&path), size: metadata.len(), path })
    }

    /// The file's `file://` URI.
    pub(crate) fn uri(&self) -> String {
        file_uri(&self.path)
    }

    /// Where it is, what it is and how big, for the text.
    fn describe(&self) -> String {
        format!("{} ({}, {} bytes): {}", self.path.display(), self.mime, self.size, self.uri())
    }

    fn link(&self) -> ContentBlock {
        let name = self.path.file_name().map_or_else(|| self.uri(), |n| n.to_string_lossy().into_owned());
        ContentBlock::resource_link(
            Resource::new(self.uri(), name)
                .with_description(format!("written to {}", self.path.display()))
                .with_mime_type(self.mime)
                .with_size(self.size),
        )
    }
}

/// The files a command wrote, found in its result: the `path` of a command that writes files,
/// with a Shapefile's sidecar files.
pub(crate) fn files_of(writes_files: bool, result: &Json) -> Vec<WrittenFile> {
    let Some(path) = result.get("path").and_then(Json::as_str).filter(|_| writes_files) else { return Vec::new() };
    let path = Path::new(path);
    let mut files: Vec<WrittenFile> = WrittenFile::at(path).into_iter().collect();
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("shp")) {
        for sidecar in ["shx", "dbf", "prj", "cpg"] {
            files.extend(WrittenFile::at(&path.with_extension(sidecar)));
        }
    }
    files
}

/// The files this server linked, the only `file://` resources it reads back (and then only for a
/// client with file access): a link must not open the rest of the disk. Each is also
/// `rustgis://outputs/<file name>`; when two share a name, the one linked last.
#[derive(Debug, Clone, Default)]
pub(crate) struct LinkedFiles(Arc<parking_lot::Mutex<Vec<PathBuf>>>);

impl LinkedFiles {
    /// The most files remembered: the oldest are forgotten first.
    const MAX: usize = 1_000;

    /// Remembers the files of `result`'s resource links.
    pub(crate) fn remember(&self, result: &CallToolResult) {
        let mut linked = self.0.lock();
        for block in &result.content {
            if let ContentBlock::ResourceLink(link) = block
                && let Some(path) = path_of_file_uri(&link.uri)
            {
                linked.retain(|known| *known != path);
                linked.push(path);
            }
        }
        let over = linked.len().saturating_sub(LinkedFiles::MAX);
        linked.drain(..over);
    }

    /// Whether `path` was linked.
    pub(crate) fn contains(&self, path: &Path) -> bool {
        self.0.lock().iter().any(|known| known == path)
    }

    /// The file linked last with this file name.
    pub(crate) fn named(&self, name: &str) -> Option<PathBuf> {
        self.0.lock().iter().rev().find(|path| path.file_name().is_some_and(|n| n.to_string_lossy() == name)).cloned()
    }

    /// The files linked, the latest first, one a file name.
    pub(crate) fn latest(&self) -> Vec<PathBuf> {
        let linked = self.0.lock();
        let mut seen = HashSet::new();
        linked
            .iter()
            .rev()
            .filter(|path| seen.insert(path.file_name().map(std::ffi::OsStr::to_owned)))
            .cloned()
            .collect()
    }
}

/// The MIME type of a file RustGIS writes, by its extension.
pub(crate) fn mime_of(path: &Path) -> &'static str {
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    match extension.as_str() {
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        "tif" | "tiff" => "image/tiff",
        "geojson" => "application/geo+json",
        "json" | "rgis" => "application/json",
        "csv" => "text/csv",
        "txt" | "prj" | "cpg" => "text/plain",
        "kml" => "application/vnd.google-earth.kml+xml",
        "kmz" => "application/vnd.google-earth.kmz",
        "gpx" => "application/gpx+xml",
        "gpkg" => "application/geopackage+sqlite3",
        "parquet" => "application/vnd.apache.parquet",
        "shp" => "application/vnd.shp",
        "shx" => "application/vnd.shx",
        "dbf" => "application/vnd.dbf",
        _ => "application/octet-stream",
    }
}

/// Whether a MIME type is text (sent as text by `resources/read`, else base64).
pub(crate) fn is_text_mime(mime: &str) -> bool {
    mime.starts_with("text/") || mime.ends_with("json") || mime.ends_with("+xml")
}

/// The `file://` URI of an absolute path, every byte outside the unreserved set and `/`
/// percent-encoded.
pub(crate) fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file://");
    for &byte in path.to_string_lossy().as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// The path a `file://` URI names (with an empty host), if it is one.
pub(crate) fn path_of_file_uri(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    if !rest.starts_with('/') {
        return None;
    }
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'%' {
            let hex = std::str::from_utf8(bytes.get(idx + 1..idx + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            idx += 3;
        } else {
            out.push(bytes[idx]);
            idx += 1;
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_uri_reads_back_as_its_path() {
        let path = Path::new("/tmp/a map/100% é.png");
        let uri = file_uri(path);
        assert_eq!(uri, "file:///tmp/a%20map/100%25%20%C3%A9.png");
        assert_eq!(path_of_file_uri(&uri).as_deref(), Some(path));
    }

    #[test]
    fn the_list_to_cut_is_the_one_inside_that_holds_most_of_the_result() {
        let rows: Vec<Json> = (0..50).map(|i| json!({"fid": i, "name": "a long enough name"})).collect();
        let data = json!({"lines": [{"result": {"rows": rows}}, {"result": {}}], "notices": ["a"]});
        assert_eq!(cuttable(&data).as_deref(), Some("/lines/0/result/rows"));
    }
}
