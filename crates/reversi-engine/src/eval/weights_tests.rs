//! The tests of `weights.rs` (a file of their own: the module stays short).

use super::*;
use crate::eval::pattern::PATTERNS;

/// Weights with pseudo-random values, shared indices set alike, and runs of zeros.
fn random_weights(seed: u64) -> Weights {
    random_weights_of_width(seed, STAGE_WIDTH)
}

/// [`random_weights`] on stages `width` empty squares wide.
fn random_weights_of_width(seed: u64, width: usize) -> Weights {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut w = Weights::zero_with_width(width).unwrap();
    for stage in 0..w.stages() {
        for i in 0..SCALARS {
            w.set_scalar(stage, i, rng.i16(..));
        }
        for (k, p) in PATTERNS.iter().enumerate() {
            let canon = p.canonical();
            for (index, &c) in canon.iter().enumerate() {
                let v = if c as usize == index {
                    if rng.u8(..) < 100 {
                        0
                    } else {
                        rng.i16(..)
                    }
                } else {
                    w.entry(stage, k, c as usize)
                };
                w.set_entry(stage, k, index, v);
            }
        }
    }
    w
}

#[test]
fn the_builtin_file_has_this_layout_and_its_checksum() {
    let (body, stated) = BUILTIN.split_at(BUILTIN.len() - 4);
    assert_eq!(&body[..4], &MAGIC);
    assert_eq!(
        u32::from_le_bytes([stated[0], stated[1], stated[2], stated[3]]),
        checksum(body)
    );
    let w = Weights::from_bytes(BUILTIN).expect("the compiled-in weights load");
    // Written back, the same bytes: the layout and the values survive a round trip.
    assert_eq!(w.to_bytes(), BUILTIN);
    // Fitted weights, not an empty table.
    let nonzero = w.tables.iter().filter(|&&v| v != 0).count();
    assert!(nonzero > 10_000, "{nonzero} non-zero entries");
}

#[test]
fn weights_round_trip_through_the_file_format() {
    let w = random_weights(1);
    let bytes = w.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes), Ok(w));
}

#[test]
fn finer_stages_round_trip_and_pick_their_own_weights() {
    // Stages of 2 empty squares (30) and of 1 (60): the file states the width, and each
    // number of empty squares reads its own stage's weights.
    for (width, stages) in [(2, 30), (1, 60), (60, 1)] {
        let w = random_weights_of_width(7, width);
        assert_eq!(w.stages(), stages);
        let bytes = w.to_bytes();
        assert_eq!(bytes[6..9], [stages as u8, 0, width as u8]);
        assert_eq!(Weights::from_bytes(&bytes).as_ref(), Ok(&w));
    }
    // One scalar weight (the bias) set in stage 3 of width 2 only: 7 and 8 empty squares
    // read it, 6 and 9 do not.
    let mut w = Weights::zero_with_width(2).unwrap();
    w.set_scalar(3, 0, 100);
    let with_empties = |n: u32| {
        let player = !0u64 >> n; // 64 - n discs, n empty squares
        w.evaluate(player, 0)
    };
    assert_eq!(
        [6, 7, 8, 9].map(with_empties),
        [0, 100, 100, 0],
        "stage 3 of width 2 is 7..=8 empties"
    );
}

#[test]
fn a_width_outside_1_to_60_or_stages_not_the_widths_are_refused() {
    let bytes = Weights::zero_with_width(2).unwrap().to_bytes();
    for width in [0u8, 61, 255] {
        let mut bad = bytes.clone();
        bad[8] = width;
        assert_eq!(
            Weights::from_bytes(&bad),
            Err(WeightsError::Layout("stage width")),
            "width {width}"
        );
    }
    let mut bad = bytes;
    bad[8] = 3; // width 3 has 20 stages, the file 30
    assert_eq!(
        Weights::from_bytes(&bad),
        Err(WeightsError::Layout("number of stages"))
    );
}

#[test]
fn damaged_files_are_refused_with_the_reason() {
    let bytes = random_weights(2).to_bytes();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0x10;
    assert!(matches!(
        Weights::from_bytes(&flipped),
        Err(WeightsError::Checksum { .. })
            | Err(WeightsError::Run { .. })
            | Err(WeightsError::Truncated(_))
    ));
    assert_eq!(
        Weights::from_bytes(&bytes[..bytes.len() - 1]),
        Err(WeightsError::Truncated("checksum"))
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Weights::from_bytes(&longer), Err(WeightsError::Trailing(1)));
    assert_eq!(
        WeightsError::Trailing(1).to_string(),
        "1 byte after the weights file's checksum"
    );
    assert_eq!(
        WeightsError::Trailing(3).to_string(),
        "3 bytes after the weights file's checksum"
    );
    let mut version = bytes.clone();
    version[4] = 2;
    assert_eq!(Weights::from_bytes(&version), Err(WeightsError::Version(2)));
    let mut layout = bytes.clone();
    layout[6] = 14; // 14 stages
    assert_eq!(
        Weights::from_bytes(&layout),
        Err(WeightsError::Layout("number of stages"))
    );
    let mut squares = bytes;
    squares[12] = 5; // the first pattern's second square: f1 in place of b1
    assert_eq!(
        Weights::from_bytes(&squares),
        Err(WeightsError::Layout("a pattern's squares"))
    );
    assert_eq!(
        WeightsError::Layout("stage width").to_string(),
        "weights file layout differs from the evaluation's: stage width"
    );
}

#[test]
fn evaluate_is_the_sum_over_the_features() {
    let w = random_weights(3);
    let mut rng = fastrand::Rng::with_seed(4);
    for _ in 0..500 {
        let a = rng.u64(..);
        let b = rng.u64(..) & !a;
        let f = Features::of(a, b);
        let stage = w.stage(f.empties);
        let table = &w.tables[stage * TABLE_LEN..];
        let mut sum: i32 = f.entries.iter().map(|&e| table[e as usize] as i32).sum();
        for i in 0..SCALARS {
            sum += f.scalars[i] * w.scalar(stage, i) as i32;
        }
        assert_eq!(w.evaluate(a, b), sum);
    }
}

#[test]
fn weights_shared_by_symmetry_make_the_evaluation_symmetric() {
    let w = random_weights(5);
    let mut rng = fastrand::Rng::with_seed(6);
    for _ in 0..300 {
        let a = rng.u64(..);
        let b = rng.u64(..) & !a;
        let v = w.evaluate(a, b);
        for n in 1..8 {
            let (sa, sb) = (
                crate::eval::symmetry::apply(n, a),
                crate::eval::symmetry::apply(n, b),
            );
            assert_eq!(w.evaluate(sa, sb), v, "symmetry {n}");
        }
    }
}
