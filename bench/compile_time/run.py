#!/usr/bin/env python3
"""Compile-time benchmark: `kgpu-translate --emit=ptx` vs `nvcc -ptx`.

For every kernel that has both a kgc source (test/Frontend/KGC/corpus/<name>.kgc)
and a hand-written CUDA C equivalent (bench/compile_time/cuda/<name>.cu), run

    kgpu-translate --emit=ptx <name>.kgc -o <tmp>/<name>.kgpu.ptx
    nvcc -ptx -O3 -arch=sm_90a <name>.cu -o <tmp>/<name>.nvcc.ptx

N times each (after W warm-up runs), measuring the wall-clock time of each
process from the parent (process start-up included, for both compilers) and
the CPU time (user + sys) of the process and all its children (nvcc runs gcc,
cicc and ptxas). Prints a Markdown report: min and median per compiler and the
ratio kgpu / nvcc of the medians (goal: <= 0.2), plus the environment.

Both PTX outputs of every kernel are assembled once with `ptxas -arch=sm_90a`
(outside the timed runs) and their `.entry` names compared, to make sure both
compilers really compiled the same kernels.

Python 3 standard library only. See README.md.
"""

import argparse
import datetime
import hashlib
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
WHEEL_DIR = os.environ.get("KGPU_CUDA_WHEEL_DIR") or "/opt/kgpu/cuda-wheel"
WHEEL_NVCC = os.path.join(WHEEL_DIR, "nvidia", "cu13", "bin", "nvcc")
SETUP = os.path.join(HERE, "setup.sh")
SYSTEM_NVCC = "/usr/local/cuda/bin/nvcc"
GOAL = 0.2
# nvcc --time phase names -> column labels.
PHASE_NAMES = {"gcc (preprocessing 1)": "gcc -E", "cicc": "cicc",
               "ptxas": "ptxas check", "nvcc (driver)": "driver"}


def default_nvcc():
    if not shutil.which("nvcc") and not os.access(SYSTEM_NVCC, os.X_OK):
        return WHEEL_NVCC  # installed by setup.sh when missing (main)
    for cand in (shutil.which("nvcc"), WHEEL_NVCC, SYSTEM_NVCC):
        if cand and os.access(cand, os.X_OK):
            return cand
    return "nvcc"


