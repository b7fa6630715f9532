"""Stepping through a saved situation: the page (`views`), its view-model (`context`) built from the
trace's positions (`positions`), decisions that make new situations (`decide`), downloads
(`files`), and every line from a situation (`explore`, its view-model `explore_view`)."""
