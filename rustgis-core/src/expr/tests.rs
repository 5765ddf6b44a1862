//! Tests of parsing, evaluating and sorting with expressions. Comparisons and logic give the
//! integers 1 and 0, as QGIS's do; BETWEEN and the literals TRUE and FALSE give booleans.

use geo::{Geometry, wkt};

use super::{Expr, OrderBy, RowContext};
use crate::{Crs, Error, Feature, Field, FieldType, Value};

/// The fields of the test layer.
fn fields() -> Vec<Field> {
    vec![
        Field::new("name", FieldType::String),
        Field::new("pop", FieldType::Integer),
        Field::new("gdp md", FieldType::Float),
        Field::new("continent", FieldType::String),
        Field::new("founded", FieldType::Date),
        Field::new("note", FieldType::String),
    ]
}

/// Lima, with no note.
fn lima() -> Feature {
    Feature {
        id: 7,
        geometry: Some(Geometry::Point(geo::Point::new(-77.04, -12.05))),
        attributes: vec![
            Value::from("Lima"),
            Value::Int(9_750_000),
            Value::Float(230.5),
            Value::from("South America"),
            Value::Date(crate::parse_date("1535-01-18").expect("a valid date")),
            Value::Null,
        ],
    }
}

/// A feature with this geometry and Lima's attributes.
fn with_geometry(geometry: Geometry<f64>) -> Feature {
    Feature { geometry: Some(geometry), ..lima() }
}

/// Evaluates `text` against `feature` in `crs`.
fn eval_on(text: &str, feature: &Feature, crs: Crs) -> Result<Value, Error> {
    let fields = fields();
    let row = RowContext { fields: &fields, feature, crs };
    Expr::parse(text)?.eval(&row)
}

/// Evaluates `text` against Lima.
fn eval(text: &str) -> Value {
    eval_on(text, &lima(), Crs::WGS84).unwrap_or_else(|err| panic!("{text} failed: {err}"))
}

/// Checks `text` gives `expected`, of the same type (so 2 and 2.0 differ).
fn check(text: &str, expected: impl Into<Value>) {
    let expected = expected.into();
    let got = eval(text);
    assert!(got == expected && got.type_name() == expected.type_name(), "{text}: got {got:?}, expected {expected:?}");
}

/// Checks `text` gives a float within `tolerance` (relative) of `expected`.
fn check_close(text: &str, feature: &Feature, crs: Crs, expected: f64, tolerance: f64) {
    let got = eval_on(text, feature, crs).unwrap_or_else(|err| panic!("{text} failed: {err}"));
    let Value::Float(got) = got else { panic!("{text}: expected a float, got {got:?}") };
    assert!(((got - expected) / expected).abs() <= tolerance, "{text}: got {got}, expected {expected}");
}

/// Checks whether `text` keeps Lima as a filter.
fn check_matches(text: &str, expected: bool) {
    let fields = fields();
    let feature = lima();
    let row = RowContext { fields: &fields, feature: &feature, crs: Crs::WGS84 };
    let expr = Expr::parse(text).unwrap_or_else(|err| panic!("{text} failed: {err}"));
    assert_eq!(expr.matches(&row).unwrap_or_else(|err| panic!("{text} failed: {err}")), expected, "{text}");
}

/// The column and message of the error `text` gives, when parsed or evaluated against Lima.
fn error(text: &str) -> (usize, String) {
    match eval_on(text, &lima(), Crs::WGS84) {
        Err(Error::Expression { column, message, source_text }) => {
            assert_eq!(source_text, text);
            (column, message)
        }
        other => panic!("{text}: expected an expression error, got {other:?}"),
    }
}

// Precedence.

#[test]
fn and_binds_tighter_than_or() {
    check("TRUE OR TRUE AND FALSE", 1i64);
    check("(TRUE OR TRUE) AND FALSE", 0i64);
}

#[test]
fn multiplication_binds_tighter_than_addition() {
    check("1 + 2 * 3", 7i64);
    check("(1 + 2) * 3", 9i64);
}

#[test]
fn power_is_right_associative() {
    check("2 ^ 3 ^ 2", 512.0);
}

#[test]
fn unary_minus_binds_tighter_than_power_as_in_qgis() {
    check("-2 ^ 2", 4.0);
}

#[test]
fn not_applies_to_a_whole_comparison() {
    check("NOT 1 = 2", 1i64);
}

#[test]
fn concatenation_binds_tighter_than_addition_as_in_qgis() {
    check("'a' || (1 + 2)", "a3");
    check("1 || 2 + 3", 15i64);
}

#[test]
fn keywords_are_case_insensitive() {
    check("true and not False or null", 1i64);
}

#[test]
fn comments_are_ignored() {
    check("1 /* one */ + 2 -- and two", 3i64);
}

// NULL and three-valued logic.

