"""hw-path profiles: region splitting without the host's waits, accelerator calls, and how a
phase that called the accelerator is priced (CPU side by the core model + the device's busy time).
Expected figures are worked out by hand from the timing sources cited in the accelerator modules."""
from __future__ import annotations

from dataclasses import replace

import pytest

from models.accelerators import ACCELERATORS
from models.accelerators.atecc508a import command_of
from models.matrix import Case, all_params, core_cycles, cycles_per_call
from models.params import defaults
from models.profiles.collect import (BOUNDARY, TICK, WAIT_ENTER, WAIT_EXIT, CounterWrapError,
                                     Event, parse_events, progress_line, split_regions, unwrap)

VALUES = defaults(all_params())
ENTRIES = {"calib_execute_command": "opcode", "CAAM_PKHA_ECC_PointMul": "callee"}
GENKEY, SIGN, NONCE = "calib_execute_command:64", "calib_execute_command:65", "calib_execute_command:22"
RANDOM = "calib_execute_command:27"


def event(tag: str, caller: str, site: int, *counters: int, detail: str = "") -> Event:
    return Event(tag, caller, site, list(counters), detail)


def test_split_regions_takes_out_waits_and_counts_calls():
    events = [
        event(BOUNDARY, "main", 0x100, 1000, 50),           # region begins
        event("calib_execute_command", "calib_genkey", 0x200, 1100, 60, detail="64"),
        event(WAIT_ENTER, "calib_execute_command", 0x300, 1200, 70),  # atca_delay_ms
        event(WAIT_ENTER, "atca_delay_ms", 0x304, 1210, 70),          # tail call to atca_delay_us
        event(WAIT_EXIT, "calib_execute_command", 0x308, 1800, 80),   # one wait: 600 + 10
        event(WAIT_EXIT, "calib_execute_command", 0x30c, 1805, 80),   # not inside a wait: ignored
        event(WAIT_ENTER, "calib_execute_command", 0x300, 1900, 85),
        event(WAIT_EXIT, "calib_execute_command", 0x308, 2000, 90),   # 100 + 5
        event(BOUNDARY, "main", 0x108, 2500, 100),          # region ends
    ]
    (region,) = split_regions(events, ENTRIES)
    assert region["raw"] == [1500 - 700, 50 - 15]
    assert region["waited"] == 715
    assert region["calls"] == {GENKEY: 1}
    assert region["begin"] == 1000 + 50  # all counters at the opening boundary


def test_split_regions_tells_where_each_region_begins():
    events = [event(BOUNDARY, "main", 0x100, 10, 5), event(BOUNDARY, "main", 0x104, 30, 5),
              event("CAAM_PKHA_ECC_PointMul", "f", 0x400, 31, 6),
              event(BOUNDARY, "main", 0x100, 40, 6), event(BOUNDARY, "main", 0x104, 50, 16)]
    assert [region["begin"] for region in split_regions(events, ENTRIES)] == [15, 46]


def test_split_regions_counter_wrap_and_callee_keys():
    events = unwrap([event(BOUNDARY, "main", 0x100, (1 << 32) - 10),
                     event("CAAM_PKHA_ECC_PointMul", "ecdsa_sign", 0x400, 5),
                     event("CAAM_PKHA_ECC_PointMul", "ecdsa_sign", 0x404, 6),
                     event(BOUNDARY, "main", 0x104, 20),
                     event(BOUNDARY, "main", 0x110, 30),
                     event(BOUNDARY, "main", 0x114, 31)])
    first, second = split_regions(events, ENTRIES)
    assert first["raw"] == [30] and first["calls"] == {"CAAM_PKHA_ECC_PointMul": 2}
    assert second["raw"] == [1] and second["calls"] == {}


def test_ticks_carry_a_region_past_several_counter_wraps():
    # 3 x 2^32 + 100 instructions of one pattern in one region, a tick at least every 2^31.
    step = 1 << 31
    hits = [event(BOUNDARY, "main", 0x100, 50)]
    hits += [event(TICK, "?", 0xFFFFFFF9, (50 + k * step) % (1 << 32)) for k in range(1, 7)]
    hits.append(event(BOUNDARY, "main", 0x104, (50 + 6 * step + 100) % (1 << 32)))
    events = unwrap(hits)
    assert [e.tag for e in events] == [BOUNDARY, BOUNDARY]
    (region,) = split_regions(events, ENTRIES)
    assert region["raw"] == [3 * (1 << 32) + 100]


