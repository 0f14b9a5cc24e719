"""fetch.py: a corrupted archive is rejected with a clear message and nothing is unpacked."""
import hashlib
import io
import tarfile
from pathlib import Path

import pytest

import fetch


def make_archive(path: Path, files: dict[str, bytes], top: str = "pkg-1.0") -> str:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"{top}/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return hashlib.sha256(path.read_bytes()).hexdigest()


def package_for(archive: Path, sha256: str) -> fetch.Package:
    return fetch.Package("pkg", "1.0", "pypi:pkg", archive.name, sha256, "https://invalid.example/")


def test_good_archive_is_unpacked_once(tmp_path):
    out = tmp_path / "out"
    downloads = out / "downloads"
    downloads.mkdir(parents=True)
    archive = downloads / "pkg-1.0.tar.gz"
    digest = make_archive(archive, {"README": b"hello"})
    package = package_for(archive, digest)
    target = fetch.ensure(package, out, tmp_path / "apt")
    assert (target / "README").read_bytes() == b"hello"
    assert fetch.is_current(package, out)
    (target / "README").write_bytes(b"changed")  # a second run must not unpack again
    fetch.ensure(package, out, tmp_path / "apt")
    assert (target / "README").read_bytes() == b"changed"


def test_corrupted_archive_is_rejected_and_deleted(tmp_path, monkeypatch):
    out = tmp_path / "out"
    downloads = out / "downloads"
    downloads.mkdir(parents=True)
    archive = downloads / "pkg-1.0.tar.gz"
    digest = make_archive(archive, {"README": b"hello"})
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    archive.write_bytes(bytes(data))
    package = package_for(archive, digest)
    # The download step finds the (corrupted) file present with the wrong hash and fetches again;
    # make that "download" deliver the corrupted bytes once more, as a poisoned mirror would.
    monkeypatch.setattr(fetch, "download", lambda p, d, a: archive)
    with pytest.raises(fetch.FetchError, match="SHA-256 mismatch"):
        fetch.ensure(package, out, tmp_path / "apt")
    assert not archive.exists()
    assert not (out / "pkg").exists()
    assert [p.name for p in out.iterdir()] == ["downloads"]


def test_main_reports_one_line_and_fails(tmp_path, capsys, monkeypatch):
    out = tmp_path / "out"
    downloads = out / "downloads"
    downloads.mkdir(parents=True)
    archive = downloads / "pkg-1.0.tar.gz"
    make_archive(archive, {"README": b"hello"})
    lock = tmp_path / "sources.lock"
    lock.write_text(f"pkg 1.0 pypi:pkg {archive.name} {'0' * 64} https://invalid.example/\n")
    monkeypatch.setattr(fetch, "download", lambda p, d, a: archive)
    assert fetch.main(["--lock", str(lock), "--out", str(out)]) == 1
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "SHA-256 mismatch" in error[0] and archive.name in error[0]


def test_unsafe_member_path_is_refused(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    archive = tmp_path / "evil.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        info = tarfile.TarInfo("../escape")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    package = package_for(archive, hashlib.sha256(archive.read_bytes()).hexdigest())
    with pytest.raises(fetch.FetchError, match="unsafe path"):
        fetch.unpack(package, archive, out)
    assert not (tmp_path / "escape").exists()
    assert not (out / "pkg").exists()


def test_lock_file_errors_name_the_line(tmp_path):
    lock = tmp_path / "sources.lock"
    lock.write_text("# comment\npkg 1.0 pypi:pkg pkg.tar.gz nothex https://x/\n")
    with pytest.raises(fetch.FetchError, match=r"sources.lock:2: sha256"):
        fetch.read_lock(lock)


def test_project_lock_pins_every_package():
    packages = fetch.read_lock(fetch.DEFAULT_LOCK)
    assert {p.name for p in packages} == {"mbedtls", "wolfssl", "cryptoauthlib"}
