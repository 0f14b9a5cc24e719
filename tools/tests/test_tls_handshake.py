"""tls_handshake.py: the client's own cycles are the handshake's less the waits that ran inside
it, the link is priced at its line rate, and the report says every part apart."""
import argparse
import json
from pathlib import Path

import pytest

import tls_handshake as tls


def call(start: float, instructions: float, cycles: float) -> dict:
    return {"start": start, "instructions": instructions, "cycles": cycles}


def prediction(handshake: dict, waits: list[dict], engine: list[dict] | None = None) -> dict:
    found = {tls.HANDSHAKE: {"calls": 1, "per_call": [handshake], "band_pct": 30.0,
                             "band_widened_because": []},
             tls.LINK_WAIT: {"calls": len(waits), "per_call": waits}}
    if engine is not None:
        found["wait_complete"] = {"calls": len(engine), "per_call": engine}
    return found


FIGURES = {"library": "wolfcrypt", "opt": "high-speed", "suite": "ECDHE-ECDSA-AES128-GCM-SHA256",
           "clock_hz": 1000, "handshake_cycles": 2000, "wait_cycles": 500, "sent": 200,
           "received": 760, "heap_bytes": 8000, "stack_bytes": 3000, "static_bytes": 300,
           "link_baud": 115200}


def test_waits_outside_the_handshake_are_not_taken_out():
    handshake = call(1000, 1500, 1800)
    waits = [call(900, 50, 50), call(1100, 400, 420), call(2400, 30, 30), call(2600, 90, 90)]
    row = tls.summarise("rt1060", "sw", FIGURES, prediction(handshake, waits), None,
                        "echoed back intact", "handshake complete")
    # Only the calls starting inside [1000, 2500) are the client waiting during the handshake.
    assert row["client_predicted_cycles"] == 1800 - 420 - 30
    assert row["client_instructions"] == 1500 - 400 - 30
    assert row["server_s"] == (400 + 30) / 1000
    assert row["accelerator_s"] == 0 and row["accelerator_calls"] == 0
    assert row["link_s"] == (200 + 760) * 10 / 115200
    assert row["server_completed"] and row["echoed"]


def test_the_accelerator_wait_becomes_modelled_time_not_cpu_cycles():
    handshake = call(0, 10_000, 9_000)
    row = tls.summarise("rt1060", "hw", FIGURES,
                        prediction(handshake, [call(10, 100, 100)],
                                   [call(200, 300, 310), call(600, 200, 205)]),
                        "wait_complete", "", "")
    assert row["client_predicted_cycles"] == 9_000 - 100 - 310 - 205
    assert row["accelerator_s"] == 500 / 1000 and row["accelerator_calls"] == 2
    assert row["accelerator"] == "DCP"
    assert not row["server_completed"] and not row["echoed"]


def test_report_gives_each_part_and_the_speed_up():
    base = tls.summarise("rt1060", "sw", FIGURES, prediction(call(0, 1000, 1000), []), None,
                         "", "")
    fast = tls.summarise("rt1060", "hw", FIGURES,
                         prediction(call(0, 1000, 800), [], [call(10, 100, 100)]),
                         "wait_complete", "", "")
    text = tls.report_text({"runs": {"rt1060-sw": base, "rt1060-hw": fast}})
    assert "| rt1060 | sw | wolfSSL | 1,000.00 ±30 % |" in text
    assert "| rt1060 | hw (DCP) | wolfSSL | 700.00 ±30 % | 100.00 (1 jobs) |" in text
    # Client and accelerator: 1000 ms in software, 700 + 100 ms with the DCP.
    assert "| rt1060 | wolfSSL | DCP | 1,000.00 / 800.00 | 1.25x |" in text
    # RAM: heap, stack and static data, against the SAMD21's 32 KiB.
    assert "| rt1060 | sw | wolfSSL | 8,000 | 3,000 | 300 | 11,300 | 34% |" in text


def test_the_atecc508a_waits_are_several_functions_and_its_commands_and_seed_are_counted():
    handshake = call(1000, 10_000, 12_000)
    found = prediction(handshake, [call(1100, 100, 100)])
    # cryptoauthlib's delays and the I2C transfers, inside the handshake but for the first.
    found["atca_delay_ms"] = {"calls": 2, "per_call": [call(500, 50, 60), call(2000, 3000, 3100)]}
    found["atca_delay_us"] = {"calls": 1, "per_call": [call(1500, 200, 210)]}
    found["samd21_i2c_write"] = {"calls": 1, "per_call": [call(1400, 40, 45)]}
    found["samd21_i2c_read"] = {"calls": 1, "per_call": [call(5000, 60, 70)]}
    # Two commands during the seed before the handshake, three inside it.
    found[tls.COMMANDS] = {"calls": 5, "per_call": [call(t, 10, 10) for t in
                                                      (210, 400, 1300, 1900, 4900)]}
    found[tls.SEEDS["wolfcrypt"]] = {"calls": 1, "per_call": [call(200, 500, 520)]}
    waits = tls.CONFIGS[("samd21", "hw")][1]
    row = tls.summarise("samd21", "hw", FIGURES, found, waits, "", "")
    assert row["accelerator"] == "ATECC508A"
    assert row["client_predicted_cycles"] == 12_000 - 100 - 3100 - 210 - 45 - 70
    assert row["accelerator_s"] == (3000 + 200 + 40 + 60) / 1000
    assert row["accelerator_calls"] == 4 and row["accelerator_commands"] == 3
    assert row["seed_calls"] == 1 and row["seed_commands"] == 2 and row["seed_s"] == 0.5
    text = tls.report_text({"runs": {"samd21-hw": row}})
    assert "(3 commands)" in text
    assert "| samd21 | hw | wolfSSL | 1 | 2 | 500.00 |" in text


