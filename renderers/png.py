"""PNG bytes for an RGB picture, written without per-row filters.

Pillow's encoder tries all five PNG filters on every row and keeps the best, which is two
thirds of its time on a board (43 ms of a 24 × 24 board's 120). Boards are large flat areas
of a few colours, which deflate compresses well as they are, so rows go in unfiltered: the
same picture (PNG is lossless either way) in about a quarter of the time, files about a
sixth larger. Pillow offers no setting for the filter, hence these few lines; the chunks
follow the PNG specification (signature, IHDR, IDAT, IEND), with no metadata, so the same
picture always gives the same bytes.

>>> from PIL import Image
>>> import io
>>> picture = Image.new("RGB", (3, 2), (10, 20, 30))
>>> Image.open(io.BytesIO(encode(picture))).convert("RGB").tobytes() == picture.tobytes()
True
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # deflate effort: beyond 3 files barely shrink and encoding takes twice as long
PARTS = 2  # rows deflated in this many parts at once, one per core


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _deflate(raw: bytes, stride: int, rows: range, last: bool) -> bytes:
    """Rows ``rows`` of ``raw``, each after its filter byte, as raw deflate data: a stream of
    its own (no back-references into other rows), ended on a byte boundary so the next part
    follows on, or finished when ``last``."""
    deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    parts = [deflate.compress(b"\x00" + raw[row * stride:(row + 1) * stride]) for row in rows]
    parts.append(deflate.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH))
    return b"".join(parts)


_POOL = ThreadPoolExecutor(max_workers=PARTS, thread_name_prefix="png")


def encode(image: Image.Image) -> bytes:
    """``image`` (mode RGB) as PNG bytes: 8 bits a channel, no interlace, filter 0 on every row.

    The rows are deflated in :data:`PARTS` parts at once (zlib lets other threads run while it
    works); each part is a deflate stream of its own, joined into the one zlib stream PNG
    wants (header, the parts, the Adler-32 of every row), so the bytes do not depend on timing.
    """
    if image.mode != "RGB":
        raise ValueError(f"encode takes an RGB picture, not {image.mode}")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    cuts = [round(height * k / PARTS) for k in range(PARTS + 1)]
    jobs = [_POOL.submit(_deflate, raw, stride, range(cuts[k], cuts[k + 1]), k == PARTS - 1)
            for k in range(PARTS)]
    checksum = 1
    for row in range(height):
        checksum = zlib.adler32(b"\x00", checksum)
        checksum = zlib.adler32(raw[row * stride:(row + 1) * stride], checksum)
    stream = b"\x78\x01" + b"".join(job.result() for job in jobs) + struct.pack(">I", checksum)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
