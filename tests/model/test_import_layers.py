"""The package's imports go one way, downward through declared layers, and never in a circle.

Every import in ``specdec_desktop/`` counts, also those inside functions (a
lazy import is still a dependency); those under ``if TYPE_CHECKING:`` do not.
A module may import from its own layer or any layer below it, never above.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ..support.paths import PACKAGE

#: Layers, lowest first.  A module belongs to the layer of its longest listed prefix.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "base",
        (
            "specdec_desktop",
            "specdec_desktop.resources",
            "specdec_desktop.view_options",
            "specdec_desktop.plain_text",
            "specdec_desktop.licences",
            "specdec_desktop.startup_gc",
            "specdec_desktop.kept_answers",
        ),
    ),
    ("text", ("specdec_desktop.text",)),
    # What to install or set when Qt cannot start, said in the language of --lang (no Qt at import).
    ("start-up advice", ("specdec_desktop.qt_platform",)),
    # Opening, naming or writing a user's file says what is wrong with it in words (phrases), so
    # these stand on the text layer.
    (
        "user files",
        ("specdec_desktop.user_files", "specdec_desktop.file_names", "specdec_desktop.atomic_write"),
    ),
    ("model", ("specdec_desktop.model", "specdec_desktop.shortcuts")),
    ("wording", ("specdec_desktop.wording",)),
    ("files", ("specdec_desktop.scenario", "specdec_desktop.measured", "specdec_desktop.presets")),
    ("state", ("specdec_desktop.state",)),
    ("theme", ("specdec_desktop.theme", "specdec_desktop.app_icon", "specdec_desktop.first_paint")),
    ("views", ("specdec_desktop.views",)),
    ("export", ("specdec_desktop.export",)),
    ("launch options", ("specdec_desktop.launch",)),
    ("window services", ("specdec_desktop.window_services",)),
    ("app", ("specdec_desktop.app", "specdec_desktop.startup_probe")),
    ("tools", ("specdec_desktop.selftest", "specdec_desktop.robustness")),
    ("cli", ("specdec_desktop.cli", "specdec_desktop.__main__")),
    # Run by maintainers, imported by nothing the app runs: the catalogue extractor reads tables
    # kept in English elsewhere (shortcuts, parameters, assumptions); the compiler writes the
    # catalogues with the one atomic writer.
    ("developer tools", ("specdec_desktop.devtools",)),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports (the most specific module each import names)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.add(submodule if submodule in modules else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {target for target in found if target in modules and target != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _layer(module: str) -> int:
    best, best_length = None, -1
    for index, (_label, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            # The top package itself is a layer of its own; a prefix covers a package's modules.
            inside = module.startswith(prefix + ".") and prefix != "specdec_desktop"
            if (module == prefix or inside) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), plus self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def connect(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_every_module_has_a_layer() -> None:
    for module in _modules():
        _layer(module)


def test_no_import_goes_up_a_layer() -> None:
    upward = [
        f"{module} ({LAYERS[_layer(module)][0]}) imports {target} ({LAYERS[_layer(target)][0]})"
        for module, targets in _graph().items()
        for target in sorted(targets)
        if _layer(target) > _layer(module)
    ]
    assert not upward, "\n".join(upward)


def test_no_import_circles() -> None:
    circles = _cycles(_graph())
    assert not circles, "\n".join(" <-> ".join(group) for group in circles)


def test_the_check_sees_a_circle_and_an_upward_import() -> None:
    """The checks above would fail if a circle or an upward import came back."""
    assert _cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b"]]
    assert _layer("specdec_desktop.model.trace") < _layer("specdec_desktop.views.main_window")
    assert _layer("specdec_desktop.window_services.actions") > _layer("specdec_desktop.views.main_window")
    graph = _graph()
    assert "specdec_desktop.model.token_state" in graph["specdec_desktop.model.trace"]
    assert "specdec_desktop.app" in graph["specdec_desktop.cli"]  # lazy imports count


def test_the_command_line_is_imported_by_nobody() -> None:
    importers = sorted(module for module, targets in _graph().items() if "specdec_desktop.cli" in targets)
    assert importers == ["specdec_desktop.__main__"]


def test_the_developer_tools_are_imported_by_nothing_the_app_runs() -> None:
    """The text layer reads compiled catalogues; making them is a maintainer's job, kept apart."""
    graph = _graph()
    assert "specdec_desktop.devtools.extract" in graph  # the check still sees the tools
    importers = sorted(
        module
        for module, targets in graph.items()
        if not module.startswith("specdec_desktop.devtools")
        and any(target.startswith("specdec_desktop.devtools") for target in targets)
    )
    assert importers == []


def test_signals_are_named_one_way() -> None:
    """Every Qt signal is snake_case: ``theme_changed``, ``step_requested`` (not ``themeChanged``)."""
    import re

    declared = re.compile(r"^\s+(\w+) = Signal\(", re.M)
    names = [
        (path.name, name)
        for path in PACKAGE.rglob("*.py")
        for name in declared.findall(path.read_text(encoding="utf-8"))
    ]
    assert names, "no signals found: the pattern is out of date"
    assert [item for item in names if not re.fullmatch(r"_?[a-z]+(_[a-z]+)*", item[1])] == []


def test_the_code_cites_only_documents_it_ships() -> None:
    """Docstrings point at docs/ in the repository, not at documents outside it."""
    citing = [
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*.py")
        if any(name in path.read_text(encoding="utf-8") for name in ("CONTRACT.md", "SPEC.md"))
    ]
    assert citing == []
