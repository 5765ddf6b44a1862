//! The fonts an SVG carries: the part of DejaVu Sans its text uses, and of each installed face
//! that draws text DejaVu Sans lacks (CJK, Arabic, Devanagari…), as `@font-face` rules with
//! `data:` URLs, so the file draws in its own fonts wherever it is opened.
//!
//! The subset is made by skera (fontations' port of HarfBuzz's hb-subset), which keeps what
//! browsers check before they use a web font (`cmap`, `OS/2`, `name`, `post`, `hhea`, `hmtx`,
//! and the kerning and ligatures in `GPOS`/`GSUB` for the glyphs kept). svg2pdf's `subsetter`
//! is not used here: its subsets have no `cmap`, which only a PDF can do without.

use std::collections::BTreeSet;

use base64::Engine as _;
use read_fonts::TopLevelTable as _;
use read_fonts::collections::IntSet;
use read_fonts::types::{GlyphId, NameId, Tag};

use crate::error::{Error, Result};

/// The family name the embedded face goes by. It is not "DejaVu Sans", so a viewer with another
/// version of DejaVu installed still draws with the embedded one, which has every glyph used.
pub(crate) const EMBEDDED_FAMILY: &str = "RustGIS DejaVu Sans";

/// The family name an embedded subset of an installed face goes by: its own, prefixed, so a
/// viewer's copy of the face (which may lack glyphs or differ) does not stand in for it.
pub(crate) fn embedded_family(family: &str) -> String {
    format!("RustGIS {family}")
}

/// DejaVu Sans cut down to the glyphs of `chars` (and what they need: `.notdef`, the glyphs of
/// their ligatures and composites), as a TrueType font.
pub(crate) fn dejavu_subset(chars: &BTreeSet<char>) -> Result<Vec<u8>> {
    subset(dejavu::sans::regular(), 0, chars)
}

/// The face `index` of the font file `data` cut down to the glyphs of `chars`.
pub(crate) fn subset(data: &[u8], index: u32, chars: &BTreeSet<char>) -> Result<Vec<u8>> {
    let font = read_fonts::FileRef::new(data)
        .ok()
        .and_then(|file| file.fonts().nth(index as usize)?.ok())
        .ok_or_else(|| Error::Internal("a font to embed in the SVG does not parse".to_owned()))?;
    let unicodes: IntSet<u32> = chars.iter().map(|&c| u32::from(c)).collect();
    // HarfBuzz's defaults (hb-subset-input.cc): the tables only PDF or Apple layout use dropped,
    // every script, the default layout features, the name records a font is known by.
    let drop_tables: IntSet<Tag> = [
        skera::MORX,
        skera::MORT,
        skera::KERX,
        skera::KERN,
        skera::JSTF,
        skera::DSIG,
        read_fonts::tables::ebdt::Ebdt::TAG,
        read_fonts::tables::eblc::Eblc::TAG,
        skera::EBSC,
        read_fonts::tables::svg::Svg::TAG,
        skera::PCLT,
        skera::LTSH,
        read_fonts::tables::feat::Feat::TAG,
        skera::GLAT,
        skera::GLOC,
        skera::SILF,
        skera::SILL,
    ]
    .into_iter()
    .collect();
    let mut scripts = IntSet::<Tag>::empty();
    scripts.invert();
    let features: IntSet<Tag> = skera::DEFAULT_LAYOUT_FEATURES.iter().copied().collect();
    let mut name_ids = IntSet::<NameId>::empty();
    name_ids.insert_range(NameId::from(0)..=NameId::from(6));
    let mut languages = IntSet::<u16>::empty();
    languages.insert(0x0409);
    // Hints are for screens at small sizes in the PNG's rasterizer's place; a browser ignores most.
    let plan = skera::Plan::new(
        &IntSet::<GlyphId>::empty(),
        &unicodes,
        &font,
        skera::SubsetFlags::SUBSET_FLAGS_NO_HINTING,
        &drop_tables,
        &scripts,
        &features,
        &name_ids,
        &languages,
    );
    skera::subset_font(&font, &plan).map_err(|e| Error::Internal(format!("cannot subset the font for the SVG: {e}")))
}

/// A `<style>` element with the `@font-face` of [`EMBEDDED_FAMILY`] (the subset of DejaVu Sans
/// for `chars`) and of each installed face in `installed` (family, font bytes, face index, the
/// characters drawn in it), each base64 in a `data:` URL.
pub(crate) fn font_face_style(
    chars: &BTreeSet<char>,
    installed: &[(&str, &[u8], u32, &BTreeSet<char>)],
) -> Result<String> {
    let mut rules = vec![font_face(EMBEDDED_FAMILY, &dejavu_subset(chars)?)];
    for (family, data, index, chars) in installed {
        rules.push(font_face(&embedded_family(family), &subset(data, *index, chars)?));
    }
    Ok(format!("<style>{}</style>\n", rules.join(" ")))
}

fn font_face(family: &str, font: &[u8]) -> String {
    let data = base64::engine::general_purpose::STANDARD.encode(font);
    format!(
        "@font-face {{ font-family: \"{family}\"; src: url(\"data:font/ttf;base64,{data}\") format(\"truetype\"); }}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_of_a_few_letters_is_a_small_fraction_of_the_font() {
        let chars: BTreeSet<char> = "Population density".chars().collect();
        let subset = dejavu_subset(&chars).expect("subset");
        assert!(subset.len() * 20 < dejavu::sans::regular().len(), "{} bytes", subset.len());
    }
}
