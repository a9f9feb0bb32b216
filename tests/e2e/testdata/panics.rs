// Panics pass through frames with return probes (TestReturnThroughPanic).
use std::panic;

static mut COUNTER: i32 = 0;

#[inline(never)]
fn check(x: i32) -> i32 {
    unsafe {
        COUNTER += 1;
    }
    if x % 3 == 0 {
        panic!("three");
    }
    x * 2
}

// pass has nothing to clean up: the unwinder walks through its frame.
#[inline(never)]
fn pass(x: i32) -> i32 {
    let r = check(x);
    eprintln!("self: check = {}", r);
    r + 1
}

fn main() {
    panic::set_hook(Box::new(|_| {}));
    for i in 1..=9 {
        match panic::catch_unwind(|| pass(i)) {
            Ok(r) => eprintln!("self: pass = {}", r),
            Err(_) => eprintln!("caught {}", i),
        }
    }
    eprintln!("done");
}
