//! The page's clock for the library's budget: `env.now_ms`, milliseconds from the page's own
//! origin (`performance.now()`).

/// Gives the library the page's clock (once is enough; again is harmless).
pub fn install() {
    #[cfg(target_arch = "wasm32")]
    candyland::set_clock(now);
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    /// The page's `performance.now()`.
    fn now_ms() -> f64;
}

#[cfg(target_arch = "wasm32")]
fn now() -> f64 {
    // SAFETY: `now_ms` is the page's own function of no arguments returning a number; it
    // touches no memory of this module.
    unsafe { now_ms() }
}
