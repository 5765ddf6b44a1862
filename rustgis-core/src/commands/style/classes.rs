//! `style.setClass`: one class of a categorized, graduated or rule-based style changed by hand
//! (its colour, its legend label, a graduated class's upper bound), as QGIS's class table does.
//! The rest of the style stays as it was.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use super::rules::main_color;
use crate::classify;
use crate::command::{CommandDef, Ctx};
use crate::error::{Error, Result};
use crate::layer::GeometryKind;
use crate::style::{Style, Symbol, parse_optional_color};

/// What the examples run on: the sample's countries coloured by population.
const GRADUATED_COUNTRIES: &str = r#"style.graduated {"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}"#;

/// The command definitions of this file.
pub(super) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("style.setClass")
            .on_features()
            .summary("Change one class of a layer's categorized, graduated or rule-based style: its colour, legend label or upper bound")
            .doc("`index` is the class's place in the legend, from 0 (a category, a graduated class or a rule, in the \
             order the style's result lists them). `color` is its main colour: the fill of polygons and points, the \
             stroke of lines (`#rrggbb`, a CSS name, or `none`). `label` is its legend label. `upper` moves a \
             graduated class's upper bound, and the next class's lower bound with it: it must lie above the class's \
             lower bound and below the next class's upper bound; a label that showed the bounds shows the new ones. \
             The rest of the style stays; a style made again by style.categorized or style.graduated starts \
             afresh. One undo step.")
            .examples(&[
                r##"style.setClass {"layer": "countries", "index": 0, "color": "#fff5eb", "label": "Fewest people"}"##,
                r#"style.setClass {"layer": "countries", "index": 1, "upper": 10000000}"#,
            ])
            .example_setup(GRADUATED_COUNTRIES)
            .edits_returning(set_class),
    ]
}

/// Parameters of `style.setClass`. Only what is given changes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SetClassParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The class's place in the legend, from 0.
    index: usize,
    /// Its main colour (fill of polygons and points, stroke of lines), or `none`.
    color: Option<String>,
    /// Its legend label.
    label: Option<String>,
    /// A graduated class's new upper bound (the next class's lower bound moves with it).
    upper: Option<f64>,
}

/// What `style.setClass` returns.
#[derive(Debug, Serialize, JsonSchema)]
struct ClassSet {
    /// The layer.
    layer: String,
    /// The class's place in the legend, from 0.
    index: usize,
    /// The class now.
    class: ClassView,
    /// Its style now, as the project file holds it.
    style: Style,
}

/// One class as `style.setClass` reports it.
#[derive(Debug, Serialize, JsonSchema)]
struct ClassView {
    /// Its legend label.
    label: String,
    /// Its main colour, `#rrggbb`, or `none`.
    color: String,
    /// A category's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Json>,
    /// A graduated class's lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    lower: Option<f64>,
    /// A graduated class's upper bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    upper: Option<f64>,
}

fn set_class(ctx: &mut Ctx<'_>, p: SetClassParams) -> Result<ClassSet> {
    let layer = ctx.layer(p.layer.as_deref())?;
    let kind = layer.geometry_kind();
    let mut style = layer.style.clone();
    let name = layer.name.clone();
    let count = class_count(&style);
    if count == 0 {
        return Err(Error::invalid(
            "index",
            format!(
                "layer '{name}' is drawn with a single symbol and has no classes: change its symbol with style.single, \
                 or make classes with style.categorized, style.graduated or style.rules"
            ),
        ));
    }
    if p.index >= count {
        return Err(Error::invalid(
            "index",
            format!("layer '{name}' has {count} classes, numbered 0 to {}; {} is not one of them", count - 1, p.index),
        ));
    }
    let color = p.color.as_deref().map(parse_optional_color).transpose().map_err(|e| Error::invalid("color", e))?;
    if let Some(upper) = p.upper {
        move_upper(&mut style, &name, p.index, upper)?;
    }
    let (label, symbol) = class_mut(&mut style, p.index).expect("the index was checked");
    if let Some(text) = &p.label {
        *label = text.clone();
    }
    if let Some(color) = color {
        symbol.set_main_color(kind, color);
    }
    let class = view(&style, p.index, kind);
    let layer = ctx.layer_mut(p.layer.as_deref())?;
    layer.style = style;
    Ok(ClassSet { layer: name, index: p.index, class, style: layer.style.clone() })
}

