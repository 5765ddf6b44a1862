//! A small pull reader over quick-xml for the KML and GPX readers: element starts with their
//! local names and attributes, and ends with the text the element held (predefined and character
//! references resolved); the reader keeps the elements open around its position. Nesting depth
//! and text length are limited, and DTD entities are never expanded.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::error::{Error, Result};

/// The deepest elements may nest.
const MAX_DEPTH: usize = 256;
/// The longest text one element may hold (a KML ring of several million points fits).
const MAX_TEXT: usize = 256 << 20;

/// One thing the reader found.
pub(crate) enum Item {
    /// An element starts: its local name (no prefix) and attributes (local names too).
    Start(String, Vec<(String, String)>),
    /// An element ends: its local name and the text since its start or its last child's end
    /// (empty elements give a start then an end).
    End(String, String),
}

/// Reads items one at a time from an XML document.
pub(crate) struct XmlReader<R: BufRead> {
    reader: Reader<R>,
    buf: Vec<u8>,
    path: PathBuf,
    /// The format's name and the root element its documents hold (`GPX`, `gpx`).
    format: &'static str,
    root: &'static str,
    saw_root: bool,
    /// The local names of the elements open around the reader's position, outermost first.
    open: Vec<String>,
    /// The text read since the last start or end.
    text: String,
}

impl<R: BufRead> XmlReader<R> {
    /// A reader over a document of `format` (`GPX`), which must hold a `root` element (`gpx`);
    /// `path` names it in errors.
    pub(crate) fn new(input: R, path: &Path, format: &'static str, root: &'static str) -> XmlReader<R> {
        let mut reader = Reader::from_reader(input);
        reader.config_mut().expand_empty_elements = true;
        XmlReader {
            reader,
            buf: Vec::new(),
            path: path.to_owned(),
            format,
            root,
            saw_root: false,
            open: Vec::new(),
            text: String::new(),
        }
    }

    /// The elements open around the reader's position, outermost first: after an end, the one
    /// that ended is no longer among them, so the last is its parent.
    pub(crate) fn open_elements(&self) -> &[String] {
        &self.open
    }

    /// An error at the reader's position.
    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::Data {
            path: self.path.clone(),
            position: format!("byte {}", self.reader.buffer_position()),
            message: message.into(),
        }
    }

    /// The next item, or `None` at the end of the document. A document without its root
    /// element is an error at its end, and so is one that ends inside an element (a truncated
    /// file) or a read that was stopped ([`super::check_stop`]).
    pub(crate) fn next(&mut self) -> Result<Option<Item>> {
        super::check_stop(&self.path)?;
        loop {
            match self.step()? {
                Step::Start(name, attributes) => {
                    self.text.clear();
                    let attributes = attributes.into_iter().map(|(key, value)| (local(&key), value)).collect();
                    return Ok(Some(Item::Start(local(&name), attributes)));
                }
                Step::End(name) => return Ok(Some(Item::End(local(&name), std::mem::take(&mut self.text)))),
                Step::Text(piece) => {
                    if self.text.len() + piece.len() > MAX_TEXT {
                        return Err(self.error(format!("an element holds more than {} MiB of text", MAX_TEXT >> 20)));
                    }
                    self.text.push_str(&piece);
                }
                Step::Eof => return Ok(None),
            }
        }
    }

    /// Everything inside the element that just started, as markup: child elements written back
    /// as `<name attribute="value">…</name>` (an empty one as `<br></br>`), text and CDATA as
    /// they read, with references resolved (as GDAL keeps XHTML in a KML description). Reads up
    /// to and including the element's end, which is not handed out as an item.
    pub(crate) fn inner_markup(&mut self) -> Result<String> {
        let depth = self.open.len();
        let mut markup = String::new();
        loop {
            let piece = match self.step()? {
                Step::Start(name, attributes) => {
                    let mut tag = format!("<{name}");
                    for (key, value) in attributes {
                        tag.push_str(&format!(" {key}=\"{value}\""));
                    }
                    tag.push('>');
                    tag
                }
                Step::End(_) if self.open.len() < depth => {
                    self.text.clear();
                    return Ok(markup);
                }
                Step::End(name) => format!("</{name}>"),
                Step::Text(text) => text,
                Step::Eof => return Ok(markup),
            };
            if markup.len() + piece.len() > MAX_TEXT {
                return Err(self.error(format!("an element holds more than {} MiB of text", MAX_TEXT >> 20)));
            }
            markup.push_str(&piece);
        }
    }

    /// The next start, end or piece of text, names as written (with their prefixes); keeps the
    /// open elements.
    fn step(&mut self) -> Result<Step> {
        loop {
            self.buf.clear();
            let event = self.reader.read_event_into(&mut self.buf);
            let at = self.reader.buffer_position();
            let path = &self.path;
            let fail = |message: String| Error::Data { path: path.clone(), position: format!("byte {at}"), message };
            let event = match event {
                Ok(event) => event,
                Err(e) => return Err(fail(format!("not well-formed XML: {e}"))),
            };
            let text = match event {
                Event::Start(start) => {
                    if self.open.len() >= MAX_DEPTH {
                        return Err(fail(format!("elements nest deeper than {MAX_DEPTH} levels")));
                    }
                    let name = start.name().as_ref().to_owned();
                    let mut attributes = Vec::new();
                    for attribute in start.attributes().with_checks(false) {
                        let attribute = attribute.map_err(|e| fail(format!("a bad attribute: {e}")))?;
                        let value = attribute
                            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .map_err(|e| fail(format!("a bad attribute: {e}")))?;
                        let key = attribute.key.as_ref().to_owned();
                        attributes.push((key, value.into_owned()));
                    }
                    let local_name = local(&name);
                    self.saw_root |= local_name == self.root;
                    self.open.push(local_name);
                    return Ok(Step::Start(name, attributes));
                }
                Event::End(end) => {
                    self.open.pop();
                    return Ok(Step::End(end.name().as_ref().to_owned()));
                }
                Event::Text(text) => text.xml10_content().into_owned(),
                Event::CData(data) => data.into_inner().into_owned(),
                Event::GeneralRef(reference) => {
                    let name = reference.into_inner();
                    let resolved = match name.as_ref() {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => match quick_xml::events::BytesRef::new(other).resolve_char_ref() {
                            Ok(Some(c)) => c,
                            _ => {
                                return Err(fail(format!(
                                    "unknown entity &{other}; (RustGIS expands no DTD entities)"
                                )));
                            }
                        },
                    };
                    resolved.to_string()
                }
                Event::Eof if !self.saw_root => return Err(not_a_document(path, self.format, self.root)),
                Event::Eof if !self.open.is_empty() => {
                    let inside = self.open.join("/");
                    let innermost = self.open.last().map_or("", String::as_str);
                    return Err(fail(format!(
                        "the file ends inside <{innermost}> ({inside}) before the document does: it is \
                         truncated (or not well-formed); {} documents end with </{}>",
                        self.format, self.root
                    )));
                }
                Event::Eof => return Ok(Step::Eof),
                _ => continue,
            };
            return Ok(Step::Text(text));
        }
    }
}

