// Rust thread_local!: a const-initialized Cell and a lazily initialized
// one, each given its own values by every thread, which says what it set
// on stderr before calling report, where gs reads them.
use std::cell::Cell;
use std::sync::Mutex;

thread_local! {
    static COUNTER: Cell<u64> = const { Cell::new(7) };
    static LAZY: Cell<i64> = Cell::new(std::env::args().count() as i64);
}

static OUT: Mutex<()> = Mutex::new(());

#[inline(never)]
#[no_mangle]
pub extern "C" fn report(round: u64) -> u64 {
    // A volatile read keeps the call (std::hint::black_box needs Rust 1.66).
    unsafe { std::ptr::read_volatile(&round) }
}

fn tid() -> i64 {
    // gettid(2) through /proc: no libc crate.
    std::fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|p| p.file_name().and_then(|s| s.to_str()).and_then(|s| s.parse().ok()))
        .unwrap_or(-1)
}

fn main() {
    let threads: Vec<_> = (1..=3u64)
        .map(|n| {
            std::thread::spawn(move || {
                let tid = tid();
                for round in 0..3u64 {
                    COUNTER.with(|c| c.set(n * 1000 + round));
                    LAZY.with(|c| c.set(-((n * 10 + round) as i64)));
                    {
                        let _g = OUT.lock().unwrap();
                        eprintln!("self: tid={} counter={} lazy={}", tid, COUNTER.with(|c| c.get()), LAZY.with(|c| c.get()));
                    }
                    report(round);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}
