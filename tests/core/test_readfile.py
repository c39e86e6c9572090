"""Files that are not files: devices, pipes and folders are refused before a byte is read, and reads are bounded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.readfile import FileTooLarge, NotRegularFile, read_bounded
from game.core.saves import write_save
from game.modes.grid.mode import default_seats
from tests.hostile import ROOT, assert_refused, run_game

needs_devices = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero and /dev/urandom")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "map.tmx"
    os.mkfifo(path)
    return path


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"abc")
    assert read_bounded(path, 3) == b"abc"


def test_a_file_over_the_limit_is_refused(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"abcd")
    with pytest.raises(FileTooLarge):
        read_bounded(path, 3)


def test_a_pipe_is_refused_without_waiting_for_a_writer(fifo):
    with pytest.raises(NotRegularFile, match="pipe"):
        read_bounded(fifo, 100)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(NotRegularFile, match="folder"):
        read_bounded(tmp_path, 100)


@needs_devices
def test_a_device_is_refused_even_though_its_size_reads_zero():
    with pytest.raises(NotRegularFile, match="device"):
        read_bounded("/dev/zero", 100)


@needs_devices
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_check_map_refuses_a_device_in_one_line(device):
    assert_refused(run_game("check-map", device), device, "device")


def test_check_map_simulate_and_replay_refuse_a_pipe_as_a_map(fifo, tmp_path):
    assert_refused(run_game("check-map", str(fifo)), str(fifo), "pipe")
    assert_refused(run_game("simulate", "--map", str(fifo), "--games", "1"), "pipe")
    assert_refused(run_game("replay", "--check", str(fifo)), str(fifo), "pipe")


def test_a_save_naming_a_pipe_as_its_map_is_refused(fifo, tmp_path):
    options = {"map": str(ROOT / "maps" / "crypt.tmx"), "heroes": ["warrior"], "monsters": ["skeleton"]}
    save = write_save(Match(MatchSetup("grid", default_seats(), options), 3), tmp_path / "shared.json")
    data = json.loads(save.read_text())
    data["setup"]["options"]["map"] = str(fifo)
    save.write_text(json.dumps(data))
    assert_refused(run_game("replay", "--check", str(save)), str(save), "pipe")
