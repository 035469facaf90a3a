#!/usr/bin/env bash
# Builds the kgc frontend fuzzer with clang++-22 (libFuzzer + ASan + UBSan)
# and runs it for a bounded number of runs (default 1000000), seeded with the
# kgc corpus, the negative tests and the semantic corner cases of
# test/Frontend/KGC/Inputs/fuzz-seeds (overflowing constants, CR/CRLF files,
# a byte-order mark, long chains, divergent parallel for, barrier loops). Exits non-zero if the fuzzer reports a crash,
# leak, timeout, out-of-memory or sanitizer error.
#
# Usage: fuzz/run-kgc-fuzzer.sh [runs]
# Environment: CXX (default clang++-22), LLVM_CONFIG (default llvm-config-22),
#              KGC_FUZZ_WORKDIR (default /tmp/kgc-fuzz).
set -euo pipefail

runs="${1:-1000000}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
cxx="${CXX:-clang++-22}"
llvm_config="${LLVM_CONFIG:-llvm-config-22}"
workdir="${KGC_FUZZ_WORKDIR:-/tmp/kgc-fuzz}"

mkdir -p "$workdir/corpus" "$workdir/artifacts"
# The LLVM-Support-only frontend sources (the directory also holds the MLIR
# emitter, which is not fuzzed here).
srcs=()
for f in AST BarrierDivergence Diagnostics Frontend Lexer Parser; do
  srcs+=("$repo/lib/Frontend/KGC/$f.cpp")
done
srcs+=("$repo"/lib/Frontend/KGC/Sema/*.cpp)
bin="$workdir/kgc_parser_fuzzer"

# shellcheck disable=SC2046
"$cxx" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -g -O1 -I "$repo/include" $("$llvm_config" --cxxflags) -fno-rtti \
  "${srcs[@]}" "$repo/fuzz/kgc_parser_fuzzer.cpp" \
  $("$llvm_config" --ldflags) -lLLVM-22 \
  -Wl,-rpath,"$("$llvm_config" --libdir)" -o "$bin"

# The negative tests, one seed per case of the errors-*.kgc files.
seeds="$workdir/error-seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
for f in "$repo"/test/Frontend/KGC/errors-*.kgc; do
  awk -v out="$seeds/$(basename "$f" .kgc)" \
    '/^\/\/ -----/ { n++; next } { print > (out "-" (n + 0) ".kgc") }' "$f"
done

status=0
"$bin" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -print_final_stats=1 -artifact_prefix="$workdir/artifacts/" \
  "$workdir/corpus" "$repo/test/Frontend/KGC/corpus" \
  "$seeds" \
  "$repo/test/Frontend/KGC/Inputs/fuzz-seeds" || status=$?

if [ "$status" -ne 0 ]; then
  echo "kgc fuzzer FAILED (exit $status); artifacts in $workdir/artifacts" >&2
  exit "$status"
fi
echo "kgc fuzzer: $runs runs, no crash"