def test_a_region_past_a_lost_counter_wrap_is_refused():
    table = [(0x100, 0x200, "main")]
    # The CPU executed 2^32 + 40 instructions between the region's two hits; the counter's
    # difference says 40.
    text = f"cycles_now 256 10 #1000\ncycles_now 260 50 #{1000 + (1 << 32) + 40}\n"
    events = parse_events(text, table)
    assert events[1].lost and "wrapped more than once" in events[1].lost
    with pytest.raises(CounterWrapError, match="measured region 1: .*wrapped more than once"):
        split_regions(events, ENTRIES)
    fine = parse_events("cycles_now 256 10 #1000\ncycles_now 260 50 #1041\n", table)
    assert [e.counters for e in fine] == [[10], [50]] and fine[1].executed == 1041
    assert not fine[1].lost


def test_a_lost_counter_wrap_between_regions_costs_nothing():
    # Region 1, then a key generation of 2^33 + 7 instructions outside any region whose wraps
    # the counters lose, then region 2: both regions keep their own differences, and region 2
    # begins where the CPU's count says.
    table = [(0x100, 0x200, "main")]
    far = 1100 + (1 << 33) + 7
    text = (f"cycles_now 256 10 #1000\ncycles_now 260 60 #1050\n"
            f"cycles_now 264 70 #{far}\ncycles_now 268 95 #{far + 25}\n")
    events = parse_events(text, table)
    assert [bool(e.lost) for e in events] == [False, False, True, False]
    first, second = split_regions(events, ENTRIES)
    assert first["raw"] == [50] and second["raw"] == [25]
    assert second["begin"] == far


def test_atecc_genkey_time_by_hand():
    # 400 kHz: 2.5 us per bit, 9 bits per byte. wake: 9 bits at 100 kHz (0.09 ms) + 1.5 ms +
    # 5 bytes (0.1125 ms); write: 2 + 7 bytes (0.2025 ms); GenKey 115 ms seen at the poll
    # instants 1, 3, ..., 115 ms; read: 2+2+2+64+2 bytes (1.62 ms); idle: 2 bytes (0.045 ms).
    ms = 0.09 + 1.5 + 0.1125 + 0.2025 + 115 + 1.62 + 0.045
    cycles = ACCELERATORS["atecc508a"].call_cycles({GENKEY: 1}, "high-speed", 48e6, VALUES)
    assert cycles == pytest.approx(ms * 48e3)


def test_atecc_sign_sends_a_random_and_a_nonce_first():
    # cryptoauthlib calib_sign: Random (the RNG seed update), Nonce pass-through, Sign; the
    # samd21 hw ecdsa profiles record these three commands in their sign region.
    atecc = ACCELERATORS["atecc508a"]
    recorded = atecc.call_cycles({RANDOM: 1, NONCE: 1, SIGN: 1}, "none", 48e6, VALUES)
    assert atecc.cycles("ecdsa-sign", 256, 0, "none", 48e6, VALUES) == pytest.approx(recorded)
    # Nonce pass-through: 29 ms execution, polled at 1, 3, ..., 29 ms; 39-byte request, 1-byte reply
    nonce_ms = 0.09 + 1.5 + 0.1125 + (2 + 39) * 0.0225 + 29 + (8 + 1) * 0.0225 + 0.045
    # Random: 23 ms execution, polled at 1, 3, ..., 23 ms; 7-byte request, 32-byte reply
    random_ms = 0.09 + 1.5 + 0.1125 + (2 + 7) * 0.0225 + 23 + (8 + 32) * 0.0225 + 0.045
    only_sign = atecc.call_cycles({SIGN: 1}, "none", 48e6, VALUES)
    assert recorded - only_sign == pytest.approx((nonce_ms + random_ms) * 48e3)


def test_atecc_hash_drbg_seed_takes_two_random_commands():
    # wolfSSL 5.5 wc_InitRng: SEED_SZ 32 + SEED_BLOCK_SZ 4 = 36 bytes, 32 a Random command.
    atecc = ACCELERATORS["atecc508a"]
    recorded = atecc.call_cycles({RANDOM: 2}, "none", 48e6, VALUES)
    assert atecc.cycles("hash-drbg-seed", 256, 0, "none", 48e6, VALUES) == pytest.approx(recorded)
    random_ms = 0.09 + 1.5 + 0.1125 + (2 + 7) * 0.0225 + 23 + (8 + 32) * 0.0225 + 0.045
    assert recorded == pytest.approx(2 * random_ms * 48e3)


def test_atecc_command_names():
    # opcodes of cryptoauthlib calib_command.h: GenKey 0x40, Read 0x02, Random 0x1B
    assert command_of("calib_execute_command:64") == "genkey"
    assert command_of("calib_execute_command:2") == "read"
    assert command_of("calib_execute_command:27") == "random"
    with pytest.raises(ValueError, match="calib_execute_command:99"):
        command_of("calib_execute_command:99")


