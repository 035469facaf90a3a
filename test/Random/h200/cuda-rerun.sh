#!/bin/sh
# The first CUDA campaign's 139 failing kernels again (docs/difftest.md, "The
# first CUDA campaign"): every one divided by zero, which the NVVM pipeline
# now defines. On the GPU machine, with the folder pack.sh made:
#   sh DEST/Random/h200/cuda-rerun.sh DEST
# Expected after the fix: 139 agree (no mismatch-cuda, no error-cuda).
D=$(cd "${1:?usage: cuda-rerun.sh DEST}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${CUDA_ROOT:-}" ]; then
  p=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
  CUDA_ROOT=$(dirname "$(dirname "$p")"); export CUDA_ROOT
fi
# unpack DEST (run.sh's step 1 does it and lists the devices)
STEPS=1 sh "$here/run.sh" "$D" 1:2 "$(mktemp -d)"
python3 "$here/../difftest.py" --build "$D" --only "$(cat "$here/cuda-division/only.txt")" \
  --known /dev/null --cuda --vulkan-icd system --jobs "$(nproc)" --work "$(mktemp -d)" |
  grep -v ': agree'
