//! Conditionals, conversions, hashing, paths, variables and the record; dates and times
//! (`dates`) and colours (`colours`) are files of their own below `general/`.

mod colours;
mod dates;

use std::sync::Arc;

use super::{Args, Fail, Function, Out, arg, text_out};
use crate::expr::datetime;
use crate::expr::eval::{Env, eval, truth};
use crate::expr::parser::Node;
use crate::expr::value::{FeatureVal, Val};

pub(super) use colours::*;
pub(super) use dates::*;

// Conditionals.

pub(super) fn if_(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    let condition = arg(args, 0, env, f)?;
    let truth = truth(&condition).map_err(|m| Fail::new(format!("if(): {m}")))?;
    arg(args, if truth == Some(true) { 1 } else { 2 }, env, f)
}

pub(super) fn coalesce(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    for idx in 0..args.len() {
        let value = arg(args, idx, env, f)?;
        if !value.is_null() {
            return Ok(value);
        }
    }
    Ok(Val::Null)
}

pub(super) fn nullif(args: &Args<'_, '_>) -> Out {
    let (a, b) = (args.get(0), args.get(1));
    // QGIS compares the two values as they are (QVariant equality): 3 and '3' differ.
    let same = match (a, b) {
        (Val::Int(x), Val::Double(y)) | (Val::Double(y), Val::Int(x)) => (*x as f64) == *y,
        _ => a == b,
    };
    Ok(if same { Val::Null } else { a.clone() })
}

pub(super) fn try_(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    match args.first().and_then(Option::as_ref).map(|node| eval(node, env)) {
        Some(Ok(value)) => Ok(value),
        _ => arg(args, 1, env, f),
    }
}

// Conversions.

pub(super) fn to_int(args: &Args<'_, '_>) -> Out {
    args.get(0).to_int().map(Val::Int).ok_or_else(|| {
        args.error(format!(
            "cannot convert {} to an integer; give a whole number or text such as '42'",
            args.get(0).describe()
        ))
    })
}

pub(super) fn to_real(args: &Args<'_, '_>) -> Out {
    args.get(0).to_double().map(Val::Double).ok_or_else(|| {
        args.error(format!(
            "cannot convert {} to a number; give a number or text such as '4.2'",
            args.get(0).describe()
        ))
    })
}

pub(super) fn to_string(args: &Args<'_, '_>) -> Out {
    text_out(args.text(0))
}

/// The format and language arguments of the to_date family.
fn format_language(args: &Args<'_, '_>, what: &str) -> Result<Option<(String, Option<String>)>, Fail> {
    let format = args.text(1);
    let language = args.text(2);
    if format.is_empty() && !language.is_empty() {
        return Err(args.error(format!(
            "a format is needed to read a {what} in a language, as in {}('29 juin 2019', 'd MMMM yyyy', 'fr')",
            args.function.name
        )));
    }
    if format.is_empty() {
        return Ok(None);
    }
    Ok(Some((format, (!language.is_empty()).then_some(language))))
}

pub(super) fn to_datetime(args: &Args<'_, '_>) -> Out {
    match format_language(args, "datetime")? {
        None => args.get(0).to_datetime().map(Val::DateTime).ok_or_else(|| {
            args.error(format!(
                "cannot convert {} to a datetime; give ISO text such as '2024-01-31 12:00' or a format",
                args.get(0).describe()
            ))
        }),
        Some((format, language)) => {
            let text = args.text(0);
            datetime::parse_datetime_with(&text, &format, language.as_deref())
                .map_err(|m| args.error(m))?
                .map(Val::DateTime)
                .ok_or_else(|| args.error(format!("'{text}' does not read as a datetime in the format '{format}'")))
        }
    }
}

