"""`python -m models report --measurements FILE --out DIR`: calibrating against a user's own copy of
the measurements file (one added row) writes a separate report in which that row is a calibration
cell, and leaves reports/ alone."""
from __future__ import annotations

import csv

import pytest

from models import __main__ as cli
from models.calibration import published
from models.pipeline import TOP
from models.profiles import store

# A figure a user might have measured on their own board; the value only has to be plausible.
OWN_ROW = ("rt1060-sha256-hs-sw-wolf-c,MIMXRT1060-EVK,i.MX RT1062,cortex-m7,600,gcc 12,high-speed,"
           "wolfSSL 5.5.4,sha256,,sw,1024,cycles_per_byte,41.0,cpb,own board")


@pytest.mark.skipif(not store.load_all(), reason="no stored profiles")
def test_own_measurement_becomes_a_calibration_cell(tmp_path, capsys):
    own = tmp_path / "my-measurements.csv"
    own.write_text(published.DATA.read_text().rstrip("\n") + "\n" + OWN_ROW + "\n")
    out = tmp_path / "report"
    reports_before = (TOP / "reports" / "index.md").stat().st_mtime_ns

    assert cli.main(["report", "--measurements", str(own), "--out", str(out)]) == 0

    rows = list(csv.DictReader((out / "predictions.csv").open()))
    mine = [r for r in rows if (r["board"], r["library"], r["algorithm"], r["path"], r["opt"],
                                r["buffer_bytes"], r["metric"]) ==
            ("rt1060", "wolfcrypt", "sha256", "sw", "high-speed", "1024", "cycles_per_byte")]
    assert len(mine) == 1 and float(mine[0]["measured"]) == 41.0
    assert "rt1060-sha256-hs-sw-wolf-c" in (out / "index.md").read_text()
    assert "rt1060-sha256-hs-sw-wolf-c" in capsys.readouterr().out
    assert (TOP / "reports" / "index.md").stat().st_mtime_ns == reports_before


def test_missing_measurements_file_is_one_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli.main(["table", "--measurements", str(tmp_path / "nope.csv")])
    assert "nope.csv: no such file" in capsys.readouterr().err