/// How many classes (categories, graduated classes or rules) the style has; 0 for a single symbol.
fn class_count(style: &Style) -> usize {
    match style {
        Style::Single { .. } => 0,
        Style::Categorized { categories, .. } => categories.len(),
        Style::Graduated { classes, .. } => classes.len(),
        Style::Rules { rules } => rules.len(),
    }
}

/// The label and symbol of class `index`.
fn class_mut(style: &mut Style, index: usize) -> Option<(&mut String, &mut Symbol)> {
    match style {
        Style::Single { .. } => None,
        Style::Categorized { categories, .. } => categories.get_mut(index).map(|c| (&mut c.label, &mut c.symbol)),
        Style::Graduated { classes, .. } => classes.get_mut(index).map(|c| (&mut c.label, &mut c.symbol)),
        Style::Rules { rules } => rules.get_mut(index).map(|r| (&mut r.label, &mut r.symbol)),
    }
}

/// Moves graduated class `index`'s upper bound and the next class's lower bound to `upper`;
/// labels that were their bounds follow.
fn move_upper(style: &mut Style, layer: &str, index: usize, upper: f64) -> Result<()> {
    let Style::Graduated { classes, .. } = style else {
        return Err(Error::invalid(
            "upper",
            format!("layer '{layer}' is not graduated: only a graduated class has bounds (give color or label)"),
        ));
    };
    let lower = classes[index].lower;
    let ceiling = classes.get(index + 1).map(|next| next.upper);
    let fits = upper.is_finite() && upper > lower && ceiling.is_none_or(|ceiling| upper < ceiling);
    if !fits {
        let room = match ceiling {
            Some(ceiling) => {
                format!("between {} and {}", classify::format_number(lower), classify::format_number(ceiling))
            }
            None => format!("above {}", classify::format_number(lower)),
        };
        return Err(Error::invalid(
            "upper",
            format!(
                "{upper} does not fit class {index}: its upper bound must lie {room} (its lower bound and the next class's upper bound)"
            ),
        ));
    }
    let class = &mut classes[index];
    if class.label == classify::class_label(class.lower, class.upper) {
        class.label = classify::class_label(class.lower, upper);
    }
    class.upper = upper;
    if let Some(next) = classes.get_mut(index + 1) {
        if next.label == classify::class_label(next.lower, next.upper) {
            next.label = classify::class_label(upper, next.upper);
        }
        next.lower = upper;
    }
    Ok(())
}

/// Class `index` as the result shows it.
fn view(style: &Style, index: usize, kind: GeometryKind) -> ClassView {
    let main = |symbol: &Symbol| main_color(symbol, kind);
    let mut view = ClassView { label: String::new(), color: String::new(), value: None, lower: None, upper: None };
    match style {
        Style::Single { .. } => {}
        Style::Categorized { categories, .. } => {
            let category = &categories[index];
            view.label.clone_from(&category.label);
            view.color = main(&category.symbol);
            view.value = Some(category.value.to_json());
        }
        Style::Graduated { classes, .. } => {
            let class = &classes[index];
            view.label.clone_from(&class.label);
            view.color = main(&class.symbol);
            (view.lower, view.upper) = (Some(class.lower), Some(class.upper));
        }
        Style::Rules { rules } => {
            let rule = &rules[index];
            view.label.clone_from(&rule.label);
            view.color = main(&rule.symbol);
        }
    }
    view
}