def parse_args():
    p = argparse.ArgumentParser(
        description="Compile time of kgpu-translate --emit=ptx vs nvcc -ptx "
        "on the kgc corpus and its CUDA C equivalents.")
    p.add_argument("--nvcc", default=default_nvcc(),
                   help="nvcc to use (default: nvcc on PATH, else %s, else %s)"
                   % (WHEEL_NVCC, SYSTEM_NVCC))
    p.add_argument("--kgpu-translate",
                   default=os.path.join(HERE, "..", "..", "build", "bin",
                                        "kgpu-translate"),
                   help="kgpu-translate to use (default: "
                   "../../build/bin/kgpu-translate relative to this script)")
    p.add_argument("--ptxas", default=None,
                   help="ptxas for validation (default: next to nvcc, else "
                   "on PATH)")
    p.add_argument("--cuda-root", default=None,
                   help="CUDA_ROOT given to kgpu-translate for libdevice "
                   "(default: $CUDA_ROOT, else the toolkit nvcc belongs to)")
    p.add_argument("--arch", default="sm_90a",
                   help="GPU architecture for both compilers (default sm_90a)")
    p.add_argument("-n", "--runs", type=int, default=10,
                   help="timed runs per compiler and kernel (default 10)")
    p.add_argument("--warmup", type=int, default=1,
                   help="untimed warm-up runs per compiler and kernel "
                   "(default 1)")
    p.add_argument("--kernels", default=None,
                   help="comma-separated kernel names (default: every "
                   "cuda/*.cu that has a corpus .kgc)")
    p.add_argument("--corpus",
                   default=os.path.join(REPO, "test", "Frontend", "KGC",
                                        "corpus"),
                   help="directory of the .kgc kernels")
    p.add_argument("--cuda-dir", default=os.path.join(HERE, "cuda"),
                   help="directory of the .cu kernels")
    p.add_argument("--no-floor", action="store_true",
                   help="skip the empty-kernel start-up floor row")
    p.add_argument("--no-validate", action="store_true",
                   help="skip the ptxas validation")
    p.add_argument("--breakdown", action="store_true",
                   help="also report where the time goes: nvcc's phases "
                   "(nvcc --time, one run per kernel) and kgpu-translate's "
                   "cumulative stages (--emit=mlir/kgpu/gpu/llvm/ptx, "
                   "median of --breakdown-runs)")
    p.add_argument("--breakdown-runs", type=int, default=5,
                   help="runs per kgpu stage for --breakdown (default 5)")
    p.add_argument("--output", default=None,
                   help="also write the Markdown report to this file")
    p.add_argument("--wait-quiet", type=float, default=0.0, metavar="SEC",
                   help="before each kernel, wait up to SEC seconds until no "
                   "other build/compiler process (ninja, cc1plus, ld, lit, "
                   "nvcc, kgpu-translate, ...) has run for 6 s (default 0: "
                   "do not wait)")
    p.add_argument("--retries", type=int, default=0,
                   help="measure a kernel again (up to this many times) when "
                   "another build/compiler process ran during its runs "
                   "(default 0)")
    p.add_argument("--no-snapshot", action="store_true",
                   help="run kgpu-translate in place instead of from a copy "
                   "taken at start (the copy keeps a rebuild of the tree "
                   "during the run from mixing two binaries)")
    p.add_argument("--keep", default=None,
                   help="keep the PTX outputs in this directory")
    return p.parse_args()


# --------------------------------------------------------------------------
# Environment

def run_text(cmd, env=None, cwd=None):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=env, cwd=cwd, text=True, timeout=60)
        return r.stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        return "unavailable (%s)" % e


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def nproc():
    out = run_text(["nproc"])
    return out if out.isdigit() else str(len(os.sched_getaffinity(0)))


def busy_processes():
    """Compiler/build processes running now (other than ours)."""
    names = ("ninja", "make", "cc1plus", "cc1", "clang", "clang++", "ld",
             "ld.lld", "lld", "cmake", "cicc", "ptxas", "nvcc", "kgpu-opt",
             "kgpu-translate", "lit", "mlir-tblgen", "llvm-tblgen")
    found = []
    me = os.getpid()
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == me:
            continue
        try:
            with open("/proc/%s/comm" % pid) as f:
                comm = f.read().strip()
        except OSError:
            continue
        if comm in names:
            found.append(comm)
    return sorted(set(found))


def nvcc_version(nvcc):
    out = run_text([nvcc, "--version"])
    lines = [l for l in out.splitlines() if l.strip()]
    rel = [l for l in lines if "release" in l or l.startswith("Build")]
    return "; ".join(rel) if rel else (lines[-1] if lines else out)


def kgpu_version(kgpu):
    root = REPO
    desc = run_text(["git", "-C", root, "describe", "--always", "--dirty",
                     "--tags"])
    commit = run_text(["git", "-C", root, "rev-parse", "HEAD"])
    subject = run_text(["git", "-C", root, "log", "-1", "--format=%cd %s",
                        "--date=short"])
    llvm = run_text([kgpu, "--version"])
    m = re.search(r"LLVM version ([0-9.]+\S*)", llvm)
    s = "git describe %s, commit %s (%s)" % (desc, commit, subject[:80])
    if m:
        s += "; LLVM/MLIR %s" % m.group(1)
    return s


# --------------------------------------------------------------------------
# Timing

