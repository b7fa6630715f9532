"""What a library of scenarios says as a whole: expectations checked (`check`), rule sets compared
(`compare`), the timing graph's coverage (`coverage`).

It may import `judge.engine`, `judge.scenario`, `judge.rulesets`, `judge.errors` and `judge.i18n`;
the pages and the command line use it.
"""
