//! The expression reference, `docs/user-guide/expressions.md`, generated from the function
//! table so that it lists exactly what the evaluator runs (a test fails when it drifts).

use std::fmt::Write as _;

use super::functions::{FUNCTIONS, Group, Imp};

/// The reference page: the language, where RustGIS differs from QGIS, and every function.
pub fn expression_reference_markdown() -> String {
    let mut out = String::from(INTRO);
    let mut groups: Vec<Group> = FUNCTIONS.iter().map(|f| f.group).collect();
    groups.sort();
    groups.dedup();
    let runnable = FUNCTIONS.iter().filter(|f| !matches!(f.imp, Imp::Refused(_))).count();
    let _ = writeln!(
        out,
        "## Functions\n\n{runnable} functions, by group. Arguments in brackets are optional; any argument can be given by name, as in `round(value:=2.567, places:=1)`.\n"
    );
    for group in groups {
        let functions: Vec<_> =
            FUNCTIONS.iter().filter(|f| f.group == group && !matches!(f.imp, Imp::Refused(_))).collect();
        if functions.is_empty() {
            continue;
        }
        let _ = writeln!(out, "### {}\n\n| function | gives |\n|---|---|", group.title());
        for f in functions {
            let aliases = if f.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also {})", f.aliases.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", "))
            };
            let _ = writeln!(out, "| `{}`{aliases} | {} |", f.signature(), f.help.replace('|', "\\|"));
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "## QGIS functions RustGIS refuses\n\nThese are QGIS functions that need QGIS's windows, project or files; RustGIS refuses them with an error that says what to do instead.\n\n| function | why, and what to write instead |\n|---|---|"
    );
    for f in FUNCTIONS.iter().filter(|f| matches!(f.imp, Imp::Refused(_))) {
        if let Imp::Refused(why) = f.imp {
            let _ = writeln!(out, "| `{}` | {} |", f.name, why.replace('|', "\\|"));
        }
    }
    out
}

const INTRO: &str = r#"# Expressions

RustGIS evaluates the QGIS expression language (QGIS 3.40 LTR) wherever an expression appears:
filters (`table.filter`, `vector.filter`, PostGIS layer filters), labels, `field.add` and
`field.calculate`, ORDER BY keys and styles. One evaluator serves them all. This page is generated
from that evaluator's function table.

QGIS's own expression tests are RustGIS's specification: the context-free cases of
`evaluation_data()` in QGIS 3.40.6's `tests/src/core/testqgsexpression.cpp` run in RustGIS's test
suite (`rustgis-core/tests/data/qgis/`), and at least 95 % give QGIS's answer, the same type and
value. No case gives another value; the others are refused with an error that says why.

## The language

- Fields: bare names (`gdp_md`) or double-quoted (`"gdp md"`, with `""` for a quote). Names are
  matched exactly, then case-insensitively.
- Text: `'single quotes'`, with `''` for a quote and the escapes `\n`, `\t`, `\\` and `\'`.
- Numbers: `42` (an integer), `4.2`, `.5`, `1e6` (doubles). `TRUE`, `FALSE`, `NULL`.
- Operators, loosest first: `OR`; `AND`; `NOT`; `[NOT] BETWEEN … AND …`; `= <> != < <= > >= ~
  [NOT] LIKE [NOT] ILIKE IS [NOT] [NOT] IN (…)`; `+ -`; `* / // %`; `^` (right-associative);
  `||`; unary `-`; `[index]`. As in QGIS, `||` binds tighter than arithmetic: `'a' || 1 + 2` is
  `'a1' + 2`, an error; write `'a' || (1 + 2)`.
- `CASE WHEN … THEN … [ELSE …] END` (and `CASE value WHEN … THEN … END`, a RustGIS addition).
- Functions with arguments in order or by name: `round(2.567, 1)`, `round(value:=2.567, places:=1)`.
- `array[0]` and `map['key']`; `$geometry`, `$id`, `$area`…; `@variables`; comments `-- …` and
  `/* … */`.
