"""The quick reader of MTGJSON files (json_text) reads what the streaming one (json_stream)
reads, and leaves to it every file it cannot read the same way."""

import gzip
import io
from pathlib import Path

from django.conf import settings
from django.test import SimpleTestCase

from oracle.importers import json_stream, json_text

MTGJSON = Path(settings.BASE_DIR) / "fixtures" / "mtgjson"


def quick(data: bytes) -> list:
    text = data.decode()
    json_text.check_plain(text)
    return list(json_text.top_level_items(text, "data"))


class QuickReaderTests(SimpleTestCase):
    def test_reads_every_bundled_file_as_the_stream_does(self):
        for path in sorted(MTGJSON.glob("*.json")):
            with self.subTest(path.name), path.open("rb") as handle:
                self.assertEqual(
                    quick(path.read_bytes()), list(json_stream.top_level_items(handle, "data"))
                )

    def test_reads_the_whole_text_of_a_compressed_file(self):
        data = (MTGJSON / "TSB.json").read_bytes()
        with gzip.open(io.BytesIO(gzip.compress(data))) as handle:
            self.assertEqual(json_text.read_text(handle), data.decode())

    def test_leaves_to_the_stream_what_it_cannot_read_the_same_way(self):
        cases = {
            "an escaped NUL": b'{"data": {"A": "x\\u0000"}}',
            "half a surrogate pair": b'{"data": {"A": "\\ud83d"}}',
            "a long text": b'{"data": {"A": "' + b"x" * 100_001 + b'"}}',
            "a long text of escaped quotes": b'{"data": {"A": "' + b'\\"' * 60_000 + b'"}}',
            "NaN": b'{"data": {"A": NaN}}',
            "a trailing comma": b'{"data": {"A": 1,}}',
            "deep nesting": b'{"data": {"A": ' + b"[" * 200_000 + b"]" * 200_000 + b"}}",
            "a list at the top": b"[1, 2]",
            "cut short": b'{"data": {"A": [1, 2',
        }
        for name, data in cases.items():
            with self.subTest(name), self.assertRaises(json_text.NotPlain):
                quick(data)

    def test_reads_texts_with_quotes_and_a_data_list(self):
        self.assertEqual(quick(b'{"data": {"A": "say \\"hi\\"\\\\"}}'), [("A", 'say "hi"\\')])
        self.assertEqual(quick(b'{"meta": {"v": 1}, "data": [1]}'), [(None, [1])])
        self.assertEqual(quick(b'{"data": {}}'), [])