#[test]
fn null_comparisons_are_not_true() {
    check("NULL = NULL", Value::Null);
    check("note <> 'x'", Value::Null);
    check_matches("note = note", false);
}

#[test]
fn and_with_null_is_false_only_when_the_other_side_is_false() {
    check("NULL AND FALSE", 0i64);
    check("NULL AND TRUE", Value::Null);
}

#[test]
fn or_with_null_is_true_only_when_the_other_side_is_true() {
    check("NULL OR TRUE", 1i64);
    check("NULL OR FALSE", Value::Null);
}

#[test]
fn not_null_is_null() {
    check("NOT NULL", Value::Null);
}

#[test]
fn and_skips_its_right_side_when_the_left_is_false() {
    check("FALSE AND 'a' * 2 = 1", 0i64);
}

#[test]
fn arithmetic_with_null_is_null() {
    check("pop + note", Value::Null);
}

#[test]
fn numbers_and_numeric_text_are_truthy_as_in_qgis() {
    check_matches("pop", true);
    check_matches("0", false);
    check_matches("'0.1'", true);
}

#[test]
fn text_that_is_no_number_as_a_condition_is_an_error_as_in_qgis() {
    let (_, message) = error("'foo' AND 2 = 3");
    assert!(message.contains("text 'foo'") && message.contains("condition"), "{message}");
}

// IN, LIKE, BETWEEN, IS.

#[test]
fn in_matches_any_listed_value() {
    check("continent IN ('Asia', 'South America')", 1i64);
    check("continent IN ('Asia', 'Europe')", 0i64);
}

#[test]
fn in_compares_integers_and_floats_numerically() {
    check("2 IN (1.5, 2.0)", 1i64);
}

#[test]
fn in_with_a_null_candidate_is_null_unless_found() {
    check("1 IN (1, NULL)", 1i64);
    check("1 IN (2, NULL)", Value::Null);
    check("1 NOT IN (2, NULL)", Value::Null);
}

#[test]
fn not_in_negates_in() {
    check("continent NOT IN ('Asia', 'Europe')", 1i64);
}

#[test]
fn like_matches_percent_and_underscore() {
    check("name LIKE 'L%'", 1i64);
    check("name LIKE 'L_ma'", 1i64);
    check("name LIKE 'L_a'", 0i64);
}

#[test]
fn like_is_case_sensitive_and_ilike_is_not() {
    check("name LIKE 'lima'", 0i64);
    check("name ILIKE 'lima'", 1i64);
}

#[test]
fn a_backslash_escapes_percent_in_like() {
    // In the expression text '\\' is one backslash, as in QGIS.
    check(r"'100%' LIKE '100\\%'", 1i64);
    check(r"'1000' LIKE '100\\%'", 0i64);
}

#[test]
fn not_like_negates_like() {
    check("name NOT LIKE 'B%'", 1i64);
}

#[test]
fn like_with_many_percent_signs_finishes_quickly() {
    let text = format!("'{}b' LIKE '{}c'", "a".repeat(2000), "%a".repeat(200));
    check(&text, 0i64);
}

#[test]
fn between_includes_both_bounds() {
    check("5 BETWEEN 1 AND 5", true);
    check("0 BETWEEN 1 AND 5", false);
}

#[test]
fn between_takes_its_and_before_a_logical_and() {
    check("5 BETWEEN 1 AND 10 AND FALSE", 0i64);
    check("5 NOT BETWEEN 1 AND 4 AND TRUE", 1i64);
}

#[test]
fn is_null_and_is_not_null_test_for_missing_values() {
    check("note IS NULL", 1i64);
    check("name IS NULL", 0i64);
    check("name IS NOT NULL", 1i64);
}

#[test]
fn is_treats_null_as_equal_to_null() {
    check("NULL IS NULL", 1i64);
    check("1 IS 1.0", 1i64);
    check("1 IS NOT NULL", 1i64);
}

// CASE.

#[test]
fn searched_case_takes_the_first_true_branch() {
    check("CASE WHEN pop > 1e7 THEN 'huge' WHEN pop > 1e6 THEN 'big' ELSE 'small' END", "big");
}

#[test]
fn simple_case_compares_the_value_with_each_when() {
    check("CASE continent WHEN 'Asia' THEN 1 WHEN 'South America' THEN 2 END", 2i64);
}

#[test]
fn case_without_a_matching_branch_or_else_is_null() {
    check("CASE WHEN FALSE THEN 1 END", Value::Null);
}

#[test]
fn case_treats_a_null_condition_as_false() {
    check("CASE WHEN note = 'x' THEN 1 ELSE 2 END", 2i64);
}

// Numbers.

#[test]
fn integer_arithmetic_stays_integer() {
    check("7 + 2 * 3 - 1", 12i64);
    check("7 % 3", 1i64);
    check("7 // 2", 3i64);
}

#[test]
fn integer_division_rounds_down() {
    check("-7 // 2", -4i64);
}

