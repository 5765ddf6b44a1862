#!/usr/bin/env python3
"""Extracts QGIS's own expression tests into a fixture RustGIS runs (rustgis-core/tests/qgis_expressions.rs).

QGIS's tests/src/core/testqgsexpression.cpp lists, in `evaluation_data()`, expressions with the
value QGIS evaluates them to without a layer, feature or project, and in `parsing_data()`
expressions with whether they parse. This script reads that C++ file (from Debian's source
package, see below) and writes, one case per line:

    rustgis-core/tests/data/qgis/evaluation.jsonl
        {"name", "expression", "eval_error", "expected": TYPED}
    rustgis-core/tests/data/qgis/parsing.jsonl
        {"name", "expression", "valid"}
    rustgis-core/tests/data/qgis/skipped.jsonl
        rows left out, each with the reason (they need QGIS's test layers or data files)

TYPED is {"type": T, "value": …} with T one of null, bool, int, double, string, date
("YYYY-MM-DD"), time ("HH:MM:SS.mmm"), datetime ("YYYY-MM-DDTHH:MM:SS.mmm"), interval (seconds),
list (of TYPED), color ({"spec": rgb|cmyk|hsl|hsv, "components": […], "alpha": a}) and bytes
(a list of byte values). A double that is not a number is {"type": "double", "value": "nan"}.

Preprocessor branches are chosen for the build Debian ships (Qt 5, GEOS 3.13), the QGIS whose
answers the fixture records.

Get the source with (Debian 13 "trixie" has QGIS 3.40 LTR):

    echo 'deb-src http://deb.debian.org/debian trixie main' > /etc/apt/sources.list.d/trixie-src.list
    apt-get update && apt-get source --download-only qgis
    tar -xJf qgis_3.40.6+dfsg.orig.tar.xz qgis-3.40.6/tests/src/core/testqgsexpression.cpp
    python3 scripts/qgis_expression_fixture.py qgis-3.40.6/tests/src/core/testqgsexpression.cpp 3.40.6+dfsg-1

Only behaviour and test data are taken from QGIS (GPL-2.0-or-later), never code.
"""

import hashlib
import json
import math
import pathlib
import re
import sys

GEOS = (3, 13)
QT_MAJOR = 5

OUT = pathlib.Path(__file__).resolve().parent.parent / "rustgis-core" / "tests" / "data" / "qgis"


def function_body(source: str, name: str) -> str:
    start = source.index(f"void {name}()")
    open_brace = source.index("{", start)
    depth = 0
    for idx in range(open_brace, len(source)):
        if source[idx] == "{":
            depth += 1
        elif source[idx] == "}":
            depth -= 1
            if depth == 0:
                return source[open_brace + 1 : idx]
    raise ValueError(f"{name} never closes")


def preprocess(body: str) -> str:
    """Keeps the lines of the #if branches taken for GEOS 3.13 and Qt 5."""

    def condition(text: str) -> bool:
        text = text.replace("GEOS_VERSION_MAJOR", str(GEOS[0])).replace("GEOS_VERSION_MINOR", str(GEOS[1]))
        text = re.sub(r"QT_VERSION_CHECK\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)", lambda m: str(int(m[1]) << 16), text)
        text = text.replace("QT_VERSION", str(QT_MAJOR << 16))
        text = text.replace("&&", " and ").replace("||", " or ")
        return bool(eval(text, {}))  # the conditions are integer comparisons only

    kept, stack = [], []
    for line in body.split("\n"):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append([condition(stripped[3:]), False])
            stack[-1][1] = stack[-1][0]
            continue
        if stripped.startswith("#else"):
            stack[-1][0] = not stack[-1][1]
            continue
        if stripped.startswith("#endif"):
            stack.pop()
            continue
        if all(taken for taken, _ in stack):
            kept.append(line)
    return "\n".join(kept)


TOKEN = re.compile(
    r"""\s*(?:
      (?P<string>"(?:[^"\\]|\\.)*")
    | (?P<raw>R"\((?:.|\n)*?\)")
    | (?P<number>(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?:LL|ll|f|F|u|U)?)
    | (?P<name>[A-Za-z_][A-Za-z_0-9]*(?:::[A-Za-z_][A-Za-z_0-9]*)*(?:<[a-z]+>::[A-Za-z_]+)?)
    | (?P<op><<|->|[-+*/(),.])
    )""",
    re.VERBOSE,
)


def tokens(text: str):
    pos, out = 0, []
    text = text.strip()
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise ValueError(f"cannot read C++ at {text[pos:pos + 40]!r}")
        kind = match.lastgroup
        out.append((kind, match[kind]))
        pos = match.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


def unescape(literal: str) -> str:
    if literal.startswith('R"('):
        return literal[3:-2]
    body = literal[1:-1]
    out, idx = [], 0
    simple = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "0": "\0", "a": "\a"}
    while idx < len(body):
        c = body[idx]
        if c != "\\":
            out.append(c)
            idx += 1
            continue
        nxt = body[idx + 1]
        if nxt in simple:
            out.append(simple[nxt])
            idx += 2
        elif nxt == "x":
            digits = re.match(r"[0-9a-fA-F]+", body[idx + 2 :])[0]
            out.append(chr(int(digits, 16)))
            idx += 2 + len(digits)
        elif nxt == "u":
            out.append(chr(int(body[idx + 2 : idx + 6], 16)))
            idx += 6
        else:
            raise ValueError(f"unknown escape \\{nxt}")
    return "".join(out)