pub(super) fn to_date(args: &Args<'_, '_>) -> Out {
    match format_language(args, "date")? {
        None => args.get(0).to_date().map(Val::Date).ok_or_else(|| {
            args.error(format!(
                "cannot convert {} to a date; give ISO text such as '2024-01-31' or a format",
                args.get(0).describe()
            ))
        }),
        Some((format, language)) => {
            let text = args.text(0);
            datetime::parse_date_with(&text, &format, language.as_deref())
                .map_err(|m| args.error(m))?
                .map(Val::Date)
                .ok_or_else(|| args.error(format!("'{text}' does not read as a date in the format '{format}'")))
        }
    }
}

pub(super) fn to_time(args: &Args<'_, '_>) -> Out {
    match format_language(args, "time")? {
        None => args.get(0).to_time().map(Val::Time).ok_or_else(|| {
            args.error(format!(
                "cannot convert {} to a time; give ISO text such as '13:45:00' or a format",
                args.get(0).describe()
            ))
        }),
        Some((format, language)) => {
            let text = args.text(0);
            datetime::parse_time_with(&text, &format, language.as_deref())
                .map_err(|m| args.error(m))?
                .map(Val::Time)
                .ok_or_else(|| args.error(format!("'{text}' does not read as a time in the format '{format}'")))
        }
    }
}

pub(super) fn to_interval(args: &Args<'_, '_>) -> Out {
    args.get(0).to_interval().map(Val::Interval).ok_or_else(|| {
        args.error(format!(
            "cannot convert {} to an interval; give text such as '1 day 2 hours'",
            args.get(0).describe()
        ))
    })
}

fn degrees_text(args: &Args<'_, '_>, with_seconds: bool) -> Out {
    let value = args.double(0)?;
    let axis = args.text(1).to_ascii_lowercase();
    let precision = usize::try_from(args.int(2)?.clamp(0, 12)).unwrap_or(0);
    let formatting = args.text(3).to_ascii_lowercase();
    let suffix = matches!(formatting.as_str(), "aligned" | "suffix");
    let (positive, negative) = match axis.as_str() {
        "x" => ("E", "W"),
        "y" => ("N", "S"),
        _ => return Err(args.error(format!("axis must be 'x' or 'y', not '{axis}'"))),
    };
    let abs = value.abs();
    let degrees = abs.trunc();
    let minutes_full = (abs - degrees) * 60.0;
    let text = if with_seconds {
        let minutes = minutes_full.trunc();
        let seconds = (minutes_full - minutes) * 60.0;
        format!("{degrees}°{minutes}′{seconds:.precision$}″")
    } else {
        format!("{degrees}°{minutes_full:.precision$}′")
    };
    let sign = if value < 0.0 && !suffix { "-" } else { "" };
    let hemisphere = if suffix { if value < 0.0 { negative } else { positive } } else { "" };
    Ok(Val::text(format!("{sign}{text}{hemisphere}")))
}

pub(super) fn to_dm(args: &Args<'_, '_>) -> Out {
    degrees_text(args, false)
}

pub(super) fn to_dms(args: &Args<'_, '_>) -> Out {
    degrees_text(args, true)
}

pub(super) fn to_decimal(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let numbers: Vec<f64> = text
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    if numbers.is_empty() {
        return Ok(Val::Null);
    }
    let mut value = numbers[0] + numbers.get(1).unwrap_or(&0.0) / 60.0 + numbers.get(2).unwrap_or(&0.0) / 3600.0;
    let upper = text.to_uppercase();
    if upper.contains('S') || upper.contains('W') || text.trim_start().starts_with('-') {
        value = -value;
    }
    Ok(Val::Double(value))
}

// Hashing and encoding.

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn bytes_of(value: &Val) -> Vec<u8> {
    match value {
        Val::Bytes(b) => b.to_vec(),
        other => other.to_text().into_bytes(),
    }
}

