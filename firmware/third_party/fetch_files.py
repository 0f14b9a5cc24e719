#!/usr/bin/env python3
"""Fetch and verify single files of third-party Git repositories listed in files.lock.

Some sources the project builds against (NXP's MCUXpresso SDK drivers and device headers, Arm's
CMSIS core headers) are published by no package registry, only in Git repositories. files.lock
pins each repository by commit and each file the firmware needs by its SHA-256; a file is used only
after its hash matches, whatever it came from.

Where a file comes from, in order:
  1. a local clone of the repository named by the environment variable <NAME>_GIT (the
     repository's lock name upper-cased, dashes as underscores, e.g. MCUXSDK_CORE_GIT): the file
     is read with `git show <commit>:<path>`, so the clone must contain the pinned commit;
  2. https://raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>.

Files land in build/third_party/<name>/<path>; a `.verified` stamp holding the hash of the lock's
section is written when every file of the repository is in place. A second run does nothing.

Exit status: 0 all requested repositories are in place; 3 some file could not be had from any
source (one line names it and how to provide it; the caller skips what needs it); 1 a file was
had but its hash differs (corrupted or substituted: the run fails).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_LOCK = HERE / "files.lock"
DEFAULT_OUT = HERE.parent.parent / "build" / "third_party"
STAMP = ".verified"
RAW_URL = "https://raw.githubusercontent.com/{repo}/{commit}/{path}"
DOWNLOAD_TIMEOUT_S = 20
EXIT_UNAVAILABLE = 3


class Unavailable(Exception):
    """No source could provide a file: the caller skips, loudly."""


class Mismatch(Exception):
    """A source provided a file whose hash is not the pinned one."""


@dataclass
class Repository:
    name: str
    github: str
    commit: str
    files: dict[str, str] = field(default_factory=dict)  # path -> sha256

    @property
    def env_var(self) -> str:
        return self.name.upper().replace("-", "_") + "_GIT"

    def section_hash(self) -> str:
        text = f"{self.github} {self.commit}\n" + "".join(
            f"{digest} {path}\n" for path, digest in sorted(self.files.items()))
        return hashlib.sha256(text.encode()).hexdigest()


def read_lock(path: Path) -> list[Repository]:
    """`repo <name> <owner/repo> <commit>` lines, each followed by `<sha256> <path>` lines."""
    repositories: list[Repository] = []
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "repo" and len(words) == 4:
            repositories.append(Repository(words[1], words[2], words[3]))
        elif len(words) == 2 and len(words[0]) == 64 and repositories:
            repositories[-1].files[words[1]] = words[0].lower()
        else:
            raise SystemExit(f"fetch_files: error: {path}:{number}: cannot read '{raw.strip()}'")
    return repositories


def from_clone(repo: Repository, path: str) -> bytes | None:
    clone = os.environ.get(repo.env_var)
    if not clone:
        return None
    result = subprocess.run(["git", "-C", clone, "show", f"{repo.commit}:{path}"],
                            capture_output=True, check=False)
    return result.stdout if result.returncode == 0 else None


def from_github(repo: Repository, path: str) -> bytes | None:
    url = RAW_URL.format(repo=repo.github, commit=repo.commit, path=path)
    try:
        with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response:
            return response.read()
    except (urllib.error.URLError, OSError, TimeoutError):
        return None


def obtain(repo: Repository, path: str, digest: str) -> bytes:
    for source, read in (("clone", from_clone), ("github", from_github)):
        content = read(repo, path)
        if content is None:
            continue
        got = hashlib.sha256(content).hexdigest()
        if got != digest:
            raise Mismatch(f"{repo.name}: {path} from the {source} has SHA-256 {got}, "
                           f"expected {digest}")
        return content
    raise Unavailable(
        f"{repo.name}: {path} at {repo.commit[:12]} is not reachable (raw.githubusercontent.com "
        f"unreachable and no clone in ${repo.env_var})")


def ensure(repo: Repository, out: Path) -> None:
    root = out / repo.name
    stamp = root / STAMP
    if stamp.is_file() and stamp.read_text().strip() == repo.section_hash():
        return
    print(f"fetch_files: {repo.name} ({repo.github} {repo.commit[:12]}, {len(repo.files)} files)",
          flush=True)
    for path, digest in sorted(repo.files.items()):
        target = root / path
        if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == digest:
            continue
        content = obtain(repo, path, digest)
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as temporary:
            temporary.write(content)
        os.replace(temporary.name, target)
    stamp.write_text(repo.section_hash() + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lock", type=Path, default=DEFAULT_LOCK)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("names", nargs="*", help="repositories to fetch (default: all)")
    args = parser.parse_args(argv)

    repositories = read_lock(args.lock)
    known = {repo.name for repo in repositories}
    unknown = sorted(set(args.names) - known)
    if unknown:
        print(f"fetch_files: error: not in {args.lock.name}: {', '.join(unknown)} "
              f"(known: {', '.join(sorted(known))})", file=sys.stderr)
        return 2
    try:
        for repo in repositories:
            if not args.names or repo.name in args.names:
                ensure(repo, args.out)
    except Unavailable as error:
        print(f"fetch_files: unavailable: {error}", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except Mismatch as error:
        print(f"fetch_files: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