class ContextNeeded(Exception):
    """The row needs QGIS's test layers or data files."""


class Cpp:
    """Reads the C++ expressions of the test rows into typed values."""

    def __init__(self, toks):
        self.toks = toks
        self.idx = 0

    def peek(self, ahead=0):
        idx = self.idx + ahead
        return self.toks[idx] if idx < len(self.toks) else (None, None)

    def take(self, expected=None):
        tok = self.peek()
        if expected is not None and tok[1] != expected:
            raise ValueError(f"expected {expected!r}, found {tok!r}")
        self.idx += 1
        return tok

    def at_end(self):
        return self.idx >= len(self.toks)

    def args(self):
        self.take("(")
        out = []
        if self.peek()[1] == ")":
            self.take(")")
            return out
        while True:
            out.append(self.expr())
            if self.peek()[1] == ",":
                self.take(",")
                continue
            self.take(")")
            return out

    def skip_parenthesised(self):
        depth = 0
        while True:
            text = self.take()[1]
            depth += {"(": 1, ")": -1}.get(text, 0)
            if depth == 0:
                return

    # Arithmetic on numbers, C++ precedence for + - * /.
    def expr(self):
        left = self.term()
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            right = self.term()
            left = arith(op, left, right)
        return left

    def term(self):
        left = self.unary()
        while self.peek()[1] in ("*", "/"):
            op = self.take()[1]
            right = self.unary()
            left = arith(op, left, right)
        return left

    def unary(self):
        if self.peek()[1] == "-":
            self.take()
            value = self.unary()
            return {"type": value["type"], "value": -value["value"]}
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if kind in ("string", "raw"):
            value = unescape(text)
            while self.peek()[0] in ("string", "raw"):
                value += unescape(self.take()[1])
            return {"type": "string", "value": value}
        if kind == "number":
            suffix = re.search(r"(LL|ll|f|F|u|U)$", text)
            digits = text[: suffix.start()] if suffix else text
            if suffix and suffix[0] in ("f", "F"):
                return {"type": "double", "value": float(digits)}
            if re.fullmatch(r"\d+", digits):
                return {"type": "int", "value": int(digits)}
            return {"type": "double", "value": float(digits)}
        if text == "(":
            value = self.expr()
            self.take(")")
            return value
        if kind != "name":
            raise ValueError(f"unexpected {text!r}")
        if text.startswith("m") and text[1:2].isupper() or text in ("TEST_DATA_DIR", "testDataDir"):
            raise ContextNeeded(f"uses QGIS's test fixture {text}")
        if text in ("true", "false"):
            return {"type": "bool", "value": text == "true"}
        if text == "QChar":
            (code,) = self.args()
            return {"type": "string", "value": chr(code["value"])}
        if text == "M_PI":
            return {"type": "double", "value": math.pi}
        if text == "std::numeric_limits<double>::quiet_NaN":
            self.args()
            return {"type": "double", "value": "nan"}
        if text in ("exp", "log"):
            (arg,) = self.args()
            return {"type": "double", "value": getattr(math, text)(arg["value"])}
        if text == "QVariant":
            args = self.args()
            value = args[0] if args else {"type": "null", "value": None}
            return self.methods(value)
        if text == "QVariant::fromValue":
            (value,) = self.args()
            return value
        if text == "QgsVariantUtils::createNullVariant":
            (qt_type,) = self.args()
            return {"type": "null", "value": None, "qt_type": qt_type["value"]}
        if text.startswith("QMetaType::Type::"):
            return {"type": "name", "value": text.rsplit("::", 1)[1]}
        if text in ("QStringLiteral", "QString", "QLatin1String"):
            (value,) = self.args()
            return self.methods(value)
        if text == "qlonglong":
            (value,) = self.args()
            return {"type": "int", "value": int(value["value"])}
        if text == "QDate":
            year, month, day = (a["value"] for a in self.args())
            return {"type": "date", "value": f"{year:04}-{month:02}-{day:02}"}
        if text == "QTime":
            parts = [a["value"] for a in self.args()] + [0, 0]
            hour, minute, second, ms = parts[:4]
            return {"type": "time", "value": f"{hour:02}:{minute:02}:{second:02}.{ms:03}"}
        if text == "QDateTime":
            args = self.args()
            if args[2:] and args[2]["value"] not in ("LocalTime",):
                raise ValueError(f"unsupported time spec {args[2]}")
            return {"type": "datetime", "value": f"{args[0]['value']}T{args[1]['value']}"}
        if text == "Qt::LocalTime":
            return {"type": "name", "value": "LocalTime"}
        if text == "QgsInterval":
            (seconds,) = self.args()
            return {"type": "interval", "value": seconds["value"]}
        if text == "QVariantList":
            self.args()
            items = []
            while self.peek()[1] == "<<":
                self.take()
                items.append(self.unary())
            return {"type": "list", "value": items}
        if text == "QByteArray":
            (value,) = self.args()
            return {"type": "bytes", "value": list(value["value"].encode("utf-8"))}
        if text.startswith("QColor::from") and text.endswith("F"):
            spec = text[len("QColor::from") : -1].lower()
            values = [float(a["value"]) for a in self.args()]
            n = 4 if spec == "cmyk" else 3
            alpha = values[n] if len(values) > n else 1.0
            return {"type": "color", "value": {"spec": spec, "components": values[:n], "alpha": alpha}}
        raise ValueError(f"unknown C++ name {text!r}")

    def methods(self, value):
        while self.peek()[1] == ".":
            self.take(".")
            name = self.take()[1]
            if name == "arg":
                if "%1" not in value["value"]:
                    # The argument is never used (a copied row), so its fixture does not matter.
                    self.skip_parenthesised()
                    continue
                args = self.args()
                text = value["value"]
                for number, arg in enumerate(args, start=1):
                    text = text.replace(f"%{number}", str(arg["value"]))
                value = {"type": "string", "value": text}
                continue
            if name == "toLocal8Bit":
                self.args()
                continue
            raise ValueError(f"unknown method {name}")
        return value


