#!/usr/bin/env bash
# The warp-group MMA GEMM benchmark, run on the GPU machine (an H200):
#   bench/gpu/wgmma-device.sh CARRY_DIR OUT_DIR
# CARRY_DIR is what bench/gpu/wgmma-prepare.sh built (it holds copies of
# this script and of hgemm_bench.py). For 4096^3 f16 -> f32: every bundle of
# CARRY_DIR/bundles/list.txt (the wgmma variants and the mma.sync
# examples/hgemm/hgemm.kgc) through kgpu on CUDA, cuBLAS (torch.matmul on
# f16) and a plain Triton GEMM, in one run; checks each C against torch;
# prints TFLOP/s and the ratios (OUT_DIR/results.txt). A bundle's grid is
# one work-group per tile, or (smsP, the persistent variants) P per SM.
# WGMMA_REPEAT (20) timed runs each, after WGMMA_WARMUP ms (0: none) of
# untimed ones; WGMMA_PASSES (1) times over, each pass with its own
# cuBLAS and Triton timings.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
log="$out/results.txt"
: > "$log"
say() { echo "$@" | tee -a "$log"; }
n=${HGEMM_N:-4096}
tmp=/tmp/kgpu-wgmma
mkdir -p "$tmp"
say "date: $(date -u +%Y-%m-%dT%H:%MZ)"
say "gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1)"
python3 "$here/hgemm_bench.py" inputs "$tmp" "$n" bt 2>&1 | tee -a "$log"
sms=$(python3 -c 'import torch; print(torch.cuda.get_device_properties(0).multi_processor_count)' 2>/dev/null || echo 132)
say "SMs: $sms"
warm=()
[ "${WGMMA_WARMUP:-0}" = 0 ] || warm=(--warmup "$WGMMA_WARMUP")
for pass in $(seq 1 "${WGMMA_PASSES:-1}"); do
  [ "${WGMMA_PASSES:-1}" = 1 ] || say "== pass $pass"
  names=()
  while read -r name kernel bm bn bfile grid; do
    [ -n "$name" ] || continue
    names+=("$name")
    case "${grid:-tiles}" in
      tiles) g=$((n / bn)),$((n / bm)) ;;
      sms*) g=$((sms * ${grid#sms})),1 ;;
    esac
    rm -f "$tmp/c_$name.bin"
    timeout 60 "$carry/bin/kgpu-run" "$carry/bundles/$name.kgpu" \
      --kernel "$kernel" --device cuda --grid "$g" \
      --arg A=@"$tmp/a.bin" --arg B=@"$tmp/$bfile.bin" --arg C=zeros:$((n * n)) \
      --arg M=$n --arg N=$n --arg K=$n ${warm[@]+"${warm[@]}"} \
      --repeat "${WGMMA_REPEAT:-20}" \
      --out C="$tmp/c_$name.bin" > "$tmp/kgpu_$name.txt" 2>&1
    say "kgpu $name: grid $g"
    sed "s/^/kgpu $name: /" "$tmp/kgpu_$name.txt" | tee -a "$log"
  done < "$carry/bundles/list.txt"
  python3 "$here/hgemm_bench.py" compare "$tmp" "$n" "${names[@]}" \
    2>&1 | tee -a "$log"
done
cp "$carry/ptxas.txt" "$out/" 2>/dev/null || true
