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


BASE = 65521  # Adler-32's modulus


def adler_join(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from the checksum of each and the
    length of the second, so parts checked in separate threads give the checksum of the whole.

    Adler-32 keeps A = 1 + the sum of the bytes and B = the sum of A after each byte (both
    modulo 65521): the second part adds its bytes to A, and to B its own B plus A's value at
    the joint (less the 1 it starts from) once per byte.

    >>> adler_join(zlib.adler32(b"Warband"), zlib.adler32(b" boards"), 7) == zlib.adler32(b"Warband boards")
    True
    """
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % BASE
    b = (b1 + b2 + second_length * (a1 - 1)) % BASE
    return (b << 16) | a


def _deflate(raw: bytes, stride: int, rows: range, last: bool) -> tuple[bytes, int, int]:
    """Rows ``rows`` of ``raw``, each after its filter byte, as raw deflate data: a stream of
    its own (no back-references into other rows), ended on a byte boundary so the next part
    follows on, or finished when ``last``; with the Adler-32 and the length of those bytes.
    The part is deflated and checked in one call each, which zlib does without the GIL."""
    filtered = b"".join([b"\x00" + raw[row * stride:(row + 1) * stride] for row in rows])
    deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    data = deflate.compress(filtered) + deflate.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return data, zlib.adler32(filtered), len(filtered)


_POOL = ThreadPoolExecutor(max_workers=PARTS, thread_name_prefix="png")


def encode(image: Image.Image) -> bytes:
    """``image`` (mode RGB) as PNG bytes: 8 bits a channel, no interlace, filter 0 on every row.

    The rows are deflated in :data:`PARTS` parts at once (zlib lets other threads run while it
    works); each part is a deflate stream of its own, joined into the one zlib stream PNG
    wants (header, the parts, the Adler-32 of every row, joined from each part's), so the bytes
    do not depend on timing.
    """
    if image.mode != "RGB":
        raise ValueError(f"encode takes an RGB picture, not {image.mode}")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    cuts = [round(height * k / PARTS) for k in range(PARTS + 1)]
    jobs = [_POOL.submit(_deflate, raw, stride, range(cuts[k], cuts[k + 1]), k == PARTS - 1)
            for k in range(1, PARTS)]
    # The first part here, the others in the pool: one thread fewer to wait for.
    parts = [_deflate(raw, stride, range(cuts[0], cuts[1]), PARTS == 1)] + [job.result() for job in jobs]
    checksum = 1
    for _, part_checksum, length in parts:
        checksum = adler_join(checksum, part_checksum, length)
    stream = b"\x78\x01" + b"".join(data for data, _, _ in parts) + struct.pack(">I", checksum)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")
