//! The faces text is drawn in: DejaVu Sans, embedded and the default, and the fonts installed on
//! the computer for what DejaVu Sans lacks or serves badly (Chinese, Japanese, Korean, Arabic,
//! Hebrew, Devanagari…), found the first time a text needs one and kept for the process.
//!
//! Which face draws a character:
//! - Latin, Greek, Cyrillic, digits and punctuation: DejaVu Sans when it has the character (a map
//!   with only such text never looks for installed fonts);
//! - any other script: a face from a folder in `RUSTGIS_FONT_DIRS` that has it (the user's
//!   choice first), then the script's usual face — `Noto Sans <Script>` (Debian's
//!   `fonts-noto-core`: Arabic, Hebrew, Devanagari, Thai…), or for Chinese, Japanese and Korean
//!   `Noto Sans CJK SC/JP/TC/KR` (`fonts-noto-cjk`) or `Droid Sans Fallback`
//!   (`fonts-droid-fallback`) — then DejaVu Sans, then any installed regular face that has it
//!   (by family name, so the choice does not depend on the order folders are read in).
//!
//! A character no face has is "missing": labels with one are left out and named in a notice.
//! Installed fonts are the folders fontdb scans (`/usr/share/fonts`, `/usr/local/share/fonts`,
//! `~/.fonts`, `~/.local/share/fonts` on Linux; the system's font folders on macOS and
//! Windows) and the folders of `RUSTGIS_FONT_DIRS` (separated like `PATH`), read once; only
//! upright faces of regular weight are used. A face is read from its file when first used.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use ab_glyph::Font as _;
use parking_lot::Mutex;
use unicode_script::{Script, UnicodeScript as _};

/// The environment variable naming more font folders (separated like `PATH`), searched before
/// the installed fonts for any script but Latin, Greek and Cyrillic.
pub const FONT_DIRS_VAR: &str = "RUSTGIS_FONT_DIRS";

/// A face's number in the process's font set: [`DEJAVU`], or an installed face.
pub(crate) type FaceIdx = usize;

/// The embedded DejaVu Sans.
pub(crate) const DEJAVU: FaceIdx = 0;

/// A face ready to shape and draw: its outlines (ab_glyph) and its shaping data (harfrust), over
/// the same bytes.
pub(crate) struct Face {
    /// The family name it goes by (what SVG names it).
    pub family: String,
    /// The font file's bytes and the face's index in it (for the subset an SVG embeds).
    pub data: &'static [u8],
    pub index: u32,
    pub outlines: ab_glyph::FontRef<'static>,
    pub shaper: harfrust::Font,
    pub units_per_em: f32,
    /// Height above the baseline, in font units.
    pub ascent: f32,
    /// Depth below the baseline (positive), in font units.
    pub descent: f32,
}

impl Face {
    /// Reads a face from bytes that live as long as the process.
    fn new(data: &'static [u8], index: u32, family: String) -> Option<Face> {
        let outlines = ab_glyph::FontRef::try_from_slice_and_index(data, index).ok()?;
        let shaper = harfrust::Font::new(data, index)?;
        let units_per_em = outlines.units_per_em().filter(|u| *u > 0.0)?;
        let (ascent, descent) = (outlines.ascent_unscaled(), -outlines.descent_unscaled());
        Some(Face { family, data, index, outlines, shaper, units_per_em, ascent, descent })
    }

    /// Whether the face has a glyph for `c`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.outlines.glyph_id(c).0 != 0
    }
}

/// The face `idx` names (`None` for an installed face whose file no longer reads).
pub(crate) fn face(idx: FaceIdx) -> Option<&'static Face> {
    if idx == DEJAVU {
        return Some(dejavu());
    }
    installed().entries.get(idx - 1).and_then(Entry::face)
}

/// DejaVu Sans, the embedded default.
pub(crate) fn dejavu() -> &'static Face {
    static DEJAVU_FACE: OnceLock<Face> = OnceLock::new();
    DEJAVU_FACE.get_or_init(|| {
        Face::new(dejavu::sans::regular(), 0, "DejaVu Sans".to_owned())
            .expect("the embedded DejaVu Sans parses (a unit test reads it)")
    })
}

/// Whether DejaVu Sans is the face for every character of `text` that is not a control (so text
/// needs neither shaping nor installed fonts).
pub(crate) fn dejavu_alone(text: &str) -> bool {
    let dejavu = dejavu();
    text.chars().all(|c| c.is_control() || (is_basic(c.script()) && dejavu.has(c)))
}

/// The face that draws `c`, or `None` when no face has it (see the module's doc for the order).
pub(crate) fn face_for(c: char) -> Option<FaceIdx> {
    let script = c.script();
    if is_basic(script) && dejavu().has(c) {
        return Some(DEJAVU);
    }
    let installed = installed();
    if let Some(found) = installed.chosen.lock().get(&c) {
        return *found;
    }
    let found = installed.search(c, script);
    installed.chosen.lock().insert(c, found);
    found
}

/// The font database usvg draws an SVG's text with: the embedded DejaVu Sans and every installed
/// face. Reading it scans the font folders (once).
pub(crate) fn database() -> Arc<fontdb::Database> {
    installed().db.clone()
}

/// The fontdb face of `idx`, for usvg's fallback.
pub(crate) fn database_id(idx: FaceIdx) -> Option<fontdb::ID> {
    let installed = installed();
    if idx == DEJAVU { installed.dejavu } else { installed.entries.get(idx - 1).map(|e| e.id) }
}

/// What the embedded DejaVu Sans draws before any installed face is looked at.
fn is_basic(script: Script) -> bool {
    matches!(script, Script::Latin | Script::Greek | Script::Cyrillic | Script::Common | Script::Inherited)
}

