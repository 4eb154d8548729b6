//! What this CPU runs: the proof, found at run time, that it has the instructions of the
//! search's x86-64-v3 copy ([`crate::search::isa`]).

/// The proof that this CPU has POPCNT, LZCNT, BMI1 and BMI2, the features the search's
/// x86-64 copy (`impl Isa for V3`, in the `x86` module) is compiled with: made only by
/// [`V3::detect`].
#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
#[derive(Clone, Copy)]
pub(crate) struct V3(());

#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
impl V3 {
    /// `Some` when the CPU has the features the `x86` copy of the search is compiled with.
    pub(crate) fn detect() -> Option<V3> {
        let detected = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2");
        if detected {
            Some(V3(()))
        } else {
            None
        }
    }
}
