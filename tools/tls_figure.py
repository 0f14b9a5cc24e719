"""The TLS handshake report's figure: each run's handshake on hardware as its four parts.

One horizontal bar per board, path and library (the report's order), split into the shares of
the client's CPU (predicted), the accelerator or secure element (modelled), the link (its bytes
at the line rate) and the server (simulated), with the whole in milliseconds at its end. Shares,
not a time axis: the rows span 170 ms to 12.6 s, and parts stacked on a logarithmic axis would
not show their sizes. The figure's data are the report's JSON beside it
(reports/tls-handshake.json).
"""
from __future__ import annotations

from pathlib import Path

# The parts in the order they are stacked: (the row's key, the legend's name, the colour).
PARTS = (("client_predicted_s", "client CPU, predicted", "#1f77b4"),
         ("accelerator_s", "accelerator or secure element, modelled", "#ff7f0e"),
         ("link_s", "link at the line rate", "#2ca02c"),
         ("server_s", "server, simulated", "#9467bd"))


def label(row: dict, library_name: str) -> str:
    path = row["path"] + (f" ({row['accelerator']})" if row.get("accelerator") else "")
    return f"{row['board']} {path}, {library_name}"


def write_figure(runs: list[dict], names: list[str], out: Path) -> Path:
    """Writes the figure of `runs` (their labels' library names in `names`) to `out` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 0.42 * len(runs) + 1.8))
    rows = list(range(len(runs)))[::-1]
    for y, row in zip(rows, runs):
        whole = sum(row[key] for key, _, _ in PARTS)
        left = 0.0
        for key, _, colour in PARTS:
            share = 100.0 * row[key] / whole if whole > 0 else 0.0
            if share > 0:
                ax.barh(y, share, left=left, color=colour, height=0.7)
            left += share
        ax.text(101, y, f"{whole * 1e3:,.0f} ms", va="center", fontsize=8)
    ax.set_yticks(rows)
    ax.set_yticklabels([label(row, name) for row, name in zip(runs, names)], fontsize=8)
    ax.set_xlim(0, 115)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("share of the handshake on hardware (%); the whole at the right")
    ax.set_title("TLS 1.2 handshake on hardware, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256")
    handles = [plt.Rectangle((0, 0), 1, 1, color=colour) for _, _, colour in PARTS]
    ax.legend(handles, [name for _, name, _ in PARTS], fontsize=7, ncol=2,
              loc="upper center", bbox_to_anchor=(0.5, -0.12 - 0.3 / max(len(runs), 1)))
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
