"""A game's replay as one animated image: a frame per phase, under Discord's upload limit.

Frames come in as PNG bytes (one board per phase, drawn by the board renderers with a caption
naming the phase and its key event); out comes an animated GIF. To stay under ``max_bytes``
the frames are scaled down step by step, and if that is not enough, every other frame is
dropped (the first and last are always kept).

>>> from PIL import Image
>>> import io
>>> def png(colour):
...     out = io.BytesIO(); Image.new("RGB", (40, 30), colour).save(out, "PNG"); return out.getvalue()
>>> gif = animate([png("red"), png("blue")])
>>> Image.open(io.BytesIO(gif)).n_frames
2
"""

from __future__ import annotations

import io

from PIL import Image

DISCORD_UPLOAD_LIMIT = 10 * 1024 * 1024
SCALES = (1.0, 0.75, 0.6, 0.5, 0.4, 0.3)


def _encode(images: list[Image.Image], scale: float, duration_ms: int) -> bytes:
    frames = []
    for image in images:
        if scale != 1.0:
            image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                                 Image.Resampling.LANCZOS)
        # Fast octree quantisation: board images are flat colours, and adaptive (median cut)
        # quantisation of a hundred frames costs seconds.
        frames.append(image.quantize(colors=255, method=Image.Quantize.FASTOCTREE))
    out = io.BytesIO()
    # The last frame stays longer: it is the result.
    durations = [duration_ms] * (len(frames) - 1) + [duration_ms * 3]
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=True, disposal=1)
    return out.getvalue()


def _thin(images: list) -> list:
    """Every other frame, keeping the first and the last."""
    if len(images) <= 2:
        return images
    kept = images[:-1:2]
    return kept + [images[-1]]


def animate(frames_png: list[bytes], *, max_bytes: int = DISCORD_UPLOAD_LIMIT, duration_ms: int = 1200) -> bytes:
    """An animated GIF of the frames, no larger than ``max_bytes``."""
    if not frames_png:
        raise ValueError("a replay needs at least one frame")
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data in frames_png]
    while True:
        for scale in SCALES:
            gif = _encode(images, scale, duration_ms)
            if len(gif) <= max_bytes:
                return gif
            # The size goes with the area: skip the scales that cannot fit.
            needed = (max_bytes / len(gif)) ** 0.5 * scale
            if needed < SCALES[-1]:
                break
        if len(images) <= 2:
            raise ValueError(f"even two small frames exceed {max_bytes} bytes")
        images = _thin(images)
