#!/bin/sh
# Install SpecDec Desktop from this unpacked archive: the app, a launcher in the menu, and its icon.
#
#   ./install.sh                        for you alone, under ~/.local (no root needed)
#   sudo PREFIX=/usr/local ./install.sh  for everyone on this machine
#   ./install.sh --uninstall            remove it again (same PREFIX)
#
# The app itself needs no installing: ./specdec-desktop runs from this folder as it is.
set -eu

PREFIX=${PREFIX:-"$HOME/.local"}
HERE=$(cd "$(dirname "$0")" && pwd)
APPDIR="$PREFIX/lib/specdec-desktop"
BIN="$PREFIX/bin/specdec-desktop"
DESKTOP="$PREFIX/share/applications/specdec-desktop.desktop"
ICONS="$PREFIX/share/icons/hicolor"
METAINFO="$PREFIX/share/metainfo/org.specdec.desktop.metainfo.xml"
SIZES="16 24 32 48 64 128 256 512"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$PREFIX/share/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$ICONS" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APPDIR"
    rm -f "$BIN" "$DESKTOP" "$METAINFO" "$ICONS/scalable/apps/specdec-desktop.svg"
    for size in $SIZES; do rm -f "$ICONS/${size}x${size}/apps/specdec-desktop.png"; done
    refresh
    echo "SpecDec Desktop removed from $PREFIX"
    exit 0
elif [ -n "${1:-}" ]; then
    echo "install.sh: error: unknown option $1 (use --uninstall or nothing)" >&2
    exit 2
fi

if [ ! -x "$HERE/specdec-desktop" ] || [ ! -d "$HERE/_internal" ]; then
    echo "install.sh: error: run me from the unpacked specdec-desktop folder" >&2
    exit 1
fi

rm -rf "$APPDIR"
mkdir -p "$APPDIR" "$PREFIX/bin" "$PREFIX/share/applications" "$ICONS/scalable/apps"
cp -R "$HERE/specdec-desktop" "$HERE/_internal" "$APPDIR/"
ln -sf "$APPDIR/specdec-desktop" "$BIN"

RES="$APPDIR/_internal/resources/icons"
for size in $SIZES; do
    mkdir -p "$ICONS/${size}x${size}/apps"
    cp "$RES/specdec-desktop-$size.png" "$ICONS/${size}x${size}/apps/specdec-desktop.png"
done
cp "$RES/specdec-desktop.svg" "$ICONS/scalable/apps/specdec-desktop.svg"

# Point the menu entry at this installation, wherever PREFIX is.
sed -e "s|^Exec=.*|Exec=\"$APPDIR/specdec-desktop\"|" \
    -e "s|^TryExec=.*|TryExec=$APPDIR/specdec-desktop|" \
    "$HERE/specdec-desktop.desktop" > "$DESKTOP"
chmod 644 "$DESKTOP"
# What software centres show about the app (AppStream).
if [ -f "$HERE/org.specdec.desktop.metainfo.xml" ]; then
    mkdir -p "$PREFIX/share/metainfo"
    cp "$HERE/org.specdec.desktop.metainfo.xml" "$METAINFO"
    chmod 644 "$METAINFO"
fi
refresh

echo "SpecDec Desktop installed in $APPDIR"
echo "  menu entry: $DESKTOP"
echo "  command:    $BIN"
