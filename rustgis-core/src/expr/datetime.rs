//! Dates, times and intervals: Qt's date format strings (`d MMMM yyyy`), month and day names in
//! other languages (glibc's locale data), QGIS's interval texts (`1 day 2 hours`) and date
//! arithmetic.

use time::{Date, Month, PrimitiveDateTime, Time};

use super::value::{Interval, Val};

/// Reads an interval text the way QGIS's QgsInterval::fromString does: numbers followed by
/// units (`1 year 2 months 3.5 days`, `1 day 02:03:04`); `None` when nothing reads.
pub(crate) fn parse_interval(text: &str) -> Option<Interval> {
    let mut text = text.to_owned();
    // `… hh:mm:ss` becomes `… hh hours mm minutes ss seconds`.
    if let Some(idx) = find_clock(&text) {
        let clock = text[idx..].to_owned();
        let mut parts = clock.splitn(3, ':');
        let (h, m, rest) = (parts.next()?, parts.next()?, parts.next()?);
        text = format!("{} {h} hours {m} minutes {rest} seconds", &text[..idx]);
    }
    let units: [(f64, &[&str]); 7] = [
        (1.0, &["second", "seconds"]),
        (Interval::MINUTE, &["minute", "minutes"]),
        (Interval::HOUR, &["hour", "hours"]),
        (Interval::DAY, &["day", "days"]),
        (Interval::WEEK, &["week", "weeks"]),
        (Interval::MONTH, &["month", "months", "mon"]),
        (Interval::YEAR, &["year", "years"]),
    ];
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut seconds = 0.0;
    let mut idx = 0;
    while idx + 1 < words.len() {
        let Some(value) = super::value::parse_double(words[idx]).filter(|v| v.is_finite()) else {
            idx += 1;
            continue;
        };
        let unit = words[idx + 1].to_lowercase();
        if let Some((scale, _)) = units.iter().find(|(_, names)| names.iter().any(|name| unit.contains(name))) {
            seconds += value * scale;
        }
        idx += 2;
    }
    (seconds != 0.0).then_some(Interval { seconds })
}

/// Where a ` hh:mm:ss` clock starts in an interval text.
fn find_clock(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    for start in 0..bytes.len() {
        if start > 0 && bytes[start - 1] != b' ' {
            continue;
        }
        let rest = &text[start..];
        let mut parts = rest.splitn(3, ':');
        let (h, m, s) = (parts.next()?, parts.next(), parts.next());
        let short_digits = |p: &str| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit());
        if let (Some(m), Some(s)) = (m, s)
            && short_digits(h)
            && short_digits(m)
            && s.bytes().take_while(u8::is_ascii_digit).count() >= 1
        {
            return Some(start);
        }
    }
    None
}

/// A date, time or datetime moved by `seconds` (QDateTime::addSecs).
pub(crate) fn add_seconds(value: &Val, seconds: f64) -> Result<Val, String> {
    let duration = time::Duration::seconds_f64(seconds.trunc());
    Ok(match value {
        Val::DateTime(dt) => Val::DateTime(dt.checked_add(duration).ok_or("the date is out of range")?),
        Val::Date(d) => Val::DateTime(d.midnight().checked_add(duration).ok_or("the date is out of range")?),
        Val::Time(t) => {
            let anchor = PrimitiveDateTime::new(Date::MIN, *t);
            Val::DateTime(anchor.checked_add(duration).ok_or("the time is out of range")?)
        }
        other => return Err(format!("cannot add an interval to {}", other.describe())),
    })
}

/// One piece of a Qt date format.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Literal(String),
    Field(&'static str),
}

/// The Qt format fields, longest first so that `dddd` wins over `d`.
const FIELDS: [&str; 26] = [
    "dddd", "ddd", "dd", "d", "MMMM", "MMM", "MM", "M", "yyyy", "yy", "hh", "h", "HH", "H", "mm", "m", "ss", "s",
    "zzz", "z", "AP", "ap", "A", "a", "t", "T",
];

fn tokenize_format(format: &str) -> Vec<Piece> {
    let chars: Vec<char> = format.chars().collect();
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut idx = 0;
    while idx < chars.len() {
        if chars[idx] == '\'' {
            // Quoted text; '' is a quote.
            if chars.get(idx + 1) == Some(&'\'') {
                literal.push('\'');
                idx += 2;
                continue;
            }
            idx += 1;
            while idx < chars.len() {
                if chars[idx] == '\'' {
                    if chars.get(idx + 1) == Some(&'\'') {
                        literal.push('\'');
                        idx += 2;
                        continue;
                    }
                    idx += 1;
                    break;
                }
                literal.push(chars[idx]);
                idx += 1;
            }
            continue;
        }
        let rest: String = chars[idx..].iter().collect();
        // `T` is a literal in Qt 5 formats; only lowercase `t` is the time zone.
        match FIELDS.iter().find(|f| **f != "T" && rest.starts_with(**f)) {
            Some(field) => {
                if !literal.is_empty() {
                    pieces.push(Piece::Literal(std::mem::take(&mut literal)));
                }
                pieces.push(Piece::Field(field));
                idx += field.chars().count();
            }
            None => {
                literal.push(chars[idx]);
                idx += 1;
            }
        }
    }
    if !literal.is_empty() {
        pieces.push(Piece::Literal(literal));
    }
    pieces
}

