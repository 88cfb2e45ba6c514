"""Outputs that cannot be written, and inputs that are not text: one line and exit code 2, nothing measured lost."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import ROOT, specviz

TINY = ["--draft", "tiny-draft", "--target", "tiny-target"]
FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
def test_generate_into_a_full_device_is_one_line():
    with FULL.open("w") as full:
        done = subprocess.run([sys.executable, "-m", "specviz", "generate", *TINY, "--prompt", "x",
                               "--max-new-tokens", "4", "--json"], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["specviz: error: cannot write the output: No space left on device"]


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
def test_a_report_file_that_cannot_be_written_keeps_the_printed_report():
    done = specviz("bench", "--quick", "--no-hf", "--json", str(FULL))
    errors = [line for line in done.stderr.split("\n") if line.startswith("specviz: error")]  # past the progress bar
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert errors == ["specviz: error: cannot write /dev/full: No space left on device (the report is printed above)"]
    assert "specviz-baseline" in done.stdout  # the measured report, printed before the file was tried


def test_a_binary_prompts_file_is_one_line(tmp_path):
    binary = tmp_path / "prompts.jsonl"
    binary.write_bytes(bytes(range(256)) * 4)
    done = specviz("bench", "--quick", "--no-hf", "--prompts", str(binary))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "is not UTF-8 text" in done.stderr
