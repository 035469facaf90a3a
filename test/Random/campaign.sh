#!/bin/sh
# A longer differential-testing campaign for the developer's machine:
#   test/Random/campaign.sh N [FIRST_SEED] [BUILD] [JOBS]
# runs N bundles of 100 kernels (seeds FIRST_SEED.., default 1000, so they
# differ from CI's 1..10) on the CPU and on lavapipe against their C twins,
# reduces every failure and saves it under $BUILD/difftest-campaign/reduced,
# and prints the counts per outcome (docs/difftest.md).
set -eu
n=${1:?usage: campaign.sh N [FIRST_SEED] [BUILD] [JOBS]}
first=${2:-1000}
here=$(cd "$(dirname "$0")" && pwd)
build=${3:-$here/../../build}
jobs=${4:-$(nproc)}
work=$build/difftest-campaign
mkdir -p "$work"
exec python3 "$here/difftest.py" --build "$build" --seeds "$first:$((first + n))" \
  --per-bundle 100 --jobs "$jobs" --work "$work" --reduce \
  --save "$work/reduced" --json "$work/outcomes.json"
