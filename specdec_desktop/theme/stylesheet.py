"""The Qt style sheet, generated from a :class:`~.palette.Theme`.

Widgets carry object names or a ``role`` property and the sheet styles them;
no widget sets a colour or a font size itself.
"""

from __future__ import annotations

from .palette import Theme

__all__ = ["style_sheet"]


def style_sheet(theme: Theme, family: str) -> str:
    """The application style sheet for ``theme`` (already scaled for zoom)."""
    t = theme
    body = t.font_px
    small = max(8, round(body * t.small_scale))
    title = round(body * 1.5)
    heading = round(body * 1.1)
    radius = max(4, round(body * 0.55))
    pad = max(4, round(body * 0.6))
    handle = max(24, round(body * 1.3))  # click targets at least 24 x 24 px (WCAG 2.5.8)
    bar = max(24, round(body * 1.2))  # scroll bars are click targets too: at least 24 px
    caption = round(body * 1.35)
    focus = max(2, round(body * 0.15))
    return f"""
QWidget {{
    font-family: "{family}";
    font-size: {body}px;
    color: {t.text};
}}
QMainWindow, QWidget#centralWidget {{ background: {t.window}; }}
QToolTip {{ color: {t.text}; background: {t.surface}; border: 1px solid {t.border}; }}
QLabel[role="title"] {{ font-size: {title}px; font-weight: 700; }}
QLabel[role="subtitle"] {{ color: {t.text_muted}; }}
QLabel[role="heading"] {{ font-size: {heading}px; font-weight: 600; }}
QLabel[role="hint"] {{ color: {t.text_muted}; font-size: {small}px; }}
QLabel[role="error"] {{ color: {t.warning}; font-size: {small}px; font-weight: 600; }}
QLabel[role="formula"] {{ font-size: {heading}px; }}
QLabel[role="figure"] {{ font-size: {round(body * 1.45)}px; font-weight: 700; }}
QFrame[role="rule"] {{ color: {t.border}; }}
QFrame[role="panel"] {{
    background: {t.surface};
    border: 1px solid {t.border};
    border-radius: {radius}px;
}}
QFrame[role="panel"] QLabel {{ background: transparent; border: none; }}
QFrame[role="card"] {{
    background: {t.surface};
    border: 1px solid {t.border};
    border-left: {max(3, round(body * 0.35))}px solid {t.accent};
    border-radius: {radius}px;
}}
QFrame[role="card"] QLabel {{ background: transparent; border: none; }}
QFrame[role="card"] QLabel#title {{ color: {t.text_muted}; font-weight: 600; }}
QFrame[role="card"] QLabel#value {{ font-size: {t.card_value_px}px; font-weight: 700; }}
QFrame[role="card"] QLabel#value[words="true"] {{ font-size: {round(t.card_value_px * 0.62)}px; }}
QFrame[role="card"] QLabel#detail {{ color: {t.text_muted}; font-size: {small}px; }}
QSpinBox, QDoubleSpinBox {{
    background: {t.surface};
    color: {t.text};
    border: 1px solid {t.border};
    border-radius: 3px;
    min-height: {max(24, round(body * 1.7))}px;
    font-weight: 600;
}}
QSlider:horizontal {{ min-height: {handle + 6}px; }}
QSlider::groove:horizontal {{
    height: {max(6, round(body * 0.4))}px;
    background: {t.surface_alt};
    border: 1px solid {t.border};
    border-radius: {max(3, round(body * 0.2))}px;
}}
QSlider::sub-page:horizontal {{
    background: {t.accent};
    border: 1px solid {t.accent};
    border-radius: {max(3, round(body * 0.2))}px;
}}
QSlider::handle:horizontal {{
    background: {t.surface};
    border: 2px solid {t.accent};
    width: {handle}px;
    height: {handle}px;
    margin: -{(handle - max(6, round(body * 0.4))) // 2 + 2}px 0;
    border-radius: {handle // 2 + 2}px;
}}
QSlider::handle:horizontal:focus {{ background: {t.accent}; border: 3px solid {t.text}; }}
QTabWidget::pane {{ border: 1px solid {t.border}; background: {t.surface}; border-radius: {radius}px; }}
QTabBar::tab {{
    background: {t.surface_alt};
    color: {t.text_muted};
    padding: {pad // 2}px {pad}px;
    border: 1px solid {t.border};
    border-bottom: none;
    border-top-left-radius: {radius}px;
    border-top-right-radius: {radius}px;
    min-height: 24px;
}}
QTabBar::tab:selected {{ background: {t.surface}; color: {t.text}; font-weight: 600; }}
QTabBar::tab:focus {{ border: 2px solid {t.accent}; border-bottom: none; }}
QTextBrowser {{ background: {t.surface}; border: none; }}
QPushButton, QToolButton {{
    background: {t.surface_alt};
    border: 1px solid {t.border};
    border-radius: {max(3, radius // 2)}px;
    padding: {max(2, pad // 3)}px {pad}px;
    min-height: 24px;
    min-width: 24px;
}}
QPushButton:focus, QToolButton:focus {{ border: 2px solid {t.accent}; }}
QPushButton:checked, QToolButton:checked {{ background: {t.accent}; color: {t.accent_text}; }}
QStatusBar {{ color: {t.text_muted}; }}
QSplitter::handle {{ background: {t.window}; }}
QScrollArea#leftColumn, QScrollArea#leftColumn > QWidget > QWidget {{ background: transparent; }}
QAbstractSpinBox:focus {{ border: {focus}px solid {t.accent}; border-radius: 3px; }}
QAbstractSpinBox::up-button, QAbstractSpinBox::down-button {{ width: {max(24, round(body * 1.3))}px; }}
QFrame[role="card"]:focus {{
    border: {focus}px solid {t.accent};
    border-left: {max(3, round(body * 0.35))}px solid {t.accent};
}}
QTextBrowser:focus {{ border: {focus}px solid {t.accent}; }}
QMenuBar {{ background: {t.window}; color: {t.text}; }}
QMenuBar::item {{ padding: {max(4, pad // 2)}px {pad}px; background: transparent; }}
QMenuBar::item:selected {{ background: {t.accent}; color: {t.accent_text}; }}
QMenu {{ background: {t.surface}; color: {t.text}; border: 1px solid {t.border}; }}
QDialog, QMessageBox {{ background: {t.window}; }}
QMenu::item {{ padding: {max(4, pad // 2)}px {pad * 2}px {max(4, pad // 2)}px {pad}px; }}
QMenu::item:selected {{ background: {t.accent}; color: {t.accent_text}; }}
QMenu::item:disabled {{ color: {t.text_muted}; }}
QFrame#tourCaption {{
    background: {t.surface};
    border: {focus}px solid {t.accent};
    border-left: {max(6, round(body * 0.5))}px solid {t.accent};
    border-radius: {radius}px;
}}
QFrame#tourCaption QLabel {{ background: transparent; border: none; }}
QLabel[role="caption"] {{ font-size: {caption}px; font-weight: 600; }}
QLabel[role="sceneCounter"] {{ color: {t.accent}; font-weight: 700; }}
QWidget#helpOverlay QFrame#helpPanel {{ border: {focus}px solid {t.border}; }}
QWidget#helpOverlay QScrollArea,
QWidget#helpOverlay QScrollArea > QWidget > QWidget {{ background: {t.surface}; }}
QFrame[role="panel"] QLabel[role="key"] {{
    font-weight: 700;
    background: {t.surface_alt};
    border: 1px solid {t.border};
    border-radius: {max(3, radius // 2)}px;
    padding: 1px {max(4, pad // 2)}px;
}}
QScrollBar:vertical {{ width: {bar}px; background: {t.surface_alt}; margin: 0; border: none; }}
QScrollBar:horizontal {{ height: {bar}px; background: {t.surface_alt}; margin: 0; border: none; }}
QScrollBar::handle {{ background: {t.text_muted}; margin: 6px; border-radius: {bar // 2 - 6}px; }}
QScrollBar::handle:vertical {{ min-height: {2 * bar}px; }}
QScrollBar::handle:horizontal {{ min-width: {2 * bar}px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0; height: 0; border: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
"""
