#!/usr/bin/env python3
"""Import circles between the modules of each crate: prints every group of modules that
import each other, directly or through others (a strongly connected component of the graph
of `use crate::...`, `use super::...` and `crate::x::` paths), and exits 1 when there is one.

A module is a file (`src/a/b.rs` and `src/a/b/mod.rs` are `a::b`); an import of `crate::a::b::C`
counts as an edge to the deepest module of the path that exists. Inline `mod tests` blocks and
doc comments are left out: a test importing its parent is no circle.

Usage: scripts/import-circles.py [CRATE_DIR ...]   (default: every crates/*)
"""

import pathlib
import re
import sys

USE = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
GROUP_START = re.compile(r"\b(crate|super|self)((?:::\w+)*)::\{")


def modules(src: pathlib.Path) -> dict:
    """Module path (tuple) -> file, for every .rs file under src."""
    out = {}
    for path in src.rglob("*.rs"):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "mod" or (len(parts) == 1 and parts[0] in ("lib", "main")):
            parts = parts[:-1]
        out[tuple(parts)] = path
    return out


def code_of(path: pathlib.Path) -> str:
    """The file's code without comments and without its `#[cfg(test)] mod tests { ... }`."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"//[^\n]*", "", text)
    cut = re.search(r"#\[cfg\(test\)\]\s*mod \w+\s*\{", text)
    return text[: cut.start()] if cut else text


def resolve(here: tuple, head: str, rest: list, known: dict) -> tuple:
    """The deepest known module named by a path starting at `head` in module `here`."""
    base = {"crate": (), "self": here}.get(head)
    if head == "super":
        # `super` of a file module is its parent; of a mod.rs, the directory's parent.
        base = here[:-1]
    path = list(base) if base is not None else []
    best = tuple(path)
    for part in rest:
        if part == "super":
            path = path[:-1]
        else:
            path.append(part)
        if tuple(path) in known:
            best = tuple(path)
    return best


def braced(code: str, at: int) -> str:
    """What the `{` at `at` and its matching `}` enclose."""
    depth = 0
    for i in range(at, len(code)):
        depth += {"{": 1, "}": -1}.get(code[i], 0)
        if depth == 0:
            return code[at + 1 : i]
    return code[at + 1 :]


def use_paths(prefix: list, inner: str) -> list:
    """The paths of a use group's items (`a::b`, `c::{self, d}`, `e as f`), nested groups
    included, each after `prefix`."""
    items, depth, item = [], 0, ""
    for ch in inner + ",":
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(item.strip())
            item = ""
        else:
            item += ch
    out = []
    for item in filter(None, items):
        if "{" in item:
            head, rest = item.split("{", 1)
            parts = [p.strip() for p in head.split("::") if p.strip()]
            out.extend(use_paths(prefix + parts, rest[: rest.rindex("}")]))
        else:
            path = re.split(r"\s+as\s+", item)[0]
            out.append(prefix + [p.strip() for p in path.split("::") if p.strip()])
    return out


def edges(known: dict) -> dict:
    graph = {m: set() for m in known}
    for module, path in known.items():
        code = code_of(path)
        found = []
        for start in GROUP_START.finditer(code):
            head, tail = start.group(1), start.group(2)
            inner = braced(code, start.end() - 1)
            for path in use_paths([p for p in tail.split("::") if p], inner):
                found.append((head, path))
        for head, tail in USE.findall(code):
            found.append((head, [p for p in tail.split("::") if p]))
        for head, rest in found:
            target = resolve(module, head, rest, known)
            if target != module and target in known and not module[: len(target)] == target:
                graph[module].add(target)
    return graph


def circles(graph: dict) -> list:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def main() -> int:
    crates = [pathlib.Path(a) for a in sys.argv[1:]] or sorted(pathlib.Path("crates").glob("*"))
    found = 0
    for crate in crates:
        src = crate / "src"
        if not src.is_dir():
            continue
        for group in circles(edges(modules(src))):
            found += 1
            names = ", ".join("::".join(m) or "(root)" for m in group)
            print(f"{crate.name}: {names}")
    print(f"{found} import circle(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
