//! Dividing numbers into classes for graduated styles: quantile, equal interval, natural breaks
//! (Jenks) and pretty breaks, and legend labels for the classes.

use crate::style::ClassMethod;

/// The most values natural breaks look at: Fisher–Jenks takes time in the square of the count,
/// so larger sets are sampled evenly from their sorted values (as QGIS does).
pub const JENKS_SAMPLE: usize = 2000;

/// Class bounds for `values` in at most `classes` classes: `[lower, upper_1, …, upper_n]`, low to
/// high. Non-finite values are ignored. Class 1 holds `lower ≤ v ≤ upper_1`, class k holds
/// `upper_(k-1) < v ≤ upper_k`. Fewer classes come back when the values have too few distinct
/// numbers; `None` when there is no finite value at all.
pub fn breaks(values: &[f64], classes: usize, method: ClassMethod) -> Option<Vec<f64>> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let (min, max) = (sorted[0], sorted[sorted.len() - 1]);
    let classes = classes.max(1);
    if min == max {
        return Some(vec![min, max]);
    }
    let mut out = match method {
        ClassMethod::Equal => (0..=classes).map(|i| min + (max - min) * i as f64 / classes as f64).collect(),
        ClassMethod::Quantile => quantile(&sorted, classes),
        ClassMethod::Jenks => jenks(&sample(&sorted, JENKS_SAMPLE), classes),
        ClassMethod::Pretty => pretty(min, max, classes),
    };
    // The last bound must hold the maximum exactly (floating-point sums can fall short).
    if let Some(last) = out.last_mut()
        && *last < max
    {
        *last = max;
    }
    out.dedup();
    Some(out)
}

/// The index of the class holding `value` given bounds from [`breaks`], or `None` outside.
pub fn class_of(bounds: &[f64], value: f64) -> Option<usize> {
    if bounds.len() < 2 || !value.is_finite() || value < bounds[0] || value > bounds[bounds.len() - 1] {
        return None;
    }
    Some(bounds[1..].iter().position(|upper| value <= *upper).unwrap_or(bounds.len() - 2))
}

/// A short, readable label for a number in a legend: `950`, `12.5`, `2.4 k`, `38 M`, `1.4 bn`.
pub fn format_number(value: f64) -> String {
    let abs = value.abs();
    let (scaled, suffix) = if abs >= 1e9 {
        (value / 1e9, " bn")
    } else if abs >= 1e6 {
        (value / 1e6, " M")
    } else if abs >= 1e4 {
        (value / 1e3, " k")
    } else {
        (value, "")
    };
    let abs = scaled.abs();
    let text = if abs == 0.0 || abs >= 100.0 || (scaled.fract() == 0.0 && abs >= 1.0) {
        format!("{scaled:.0}")
    } else if abs >= 10.0 {
        trim_zeros(format!("{scaled:.1}"))
    } else if abs >= 1.0 {
        trim_zeros(format!("{scaled:.2}"))
    } else {
        let digits = (-abs.log10().floor()) as usize + 1;
        trim_zeros(format!("{scaled:.digits$}"))
    };
    format!("{text}{suffix}")
}

/// `"low – high"` for a class.
pub fn class_label(lower: f64, upper: f64) -> String {
    format!("{} – {}", format_number(lower), format_number(upper))
}

fn trim_zeros(text: String) -> String {
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_owned() } else { text }
}

fn quantile(sorted: &[f64], classes: usize) -> Vec<f64> {
    let n = sorted.len();
    let mut out = vec![sorted[0]];
    for i in 1..=classes {
        let pos = (i * n).div_ceil(classes).clamp(1, n) - 1;
        out.push(sorted[pos]);
    }
    out
}

fn sample(sorted: &[f64], limit: usize) -> Vec<f64> {
    if sorted.len() <= limit {
        return sorted.to_vec();
    }
    (0..limit).map(|i| sorted[i * (sorted.len() - 1) / (limit - 1)]).collect()
}

