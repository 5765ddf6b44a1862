//! Finding CRSs of the EPSG and ESRI registries by words of their name, area or method:
//! [`search`].

use std::sync::LazyLock;

use serde::Serialize;

use super::{AreaOfUse, CrsError, CrsKind, engine, kind_of_type, proj_ffi};

/// One CRS found by [`search`].
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CrsMatch {
    /// `EPSG:25832`.
    pub crs: String,
    /// Its name.
    pub name: String,
    /// Geographic, projected…
    pub kind: CrsKind,
    /// Where it is meant to be used.
    pub area_of_use: Option<AreaOfUse>,
    /// The projection method.
    pub method: Option<String>,
    /// Whether the registry has deprecated it (listed last).
    pub deprecated: bool,
}

/// CRSs of the EPSG and ESRI registries whose name, area or method matches every word of `query`
/// ("UTM 32N", "Lambert 93", "Australia", "British National Grid"), best first: not deprecated,
/// projected and geographic 2D CRSs of the Earth, the name matching before the area.
pub fn search(query: &str, limit: usize) -> Result<Vec<CrsMatch>, CrsError> {
    static LIST: LazyLock<Result<Vec<engine::ListedCrs>, String>> = LazyLock::new(|| {
        engine::with(|state| {
            let mut all = state.crs_list(Some(c"EPSG"), None);
            all.extend(state.crs_list(Some(c"ESRI"), None));
            Ok(all)
        })
    });
    let list = LIST.as_ref().map_err(|reason| CrsError::Unknown { text: query.into(), reason: reason.clone() })?;
    let words: Vec<String> = normalise_words(query);
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let mut scored: Vec<(i32, &engine::ListedCrs)> = Vec::new();
    for listed in list {
        if listed.body.as_deref().is_some_and(|b| b != "Earth") {
            continue;
        }
        let kind = kind_of_type(listed.kind);
        if !matches!(kind, CrsKind::Geographic | CrsKind::Projected)
            || listed.kind == proj_ffi::PJ_TYPE_GEOGRAPHIC_3D_CRS
        {
            continue;
        }
        let name = normalise_words(&listed.name).join(" ");
        let area = normalise_words(&listed.area_name).join(" ");
        let method = normalise_words(listed.method.as_deref().unwrap_or("")).join(" ");
        let code = format!("{}:{}", listed.authority, listed.code).to_lowercase();
        let mut score = 0;
        let mut all = true;
        for word in &words {
            let in_name = contains_word(&name, word);
            if in_name {
                score += 10;
            } else if area.starts_with(word.as_str()) {
                // "Australia - …": the CRS is for that place, not one that merely touches it.
                score += 7;
            } else if contains_word(&area, word) {
                score += 4;
            } else if contains_word(&method, word) || code == *word || listed.code == *word {
                score += 3;
            } else {
                all = false;
                break;
            }
        }
        if !all {
            continue;
        }
        if listed.deprecated {
            score -= 100;
        }
        if listed.authority == "EPSG" {
            score += 2;
        }
        // The datums most data is in today come first among equals ("UTM 32N": WGS 84's, then
        // ETRS89's, before ED50's).
        score += CURRENT_DATUMS
            .iter()
            .position(|d| listed.name.starts_with(d))
            .map_or(0, |rank| if rank < 2 { 2 } else { 1 });
        if name == words.join(" ") {
            score += 20;
        }
        scored.push((score, listed));
    }
    scored.sort_by(|a, b| {
        let datum_rank =
            |l: &engine::ListedCrs| CURRENT_DATUMS.iter().position(|d| l.name.starts_with(d)).unwrap_or(99);
        b.0.cmp(&a.0)
            .then_with(|| datum_rank(a.1).cmp(&datum_rank(b.1)))
            .then_with(|| a.1.name.len().cmp(&b.1.name.len()))
    });
    let mut seen = std::collections::HashSet::new();
    scored.retain(|(_, l)| seen.insert((l.authority.clone(), l.code.clone())));
    Ok(scored
        .into_iter()
        .take(limit)
        .map(|(_, l)| CrsMatch {
            crs: format!("{}:{}", l.authority, l.code),
            name: l.name.clone(),
            kind: kind_of_type(l.kind),
            area_of_use: l.area.map(|bbox| AreaOfUse { bbox, name: l.area_name.clone() }),
            method: l.method.clone(),
            deprecated: l.deprecated,
        })
        .collect())
}

/// Datums of current national and global frames, most used first: a tie-break in [`search`].
const CURRENT_DATUMS: [&str; 8] =
    ["WGS 84", "ETRS89", "NAD83(2011)", "NAD83", "GDA2020", "GDA94", "RGF93 v1", "OSGB36"];

/// Lower-case words, with "32N" split as "32" + "n" kept whole too, so "UTM 32N" finds
/// "UTM zone 32N".
fn normalise_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !matches!(w.as_str(), "zone" | "the" | "of" | "crs"))
        .collect()
}

fn contains_word(haystack: &str, word: &str) -> bool {
    haystack.split(' ').any(|w| w == word)
}
