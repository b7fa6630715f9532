"""Pages of the whole site and how every response leaves the app: the examples list and the plain
charts (`views`), and `delivery`: strong ETags and 304s, gzip and brotli, cache lifetimes, and the
in-memory cache that renders a content-addressed page once."""

from .views import bp

__all__ = ["bp"]