def test_the_mbedtls_client_on_the_atecc508a_counts_its_ctr_drbg_seeding():
    # mbedtls's seeding is mbedtls_ctr_drbg_seed's: wolfSSL's seed function is not in its image.
    handshake = call(1000, 10_000, 12_000)
    found = prediction(handshake, [call(1100, 100, 100)])
    for name in tls.CONFIGS[("samd21", "hw")][1]:
        found[name] = {"calls": 0, "per_call": []}
    found["atca_delay_ms"] = {"calls": 1, "per_call": [call(2000, 3000, 3100)]}
    # Four Random commands in the seeding (128 bytes gathered), six inside the handshake.
    found[tls.COMMANDS] = {"calls": 10, "per_call": [call(t, 10, 10) for t in
                                                       (210, 300, 400, 500, 1200, 1300, 1400,
                                                        1500, 1600, 1700)]}
    found["mbedtls_ctr_drbg_seed"] = {"calls": 1, "per_call": [call(200, 600, 620)]}
    found["wolfcrypt_port_seed"] = {"calls": 1, "per_call": [call(0, 5000, 5000)]}
    row = tls.summarise("samd21", "hw", MBEDTLS, found, tls.CONFIGS[("samd21", "hw")][1], "",
                        "")
    assert row["accelerator_commands"] == 6
    assert row["seed_calls"] == 1 and row["seed_commands"] == 4 and row["seed_s"] == 0.6
    text = tls.report_text({"runs": {"samd21-hw-mbedtls": row}})
    assert "| samd21 | hw | mbedtls | 1 | 4 | 600.00 |" in text
    assert "| samd21 | hw (ATECC508A) | mbedtls |" in text
    # Beside mbedtls's software row: its own speed-up and what cryptoauthlib's integration takes.
    base = tls.summarise("samd21", "sw", MBEDTLS, prediction(call(0, 20_000, 20_000), []), None,
                         "", "")
    text = tls.report_text({"runs": {"samd21-hw-mbedtls": row, "samd21-sw-mbedtls": base}})
    own_hw = row["client_predicted_s"] + row["accelerator_s"]
    assert f"| samd21 | mbedtls | ATECC508A | 20,000.00 / {tls.ms(own_hw)} | " \
        f"{20 / own_hw:.2f}x |" in text
    assert "mbedtls on the ATECC508A" in text and "MBEDTLS_ECDSA_VERIFY_ALT" in text


def test_the_caam_path_waits_in_its_driver_and_reports_what_the_caam_takes():
    wait = tls.CONFIGS[("rt1170", "hw")][1]
    assert wait == "caam_wait_output"
    base = tls.summarise("rt1170", "sw", FIGURES, prediction(call(0, 1000, 1000), []), None,
                         "", "")
    found = prediction(call(0, 1000, 400), [])
    found[wait] = {"calls": 2, "per_call": [call(10, 100, 100), call(500, 200, 200)]}
    fast = tls.summarise("rt1170", "hw", FIGURES, found, wait, "", "")
    assert fast["accelerator"] == "CAAM" and fast["accelerator_calls"] == 2
    assert fast["client_predicted_cycles"] == 400 - 100 - 200
    text = tls.report_text({"runs": {"rt1170-sw": base, "rt1170-hw": fast}})
    # Client and accelerator: 1000 ms in software, 100 + 300 ms with the CAAM.
    assert "| rt1170 | wolfSSL | CAAM | 1,000.00 / 400.00 | 2.50x |" in text
    assert "P-256 on its PKHA" in text


MBEDTLS = dict(FIGURES, library="mbedtls", heap_bytes=14000, stack_bytes=3000, static_bytes=2000)


def test_each_library_has_its_own_image_and_key_and_wolfssl_keeps_its_old_keys():
    assert tls.image("rt1060", "hw") == tls.IMAGES / "rt1060" / "wolfcrypt-hw-high-speed" / \
        "tls_client.elf"
    assert tls.image("rt1060", "hw", "mbedtls") == \
        tls.IMAGES / "rt1060" / "mbedtls-hw-high-speed" / "tls_client.elf"
    assert tls.run_key("samd21", "sw") == "samd21-sw"
    assert tls.run_key("samd21", "sw", "mbedtls") == "samd21-sw-mbedtls"