def timed(cmd, env):
    """Runs cmd; returns (wall seconds, cpu seconds of it and its children,
    returncode, output)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=env)
    except OSError as e:
        return 0.0, 0.0, -1, "cannot run %s: %s" % (cmd[0], e)
    t1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return t1 - t0, cpu, r.returncode, r.stdout.decode(errors="replace")


def entries(ptx_path):
    try:
        with open(ptx_path) as f:
            text = f.read()
    except OSError:
        return None
    return sorted(set(re.findall(r"\.entry\s+([A-Za-z_$][\w$]*)", text)))


class Pair:
    def __init__(self, name, kgc, cu):
        self.name, self.kgc, self.cu = name, kgc, cu
        self.k_wall, self.k_cpu, self.n_wall, self.n_cpu = [], [], [], []
        self.error = None
        self.valid = None  # text for the table
        self.k_entries = self.n_entries = None
        self.busy = []


def bench_pair(pair, args, kenv, nenv, outdir):
    kptx = os.path.join(outdir, pair.name + ".kgpu.ptx")
    nptx = os.path.join(outdir, pair.name + ".nvcc.ptx")
    kcmd = [args.kgpu_translate, "--emit=ptx", "--chip=" + args.arch,
            pair.kgc, "-o", kptx]
    ncmd = [args.nvcc, "-ptx", "-O3", "-arch=" + args.arch, pair.cu, "-o",
            nptx]
    pair.kcmd, pair.ncmd = kcmd, ncmd
    pair.k_wall, pair.k_cpu, pair.n_wall, pair.n_cpu = [], [], [], []
    busy = set()
    for i in range(args.warmup + args.runs):
        busy.update(busy_processes())
        # Alternate the order so that a load change hits both compilers alike.
        order = [("k", kcmd, kenv), ("n", ncmd, nenv)]
        if i % 2:
            order.reverse()
        for which, cmd, env in order:
            wall, cpu, rc, out = timed(cmd, env)
            if rc != 0:
                pair.error = "%s failed (rc %d): %s" % (
                    "kgpu-translate" if which == "k" else "nvcc", rc,
                    out.strip()[-400:])
                return kptx, nptx
            if i < args.warmup:
                continue
            if which == "k":
                pair.k_wall.append(wall)
                pair.k_cpu.append(cpu)
            else:
                pair.n_wall.append(wall)
                pair.n_cpu.append(cpu)
    busy.update(busy_processes())
    pair.busy = sorted(busy)
    return kptx, nptx


def wait_for_quiet(timeout, settle=6.0):
    """Waits until no other build/compiler process has been seen for `settle`
    seconds, at most `timeout` seconds. Returns the seconds waited."""
    t0 = time.monotonic()
    quiet_since = None
    while True:
        now = time.monotonic()
        if busy_processes():
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        if quiet_since is not None and now - quiet_since >= settle:
            return now - t0
        if now - t0 >= timeout:
            return now - t0
        time.sleep(1.0)


def validate(pair, ptxas, arch, kptx, nptx, outdir):
    res = []
    for label, ptx in (("kgpu", kptx), ("nvcc", nptx)):
        cubin = os.path.join(outdir, "%s.%s.cubin" % (pair.name, label))
        r = subprocess.run([ptxas, "-arch=" + arch, ptx, "-o", cubin],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        ok = r.returncode == 0 and os.path.getsize(cubin) > 0
        if not ok:
            res.append("%s PTX rejected by ptxas: %s" % (label,
                                                          r.stdout.strip()[-300:]))
    pair.k_entries, pair.n_entries = entries(kptx), entries(nptx)
    if not pair.k_entries or pair.k_entries != pair.n_entries:
        res.append("entry mismatch: kgpu %s, nvcc %s" % (pair.k_entries,
                                                          pair.n_entries))
    if res:
        pair.error = "; ".join(res)
        pair.valid = "FAIL"
    else:
        pair.valid = "ok"


def nvcc_phases(pair, args, nenv, outdir):
    """One run of nvcc --time: {phase: ms}."""
    csv = os.path.join(outdir, pair.name + ".nvcc-time.csv")
    if os.path.exists(csv):
        os.unlink(csv)
    subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=" + args.arch, pair.cu,
                    "-o", os.path.join(outdir, pair.name + ".phases.ptx"),
                    "--time", csv], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=nenv)
    phases = {}
    try:
        with open(csv) as f:
            next(f)
            for line in f:
                cols = [c.strip() for c in line.split(",")]
                if len(cols) < 8:
                    continue
                name = cols[1] or ("ptxas" if cols[2].endswith(".ptx")
                                   else "?")
                name = PHASE_NAMES.get(name, name)
                try:
                    phases[name] = phases.get(name, 0.0) + float(cols[6])
                except ValueError:
                    pass
    except (OSError, StopIteration):
        pass
    return phases


def kgpu_stages(pair, args, kenv, outdir):
    """Median wall ms of kgpu-translate stopping at each stage."""
    res = {}
    for stage in ("mlir", "kgpu", "gpu", "llvm", "ptx"):
        out = os.path.join(outdir, "%s.stage.%s" % (pair.name, stage))
        cmd = [args.kgpu_translate, "--emit=" + stage, "--chip=" + args.arch,
               pair.kgc, "-o", out]
        walls = []
        for _ in range(args.breakdown_runs):
            wall, _, rc, _ = timed(cmd, kenv)
            if rc != 0:
                walls = []
                break
            walls.append(wall)
        res[stage] = statistics.median(walls) * 1e3 if walls else None
    return res


# --------------------------------------------------------------------------
# Report

def ms(x):
    return "%.1f" % (x * 1e3)


def geomean(xs):
    xs = [x for x in xs if x > 0]
    if not xs:
        return float("nan")
    import math
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    args = parse_args()
    args.kgpu_translate = os.path.abspath(args.kgpu_translate)
    nvcc_path = shutil.which(args.nvcc) or args.nvcc
    args.nvcc = nvcc_path
    # The wheel's nvcc needs more wheels than scripts/install-deps.sh puts
    # there (the CUDA runtime and crt headers): setup.sh installs them.
    wheel_include = os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(WHEEL_NVCC))), "include")
    if (os.path.abspath(args.nvcc) == os.path.abspath(WHEEL_NVCC) and
            not os.path.isfile(os.path.join(wheel_include, "cuda_runtime.h"))):
        print("run.py: the wheel's nvcc lacks cuda_runtime.h; running %s"
              % SETUP, file=sys.stderr)
        if subprocess.run([SETUP]).returncode != 0:
            print("run.py: error: %s failed" % SETUP, file=sys.stderr)
            return 2
    for tool, path in (("kgpu-translate", args.kgpu_translate),
                       ("nvcc", args.nvcc)):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            print("run.py: error: %s not found at '%s'" % (tool, path),
                  file=sys.stderr)
            return 2
    toolkit = os.path.dirname(os.path.dirname(os.path.abspath(args.nvcc)))
    if not os.path.isdir(os.path.join(toolkit, "nvvm", "libdevice")):
        toolkit = os.path.dirname(os.path.dirname(os.path.realpath(args.nvcc)))
    ptxas = args.ptxas
    if ptxas is None:
        cand = os.path.join(os.path.dirname(args.nvcc), "ptxas")
        ptxas = cand if os.access(cand, os.X_OK) else shutil.which("ptxas")
    if not args.no_validate and not ptxas:
        print("run.py: error: no ptxas (use --ptxas or --no-validate)",
              file=sys.stderr)
        return 2
    cuda_root = args.cuda_root or os.environ.get("CUDA_ROOT") or toolkit

    # kgpu-translate finds libdevice through CUDA_ROOT; nvcc gets the usual
    # environment (its own toolkit is found relative to the binary).
    kenv = dict(os.environ, CUDA_ROOT=cuda_root)
    nenv = dict(os.environ)

    names = sorted(f[:-3] for f in os.listdir(args.cuda_dir)
                   if f.endswith(".cu"))
    if args.kernels:
        wanted = [k.strip() for k in args.kernels.split(",") if k.strip()]
        missing = [k for k in wanted if k not in names]
        if missing:
            print("run.py: error: no cuda/%s.cu" % ", ".join(missing),
                  file=sys.stderr)
            return 2
        names = wanted
    pairs = []
    for n in names:
        kgc = os.path.join(args.corpus, n + ".kgc")
        if os.path.isfile(kgc):
            pairs.append(Pair(n, kgc, os.path.join(args.cuda_dir, n + ".cu")))
        else:
            print("run.py: note: no %s, skipping %s" % (kgc, n),
                  file=sys.stderr)
    floor = None
    if not args.no_floor:
        floor = Pair("nop", os.path.join(HERE, "floor", "nop.kgc"),
                     os.path.join(HERE, "floor", "nop.cu"))

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    busy_before = busy_processes()

    outdir = args.keep or tempfile.mkdtemp(prefix="kgpu-compile-time-")
    os.makedirs(outdir, exist_ok=True)
    try:
        return measure_and_report(args, pairs, floor, outdir, kenv, nenv,
                                  ptxas, toolkit, cuda_root, started,
                                  load_before, busy_before)
    finally:
        if not args.keep:
            shutil.rmtree(outdir, ignore_errors=True)


def measure_and_report(args, pairs, floor, outdir, kenv, nenv, ptxas, toolkit,
                       cuda_root, started, load_before, busy_before):
    kgpu_orig = args.kgpu_translate
    st = os.stat(kgpu_orig)
    kgpu_built = datetime.datetime.fromtimestamp(
        st.st_mtime, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    with open(kgpu_orig, "rb") as f:
        kgpu_sha = hashlib.sha256(f.read()).hexdigest()[:16]
    kgpu_version_text = kgpu_version(kgpu_orig)
    snapshot = None
    if not args.no_snapshot:
        # The binary links MLIR/LLVM dynamically from the system; the copy
        # finds them the same way. Checked by running it once.
        snapshot = os.path.join(outdir, "bin", "kgpu-translate")
        os.makedirs(os.path.dirname(snapshot), exist_ok=True)
        shutil.copy2(kgpu_orig, snapshot)
        if subprocess.run([snapshot, "--version"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            args.kgpu_translate = snapshot
        else:
            snapshot = None
    all_pairs = pairs + ([floor] if floor else [])
    remeasured, total_wait = [], [0.0]
    for idx, pair in enumerate(all_pairs):
        print("[%d/%d] %s" % (idx + 1, len(all_pairs), pair.name),
              file=sys.stderr, flush=True)
        for attempt in range(1 + args.retries):
            if args.wait_quiet > 0:
                waited = wait_for_quiet(args.wait_quiet)
                total_wait[0] += waited
            kptx, nptx = bench_pair(pair, args, kenv, nenv, outdir)
            if pair.error or not pair.busy or attempt == args.retries:
                break
            remeasured.append(pair.name)
            print("    disturbed by %s: measuring %s again" % (
                ", ".join(pair.busy), pair.name), file=sys.stderr, flush=True)
        if pair.error is None and not args.no_validate:
            validate(pair, ptxas, args.arch, kptx, nptx, outdir)
        if args.breakdown and pair.error is None:
            pair.phases = nvcc_phases(pair, args, nenv, outdir)
            pair.stages = kgpu_stages(pair, args, kenv, outdir)

    load_after = os.getloadavg()
    busy_after = busy_processes()
    finished = datetime.datetime.now(datetime.timezone.utc)

    # ---- Markdown
    L = []
    cmdline = " ".join(shlex.quote(a) for a in [sys.executable] + sys.argv)
    L.append("## kgpu-translate vs nvcc: PTX compile time per kernel")
    L.append("")
    L.append("* command: `%s`" % cmdline)
    L.append("* date: %s (UTC), %.0f s" % (started.strftime("%Y-%m-%d %H:%M:%S"),
                                           (finished - started).total_seconds()))
    L.append("* machine: %s, `nproc` = %s, %s, Linux %s" % (
        cpu_model(), nproc(), platform.machine(), platform.release()))
    L.append("* load average (1/5/15 min): before %.2f/%.2f/%.2f, after "
             "%.2f/%.2f/%.2f" % (load_before + load_after))
    L.append("* build/compiler processes seen: before: %s; after: %s" % (
        ", ".join(busy_before) or "none", ", ".join(busy_after) or "none"))
    L.append("* nvcc: `%s` (%s)" % (args.nvcc, nvcc_version(args.nvcc)))
    L.append("* kgpu-translate: `%s` (%s; binary built %s UTC, sha256 %s…%s)"
             % (kgpu_orig, kgpu_version_text, kgpu_built, kgpu_sha,
                "; run from a copy taken at start" if snapshot else ""))
    L.append("* CUDA_ROOT for kgpu-translate (libdevice): `%s`" % cuda_root)
    L.append("* kgpu: `kgpu-translate --emit=ptx --chip=%s K.kgc -o K.ptx`; "
             "nvcc: `nvcc -ptx -O3 -arch=%s K.cu -o K.ptx`" % (args.arch,
                                                                args.arch))
    L.append("* %d timed runs per compiler and kernel after %d warm-up, "
             "kgpu and nvcc alternating; wall-clock per process seen from the "
             "parent (process start-up included); ratio = kgpu median / nvcc "
             "median (goal <= %.1f)" % (args.runs, args.warmup, GOAL))
    if not args.no_validate:
        L.append("* validation (once, untimed): both PTX files assembled with "
                 "`%s -arch=%s`, and their `.entry` names must match" % (
                     ptxas, args.arch))
    L.append("")
    L.append("| kernel | kgpu min (ms) | kgpu median (ms) | nvcc min (ms) | "
             "nvcc median (ms) | **ratio (median)** | ratio (min) | "
             "kgpu CPU med (ms) | nvcc CPU med (ms) | ptxas |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|")
    ratios, cpu_ratios, min_ratios, failures = [], [], [], []

    def row(p, label):
        if p.busy:
            label += " †"
        if p.error and not p.k_wall:
            failures.append((label, p.error))
            L.append("| %s | — | — | — | — | failed | — | — | — | %s |" % (
                label, p.valid or "—"))
            return None
        km, nm = statistics.median(p.k_wall), statistics.median(p.n_wall)
        kc, nc = statistics.median(p.k_cpu), statistics.median(p.n_cpu)
        r = km / nm
        flag = "" if r <= GOAL else " ✗"
        if p.error:
            failures.append((label, p.error))
        L.append("| %s | %s | %s | %s | %s | %.3f%s | %.3f | %s | %s | %s |" % (
            label, ms(min(p.k_wall)), ms(km), ms(min(p.n_wall)), ms(nm), r,
            flag, min(p.k_wall) / min(p.n_wall), ms(kc), ms(nc),
            p.valid or "not run"))
        return (r, kc / nc if nc > 0 else float("nan"),
                min(p.k_wall) / min(p.n_wall))

    for p in pairs:
        rr = row(p, p.name)
        if rr:
            ratios.append(rr[0])
            cpu_ratios.append(rr[1])
            min_ratios.append(rr[2])
    if floor:
        row(floor, "*empty kernel (start-up floor)*")
    L.append("")
    busy_kernels = [p.name for p in all_pairs if p.busy]
    if busy_kernels:
        L.append("† other build/compiler processes (%s) were seen running "
                 "during this kernel's runs (sampled before each run pair): "
                 "%d of %d rows are affected." % (", ".join(sorted(set(
                     b for p in all_pairs for b in p.busy))),
                     len(busy_kernels), len(all_pairs)))
    else:
        L.append("No other build/compiler process was seen during any "
                 "kernel's runs (sampled before each run pair).")
    if args.wait_quiet > 0 or args.retries > 0:
        L.append("")
        L.append("Waited %.0f s in total for the machine to be quiet "
                 "(`--wait-quiet %g`); measured again after a disturbance "
                 "(`--retries %d`): %s." % (
                     total_wait[0], args.wait_quiet, args.retries,
                     ", ".join(remeasured) if remeasured else "none"))
    L.append("")
    if ratios:
        within = sum(1 for r in ratios if r <= GOAL)
        L.append("Kernels: %d; geometric mean of the median ratios: **%.3f** "
                 "(of the min ratios: %.3f; of the CPU-time median ratios: "
                 "%.3f); median ratios from %.3f to %.3f; %d of %d kernels at "
                 "or below %.1f (✗ marks the others)." % (
                     len(ratios), geomean(ratios), geomean(min_ratios),
                     geomean(cpu_ratios), min(ratios), max(ratios), within,
                     len(ratios), GOAL))
    if failures:
        L.append("")
        L.append("Failures:")
        for label, err in failures:
            L.append("* %s: %s" % (label, err.replace("\n", " ")))

    if args.breakdown:
        stage_names = ("mlir", "kgpu", "gpu", "llvm", "ptx")
        L.append("")
        L.append("### Where the time goes")
        L.append("")
        L.append("kgpu-translate stopping after each stage (median wall ms of "
                 "%d runs, cumulative: `--emit=mlir` = start-up + kgc parse + "
                 "import, `kgpu` = + canonicalize, `gpu` = + kgpu-to-gpu, "
                 "`llvm` = + NVVM/LLVM dialect, `ptx` = + LLVM IR, libdevice, "
                 "O3, NVPTX backend) and nvcc's phases (`nvcc --time`, one "
                 "run, ms):" % args.breakdown_runs)
        L.append("")
        phase_names = []
        for p in all_pairs:
            for k in getattr(p, "phases", {}) or {}:
                if k not in phase_names:
                    phase_names.append(k)
        bare = []
        for label, cmd in (("kgpu-translate --version",
                            [args.kgpu_translate, "--version"]),
                           ("nvcc --version", [args.nvcc, "--version"]),
                           ("ptxas --version", [ptxas or "ptxas", "--version"])):
            walls = []
            for _ in range(max(args.breakdown_runs, 5)):
                wall, _, rc, _ = timed(cmd, kenv)
                if rc == 0:
                    walls.append(wall)
            if walls:
                bare.append("`%s` %.1f ms" % (label,
                                              statistics.median(walls) * 1e3))
        if bare:
            L.append("Bare process start-up (median wall): " + ", ".join(bare)
                     + ".")
            L.append("")
        L.append("| kernel | " + " | ".join("kgpu →%s" % s for s in stage_names)
                 + " | " + " | ".join("nvcc: %s" % s for s in phase_names)
                 + " |")
        L.append("|---|" + "---:|" * (len(stage_names) + len(phase_names)))
        for p in all_pairs:
            st = getattr(p, "stages", None)
            ph = getattr(p, "phases", None)
            if st is None:
                continue
            cells = [("%.1f" % st[s]) if st.get(s) is not None else "—"
                     for s in stage_names]
            cells += [("%.1f" % ph[k]) if ph and k in ph else "—"
                      for k in phase_names]
            L.append("| %s | %s |" % (p.name if p is not floor else "nop (floor)",
                                      " | ".join(cells)))

    report = "\n".join(L) + "\n"
    sys.stdout.write(report)
    if args.output:
        with open(args.output, "w") as f:
            f.write(report)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
