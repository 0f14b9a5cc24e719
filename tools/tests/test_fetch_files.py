"""fetch_files.py: files come from a local clone at the pinned commit, are used only when their
SHA-256 matches, and an unreachable file makes the run end with the skip status, not a failure."""
import hashlib
import subprocess
from pathlib import Path

import pytest

import fetch_files


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


@pytest.fixture
def clone(tmp_path):
    """A repository with one commit holding drivers/a.c, then a second commit changing it."""
    repo = tmp_path / "upstream"
    (repo / "drivers").mkdir(parents=True)
    git(repo.parent, "init", "-q", str(repo))
    git(repo, "config", "user.email", "t@example.invalid")
    git(repo, "config", "user.name", "t")
    (repo / "drivers" / "a.c").write_bytes(b"int a;\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "one")
    pinned = git(repo, "rev-parse", "HEAD")
    (repo / "drivers" / "a.c").write_bytes(b"int changed;\n")
    git(repo, "commit", "-q", "-am", "two")
    return repo, pinned


def write_lock(path: Path, commit: str, digest: str) -> Path:
    path.write_text(f"# test\nrepo demo-sdk owner/demo {commit}\n{digest} drivers/a.c\n")
    return path


def test_file_comes_from_the_pinned_commit_of_the_clone(tmp_path, clone, monkeypatch):
    repo, pinned = clone
    lock = write_lock(tmp_path / "files.lock", pinned, hashlib.sha256(b"int a;\n").hexdigest())
    monkeypatch.setenv("DEMO_SDK_GIT", str(repo))
    out = tmp_path / "out"
    assert fetch_files.main(["--lock", str(lock), "--out", str(out)]) == 0
    assert (out / "demo-sdk" / "drivers" / "a.c").read_bytes() == b"int a;\n"
    assert (out / "demo-sdk" / ".verified").is_file()


def test_wrong_hash_fails_and_writes_nothing(tmp_path, clone, monkeypatch, capsys):
    repo, pinned = clone
    lock = write_lock(tmp_path / "files.lock", pinned, "0" * 64)
    monkeypatch.setenv("DEMO_SDK_GIT", str(repo))
    out = tmp_path / "out"
    assert fetch_files.main(["--lock", str(lock), "--out", str(out)]) == 1
    assert "drivers/a.c" in capsys.readouterr().err
    assert not (out / "demo-sdk" / "drivers" / "a.c").exists()


def test_unreachable_file_ends_with_the_skip_status(tmp_path, monkeypatch, capsys):
    lock = write_lock(tmp_path / "files.lock", "1" * 40, "0" * 64)
    monkeypatch.delenv("DEMO_SDK_GIT", raising=False)
    monkeypatch.setattr(fetch_files, "from_github", lambda repo, path: None)
    assert fetch_files.main(["--lock", str(lock), "--out", str(tmp_path / "out")]) == 3
    assert "DEMO_SDK_GIT" in capsys.readouterr().err


def test_unknown_repository_name_is_one_clear_error(tmp_path, capsys):
    lock = write_lock(tmp_path / "files.lock", "1" * 40, "0" * 64)
    assert fetch_files.main(["--lock", str(lock), "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err


def test_project_lock_pins_every_file_by_a_full_hash():
    repositories = fetch_files.read_lock(fetch_files.DEFAULT_LOCK)
    assert {repo.name for repo in repositories} == {"mcuxsdk-core", "mcux-devices-rt", "cmsis-6",
                                                   "cryptoauthlib-tests", "mbedtls-2-16-2",
                                                   "embench-iot", "x25519-cm0", "aes-armcortexm",
                                                   "coremark-arduino", "mcuxsdk-core-2412",
                                                   "mcux-devices-rt-2412", "mcux-component-2412",
                                                   "mcuxsdk-examples-2412", "mbedtls-2412",
                                                   "stm32f4-hal", "cmsis-device-f4",
                                                   "harmony-d21-apps", "newlib"}
    for repo in repositories:
        assert len(repo.commit) == 40
        assert repo.files and all(len(digest) == 64 for digest in repo.files.values())
