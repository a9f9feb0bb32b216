// A #[no_mangle] function in a module: its symbol is "post", its DWARF
// names it post in ledger, with no linkage name.
pub mod ledger {
    pub struct Entry {
        pub id: u64,
        pub amount: i64,
    }
    #[no_mangle]
    #[inline(never)]
    pub fn post(e: &Entry, k: i64) -> i64 {
        eprintln!("self: id={} k={}", e.id, k);
        e.amount * k + e.id as i64
    }
}

fn main() {
    let mut s = 0;
    for i in 0..3u64 {
        let e = ledger::Entry { id: 7 + i, amount: 10 };
        s += ledger::post(&e, 2 + i as i64);
    }
    println!("{}", s);
}