/// Month and day names in a language.
struct Names {
    months: [String; 12],
    short_months: [String; 12],
    /// Monday first.
    days: [String; 7],
    short_days: [String; 7],
    am: String,
    pm: String,
}

fn english() -> Names {
    let months = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    Names {
        months: months.map(str::to_owned),
        short_months: months.map(|m| m[..3].to_owned()),
        days: days.map(str::to_owned),
        short_days: days.map(|d| d[..3].to_owned()),
        am: "AM".to_owned(),
        pm: "PM".to_owned(),
    }
}

/// The names for a language code such as `fr` or `de_AT`; `None` when glibc has no such locale.
fn names(language: Option<&str>) -> Result<Names, String> {
    let Some(language) = language.filter(|l| !l.is_empty()) else {
        return Ok(english());
    };
    if language.eq_ignore_ascii_case("en") || language.to_ascii_lowercase().starts_with("en_") {
        return Ok(english());
    }
    let normalized = language.replace('-', "_");
    let (lang, country) = match normalized.split_once('_') {
        Some((l, c)) => (l.to_ascii_lowercase(), Some(c.to_ascii_uppercase())),
        None => (normalized.to_ascii_lowercase(), None),
    };
    let candidates = [
        country.as_ref().map(|c| format!("{lang}_{c}")),
        Some(format!("{lang}_{}", lang.to_ascii_uppercase())),
        Some(lang.clone()),
    ];
    let locale = candidates
        .iter()
        .flatten()
        .find_map(|name| pure_rust_locales::Locale::try_from(name.as_str()).ok())
        .ok_or_else(|| format!("unknown language '{language}'; give a code such as 'fr', 'de' or 'pt_BR'"))?;
    use pure_rust_locales::locale_match;
    let months: &[&str] = locale_match!(locale => LC_TIME::MON);
    let short_months: &[&str] = locale_match!(locale => LC_TIME::ABMON);
    let days: &[&str] = locale_match!(locale => LC_TIME::DAY);
    let short_days: &[&str] = locale_match!(locale => LC_TIME::ABDAY);
    let am_pm: &[&str] = locale_match!(locale => LC_TIME::AM_PM);
    let pick12 = |names: &[&str]| std::array::from_fn(|i| names.get(i).copied().unwrap_or_default().to_owned());
    // glibc starts the week on Sunday; Qt on Monday.
    let pick7 =
        |names: &[&str]| std::array::from_fn(|i| names.get((i + 1) % 7).copied().unwrap_or_default().to_owned());
    Ok(Names {
        months: pick12(months),
        short_months: pick12(short_months),
        days: pick7(days),
        short_days: pick7(short_days),
        am: am_pm.first().copied().unwrap_or("AM").to_owned(),
        pm: am_pm.get(1).copied().unwrap_or("PM").to_owned(),
    })
}

