#!/usr/bin/env python3
"""Fetch, verify and unpack the third-party sources listed in sources.lock.

Each archive is downloaded into build/third_party/downloads/, checked against its pinned SHA-256
and only then unpacked, into a temporary directory that is renamed into place when complete. A
stamp file records the hash of what was unpacked, so a second run does nothing and a half-unpacked
tree is never used. A corrupted or substituted archive is deleted and the run fails with one line
naming the file and both hashes.

Debian source packages are fetched with `apt-get source --download-only` through a private apt
configuration under build/apt/ whose deb-src entries are derived from the machine's own apt
sources; the system's apt configuration is never modified.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_LOCK = HERE / "sources.lock"
DEFAULT_OUT = HERE.parent.parent / "build" / "third_party"
STAMP = ".unpacked-sha256"


class FetchError(Exception):
    """A problem the user must see as one clear line."""


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    origin: str
    archive: str
    sha256: str
    fallback: str


def read_lock(path: Path) -> list[Package]:
    packages = []
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        if len(fields) != 6:
            raise FetchError(f"{path}:{number}: expected 6 fields "
                             f"(name version origin archive sha256 fallback), got {len(fields)}")
        package = Package(*fields)
        if not re.fullmatch(r"[0-9a-f]{64}", package.sha256):
            raise FetchError(f"{path}:{number}: sha256 must be 64 lowercase hex digits")
        if not re.fullmatch(r"(debian|pypi):[A-Za-z0-9.+_-]+", package.origin):
            raise FetchError(f"{path}:{number}: origin must be debian:<package> or pypi:<project>")
        packages.append(package)
    return packages


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def log(message: str) -> None:
    print(f"[third_party] {message}", flush=True)


# --- downloads -------------------------------------------------------------------------------

def private_apt_config(apt_dir: Path) -> Path:
    """Write an apt configuration whose deb-src entries mirror the machine's deb entries."""
    parts = apt_dir / "sources.list.d"
    for sub in (parts, apt_dir / "lists" / "partial", apt_dir / "cache" / "archives" / "partial",
                apt_dir / "preferences.d"):
        sub.mkdir(parents=True, exist_ok=True)
    deb822, one_line = [], []
    system_files = [Path("/etc/apt/sources.list")] + sorted(Path("/etc/apt/sources.list.d").glob("*"))
    for source in system_files:
        if not source.is_file():
            continue
        text = source.read_text(errors="replace")
        if source.suffix == ".sources":
            deb822.append(re.sub(r"(?m)^Types:\s*deb\s*$", "Types: deb-src", text))
        elif source.suffix == ".list" or source.name == "sources.list":
            one_line += [re.sub(r"^deb\s", "deb-src ", line) for line in text.splitlines()
                         if re.match(r"^deb\s", line.strip())]
    (parts / "derived.sources").write_text("\n\n".join(deb822) + "\n")
    (parts / "derived.list").write_text("\n".join(one_line) + "\n")
    config = apt_dir / "apt.conf"
    config.write_text(
        'Dir::Etc::SourceList "/dev/null";\n'
        f'Dir::Etc::SourceParts "{parts}";\n'
        f'Dir::State::Lists "{apt_dir / "lists"}";\n'
        f'Dir::Cache "{apt_dir / "cache"}";\n'
        'Dir::Etc::Preferences "/dev/null";\n'
        f'Dir::Etc::PreferencesParts "{apt_dir / "preferences.d"}";\n')
    return config


def fetch_debian(package: Package, downloads: Path, apt_dir: Path) -> None:
    if not shutil.which("apt-get"):
        raise FetchError("apt-get is not available")
    config = private_apt_config(apt_dir)
    env = dict(os.environ, APT_CONFIG=str(config))
    stamp = apt_dir / "updated"
    if not stamp.exists():
        log("apt-get update (private deb-src configuration in build/apt)")
        run = subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise FetchError(f"apt-get update failed: {run.stderr.strip().splitlines()[-1:]}")
        stamp.touch()
    source = package.origin.split(":", 1)[1]
    log(f"apt-get source --download-only {source}")
    run = subprocess.run(["apt-get", "source", "--download-only", "-qq", source], cwd=downloads,
                         env=env, capture_output=True, text=True)
    if run.returncode != 0 or not (downloads / package.archive).exists():
        raise FetchError(f"apt-get source {source} did not provide {package.archive}")


