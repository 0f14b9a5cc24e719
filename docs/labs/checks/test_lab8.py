"""Lab 8 (docs/labs/8-tls-handshake.md): a TLS 1.2 handshake from the SAMD21, in software and with
the ATECC508A, predicted; the assertions read the figures this run produced."""
from __future__ import annotations

import json

import pytest
from conftest import done_steps

pytestmark = [pytest.mark.lab, pytest.mark.slow]
SAMD21_RAM = 32 * 1024
# The handshake's device commands on the ATECC508A path: GenKey (ephemeral key), ECDH, and a Nonce
# and a Verify for each of the two signatures (the CA's, the server's key exchange).
HANDSHAKE_COMMANDS = 6


@pytest.fixture(scope="module")
def runs():
    data = json.loads((done_steps(8) / "handshakes.json").read_text())["runs"]
    return {path: data[f"samd21-{path}"] for path in ("sw", "hw")}


def hardware_ms(run: dict) -> float:
    return (run["client_predicted_s"] + run["accelerator_s"] + run["link_s"]
            + run["server_s"]) * 1e3


def test_both_handshakes_completed_and_echoed(runs):
    for run in runs.values():
        assert run["server_completed"] and run["echoed"]


def test_the_secure_element_path_is_much_faster_on_the_hardware(runs):
    assert hardware_ms(runs["sw"]) > 5 * hardware_ms(runs["hw"])


def test_the_device_did_the_handshakes_commands_and_most_of_the_time(runs):
    hw = runs["hw"]
    assert hw["accelerator_commands"] == HANDSHAKE_COMMANDS
    assert hw["accelerator_s"] > hw["client_predicted_s"]


def test_both_clients_fit_the_samd21(runs):
    for run in runs.values():
        assert run["heap_bytes"] + run["stack_bytes"] + run["static_bytes"] < SAMD21_RAM
