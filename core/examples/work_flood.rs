//! What a scripted attacker pays per stored row: the proof of work solved natively (release
//! build, the engine's own search: one `sha2` compression per try on a prebuilt last block,
//! SHA-NI where the CPU has it), one thread, many rows, in the split form the site sends
//! (`work::solve_all`). `-- <difficulty> <rows> single` solves the
//! first form (one puzzle), which the database still accepts: it costs the same.
//! Prints `flood: <n> rows per CPU-second` at the engine's default difficulty, measured in
//! this thread's own CPU time (Linux `/proc/thread-self/schedstat`), so a busy machine does not
//! flatter the attacker. Run: `cargo run --profile release-work -p stepzero-core --example work_flood`
//! (`-- <difficulty> <rows>` for another difficulty or sample).

use stepzero_core::work;

/// This thread's CPU time in seconds, or `None` off Linux.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let difficulty = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(work::DEFAULT_DIFFICULTY);
    let rows: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let single = args.next().as_deref() == Some("single");
    let wall = std::time::Instant::now();
    let cpu_start = cpu_seconds();
    let mut tries = 0u64;
    let completion_ms = 1_763_850_000_000;
    for row in 0..rows {
        // A fresh id per row, as the database demands (work cannot be reused).
        let id = format!("00000000-0000-4000-8000-{row:012x}");
        let ms = completion_ms + row;
        tries += if single {
            work::solve(&id, ms, difficulty, 0, u64::MAX).expect("an unbounded search") + 1
        } else {
            let work = work::solve_all(&id, ms, difficulty).expect("an unbounded search");
            work.split(',')
                .map(|n| n.parse::<u64>().expect("digits") + 1)
                .sum()
        };
    }
    let seconds = match (cpu_start, cpu_seconds()) {
        (Some(start), Some(end)) => end - start,
        _ => wall.elapsed().as_secs_f64(),
    };
    println!(
        "flood: {:.1} rows per CPU-second  (difficulty {difficulty}, {} form, {rows} rows, {:.2} M hashes/s, one thread)",
        rows as f64 / seconds,
        if single { "single-puzzle" } else { "split" },
        tries as f64 / seconds / 1e6
    );
}
