"""The teaching labs (docs/labs/): every page has the agreed sections and runnable steps, is linked
from the index and has a check; tools/lab.py compares result files as documented."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import lab

PAGES = sorted(lab.LABS.glob("[0-9]-*.md"))
SECTIONS = ("**Goal.**", "**What you will learn**", "## Steps", "## What you should observe",
            "## Questions", "## Solution and check", "## Pitfalls")


def test_there_are_labs():
    assert len(PAGES) >= 1


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_page_has_sections_steps_and_a_check(page: Path):
    text = page.read_text()
    for section in SECTIONS:
        assert section in text, f"{page.name}: no '{section}'"
    assert lab.steps_of(page), f"{page.name}: no steps"
    number = int(page.name.split("-")[0])
    check = lab.CHECKS / f"test_lab{number}.py"
    assert check.is_file() and "pytest.mark.lab" in check.read_text()
    assert f"make lab N={number}" in text


def test_index_links_every_page_and_only_pages_that_exist():
    index = (lab.LABS / "README.md").read_text()
    links = set(re.findall(r"\]\(([0-9]-[a-z0-9-]+\.md)\)", index))
    assert links == {p.name for p in PAGES}


def test_steps_are_the_sh_blocks_of_the_steps_section(tmp_path: Path):
    page = tmp_path / "9-x.md"
    page.write_text("# x\n```sh\nnot a step\n```\n## Steps\n\n1. a\n\n```sh\necho a\n```\n"
                    "```python\nnot a step\n```\n```sh\necho b\necho c\n```\n## Questions\n"
                    "```sh\nnot a step\n```\n")
    assert lab.steps_of(page) == ["echo a\n", "echo b\necho c\n"]


def test_compare_prints_each_file_and_the_ratio(tmp_path: Path, capsys):
    def write(name: str, cycles: int) -> Path:
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps({"algorithm": "sha256", "key_bits": 0, "buffer_bytes": 64,
                                    "iterations": 4, "cycles": cycles, "bytes": 256}) + "\n")
        return path

    assert lab.compare([write("sw", 2560), write("hw", 1280)]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "sha256" in line)
    assert row.split()[-3:] == ["10.00", "5.00", "2.00"]


def test_pivot_spreads_one_column_and_filters_rows(tmp_path: Path, capsys):
    sweep = tmp_path / "results.csv"
    sweep.write_text("sweep,point,board,path,buffer_bytes,algorithm,cycles_per_byte,figures\n"
                     "s,a,rt1060,sw,16,sha256,200,simulated\n"
                     "s,b,rt1060,hw,16,sha256,400,simulated\n"
                     "s,c,rt1060,sw,4096,sha256,45,simulated\n"
                     "s,d,rt1060,hw,4096,sha256,9,simulated\n"
                     "s,c,rt1060,sw,4096,sha1,20,simulated\n")
    assert lab.pivot(sweep, "path", "cycles_per_byte", ["algorithm=sha256"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("SIMULATED figures: cycles_per_byte, one column per path")
    rows = [line.split() for line in lines[2:]]
    assert rows == [["16", "200.00", "400.00", "0.50"], ["4096", "45.00", "9.00", "5.00"]]
    assert lab.pivot(sweep, "nope", "cycles_per_byte", []) == 1


def test_pivot_shows_predicted_figures_by_default_where_the_sweep_priced_them(tmp_path: Path,
                                                                               capsys):
    """A priced sweep's predicted columns are figures, not point keys, and the default."""
    sweep = tmp_path / "results.csv"
    sweep.write_text("sweep,point,board,path,buffer_bytes,algorithm,cycles_per_byte,figures,"
                     "predicted_cycles_per_byte,predicted_kib_per_s,band_pct,model\n"
                     "s,a,rt1170,sw,64,sha1,90,simulated,160,3000,9.8,core\n"
                     "s,b,rt1170,hw,64,sha1,80,simulated,320,1500,11.4,caam\n")
    assert lab.pivot(sweep, "path", None, []) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("PREDICTED (calibrated models, within ±10-11 %) figures: "
                               "predicted_cycles_per_byte")
    assert lines[2].split() == ["160.00", "320.00", "0.50"]
    assert lab.pivot(sweep, "path", "cycles_per_byte", []) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("SIMULATED figures: cycles_per_byte")
    assert lines[2].split() == ["90.00", "80.00", "1.12"]
