//! Unit tests of `bridge.rs`.

use super::*;

fn file(content: &str, modified_s: u64) -> Option<Snapshot> {
    Some(Snapshot {
        len: content.len() as u64,
        modified: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(modified_s)),
        identity: 1,
        content: Ok(content.as_bytes().to_vec()),
    })
}

fn ms(start: Instant, n: u64) -> Instant {
    start + Duration::from_millis(n)
}

#[test]
fn bridge_runs_a_script_once_the_file_has_not_changed_for_the_settle_time() {
    let t0 = Instant::now();
    let mut debounce = Debounce::new(None, Duration::from_millis(500), t0);
    assert_eq!(debounce.observe(file("layer.list", 1), ms(t0, 100)), None, "just written");
    assert_eq!(debounce.observe(file("layer.list {}\nlayer.", 2), ms(t0, 400)), None, "still being written");
    assert_eq!(debounce.observe(file("layer.list {}\nlayer.info {}", 3), ms(t0, 800)), None, "changed again");
    assert_eq!(debounce.observe(file("layer.list {}\nlayer.info {}", 3), ms(t0, 1200)), None, "0.4 s quiet");
    let ran = debounce.observe(file("layer.list {}\nlayer.info {}", 3), ms(t0, 1300));
    assert_eq!(ran, Some(Ok("layer.list {}\nlayer.info {}".to_owned())), "0.5 s quiet: the final script runs");
    assert_eq!(debounce.observe(file("layer.list {}\nlayer.info {}", 3), ms(t0, 5000)), None, "once");
    debounce.observe(file("layer.list {}\nlayer.info {}", 4), ms(t0, 6000));
    let again = debounce.observe(file("layer.list {}\nlayer.info {}", 4), ms(t0, 6500));
    assert!(again.is_some(), "written again with the same script: it runs again");
}

#[test]
fn bridge_never_runs_what_the_file_held_when_it_started() {
    let t0 = Instant::now();
    let mut debounce = Debounce::new(file("layer.remove {\"layer\": \"cities\"}", 1), Duration::from_millis(500), t0);
    for n in [100, 600, 10_000] {
        assert_eq!(debounce.observe(file("layer.remove {\"layer\": \"cities\"}", 1), ms(t0, n)), None);
    }
}

#[test]
fn bridge_ignores_a_blank_or_removed_file_and_refuses_one_that_is_not_text() {
    let t0 = Instant::now();
    let mut debounce = Debounce::new(file("layer.list", 1), Duration::from_millis(10), t0);
    debounce.observe(file("  \n", 2), ms(t0, 1));
    assert_eq!(debounce.observe(file("  \n", 2), ms(t0, 20)), None, "blank: cleared, nothing to run");
    debounce.observe(None, ms(t0, 30));
    assert_eq!(debounce.observe(None, ms(t0, 50)), None, "removed");
    let binary = Some(Snapshot { len: 2, modified: None, identity: 2, content: Ok(vec![0xff, 0xfe]) });
    debounce.observe(binary.clone(), ms(t0, 60));
    let refused = debounce.observe(binary, ms(t0, 80));
    assert!(matches!(refused, Some(Err(ref m)) if m.contains("UTF-8")), "{refused:?}");
}
