"""The speedup chart, in one place: the plot (:mod:`.speedup_chart`), its axes that keep what
they drew (:mod:`.axis`), its grid (:mod:`.grid`) and the one rule that places its labels
(:mod:`.labels`, plain numpy so it is tested on its own).

Importing :mod:`.speedup_chart` imports pyqtgraph, the slowest import of the app; this package's
front module does not, so the window can paint before the chart is built.
"""
