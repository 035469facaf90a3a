"""The package's surface: every public name is typed in the stubs and
documented."""

import ast
import os

import kgpu


def test_stubs_cover_the_public_api():
    stub = os.path.join(os.path.dirname(kgpu.__file__), "__init__.pyi")
    tree = ast.parse(open(stub).read())
    typed = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    typed |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
              if isinstance(t, ast.Name)}
    missing = [name for name in kgpu.__all__ if name not in typed]
    assert not missing, f"not in __init__.pyi: {missing}"
    assert os.path.exists(os.path.join(os.path.dirname(kgpu.__file__), "py.typed"))


def test_docstrings():
    undocumented = [name for name in kgpu.__all__
                    if not (getattr(kgpu, name).__doc__ or "").strip()]
    assert not undocumented, undocumented
