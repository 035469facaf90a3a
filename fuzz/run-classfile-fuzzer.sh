#!/usr/bin/env bash
# Builds the JVM class-file reader fuzzer with clang++-22 (libFuzzer + ASan +
# UBSan) and runs it for a bounded number of runs (default 1000000), seeded
# with class files that javac compiles from the reader's test inputs
# (test/unit/Frontend/JVM/Inputs/java: with and without -g, and as Java 8
# class files) and the hand-made malformed files of Inputs/malformed. Exits
# non-zero if the fuzzer reports a crash, leak, timeout, out-of-memory or
# sanitizer error.
#
# Usage: fuzz/run-classfile-fuzzer.sh [runs]
# Environment: CXX (default clang++-22), LLVM_CONFIG (default llvm-config-22),
#              JAVAC (default javac), CLASSFILE_FUZZ_WORKDIR (default
#              /tmp/classfile-fuzz).
set -euo pipefail

runs="${1:-1000000}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
cxx="${CXX:-clang++-22}"
llvm_config="${LLVM_CONFIG:-llvm-config-22}"
javac="${JAVAC:-javac}"
workdir="${CLASSFILE_FUZZ_WORKDIR:-/tmp/classfile-fuzz}"
inputs="$repo/test/unit/Frontend/JVM/Inputs"

mkdir -p "$workdir/corpus" "$workdir/artifacts"
# The reader depends on LLVM Support only (the class path, which also needs
# libzip and a file system, is not fuzzed here).
srcs=()
for f in ClassFile ClassFileBytecode StaticInit; do
  srcs+=("$repo/lib/Frontend/JVM/$f.cpp")
done
bin="$workdir/classfile_fuzzer"

# shellcheck disable=SC2046
"$cxx" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -g -O1 -I "$repo/include" $("$llvm_config" --cxxflags) -fno-rtti \
  "${srcs[@]}" "$repo/fuzz/classfile_fuzzer.cpp" \
  $("$llvm_config" --ldflags) -lLLVM-22 \
  -Wl,-rpath,"$("$llvm_config" --libdir)" -o "$bin"

# Seeds: every class javac writes for the test inputs, three ways.
seeds="$workdir/class-seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
if command -v "$javac" >/dev/null 2>&1; then
  mapfile -t java_srcs < <(find "$inputs/java" -name '*.java' | sort)
  n=0
  for flags in "-g" "-g:none" "-g --release 8"; do
    out="$workdir/javac-$n"
    rm -rf "$out"
    # shellcheck disable=SC2086
    "$javac" $flags -d "$out" "${java_srcs[@]}"
    while IFS= read -r c; do
      cp "$c" "$seeds/$n-$(basename "$c")"
    done < <(find "$out" -name '*.class')
    n=$((n + 1))
  done
else
  echo "classfile fuzzer: no javac; seeding with the malformed inputs only" >&2
fi
cp "$inputs"/malformed/*.class "$seeds/"

status=0
"$bin" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -print_final_stats=1 -artifact_prefix="$workdir/artifacts/" \
  "$workdir/corpus" "$seeds" || status=$?

if [ "$status" -ne 0 ]; then
  echo "classfile fuzzer FAILED (exit $status); artifacts in $workdir/artifacts" >&2
  exit "$status"
fi
echo "classfile fuzzer: $runs runs, no crash"
