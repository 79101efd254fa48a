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

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # deflate effort: beyond 3 files barely shrink and encoding takes twice as long


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(image: Image.Image) -> bytes:
    """``image`` (mode RGB) as PNG bytes: 8 bits a channel, no interlace, filter 0 on every row."""
    if image.mode != "RGB":
        raise ValueError(f"encode takes an RGB picture, not {image.mode}")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    deflate = zlib.compressobj(LEVEL)
    parts = [deflate.compress(b"\x00" + raw[row:row + stride]) for row in range(0, len(raw), stride)]
    parts.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")
