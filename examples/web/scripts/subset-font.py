#!/usr/bin/env python3
"""Cuts Noto Sans CJK SC (SIL Open Font License 1.1) down to the Chinese characters the page's
texts use (page-chars.mjs) as static/noto-sans-sc-subset.woff2, which the server embeds and only
the Chinese page loads, and draws the English page's "中文" button from the same font as
static/zh-label.svg (so the English page needs no Chinese font). Run it again whenever a text
gains a character: a test fails until then.

Needs node, fontTools with brotli (`pip install fonttools brotli`) and the font: the path given,
else Debian's fonts-noto-cjk (`apt-get install fonts-noto-cjk`, or without installing it,
`apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb DIR`).
"""

import subprocess
import sys
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
STATIC = HERE.parent / "static"
FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# The collection's third face is the simplified Chinese one.
SC = 2
LABEL = "中文"
# The colour of the top bar's text (style.css).
LABEL_FILL = "#f0ede6"


def subset(path, characters):
    """Writes the subset: horizontal text needs no hinting, layout features or vertical
    metrics, which would triple the file."""
    font = TTFont(path, fontNumber=SC)
    options = Options(hinting=False, desubroutinize=True, layout_features=[], layout_closure=False, flavor="woff2")
    options.drop_tables += ["vhea", "vmtx", "VORG"]
    subsetter = Subsetter(options)
    subsetter.populate(text=characters)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(STATIC / "noto-sans-sc-subset.woff2")


def label(path):
    """Writes LABEL's outlines as an SVG image one em high."""
    font = TTFont(path, fontNumber=SC)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    units = font["head"].unitsPerEm
    ascent, descent = font["OS/2"].sTypoAscender, font["OS/2"].sTypoDescender
    paths, x = [], 0
    for character in LABEL:
        name = cmap[ord(character)]
        pen = SVGPathPen(glyphs)
        glyphs[name].draw(pen)
        paths.append(f'<path transform="translate({x} 0)" d="{pen.getCommands()}"/>')
        x += glyphs[name].width
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-ascent} {x} {ascent - descent}" '
        f'width="{x / units}em" height="{(ascent - descent) / units}em">'
        f'<g fill="{LABEL_FILL}" transform="scale(1 -1)">{"".join(paths)}</g></svg>\n'
    )
    (STATIC / "zh-label.svg").write_text(svg, encoding="utf-8")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else FONT
    characters = subprocess.run(["node", HERE / "page-chars.mjs"], check=True, capture_output=True, text=True).stdout
    subset(path, characters.strip())
    label(path)
    for name in ["noto-sans-sc-subset.woff2", "zh-label.svg"]:
        print(name, (STATIC / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
