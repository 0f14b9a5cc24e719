"""Lab 4 (docs/labs/4-secure-element.md): the student's I2C-level suite, firmware run and bus sweep."""
from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ElementTree

import pytest
from conftest import TOP, done_steps, results

pytestmark = pytest.mark.lab
PHASES = ("init", "drbg-seed", "hash", "keygen", "sign", "verify")


@pytest.fixture(scope="module")
def out():
    return done_steps(4)


def robot_tests(out) -> dict[str, str]:
    outputs = list((out / "robot").rglob("robot_output*.xml"))
    assert outputs, f"no robot_output.xml under {out / 'robot'}"
    tests = {}
    for output in outputs:
        for test in ElementTree.parse(output).getroot().iter("test"):
            statuses = test.findall("status")
            tests[test.get("name")] = statuses[-1].get("status") if statuses else "?"
    return tests


def test_every_device_test_passed_including_the_refused_key_read(out):
    tests = robot_tests(out)
    assert len(tests) >= 4, tests
    assert tests.get("Private Key Cannot Be Read") == "PASS", tests
    assert all(status == "PASS" for status in tests.values()), tests
    assert "refused with status 0x0F" in (out / "robot.txt").read_text()


def test_firmware_provisioned_the_device_and_ran_every_phase(out):
    uart = (TOP / "build/run/samd21/mbedtls-hw-high-speed/ecdsa.uart.txt").read_text()
    assert re.search(r"^@atecc status=0 provisioned=now", uart, re.M)
    assert "@done ecdsa verify=ok tampered=rejected" in uart
    phases = {r["phase"] for r in results(out / "device.jsonl")}
    assert set(PHASES) <= phases


def test_keygen_takes_the_device_time_plus_bus_and_polling(out):
    busy = re.search(r"GenKey busy for (\d+) ms", (out / "robot.txt").read_text())
    assert busy, "robot.txt has no 'GenKey busy for N ms' line"
    keygen = next(r for r in results(out / "device.jsonl") if r["phase"] == "keygen")
    keygen_ms = keygen["cycles"] / keygen["clock_hz"] * 1e3
    print(f"device busy {busy.group(1)} ms; firmware keygen {keygen_ms:.1f} ms")
    assert keygen_ms >= int(busy.group(1)) - 1  # the robot polls at 1 ms steps


def test_the_device_beats_the_m0plus_at_keygen_and_verify(out):
    device = {r["phase"]: r["cycles"] for r in results(out / "device.jsonl")}
    software = {r["phase"]: r["cycles"] for r in results(out / "software.jsonl")}
    for phase in ("keygen", "verify"):
        assert device[phase] < software[phase], phase


def predicted_ms(out) -> dict[tuple[str, str], float]:
    """{(operation, path): predicted ms} from step 3's `models predict` lines."""
    text = (out / "predicted.txt").read_text()
    found = re.findall(r"predict: samd21 mbedtls (\S+) P-256 (hw|sw) .*\n"
                       r"\s+predicted\s+[\d,]+ cycles, ([\d.]+) ms per operation", text)
    return {(operation, path): float(ms) for operation, path, ms in found}


def test_the_device_beats_the_m0plus_in_the_predicted_figures_too(out):
    predicted = predicted_ms(out)
    assert len(predicted) == 6, predicted
    for operation in ("ecdsa-genkey", "ecdsa-verify"):
        assert predicted[(operation, "hw")] < predicted[(operation, "sw")], operation
    # The simulated software run counts one cycle per instruction; the board takes more.
    software = {r["phase"]: r for r in results(out / "software.jsonl")}
    keygen = software["keygen"]
    assert predicted[("ecdsa-genkey", "sw")] > keygen["cycles"] / keygen["clock_hz"] * 1e3


def test_a_faster_bus_saves_little(out):
    rows = list(csv.DictReader((TOP / "build/sweeps/lab4-bus/results.csv").open()))
    keygen = {float(r["i2c_hz"]): float(r["time_us"]) for r in rows
              if r["algorithm"] == "ecdsa-genkey"}
    clocks = sorted(keygen)
    assert len(clocks) >= 2
    times = [keygen[c] for c in clocks]
    assert all(a > b for a, b in zip(times, times[1:])), times
    assert (times[0] - times[-1]) / times[0] < 0.10, times