/// Formats a date, time or datetime with a Qt format string.
pub(crate) fn format_with(
    date: Option<Date>,
    time: Option<Time>,
    format: &str,
    language: Option<&str>,
) -> Result<String, String> {
    let names = names(language)?;
    let pieces = tokenize_format(format);
    let has_ap = pieces.iter().any(|p| matches!(p, Piece::Field("AP" | "ap" | "A" | "a")));
    let mut out = String::new();
    for piece in pieces {
        let field = match piece {
            Piece::Literal(text) => {
                out.push_str(&text);
                continue;
            }
            Piece::Field(field) => field,
        };
        let hour12 = |h: u8| if h.is_multiple_of(12) { 12 } else { h % 12 };
        match (field, date, time) {
            ("d", Some(d), _) => out.push_str(&d.day().to_string()),
            ("dd", Some(d), _) => out.push_str(&format!("{:02}", d.day())),
            ("ddd", Some(d), _) => out.push_str(&names.short_days[usize::from(d.weekday().number_days_from_monday())]),
            ("dddd", Some(d), _) => out.push_str(&names.days[usize::from(d.weekday().number_days_from_monday())]),
            ("M", Some(d), _) => out.push_str(&u8::from(d.month()).to_string()),
            ("MM", Some(d), _) => out.push_str(&format!("{:02}", u8::from(d.month()))),
            ("MMM", Some(d), _) => out.push_str(&names.short_months[usize::from(u8::from(d.month()) - 1)]),
            ("MMMM", Some(d), _) => out.push_str(&names.months[usize::from(u8::from(d.month()) - 1)]),
            ("yy", Some(d), _) => out.push_str(&format!("{:02}", d.year().rem_euclid(100))),
            ("yyyy", Some(d), _) => out.push_str(&format!("{:04}", d.year())),
            ("h", _, Some(t)) => out.push_str(&(if has_ap { hour12(t.hour()) } else { t.hour() }).to_string()),
            ("hh", _, Some(t)) => out.push_str(&format!("{:02}", if has_ap { hour12(t.hour()) } else { t.hour() })),
            ("H", _, Some(t)) => out.push_str(&t.hour().to_string()),
            ("HH", _, Some(t)) => out.push_str(&format!("{:02}", t.hour())),
            ("m", _, Some(t)) => out.push_str(&t.minute().to_string()),
            ("mm", _, Some(t)) => out.push_str(&format!("{:02}", t.minute())),
            ("s", _, Some(t)) => out.push_str(&t.second().to_string()),
            ("ss", _, Some(t)) => out.push_str(&format!("{:02}", t.second())),
            ("z", _, Some(t)) => out.push_str(&t.millisecond().to_string()),
            ("zzz", _, Some(t)) => out.push_str(&format!("{:03}", t.millisecond())),
            ("AP" | "A", _, Some(t)) => {
                out.push_str(&if t.hour() < 12 { names.am.to_uppercase() } else { names.pm.to_uppercase() })
            }
            ("ap" | "a", _, Some(t)) => {
                out.push_str(&if t.hour() < 12 { names.am.to_lowercase() } else { names.pm.to_lowercase() })
            }
            ("t", _, Some(_)) => out.push_str("UTC"),
            // A field for a part the value lacks (the hour of a date) writes nothing, as in Qt.
            _ => {}
        }
    }
    Ok(out)
}

/// What a Qt format read out of a text.
#[derive(Debug, Default)]
struct Parsed {
    year: Option<i32>,
    month: Option<u8>,
    day: Option<u8>,
    hour: Option<u8>,
    minute: Option<u8>,
    second: Option<u8>,
    millisecond: Option<u16>,
    pm: Option<bool>,
}

/// Reads a text with a Qt format string, as QDate/QTime/QDateTime::fromString; `None` when the
/// text does not match the format.
fn parse_with(text: &str, format: &str, language: Option<&str>) -> Result<Option<Parsed>, String> {
    let names = names(language)?;
    let pieces = tokenize_format(format);
    let mut parsed = Parsed::default();
    let mut rest = text;
    let number = |rest: &mut &str, min: usize, max: usize| -> Option<u32> {
        let digits = rest.bytes().take(max).take_while(u8::is_ascii_digit).count();
        if digits < min {
            return None;
        }
        let value = rest[..digits].parse().ok()?;
        *rest = &rest[digits..];
        Some(value)
    };
    let name = |rest: &mut &str, list: &[String]| -> Option<usize> {
        let lower = rest.to_lowercase();
        let (idx, len) = list
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.is_empty() && lower.starts_with(&n.to_lowercase()))
            .map(|(i, n)| (i, n.len()))
            .max_by_key(|(_, len)| *len)?;
        *rest = rest.get(len..)?;
        Some(idx)
    };
    for piece in &pieces {
        match piece {
            Piece::Literal(literal) => match rest.strip_prefix(literal.as_str()) {
                Some(after) => rest = after,
                None => return Ok(None),
            },
            Piece::Field(field) => {
                let ok = match *field {
                    "d" => number(&mut rest, 1, 2).map(|v| parsed.day = u8::try_from(v).ok()),
                    "dd" => number(&mut rest, 2, 2).map(|v| parsed.day = u8::try_from(v).ok()),
                    "ddd" => name(&mut rest, &names.short_days).map(|_| ()),
                    "dddd" => name(&mut rest, &names.days).map(|_| ()),
                    "M" => number(&mut rest, 1, 2).map(|v| parsed.month = u8::try_from(v).ok()),
                    "MM" => number(&mut rest, 2, 2).map(|v| parsed.month = u8::try_from(v).ok()),
                    "MMM" => name(&mut rest, &names.short_months).map(|i| parsed.month = u8::try_from(i + 1).ok()),
                    "MMMM" => name(&mut rest, &names.months).map(|i| parsed.month = u8::try_from(i + 1).ok()),
                    "yy" => number(&mut rest, 2, 2).map(|v| parsed.year = i32::try_from(v).ok().map(|y| 1900 + y)),
                    "yyyy" => number(&mut rest, 4, 4).map(|v| parsed.year = i32::try_from(v).ok()),
                    "h" | "H" => number(&mut rest, 1, 2).map(|v| parsed.hour = u8::try_from(v).ok()),
                    "hh" | "HH" => number(&mut rest, 2, 2).map(|v| parsed.hour = u8::try_from(v).ok()),
                    "m" => number(&mut rest, 1, 2).map(|v| parsed.minute = u8::try_from(v).ok()),
                    "mm" => number(&mut rest, 2, 2).map(|v| parsed.minute = u8::try_from(v).ok()),
                    "s" => number(&mut rest, 1, 2).map(|v| parsed.second = u8::try_from(v).ok()),
                    "ss" => number(&mut rest, 2, 2).map(|v| parsed.second = u8::try_from(v).ok()),
                    "z" => number(&mut rest, 1, 3).map(|v| parsed.millisecond = u16::try_from(v).ok()),
                    "zzz" => number(&mut rest, 3, 3).map(|v| parsed.millisecond = u16::try_from(v).ok()),
                    "AP" | "ap" | "A" | "a" => {
                        let lower = rest.to_lowercase();
                        if lower.starts_with(&names.am.to_lowercase()) {
                            parsed.pm = Some(false);
                            rest = rest.get(names.am.len()..).unwrap_or("");
                            Some(())
                        } else if lower.starts_with(&names.pm.to_lowercase()) {
                            parsed.pm = Some(true);
                            rest = rest.get(names.pm.len()..).unwrap_or("");
                            Some(())
                        } else {
                            None
                        }
                    }
                    _ => Some(()),
                };
                if ok.is_none() {
                    return Ok(None);
                }
            }
        }
    }
    if !rest.is_empty() {
        return Ok(None);
    }
    Ok(Some(parsed))
}

