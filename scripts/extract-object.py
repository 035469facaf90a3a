#!/usr/bin/env python3
"""Prints (or writes) the payloads of the gpu.binary ops in MLIR text.

`gpu-module-to-binary` embeds each object (PTX, cubin, fatbin, SPIR-V) as an
escaped MLIR string attribute; no upstream command writes it out. Usage:

  extract-object.py IN.mlir|-            print every text payload to stdout
  extract-object.py IN.mlir|- -o PREFIX  write PREFIX.<binary>.<n>.bin files
"""
import argparse
import re
import sys


def read_string(text, pos):
    """Decodes the MLIR string literal starting at text[pos] == '"'."""
    out = bytearray()
    i = pos + 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return bytes(out), i + 1
        if c == "\\":
            nxt = text[i + 1]
            if nxt == "\\":
                out.append(0x5C)
                i += 2
                continue
            if nxt in "nt\"":
                out.append({"n": 10, "t": 9, '"': 34}[nxt])
                i += 2
                continue
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
            continue
        out.extend(c.encode("utf-8"))
        i += 1
    raise ValueError("unterminated string literal")


def objects(text):
    """Yields (binary name, index, payload bytes)."""
    for binary in re.finditer(r"gpu\.binary\s+@([\w$.]+)", text):
        name = binary.group(1)
        end = text.find("gpu.binary", binary.end())
        end = len(text) if end < 0 else end
        index = 0
        for obj in re.finditer(r"#gpu\.object<", text[binary.end():end]):
            pos = binary.end() + obj.end()
            depth, longest = 1, b""
            while pos < end and depth > 0:
                c = text[pos]
                if c == '"':
                    payload, pos = read_string(text, pos)
                    if len(payload) > len(longest):
                        longest = payload
                    continue
                depth += {"<": 1, ">": -1}.get(c, 0)
                pos += 1
            yield name, index, longest
            index += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("-o", "--prefix")
    args = parser.parse_args()
    text = sys.stdin.read() if args.input == "-" else open(args.input).read()
    found = False
    for name, index, payload in objects(text):
        found = True
        if args.prefix:
            path = f"{args.prefix}.{name}.{index}.bin"
            with open(path, "wb") as f:
                f.write(payload)
            print(path)
        else:
            sys.stdout.write(payload.decode("utf-8", "replace"))
    if not found:
        print("extract-object: no gpu.binary with objects in the input",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