#[test]
fn division_is_always_float() {
    check("7 / 2", 3.5);
    check("4 / 2", 2.0);
}

#[test]
fn division_by_zero_is_null() {
    check("1 / 0", Value::Null);
    check("1 % 0", Value::Null);
    check("1.5 / 0.0", Value::Null);
    check("1 // 0", Value::Null);
}

#[test]
fn integer_overflow_is_an_error_naming_the_fix() {
    let (_, message) = error("9223372036854775807 + 1");
    assert!(message.contains("overflows") && message.contains("to_real"), "{message}");
}

#[test]
fn integers_and_floats_compare_numerically() {
    check("2 = 2.0", 1i64);
    check("pop > 9.5e6", 1i64);
}

#[test]
fn text_that_reads_as_a_number_is_used_as_one() {
    check("'2' * 3", 6i64);
    check("'2' = 2", 1i64);
}

#[test]
fn plus_joins_two_texts() {
    check("'ab' + 'cd'", "abcd");
}

#[test]
fn numbers_in_exponent_form_are_floats() {
    check("1e6", 1_000_000.0);
    check("2.5E-1", 0.25);
}

#[test]
fn unary_minus_negates_integers_and_floats() {
    check("-pop", -9_750_000i64);
    check("- -1.5", 1.5);
}

// Text functions.

#[test]
fn case_functions_change_letter_case() {
    check("upper(name)", "LIMA");
    check("lower('ÀB')", "àb");
    check("title('hello wORLD')", "Hello World");
    check("title(' HeLlO   WORLD ')", " Hello   World ");
}

#[test]
fn length_counts_characters() {
    check("length('héllo')", 5i64);
}

#[test]
fn trim_functions_remove_spaces_or_given_characters() {
    check("trim('  a b  ')", "a b");
    check("ltrim('  a ')", "a ");
    check("rtrim('xxaxx', 'x')", "xxa");
}

#[test]
fn substr_counts_from_one_and_from_the_end_when_negative() {
    check("substr('HELLO', 2, 3)", "ELL");
    check("substr('HELLO', 3)", "LLO");
    check("substr('HELLO', -3)", "LLO");
    check("substr('HELLO', 1, -2)", "HEL");
}

#[test]
fn left_and_right_take_characters_from_each_end() {
    check("left('Hello', 2)", "He");
    check("right('Hello', 3)", "llo");
    check("right('Hi', 5)", "Hi");
}

#[test]
fn replace_replaces_every_occurrence() {
    check("replace('a-b-c', '-', '+')", "a+b+c");
}

#[test]
fn concatenation_with_null_is_null_but_concat_skips_nulls() {
    check("name || note", Value::Null);
    check("concat(name, note, '!')", "Lima!");
}

#[test]
fn strpos_is_one_based_and_zero_when_missing() {
    check("strpos('Hello', 'll')", 3i64);
    check("strpos('Hello', 'z')", 0i64);
}

#[test]
fn lpad_and_rpad_pad_or_cut_to_the_width() {
    check("lpad('7', 3, '0')", "007");
    check("rpad('ab', 4, '.')", "ab..");
    check("lpad('Hello', 3, 'x')", "Hel");
}

#[test]
fn format_number_rounds_and_groups_thousands() {
    check("format_number(10000000.332, 2)", "10,000,000.33");
    check("format_number(-1234.25)", "-1,234");
    check("format_number(999, 1)", "999.0");
}

#[test]
fn starts_with_ends_with_and_text_reverse_work_on_text() {
    check("starts_with(name, 'Li')", true);
    check("ends_with(name, 'x')", false);
    check("text_reverse('abc')", "cba");
}

#[test]
fn reverse_of_text_is_refused_naming_text_reverse() {
    let (_, message) = error("reverse('abc')");
    assert!(message.contains("text_reverse()"), "{message}");
}

#[test]
fn functions_return_null_for_a_null_argument() {
    check("upper(note)", Value::Null);
}

#[test]
fn function_names_are_case_insensitive() {
    check("UPPER('a') || Lower('B')", "Ab");
}

// Conversions and conditionals.

#[test]
fn conversions_read_text_and_numbers() {
    check("to_int('123')", 123i64);
    check("to_int(2.6)", 3i64);
    check("to_real('1.5')", 1.5);
    check("to_string(12) || 'x'", "12x");
}

#[test]
fn to_int_of_text_that_is_no_number_is_an_error() {
    let (_, message) = error("to_int('abc')");
    assert!(message.contains("to_int()") && message.contains("'abc'"), "{message}");
}

#[test]
fn coalesce_returns_the_first_non_null() {
    check("coalesce(note, NULL, name)", "Lima");
    check("coalesce(note)", Value::Null);
}

#[test]
fn if_evaluates_only_the_branch_taken() {
    check("if(pop > 0, 'yes', 'a' * 2)", "yes");
    check("if(note, 1, 2)", 2i64);
}

