//! Skills (the `io.modelcontextprotocol/skills` extension): how-tos an agent loads when a task
//! calls for one, each a `SKILL.md` embedded in the binary (`rustgis-mcp/skills/<name>/`) and
//! served as `skill://<name>/SKILL.md`: `skills/list` and `skills/get` give their manifests (the
//! frontmatter, and the file with its SHA-256 and size), `resources/read` the text.
//! `tests/skills.rs` follows each one.

use std::sync::LazyLock;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    GetSkillResult, Resource, ResourceContents, SKILL_MD, Skill, SkillFrontmatter, SkillResource, SkillResources,
};

/// The skills: their names and `SKILL.md` texts.
pub const SKILLS: &[(&str, &str)] = &[
    ("attach-to-app", include_str!("../skills/attach-to-app/SKILL.md")),
    ("choropleth", include_str!("../skills/choropleth/SKILL.md")),
    ("postgis", include_str!("../skills/postgis/SKILL.md")),
    ("print-layouts", include_str!("../skills/print-layouts/SKILL.md")),
];

/// The URI scheme of skills.
const SCHEME: &str = "skill://";

/// The URI of a skill's `SKILL.md`.
pub fn skill_uri(name: &str) -> String {
    format!("{SCHEME}{name}/{SKILL_MD}")
}

/// A `SKILL.md`'s frontmatter: its `name` and `description` lines between the opening and closing
/// `---`.
pub fn frontmatter(text: &str) -> Option<SkillFrontmatter> {
    let mut lines = text.lines();
    if lines.next()? != "---" {
        return None;
    }
    let (mut name, mut description) = (None, None);
    for line in lines {
        if line == "---" {
            return Some(SkillFrontmatter::new(name?, description?));
        }
        match line.split_once(": ") {
            Some(("name", value)) => name = Some(value.trim().to_owned()),
            Some(("description", value)) => description = Some(value.trim().to_owned()),
            _ => {}
        }
    }
    None
}

/// Every skill, as `skills/list` gives them.
pub fn skills() -> Vec<Skill> {
    static SKILL_LIST: LazyLock<Vec<Skill>> = LazyLock::new(|| {
        SKILLS
            .iter()
            .map(|(name, text)| {
                let uri = skill_uri(name);
                // A skill whose frontmatter does not parse is a build error in tests/skills.rs.
                let frontmatter = frontmatter(text).unwrap_or_else(|| SkillFrontmatter::new(*name, ""));
                let file = SkillResource::from_bytes(uri.clone(), text.as_bytes());
                Skill::new(uri, frontmatter, SkillResources::Files(vec![file]))
            })
            .collect()
    });
    SKILL_LIST.clone()
}

/// `skills/get`: the skill whose `SKILL.md` has this URI; -32602 for another.
pub(crate) fn get(uri: &str) -> Result<GetSkillResult, McpError> {
    skills().into_iter().find(|skill| skill.uri == uri).map(GetSkillResult::new).ok_or_else(|| {
        let uris: Vec<String> = SKILLS.iter().map(|(name, _)| skill_uri(name)).collect();
        McpError::invalid_params(
            format!("there is no skill {uri}; the skills are {}", uris.join(", ")),
            Some(serde_json::json!({ "uri": uri })),
        )
    })
}

/// The text of a skill's file, for `resources/read` (`None` when the URI is not a skill's).
pub(crate) fn read(uri: &str) -> Option<ResourceContents> {
    let (_, text) = SKILLS.iter().find(|(name, _)| skill_uri(name) == uri)?;
    Some(ResourceContents::text(*text, uri).with_mime_type("text/markdown"))
}

/// Each skill's `SKILL.md`, for `resources/list`.
pub(crate) fn resources() -> Vec<Resource> {
    skills()
        .into_iter()
        .map(|skill| {
            let size = SKILLS.iter().find(|(name, _)| skill_uri(name) == skill.uri).map_or(0, |(_, t)| t.len());
            Resource::new(skill.uri.clone(), skill.frontmatter.name.clone())
                .with_description(skill.frontmatter.description.clone())
                .with_mime_type("text/markdown")
                .with_size(size as u64)
        })
        .collect()
}
