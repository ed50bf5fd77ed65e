"""Writes the game's sounds, static/sounds/*.wav: short tones made here, so that no file of unknown licence
is shipped and none is fetched at run time. Run it again after changing a tone: python scripts/sounds.py"""

import math
import struct
import wave
from pathlib import Path

RATE = 22_050  # samples a second: plenty for tones under 2 kHz, and small files
VOLUME = 0.35  # of the loudest a sample can be: a game's sounds stay in the background
OUT = Path(__file__).resolve().parent.parent / "static" / "sounds"

# Each sound: its notes, (frequency in Hz, start and length in seconds).
Note = tuple[float, float, float]
SOUNDS: dict[str, list[Note]] = {
    "card": [(880.0, 0.0, 0.06)],  # a card played: a short tick
    "streak": [(660.0, 0.0, 0.05), (990.0, 0.04, 0.08)],  # a streak grows: a step up (the page raises its pitch)
    "peak": [(784.0, 0.0, 0.12), (1047.0, 0.1, 0.25)],  # a peak cleared: two notes
    "win": [(523.0, 0.0, 0.16), (659.0, 0.14, 0.16), (784.0, 0.28, 0.16), (1047.0, 0.42, 0.45)],  # a rising chord
    "draw": [(587.0, 0.0, 0.04), (440.0, 0.03, 0.07)],  # a card drawn: a soft step down, lower than a card played
    "refusal": [(196.0, 0.0, 0.14), (208.0, 0.0, 0.14)],  # a refused tap: a low, dull beat of two close notes
}


def sample(notes: list[Note], t: float) -> float:
    """The sum of the notes sounding at ``t``, each a sine with a quick rise and an exponential fall."""
    value = 0.0
    for frequency, start, length in notes:
        into = t - start
        if 0 <= into < length:
            rise = min(1.0, into / 0.005)  # 5 ms, so that a note does not click
            fall = math.exp(-5 * into / length)
            value += math.sin(2 * math.pi * frequency * into) * rise * fall
    return value


def write(name: str, notes: list[Note]) -> Path:
    seconds = max(start + length for _, start, length in notes)
    values = [sample(notes, i / RATE) for i in range(int(seconds * RATE))]
    loudest = max(abs(v) for v in values) or 1.0
    frames = b"".join(struct.pack("<h", round(v / loudest * VOLUME * 32767)) for v in values)
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return path


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, notes in SOUNDS.items():
        path = write(name, notes)
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size:,} bytes")
