"""Statistics and meta-evaluation over results tables (SPEC §10)."""
