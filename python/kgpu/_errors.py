"""The exceptions of the kgpu package."""

from __future__ import annotations

from typing import List, NamedTuple


class KgpuError(Exception):
    """A failure reported by libkgpu_runtime or libkgpu_compiler.

    ``message`` is the library's message, ``status`` the status name
    (``"KGPU_ERROR_LAUNCH_CONFIG"``, ``"KGPUC_ERROR_IO"``...), ``code`` its
    number. The interpreter never dies of a runtime failure: each one is a
    KgpuError.
    """

    def __init__(self, message: str, status: str = "", code: int = 0):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code

    def __str__(self) -> str:
        return self.message


class ArgumentError(KgpuError, TypeError, ValueError):
    """A launch argument that does not match the kernel's manifest: wrong
    count, type, dtype, size, a read-only array for an output, an unknown
    name. The message names the parameter (``parameter``)."""

    def __init__(self, message: str, parameter: str | None = None):
        KgpuError.__init__(self, message, "KGPU_ERROR_ARGUMENT_MISMATCH", 6)
        self.parameter = parameter


class Diagnostic(NamedTuple):
    """One compiler diagnostic; ``file`` is "" and ``line``/``column`` 0
    when it has no source location."""

    file: str
    line: int
    column: int
    severity: str  # "error", "warning", "note", "remark"
    message: str

    def __str__(self) -> str:
        if self.file:
            return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"
        return f"{self.severity}: {self.message}"


class CompileError(KgpuError):
    """A compilation that failed. ``diagnostics`` holds the structured
    diagnostics (file, line, column, severity, message), ``text`` the
    rendered text kgpu-translate prints (with source lines and carets)."""

    def __init__(self, message: str, diagnostics: List[Diagnostic], text: str,
                 status: str = "KGPUC_ERROR_COMPILATION", code: int = 3):
        super().__init__(message, status, code)
        self.diagnostics = diagnostics
        self.text = text

    def __str__(self) -> str:
        return self.text.rstrip("\n") if self.text else self.message


for _cls in (KgpuError, ArgumentError, Diagnostic, CompileError):
    _cls.__module__ = "kgpu"