def test_caam_point_multiply_job():
    # one job: setup (core cycles) + 300000 PKHA cycles at 240 MHz seen from a 996 MHz core
    busy = ACCELERATORS["caam"].call_cycles({"CAAM_PKHA_ECC_PointMul": 2}, "high-speed", 996e6,
                                            VALUES)
    assert busy == pytest.approx(2 * (VALUES["caam.setup_cycles"] + 300000 * 996 / 240))
    with pytest.raises(ValueError):
        ACCELERATORS["caam"].call_cycles({"CAAM_PKHA_Frob": 1}, "none", 996e6, VALUES)


def hw_case(algorithm: str, calls: dict[str, float] | None) -> Case:
    return Case("rt1170", "mbedtls", "hw", "high-speed", "ecdsa", algorithm, 256, 0, 1,
                {"alu": 1000, "ldr_word": 200}, {".text": "ITCM"}, 1200.0, calls=calls)


def test_phase_that_called_the_accelerator_adds_busy_time_to_the_cpu_side():
    case = hw_case("ecdsa-sign", {"CAAM_PKHA_ECC_PointMul": 1})
    assert case.model == "caam"
    busy = VALUES["caam.setup_cycles"] + 300000 * 996 / 240
    # CPU side: 1000 ALU at 0.75 + 200 loads at 1, data in TCM (no memory stall)
    assert core_cycles(case, VALUES) == pytest.approx(750 + 200)
    assert cycles_per_call(case, VALUES) == pytest.approx(750 + 200 + busy)


def test_recorded_phase_without_calls_is_software():
    assert hw_case("ecdsa-sign", {}).model == "core"
    assert hw_case("ecdsa-sign", None).model == "core"  # no hw profile: the sw fallback
    assert hw_case("sha256", {}).model == "caam"         # block engine: not recorded per call


def test_caam_ecdsa_without_recorded_calls_uses_the_ports_calls():
    # what-if re-costing has no recorded calls: verify is u1*G + u2*Q, two multiplies and an add
    caam = ACCELERATORS["caam"]
    expected = (3 * VALUES["caam.setup_cycles"]
                + (2 * 300000 + 3000) * 996 / 240)
    assert caam.cycles("ecdsa-verify", 256, 0, "none", 996e6, VALUES) == pytest.approx(expected)


def test_an_ecdh_call_is_priced_as_the_devices_ecdh_command():
    """The bench's ECDHE on the ATECC508A records one ECDH command (opcode 0x43): its busy time is
    at least the datasheet's 58 ms execution, and the phase is the accelerator's, not the core's."""
    assert command_of("calib_execute_command:67") == "ecdh"
    values = defaults(all_params())
    atecc = ACCELERATORS["atecc508a"]
    ms = atecc.call_cycles({"calib_execute_command:67": 1}, "high-speed", 48e6, values) / 48e3
    assert 58.0 <= ms < 58.0 + 10.0
    case = Case("samd21", "mbedtls", "hw", "high-speed", "bench", "ecdhe-agree", 256, 0, 1,
                classes={"alu": 100.0}, calls={"calib_execute_command:67": 1})
    assert case.model == "atecc508a"


# --- engine work recorded per region (collect.WORK_SOURCES, Caam.work_cycles) --------------------

def test_the_work_suffix_of_a_hook_line_is_read_and_split_per_region():
    table = [(0x100, 0x200, "main")]
    text = ("cycles_now 256 10 5 @jobs=3;aes128_blocks=64\n"
            "cycles_now 260 30 5 @aes128_blocks=128;jobs=4;sha256_blocks=17\n")
    events = parse_events(text, table)
    assert events[0].counters == [10, 5] and events[0].work == {"jobs": 3.0, "aes128_blocks": 64.0}
    (region,) = split_regions(events, ENTRIES)
    # the units that grew, and only those
    assert region["work"] == {"aes128_blocks": 64.0, "jobs": 1.0, "sha256_blocks": 17.0}
    assert parse_events("cycles_now 256 10 5\n", table)[0].work is None


def test_a_run_without_work_gives_regions_without_work():
    events = [event(BOUNDARY, "main", 0x100, 10), event(BOUNDARY, "main", 0x104, 20)]
    assert split_regions(events, ENTRIES)[0]["work"] is None