- `~` matches a regular expression anywhere in the text (PCRE syntax, ASCII `\d \w \s`); the
  `regexp_*` functions use Unicode classes. `\gN`, `\g-N` and `\g{N}` refer back to a group as in
  PCRE; a pattern may call a group (`\g<N>`, `\g'N'`, recursion) once: more calls are refused,
  since preparing them can take hours. `LIKE` patterns use `%` and `_`; `\%` and `\_` are
  literal (write `'100\\%'` in the expression text, since `\\` is one backslash).

## Types and NULL, as in QGIS

- Comparisons and `AND`/`OR`/`NOT` give the integers 1 and 0 (so `'x' || (1 = 1)` is `'x1'`);
  `BETWEEN`, `TRUE`/`FALSE` and functions such as `is_empty()` give booleans, which print as
  `true`/`false`.
- `+ - * %` on integers give integers, `/` and `^` give doubles, `//` an integer; dividing by
  zero gives NULL. Text that reads as a number is used as one (`'5' + 2` is 7); `'a' + 'b'` joins.
- NULL in arithmetic, `||` and comparisons gives NULL; `AND`, `OR` and `NOT` use three-valued
  logic; `IS` treats NULL as equal to NULL. `-NULL` is an error, as in QGIS.
- A condition must be a number, a boolean, NULL or a geometry: `'foo' AND …` is an error.
- Dates, times and datetimes compare among themselves; subtracting gives an interval; adding an
  interval (`to_interval('1 day')`) moves them. Dates use Qt's formats (`dd MMMM yyyy`) and month
  names in any language glibc knows (`format_date(…, 'd MMMM yyyy', 'fr')`).
- Geometry functions measure in the geometry's own units: `area()`, `length()` and `perimeter()`
  are planar, as in QGIS. Only `$area`, `$length` and `$perimeter` measure the feature on the
  WGS 84 ellipsoid (EPSG:7030) in square metres and metres when the layer's CRS is geographic,
  and planar in CRS units when it is projected. A function given the wrong kind of geometry gives
  NULL (`length()` of a polygon).

## Where RustGIS differs from QGIS

Each difference is deliberate; a function that behaves differently has a different name.

| QGIS | RustGIS | why |
|---|---|---|
| `'abc' > 5` compares `'abc'` with `'5'` as text | an error naming both types and the fix (`to_real(…)`, `to_string(…)`) | a number ordered against text is almost always a mistake that QGIS hides |
| integer overflow wraps around | an error suggesting `to_real()` | a wrapped number is a wrong number |
| two booleans compare for equality whatever the operator (`TRUE <> FALSE` is 0) | `<>`, `<`, `>`… mean what they say (`TRUE <> FALSE` is 1) | QGIS's answer contradicts the operator |
| an unknown `@variable` is NULL | an error listing the variables there are | a misspelt variable should not silently be NULL |
| `reverse('text')` is not defined | `reverse()` reverses lines only; `text_reverse()` reverses text | one name, one meaning |
| `$area`, `$length`, `$perimeter` use the project's ellipsoid | WGS 84 on a geographic CRS, planar on a projected one | RustGIS projects have no ellipsoid setting |
| datetimes carry a time zone | datetimes have none; a text with an offset is converted to UTC, `now()` is UTC | values are stored without zones |
| texts order by UTF-16 code unit | texts order by code point (as databases' "C" collation) | differs only for characters beyond U+FFFF; lets PostGIS evaluate the same order |
| `length()` counts UTF-16 code units | counts characters | differs only for characters beyond U+FFFF |
| `rand()`/`randf()` with a seed give Qt's numbers | the same number for the same seed, but not Qt's | no Qt random generator here |
| `collect_geometries()` of nothing is an empty geometry that is not NULL | refused | RustGIS has no such value |
| geometry functions that need GEOS's algorithms (`offset_curve`, `concave_hull`, `make_valid` of an invalid geometry, waves, dash patterns) | refused for lines and polygons, with what to use instead | their vertices would differ from QGIS's |
| a geometry in text is its WKT (17 digits) | a geometry in text is its shortest exact WKT | readable |
| `starts_with`, `ends_with`, `power` do not exist | RustGIS additions with the obvious meaning | kept from earlier RustGIS versions |

Values that a table cannot hold become text where an expression's result is stored: a geometry
its WKT, an array or a map its JSON, a colour `r,g,b,a`; an interval becomes its seconds.

"#;
