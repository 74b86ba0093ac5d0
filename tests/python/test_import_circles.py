"""scripts/import-circles.py on small crates written here: it finds a circle through nested
use groups (`use crate::{a::{self, X}, b::Y}`), aliases and `super`, and none where the
imports go one way."""

import pathlib
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "import-circles.py"


def run(tmp_path, files):
    crate = tmp_path / "crate"
    for name, text in files.items():
        path = crate / "src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    done = subprocess.run([sys.executable, SCRIPT, crate], capture_output=True, text=True)
    return done.returncode, done.stdout


def test_a_circle_behind_a_nested_group_is_found(tmp_path):
    code, out = run(tmp_path, {
        "lib.rs": "mod a;\nmod b;\nmod c;\n",
        # The edge to `b` comes after a nested group, which a flat reading cut short.
        "a.rs": "use crate::{\n    c::{self, Z},\n    b::Y as Why,\n};\npub struct X;\n",
        "b.rs": "use crate::a::X;\npub struct Y;\n",
        "c.rs": "pub struct Z;\n",
    })
    assert code == 1, out
    assert "crate: a, b" in out


def test_one_way_imports_and_super_are_no_circle(tmp_path):
    code, out = run(tmp_path, {
        "lib.rs": "mod a;\nmod b;\n",
        "a/mod.rs": "mod inner;\nuse crate::b::{Y, self as bee};\n",
        "a/inner.rs": "use super::super::b::Y;\n",
        "b.rs": "pub struct Y;\n#[cfg(test)]\nmod tests {\n    use crate::a;\n}\n",
    })
    assert (code, out.strip()) == (0, "0 import circle(s)")


def test_super_back_to_the_parent_is_a_circle(tmp_path):
    code, out = run(tmp_path, {
        "lib.rs": "mod a;\n",
        "a/mod.rs": "mod inner;\nuse self::inner::I;\npub struct P;\n",
        "a/inner.rs": "use super::P;\npub struct I;\n",
    })
    # A child importing its parent is not counted (the parent holds the child): no circle.
    assert code == 0, out
