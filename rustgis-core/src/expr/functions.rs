//! The functions expressions can call: one table ([`FUNCTIONS`]) gives each function's name,
//! aliases, group, parameters (with their defaults, for named and optional arguments), how it
//! treats NULL and a line of help. The parser checks calls against it, the evaluator runs it,
//! and `docs/user-guide/expressions.md` is generated from it.
//!
//! Unless a function says it handles NULL, a NULL argument makes its result NULL without
//! calling it, as in QGIS.

mod aggregate;
mod arrays;
mod general;
mod geometry;
mod math;
mod table;
mod text;

use super::Problem;
use super::eval::{Env, eval};
use super::parser::Node;
use super::value::Val;

pub(crate) use general::variable;
pub(crate) use table::FUNCTIONS;

/// The groups the docs list functions under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Group {
    Conditionals,
    Math,
    Conversions,
    Strings,
    Fuzzy,
    Regex,
    DateTime,
    Arrays,
    Maps,
    Color,
    Geometry,
    Aggregates,
    Record,
    Files,
    Encoding,
    General,
}

impl Group {
    /// The heading in the docs.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Group::Conditionals => "Conditionals",
            Group::Math => "Maths",
            Group::Conversions => "Conversions",
            Group::Strings => "Text",
            Group::Fuzzy => "Fuzzy matching",
            Group::Regex => "Regular expressions",
            Group::DateTime => "Dates and times",
            Group::Arrays => "Arrays",
            Group::Maps => "Maps",
            Group::Color => "Colours",
            Group::Geometry => "Geometry",
            Group::Aggregates => "Aggregates",
            Group::Record => "Record and attributes",
            Group::Files => "Files and paths",
            Group::Encoding => "Hashing and encoding",
            Group::General => "General",
        }
    }
}

/// A parameter's default when the argument is left out.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Dflt {
    /// The argument must be given.
    Required,
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A double.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A text.
    Text(&'static str),
}

/// A parameter: its name (for `name:=value`) and default.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Param {
    /// The name.
    pub name: &'static str,
    /// The default.
    pub default: Dflt,
}

/// A required parameter.
pub(crate) const fn p(name: &'static str) -> Param {
    Param { name, default: Dflt::Required }
}

/// An optional parameter with its default.
pub(crate) const fn o(name: &'static str, default: Dflt) -> Param {
    Param { name, default }
}

/// What a function answers with.
pub(crate) type Out = Result<Val, Fail>;

/// A function that evaluates its arguments itself (`if`, `coalesce`, aggregates…).
pub(crate) type LazyFn = fn(&[Option<Node>], &mut Env<'_>, &'static Function) -> Out;

/// How a function runs.
#[derive(Clone, Copy)]
pub(crate) enum Imp {
    /// Evaluates every argument, then calls this.
    Eager(fn(&Args<'_, '_>) -> Out),
    /// Gets the argument nodes and evaluates what it needs.
    Lazy(LazyFn),
    /// A QGIS function RustGIS does not offer: the text says why and what to write instead.
    Refused(&'static str),
}

/// A function expressions can call.
pub(crate) struct Function {
    /// The lowercase name.
    pub name: &'static str,
    /// Other names it answers to (QGIS's old names such as `toint`).
    pub aliases: &'static [&'static str],
    /// Where the docs list it.
    pub group: Group,
    /// The parameters; a variadic function takes any number of arguments after them.
    pub params: &'static [Param],
    /// Whether it takes any number of positional arguments.
    pub variadic: bool,
    /// Whether it sees NULL arguments (otherwise NULL in gives NULL out).
    pub handles_null: bool,
    /// How it runs.
    pub imp: Imp,
    /// One line of help for the docs.
    pub help: &'static str,
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Function {
    /// A function evaluating its arguments first.
    pub(crate) const fn new(
        name: &'static str,
        group: Group,
        params: &'static [Param],
        run: fn(&Args<'_, '_>) -> Out,
        help: &'static str,
    ) -> Function {
        Function { name, aliases: &[], group, params, variadic: false, handles_null: false, imp: Imp::Eager(run), help }
    }

    /// A function evaluating its arguments itself.
    pub(crate) const fn lazy(
        name: &'static str,
        group: Group,
        params: &'static [Param],
        run: LazyFn,
        help: &'static str,
    ) -> Function {
        Function { name, aliases: &[], group, params, variadic: false, handles_null: true, imp: Imp::Lazy(run), help }
    }

    /// A QGIS function that is refused with `why` (which says what to write instead).
    pub(crate) const fn refused(name: &'static str, group: Group, why: &'static str) -> Function {
        Function {
            name,
            aliases: &[],
            group,
            params: &[],
            variadic: true,
            handles_null: true,
            imp: Imp::Refused(why),
            help: why,
        }
    }

    /// The same function with other names too.
    pub(crate) const fn aliases(self, aliases: &'static [&'static str]) -> Function {
        Function { aliases, ..self }
    }

    /// The same function, taking any number of arguments.
    pub(crate) const fn variadic(self) -> Function {
        Function { variadic: true, ..self }
    }