#[test]
fn nullif_gives_null_when_both_are_equal() {
    check("nullif(name, 'Lima')", Value::Null);
    check("nullif(name, 'Quito')", "Lima");
}

// Maths.

#[test]
fn round_without_places_gives_an_integer() {
    check("round(2.5)", 3i64);
    check("round(1234.567, 2)", 1234.57);
    check("round(1234.5, -2)", 1200.0);
}

#[test]
fn floor_ceil_and_abs_round_towards_their_sides() {
    check("floor(-1.5)", -2.0);
    check("ceil(1.2)", 2.0);
    check("abs(-3)", 3.0);
}

#[test]
fn logarithms_exponentials_and_roots_are_floats() {
    check("sqrt(16)", 4.0);
    check("log10(1000)", 3.0);
    check("log(2, 8)", 3.0);
    check("ln(exp(2))", 2.0);
}

#[test]
fn maths_without_a_real_answer_is_null() {
    check("sqrt(-1)", Value::Null);
    check("ln(0)", Value::Null);
}

#[test]
fn trigonometry_works_in_radians() {
    check("round(degrees(atan2(1, 1)), 9)", 45.0);
    check("round(sin(pi() / 2), 6)", 1.0);
    check("radians(180) = pi()", 1i64);
}

#[test]
fn min_and_max_ignore_null_and_give_doubles() {
    check("min(3, NULL, 1.5, 2)", 1.5);
    check("max(3, NULL, 2)", 3.0);
    check("max(note, NULL)", Value::Null);
}

#[test]
fn clamp_keeps_a_value_between_bounds() {
    check("clamp(1, 5, 3)", 3.0);
    check("clamp(1, 0.5, 3)", 1.0);
    check("clamp(1, 2.5, 3)", 2.5);
}

#[test]
fn power_raises_to_a_float() {
    check("power(2, 10)", 1024.0);
}

// Dates.

#[test]
fn to_date_reads_iso_dates_and_year_month_day_read_them_back() {
    check("year(to_date('2024-03-09'))", 2024i64);
    check("month(to_date('2024-03-09'))", 3i64);
    check("day(to_date('2024-03-09'))", 9i64);
}

#[test]
fn to_datetime_reads_iso_datetimes() {
    check("hour(to_datetime('2024-03-09T13:45:30'))", 13i64);
    check("to_date(to_datetime('2024-03-09 13:45'))", Value::Date(crate::parse_date("2024-03-09").expect("valid")));
}

#[test]
fn dates_compare_with_iso_date_text() {
    check("founded < '1600-01-01'", 1i64);
    check("founded = to_date('1535-01-18')", 1i64);
}

#[test]
fn date_parts_read_date_fields() {
    check("year(founded)", 1535i64);
}

#[test]
fn day_of_week_counts_from_sunday() {
    check("day_of_week(to_date('2024-03-10'))", 0i64);
}

#[test]
fn now_is_a_datetime_in_this_century() {
    check("year(now()) BETWEEN 2024 AND 2100", true);
}

#[test]
fn a_text_that_is_no_date_is_an_error() {
    let (column, message) = error("year('soon')");
    assert_eq!(column, 1);
    assert!(message.contains("a date"), "{message}");
}

// Fields.

#[test]
fn double_quoted_names_can_hold_spaces() {
    check("\"gdp md\" > 200", 1i64);
}

#[test]
fn doubled_quotes_escape_quotes() {
    check("'it''s'", "it's");
    let fields = vec![Field::new("say \"hi\"", FieldType::Integer)];
    let feature = Feature { id: 1, geometry: None, attributes: vec![Value::Int(1)] };
    let row = RowContext { fields: &fields, feature: &feature, crs: Crs::WGS84 };
    let value = Expr::parse("\"say \"\"hi\"\"\"").and_then(|expr| expr.eval(&row)).expect("the field exists");
    assert_eq!(value, Value::Int(1));
}

#[test]
fn field_names_fall_back_to_case_insensitive_matching() {
    check("POP", 9_750_000i64);
}

#[test]
fn missing_attributes_read_as_null() {
    let feature = Feature { id: 1, geometry: None, attributes: vec![Value::from("Short")] };
    let value = eval_on("continent", &feature, Crs::WGS84).expect("the field exists");
    assert_eq!(value, Value::Null);
}

#[test]
fn fields_lists_each_referenced_field_once_in_order() {
    let expr = Expr::parse("name || \"gdp md\" || upper(name) || CASE WHEN pop > 1 THEN note END").expect("valid");
    assert_eq!(expr.fields(), ["name", "gdp md", "pop", "note"]);
}

#[test]
fn check_fields_names_the_missing_field_and_lists_the_layer_fields() {
    let expr = Expr::parse("name = 'x' AND popul > 3").expect("valid");
    let err = expr.check_fields("cities", &fields()).expect_err("popul is not a field");
    let Error::UnknownField { layer, field, accepted } = &err else { panic!("{err:?}") };
    assert_eq!((layer.as_str(), field.as_str()), ("cities", "popul"));
    assert_eq!(accepted.len(), 6);
}

