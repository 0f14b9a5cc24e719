"""robot_summary.py fails when zero tests ran, and on any failed test."""
import robot_summary

XML = """<?xml version="1.0"?><robot><suite name="s">{tests}</suite></robot>"""


def write(tmp_path, statuses):
    tests = "".join(f'<test name="t{i}"><status status="{s}"/></test>' for i, s in enumerate(statuses))
    path = tmp_path / "robot_output.xml"
    path.write_text(XML.format(tests=tests))
    return path


def test_zero_tests_fail(tmp_path, capsys):
    assert robot_summary.main([str(write(tmp_path, []))]) == 1
    assert "zero tests ran" in capsys.readouterr().err


def test_all_passed(tmp_path, capsys):
    assert robot_summary.main([str(write(tmp_path, ["PASS", "PASS"]))]) == 0
    assert "2 tests ran: 2 passed, 0 failed" in capsys.readouterr().out


def test_one_failure_fails(tmp_path):
    assert robot_summary.main([str(write(tmp_path, ["PASS", "FAIL"]))]) == 1


def test_missing_file_fails(tmp_path):
    assert robot_summary.main([str(tmp_path / "none.xml")]) == 1
