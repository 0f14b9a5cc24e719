"""Firmware sweep points: which driver modes and output directory a point builds with (no build,
no Renode)."""
from __future__ import annotations

import pytest

from models.sweeps import firmware

POINT = {"board": "rt1060", "library": "mbedtls", "path": "hw", "opt": "high-speed", "app": "bench",
         "buffer_bytes": 4096, "iterations": 4, "dispatch": "all-at-once", "packet_bytes": 512}


def test_dcp_points_chain_packets_of_the_given_size():
    assert firmware.make_modes(POINT) == [
        "DCP_MODES=-DDCP_DISPATCH_CHAINED=1 -DDCP_MAX_PACKET_BYTES=512u"]
    one = dict(POINT, dispatch="one-at-a-time", packet_bytes=0)
    assert firmware.make_modes(one) == ["DCP_MODES=-DDCP_DISPATCH_CHAINED=0"]


def test_caam_points_queue_jobs_of_the_given_size():
    assert firmware.make_modes(dict(POINT, board="rt1170")) == [
        "CAAM_MODES=-DCAAM_DISPATCH_QUEUED=1 -DCAAM_CHUNK_BYTES=512u"]


def test_each_variant_has_its_own_image_directory():
    elf = firmware.elf_of(POINT)
    assert elf.parts[-4:] == ("b4096-i4-all-at-once-p512", "rt1060", "mbedtls-hw-high-speed",
                              "bench.elf")
    assert firmware.elf_of(dict(POINT, buffer_bytes=16)) != elf
    assert "build/fw/" not in str(elf)


def test_dispatch_on_a_board_without_those_drivers_is_refused(tmp_path):
    with pytest.raises(firmware.BuildError, match="apply to rt1060, rt1170 only, not stm32f407"):
        firmware.build([dict(POINT, board="stm32f407", path="sw")], tmp_path / "build.log")


def test_a_profiled_point_is_priced_as_the_report_prices_it(monkeypatch, tmp_path):
    """predicted_rows on the stored 1 KiB profile (standing in for the point's fresh one) gives
    the report's predicted figures, keyed as reports/predictions.csv names them."""
    from models import pipeline, predictions
    from models.profiles import collect, store
    profile = store.load("rt1060", "mbedtls", "sw", "high-speed", "bench")
    if profile is None:
        pytest.skip("no stored profiles")
    monkeypatch.setattr(collect, "profile_image", lambda *args, **kwargs: profile)
    payload = {"elf": "unused.elf", "board": "rt1060", "library": "mbedtls", "path": "sw",
               "opt": "high-speed", "app": "bench", "uart_log": str(tmp_path / "p.uart.txt"),
               "profile_dir": str(tmp_path / "p-profile")}
    priced = firmware.predicted_rows("renode", payload, 60.0)
    assert ("aes-cbc-dec", 128) in priced and ("sha256", 0) in priced
    row = next(r for r in predictions.prediction_rows(pipeline.run(progress=False))
               if (r["board"], r["library"], r["algorithm"], r["path"], r["opt"], r["metric"])
               == ("rt1060", "mbedtls", "sha256", "sw", "high-speed", "throughput"))
    assert float(priced[("sha256", 0)]["kib_per_s"]) == pytest.approx(float(str(row["predicted"])),
                                                                      rel=1e-4)
    assert priced[("sha256", 0)]["model"] == "core"
    assert 0 < float(priced[("sha256", 0)]["band_pct"]) < 50


def test_a_profile_is_reused_once_written(monkeypatch, tmp_path):
    """A point whose models changed is priced again from its stored profile, without Renode."""
    from models.profiles import collect, store
    profile = store.load("rt1060", "mbedtls", "sw", "high-speed", "bench")
    if profile is None:
        pytest.skip("no stored profiles")
    runs = []
    monkeypatch.setattr(collect, "profile_image",
                        lambda *args, **kwargs: runs.append(1) or profile)
    payload = {"elf": "unused.elf", "board": "rt1060", "library": "mbedtls", "path": "sw",
               "opt": "high-speed", "app": "bench", "uart_log": str(tmp_path / "p.uart.txt"),
               "profile_dir": str(tmp_path / "p-profile")}
    first = firmware.predicted_rows("renode", payload, 60.0)
    second = firmware.predicted_rows("renode", payload, 60.0)
    assert runs == [1]
    assert second == first


