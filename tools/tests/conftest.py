import sys
from pathlib import Path

TOP = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TOP / "firmware" / "third_party"))
sys.path.insert(0, str(TOP / "tools"))
sys.path.insert(0, str(TOP / "firmware" / "apps" / "selftest"))