/// A date read with a Qt format.
pub(crate) fn parse_date_with(text: &str, format: &str, language: Option<&str>) -> Result<Option<Date>, String> {
    let Some(p) = parse_with(text, format, language)? else {
        return Ok(None);
    };
    Ok(build_date(&p))
}

/// A time read with a Qt format.
pub(crate) fn parse_time_with(text: &str, format: &str, language: Option<&str>) -> Result<Option<Time>, String> {
    let Some(p) = parse_with(text, format, language)? else {
        return Ok(None);
    };
    Ok(build_time(&p))
}

/// A datetime read with a Qt format.
pub(crate) fn parse_datetime_with(
    text: &str,
    format: &str,
    language: Option<&str>,
) -> Result<Option<PrimitiveDateTime>, String> {
    let Some(p) = parse_with(text, format, language)? else {
        return Ok(None);
    };
    Ok(build_date(&p).zip(build_time(&p)).map(|(d, t)| PrimitiveDateTime::new(d, t)))
}

fn build_date(p: &Parsed) -> Option<Date> {
    let month = Month::try_from(p.month.unwrap_or(1)).ok()?;
    Date::from_calendar_date(p.year.unwrap_or(1900), month, p.day.unwrap_or(1)).ok()
}

fn build_time(p: &Parsed) -> Option<Time> {
    let mut hour = p.hour.unwrap_or(0);
    match p.pm {
        Some(true) if hour < 12 => hour += 12,
        Some(false) if hour == 12 => hour = 0,
        _ => {}
    }
    Time::from_hms_milli(hour, p.minute.unwrap_or(0), p.second.unwrap_or(0), p.millisecond.unwrap_or(0)).ok()
}

#[cfg(test)]
mod tests {
    use super::{format_with, parse_date_with, parse_interval};

    #[test]
    fn month_names_come_in_the_language_asked_for() {
        let date = time::macros::date!(2012 - 05 - 15);
        assert_eq!(format_with(Some(date), None, "d MMMM yyyy", Some("fr")).expect("French"), "15 mai 2012");
        assert_eq!(format_with(Some(date), None, "dddd d MMM", None).expect("English"), "Tuesday 15 May");
        assert_eq!(
            parse_date_with("29 juin, 2019", "d MMMM, yyyy", Some("fr")).expect("French"),
            Some(time::macros::date!(2019 - 06 - 29))
        );
    }

    #[test]
    fn interval_texts_add_up_their_units() {
        assert_eq!(parse_interval("1 Year 1 Month 1 Week 1 Hour 1 Minute").map(|i| i.seconds), Some(34_758_060.0));
        assert_eq!(parse_interval("1 day 02:03:04").map(|i| i.seconds), Some(86_400.0 + 7_384.0));
        assert_eq!(parse_interval("nothing"), None);
    }
}
