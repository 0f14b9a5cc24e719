"""python -m models.validation [report|profile ...|size] (see models/validation/__init__.py)."""
from __future__ import annotations

import sys

from models.validation import profile, report, size


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = argv[0] if argv else "report"
    if command not in ("report", "profile", "size"):
        print(f"validation: error: unknown command {command!r} (report, profile, size)",
              file=sys.stderr)
        return 2
    if command == "size":
        status = size.main()
        if status:
            return status
    if command == "profile":
        status = profile.main(argv[1:])
        if status:
            return status
    if not profile.load_all():
        print(f"validation: error: no stored profiles under {profile.DATA}; run "
              f"`{profile.MAKE}` and `python -m models.validation profile` (needs Renode)",
              file=sys.stderr)
        return 1
    index = report.write()
    print(f"validation: wrote {index.relative_to(report.TOP)} and validation.csv")
    print(index.read_text().split("## Results", 1)[1].strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
