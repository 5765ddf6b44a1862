//! Date and time functions: now, construction and conversion of dates, times and intervals, their
//! parts, differences and formatting.

use time::{Date, Month, PrimitiveDateTime, Time};

use crate::expr::datetime;
use crate::expr::functions::{Args, Fail, Out};
use crate::expr::value::{Interval, Val};

pub(crate) fn format_date(args: &Args<'_, '_>) -> Out {
    let value = args.get(0);
    let (date, time) = match value {
        Val::Date(d) => (Some(*d), None),
        Val::Time(t) => (None, Some(*t)),
        other => match other.to_datetime() {
            Some(dt) => (Some(dt.date()), Some(dt.time())),
            None => return Err(args.fail(0, "a date, time or datetime")),
        },
    };
    let language = args.text(2);
    let language = (!language.is_empty()).then_some(language.as_str());
    datetime::format_with(date, time, &args.text(1), language).map(Val::text).map_err(|m| args.error(m))
}

pub(crate) fn now(_: &Args<'_, '_>) -> Out {
    let now = time::OffsetDateTime::now_utc();
    Ok(Val::DateTime(PrimitiveDateTime::new(now.date(), now.time())))
}

fn datetime_arg(args: &Args<'_, '_>, idx: usize) -> Result<PrimitiveDateTime, Fail> {
    match args.get(idx) {
        Val::Time(t) => Ok(PrimitiveDateTime::new(Date::MIN, *t)),
        other => other.to_datetime().ok_or_else(|| args.fail(idx, "a date or datetime")),
    }
}

pub(crate) fn age(args: &Args<'_, '_>) -> Out {
    let (a, b) = (datetime_arg(args, 0)?, datetime_arg(args, 1)?);
    Ok(Val::Interval(Interval { seconds: (a - b).whole_seconds() as f64 }))
}

/// A date part, or the interval's length in that unit.
fn date_part(args: &Args<'_, '_>, unit: f64, part: fn(&Date) -> i64) -> Out {
    if let Some(interval) = args.get(0).to_interval() {
        return Ok(Val::Double(interval.seconds / unit));
    }
    let date = datetime_arg(args, 0)?.date();
    Ok(Val::Int(part(&date)))
}

fn time_part(args: &Args<'_, '_>, unit: f64, part: fn(&Time) -> i64) -> Out {
    if let Some(interval) = args.get(0).to_interval() {
        return Ok(Val::Double(interval.seconds / unit));
    }
    let time = match args.get(0) {
        Val::Time(t) => *t,
        Val::DateTime(dt) => dt.time(),
        Val::Text(t) => crate::expr::value::parse_iso_time(t)
            .or_else(|| crate::expr::value::parse_iso_datetime(t).map(|dt| dt.time()))
            .ok_or_else(|| args.fail(0, "a time or datetime"))?,
        _ => return Err(args.fail(0, "a time or datetime (a date has no time of day)")),
    };
    Ok(Val::Int(part(&time)))
}

pub(crate) fn year(args: &Args<'_, '_>) -> Out {
    date_part(args, Interval::YEAR, |d| i64::from(d.year()))
}

pub(crate) fn month(args: &Args<'_, '_>) -> Out {
    date_part(args, Interval::MONTH, |d| i64::from(u8::from(d.month())))
}

pub(crate) fn week(args: &Args<'_, '_>) -> Out {
    date_part(args, Interval::WEEK, |d| i64::from(d.iso_week()))
}

pub(crate) fn day(args: &Args<'_, '_>) -> Out {
    date_part(args, Interval::DAY, |d| i64::from(d.day()))
}

pub(crate) fn hour(args: &Args<'_, '_>) -> Out {
    time_part(args, Interval::HOUR, |t| i64::from(t.hour()))
}

pub(crate) fn minute(args: &Args<'_, '_>) -> Out {
    time_part(args, Interval::MINUTE, |t| i64::from(t.minute()))
}

pub(crate) fn second(args: &Args<'_, '_>) -> Out {
    time_part(args, 1.0, |t| i64::from(t.second()))
}

pub(crate) fn epoch(args: &Args<'_, '_>) -> Out {
    let dt = args.get(0).to_datetime().ok_or_else(|| args.fail(0, "a date or datetime"))?;
    let millis = dt.assume_utc().unix_timestamp_nanos() / 1_000_000;
    Ok(Val::Int(i64::try_from(millis).unwrap_or(i64::MAX)))
}

pub(crate) fn datetime_from_epoch(args: &Args<'_, '_>) -> Out {
    let millis = args.int(0)?;
    let dt = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .map_err(|_| args.error(format!("{millis} milliseconds is out of the range of dates")))?;
    Ok(Val::DateTime(PrimitiveDateTime::new(dt.date(), dt.time())))
}

pub(crate) fn day_of_week(args: &Args<'_, '_>) -> Out {
    let date = args.get(0).to_date().ok_or_else(|| args.fail(0, "a date"))?;
    Ok(Val::Int(i64::from(date.weekday().number_days_from_sunday())))
}

fn make_date_of(args: &Args<'_, '_>) -> Result<Date, Fail> {
    let (y, m, d) = (args.int(0)?, args.int(1)?, args.int(2)?);
    let invalid = || args.error(format!("'{y}-{m}-{d}' is not a valid date"));
    let month = u8::try_from(m).ok().and_then(|m| Month::try_from(m).ok()).ok_or_else(invalid)?;
    Date::from_calendar_date(i32::try_from(y).map_err(|_| invalid())?, month, u8::try_from(d).map_err(|_| invalid())?)
        .map_err(|_| invalid())
}

fn make_time_of(args: &Args<'_, '_>, offset: usize) -> Result<Time, Fail> {
    let (h, m, s) = (args.int(offset)?, args.int(offset + 1)?, args.double(offset + 2)?);
    let invalid = || args.error(format!("'{h}:{m}:{s}' is not a valid time"));
    let whole = s.floor();
    let millis = ((s - whole) * 1000.0) as u16;
    Time::from_hms_milli(
        u8::try_from(h).map_err(|_| invalid())?,
        u8::try_from(m).map_err(|_| invalid())?,
        whole as u8,
        millis,
    )
    .map_err(|_| invalid())
    .and_then(|t| if (0.0..60.0).contains(&s) { Ok(t) } else { Err(invalid()) })
}

pub(crate) fn make_date(args: &Args<'_, '_>) -> Out {
    make_date_of(args).map(Val::Date)
}

pub(crate) fn make_time(args: &Args<'_, '_>) -> Out {
    make_time_of(args, 0).map(Val::Time)
}

pub(crate) fn make_datetime(args: &Args<'_, '_>) -> Out {
    let date = make_date_of(args)?;
    Ok(Val::DateTime(PrimitiveDateTime::new(date, make_time_of(args, 3)?)))
}

pub(crate) fn make_interval(args: &Args<'_, '_>) -> Out {
    let units = [Interval::YEAR, Interval::MONTH, Interval::WEEK, Interval::DAY, Interval::HOUR, Interval::MINUTE, 1.0];
    let mut seconds = 0.0;
    for (idx, unit) in units.iter().enumerate() {
        seconds += args.double(idx)? * unit;
    }
    Ok(Val::Interval(Interval { seconds }))
}
