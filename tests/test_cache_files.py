"""Files the engine keeps for itself are never seen half written, by this process or another."""

from __future__ import annotations

import threading

from engine.host.files import write_whole


def test_a_reader_only_ever_sees_a_whole_file_while_two_writers_replace_it(tmp_path):
    path = tmp_path / "shared.json"
    contents = [b"a" * 1_000_000, b"b" * 2_000_000]
    write_whole(path, contents[0])
    seen: set[int] = set()
    done = threading.Event()

    def write(content: bytes) -> None:
        for _ in range(40):
            write_whole(path, content)

    def read() -> None:
        while not done.is_set():
            seen.add(len(path.read_bytes()))

    reader = threading.Thread(target=read)
    reader.start()
    writers = [threading.Thread(target=write, args=(content,)) for content in contents]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    done.set()
    reader.join()
    assert seen <= {len(content) for content in contents} and seen
    assert [p.name for p in tmp_path.iterdir()] == ["shared.json"]  # no temporary file left
    write_whole(path, "text")
    assert path.read_text() == "text"