#[test]
fn check_fields_accepts_known_fields() {
    let expr = Expr::parse("name = 'x' AND \"gdp md\" > 3").expect("valid");
    expr.check_fields("cities", &fields()).expect("both fields exist");
}

#[test]
fn evaluating_an_unknown_field_is_an_error_at_its_column() {
    let (column, message) = error("pop > 3 AND popul > 3");
    assert_eq!(column, 13);
    assert!(message.contains("popul") && message.contains("gdp md"), "{message}");
}

// Geometry.

#[test]
fn geodesic_area_of_a_one_degree_square_at_the_equator_matches_the_reference() {
    let cell = with_geometry(wkt!(POLYGON((0.0 0.0, 1.0 0.0, 1.0 1.0, 0.0 1.0, 0.0 0.0))).into());
    check_close("$area", &cell, Crs::WGS84, 12_308_778_361.0, 0.001);
}

#[test]
fn geodesic_length_of_one_degree_along_the_equator_matches_the_reference() {
    let line = with_geometry(wkt!(LINESTRING(0.0 0.0, 1.0 0.0)).into());
    check_close("$length", &line, Crs::WGS84, 111_319.49, 0.001);
}

#[test]
fn geodesic_perimeter_of_a_one_degree_square_is_four_sides() {
    let cell = with_geometry(wkt!(POLYGON((0.0 0.0, 1.0 0.0, 1.0 1.0, 0.0 1.0, 0.0 0.0))).into());
    // Two sides along meridians (110,574 m each), one along the equator and one just north of it.
    check_close("$perimeter", &cell, Crs::WGS84, 443_770.0, 0.001);
}

#[test]
fn measures_are_planar_on_a_projected_crs() {
    let square = with_geometry(wkt!(POLYGON((0.0 0.0, 10.0 0.0, 10.0 10.0, 0.0 10.0, 0.0 0.0))).into());
    let mercator = Crs::WEB_MERCATOR;
    check_close("$area", &square, mercator, 100.0, 1e-12);
    check_close("$perimeter", &square, mercator, 40.0, 1e-12);
    let line = with_geometry(wkt!(LINESTRING(0.0 0.0, 3.0 4.0)).into());
    check_close("$length", &line, mercator, 5.0, 1e-12);
}

#[test]
fn area_and_length_functions_are_planar_in_the_geometry_units_as_in_qgis() {
    let cell = with_geometry(wkt!(POLYGON((0.0 0.0, 4.0 0.0, 4.0 2.0, 0.0 2.0, 0.0 0.0))).into());
    check_close("area($geometry)", &cell, Crs::WGS84, 8.0, 1e-12);
    check_close("perimeter($geometry)", &cell, Crs::WGS84, 12.0, 1e-12);
    let line = with_geometry(wkt!(LINESTRING(0.0 0.0, 4.0 0.0)).into());
    check_close("length($geometry)", &line, Crs::WGS84, 4.0, 1e-12);
}

#[test]
fn a_measure_of_the_wrong_geometry_type_is_null_as_in_qgis() {
    let cell = with_geometry(wkt!(POLYGON((0.0 0.0, 4.0 0.0, 4.0 2.0, 0.0 2.0, 0.0 0.0))).into());
    assert_eq!(eval_on("length($geometry)", &cell, Crs::WGS84).expect("valid"), Value::Null);
    assert_eq!(eval_on("area(make_point(1, 2))", &cell, Crs::WGS84).expect("valid"), Value::Null);
}

#[test]
fn length_of_a_polygon_is_zero_as_in_qgis() {
    let square = with_geometry(wkt!(POLYGON((0.0 0.0, 1.0 0.0, 1.0 1.0, 0.0 0.0))).into());
    assert_eq!(eval_on("$length", &square, Crs::WGS84).expect("valid"), Value::Float(0.0));
}

#[test]
fn dollar_x_and_y_read_a_point() {
    check("$x", -77.04);
    check("$y", -12.05);
}

#[test]
fn dollar_x_is_null_for_other_geometries() {
    let line = with_geometry(wkt!(LINESTRING(0.0 0.0, 2.0 0.0)).into());
    assert_eq!(eval_on("$x", &line, Crs::WGS84).expect("valid"), Value::Null);
}

#[test]
fn x_of_a_polygon_is_its_centroid() {
    let square = with_geometry(wkt!(POLYGON((0.0 0.0, 2.0 0.0, 2.0 4.0, 0.0 4.0, 0.0 0.0))).into());
    assert_eq!(eval_on("x($geometry)", &square, Crs::WGS84).expect("valid"), Value::Float(1.0));
    assert_eq!(eval_on("y(centroid($geometry))", &square, Crs::WGS84).expect("valid"), Value::Float(2.0));
}

