//! Which operation PROJ uses between two CRSs, how accurate it is, and what a user must know
//! about it (a missing grid, a ballpark datum change): [`operation`].

use std::sync::Arc;

use serde::Serialize;

use super::{Crs, CrsError, REGISTRY, engine, grid_folders};

/// How coordinates go from one CRS to another, and how well: what [`operation`] reports.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OperationReport {
    /// The operation PROJ uses ("Inverse of ETRS89 to WGS 84 (1) + UTM zone 32N"), or
    /// "none (same CRS)".
    pub name: String,
    /// Its accuracy in metres, when PROJ knows it (0 for a conversion on one datum).
    pub accuracy_m: Option<f64>,
    /// The grids it uses (all present).
    pub grids: Vec<String>,
    /// Whether the datums are simply taken as equal (no transformation known between them).
    pub ballpark: bool,
    /// What a user must know: a better transformation's grid that is missing (and where to put
    /// it), a ballpark datum change, an unknown accuracy. `None` when the result is as good as
    /// PROJ can do with every grid.
    pub notice: Option<String>,
}

/// How PROJ moves coordinates from `from` to `to` over `area` (west, south, east, north in
/// degrees, or the whole of both CRSs' areas): the operation, its accuracy, and a notice when a
/// better one needs a grid that is not installed or when the datums are only taken as equal.
pub fn operation(from: Crs, to: Crs, area: Option<[f64; 4]>) -> Result<Arc<OperationReport>, CrsError> {
    let rounded = area.map_or([i32::MIN; 4], |a| a.map(|v| (v * 10.0).round() as i32));
    if let Some(report) = REGISTRY.read().operations.get(&(from, to, rounded)) {
        return Ok(report.clone());
    }
    let report = Arc::new(compute_operation(from, to, area)?);
    REGISTRY.write().operations.insert((from, to, rounded), report.clone());
    Ok(report)
}

fn compute_operation(from: Crs, to: Crs, area: Option<[f64; 4]>) -> Result<OperationReport, CrsError> {
    if from == to {
        return Ok(OperationReport {
            name: "none (same CRS)".into(),
            accuracy_m: Some(0.0),
            grids: Vec::new(),
            ballpark: false,
            notice: None,
        });
    }
    from.info()?;
    to.info()?;
    let (a, b) = (from.definition(), to.definition());
    let candidates = engine::with(|state| {
        let (source, target) = (state.create(&a)?, state.create(&b)?);
        Ok(state.operations(&source, &target, area))
    })
    .map_err(|reason| CrsError::Unsupported { crs: format!("{from} → {to}"), reason })?;
    let Some(best) = candidates.first() else {
        return Err(CrsError::Unsupported {
            crs: format!("{from} → {to}"),
            reason: "PROJ knows no way between these two CRSs".into(),
        });
    };
    let used = candidates.iter().find(|op| op.instantiable).unwrap_or(best);
    let mut notice = None;
    if !best.instantiable && used != best {
        let missing: Vec<&engine::GridUse> = best.grids.iter().filter(|g| !g.available).collect();
        let names: Vec<&str> = missing.iter().map(|g| g.name.as_str()).collect();
        let url = missing.iter().find_map(|g| g.url.clone()).unwrap_or_else(|| "https://cdn.proj.org".into());
        notice = Some(format!(
            "{} grid not installed: {} used instead, {} (with the grid: {}); put {} in {} (from {url}) for the \
             better one",
            names.join(", "),
            used.name,
            accuracy_words(used),
            accuracy_words(best),
            names.join(", "),
            grid_folders().first().map_or_else(|| "a grid folder".into(), |f| f.display().to_string()),
        ));
    } else if used.ballpark {
        notice = Some(format!(
            "PROJ knows no datum transformation between {from} and {to} here: the datums are taken as equal \
             (\"{}\"), which can be off by up to hundreds of metres",
            used.name
        ));
    } else if used.accuracy.is_none() {
        notice = Some(format!("the accuracy of \"{}\" is not known", used.name));
    }
    Ok(OperationReport {
        name: used.name.clone(),
        accuracy_m: used.accuracy,
        grids: used.grids.iter().map(|g| g.name.clone()).collect(),
        ballpark: used.ballpark,
        notice,
    })
}

fn accuracy_words(op: &engine::Operation) -> String {
    match op.accuracy {
        Some(0.0) => "exact".into(),
        Some(m) if m < 1.0 => format!("about {} cm", (m * 100.0).round()),
        Some(m) => format!("about {} m", trim_number(m)),
        None if op.ballpark => "unknown accuracy (datums taken as equal)".into(),
        None => "unknown accuracy".into(),
    }
}

fn trim_number(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(str::to_owned).unwrap_or(s)
}