def test_the_runs_chosen_are_wolfssl_by_default_and_mbedtls_where_it_is_built():
    assert tls.chosen_runs(None, None, None) == [(b, p, "wolfcrypt") for b, p in tls.CONFIGS]
    mbedtls = tls.chosen_runs(None, None, ["mbedtls"])
    # The samd21 runs it in software and on the ATECC508A (cryptoauthlib's mbedtls integration).
    assert ("samd21", "sw", "mbedtls") in mbedtls and ("samd21", "hw", "mbedtls") in mbedtls
    assert ("rt1060", "hw", "mbedtls") in mbedtls and ("rt1170", "hw", "mbedtls") in mbedtls
    assert tls.chosen_runs(["rt1060"], ["hw"], ["wolfcrypt", "mbedtls"]) == \
        [("rt1060", "hw", "wolfcrypt"), ("rt1060", "hw", "mbedtls")]
    # Every board and path a library names has a console, a wait and a run length.
    assert all(where in tls.CONFIGS for runs in tls.LIBRARIES.values() for where in runs)


def test_the_report_gives_a_row_per_library_and_sets_them_side_by_side():
    wolf_sw = tls.summarise("rt1060", "sw", FIGURES, prediction(call(0, 1000, 1000), []), None,
                            "", "")
    mbed_sw = tls.summarise("rt1060", "sw", MBEDTLS, prediction(call(0, 1000, 500), []), None,
                            "", "")
    mbed_hw = tls.summarise("rt1060", "hw", MBEDTLS,
                            prediction(call(0, 1000, 500), [], [call(10, 100, 100)]),
                            "wait_complete", "", "")
    text = tls.report_text({"runs": {"rt1060-sw-mbedtls": mbed_sw, "rt1060-sw": wolf_sw,
                                     "rt1060-hw-mbedtls": mbed_hw}})
    # wolfSSL's row first, then mbedtls's, for each board and path.
    assert text.index("| rt1060 | sw | wolfSSL | 1,000.00") < \
        text.index("| rt1060 | sw | mbedtls | 500.00") < text.index("| rt1060 | hw (DCP) | mbedtls")
    # Side by side: 1000 ms against 500 ms of client CPU, the RAM of each.
    assert "| rt1060 | sw | mbedtls | 1,000.00 / 500.00 | 2.00x |" in text
    assert "11,300 / 19,000 |" in text
    # mbedtls's own speed-up with the DCP, and what mbedtls's DCP port takes.
    assert "| rt1060 | mbedtls | DCP | 500.00 / 500.00 | 1.00x |" in text
    assert "mbedtls on the DCP" in text
    assert "| rt1060 | sw | mbedtls | 14,000 | 3,000 | 2,000 | 19,000 | 58% |" in text
    assert "rt1060 sw mbedtls: server completed" in text


def test_rows_stored_before_the_library_column_count_as_wolfssl():
    row = tls.summarise("rt1060", "sw", FIGURES, prediction(call(0, 1000, 1000), []), None,
                        "", "")
    del row["library"]
    assert "| rt1060 | sw | wolfSSL | 1,000.00" in tls.report_text({"runs": {"rt1060-sw": row}})


def test_a_run_keeps_the_rows_another_run_stored_meanwhile(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch):
    data = tmp_path / "tls.json"
    data.write_text(json.dumps({"runs": {"rt1060-sw": {"board": "rt1060"}}}))

    def run_one(board: str, path: str, host_seconds: float, library: str) -> dict:
        # Another worker's run of the wolfSSL client stores its row while this one runs.
        data.write_text(json.dumps({"runs": {"rt1060-sw": {"board": "rt1060"},
                                             "stm32f407-sw": {"board": "stm32f407"}}}))
        return {"client_predicted_s": 0.1, "simulated_handshake_s": 0.2, "link_sent": 1,
                "link_received": 2, "library": library}

    monkeypatch.setattr(tls, "run_one", run_one)
    args = argparse.Namespace(board=["rt1060"], path=["sw"], library=["mbedtls"], data=data,
                              host_seconds=1.0)
    assert tls.command_run(args) == 0
    assert set(json.loads(data.read_text())["runs"]) == {"rt1060-sw", "stm32f407-sw",
                                                         "rt1060-sw-mbedtls"}


def test_the_report_command_writes_the_figure_beside_the_report_and_shows_it(tmp_path: Path):
    base = tls.summarise("rt1060", "sw", FIGURES, prediction(call(0, 1000, 1000), []), None,
                         "", "")
    fast = tls.summarise("rt1060", "hw", FIGURES,
                         prediction(call(0, 1000, 800), [], [call(10, 100, 100)]),
                         "wait_complete", "", "")
    data = tmp_path / "tls.json"
    data.write_text(json.dumps({"runs": {"rt1060-sw": base, "rt1060-hw": fast}}))
    out = tmp_path / "report" / "tls-handshake.md"
    assert tls.main(["report", "--data", str(data), "--out", str(out)]) == 0
    figure = out.with_suffix(".png")
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "](tls-handshake.png)" in out.read_text()
    # Without a figure name the report has no image line.
    assert "![" not in tls.report_text(json.loads(data.read_text()))
