"""The short answer `make` ends with: on one board, each bench algorithm's predicted throughput in
software and on the accelerator at 1 KiB, and the smallest buffer at which the accelerator is at
least as fast as software.

Every figure is a predicted hardware figure (the calibrated models, reports/predictions.csv);
none is Renode's simulated count. The band is the model's 80 % band (calibration/bands.py): the
80th percentile of the |error| of the published figures of the same model (the board's core, or
its accelerator), each predicted by a fit that did not see it; its coverage is measured.
"""
from __future__ import annotations

from models import boards, size_sweep
from models.calibration import fit
from models.matrix import Case, cycles_per_call
from models.pipeline import Outcome, band_pct

BUFFER_BYTES = 1024
# The bench's algorithms, in the order a buyer reads them: name, key bits, label.
ALGORITHMS = (("sha1", 0, "SHA-1"), ("sha256", 0, "SHA-256"), ("sha512", 0, "SHA-512"),
              ("aes-cbc", 128, "AES-128-CBC enc"), ("aes-cbc-dec", 128, "AES-128-CBC dec"),
              ("aes-cbc", 256, "AES-256-CBC enc"))


def throughput(case: Case, outcome: Outcome) -> float:
    """Predicted KiB/s of one case."""
    return fit.value_in("throughput", case, cycles_per_call(case, outcome.validation.full.values))


def crossovers(outcome: Outcome, board: str) -> dict[tuple, int | None]:
    """(board, algorithm, opt) -> smallest buffer (16 B .. 16 KiB) at which the accelerator path
    is at least as fast as software, None if it never is in that range (size_sweep.sweep:
    software is the predicted 1 KiB call scaled by blocks, the accelerator its model at each
    size)."""
    return size_sweep.crossovers([row for row in size_sweep.sweep(outcome)
                                  if row["board"] == board])


def lines(outcome: Outcome, board: str, library: str = "mbedtls",
          opt: str = "high-speed") -> list[str]:
    by_key = {case.key: case for case in outcome.cases}
    info = boards.BOARDS[board]
    accelerator = info.accelerator or "none"
    out = [f"Answer for {info.title}, {library} at {opt} ({info.clock_hz / 1e6:g} MHz): predicted "
           f"hardware throughput at {BUFFER_BYTES} B per call, software vs {accelerator}"]
    header = (f"  {'algorithm':<17} {'software KiB/s':>16} {'accelerator KiB/s':>19} "
              f"{'speed-up':>9}  {'accelerator wins from':<22}")
    out.append(header)
    wins_from = crossovers(outcome, board)
    for algorithm, key_bits, label in ALGORITHMS:
        sw = by_key.get((board, library, algorithm, "sw", opt, key_bits, BUFFER_BYTES))
        hw = by_key.get((board, library, algorithm, "hw", opt, key_bits, BUFFER_BYTES))
        if sw is None:
            continue
        sw_kbps = throughput(sw, outcome)
        sw_band = band_pct(outcome, sw.model)
        sw_text = f"{sw_kbps:,.0f}" + (f" ±{sw_band:.0f}%" if sw_band is not None else "")
        if hw is None:
            out.append(f"  {label:<17} {sw_text:>16} {'(no hw build)':>19}")
            continue
        hw_kbps = throughput(hw, outcome)
        hw_band = band_pct(outcome, hw.model)
        hw_text = f"{hw_kbps:,.0f}" + (f" ±{hw_band:.0f}%" if hw_band is not None else "")
        if hw.model == "core":
            out.append(f"  {label:<17} {sw_text:>16} {hw_text:>19} {'':>9}  "
                       f"software fallback: {accelerator} does not do it")
            continue
        # Decryption costs the accelerator what encryption does: the swept direction stands for it.
        swept = (board, algorithm.replace("-dec", ""), opt)
        crossover = wins_from.get(swept, "n/a")
        wins = (f"{crossover} B" if isinstance(crossover, int)
                else "never up to 16 KiB" if crossover is None else "")
        out.append(f"  {label:<17} {sw_text:>16} {hw_text:>19} {hw_kbps / sw_kbps:>8.1f}x  {wins}")
    out.append("  (±: the model's 80 % band, from its errors on published figures left out of "
               "the fit; full table: reports/predictions.csv)")
    return out