def test_one_cbc_job_costs_what_the_block_model_charges_without_the_cpu_glue():
    """Work of one 1 KiB AES-CBC job priced unit by unit = the calibrated block model's call less
    its CPU glue, which a work-priced case takes from the profile instead."""
    caam = ACCELERATORS["caam"]
    work = caam.work_cycles({"jobs": 1, "aes256_blocks": 64}, 996e6, VALUES)
    call = caam.cycles("aes-cbc", 256, 1024, "high-speed", 996e6, VALUES)
    assert work == pytest.approx(call - VALUES["caam.cipher_glue_cycles"])


def test_des_blocks_cost_the_aes_block_with_their_rounds_instead():
    caam = ACCELERATORS["caam"]
    aes = caam.unit_cycles("aes128_blocks", 996e6, VALUES)
    # 16 DES rounds / 48 for 3DES's three passes (FIPS 46-3) against AES-128's 10, one per CAAM
    # clock (240 MHz) seen by the 996 MHz core
    assert caam.unit_cycles("des_blocks", 996e6, VALUES) == pytest.approx(aes + 6 * 996 / 240)
    assert caam.unit_cycles("des3_blocks", 996e6, VALUES) == pytest.approx(aes + 38 * 996 / 240)


def test_pkha_work_is_in_256_bit_operations_at_the_caam_clock():
    caam = ACCELERATORS["caam"]
    # an RSA-2048 private exponentiation: (2048/256)^2 for the operands x 2048/256 exponent bits
    assert caam.work_cycles({"pkha_mod_exponent": 64 * 8}, 996e6, VALUES) == pytest.approx(
        512 * 32000 * 996 / 240)


def test_unknown_engine_work_is_refused_by_name():
    with pytest.raises(ValueError, match="aes512_blocks"):
        ACCELERATORS["caam"].work_cycles({"aes512_blocks": 1}, 996e6, VALUES)


def test_a_case_with_engine_work_adds_its_busy_time_to_the_cpu_side():
    work = {"jobs": 1024, "des3_blocks": 131072}
    case = Case("rt1170", "mbedtls", "hw", "high-speed", "mbedbench", "3des", 0, 1024, 1024,
                {"alu": 1000, "ldr_word": 200}, {".text": "ITCM"}, 1200.0, engine=work)
    assert case.model == "caam"
    busy = ACCELERATORS["caam"].work_cycles(work, 996e6, VALUES)
    assert cycles_per_call(case, VALUES) == pytest.approx(core_cycles(case, VALUES) + busy / 1024)
    # a row the port leaves to software recorded no work: the core model alone
    assert replace(case, engine={}).model == "core"


def test_one_dcp_cbc_packet_costs_what_the_block_model_charges_without_the_cpu_glue():
    dcp = ACCELERATORS["dcp"]
    work = dcp.work_cycles({"packets": 1, "aes_bytes": 1024}, 600e6, VALUES)
    call = dcp.cycles("aes-cbc", 128, 1024, "high-speed", 600e6, VALUES)
    assert work == pytest.approx(call - VALUES["dcp.cipher_glue_cycles"])
    with pytest.raises(ValueError, match="sha512_bytes"):
        dcp.work_cycles({"sha512_bytes": 128}, 600e6, VALUES)


def test_split_regions_from_reset_hits_takes_out_waits_and_counts_calls_too():
    # wolfCrypt's program on the ATECC508A: reset=1 opens, the next hit closes (native.py).
    from models.profiles import native
    events = [
        event(BOUNDARY, "bench_stats_start", 0x100, 1000, 50, detail="1"),
        event("calib_execute_command", "calib_sign", 0x200, 1100, 60, detail="65"),
        event(WAIT_ENTER, "calib_execute_command", 0x300, 1200, 70),
        event(WAIT_EXIT, "calib_execute_command", 0x308, 1800, 80),
        event(BOUNDARY, "bench_stats_check", 0x108, 2500, 100, detail="0"),
        event(BOUNDARY, "bench_stats_asym_finish", 0x10c, 2600, 100, detail="0"),
    ]
    (region,) = split_regions(events, ENTRIES, native.opens_region(native.APP))
    assert region["raw"] == [1500 - 600, 50 - 10]
    assert region["waited"] == 610
    assert region["calls"] == {"calib_execute_command:65": 1}
    assert region["opening"] == 0


def test_a_long_run_reports_its_last_console_line(tmp_path):
    uart = tmp_path / "uart.txt"
    line = progress_line(uart, ["@start mbedbench board=rt1060", "  RSA-2048 : 1 public/s", ""],
                         241.6)
    assert line.endswith("242 s host, console at:   RSA-2048 : 1 public/s")
    assert progress_line(uart, [], 5).endswith("console at: (nothing yet)")
