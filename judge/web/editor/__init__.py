"""Entering a situation: the form (`form`, built into a scenario by `build`, filled from one by
`fill`, effect fields in `effects`, select choices in `vocab`) and the YAML editor (`views`)."""