/// What [`XmlReader::step`] found: names as written, with their namespace prefixes.
enum Step {
    Start(String, Vec<(String, String)>),
    End(String),
    Text(String),
    Eof,
}

/// An opened file, buffered for reading XML from it.
pub(crate) fn buffered(file: std::fs::File) -> std::io::BufReader<std::fs::File> {
    std::io::BufReader::with_capacity(1 << 16, file)
}

/// A name without its namespace prefix.
fn local(name: &str) -> String {
    name.rsplit(':').next().unwrap_or(name).to_owned()
}

/// `text` with `&`, `<`, `>` and `"` escaped, for element text and attribute values.
pub(crate) fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    quick_xml::escape::escape(text)
}

/// How much XML a writer gathers in memory before it writes it out.
pub(super) const WRITE_CHUNK: usize = 1 << 16;

/// Writes out and clears what an XML writer gathered once it passes [`WRITE_CHUNK`].
pub(super) fn write_when_full(text: &mut String, out: &mut impl std::io::Write) -> std::io::Result<()> {
    if text.len() > WRITE_CHUNK {
        out.write_all(text.as_bytes())?;
        text.clear();
    }
    Ok(())
}

/// The error for an XML file without the root element its format needs (`<gpx>`, `<kml>`).
fn not_a_document(origin: &Path, format: &str, element: &str) -> Error {
    Error::Data {
        path: origin.to_owned(),
        position: "byte 0".to_owned(),
        message: format!("not a {format} document: it has no <{element}> element"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(xml: &str, format: &'static str, root: &'static str) -> Result<Vec<String>> {
        let mut reader = XmlReader::new(xml.as_bytes(), Path::new("doc.xml"), format, root);
        let mut items = Vec::new();
        while let Some(item) = reader.next()? {
            items.push(match item {
                Item::Start(name, _) => format!("<{name}> in {}", reader.open_elements().join("/")),
                Item::End(name, text) => format!("</{name}> '{text}' in {}", reader.open_elements().join("/")),
            });
        }
        Ok(items)
    }

    #[test]
    fn an_end_carries_the_text_of_its_element_and_the_open_elements_are_its_ancestors() {
        let read = items("<gpx><wpt>a<name>x &amp; y</name>b</wpt></gpx>", "GPX", "gpx")
            .expect("the document is well-formed GPX");
        assert_eq!(
            read,
            [
                "<gpx> in gpx",
                "<wpt> in gpx/wpt",
                "<name> in gpx/wpt/name",
                "</name> 'x & y' in gpx/wpt",
                "</wpt> 'b' in gpx",
                "</gpx> '' in "
            ]
        );
    }

    #[test]
    fn a_document_without_its_root_element_is_not_of_its_format() {
        let error = items("<kml><Placemark/></kml>", "GPX", "gpx").expect_err("a KML document is not GPX");
        assert!(error.to_string().contains("not a GPX document: it has no <gpx> element"), "{error}");
    }

    #[test]
    fn inner_markup_keeps_child_elements_and_their_text_and_resumes_after_the_element() {
        let xml = "<kml><d>Some<br/>HTML<i a=\"v\">x &amp; y</i>content</d><n>after</n></kml>";
        let mut reader = XmlReader::new(xml.as_bytes(), Path::new("doc.kml"), "KML", "kml");
        let mut read = Vec::new();
        while let Some(item) = reader.next().expect("the document is well-formed") {
            match item {
                Item::Start(name, _) if name == "d" => read.push(reader.inner_markup().expect("well-formed markup")),
                Item::End(name, text) => read.push(format!("</{name}> '{text}'")),
                Item::Start(..) => {}
            }
        }
        assert_eq!(read, ["Some<br></br>HTML<i a=\"v\">x & y</i>content", "</n> 'after'", "</kml> ''"]);
    }

    #[test]
    fn a_document_that_ends_inside_an_element_is_refused_as_truncated() {
        let error = items("<kml><Document><Placemark><name>cut", "KML", "kml").expect_err("the document is cut short");
        assert!(
            error.to_string().contains(
                "the file ends inside <name> (kml/Document/Placemark/name) before the document does: it is truncated"
            ),
            "{error}"
        );
    }
}
