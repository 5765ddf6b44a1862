//! Writes the seed corpus (`corpus/<target>/`) from the World Atlas sample and the commands'
//! own examples: `cargo run --bin seed` (run again after the formats change).

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let put = |target: &str, name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)
    };
    let mut cities = rustgis_core::sample_layer("cities")?;
    std::sync::Arc::make_mut(&mut cities.features).truncate(5);
    let mut countries = rustgis_core::sample_layer("countries")?;
    std::sync::Arc::make_mut(&mut countries.features).truncate(2);
    for layer in [&cities, &countries] {
        let mut geojson = Vec::new();
        rustgis_core::io::geojson::write(layer, &mut geojson, Path::new("seed.geojson"))?;
        put("geojson", &format!("{}.geojson", layer.name), &geojson)?;
        let mut fgb = Vec::new();
        rustgis_core::io::flatgeobuf::write(layer, &mut fgb, Path::new("seed.fgb"))?;
        put("flatgeobuf", &format!("{}.fgb", layer.name), &fgb)?;
    }
    let mut project = rustgis_core::Project::new("seed");
    project.layers.push(cities.clone());
    let mut rgis = Vec::new();
    rustgis_core::io::project_file::write(&project, Some("cities"), Path::new("seed.rgis"), &mut rgis)?;
    put("project", "embedded.rgis", &rgis)?;
    let expressions = [
        "pop > 1e6 AND name LIKE 'L%'",
        "upper(name) || ' (' || format_number(pop / 1e6, 1) || ' M)'",
        "CASE WHEN \"pop_est\" > 1e8 THEN 'big' ELSE 'small' END",
        "rpad(name, 20, '.') || coalesce(NULL, 3) % 2",
        "$area > 1e12 OR area($geometry) < 0",
    ];
    for (k, text) in expressions.iter().enumerate() {
        put("expression", &format!("{k}.txt"), text.as_bytes())?;
    }
    let examples: Vec<&str> =
        rustgis_core::Registry::global().all().iter().flat_map(|d| d.examples.iter().copied()).collect();
    put("script", "examples.txt", examples.join("\n").as_bytes())?;
    put("script", "compact.txt", b"# comment\nlayer.list{}\nmap.zoomTo {\"bbox\": [-10, 35, 30, 60]}\n")?;
    put(
        "attach_line",
        "attach.txt",
        br#"{"jsonrpc":"2.0","id":1,"method":"rustgis/attach","params":{"token":"0123456789abcdef0123456789abcdef","access":true,"timeout_s":60,"client":"seed"}}
"#,
    )?;
    put(
        "attach_line",
        "blank_then_attach.txt",
        b"\n  \n{\"method\":\"rustgis/attach\",\"params\":{\"token\":\"x\"}}\n",
    )?;
    put("framing", "lines.txt", b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n\nnot json\n")?;
    put("framing", "long.txt", &[b'a'; 200])?;
    Ok(())
}