    /// The same function, seeing NULL arguments itself.
    pub(crate) const fn nulls(self) -> Function {
        Function { handles_null: true, ..self }
    }

    /// Why RustGIS refuses this QGIS function, if it does.
    pub(crate) fn refusal(&self) -> Option<String> {
        match self.imp {
            Imp::Refused(why) => Some(format!("{}() is not supported in RustGIS: {why}", self.name)),
            _ => None,
        }
    }

    /// How it is called, for messages and docs: `substr(string, start[, length])`.
    pub(crate) fn signature(&self) -> String {
        let mut out = format!("{}(", self.name);
        let mut optional = 0;
        for (idx, param) in self.params.iter().enumerate() {
            let is_optional = !matches!(param.default, Dflt::Required);
            if is_optional {
                out.push('[');
                optional += 1;
            }
            if idx > 0 {
                out.push_str(", ");
            }
            out.push_str(param.name);
        }
        if self.variadic {
            out.push_str(if self.params.is_empty() { "…" } else { ", …" });
        }
        out.push_str(&"]".repeat(optional));
        out.push(')');
        if self.name.starts_with('$') {
            return self.name.to_owned();
        }
        out
    }

    /// The fewest arguments a call needs.
    pub(crate) fn min_args(&self) -> usize {
        self.params.iter().take_while(|p| matches!(p.default, Dflt::Required)).count()
    }

    /// The value of a parameter left out.
    pub(crate) fn default_value(&self, idx: usize) -> Val {
        match self.params.get(idx).map(|p| p.default) {
            Some(Dflt::Int(i)) => Val::Int(i),
            Some(Dflt::Float(f)) => Val::Double(f),
            Some(Dflt::Bool(b)) => Val::Bool(b),
            Some(Dflt::Text(t)) => Val::text(t),
            _ => Val::Null,
        }
    }

    /// Puts a call's arguments in parameter order, checking names and counts. Errors carry the
    /// column of the argument at fault when there is one.
    pub(crate) fn bind_args(
        &'static self,
        positional: Vec<Node>,
        named: Vec<(String, Node, usize)>,
    ) -> Result<Vec<Option<Node>>, (Option<usize>, String)> {
        let n_given = positional.len() + named.len();
        if self.variadic {
            if let Some((name, _, column)) = named.first() {
                return Err((
                    Some(*column),
                    format!("{}() takes its arguments in order; write them without '{name}:='", self.name),
                ));
            }
            if positional.len() < self.min_args() {
                return Err((None, self.arity_message(n_given)));
            }
            return Ok(positional.into_iter().map(Some).collect());
        }
        if positional.len() > self.params.len() || (named.is_empty() && positional.len() < self.min_args()) {
            return Err((None, self.arity_message(n_given)));
        }
        let mut args: Vec<Option<Node>> = positional.into_iter().map(Some).collect();
        args.resize_with(self.params.len(), || None);
        for (name, node, column) in named {
            // QGIS reads a few older argument names as today's.
            let name = match name.to_lowercase().as_str() {
                "geom" => "geometry".to_owned(),
                "val" => "value".to_owned(),
                "i" => "vertex".to_owned(),
                _ => name,
            };
            let Some(idx) = self.params.iter().position(|p| p.name.eq_ignore_ascii_case(&name)) else {
                let names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
                return Err((
                    Some(column),
                    format!("{}() has no parameter '{name}'; its parameters are {}", self.name, names.join(", ")),
                ));
            };
            if args[idx].is_some() {
                return Err((Some(column), format!("{}() is given '{name}' twice", self.name)));
            }
            args[idx] = Some(node);
        }
        if let Some((param, _)) =
            self.params.iter().zip(&args).find(|(param, arg)| matches!(param.default, Dflt::Required) && arg.is_none())
        {
            return Err((None, format!("{}() needs '{}', as in {}", self.name, param.name, self.signature())));
        }
        Ok(args)
    }

    fn arity_message(&self, n_given: usize) -> String {
        let min = self.min_args();
        let expected = if self.variadic {
            format!("at least {min}")
        } else if min == self.params.len() {
            format!("{min}")
        } else if min + 1 == self.params.len() {
            format!("{min} or {}", self.params.len())
        } else {
            format!("{min} to {}", self.params.len())
        };
        let plural = if expected == "1" { "argument" } else { "arguments" };
        format!("{}() takes {expected} {plural}, as in {}, but was given {n_given}", self.name, self.signature())
    }
}

/// The function with this name or alias, in any case.
pub(crate) fn lookup(name: &str) -> Option<&'static Function> {
    FUNCTIONS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name) || f.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
}

/// The names of the functions that can be called (not the refused ones), for suggestions.
pub(crate) fn names() -> Vec<&'static str> {
    FUNCTIONS.iter().filter(|f| !matches!(f.imp, Imp::Refused(_))).map(|f| f.name).collect()
}

/// The `$` special columns.
pub(crate) fn special_names() -> Vec<&'static str> {
    FUNCTIONS.iter().filter(|f| f.name.starts_with('$')).map(|f| f.name).collect()
}

