//! Independent work items spread over threads, on rayon. Every batch of the crate
//! runs here (the analysis' moves, the puzzle proofs, the training's chunks, the
//! book's leaves, matches and measures: [`map`], [`try_map`], [`try_map_streamed`]
//! when the caller takes each result as it comes, [`join`] for two), and so do long
//! tasks that report as they go ([`lanes`], the game review's), under one set of
//! rules:
//!
//! - **Results in the items' order.** Each item is a task of its own and its result
//!   goes to its index, so a batch gives the same results on any number of threads
//!   (as long as an item's work depends on the item alone: each makes its own
//!   searcher, or clears it).
//! - **The size asked for.** The work runs in a pool of `threads` threads: the
//!   caller's rayon pool when it is already one of that size (a batch inside a batch
//!   shares its threads), else a local pool built for the call; one thread, or one
//!   item, runs on the calling thread. Never the global pool, whose size could be
//!   set once only.
//! - **One policy for a panic.** A task that panics is caught and the batch returns
//!   [`PoolError::Panicked`] naming the item (its index; the caller adds what the
//!   item is); the items not started yet are skipped, and nothing panics a second
//!   time. No lock can be left poisoned: results travel by value.
//! - **Failures and cancellation.** An item's own error ends the batch the same way.
//!   A stop flag is the work's own business (the searches watch theirs).
//!
//! The one place with threads of its own is the parallel endgame solve
//! ([`super::parallel_solve`]): its threads are not independent items but helpers
//! that must all run at once on one search, sharing a table, until the first proves
//! the score.
//!
//! ```
//! use othello_tutor::engine::pool;
//! let squares = pool::map(2, &[1, 2, 3, 4], |_, &x| x * x).expect("no panic");
//! assert_eq!(squares, vec![1, 4, 9, 16]);
//! let failed = pool::map(2, &[1, 0, 3], |_, &x| 6 / x);
//! assert!(matches!(failed, Err(pool::PoolError::Panicked { index: 1, .. })));
//! ```

use rayon::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// Stack of a pool's threads: a search inside a batch inside a batch (a proof's
/// analysis, say) may run on a thread that waits for another, one above the other.
const STACK_BYTES: usize = 16 << 20;

/// Why a batch did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// The work of one item panicked (an engine bug): which item, and the message.
    #[error("item {index} stopped on an internal error: {message}")]
    Panicked {
        /// The item's index in the batch.
        index: usize,
        /// The panic's message.
        message: String,
    },
    /// The system refused the threads.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        message: String,
    },
}

/// Runs `work` in a pool of `threads` threads (at least one): the caller's when it
/// is already one of that size, else a local pool for the call. Parallel iterators
/// inside `work` use that pool.
pub fn install<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> Result<R, PoolError> {
    let threads = threads.max(1);
    if rayon::current_thread_index().is_some() && rayon::current_num_threads() == threads {
        return Ok(work());
    }
    Ok(local_pool(threads)?.install(work))
}

/// A pool of `threads` threads of its own.
fn local_pool(threads: usize) -> Result<rayon::ThreadPool, PoolError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .thread_name(|i| format!("othello-pool-{i}"))
        .build()
        .map_err(|e| PoolError::Threads {
            threads,
            message: e.to_string(),
        })
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "an unknown internal error".to_string()
    }
}

/// `work` for item `index`, a panic turned into [`PoolError::Panicked`].
fn guarded<R, E: From<PoolError>>(
    index: usize,
    work: impl FnOnce() -> Result<R, E>,
) -> Result<R, E> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|payload| {
        Err(PoolError::Panicked {
            index,
            message: panic_message(payload.as_ref()),
        }
        .into())
    })
}

/// `work` applied to every item (with its index) on `threads` threads; the results in
/// the items' order. A panic stops the batch (see the module's doc).
pub fn map<T: Sync, R: Send>(
    threads: usize,
    items: &[T],
    work: impl Fn(usize, &T) -> R + Sync + Send,
) -> Result<Vec<R>, PoolError> {
    try_map(threads, items, |i, item| Ok::<R, PoolError>(work(i, item)))
}

