#!/bin/bash
# What a one-line change in a screen costs to rebuild (BENCHMARKS.md, "The
# workspace"): a line of code added to src/app/groups.rs, then the two
# commands a developer runs, the binary and every test binary. Twice; the
# second is the one to keep (the first may meet a cold cache).
# Usage: scripts/rebuild-cost.sh CHECKOUT (after one cargo build and one
# cargo test --no-run there). The change is undone with git checkout.
cd "$1" || exit 2
for round in 1 2; do
  echo "const _: u64 = $(date +%s%N);" >> src/app/groups.rs
  b0=$(date +%s.%N); cargo build -q 2>/dev/null; b1=$(date +%s.%N)
  echo "const _: u64 = $(date +%s%N);" >> src/app/groups.rs
  t0=$(date +%s.%N); cargo test --no-run -q 2>/dev/null; t1=$(date +%s.%N)
  git checkout -q src/app/groups.rs
  echo "round $round: cargo build $(echo "$b1-$b0" | bc) s, cargo test --no-run $(echo "$t1-$t0" | bc) s"
done