pub(super) fn hash(args: &Args<'_, '_>) -> Out {
    use sha2::Digest as _;
    let data = bytes_of(args.get(0));
    let method = args.text(1).to_lowercase();
    let digest = match method.as_str() {
        "md4" => md4::Md4::digest(&data).to_vec(),
        "md5" => md5::Md5::digest(&data).to_vec(),
        "sha1" => sha1::Sha1::digest(&data).to_vec(),
        "sha224" => sha2::Sha224::digest(&data).to_vec(),
        "sha256" => sha2::Sha256::digest(&data).to_vec(),
        "sha384" => sha2::Sha384::digest(&data).to_vec(),
        "sha512" => sha2::Sha512::digest(&data).to_vec(),
        "sha3_224" => sha3::Sha3_224::digest(&data).to_vec(),
        "sha3_256" => sha3::Sha3_256::digest(&data).to_vec(),
        "sha3_384" => sha3::Sha3_384::digest(&data).to_vec(),
        "sha3_512" => sha3::Sha3_512::digest(&data).to_vec(),
        "keccak_224" => sha3::Keccak224::digest(&data).to_vec(),
        "keccak_256" => sha3::Keccak256::digest(&data).to_vec(),
        "keccak_384" => sha3::Keccak384::digest(&data).to_vec(),
        "keccak_512" => sha3::Keccak512::digest(&data).to_vec(),
        other => return Err(args.error(format!("unknown hash method '{other}'; use md4, md5, sha1, sha224, sha256, sha384, sha512, sha3_224, sha3_256, sha3_384, sha3_512, keccak_224, keccak_256, keccak_384 or keccak_512"))),
    };
    Ok(Val::text(hex(&digest)))
}

pub(super) fn md5(args: &Args<'_, '_>) -> Out {
    use md5::Digest as _;
    Ok(Val::text(hex(&md5::Md5::digest(bytes_of(args.get(0))))))
}

pub(super) fn sha256(args: &Args<'_, '_>) -> Out {
    use sha2::Digest as _;
    Ok(Val::text(hex(&sha2::Sha256::digest(bytes_of(args.get(0))))))
}

pub(super) fn to_base64(args: &Args<'_, '_>) -> Out {
    use base64::Engine as _;
    text_out(base64::engine::general_purpose::STANDARD.encode(bytes_of(args.get(0))))
}

pub(super) fn from_base64(args: &Args<'_, '_>) -> Out {
    use base64::Engine as _;
    let text = args.text(0);
    base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map(|b| Val::Bytes(Arc::new(b)))
        .map_err(|e| args.error(format!("'{text}' is not Base64: {e}")))
}

pub(super) fn uuid(args: &Args<'_, '_>) -> Out {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| args.error(format!("no randomness available: {e}")))?;
    bytes[6] = (bytes[6] & 0x0F) | 0x40;
    bytes[8] = (bytes[8] & 0x3F) | 0x80;
    let h = hex(&bytes);
    let dashed = format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32]);
    let format = args.text(0).to_lowercase();
    Ok(Val::text(match format.as_str() {
        "withoutbraces" => dashed,
        "id128" => h,
        _ => format!("{{{dashed}}}"),
    }))
}

pub(super) fn mime_type(args: &Args<'_, '_>) -> Out {
    let data = bytes_of(args.get(0));
    let starts = |prefix: &[u8]| data.starts_with(prefix);
    let text = String::from_utf8_lossy(&data).to_lowercase();
    Ok(Val::text(if data.is_empty() {
        "application/x-zerosize"
    } else if starts(b"GIF8") {
        "image/gif"
    } else if starts(b"%PDF") {
        "application/pdf"
    } else if starts(b"\x89PNG") {
        "image/png"
    } else if starts(b"\xFF\xD8\xFF") {
        "image/jpeg"
    } else if starts(b"PK\x03\x04") {
        "application/zip"
    } else if text.trim_start().starts_with("<html") || text.trim_start().starts_with("<!doctype html") {
        "text/html"
    } else if std::str::from_utf8(&data).is_ok() {
        "text/plain"
    } else {
        "application/octet-stream"
    }))
}