/// As [`map`] for work that may fail: the first failure (an error, or a panic turned
/// into `E`) ends the batch, the items not started yet skipped.
pub fn try_map<T, R, E>(
    threads: usize,
    items: &[T],
    work: impl Fn(usize, &T) -> Result<R, E> + Sync + Send,
) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: From<PoolError> + Send,
{
    if threads <= 1 || items.len() <= 1 {
        return items
            .iter()
            .enumerate()
            .map(|(i, item)| guarded(i, || work(i, item)))
            .collect();
    }
    install(threads, || {
        items
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(i, item)| guarded(i, || work(i, item)))
            .collect()
    })?
}

/// As [`try_map`], and `done` is called on the calling thread with each result as it
/// comes (in the order they finish: for progress lines and files appended to as the
/// work goes); an error from `done` ends the batch too. Returns the results in the
/// items' order. Several threads always make a local pool, so that the caller,
/// waiting for results, holds none of the pool's threads.
pub fn try_map_streamed<T, R, E>(
    threads: usize,
    items: &[T],
    work: impl Fn(usize, &T) -> Result<R, E> + Sync + Send,
    mut done: impl FnMut(usize, &R) -> Result<(), E>,
) -> Result<Vec<R>, E>
where
    T: Sync,
    R: Send,
    E: From<PoolError> + Send,
{
    if threads <= 1 || items.len() <= 1 {
        let mut results = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let r = guarded(i, || work(i, item))?;
            done(i, &r)?;
            results.push(r);
        }
        return Ok(results);
    }
    let pool = local_pool(threads)?;
    let cancel = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Result<R, E>)>();
    let mut results: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    let mut failure = None;
    pool.in_place_scope(|scope| {
        let (cancel, work) = (&cancel, &work);
        scope.spawn(move |_| {
            items
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .for_each_with(tx, |tx, (i, item)| {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    // The receiver is gone only when the batch has failed.
                    let _ = tx.send((i, guarded(i, || work(i, item))));
                });
        });
        // Ends when the last sender is dropped: every item done or skipped.
        for (i, result) in rx.iter() {
            match result.and_then(|r| done(i, &r).map(|()| r)) {
                Ok(r) => results[i] = Some(r),
                Err(e) => {
                    cancel.store(true, Ordering::Relaxed);
                    failure = Some(e);
                    break;
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    // Without a failure every item sent its result.
    Ok(results.into_iter().flatten().collect())
}

/// Runs `a` and `b` side by side on `threads` threads (see [`install`]); a panic in
/// either is [`PoolError::Panicked`] with index 0 (`a`) or 1 (`b`).
pub fn join<A: Send, B: Send>(
    threads: usize,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> Result<(A, B), PoolError> {
    if threads <= 1 {
        let a = guarded(0, || Ok::<A, PoolError>(a()))?;
        return Ok((a, guarded(1, || Ok::<B, PoolError>(b()))?));
    }
    let (a, b) = install(threads, || {
        rayon::join(
            || guarded(0, || Ok::<A, PoolError>(a())),
            || guarded(1, || Ok::<B, PoolError>(b())),
        )
    })?;
    Ok((a?, b?))
}

/// A long task that reports as it goes (see [`lanes`]).
pub type Lane<'a, M> = Box<dyn FnOnce(&Sender<M>) + Send + 'a>;

/// Runs the `lanes` side by side in a local pool of `threads` threads (at least one
/// a lane; the others help with the batches inside the lanes), each lane sending
/// messages as it goes, while `receive` takes them on the calling thread, as they
/// come, until every lane has ended. A lane that panics ends with
/// [`PoolError::Panicked`] naming it (its index), once the others have ended.
///
/// ```
/// use othello_tutor::engine::pool::{self, Lane};
/// let lanes: Vec<Lane<u32>> = vec![
///     Box::new(|tx| (0..3).for_each(|i| tx.send(i).unwrap_or(()))),
///     Box::new(|tx| tx.send(10).unwrap_or(())),
/// ];
/// let mut sum = 0;
/// pool::lanes(2, lanes, |m| sum += m).expect("no panic");
/// assert_eq!(sum, 13);
/// ```
pub fn lanes<M: Send>(
    threads: usize,
    lanes: Vec<Lane<'_, M>>,
    mut receive: impl FnMut(M),
) -> Result<(), PoolError> {
    let pool = local_pool(threads.max(lanes.len()).max(1))?;
    let (tx, rx) = std::sync::mpsc::channel::<M>();
    let (panic_tx, panic_rx) = std::sync::mpsc::channel::<PoolError>();
    pool.in_place_scope(|scope| {
        for (index, lane) in lanes.into_iter().enumerate() {
            let (tx, panic_tx) = (tx.clone(), panic_tx.clone());
            scope.spawn(move |_| {
                if let Err(payload) = catch_unwind(AssertUnwindSafe(|| lane(&tx))) {
                    let message = panic_message(payload.as_ref());
                    let _ = panic_tx.send(PoolError::Panicked { index, message });
                }
            });
        }
        drop(tx);
        // Ends when every lane has dropped its sender: when every lane has ended.
        for m in rx.iter() {
            receive(m);
        }
    });
    drop(panic_tx);
    panic_rx.try_iter().next().map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..50).collect();
        let one = map(1, &items, |i, &x| (i as u64) * 1000 + x * x).expect("no panic");
        for threads in [2, 3, 8] {
            assert_eq!(
                map(threads, &items, |i, &x| (i as u64) * 1000 + x * x),
                Ok(one.clone())
            );
        }
    }

    #[test]
    fn a_panic_is_an_error_naming_the_item() {
        let items = [3, 2, 1, 0, 5];
        let r = map(2, &items, |_, &x| {
            assert!(x != 0, "no zero here");
            10 / x
        });
        match r {
            Err(PoolError::Panicked { index, message }) => {
                assert_eq!(index, 3);
                assert!(message.contains("no zero here"), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[derive(Debug, PartialEq)]
    enum Failure {
        Odd(u32),
        Pool(PoolError),
    }
    impl From<PoolError> for Failure {
        fn from(e: PoolError) -> Failure {
            Failure::Pool(e)
        }
    }

    #[test]
    fn an_error_ends_the_batch() {
        let items = [2, 4, 7, 8];
        let r = try_map(1, &items, |_, &x| {
            if x % 2 == 1 {
                Err(Failure::Odd(x))
            } else {
                Ok(x)
            }
        });
        assert_eq!(r, Err(Failure::Odd(7)));
    }

    #[test]
    fn streamed_results_reach_the_caller_and_come_back_in_order() {
        let items: Vec<u32> = (0..20).collect();
        let mut seen = Vec::new();
        let r = try_map_streamed(
            3,
            &items,
            |_, &x| Ok::<u32, Failure>(x + 1),
            |i, &r| {
                seen.push((i, r));
                Ok(())
            },
        );
        assert_eq!(r, Ok((1..=20).collect::<Vec<u32>>()));
        seen.sort_unstable();
        assert_eq!(
            seen,
            (0..20).map(|i| (i as usize, i + 1)).collect::<Vec<_>>()
        );
        // The caller's own failure ends the batch.
        let r = try_map_streamed(
            2,
            &items,
            |_, &x| Ok::<u32, Failure>(x),
            |_, &x| {
                if x == 5 { Err(Failure::Odd(5)) } else { Ok(()) }
            },
        );
        assert_eq!(r, Err(Failure::Odd(5)));
        // A panic too, named.
        let r = try_map_streamed(
            2,
            &items,
            |_, &x| {
                assert!(x != 9, "nine");
                Ok::<u32, Failure>(x)
            },
            |_, _| Ok(()),
        );
        assert!(
            matches!(r, Err(Failure::Pool(PoolError::Panicked { index: 9, .. }))),
            "{r:?}"
        );
    }

    #[test]
    fn join_runs_both_and_names_the_side_that_panicked() {
        assert_eq!(join(2, || 1, || "b"), Ok((1, "b")));
        let r = join(1, || 1, || -> u8 { panic!("b failed") });
        assert!(
            matches!(r, Err(PoolError::Panicked { index: 1, .. })),
            "{r:?}"
        );
    }

    #[test]
    fn a_batch_inside_a_batch_shares_its_pool() {
        let outer: Vec<usize> = (0..6).collect();
        let sums = map(2, &outer, |_, &n| {
            let inner: Vec<usize> = (0..n).collect();
            map(2, &inner, |_, &x| x)
                .expect("no panic")
                .iter()
                .sum::<usize>()
        })
        .expect("no panic");
        assert_eq!(sums, vec![0, 0, 1, 3, 6, 10]);
    }
}
