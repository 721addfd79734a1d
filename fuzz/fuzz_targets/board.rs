//! Any bytes as a board file: parsed, validated, solved, simulated, checked
//! ([`candyland::internals::results::exercise::exercise`]). A crash or a failed check is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    candyland::internals::results::exercise::exercise(data);
});