// Files and paths: the texts only.

fn path_parts(args: &Args<'_, '_>) -> Result<String, Fail> {
    match args.get(0) {
        Val::Geometry(_) | Val::Array(_) | Val::Map(_) | Val::Color(_) | Val::Feature(_) => Err(args.fail(0, "a path")),
        other => Ok(other.to_text()),
    }
}

pub(super) fn base_file_name(args: &Args<'_, '_>) -> Out {
    let path = path_parts(args)?;
    let name = path.rsplit(['/', '\\']).next().unwrap_or("");
    Ok(Val::text(match name.find('.') {
        Some(idx) if idx > 0 => &name[..idx],
        _ => name,
    }))
}

pub(super) fn file_name(args: &Args<'_, '_>) -> Out {
    let path = path_parts(args)?;
    Ok(Val::text(path.rsplit(['/', '\\']).next().unwrap_or("")))
}

pub(super) fn file_path(args: &Args<'_, '_>) -> Out {
    let path = path_parts(args)?;
    Ok(Val::text(match path.rfind(['/', '\\']) {
        Some(0) => "/".to_owned(),
        Some(idx) => path[..idx].to_owned(),
        None => ".".to_owned(),
    }))
}

pub(super) fn file_suffix(args: &Args<'_, '_>) -> Out {
    let path = path_parts(args)?;
    let name = path.rsplit(['/', '\\']).next().unwrap_or("");
    Ok(Val::text(match name.rfind('.') {
        Some(idx) if idx > 0 => &name[idx + 1..],
        _ => "",
    }))
}

// General.

/// `@name`: a variable set by a function, or one RustGIS knows about the row and layer.
pub(crate) fn variable(name: &str, env: &mut Env<'_>) -> Result<Val, Fail> {
    if let Some(value) = env.local(name) {
        return Ok(value.clone());
    }
    Ok(match name.to_ascii_lowercase().as_str() {
        "geometry" => env.geometry().map_or(Val::Null, Val::Geometry),
        "id" => env.feature.map_or(Val::Null, |f| Val::Int(i64::try_from(f.id).unwrap_or(i64::MAX))),
        "feature" => current_feature_of(env),
        "row_number" => env.row_number.map_or(Val::Null, Val::Int),
        "layer_name" | "layer" => env.scope.and_then(|s| s.layer).map_or(Val::Null, |l| Val::text(l.name.as_str())),
        "layer_id" => env.scope.and_then(|s| s.layer).map_or(Val::Null, |l| Val::text(l.id.0.to_string())),
        "layer_crs" => Val::text(env.crs.to_string()),
        "qgis_version" => Val::text("3.40.6-RustGIS"),
        _ => {
            let mut known: Vec<String> = env.locals.iter().map(|(n, _)| format!("@{n}")).collect();
            known.extend(
                ["@geometry", "@id", "@feature", "@row_number", "@layer_name", "@layer_id", "@layer_crs"]
                    .map(str::to_owned),
            );
            return Err(Fail::unsupported(format!(
                "the variable @{name} is not known here (QGIS would give NULL); the variables are {}, or set one with with_variable('{name}', value, expression)",
                known.join(", ")
            )));
        }
    })
}

pub(super) fn var(args: &Args<'_, '_>) -> Out {
    let name = args.text(0);
    if let Some(value) = args.env.local(&name) {
        return Ok(value.clone());
    }
    let mut env = Env::new(args.env.fields, args.env.feature, args.env.crs, args.env.scope);
    env.row_number = args.env.row_number;
    variable(&name, &mut env)
}

pub(super) fn with_variable(args: &[Option<Node>], env: &mut Env<'_>, f: &'static Function) -> Out {
    let name = arg(args, 0, env, f)?.to_text();
    let value = arg(args, 1, env, f)?;
    env.locals.push((name, value));
    let result = arg(args, 2, env, f);
    env.locals.pop();
    result
}

