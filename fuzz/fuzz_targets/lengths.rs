//! Any bytes as a lengths file (one per line, a JSON array, a CSV column) and as a `check
//! --summary` string: read, validated, ranked and tested against small exact models
//! ([`candyland::internals::check::exercise::lengths_and_summary`]). A crash or a failed check is a bug.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    candyland::internals::check::exercise::lengths_and_summary(data);
});