#[test]
fn bounds_functions_read_the_bounding_box() {
    let line = with_geometry(wkt!(LINESTRING(1.0 5.0, 3.0 -2.0)).into());
    let bounds = eval_on(
        "x_min(@geometry) || ',' || y_min($geometry) || ',' || x_max($geometry) || ',' || y_max($geometry)",
        &line,
        Crs::WGS84,
    );
    assert_eq!(bounds.expect("valid"), Value::from("1,-2,3,5"));
}

#[test]
fn num_points_counts_vertices() {
    let square = with_geometry(wkt!(POLYGON((0.0 0.0, 1.0 0.0, 1.0 1.0, 0.0 0.0))).into());
    assert_eq!(eval_on("num_points($geometry)", &square, Crs::WGS84).expect("valid"), Value::Int(4));
}

#[test]
fn geom_to_wkt_writes_qgis_style_wkt() {
    check("geom_to_wkt($geometry)", "Point (-77.04 -12.05)");
    check("geom_to_wkt(make_point(1.123456789, 2), 3)", "Point (1.123 2)");
}

#[test]
fn geom_from_wkt_reads_what_geom_to_wkt_writes() {
    for wkt in [
        "Point (1 2)",
        "LineString (0 0, 1 1, 2 0)",
        "Polygon ((0 0, 4 0, 4 4, 0 0),(1 1, 2 1, 2 2, 1 1))",
        "MultiPoint ((0 0),(1 1))",
        "MultiLineString ((0 0, 1 1),(2 2, 3 3))",
        "MultiPolygon (((0 0, 1 0, 1 1, 0 0)),((5 5, 6 5, 6 6, 5 5)))",
        "GeometryCollection (Point (1 2),LineString (0 0, 1 1))",
    ] {
        check(&format!("geom_to_wkt(geom_from_wkt('{wkt}'))"), wkt);
    }
}

#[test]
fn geom_from_wkt_reads_upper_case_and_keeps_z() {
    check("geom_to_wkt(geom_from_wkt('POINT Z (1 2 3)'))", "Point Z (1 2 3)");
    check("geometry_type(geom_from_wkt('MULTIPOINT (1 1, 2 2)'))", "Point");
}

#[test]
fn geom_from_wkt_of_bad_text_is_null_as_in_qgis() {
    check("geom_from_wkt('POINT (1 x)')", Value::Null);
}

#[test]
fn geometry_type_names_the_kind() {
    check("geometry_type($geometry)", "Point");
    check("geometry_type(geom_from_wkt('LINESTRING (0 0, 1 1)'))", "Line");
}

#[test]
fn geometry_results_become_wkt_text() {
    check("make_point(1, 2)", "Point (1 2)");
}

#[test]
fn dollar_geometry_of_a_feature_without_geometry_is_null() {
    let feature = Feature { geometry: None, ..lima() };
    assert_eq!(eval_on("$geometry", &feature, Crs::WGS84).expect("valid"), Value::Null);
    assert_eq!(eval_on("$area", &feature, Crs::WGS84).expect("valid"), Value::Null);
}

#[test]
fn dollar_id_is_the_feature_id() {
    check("$id", 7i64);
    check("@id", 7i64);
}

#[test]
fn a_geometry_function_given_text_is_an_error_naming_the_function() {
    let (column, message) = error("1 + area(name)");
    assert_eq!(column, 5);
    assert!(message.contains("area()") && message.contains("geometry"), "{message}");
}

// Errors.

#[test]
fn a_parse_error_points_at_the_column() {
    let (column, message) = error("pop > > 3");
    assert_eq!(column, 7);
    assert!(message.contains("'>'"), "{message}");
}

#[test]
fn an_unclosed_string_points_at_its_opening_quote() {
    let (column, message) = error("name = 'Lima");
    assert_eq!(column, 8);
    assert!(message.contains("never closed"), "{message}");
}

#[test]
fn an_unclosed_parenthesis_is_reported_at_the_end() {
    let (column, message) = error("(1 + 2");
    assert_eq!(column, 7);
    assert!(message.contains("')'"), "{message}");
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(error("'é' * 2").0, 5);
}

#[test]
fn unknown_function_suggests_close_names() {
    let (column, message) = error("1 + lenght(name)");
    assert_eq!(column, 5);
    assert!(message.contains("'lenght'") && message.contains("'length'"), "{message}");
}

#[test]
fn unknown_function_without_close_names_says_so() {
    let (_, message) = error("zzzzzzzz(1)");
    assert_eq!(message, "unknown function 'zzzzzzzz'");
}

#[test]
fn wrong_arity_names_the_function_and_its_arity() {
    let (column, message) = error("x + substr('a')");
    assert_eq!(column, 5);
    assert!(message.contains("substr() takes 2 or 3 arguments"), "{message}");
}

