//! The instruction set a search is compiled for.
//!
//! The search's recursive functions call each other through an [`Isa`], so one compiled
//! copy of the search only ever calls itself: [`Portable`] is the target's baseline,
//! `V3` the same code compiled with POPCNT, LZCNT/TZCNT and BMI1/BMI2, chosen at run time
//! when the CPU has them (the default build stays portable). Holding a value of an `Isa`
//! type is the proof that the CPU can run its code.
//!
//! The recursion points are listed once, in the [`isa!`] invocation at the end of this
//! file, which writes the trait, the portable copy and the x86-64-v3 copy from it.

#[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
use super::cpu::V3;
use super::node::{Node, DEEP};
use super::state::Search;

/// The search compiled for the target's baseline instructions.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

/// Writes, from one list of `method => body(arguments)`, the [`Isa`] trait (one method
/// per recursion point), [`Portable`]'s implementation (calling `Search::body` with
/// itself) and `V3`'s (calling a `#[target_feature]` function that inlines the same
/// generic body).
macro_rules! isa {
    ($($(#[$doc:meta])* $name:ident => $body:ident($($arg:ident: $ty:ty),*);)*) => {
        /// An instruction set the search is compiled for (see the module docs).
        pub(crate) trait Isa: Copy + Send + 'static {
            $(
                $(#[$doc])*
                fn $name(self, s: &mut Search, $($arg: $ty),*) -> i32;
            )*
        }

        impl Isa for Portable {
            $(
                fn $name(self, s: &mut Search, $($arg: $ty),*) -> i32 {
                    s.$body(self, $($arg),*)
                }
            )*
        }

        /// The search compiled a second time for recent x86-64 CPUs, chosen at run time:
        /// `V3`'s implementation of [`Isa`].
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        // The crate denies (instead of forbidding) `unsafe_code` only for this module:
        // calling a `#[target_feature]` function is `unsafe` because the CPU must have
        // the features, which only a `V3` value (made by `V3::detect` once it found them)
        // proves.
        #[allow(unsafe_code)]
        mod x86 {
            use super::{Isa, Node, Search, V3};

            $(
                #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
                unsafe fn $name(k: V3, s: &mut Search, $($arg: $ty),*) -> i32 {
                    s.$body(k, $($arg),*)
                }
            )*

            impl Isa for V3 {
                $(
                    #[inline(always)]
                    fn $name(self, s: &mut Search, $($arg: $ty),*) -> i32 {
                        // SAFETY: `self` exists, so `V3::detect` found every feature
                        // `$name` is compiled with.
                        unsafe { $name(self, s, $($arg),*) }
                    }
                )*
            }
        }
    };
}

isa! {
    /// [`Search::nws_in`].
    nws => nws_in(node: Node, alpha: i32);
    /// [`Search::pvs_in`].
    pvs => pvs_in(node: Node, alpha: i32, beta: i32);
    /// [`Search::shallow_in`].
    shallow => shallow_in(p: u64, o: u64, window: (i32, i32), n: u32);
    /// [`Search::solve_2_in`].
    solve_2 => solve_2_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 2]);
    /// [`Search::solve_3_in`].
    solve_3 => solve_3_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 3]);
    /// [`Search::solve_4_in`].
    solve_4 => solve_4_in(p: u64, o: u64, window: (i32, i32), xs: [u32; 4]);
    /// [`Search::sort_value_in`].
    sort_value => sort_value_in(p: u64, o: u64, window: (i32, i32), depth: u32);
}

impl Search {
    /// The score of `node`, fail-soft in the window `(alpha, beta)`, with the fastest
    /// copy of the search this CPU runs. Meaningless once [`Search::stopped`].
    pub(crate) fn search(&mut self, node: Node, alpha: i32, beta: i32) -> i32 {
        #[cfg(all(target_arch = "x86_64", not(feature = "portable")))]
        if let Some(k) = self.v3 {
            return self.search_in(k, node, alpha, beta);
        }
        self.search_in(Portable, node, alpha, beta)
    }
    /// [`Search::search`] in the instruction set `k`.
    #[inline(always)]
    pub(crate) fn search_in<K: Isa>(&mut self, k: K, node: Node, alpha: i32, beta: i32) -> i32 {
        let (p, o, n) = (node.p, node.o, node.n);
        if n <= 4 && self.techniques.small_solvers {
            self.solve_small(k, p, o, (alpha, beta), n)
        } else if n < DEEP {
            k.shallow(self, p, o, (alpha, beta), n)
        } else if beta == alpha + 1 && self.techniques.null_window {
            k.nws(self, node, alpha)
        } else {
            k.pvs(self, node, alpha, beta)
        }
    }
}
