use super::*;
use rand::{RngExt, SeedableRng};

#[test]
fn a_stored_bound_is_found_and_merged() {
    let t = SharedTable::with_megabytes(1);
    let (p, o) = (0x0000_0018_1000_0000u64, 0x0000_0000_0810_0000u64);
    assert_eq!(t.probe(p, o), None);
    t.store(p, o, 20, (3, 4), 6, 19);
    let e = t.probe(p, o).expect("stored");
    assert_eq!((e.lower, e.upper, e.depth, e.best), (6, i8::MAX, 20, 19));
    t.store(p, o, 20, (9, 10), 8, 64);
    let e = t.probe(p, o).expect("stored");
    assert_eq!((e.lower, e.upper, e.best), (6, 8, 19));
    assert_eq!(t.probe(p, o ^ 1), None);
}

#[test]
fn a_slot_in_the_middle_of_a_write_is_never_trusted() {
    let t = SharedTable::with_megabytes(1);
    let (p, o) = (0x0000_0018_1000_0000u64, 0x0000_0000_0810_0000u64);
    t.store(p, o, 20, (3, 4), 6, 19);
    let slot = (0..2)
        .find(|&i| t.bucket(p, o).0[i].player.load(Ordering::Relaxed) == p)
        .expect("the slot");
    let good = t.bucket(p, o).0[slot].data.load(Ordering::Relaxed);
    // A writer has taken the slot (odd version): whatever the words, a miss.
    for words in [(p, o, good), (p, o, good ^ 0xFF), (p, o ^ 4, good)] {
        t.tear(p, o, slot, 7, words);
        assert_eq!(t.probe(p, o), None, "{words:?}");
    }
    // A store cannot take a slot another writer holds: the torn slot stays a miss.
    t.store(p, o, 20, (3, 4), 6, 19);
    assert_eq!(t.probe(p, o), None);
    // The writer done (even version again), the entry is whole and found.
    t.tear(p, o, slot, 8, (p, o, good));
    assert_eq!(t.probe(p, o).map(|e| e.lower), Some(6));
}

/// The bounds every key of the stress test is stored with, from the key alone.
fn bounds_of(p: u64, o: u64) -> (i8, u8) {
    let h = hash(p, o);
    ((h % 129) as i8 - 64, (h >> 20) as u8 % 64)
}

#[test]
fn threads_hammering_a_tiny_table_never_read_a_torn_entry() {
    let t = SharedTable::with_megabytes(1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    // Few keys per bucket would rarely collide; 4096 keys on 512 buckets always do.
    let keys: Vec<(u64, u64)> = (0..4096)
        .map(|_| {
            let p = rng.random::<u64>();
            (p, rng.random::<u64>() & !p)
        })
        .collect();
    let found = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for seed in 0..4u64 {
            let (t, keys, found) = (&t, &keys, &found);
            scope.spawn(move || {
                let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
                for _ in 0..300_000 {
                    let (p, o) = keys[rng.random_range(0..keys.len())];
                    let (v, best) = bounds_of(p, o);
                    if rng.random::<bool>() {
                        t.store(p, o, 30, (v as i32 - 1, v as i32 + 1), v as i32, best);
                    } else if let Some(e) = t.probe(p, o) {
                        assert_eq!((e.lower, e.upper, e.best, e.depth), (v, v, best, 30));
                        found.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert!(found.load(Ordering::Relaxed) > 1000);
}

#[test]
fn a_cleared_table_forgets_and_keeps_its_size() {
    let mut t = SharedTable::with_megabytes(2);
    let (p, o) = (0x0000_0018_1000_0000u64, 0x0000_0000_0810_0000u64);
    t.store(p, o, 20, (3, 4), 6, 19);
    assert!(t.probe(p, o).is_some());
    t.clear();
    assert_eq!(t.probe(p, o), None);
    assert_eq!(t.megabytes(), 2);
    t.store(p, o, 18, (3, 4), 2, 20);
    let e = t.probe(p, o).expect("stored after the clear");
    assert_eq!((e.upper, e.depth, e.best), (2, 18, 20));
}
