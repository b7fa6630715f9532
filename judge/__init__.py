"""A rules judge for the run timing of Android: Netrunner."""

__version__ = "0.1.0"
