//! Skills: `skills/list` and `skills/get` give each skill's manifest (its frontmatter, and its
//! `SKILL.md` with the SHA-256 and size of what `resources/read` returns), every command and tool
//! call a skill names exists with parameters its schema accepts, and each skill followed on the
//! World Atlas sample does what it says (the PostGIS skill in rustgis-relay's PostGIS tests, on the
//! test cluster).

#[path = "support/client.rs"]
mod client;
#[path = "support/recipes.rs"]
mod recipes;

use client::{Client, Setup};
use recipes::{Step, read_steps};
use rmcp::model::SkillResource;
use rustgis_mcp::skills::{SKILLS, frontmatter, skill_uri};
use serde_json::json;

/// A skill's text as `resources/read` gives it.
async fn read_skill(client: &mut Client, name: &str) -> String {
    let reply = client.request("resources/read", json!({ "uri": skill_uri(name) })).await;
    let contents = &reply["result"]["contents"][0];
    assert_eq!(contents["mimeType"], json!("text/markdown"), "{reply}");
    contents["text"].as_str().expect("text").to_owned()
}

/// A skill's steps, every command and tool call checked.
fn steps_of(name: &str, text: &str) -> Vec<Step> {
    read_steps(text).unwrap_or_else(|errors| panic!("skill {name}:\n{}", errors.join("\n")))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_skills_are_listed_with_manifests_that_match_their_files() {
    let mut client = Client::start(Setup::default()).await;
    assert!(client.init["capabilities"]["extensions"]["io.modelcontextprotocol/skills"].is_object(), "{}", client.init);
    let listed = client.request("skills/list", json!({})).await;
    let skills = listed["result"]["skills"].as_array().unwrap_or_else(|| panic!("{listed}"));
    let names: Vec<&str> = skills.iter().filter_map(|s| s["frontmatter"]["name"].as_str()).collect();
    assert_eq!(names, ["attach-to-app", "choropleth", "postgis", "print-layouts"]);
    for skill in skills {
        let name = skill["frontmatter"]["name"].as_str().expect("a name");
        let uri = skill_uri(name);
        assert_eq!(skill["uri"], json!(uri));
        let description = skill["frontmatter"]["description"].as_str().expect("a description");
        assert!(description.len() > 80 && description.contains("Use when"), "{name}: {description}");
        let got = client.request("skills/get", json!({ "uri": uri })).await;
        assert_eq!(&got["result"]["skill"], skill, "{got}");
        let text = read_skill(&mut client, name).await;
        let files: Vec<SkillResource> =
            serde_json::from_value(skill["resources"].clone()).expect("a manifest of files");
        assert_eq!(files.len(), 1);
        files[0].verify(text.as_bytes()).expect("the file is what the manifest says");
        let front = frontmatter(&text).expect("a frontmatter");
        assert_eq!((front.name.as_str(), front.description.as_str()), (name, description));
    }
    let listed = client.request("resources/list", json!({})).await;
    let uris: Vec<&str> =
        listed["result"]["resources"].as_array().expect("resources").iter().filter_map(|r| r["uri"].as_str()).collect();
    assert!(SKILLS.iter().all(|(name, _)| uris.contains(&skill_uri(name).as_str())), "{uris:?}");
    let missing = client.request("skills/get", json!({ "uri": "skill://maps/SKILL.md" })).await;
    assert_eq!(missing["error"]["code"], json!(-32602), "{missing}");
}

#[test]
fn every_command_and_tool_call_a_skill_names_exists() {
    for (name, text) in SKILLS {
        let steps = steps_of(name, text);
        assert!(steps.iter().any(|s| matches!(s, Step::Script(_))), "skill {name} has a script to run");
    }
}

/// The skill's steps with each `"path"` put in `folder`.
fn in_folder(steps: Vec<Step>, folder: &std::path::Path) -> Vec<Step> {
    let prefix = format!("\"path\": \"{}/", folder.display());
    steps
        .into_iter()
        .map(|step| match step {
            Step::Script(script) => Step::Script(script.replace("\"path\": \"", &prefix)),
            tool => tool,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_choropleth_skill_followed_makes_a_density_choropleth() {
    let mut client = Client::start(Setup::default()).await;
    let text = read_skill(&mut client, "choropleth").await;
    let (_, map) = recipes::follow(&mut client, "choropleth", &steps_of("choropleth", &text), &[]).await;
    assert_eq!(map["blank"], json!(false), "{map}");
    assert!(map["crs"].as_str().is_some_and(|crs| crs.contains("8857")), "Equal Earth: {map}");
    let info = client.call("run_command", json!({"command": "layer.info", "params": {"layer": "countries"}})).await;
    let style = &info["structuredContent"]["result"]["style"];
    assert_eq!((style["type"].as_str(), style["field"].as_str()), (Some("graduated"), Some("density")), "{style}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_print_layouts_skill_followed_writes_two_pdfs() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut client = Client::start(Setup { yes: true, ..Setup::default() }).await;
    let text = read_skill(&mut client, "print-layouts").await;
    let steps = in_folder(steps_of("print-layouts", &text), folder.path());
    let (results, _) = recipes::follow(&mut client, "print-layouts", &steps, &[]).await;
    assert_eq!(results.len(), 2, "two scripts: {results:?}");
    for (result, file, landscape) in [(&results[0], "world.pdf", true), (&results[1], "europe.pdf", true)] {
        let bytes = std::fs::read(folder.path().join(file)).expect("the PDF is written");
        assert!(bytes.starts_with(b"%PDF-"), "{file}");
        assert_eq!(result["format"], json!("pdf"), "{result}");
        assert_eq!(result["width_mm"].as_f64() > result["height_mm"].as_f64(), landscape, "{result}");
        assert_eq!(result["legend_left_out"], json!([]), "{result}");
    }
    assert_eq!(results[1]["width_mm"], json!(420.0), "an A3 page");
    let outputs = client.request("resources/read", json!({"uri": "rustgis://outputs/europe.pdf"})).await;
    assert_eq!(outputs["result"]["contents"][0]["mimeType"], json!("application/pdf"), "{outputs}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_attach_skill_followed_looks_then_changes_in_one_step() {
    // The private server: the attach itself is followed over the relay by
    // scripts/mcp_python_http_client.py; here its looking and changing.
    let mut client = Client::start(Setup::default()).await;
    let text = read_skill(&mut client, "attach-to-app").await;
    assert!(text.contains("rustgis-cli mcp --attach"), "the skill says how to attach");
    // No window here: the picture of the app's window is refused, as the skill says.
    let (results, _) =
        recipes::follow(&mut client, "attach-to-app", &steps_of("attach-to-app", &text), &["snapshot"]).await;
    assert_eq!(results.len(), 2);
    assert!(results[0]["layers"].as_array().is_some_and(|l| l.len() == 4), "layer.list: {}", results[0]);
    let undone = client.call("run_command", json!({"command": "edit.undo"})).await;
    assert_eq!(undone["structuredContent"]["result"]["undone"], json!("script (2 lines)"), "{undone}");
}

// The PostGIS skill is followed against a real database in rustgis-relay's tests (tests/relay/postgis.rs,
// `the_postgis_skill_followed_reads_filters_and_draws_a_table`), where the PostGIS provider is.
