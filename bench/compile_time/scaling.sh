#!/usr/bin/env bash
# Compile-time scaling of kgpu-translate: kernels of size N, 2N and 4N
# (sequential barriers, constant array-initializer elements, straight-line
# statements), compiled for each target; prints the CPU time (user + sys)
# per size and the ratio to the previous size (2.0 is linear).
#
#   bench/compile_time/scaling.sh [-t TARGETS] [-k KINDS] [-x KGPU_TRANSLATE]
#
#   TARGETS  comma-separated: cpu, vulkan, cuda (cuda = --emit=ptx, no
#            toolkit needed)                        default: cpu,vulkan,cuda
#   KINDS    comma-separated KIND:N, N the first size
#            default: barriers:125,init:5000,stmts:10000
#
# The kernels come from gen_scaling.py (see README.md, "Scaling"). Vulkan
# limits a private array to 16 KiB, so `init` sizes above 4,096 elements
# are reported as "-" there.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
translate="$here/../../build/bin/kgpu-translate"
targets="cpu,vulkan,cuda"
kinds="barriers:125,init:5000,stmts:10000"
while getopts "t:k:x:h" opt; do
  case "$opt" in
    t) targets="$OPTARG" ;;
    k) kinds="$OPTARG" ;;
    x) translate="$OPTARG" ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
done
[ -x "$translate" ] || { echo "no kgpu-translate at $translate" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# CPU seconds (user + sys, children included) of one compile, or "-".
measure() {
  local target="$1" src="$2" args
  case "$target" in
    cpu) args=(--targets=cpu -o "$work/out.kgpu") ;;
    vulkan) args=(--targets=vulkan -o "$work/out.kgpu") ;;
    cuda) args=(--emit=ptx -o "$work/out.ptx") ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
  esac
  if /usr/bin/time -f "%U %S" -o "$work/time" "$translate" "${args[@]}" \
      "$src" >/dev/null 2>"$work/err"; then
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
  else
    printf -- "-"
  fi
}

printf "%-9s %-7s %9s %9s %9s %7s %7s\n" kind target N 2N 4N 2N/N 4N/2N
IFS=, read -ra kindList <<<"$kinds"
IFS=, read -ra targetList <<<"$targets"
for spec in "${kindList[@]}"; do
  kind="${spec%%:*}" n="${spec##*:}"
  for m in 1 2 4; do
    python3 "$here/gen_scaling.py" "$kind" $((n * m)) >"$work/$kind-$m.kgc"
  done
  for target in "${targetList[@]}"; do
    t=()
    for m in 1 2 4; do t+=("$(measure "$target" "$work/$kind-$m.kgc")"); done
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == 0) print "-"; else printf "%.2f", b / a }'; }
    printf "%-9s %-7s %9s %9s %9s %7s %7s\n" "$kind" "$target" \
      "${t[0]}" "${t[1]}" "${t[2]}" "$(ratio "${t[0]}" "${t[1]}")" \
      "$(ratio "${t[1]}" "${t[2]}")"
  done
  printf "%-9s sizes: %d %d %d\n" "$kind" "$n" $((2 * n)) $((4 * n))
done
