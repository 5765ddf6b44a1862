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

/// A search hit.
#[derive(Debug, Clone, Serialize)]
pub struct DocHit {
    /// The page URI.
    pub uri: String,
    /// The page title.
    pub title: String,
    /// A relevance score (higher is better).
    pub score: f64,
    /// Lines around the best match.
    pub excerpt: String,
}

/// Ranks pages for a query: each word counts where it appears, most in titles and headings,
/// and the excerpt is the passage with the most query words.
pub fn search(query: &str, limit: usize) -> Vec<DocHit> {
    let words: Vec<String> = query
        .split(|c: char| !c.is_alphanumeric() && c != '.' && c != '_')
        .filter(|w| w.len() > 1)
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut hits: Vec<DocHit> = pages()
        .filter_map(|page| {
            let lines: Vec<&str> = page.text.lines().collect();
            let mut score = 0.0;
            let mut best = (0usize, 0usize);
            for (idx, line) in lines.iter().enumerate() {
                let lower = line.to_lowercase();
                let weight = if line.starts_with('#') { 5.0 } else { 1.0 };
                let mut found = 0;
                for word in &words {
                    let n = lower.matches(word.as_str()).count();
                    if n > 0 {
                        found += 1;
                        score += weight * (1.0 + (n as f64).ln());
                    }
                }
                if found > best.1 {
                    best = (idx, found);
                }
            }
            let title = page.title().to_lowercase();
            score += 10.0 * words.iter().filter(|w| title.contains(w.as_str())).count() as f64;
            if score == 0.0 {
                return None;
            }
            let start = best.0.saturating_sub(2);
            let excerpt = lines[start..(best.0 + 4).min(lines.len())].join("\n");
            Some(DocHit { uri: page.uri(), title: page.title().to_owned(), score, excerpt })
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits.truncate(limit);
    hits
}
