//! Refusals a yes could lift (issue 42): replacing a file that exists and a file outside the
//! roots carry one question and the one-time grant a yes gives, which covers that file only;
//! code and the lack of file access never ask.

use std::path::PathBuf;

use rustgis_core::{Caller, Error, Registry, Root, Roots, Session};
use serde_json::json;

use crate::common::TempFolder;

/// A root `maps` holding `old.geojson` (text `OLD`), and `elsewhere`, outside it, holding
/// `a.geojson` and `b.geojson`.
struct Folders {
    _temp: TempFolder,
    maps: PathBuf,
    elsewhere: PathBuf,
}

fn folders(name: &str) -> Folders {
    let temp = TempFolder::new("ask", name);
    let base = std::fs::canonicalize(temp.path()).expect("the folder resolves");
    let (maps, elsewhere) = (base.join("maps"), base.join("elsewhere"));
    let mut session = Session::with_sample().expect("the sample loads");
    for folder in [&maps, &elsewhere] {
        std::fs::create_dir_all(folder).expect("a folder");
    }
    for name in ["a.geojson", "b.geojson"] {
        let path = elsewhere.join(name);
        crate::common::run(&mut session, "layer.export", json!({"layer": "cities", "path": path})).expect("written");
    }
    std::fs::write(maps.join("old.geojson"), "OLD").expect("a file");
    Folders { _temp: temp, maps, elsewhere }
}

fn roots(folders: &Folders) -> Roots {
    Roots::new([Root::new(&folders.maps, true).expect("a root")])
}

/// The question `error` of `command` lets a host ask.
fn ask_of(command: &str, error: &Error) -> Option<rustgis_core::Ask> {
    let def = Registry::global().require(command).expect("a command");
    error.ask(def.id, &def.access)
}

#[test]
fn replacing_a_file_asks_and_a_yes_replaces_that_file_only() {
    let folders = folders("replace");
    let old = folders.maps.join("old.geojson");
    let mut session = Session::with_sample().expect("the sample loads");
    let caller = Caller::private_agent(true);
    let params = json!({"layer": "cities", "path": old});
    let error = session.execute(&caller, "layer.export", params.clone()).expect_err("the file exists");
    let ask = ask_of("layer.export", &error).expect("replacing a file is asked");
    assert!(ask.question.contains(&old.display().to_string()) && ask.question.contains("replace"), "{}", ask.question);
    let granted = caller.clone().with_grant(ask.grant.clone());
    let other = folders.elsewhere.join("a.geojson");
    let refused = session.execute(&granted, "layer.export", json!({"layer": "cities", "path": other}));
    assert!(matches!(refused, Err(Error::FileExists(_))), "the grant covers only the file asked about");
    session.execute(&granted, "layer.export", params).expect("the yes replaces it");
    assert_ne!(std::fs::read_to_string(&old).expect("the file"), "OLD");
}

#[test]
fn a_file_outside_the_roots_asks_and_a_yes_lets_only_that_file_through() {
    let folders = folders("outside");
    let mut session = Session::with_sample().expect("the sample loads");
    let caller = Caller::private_agent(true).with_roots(roots(&folders));
    let a = folders.elsewhere.join("a.geojson");
    let error = session.execute(&caller, "layer.open", json!({"path": a, "name": "a"})).expect_err("outside");
    assert_eq!(error.code(), "access_denied");
    let ask = ask_of("layer.open", &error).expect("a file outside the roots is asked");
    assert!(ask.question.contains(&a.display().to_string()) && ask.question.contains("read"), "{}", ask.question);
    let granted = caller.clone().with_grant(ask.grant);
    let b = folders.elsewhere.join("b.geojson");
    let other = session.execute(&granted, "layer.open", json!({"path": b, "name": "b"})).expect_err("not b");
    assert_eq!(other.code(), "access_denied");
    let written = session.execute(&granted, "layer.export", json!({"layer": "cities", "path": a, "overwrite": true}));
    assert_eq!(written.expect_err("a read grant writes nothing").code(), "access_denied");
    session.execute(&granted, "layer.open", json!({"path": a, "name": "a"})).expect("the yes reads a");
}

#[test]
fn code_and_missing_file_access_are_never_asked() {
    let folders = folders("never");
    let mut session = Session::with_sample().expect("the sample loads");
    let with_roots = Caller::private_agent(true).with_roots(roots(&folders));
    let script = folders.elsewhere.join("x.rhai");
    let error = session.execute(&with_roots, "script.exec", json!({"path": script})).expect_err("code");
    assert!(ask_of("script.exec", &error).is_none(), "code is never asked: {error}");
    let no_access = Caller::private_agent(false);
    let a = folders.elsewhere.join("a.geojson");
    let error = session.execute(&no_access, "layer.open", json!({"path": a})).expect_err("no --yes");
    assert!(ask_of("layer.open", &error).is_none(), "file access itself is not asked for: {error}");
    // A command that runs code is never asked about, whatever its error.
    let exists = Error::FileExists(a);
    assert!(ask_of("script.exec", &exists).is_none());
}
