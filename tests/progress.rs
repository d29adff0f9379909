//! Progress: the saved file round-trips, a damaged file is moved aside and reported,
//! unknown and missing fields keep their defaults, a newer version's file is copied
//! before it is rewritten, and where the data directory is.

use othello_tutor::tutor::lesson::StepAttempts;
use othello_tutor::tutor::progress::{
    DATA_ENV, LessonProgress, Progress, ProgressStore, resolve_data_dir,
};
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "othello-tutor-test-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[test]
fn progress_round_trips_through_the_file() {
    let dir = temp_dir("round-trip");
    let store = ProgressStore::new(&dir);
    let fresh = store.load().expect("no file is fine");
    assert_eq!(fresh.progress, Progress::default());
    assert_eq!(fresh.recovered_from, None);

    let mut p = Progress::default();
    let l = p.lesson_mut("mobility");
    l.advance(3);
    l.record(&StepAttempts {
        wrong: 1,
        hints: 1,
        solved: true,
        ..StepAttempts::default()
    });
    p.puzzles.review.fail("p-001", 1_000);
    store.save(&p).expect("saved");
    let back = store.load().expect("loaded");
    assert_eq!(back.progress, p);
    assert_eq!(back.recovered_from, None);

    // Saving again replaces the file and leaves no temporary file behind.
    let stars = p.lesson_mut("mobility").finish(5);
    assert_eq!(stars, 2);
    store.save(&p).expect("saved again");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["progress.toml"]);
    let back = store.load().expect("loaded");
    let m = back.progress.lesson("mobility").expect("saved lesson");
    assert_eq!(
        (m.completed, m.stars, m.current_step, m.attempts),
        (true, 2, 0, 0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_progress_file_is_moved_aside_and_reported() {
    let dir = temp_dir("damaged");
    let store = ProgressStore::new(&dir);
    std::fs::write(store.path(), "version = 1\n[lessons.mobility\nstars = 3\n").expect("written");
    let out = store.load().expect("recovered");
    assert_eq!(out.progress, Progress::default());
    let aside = out
        .recovered_from
        .clone()
        .expect("the damaged file was kept");
    let name = aside
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    assert!(name.starts_with("progress.toml.damaged-"), "{name}");
    assert_eq!(
        std::fs::read_to_string(&aside).expect("kept as it was"),
        "version = 1\n[lessons.mobility\nstars = 3\n"
    );
    assert!(!store.path().exists());
    let notice = out.notice().expect("the learner is told");
    assert!(
        notice.contains("could not be read") && notice.contains(&name),
        "{notice}"
    );
    assert!(out.damage.is_some());
    // A second damaged file gets its own name.
    std::fs::write(store.path(), [0xff, 0xfe, 0x00]).expect("written");
    let again = store.load().expect("recovered");
    assert_ne!(again.recovered_from, Some(aside));
    assert_eq!(again.damage.as_deref(), Some("the file is not UTF-8 text"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_and_missing_progress_fields_keep_their_defaults() {
    let dir = temp_dir("defaults");
    let store = ProgressStore::new(&dir);
    std::fs::write(
        store.path(),
        "[lessons.rules]\ncompleted = true\nstars = 3\n",
    )
    .expect("written");
    let out = store.load().expect("loaded");
    assert_eq!(out.recovered_from, None);
    let rules = out.progress.lesson("rules").expect("present");
    assert_eq!(
        rules,
        &LessonProgress {
            completed: true,
            stars: 3,
            ..LessonProgress::default()
        }
    );
    assert_eq!(out.progress.puzzles.rating, 1500.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_old_files_opening_drills_load_as_rehearsals() {
    // A line's record once counted its runs under `drills` (when the opening trainer's
    // rehearsal was also called a drill); the field is now `rehearsals`, an old file
    // still loads, and it is written back under the new name.
    let dir = temp_dir("old-drills");
    let store = ProgressStore::new(&dir);
    std::fs::write(
        store.path(),
        "[openings.lines.Tiger]\ndrills = 3\nclean = 2\nlast = 1000\n",
    )
    .expect("written");
    let out = store.load().expect("loaded");
    assert_eq!(out.recovered_from, None);
    assert_eq!(out.damage, None);
    let tiger = out
        .progress
        .openings
        .line("Tiger")
        .expect("the Tiger's record");
    assert_eq!((tiger.rehearsals, tiger.clean, tiger.last), (3, 2, 1000));
    store.save(&out.progress).expect("saved");
    let text = std::fs::read_to_string(store.path()).expect("the file");
    assert!(text.contains("rehearsals = 3"), "{text}");
    assert!(!text.contains("drills"), "{text}");
    let again = store.load().expect("loaded again");
    assert_eq!(again.progress.openings.line("Tiger"), Some(tiger));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_newer_versions_progress_file_is_copied_before_it_is_rewritten() {
    let dir = temp_dir("newer");
    let store = ProgressStore::new(&dir);
    let text = "version = 7\nfuture = \"kept\"\n[lessons.rules]\ncompleted = true\nstars = 2\n";
    std::fs::write(store.path(), text).expect("written");
    let out = store.load().expect("loaded");
    assert_eq!(out.recovered_from, None);
    assert_eq!(
        out.progress.version,
        othello_tutor::tutor::progress::VERSION
    );
    assert_eq!(out.progress.lesson("rules").map(|l| l.stars), Some(2));
    let copy = out.newer_copy.clone().expect("a copy was kept");
    assert_eq!(copy, dir.join("progress.toml.v7"));
    assert_eq!(std::fs::read_to_string(&copy).expect("the copy"), text);
    let notice = out.notice().expect("the learner is told");
    assert!(
        notice.contains("newer version") && notice.contains("progress.toml.v7"),
        "{notice}"
    );
    // Loading again without saving reuses the same copy instead of making another.
    let again = store.load().expect("loaded again");
    assert_eq!(again.newer_copy, Some(copy.clone()));
    let files = std::fs::read_dir(&dir).expect("the directory").count();
    assert_eq!(files, 2);
    // Once this version has saved, the file is its own and nothing more is copied.
    store.save(&out.progress).expect("saved");
    assert_eq!(store.load().expect("loaded").newer_copy, None);
    assert_eq!(
        std::fs::read_to_string(&copy).expect("the copy stays"),
        text
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_data_directory_prefers_the_flag_then_the_variable() {
    let flag = Path::new("/tmp/from-flag");
    let env = Some(std::ffi::OsString::from("/tmp/from-env"));
    assert_eq!(
        resolve_data_dir(Some(flag), env.clone()).ok(),
        Some(PathBuf::from("/tmp/from-flag"))
    );
    assert_eq!(
        resolve_data_dir(None, env).ok(),
        Some(PathBuf::from("/tmp/from-env"))
    );
    // An empty variable is ignored: the platform directory is used.
    let platform = resolve_data_dir(None, Some(std::ffi::OsString::new()));
    if let Ok(p) = platform {
        assert!(p.ends_with("othello-tutor"), "{}", p.display());
    }
    assert_eq!(DATA_ENV, "OTHELLO_TUTOR_DATA");
}