pub(super) fn eval_text(args: &Args<'_, '_>) -> Out {
    let text = args.text(0);
    let expr = crate::expr::Expr::parse(&text).map_err(|e| args.error(format!("cannot parse '{text}': {e}")))?;
    let mut env = Env::new(args.env.fields, args.env.feature, args.env.crs, args.env.scope);
    env.row_number = args.env.row_number;
    env.locals = args.env.locals.clone();
    eval(expr.root(), &mut env).map_err(Fail::from)
}

pub(super) fn eval_template(args: &Args<'_, '_>) -> Out {
    let template = args.text(0);
    let mut out = String::new();
    let mut rest = template.as_str();
    while let Some(start) = rest.find("[%") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("%]") else {
            out.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let text = after[..end].trim();
        let expr = crate::expr::Expr::parse(text).map_err(|e| args.error(format!("cannot parse '{text}': {e}")))?;
        let mut env = Env::new(args.env.fields, args.env.feature, args.env.crs, args.env.scope);
        env.row_number = args.env.row_number;
        env.locals = args.env.locals.clone();
        out.push_str(&eval(expr.root(), &mut env).map_err(Fail::from)?.to_text());
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    text_out(out)
}

// Record and attributes.

pub(super) fn feature_id_here(args: &Args<'_, '_>) -> Out {
    Ok(args.env.feature.map_or(Val::Null, |f| Val::Int(i64::try_from(f.id).unwrap_or(i64::MAX))))
}

fn current_feature_of(env: &mut Env<'_>) -> Val {
    let Some(feature) = env.feature else {
        return Val::Null;
    };
    let geometry = env.geometry();
    Val::Feature(Arc::new(FeatureVal {
        id: i64::try_from(feature.id).unwrap_or(i64::MAX),
        attributes: env.fields.iter().zip(&feature.attributes).map(|(f, v)| (f.name.clone(), Val::from(v))).collect(),
        geometry,
    }))
}

pub(super) fn current_feature(args: &Args<'_, '_>) -> Out {
    let mut env = Env::new(args.env.fields, args.env.feature, args.env.crs, args.env.scope);
    Ok(current_feature_of(&mut env))
}

pub(super) fn feature_id(args: &Args<'_, '_>) -> Out {
    match args.get(0) {
        Val::Feature(f) => Ok(Val::Int(f.id)),
        _ => Err(args.fail(0, "a feature")),
    }
}

/// `is_selected([layer], [feature])`: whether the feature is in the layer's selection.
pub(super) fn is_selected(args: &Args<'_, '_>) -> Out {
    let layer = match args.get(0) {
        Val::Null => match args.env.scope.and_then(|s| s.layer) {
            Some(layer) => layer,
            None => {
                return Err(Fail::unsupported(
                    "is_selected(): no layer is current where this expression runs; name one: is_selected('countries')"
                        .to_owned(),
                ));
            }
        },
        _ => layer_for(args, 0)?,
    };
    let id = match args.get(1) {
        Val::Null => match args.env.feature {
            Some(feature) => feature.id,
            None => return Ok(Val::Null),
        },
        Val::Feature(f) => match u64::try_from(f.id) {
            Ok(id) => id,
            Err(_) => return Ok(Val::Bool(false)),
        },
        _ => return Err(args.fail(1, "a feature")),
    };
    Ok(Val::Bool(layer.selection.contains(&id)))
}

pub(super) fn attribute(args: &Args<'_, '_>) -> Out {
    match args.len() {
        1 => {
            let name = args.text(0);
            let Some(idx) = crate::expr::eval::resolve_field(&name, args.env.fields) else {
                return Ok(Val::Null);
            };
            Ok(args.env.feature.and_then(|f| f.attributes.get(idx)).map_or(Val::Null, Val::from))
        }
        2 => match args.get(0) {
            Val::Feature(f) => {
                let name = args.text(1);
                Ok(f.attributes.iter().find(|(n, _)| *n == name).map_or(Val::Null, |(_, v)| v.clone()))
            }
            _ => Err(args.fail(0, "a feature")),
        },
        n => Err(args.error(format!(
            "takes 1 or 2 arguments, as in attribute('name') or attribute(@feature, 'name'), but was given {n}"
        ))),
    }
}

pub(super) fn attributes(args: &Args<'_, '_>) -> Out {
    let entries: Vec<(String, Val)> = match args.get(0) {
        Val::Null => match args.env.feature {
            Some(feature) => {
                args.env.fields.iter().zip(&feature.attributes).map(|(f, v)| (f.name.clone(), Val::from(v))).collect()
            }
            None => return Ok(Val::Null),
        },
        Val::Feature(f) => f.attributes.clone(),
        _ => return Err(args.fail(0, "a feature")),
    };
    Ok(crate::expr::functions::arrays::sorted_map(entries))
}

fn layer_for<'s>(args: &Args<'_, 's>, idx: usize) -> Result<&'s crate::Layer, Fail> {
    let name = args.text(idx);
    let scope = args.env.scope;
    if let Some(layer) = scope.and_then(|s| s.layer).filter(|l| l.name == name || l.id.0.to_string() == name) {
        return Ok(layer);
    }
    let Some(lookup) = scope.and_then(|s| s.layers) else {
        return Err(Fail::unsupported(format!(
            "{}(): other layers are not reachable where this expression runs; use it in field.calculate, a filter or a label of a project layer",
            args.function.name
        )));
    };
    lookup
        .layer_named(&name)
        .ok_or_else(|| args.error(format!("no layer '{name}'; the layers are {}", lookup.layer_names().join(", "))))
}

fn feature_val(layer: &crate::Layer, feature: &crate::Feature) -> Val {
    Val::Feature(Arc::new(FeatureVal {
        id: i64::try_from(feature.id).unwrap_or(i64::MAX),
        attributes: layer.fields.iter().zip(&feature.attributes).map(|(f, v)| (f.name.clone(), Val::from(v))).collect(),
        geometry: feature.geometry.as_ref().map(|g| Arc::new(crate::expr::geom::Geom::from_geo(g))),
    }))
}

pub(super) fn get_feature(args: &Args<'_, '_>) -> Out {
    if args.get(0).is_null() || args.get(1).is_null() {
        return Ok(Val::Null);
    }
    let layer = layer_for(args, 0)?;
    let conditions: Vec<(usize, Val)> = match args.get(1) {
        Val::Map(map) => map
            .iter()
            .map(|(k, v)| {
                crate::expr::eval::resolve_field(k, &layer.fields)
                    .map(|idx| (idx, v.clone()))
                    .ok_or_else(|| args.error(format!("layer '{}' has no field '{k}'", layer.name)))
            })
            .collect::<Result<_, _>>()?,
        other => {
            let name = other.to_text();
            let idx = crate::expr::eval::resolve_field(&name, &layer.fields)
                .ok_or_else(|| args.error(format!("layer '{}' has no field '{name}'", layer.name)))?;
            vec![(idx, args.get(2).clone())]
        }
    };
    for feature in layer.features.iter() {
        let all = conditions.iter().all(|(idx, want)| {
            let have = feature.attributes.get(*idx).map_or(Val::Null, Val::from);
            !have.is_null() && crate::expr::eval::is_equal(&have, want)
        });
        if all {
            return Ok(feature_val(layer, feature));
        }
    }
    Ok(Val::Null)
}

pub(super) fn get_feature_by_id(args: &Args<'_, '_>) -> Out {
    let layer = layer_for(args, 0)?;
    let id = args.int(1)?;
    Ok(layer
        .features
        .iter()
        .find(|f| i64::try_from(f.id).ok() == Some(id))
        .map_or(Val::Null, |f| feature_val(layer, f)))
}
