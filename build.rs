//! The binary is linked as a plain (not position-independent) executable:
//! its time-zone tables (chrono-tz) are pointers, each of which a PIE
//! carries as a relocation fixed up at every start, 0.98 MB of the
//! stripped binary's 9 MB budget (issue 36 §5; BENCHMARKS.md, "the
//! binary's room"). The code is still compiled position-independent; only
//! the executable's own load address is fixed (libraries, heap and stacks
//! keep their random addresses). Linux on x86_64 only, where it was
//! measured; other targets link as their defaults say.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target == "x86_64-unknown-linux-gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
