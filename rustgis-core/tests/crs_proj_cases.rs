//! PROJ's own CRS-to-CRS test cases with PROJ's test grids present (see `proj_cases/mod.rs`).

mod proj_cases;

#[test]
fn proj_s_own_crs_to_crs_cases_give_proj_s_expected_coordinates_with_its_test_grids() {
    let grids = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proj/grids");
    proj_cases::check(false, &grids);
}
