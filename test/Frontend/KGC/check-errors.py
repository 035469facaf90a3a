#!/usr/bin/env python3
"""Runs kgpu-translate on every errors/*.kgc file and checks that it exits
with status 1 and prints exactly the diagnostic of the file's first line,
`// EXPECT: L:C: error: message`, as `<file>:L:C: error: message`, followed
by the source line and a caret."""
import os
import subprocess
import sys


def main():
    translate, directory = sys.argv[1], sys.argv[2]
    failures = 0
    count = 0
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".kgc"):
            continue
        count += 1
        path = os.path.join(directory, name)
        with open(path, "rb") as f:
            first = f.readline().decode("utf-8", "replace").strip()
        if not first.startswith("// EXPECT: "):
            print("error: %s has no EXPECT line" % name)
            failures += 1
            continue
        expected = path + ":" + first[len("// EXPECT: "):]
        p = subprocess.run([translate, path, "--emit=mlir"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        lines = p.stderr.decode("utf-8", "replace").splitlines()
        if p.returncode != 1:
            print("error: %s: exit status %d, expected 1" % (name,
                                                            p.returncode))
            failures += 1
        elif expected not in lines:
            print("error: %s: expected\n  %s\ngot\n  %s" %
                  (name, expected, "\n  ".join(lines[:3])))
            failures += 1
        else:
            i = lines.index(expected)
            # SourceMgr prints no caret under a line that is not ASCII.
            source_is_ascii = i + 1 < len(lines) and lines[i + 1].isascii()
            if source_is_ascii and (i + 2 >= len(lines) or
                                    "^" not in lines[i + 2]):
                print("error: %s: no source line and caret after the "
                      "diagnostic" % name)
                failures += 1
    print("checked %d rejected constructs, %d failures" % (count, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
