//! PROJ's own "grid missing" scenarios: with no grid at all, the transformation PROJ falls back
//! to gives PROJ's expected coordinates (see `proj_cases/mod.rs`).

mod proj_cases;

#[test]
fn proj_s_grid_missing_cases_give_proj_s_expected_coordinates_without_grids() {
    let empty = std::env::temp_dir().join(format!("rustgis-no-grids-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("an empty folder");
    proj_cases::check(true, &empty);
    if std::fs::remove_dir(&empty).is_err() {
        eprintln!("could not remove {}", empty.display());
    }
}