#[test]
fn a_type_error_points_at_the_operator_and_names_the_value() {
    let (column, message) = error("'a' * 2");
    assert_eq!(column, 5);
    assert!(message.contains("text 'a'") && message.contains("'*'"), "{message}");
}

#[test]
fn ordering_text_against_a_number_is_an_error_naming_both_types_and_the_fix() {
    let (column, message) = error("name > 5");
    assert_eq!(column, 6);
    assert!(
        message.contains("text 'Lima'") && message.contains("integer 5") && message.contains("to_real"),
        "{message}"
    );
}

#[test]
fn a_type_error_inside_parentheses_points_at_the_operator() {
    assert_eq!(error("1 + (name - 1)").0, 11);
}

#[test]
fn unknown_special_column_suggests_close_names() {
    let (column, message) = error("$are > 1");
    assert_eq!(column, 1);
    assert!(message.contains("'$area'"), "{message}");
}

#[test]
fn trailing_tokens_are_an_error() {
    let (column, message) = error("1 2");
    assert_eq!(column, 3);
    assert!(message.contains("end of the expression"), "{message}");
}

#[test]
fn a_keyword_cannot_be_a_bare_field_name() {
    let (column, message) = error("end = 1");
    assert_eq!(column, 1);
    assert!(message.contains("\"end\""), "{message}");
}

#[test]
fn the_regex_operator_matches_anywhere() {
    check("name ~ 'i.a'", 1i64);
    check("name ~ '^i'", 0i64);
}

