#!/usr/bin/env python3
"""Summarise a renode-test result file and fail when no test ran.

renode-test reports success when it ran zero suites (a folder argument matches nothing), so
`make test` must not trust its exit status alone.
"""
from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path


def count_tests(output_xml: Path) -> tuple[Counter, list[str], list[str]]:
    """Status counts of the test cases in a Robot Framework output.xml, failed test names, and
    skipped tests with the reason each gave."""
    root = ElementTree.parse(output_xml).getroot()
    counts: Counter = Counter()
    failed = []
    skipped = []
    for test in root.iter("test"):
        status = test.find("status")
        state = status.get("status", "FAIL") if status is not None else "FAIL"
        counts[state] += 1
        if state == "FAIL":
            failed.append(test.get("name", "?"))
        elif state == "SKIP":
            reason = (status.text or "").strip() if status is not None else ""
            skipped.append(f"{test.get('name', '?')}: {reason}")
    return counts, failed, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, nargs="+", help="robot output XML file(s)")
    args = parser.parse_args(argv)
    total: Counter = Counter()
    failed: list[str] = []
    skipped: list[str] = []
    for path in args.results:
        if not path.exists():
            print(f"robot summary: {path} does not exist (did renode-test run?)", file=sys.stderr)
            return 1
        counts, names, skips = count_tests(path)
        total.update(counts)
        failed += names
        skipped += skips
    ran = sum(total.values())
    print(f"robot: {ran} tests ran: {total['PASS']} passed, {total['FAIL']} failed, "
          f"{total['SKIP']} skipped")
    for name in failed:
        print(f"robot: FAILED {name}")
    for name in skipped:
        print(f"robot: SKIPPED {name}")
    if ran == 0:
        print("robot: error: zero tests ran", file=sys.stderr)
        return 1
    return 0 if total["FAIL"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
