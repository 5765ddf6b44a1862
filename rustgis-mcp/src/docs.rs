//! The documentation, embedded at build time: every page of `docs/` as a resource
//! `rustgis://docs/<path>`, and a small ranked search over them.

use serde::Serialize;

mod generated {
    include!(concat!(env!("OUT_DIR"), "/docs_gen.rs"));
}

/// The URI prefix of documentation resources.
pub const DOCS_URI_PREFIX: &str = "rustgis://docs/";

/// One documentation page.
#[derive(Debug, Clone, Copy)]
pub struct DocPage {
    /// The path below `docs/` (`cli.md`, `user-guide/maps.md`).
    pub path: &'static str,
    /// The Markdown text.
    pub text: &'static str,
}

impl DocPage {
    /// The resource URI.
    pub fn uri(&self) -> String {
        format!("{DOCS_URI_PREFIX}{}", self.path)
    }

    /// The page title: its first `# ` heading, else its path.
    pub fn title(&self) -> &'static str {
        self.text.lines().find_map(|l| l.strip_prefix("# ")).map(str::trim).unwrap_or(self.path)
    }
}

/// Every page, sorted by path.
pub fn pages() -> impl Iterator<Item = DocPage> {
    generated::PAGES.iter().map(|(path, text)| DocPage { path, text })
}

/// The page with this URI (or bare path).
pub fn page(uri_or_path: &str) -> Option<DocPage> {
    let path = uri_or_path.strip_prefix(DOCS_URI_PREFIX).unwrap_or(uri_or_path);
    pages().find(|p| p.path == path)
}

/// A search hit: one section of a page.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct DocHit {
    /// The page URI.
    pub uri: String,
    /// The section's heading (the page title for text before the first heading).
    pub title: String,
    /// The page's title.
    pub page: String,
    /// The BM25 relevance score (higher is better).
    pub score: f64,
    /// The section's opening lines.
    pub excerpt: String,
}

/// One section of a page: a heading and the text up to the next heading.
struct Section {
    page: DocPage,
    heading: String,
    body: String,
}

fn sections() -> &'static [Section] {
    static SECTIONS: std::sync::OnceLock<Vec<Section>> = std::sync::OnceLock::new();
    SECTIONS.get_or_init(|| {
        let mut out = Vec::new();
        for page in pages() {
            let mut heading = page.title().to_owned();
            let mut body = String::new();
            for line in page.text.lines() {
                if let Some(h) = line.strip_prefix('#') {
                    if !body.trim().is_empty() {
                        out.push(Section { page, heading: heading.clone(), body: std::mem::take(&mut body) });
                    }
                    body.clear();
                    heading = h.trim_start_matches('#').trim().to_owned();
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
            if !body.trim().is_empty() {
                out.push(Section { page, heading, body });
            }
        }
        out
    })
}

fn index() -> &'static rustgis_core::search::Bm25 {
    static INDEX: std::sync::OnceLock<rustgis_core::search::Bm25> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let docs: Vec<Vec<(&str, f64)>> = sections()
            .iter()
            .map(|s| vec![(s.page.title(), 1.0), (s.heading.as_str(), 5.0), (s.body.as_str(), 1.0)])
            .collect();
        rustgis_core::search::Bm25::new(&docs)
    })
}

/// Ranks the documentation's sections for a query with BM25 (headings weigh more than text,
/// plurals and synonyms match), best first.
pub fn search(query: &str, limit: usize) -> Vec<DocHit> {
    index()
        .search(query)
        .into_iter()
        .take(limit)
        .map(|(idx, score)| {
            let section = &sections()[idx];
            let excerpt: Vec<&str> = section.body.lines().filter(|l| !l.trim().is_empty()).take(6).collect();
            DocHit {
                uri: section.page.uri(),
                title: section.heading.clone(),
                page: section.page.title().to_owned(),
                score: (score * 1000.0).round() / 1000.0,
                excerpt: excerpt.join("\n"),
            }
        })
        .collect()
}