#[test]
fn the_error_message_shows_the_text_and_a_caret() {
    let err = Expr::parse("pop > > 3").expect_err("two operators");
    assert!(err.to_string().ends_with("pop > > 3\n        ^"), "{err}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let parens = format!("{}1{}", "(".repeat(5000), ")".repeat(5000));
    let chain = vec!["1"; 5000].join(" + ");
    let nots = format!("{}TRUE", "NOT ".repeat(5000));
    let minuses = format!("{}1", "- ".repeat(5000));
    for text in [parens, chain, nots, minuses] {
        let err = Expr::parse(&text).expect_err("too deep");
        assert!(err.to_string().contains("nests more than"), "{err}");
    }
}

#[test]
fn moderate_nesting_parses_and_evaluates() {
    let text = format!("{}1{}", "abs(".repeat(60), ")".repeat(60));
    check(&text, 1.0);
}

#[test]
fn garbage_never_panics() {
    let fields = fields();
    let feature = lima();
    let row = RowContext { fields: &fields, feature: &feature, crs: Crs::WGS84 };
    let pieces = [
        "(",
        ")",
        ",",
        "'",
        "\"",
        "$",
        "@",
        "-",
        "+",
        "*",
        "/",
        "//",
        "%",
        "^",
        "||",
        "=",
        "<>",
        "<",
        ">=",
        "NOT",
        "AND",
        "OR",
        "IN",
        "LIKE",
        "ILIKE",
        "IS",
        "NULL",
        "BETWEEN",
        "CASE",
        "WHEN",
        "THEN",
        "ELSE",
        "END",
        "1",
        "2.5",
        "1e",
        "name",
        "pop",
        "'x'",
        "\"gdp md\"",
        "upper(",
        "substr(",
        "$geometry",
        "area(",
        "é",
        "--",
        "/*",
        "\\",
        " ",
        "DESC",
        "NULLS",
        "~",
        "!",
        "|",
        "geom_from_wkt('",
        "POINT(",
        "0",
        "-9223372036854775808",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut texts: Vec<String> = Vec::new();
    for _ in 0..400 {
        let n_pieces = next() % 12;
        let text: Vec<&str> = (0..n_pieces).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect();
        texts.push(text.join(if next() % 2 == 0 { " " } else { "" }));
    }
    let valid = "CASE WHEN \"gdp md\" BETWEEN 1 AND 2 THEN substr(name, -2) ELSE geom_to_wkt(centroid($geometry)) END";
    for (end, _) in valid.char_indices() {
        texts.push(valid[..end].to_owned());
    }
    for text in &texts {
        if let Ok(expr) = Expr::parse(text) {
            let _value = expr.eval(&row);
        }
        let _order = OrderBy::parse(text);
    }
}

// ORDER BY.

/// Features with these populations (NULL for `None`) and names `f0`, `f1`, ….
fn populations(pops: &[Option<i64>]) -> Vec<Feature> {
    pops.iter()
        .enumerate()
        .map(|(idx, pop)| {
            let mut feature = lima();
            feature.id = idx as u64;
            feature.attributes[0] = Value::String(format!("f{idx}"));
            feature.attributes[1] = pop.map_or(Value::Null, Value::Int);
            feature
        })
        .collect()
}

/// Sorts `features` by `order` and gives the sorted indices.
fn sorted(order: &str, features: &[Feature]) -> Vec<usize> {
    let order = OrderBy::parse(order).unwrap_or_else(|err| panic!("{order} failed: {err}"));
    let mut indices: Vec<usize> = (0..features.len()).collect();
    order.sort(&fields(), features, Crs::WGS84, &mut indices).expect("sortable");
    indices
}

#[test]
fn order_by_parses_directions_and_nulls() {
    let order = OrderBy::parse("\"gdp md\" DESC, name ASC NULLS FIRST, pop").expect("valid");
    let keys: Vec<(&str, bool, bool)> =
        order.keys.iter().map(|key| (key.expr.text(), key.descending, key.nulls_first)).collect();
    assert_eq!(keys, [("\"gdp md\"", true, true), ("name", false, true), ("pop", false, false)]);
}

#[test]
fn order_by_keys_can_be_expressions_with_commas() {
    let order = OrderBy::parse("coalesce(note, name) desc nulls last, pop * 2").expect("valid");
    assert_eq!(order.keys[0].expr.text(), "coalesce(note, name)");
    assert!(order.keys[0].descending && !order.keys[0].nulls_first);
    assert_eq!(order.keys[1].expr.text(), "pop * 2");
}

#[test]
fn order_by_rejects_nulls_without_first_or_last() {
    let err = OrderBy::parse("pop NULLS LAT").expect_err("LAT is not LAST");
    let Error::Expression { column, .. } = err else { panic!("{err:?}") };
    assert_eq!(column, 11);
}

#[test]
fn order_by_rejects_an_empty_list() {
    OrderBy::parse("  ").expect_err("no keys");
}

#[test]
fn sorting_puts_nulls_last_ascending_and_first_descending() {
    let features = populations(&[Some(3), None, Some(1), Some(2)]);
    assert_eq!(sorted("pop", &features), [2, 3, 0, 1]);
    assert_eq!(sorted("pop DESC", &features), [1, 0, 3, 2]);
}

#[test]
fn nulls_first_and_last_override_the_default() {
    let features = populations(&[Some(3), None, Some(1)]);
    assert_eq!(sorted("pop NULLS FIRST", &features), [1, 2, 0]);
    assert_eq!(sorted("pop DESC NULLS LAST", &features), [0, 2, 1]);
}

#[test]
fn sorting_is_stable_for_equal_keys() {
    let features = populations(&[Some(1), Some(0), Some(1), Some(0)]);
    assert_eq!(sorted("pop", &features), [1, 3, 0, 2]);
}

#[test]
fn later_keys_break_ties() {
    let features = populations(&[Some(1), Some(0), Some(1), Some(0)]);
    assert_eq!(sorted("pop, name DESC", &features), [3, 1, 2, 0]);
}

#[test]
fn sorting_rejects_an_index_past_the_end() {
    let order = OrderBy::parse("pop").expect("valid");
    let mut indices = vec![0, 5];
    let err = order.sort(&fields(), &populations(&[Some(1)]), Crs::WGS84, &mut indices).expect_err("no feature 5");
    assert!(err.to_string().contains('5'), "{err}");
}

#[test]
fn sorting_reports_an_error_in_a_key() {
    let order = OrderBy::parse("popul").expect("valid");
    let mut indices = vec![0];
    order.sort(&fields(), &populations(&[Some(1)]), Crs::WGS84, &mut indices).expect_err("popul is not a field");
}

#[test]
fn a_function_name_without_parentheses_hints_at_the_call() {
    let (_, message) = error("pi * 2");
    assert!(message.contains("write pi()"), "{message}");
}

#[test]
fn an_unknown_special_column_without_close_names_lists_them() {
    let (_, message) = error("$foo");
    assert!(message.contains("$geometry") && message.contains("$perimeter"), "{message}");
}

#[test]
fn booleans_compare_as_their_operators_say() {
    check("TRUE = TRUE", 1i64);
    check("TRUE <> FALSE", 1i64);
    check("TRUE = 1", 0i64);
}

#[test]
fn one_expression_reads_the_right_field_on_layers_with_other_field_orders() {
    let expr = Expr::parse("pop + 1").expect("valid");
    let first = [Field::new("name", FieldType::String), Field::new("pop", FieldType::Integer)];
    let second = [Field::new("pop", FieldType::Integer), Field::new("name", FieldType::String)];
    let a = Feature { id: 1, geometry: None, attributes: vec![Value::from("x"), Value::Int(10)] };
    let b = Feature { id: 2, geometry: None, attributes: vec![Value::Int(20), Value::from("y")] };
    for _ in 0..2 {
        assert_eq!(
            expr.eval(&RowContext { fields: &first, feature: &a, crs: Crs::WGS84 }).expect("first"),
            Value::Int(11)
        );
        assert_eq!(
            expr.eval(&RowContext { fields: &second, feature: &b, crs: Crs::WGS84 }).expect("second"),
            Value::Int(21)
        );
    }
}
