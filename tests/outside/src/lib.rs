//! Nothing here: the checks are the integration tests in `tests/`, one file per library,
//! each doing the everyday tasks (parse, list moves, play checked, validate, hash,
//! round-trip text, serde) with the documented API only.
