"""The window fits its screen's available geometry (window_services/screen_fit.py), frame included."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

from specdec_desktop.window_services.screen_fit import fitted_geometry

LEAST = QSize(960, 600)


def test_a_window_larger_than_the_screen_shrinks_to_its_available_geometry():
    # 1600x1000 asked for, on a 1280x800 screen with a 30 px panel at the top; frame 1+1, 20+5.
    available = QRect(0, 30, 1280, 770)
    size, frame = fitted_geometry(QRect(0, 0, 1602, 1025), QSize(1600, 1000), available, None, LEAST)
    assert size == QSize(1278, 745)
    assert frame == QRect(0, 30, 1280, 770)
    assert available.contains(frame)


def test_before_the_frame_is_known_the_size_asked_for_is_capped_by_the_screen():
    size, frame = fitted_geometry(
        QRect(0, 0, 1600, 1000), QSize(1600, 1000), QRect(0, 0, 1024, 768), QSize(1600, 1000)
    )
    assert (size, frame) == (QSize(1024, 768), QRect(0, 0, 1024, 768))


def test_a_window_that_fits_stays_where_and_as_it_is():
    frame = QRect(100, 80, 1002, 625)
    size, fitted = fitted_geometry(frame, QSize(1000, 600), QRect(0, 0, 1920, 1080), None, LEAST)
    assert (size, fitted) == (QSize(1000, 600), frame)


def test_a_window_moved_off_a_screen_comes_back_onto_it():
    # Back from full screen on a second monitor at x = 1920 that was unplugged.
    size, frame = fitted_geometry(QRect(2100, 200, 1202, 825), QSize(1200, 800), QRect(0, 0, 1920, 1080))
    assert size == QSize(1200, 800)
    assert frame == QRect(718, 200, 1202, 825)


def test_the_size_asked_for_is_reached_again_only_when_asked():
    grown, _ = fitted_geometry(
        QRect(0, 0, 1000, 700), QSize(1000, 700), QRect(0, 0, 1920, 1080), QSize(1600, 1000)
    )
    kept, _ = fitted_geometry(QRect(0, 0, 1000, 700), QSize(1000, 700), QRect(0, 0, 1920, 1080))
    assert grown == QSize(1600, 1000) and kept == QSize(1000, 700)


def test_never_below_the_least_size_even_on_a_smaller_screen():
    size, frame = fitted_geometry(
        QRect(50, 50, 1000, 700), QSize(1000, 700), QRect(0, 0, 800, 600), None, LEAST
    )
    assert size == LEAST and frame.topLeft().x() == 0 and frame.topLeft().y() == 0