def arith(op, left, right):
    a, b = left["value"], right["value"]
    kind = "double" if "double" in (left["type"], right["type"]) else left["type"]
    if op == "+":
        value = a + b
    elif op == "-":
        value = a - b
    elif op == "*":
        value = a * b
    else:
        value = a / b if kind == "double" else a // b
    return {"type": kind, "value": value}


def statements(body: str):
    """Splits C++ into statements at ';' outside strings and comments."""
    out, current, idx, in_string = [], [], 0, False
    while idx < len(body):
        c = body[idx]
        if in_string:
            current.append(c)
            if c == "\\":
                current.append(body[idx + 1])
                idx += 2
                continue
            if c == '"':
                in_string = False
        elif body.startswith('R"(', idx):
            end = body.index(')"', idx) + 2
            current.append(body[idx:end])
            idx = end
            continue
        elif c == '"':
            in_string = True
            current.append(c)
        elif body.startswith("//", idx):
            idx = body.index("\n", idx)
            continue
        elif body.startswith("/*", idx):
            idx = body.index("*/", idx) + 2
            continue
        elif c == ";":
            out.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        idx += 1
    return out


def rows(body: str):
    """Each `QTest::newRow( name ) << a << b << c` as (name, [a, b, c]) of raw C++ text."""
    for statement in statements(body):
        if not statement.startswith("QTest::newRow"):
            continue
        toks = tokens(statement)
        parser = Cpp(toks)
        parser.take("QTest::newRow")
        name = parser.args()[0]["value"]
        columns = []
        start = parser.idx
        depth = 0
        # Split the rest at top-level '<<'; the columns are then read one by one.
        pieces, current = [], []
        for tok in toks[start:]:
            if tok[1] == "(":
                depth += 1
            elif tok[1] == ")":
                depth -= 1
            if tok[1] == "<<" and depth == 0:
                if current:
                    pieces.append(current)
                current = []
                continue
            current.append(tok)
        pieces.append(current)
        for piece in pieces:
            columns.append(piece)
        yield name, columns


def read(piece):
    parser = Cpp(piece)
    value = parser.expr()
    if not parser.at_end():
        raise ValueError(f"left over C++: {parser.toks[parser.idx:]}")
    return value


def main():
    source_path = pathlib.Path(sys.argv[1])
    package = sys.argv[2]
    source = source_path.read_text()
    OUT.mkdir(parents=True, exist_ok=True)

    evaluation, skipped = [], []
    for name, columns in rows(preprocess(function_body(source, "evaluation_data"))):
        try:
            expression, eval_error, expected = (read(piece) for piece in columns)
        except ContextNeeded as reason:
            skipped.append({"name": name, "reason": str(reason)})
            continue
        assert expression["type"] == "string" and eval_error["type"] == "bool", name
        evaluation.append(
            {"name": name, "expression": expression["value"], "eval_error": eval_error["value"], "expected": expected}
        )

    parsing = []
    for name, columns in rows(preprocess(function_body(source, "parsing_data"))):
        expression, valid = (read(piece) for piece in columns)
        parsing.append({"name": name, "expression": expression["value"], "valid": valid["value"]})

    def write(file_name, items):
        with open(OUT / file_name, "w", encoding="utf-8") as out:
            for item in items:
                out.write(json.dumps(item, ensure_ascii=False) + "\n")

    write("evaluation.jsonl", evaluation)
    write("parsing.jsonl", parsing)
    write("skipped.jsonl", skipped)
    digest = hashlib.sha256(source_path.read_bytes()).hexdigest()
    print(f"{len(evaluation)} evaluation cases, {len(parsing)} parsing cases, {len(skipped)} rows skipped")
    print(f"source {source_path.name} sha256 {digest} (Debian qgis {package})")


if __name__ == "__main__":
    main()
