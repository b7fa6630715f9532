"""Charts for print: a documentation chart cut into pages of a sheet (`paper.paginated`), each page
drawn by Graphviz; a PDF of all its pages, each page exactly the sheet with the drawing centred;
PNG pages at a chosen resolution (300 dpi for print)."""

from __future__ import annotations

import io

from .dot import to_dot
from .errors import ChartError
from .graphviz import run_dot
from .model import Chart
from .paper import Paper, natural_size, paginated
from .settings import PAPER_LOOK, Look

__all__ = ["Printed", "printed", "DPI_PRINT"]

DPI_PRINT = 300


class Printed:
    """A chart's pages on a sheet, as DOT texts, and the smallest text on them in points."""

    def __init__(self, dots: list[str], paper: Paper, smallest_pt: float) -> None:
        self.dots, self.paper, self.smallest_pt = dots, paper, smallest_pt

    def pdf(self) -> bytes:
        """One PDF: a page a sheet, the drawing centred on it."""
        from pypdf import (  # only when printing: a run's start skips it
            PageObject,
            PdfReader,
            PdfWriter,
            Transformation,
        )
        w, h = (x * 72 for x in self.paper.size)
        out = PdfWriter()
        for dot in self.dots:
            src = PdfReader(io.BytesIO(run_dot(dot, "pdf"))).pages[0]
            sw, sh = float(src.mediabox.width), float(src.mediabox.height)
            page = PageObject.create_blank_page(width=w, height=h)
            page.merge_transformed_page(src, Transformation().translate((w - sw) / 2, (h - sh) / 2))
            out.add_page(page)
        buf = io.BytesIO()
        out.write(buf)
        return buf.getvalue()

    def pages(self, fmt: str, dpi: int | None = None) -> list[bytes]:
        """Each page as a file: svg, png (at `dpi`) or pdf."""
        if fmt not in ("svg", "png", "pdf"):
            raise ChartError("paper_format", fmt=fmt)
        from . import render
        return [render(dot, fmt, dpi) for dot in self.dots]


def printed(chart: Chart, paper: Paper, look: Look = PAPER_LOOK) -> Printed:
    """A documentation chart laid out for a sheet: as few pages as keep its text readable."""
    charts, pt = paginated(chart, paper, lambda c: natural_size(run_dot(to_dot(c, look), "svg")), look)
    return Printed([to_dot(c, look) for c in charts], paper, pt)
