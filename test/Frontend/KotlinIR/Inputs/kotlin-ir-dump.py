#!/usr/bin/env python3
"""Writes the Kotlin IR dump of one test .kt file, as kotlinc 2.4.21 writes it.

Usage: kotlin-ir-dump.py --cache DIR TEST.kt OUT.ir

kotlinc takes seconds per run, so all the .kt tests of TEST.kt's directory
are compiled in one run (each test file has its own package) and the dump
(-Xphases-to-dump-before=JvmUpgradeCallableReferences) is split per FILE:
OUT.ir is MODULE_FRAGMENT plus TEST.kt's FILE subtree, exactly as kotlinc
printed them. The result is cached under DIR by a hash of the inputs (a lock
keeps parallel lit workers to one kotlinc run).

kotlinc: the jars in $KGPU_KOTLINC_LIB, else kotlin-compiler-embeddable
2.4.21 and its dependencies in the local Maven repository (~/.m2, as
scripts/install-deps.sh fetches them). The API: $KGPU_KOTLIN_API_JAR (the
project's kotlin/ API jar), else Inputs/api-stub/Kernelin.kt compiled here.
"""
import argparse
import fcntl
import glob
import hashlib
import os
import shutil
import subprocess
import sys

VERSION = "2.4.21"
PHASE = "JvmUpgradeCallableReferences"


def kotlinc_jars():
    lib = os.environ.get("KGPU_KOTLINC_LIB")
    if lib:
        jars = sorted(glob.glob(os.path.join(lib, "*.jar")))
        if jars:
            return jars
    m2 = os.path.expanduser("~/.m2/repository")
    wanted = [
        "org/jetbrains/kotlin/kotlin-compiler-embeddable/%s/*.jar" % VERSION,
        "org/jetbrains/kotlin/kotlin-stdlib/%s/kotlin-stdlib-%s.jar" % (VERSION, VERSION),
        "org/jetbrains/kotlin/kotlin-script-runtime/%s/*.jar" % VERSION,
        "org/jetbrains/kotlin/kotlin-daemon-embeddable/%s/*.jar" % VERSION,
        "org/jetbrains/kotlin/kotlin-build-tools-api/%s/*.jar" % VERSION,
        "org/jetbrains/kotlin/kotlin-reflect/1.6.10/*.jar",
        "org/jetbrains/kotlinx/kotlinx-coroutines-core-jvm/*/*.jar",
        "org/jetbrains/annotations/13.0/*.jar",
    ]
    jars = []
    for pattern in wanted:
        found = sorted(glob.glob(os.path.join(m2, pattern)))
        if not found:
            return None
        jars.append(found[-1])
    return jars


def stdlib(jars):
    for jar in jars:
        if os.path.basename(jar) == "kotlin-stdlib-%s.jar" % VERSION:
            return jar
    sys.exit("kotlin-ir-dump: no kotlin-stdlib-%s.jar among %s" % (VERSION, jars))


def kotlinc(jars, args):
    cmd = ["java", "-cp", ":".join(jars),
           "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
           "-no-stdlib", "-no-reflect"] + args
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    if result.returncode != 0:
        sys.exit("kotlin-ir-dump: kotlinc failed:\n" + result.stdout)


def split_dump(text):
    """{absolute .kt path: the dump of MODULE_FRAGMENT + that FILE}."""
    header, files, current = [], {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith("  FILE "):
            path = line.split("fileName:", 1)[1].strip()
            current = files.setdefault(path, list(header))
            current.append(line)
        elif current is None:
            header.append(line)
        else:
            current.append(line)
    return {path: "".join(lines) for path, lines in files.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", required=True)
    parser.add_argument("test")
    parser.add_argument("out")
    args = parser.parse_args()

    jars = kotlinc_jars()
    if not jars:
        sys.exit("kotlin-ir-dump: kotlinc %s not found (set KGPU_KOTLINC_LIB or "
                 "run scripts/install-deps.sh)" % VERSION)
    test = os.path.abspath(args.test)
    here = os.path.dirname(os.path.abspath(__file__))
    sources = sorted(glob.glob(os.path.join(os.path.dirname(test), "*.kt")))
    api_jar = os.environ.get("KGPU_KOTLIN_API_JAR")
    stub = os.path.join(here, "api-stub", "Kernelin.kt")

    digest = hashlib.sha256()
    for path in sources + ([api_jar] if api_jar else [stub]):
        digest.update(path.encode())
        with open(path, "rb") as f:
            digest.update(f.read())
    key = digest.hexdigest()[:16]
    cache = os.path.join(os.path.abspath(args.cache), key)
    os.makedirs(args.cache, exist_ok=True)
    with open(os.path.join(args.cache, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(os.path.join(cache, "done")):
            work = cache + ".tmp"
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            if not api_jar:
                kotlinc(jars, ["-cp", stdlib(jars), "-d",
                               os.path.join(work, "api"), stub])
                api_cp = os.path.join(work, "api")
            else:
                api_cp = api_jar
            kotlinc(jars, ["-cp", stdlib(jars) + ":" + api_cp, "-d",
                           os.path.join(work, "classes"),
                           "-Xphases-to-dump-before=" + PHASE,
                           "-Xdump-directory=" + os.path.join(work, "ir")]
                    + sources)
            dumps = glob.glob(os.path.join(work, "ir", "main", "*" + PHASE + ".ir"))
            if len(dumps) != 1:
                sys.exit("kotlin-ir-dump: expected one dump, found %s" % dumps)
            with open(dumps[0]) as f:
                parts = split_dump(f.read())
            for path, text in parts.items():
                name = os.path.basename(path)[:-3] + ".ir"
                with open(os.path.join(work, name), "w") as f:
                    f.write(text)
            open(os.path.join(work, "done"), "w").close()
            shutil.rmtree(cache, ignore_errors=True)
            os.rename(work, cache)
    name = os.path.basename(test)[:-3] + ".ir"
    source = os.path.join(cache, name)
    if not os.path.exists(source):
        sys.exit("kotlin-ir-dump: kotlinc wrote no FILE for " + test)
    shutil.copyfile(source, args.out)


if __name__ == "__main__":
    main()