def test_only_a_finished_console_log_is_reused(tmp_path):
    import sys
    from models.sweeps.cache import TOP
    sys.path.insert(0, str(TOP / "tools"))
    from run_firmware import finished_run
    log = tmp_path / "p.uart.txt"
    assert finished_run(log) is None
    log.write_text("@start\r\n@result {}\r\n")
    assert finished_run(log) is None           # killed half-way: run again
    log.write_text("@start\r\n@result {}\r\n@exit 0\r\n")
    assert finished_run(log) == ["@start", "@result {}", "@exit 0"]


def test_the_run_is_named_by_the_image_and_point_not_by_the_models(monkeypatch, tmp_path):
    from models.sweeps import whatif
    elf = tmp_path / "bench.elf"
    elf.write_bytes(b"image")
    monkeypatch.setattr(firmware, "build", lambda points, log: None)
    monkeypatch.setattr(firmware, "elf_of", lambda point: elf)
    monkeypatch.setattr(firmware, "platform_hash", lambda board: "platform")
    point = dict(POINT, board="stm32f407", path="sw", dispatch="one-at-a-time", packet_bytes=0)
    sweep = None
    monkeypatch.setattr(whatif, "fingerprint", lambda: "models-1")
    (before,) = firmware.prepare(sweep, [point], tmp_path)
    monkeypatch.setattr(whatif, "fingerprint", lambda: "models-2")
    (after,) = firmware.prepare(sweep, [point], tmp_path)
    assert before.hash != after.hash
    assert before.payload["uart_log"] == after.payload["uart_log"]
    assert before.payload["profile_dir"] == after.payload["profile_dir"]
    monkeypatch.setattr(firmware, "profiler_hash", lambda: "profiler-2")
    (reprofiled,) = firmware.prepare(sweep, [point], tmp_path)
    assert reprofiled.payload["uart_log"] == after.payload["uart_log"]
    assert reprofiled.payload["profile_dir"] != after.payload["profile_dir"]


def test_a_kept_run_is_priced_again_without_renode(monkeypatch, tmp_path):
    """With the point's console log and profile kept, a refit needs no Renode."""
    import json
    import sys
    from models.profiles import store
    from models.sweeps.cache import TOP
    profile = store.load("rt1060", "mbedtls", "sw", "high-speed", "bench")
    if profile is None:
        pytest.skip("no stored profiles")
    sys.path.insert(0, str(TOP / "tools"))
    import run_firmware
    monkeypatch.setattr(run_firmware, "find_renode", lambda: None)
    log, profile_dir = tmp_path / "p.uart.txt", tmp_path / "p-profile"
    log.write_text('@result {"algorithm": "sha256", "bytes": 1024, "cycles": 47000, '
                   '"clock_hz": 600000000, "iterations": 1}\n@done failures=0\n@exit 0\n')
    profile_dir.mkdir()
    (profile_dir / "profile.json").write_text(json.dumps(profile))
    payload = {"elf": "unused.elf", "board": "rt1060", "library": "mbedtls", "path": "sw",
               "opt": "high-speed", "app": "bench", "uart_log": str(log),
               "profile_dir": str(profile_dir)}
    (row,) = firmware.execute(payload, 60.0)
    assert row["cycles_per_byte"] == pytest.approx(47000 / 1024, abs=1e-3)
    assert float(row["predicted_cycles_per_byte"]) > 0
    (profile_dir / "profile.json").unlink()
    with pytest.raises(RuntimeError, match="Renode not found"):
        firmware.execute(payload, 60.0)
