"""Walk an application's tree on the accessibility bus, as a screen reader does (not a test module).

Run by tests/app/test_atspi.py with the system's python3, which has Debian's python3-pyatspi:
``python3 atspi_walk.py NAME`` prints one JSON list of every focusable, showing node (name, role,
value where it has one).
"""

import json
import sys
import time

import pyatspi  # Debian: python3-pyatspi (system Python only)


def find_app(name_part, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and name_part.lower() in (app.name or "").lower():
                return app
        time.sleep(0.5)
    return None


def walk_all(app):
    out = []

    def walk(node, depth=0):
        if node is None or depth > 60:
            return
        try:
            states = node.getState()
            focusable = states.contains(pyatspi.STATE_FOCUSABLE)
            showing = states.contains(pyatspi.STATE_SHOWING)
            role = node.getRoleName()
            if focusable and showing:
                value = None
                try:
                    value = node.queryValue().currentValue
                except NotImplementedError:
                    pass
                out.append({"name": node.name, "role": role, "value": value})
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i), depth + 1)
        except Exception as error:  # a node gone while walking: report it, the test decides
            out.append({"error": repr(error)})

    walk(app)
    return out


app = find_app(sys.argv[1])
if app is None:
    print(json.dumps({"error": "app not on the bus"}))
    sys.exit(0)
# The window may still be building when it joins the bus: walk until two walks agree.
previous, nodes, deadline = None, [], time.time() + 60
while time.time() < deadline:
    nodes = walk_all(app)
    if previous is not None and len(nodes) == len(previous) and len(nodes) > 30:
        break
    previous = nodes
    time.sleep(2)
print(json.dumps(nodes))