/// Fisher–Jenks natural breaks on sorted data.
fn jenks(data: &[f64], classes: usize) -> Vec<f64> {
    let n = data.len();
    let k = classes.min(n);
    // lower_class[l][j]: 1-based index of the first value of the last class when the first l values
    // form j classes; variance[l][j]: the least total within-class variance for that.
    let mut lower_class = vec![vec![0usize; k + 1]; n + 1];
    let mut variance = vec![vec![f64::INFINITY; k + 1]; n + 1];
    for j in 1..=k {
        lower_class[1][j] = 1;
        variance[1][j] = 0.0;
    }
    for l in 2..=n {
        let (mut sum, mut sum_sq, mut count) = (0.0, 0.0, 0.0);
        let mut v = 0.0;
        for m in 1..=l {
            let i3 = l - m + 1;
            let val = data[i3 - 1];
            sum += val;
            sum_sq += val * val;
            count += 1.0;
            v = sum_sq - sum * sum / count;
            let i4 = i3 - 1;
            if i4 != 0 {
                for j in 2..=k {
                    let candidate = v + variance[i4][j - 1];
                    if variance[l][j] >= candidate {
                        lower_class[l][j] = i3;
                        variance[l][j] = candidate;
                    }
                }
            }
        }
        lower_class[l][1] = 1;
        variance[l][1] = v;
    }
    let mut uppers = vec![0.0; k + 1];
    uppers[k] = data[n - 1];
    let mut last = n;
    for j in (2..=k).rev() {
        let first = lower_class[last][j];
        uppers[j - 1] = data[first.saturating_sub(2)];
        last = first.saturating_sub(1).max(1);
    }
    uppers[0] = data[0];
    uppers
}

/// Round-number breaks near equal intervals (R's `pretty`).
fn pretty(min: f64, max: f64, classes: usize) -> Vec<f64> {
    let raw = (max - min) / classes as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step =
        [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| *s >= raw * 0.75).unwrap_or(10.0 * magnitude);
    let lo = (min / step).floor() * step;
    let mut out = vec![lo];
    let mut value = lo;
    while value < max - step * 1e-9 {
        value = lo + step * out.len() as f64;
        out.push(value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(values: &[f64], classes: usize, method: ClassMethod, expected: &[f64]) {
        let got = breaks(values, classes, method).expect("values");
        assert_eq!(got, expected, "{method:?}");
    }

    #[test]
    fn equal_intervals_split_the_range_evenly() {
        check(&[0.0, 3.0, 10.0], 5, ClassMethod::Equal, &[0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    }

    #[test]
    fn quantiles_put_as_many_values_in_each_class() {
        let values: Vec<f64> = (1..=8).map(f64::from).collect();
        check(&values, 4, ClassMethod::Quantile, &[1.0, 2.0, 4.0, 6.0, 8.0]);
    }

    #[test]
    fn natural_breaks_find_the_gaps() {
        let values = [1.0, 2.0, 3.0, 20.0, 21.0, 22.0, 100.0, 101.0];
        check(&values, 3, ClassMethod::Jenks, &[1.0, 3.0, 22.0, 101.0]);
    }

    #[test]
    fn pretty_breaks_are_round_numbers() {
        check(&[3.0, 97.0], 5, ClassMethod::Pretty, &[0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
    }

    #[test]
    fn every_value_falls_in_a_class() {
        let values: Vec<f64> = (0..50).map(|i| f64::from(i * i)).collect();
        for method in [ClassMethod::Quantile, ClassMethod::Equal, ClassMethod::Jenks, ClassMethod::Pretty] {
            let bounds = breaks(&values, 5, method).expect("values");
            assert!(values.iter().all(|v| class_of(&bounds, *v).is_some()), "{method:?} {bounds:?}");
        }
    }

    #[test]
    fn identical_values_make_one_class() {
        check(&[7.0, 7.0, 7.0], 5, ClassMethod::Quantile, &[7.0, 7.0]);
        assert_eq!(class_of(&[7.0, 7.0], 7.0), Some(0));
    }

    #[test]
    fn legend_numbers_are_short() {
        assert_eq!(format_number(1_400_000_000.0), "1.4 bn");
        assert_eq!(format_number(38_260_000.0), "38.3 M");
        assert_eq!(format_number(950.0), "950");
        assert_eq!(format_number(0.0125), "0.013");
        assert_eq!(class_label(0.0, 25_000.0), "0 – 25 k");
    }
}