def fetch_url(url: str, target: Path) -> None:
    log(f"download {url}")
    partial = target.with_suffix(target.suffix + ".part")
    try:
        with urllib.request.urlopen(url, timeout=120) as response, partial.open("wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise FetchError(f"cannot download {url}: {error}") from error
    partial.replace(target)


def fetch_pypi(package: Package, downloads: Path) -> None:
    project = package.origin.split(":", 1)[1]
    api = f"https://pypi.org/pypi/{project}/json"
    try:
        with urllib.request.urlopen(api, timeout=60) as response:
            release = json.load(response)
    except (OSError, ValueError) as error:
        raise FetchError(f"cannot query {api}: {error}") from error
    for entry in release.get("releases", {}).get(package.version, []):
        if entry.get("packagetype") == "sdist" and entry.get("filename") == package.archive:
            fetch_url(entry["url"], downloads / package.archive)
            return
    raise FetchError(f"{api} lists no sdist named {package.archive}")


def download(package: Package, downloads: Path, apt_dir: Path) -> Path:
    archive = downloads / package.archive
    if archive.exists() and sha256_of(archive) == package.sha256:
        return archive
    archive.unlink(missing_ok=True)
    try:
        if package.origin.startswith("debian:"):
            fetch_debian(package, downloads, apt_dir)
        else:
            fetch_pypi(package, downloads)
    except FetchError as error:
        log(f"{package.name}: {error}; trying the upstream release archive")
        fetch_url(package.fallback, archive)
    return archive


# --- verification and unpacking ----------------------------------------------------------------

def verify(package: Package, archive: Path) -> None:
    actual = sha256_of(archive)
    if actual != package.sha256:
        archive.unlink(missing_ok=True)
        raise FetchError(f"{archive.name}: SHA-256 mismatch (expected {package.sha256}, "
                         f"got {actual}); the file was deleted and nothing was unpacked")


def unpack(package: Package, archive: Path, out: Path) -> Path:
    """Unpack into a temporary directory, then move its single top directory into place."""
    target = out / package.name
    temporary = Path(tempfile.mkdtemp(prefix=f".{package.name}-", dir=out))
    try:
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                name = Path(member.name)
                if name.is_absolute() or ".." in name.parts or member.issym() and \
                        Path(member.linkname).is_absolute():
                    raise FetchError(f"{archive.name}: unsafe path in archive: {member.name}")
            tar.extractall(temporary)
        tops = [entry for entry in temporary.iterdir()]
        root = tops[0] if len(tops) == 1 and tops[0].is_dir() else temporary
        (root / STAMP).write_text(package.sha256 + "\n")
        if target.exists():
            shutil.rmtree(target)
        root.rename(target)
    except (tarfile.TarError, OSError) as error:
        raise FetchError(f"{archive.name}: cannot unpack: {error}") from error
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return target


def is_current(package: Package, out: Path) -> bool:
    stamp = out / package.name / STAMP
    return stamp.exists() and stamp.read_text().strip() == package.sha256


def ensure(package: Package, out: Path, apt_dir: Path) -> Path:
    if is_current(package, out):
        return out / package.name
    downloads = out / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    archive = download(package, downloads, apt_dir)
    verify(package, archive)
    target = unpack(package, archive, out)
    log(f"{package.name} {package.version}: verified and unpacked into {target}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lock", type=Path, default=DEFAULT_LOCK)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--apt-dir", type=Path, default=None,
                        help="private apt state (default: <out>/../apt)")
    parser.add_argument("names", nargs="*", help="packages to fetch (default: all)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    apt_dir = (args.apt_dir or out.parent / "apt").resolve()
    try:
        packages = read_lock(args.lock)
        known = {package.name for package in packages}
        unknown = [name for name in args.names if name not in known]
        if unknown:
            raise FetchError(f"unknown package {unknown[0]!r}; valid: {', '.join(sorted(known))}")
        out.mkdir(parents=True, exist_ok=True)
        for package in packages:
            if not args.names or package.name in args.names:
                ensure(package, out, apt_dir)
    except FetchError as error:
        print(f"[third_party] error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
