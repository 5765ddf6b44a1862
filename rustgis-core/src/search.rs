//! Ranked text search (Okapi BM25) for the command catalogue and the documentation: words are
//! lowercased, lightly stemmed (`polygons` finds `polygon`) and a query word also finds its
//! GIS synonyms (`within` finds `location`, `distance` finds `nearest`).

use std::collections::HashMap;

/// BM25's term-frequency saturation.
const K1: f64 = 1.2;
/// BM25's length normalisation.
const B: f64 = 0.75;

/// Words an agent uses for what a command's docs call otherwise.
const SYNONYMS: &[(&str, &[&str])] = &[
    ("within", &["inside", "location", "contain"]),
    ("inside", &["within", "location"]),
    ("distance", &["nearest", "geodesic"]),
    ("closest", &["nearest"]),
    ("nearby", &["nearest", "buffer"]),
    ("around", &["buffer"]),
    ("radius", &["buffer"]),
    ("merge", &["union", "dissolve"]),
    ("combine", &["union", "join"]),
    ("reproject", &["crs", "transform"]),
    ("projection", &["crs"]),
    ("colour", &["style", "color"]),
    ("color", &["style", "colour"]),
    ("choropleth", &["graduated"]),
    ("filter", &["where", "select"]),
    ("delete", &["remove", "clear"]),
    ("remove", &["delete", "clear"]),
    ("clear", &["remove", "delete"]),
    ("hide", &["visible"]),
    ("visibility", &["visible"]),
    ("update", &["calculate", "set"]),
    ("compute", &["calculate"]),
    ("zoom", &["extent", "view"]),
    ("show", &["view", "visible"]),
    ("picture", &["export", "png", "snapshot"]),
    ("image", &["export", "png"]),
    ("save", &["export", "write"]),
    ("load", &["open", "add"]),
    ("import", &["open", "add"]),
    ("attribute", &["field", "table"]),
    ("column", &["field"]),
    ("count", &["summary", "join"]),
];

/// Splits text into search terms: lowercase words of letters and digits, stemmed.
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        // camelCase ids (`selectByLocation`) are words too.
        let mut part = String::new();
        for c in word.chars() {
            if c.is_uppercase() && !part.is_empty() && part.chars().last().is_some_and(char::is_lowercase) {
                out.push(stem(&part.to_lowercase()));
                part.clear();
            }
            part.push(c);
        }
        out.push(stem(&part.to_lowercase()));
    }
    out
}

/// A light English stemmer: enough that plurals and -ing/-ed forms meet.
fn stem(word: &str) -> String {
    for suffix in ["ing", "ies", "es", "ed", "s"] {
        if let Some(root) = word.strip_suffix(suffix)
            && root.chars().count() >= 3
            && !word.ends_with("ss")
        {
            return if suffix == "ies" { format!("{root}y") } else { root.to_owned() };
        }
    }
    word.to_owned()
}

/// An index of documents to rank against queries.
#[derive(Debug, Clone)]
pub struct Bm25 {
    docs: Vec<HashMap<String, f64>>,
    lengths: Vec<f64>,
    mean_length: f64,
    doc_freq: HashMap<String, usize>,
}

impl Bm25 {
    /// Indexes documents, each given as `(text, weight)` fields: a field's terms count `weight`
    /// times (a title more than its body).
    pub fn new(documents: &[Vec<(&str, f64)>]) -> Bm25 {
        let mut docs = Vec::with_capacity(documents.len());
        let mut lengths = Vec::with_capacity(documents.len());
        let mut doc_freq: HashMap<String, usize> = HashMap::new();
        for fields in documents {
            let mut counts: HashMap<String, f64> = HashMap::new();
            let mut length = 0.0;
            for (text, weight) in fields {
                for term in terms(text) {
                    *counts.entry(term).or_default() += weight;
                    length += 1.0;
                }
            }
            for term in counts.keys() {
                *doc_freq.entry(term.clone()).or_default() += 1;
            }
            docs.push(counts);
            lengths.push(length);
        }
        let mean_length = if lengths.is_empty() { 1.0 } else { lengths.iter().sum::<f64>() / lengths.len() as f64 };
        Bm25 { docs, lengths, mean_length: mean_length.max(1.0), doc_freq }
    }

    /// Documents that match the query, best first, as `(index, score)`. A query word's synonyms
    /// count half as much as the word itself.
    pub fn search(&self, query: &str) -> Vec<(usize, f64)> {
        let mut weighted: Vec<(String, f64)> = Vec::new();
        for word in query.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            let lower = word.to_lowercase();
            for term in terms(word) {
                weighted.push((term, 1.0));
            }
            if let Some((_, synonyms)) = SYNONYMS.iter().find(|(w, _)| stem(w) == stem(&lower)) {
                weighted.extend(synonyms.iter().map(|s| (stem(s), 0.5)));
            }
        }
        let n = self.docs.len() as f64;
        let mut scored: Vec<(usize, f64)> = self
            .docs
            .iter()
            .enumerate()
            .filter_map(|(idx, counts)| {
                let norm = K1 * (1.0 - B + B * self.lengths[idx] / self.mean_length);
                let score: f64 = weighted
                    .iter()
                    .filter_map(|(term, weight)| {
                        let tf = *counts.get(term)?;
                        let df = *self.doc_freq.get(term)? as f64;
                        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                        Some(weight * idf * tf * (K1 + 1.0) / (tf + norm))
                    })
                    .sum();
                (score > 0.0).then_some((idx, score))
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_and_camel_case_ids_become_the_same_terms() {
        assert_eq!(terms("selectByLocation polygons"), ["select", "by", "location", "polygon"]);
    }

    #[test]
    fn a_rare_word_outranks_a_common_one() {
        let index =
            Bm25::new(&[vec![("the map of the world", 1.0)], vec![("the map with a buffer", 1.0)], vec![("map", 1.0)]]);
        assert_eq!(index.search("buffer map").first().map(|h| h.0), Some(1));
    }
}
