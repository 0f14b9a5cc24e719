"""Reading cryptoauthlib's own test suite output (Unity, verbose) from firmware/atcatest/.

The image prints `=== cryptoauthlib tests: <phase>`, one `TEST(group, name) ...` line per test
(PASS, or `...::FAIL: why` / `...::IGNORE: why`), Unity's summary, and one `@atcatest {json}` line
per phase. Tests the suite ignores (not for an ATECC508A, or not in this lock phase) are Unity's
own decision, counted apart.

MODEL_GAPS lists the tests that fail today because the ATECC508A model lacks what they use, each
with what is missing (peripherals/docs/Microchip_ATECC508A.md, "cryptoauthlib's test suite"). The
suite passes only when the failing tests are exactly these: a new failure fails it, and so does a
listed test that starts to pass (the list must shrink with the model's gaps).
"""
from __future__ import annotations

import json
import re

TEST_LINE = re.compile(r"^TEST\((\w+), (\w+)\)(.*)$")

# (phase, test) -> what the model lacks. Empty: every test the suite runs on an ATECC508A passes.
# The last entries were write_zone in the config-unlocked and data-locked phases: it follows
# write_enc_data_unlock, which the suite ignores there, and Unity aborts an ignored test's
# teardown at its first assertion, after atcab_wakeup and before atcab_sleep, so the device is
# left awake. write_zone's teardown then sends a wake token to an awake device, which ignores it
# and keeps its watchdog running; its 4-byte read gets the wake status still in the I/O buffer
# (the buffer's address counter back at the start of the response, ASSUMED in the model: see
# peripherals/docs/Microchip_ATECC508A.md, "Watchdog and wake").
MODEL_GAPS: dict[tuple[str, str], str] = {}

PHASES = ["config-unlocked", "data-unlocked", "data-locked", "helpers"]


def parse_results(lines: list[str]) -> dict[str, dict[str, list[str]]]:
    """phase -> {"PASS": [...], "FAIL": [...], "IGNORE": [...]} of test names."""
    results: dict[str, dict[str, list[str]]] = {}
    phase = None
    for raw in lines:
        line = raw.strip()
        if line.startswith("=== cryptoauthlib tests: "):
            phase = line.split(": ", 1)[1]
            results[phase] = {"PASS": [], "FAIL": [], "IGNORE": []}
            continue
        match = TEST_LINE.match(line)
        if match is None or phase is None:
            continue
        rest = match.group(3)
        verdict = "PASS" if rest.strip() == "PASS" else "FAIL" if "::FAIL" in rest else \
            "IGNORE" if "::IGNORE" in rest else None
        if verdict is None:
            raise AssertionError(f"unreadable test line: {line}")
        results[phase][verdict].append(match.group(2))
    return results


def phase_reports(lines: list[str]) -> list[dict]:
    return [json.loads(line.strip()[len("@atcatest "):]) for line in lines
            if line.strip().startswith("@atcatest {")]


def suite_summary(lines: list[str]) -> str:
    """A line per phase (passed/failed/ignored); raises AssertionError unless every phase ran,
    every lock succeeded, and the failures are exactly MODEL_GAPS."""
    results = parse_results(lines)
    problems = []
    for report in phase_reports(lines):
        if report["phase"].startswith("lock-") and report["status"] != 0:
            problems.append(f"{report['phase']} failed with status {report['status']}")
    summary = []
    for phase in PHASES:
        if phase not in results:
            problems.append(f"phase {phase} did not run")
            continue
        verdicts = results[phase]
        summary.append(f"{phase}: {len(verdicts['PASS'])} passed, {len(verdicts['FAIL'])} failed "
                       f"({len([t for t in verdicts['FAIL'] if (phase, t) in MODEL_GAPS])} listed "
                       f"model gaps), {len(verdicts['IGNORE'])} ignored by the suite")
        for test in verdicts["FAIL"]:
            if (phase, test) not in MODEL_GAPS:
                problems.append(f"{phase}: {test} failed and is not a listed model gap")
        for (gap_phase, test), missing in MODEL_GAPS.items():
            if gap_phase == phase and test in verdicts["PASS"]:
                problems.append(f"{phase}: {test} passes now ({missing}): remove it from MODEL_GAPS")
    text = "\n".join(summary)
    if problems:
        raise AssertionError(text + "\n" + "\n".join(problems))
    return text
