//! How a `.rgis` is laid out: indented down to each layer's parts, compact below, so a change to
//! a project is a small diff.

use std::io::Write;

/// Indents containers opened up to [`DiffFormatter::PRETTY_DEPTH`] levels deep and writes deeper
/// ones on one line, so each feature, field and style class of a layer is one line; arrays of
/// numbers (an extent, a dash pattern) are always on one line.
#[derive(Default)]
pub(super) struct DiffFormatter {
    /// The open containers, outermost first.
    frames: Vec<Frame>,
    /// An array's first value is about to be written and the array's layout is not decided.
    pending: bool,
}

struct Frame {
    pretty: bool,
    has_value: bool,
}

impl DiffFormatter {
    /// The document (1), its layers array (2), a layer (3), its source or style (4), the
    /// features, fields or classes (5): containers more than 5 deep are written compactly.
    const PRETTY_DEPTH: usize = 5;

    fn pretty(&self) -> bool {
        self.frames.last().is_some_and(|f| f.pretty)
    }

    fn newline(&self, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
        out.write_all(b"\n")?;
        for _ in 0..self.frames.len() {
            out.write_all(b"  ")?;
        }
        Ok(())
    }

    /// Called as any value starts: decides a pending array's layout (numbers: one line).
    fn value_starts(&mut self, out: &mut (impl Write + ?Sized), numeric: bool) -> std::io::Result<()> {
        if !std::mem::take(&mut self.pending) {
            return Ok(());
        }
        if numeric {
            if let Some(frame) = self.frames.last_mut() {
                frame.pretty = false;
            }
            Ok(())
        } else {
            self.newline(out)
        }
    }

    fn begin(&mut self, out: &mut (impl Write + ?Sized), bracket: &[u8]) -> std::io::Result<()> {
        self.value_starts(out, false)?;
        let pretty = self.frames.len() < Self::PRETTY_DEPTH && self.frames.iter().all(|f| f.pretty);
        self.frames.push(Frame { pretty, has_value: false });
        out.write_all(bracket)
    }

    fn end(&mut self, out: &mut (impl Write + ?Sized), bracket: &[u8]) -> std::io::Result<()> {
        self.pending = false;
        if let Some(frame) = self.frames.pop()
            && frame.pretty
            && frame.has_value
        {
            self.newline(out)?;
        }
        out.write_all(bracket)
    }

    fn separator(&mut self, out: &mut (impl Write + ?Sized), first: bool) -> std::io::Result<()> {
        if !first {
            out.write_all(b",")?;
        }
        if self.pretty() { self.newline(out) } else { Ok(()) }
    }

    fn mark_value(&mut self) {
        if let Some(frame) = self.frames.last_mut() {
            frame.has_value = true;
        }
    }
}

impl serde_json::ser::Formatter for DiffFormatter {
    fn write_null<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.value_starts(out, false)?;
        out.write_all(b"null")
    }

    fn write_bool<W: ?Sized + Write>(&mut self, out: &mut W, value: bool) -> std::io::Result<()> {
        self.value_starts(out, false)?;
        out.write_all(if value { b"true" } else { b"false" })
    }

    fn write_i64<W: ?Sized + Write>(&mut self, out: &mut W, value: i64) -> std::io::Result<()> {
        self.value_starts(out, true)?;
        write!(out, "{value}")
    }

    fn write_u64<W: ?Sized + Write>(&mut self, out: &mut W, value: u64) -> std::io::Result<()> {
        self.value_starts(out, true)?;
        write!(out, "{value}")
    }

    fn write_f32<W: ?Sized + Write>(&mut self, out: &mut W, value: f32) -> std::io::Result<()> {
        self.value_starts(out, true)?;
        serde_json::ser::CompactFormatter.write_f32(out, value)
    }

    fn write_f64<W: ?Sized + Write>(&mut self, out: &mut W, value: f64) -> std::io::Result<()> {
        self.value_starts(out, true)?;
        serde_json::ser::CompactFormatter.write_f64(out, value)
    }

    fn begin_string<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.value_starts(out, false)?;
        out.write_all(b"\"")
    }

    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.begin(out, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.end(out, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> std::io::Result<()> {
        if first && self.pretty() {
            self.pending = true;
            Ok(())
        } else {
            self.separator(out, first)
        }
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> std::io::Result<()> {
        self.mark_value();
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.begin(out, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.end(out, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> std::io::Result<()> {
        self.separator(out, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        out.write_all(if self.pretty() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> std::io::Result<()> {
        self.mark_value();
        Ok(())
    }
}