/// The families usually installed for `script`, best first.
fn usual_families(script: Script) -> Vec<String> {
    match script {
        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo => [
            "Noto Sans CJK SC",
            "Noto Sans CJK JP",
            "Noto Sans CJK TC",
            "Noto Sans CJK KR",
            "Source Han Sans SC",
            "Droid Sans Fallback",
            "WenQuanYi Zen Hei",
            "WenQuanYi Micro Hei",
        ]
        .iter()
        .map(|f| (*f).to_owned())
        .collect(),
        other => vec![format!("Noto Sans {}", other.full_name()), format!("Noto Serif {}", other.full_name())],
    }
}

/// The installed fonts, scanned once.
struct Installed {
    /// Every face found, with the embedded DejaVu Sans first (for usvg).
    db: Arc<fontdb::Database>,
    /// The embedded DejaVu Sans in `db`.
    dejavu: Option<fontdb::ID>,
    /// The upright regular faces: those of `RUSTGIS_FONT_DIRS` first, then by family and path.
    entries: Vec<Entry>,
    /// The face found for each character looked for (a map's labels share their characters).
    chosen: Mutex<HashMap<char, Option<FaceIdx>>>,
}

/// An installed face: where fontdb found it, and the face once read.
struct Entry {
    id: fontdb::ID,
    family: String,
    /// From a folder of `RUSTGIS_FONT_DIRS`.
    user: bool,
    loaded: OnceLock<Option<Face>>,
}

impl Entry {
    fn face(&self) -> Option<&Face> {
        self.loaded
            .get_or_init(|| {
                let installed = installed();
                let (data, index) = installed.db.with_face_data(self.id, |data, index| (data.to_vec(), index))?;
                // The process keeps a face once read (the font set lives as long as it does), so
                // its bytes are leaked into the `'static` slice ab_glyph and harfrust borrow.
                let data: &'static [u8] = Box::leak(data.into_boxed_slice());
                Face::new(data, index, self.family.clone())
            })
            .as_ref()
    }

    /// Whether the face has `c`, read from its character map without loading the face.
    fn has(&self, db: &fontdb::Database, c: char) -> bool {
        if let Some(Some(face)) = self.loaded.get() {
            return face.has(c);
        }
        db.with_face_data(self.id, |data, index| {
            use read_fonts::TableProvider as _;
            let font = read_fonts::FontRef::from_index(data, index).ok()?;
            font.cmap().ok()?.map_codepoint(c).filter(|g| g.to_u32() != 0)
        })
        .flatten()
        .is_some()
    }
}

fn installed() -> &'static Installed {
    static INSTALLED: OnceLock<Installed> = OnceLock::new();
    INSTALLED.get_or_init(Installed::scan)
}

impl Installed {
    fn scan() -> Installed {
        let mut db = fontdb::Database::new();
        db.load_font_data(dejavu::sans::regular().to_vec());
        let dejavu = db.faces().next().map(|f| f.id);
        let user_dirs: Vec<PathBuf> =
            std::env::var_os(FONT_DIRS_VAR).map(|v| std::env::split_paths(&v).collect()).unwrap_or_default();
        for dir in &user_dirs {
            db.load_fonts_dir(dir);
        }
        let n_user = db.len().saturating_sub(1);
        db.load_system_fonts();
        let mut entries: Vec<(bool, String, PathBuf, Entry)> = db
            .faces()
            .enumerate()
            .skip(1)
            .filter(|(_, f)| {
                f.style == fontdb::Style::Normal
                    && (350..=500).contains(&f.weight.0)
                    && f.stretch == fontdb::Stretch::Normal
            })
            .filter_map(|(order, f)| {
                let fontdb::Source::File(path) = &f.source else { return None };
                let family = f.families.first()?.0.clone();
                let user = order <= n_user;
                let entry = Entry { id: f.id, family: family.clone(), user, loaded: OnceLock::new() };
                Some((!user, if user { String::new() } else { family }, path.clone(), entry))
            })
            .collect();
        entries.sort_by(|a, b| (a.0, &a.1, &a.2).cmp(&(b.0, &b.1, &b.2)));
        Installed {
            db: Arc::new(db),
            dejavu,
            entries: entries.into_iter().map(|(_, _, _, e)| e).collect(),
            chosen: Mutex::new(HashMap::new()),
        }
    }

    fn search(&self, c: char, script: Script) -> Option<FaceIdx> {
        let idx_of = |i: usize| i + 1;
        if let Some(i) = self.entries.iter().position(|e| e.user && e.has(&self.db, c)) {
            return Some(idx_of(i));
        }
        if !is_basic(script) {
            for family in usual_families(script) {
                let found =
                    self.entries.iter().position(|e| e.family.eq_ignore_ascii_case(&family) && e.has(&self.db, c));
                if let Some(i) = found {
                    return Some(idx_of(i));
                }
            }
        }
        if dejavu().has(c) {
            return Some(DEJAVU);
        }
        self.entries.iter().position(|e| !e.user && e.has(&self.db, c)).map(idx_of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_face_parses_and_draws_latin_greek_and_cyrillic_alone() {
        assert!(dejavu().has('A') && dejavu().units_per_em > 0.0);
        assert!(dejavu_alone("Αθήνα Москва Zürich"));
        assert!(!dejavu_alone("القاهرة"));
        assert_eq!(face_for('é'), Some(DEJAVU));
    }

    #[test]
    fn a_script_s_usual_face_is_named_for_it() {
        assert_eq!(usual_families(Script::Arabic)[0], "Noto Sans Arabic");
        assert!(usual_families(Script::Han).iter().any(|f| f == "Droid Sans Fallback"));
    }
}