/// Why a function failed; becomes a [`Problem`] at the call's column.
#[derive(Debug, Clone)]
pub(crate) struct Fail {
    message: String,
    unsupported: bool,
}

impl Fail {
    /// An evaluation error.
    pub(crate) fn new(message: impl Into<String>) -> Fail {
        Fail { message: message.into(), unsupported: false }
    }

    /// A refusal: something QGIS does that RustGIS does not; the message says what to write.
    pub(crate) fn unsupported(message: impl Into<String>) -> Fail {
        Fail { message: message.into(), unsupported: true }
    }

    /// The problem at a column.
    pub(crate) fn at(self, column: usize) -> Problem {
        if self.unsupported { Problem::unsupported(column, self.message) } else { Problem::new(column, self.message) }
    }
}

impl From<Problem> for Fail {
    fn from(problem: Problem) -> Fail {
        Fail { message: problem.message, unsupported: problem.unsupported }
    }
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail::new(message)
    }
}

/// Texts longer than the evaluation's value limit ([`crate::Limits::max_value_bytes`]) are
/// refused, so that a nested `replace` or `lpad` cannot exhaust memory.
pub(crate) fn max_text() -> usize {
    crate::limits::value_limit()
}

/// The error of a text past the value limit, naming the limit.
pub(crate) fn too_long(what: &str, bytes: usize) -> String {
    format!(
        "{what} would make a text of {bytes} bytes, more than one value may hold ({} bytes, limit max_value_bytes)",
        max_text()
    )
}

/// The evaluated arguments of one call.
pub(crate) struct Args<'e, 'a> {
    /// The function called.
    pub function: &'static Function,
    /// The argument values, in parameter order (defaults filled in).
    pub values: Vec<Val>,
    /// The row and layer the call is evaluated in.
    pub env: &'e Env<'a>,
}

impl Args<'_, '_> {
    /// How many arguments there are.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The argument (NULL when absent).
    pub(crate) fn get(&self, idx: usize) -> &Val {
        self.values.get(idx).unwrap_or(&Val::Null)
    }

    /// An error naming the function and the argument.
    pub(crate) fn fail(&self, idx: usize, expected: &str) -> Fail {
        let name =
            self.function.params.get(idx).map_or_else(|| format!("argument {}", idx + 1), |p| format!("'{}'", p.name));
        Fail::new(format!("{}(): {name} must be {expected}, not {}", self.function.name, self.get(idx).describe()))
    }

    /// An error naming the function.
    pub(crate) fn error(&self, message: impl std::fmt::Display) -> Fail {
        Fail::new(format!("{}(): {message}", self.function.name))
    }

    /// A double (QGIS's getDoubleValue).
    pub(crate) fn double(&self, idx: usize) -> Result<f64, Fail> {
        self.get(idx).to_double().ok_or_else(|| self.fail(idx, "a number"))
    }

    /// An integer (QGIS's getIntValue: doubles round).
    pub(crate) fn int(&self, idx: usize) -> Result<i64, Fail> {
        self.get(idx).to_int().ok_or_else(|| self.fail(idx, "a whole number"))
    }

    /// Text (any value converts).
    pub(crate) fn text(&self, idx: usize) -> String {
        self.get(idx).to_text()
    }

    /// A truth value (numbers and booleans; NULL is false).
    pub(crate) fn bool(&self, idx: usize) -> Result<bool, Fail> {
        super::eval::truth(self.get(idx)).map(|t| t == Some(true)).map_err(|m| self.error(m))
    }

    /// A geometry.
    pub(crate) fn geom(&self, idx: usize) -> Result<&std::sync::Arc<super::geom::Geom>, Fail> {
        match self.get(idx) {
            Val::Geometry(g) => Ok(g),
            _ => Err(self.fail(idx, "a geometry")),
        }
    }

    /// An array.
    pub(crate) fn list(&self, idx: usize) -> Result<&[Val], Fail> {
        match self.get(idx) {
            Val::Array(items) => Ok(items),
            _ => Err(self.fail(idx, "an array")),
        }
    }

    /// A map.
    pub(crate) fn map(&self, idx: usize) -> Result<&[(String, Val)], Fail> {
        match self.get(idx) {
            Val::Map(entries) => Ok(entries),
            _ => Err(self.fail(idx, "a map")),
        }
    }
}

/// Evaluates one lazy argument (a left-out optional one gives its default).
pub(crate) fn arg(
    args: &[Option<Node>],
    idx: usize,
    env: &mut Env<'_>,
    function: &'static Function,
) -> Result<Val, Fail> {
    match args.get(idx) {
        Some(Some(node)) => eval(node, env).map_err(Fail::from),
        _ => Ok(function.default_value(idx)),
    }
}

/// A text value, refused past the value limit.
pub(crate) fn text_out(text: String) -> Out {
    if text.len() > max_text() {
        return Err(Fail::new(too_long("the result", text.len())));
    }
    Ok(Val::text(text))
}
