// ledger: Rust functions as the language names them (ledger::post, a
// method ledger::Book::add), for tests of probes by qualified name. Each
// call of post prints "self: ..." to stderr with the values it passes; so
// does each instance of the generic generic_max.

pub struct Book {
    pub total: i64,
}

impl Book {
    #[inline(never)]
    pub fn add(&mut self, amount: i64) -> i64 {
        self.total += amount;
        self.total
    }
}

#[inline(never)]
pub fn post(book: &mut Book, amount: i64, times: i32) -> i64 {
    let mut r = 0;
    for _ in 0..times {
        r = book.add(std::hint::black_box(amount));
    }
    r
}

// generic_max is generic: one instance a type, named generic_max<i64>
// and generic_max<i32> in the DWARF (Rust's legacy mangling leaves the
// type out of the symbol's name).
#[inline(never)]
pub fn generic_max<T: PartialOrd + Copy + std::fmt::Debug>(a: T, b: T) -> T {
    eprintln!("self: max{} a={:?} b={:?}", std::mem::size_of::<T>(), a, b);
    if a > b {
        a
    } else {
        b
    }
}

fn main() {
    let n: i64 = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(3);
    let mut b = Book { total: 0 };
    for i in 0..n {
        let times = 1 + (i % 3) as i32;
        eprintln!("self: post amount={} times={}", i * 10, times);
        let r = post(&mut b, std::hint::black_box(i * 10), std::hint::black_box(times));
        println!("total={}", r);
        println!("max={} {}", generic_max(std::hint::black_box(i), 2), generic_max(std::hint::black_box(i as i32), 1));
    }
}
