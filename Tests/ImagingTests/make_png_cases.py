#!/usr/bin/env python3
"""Writes PNGCases.swift: 5 × 6 PNGs of every color type and bit depth, plain and Adam7-interlaced,
row filters cycling None, Sub, Up, Average, Paeth, the data split over two IDAT chunks with a text
chunk before them, and the gray each pixel must read as. Run from the package root."""
import base64
import random
import struct
import zlib

random.seed(7)
W, H = 5, 6
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(rows, stride):
    out, prev = b"", bytes(len(rows[0]))
    for index, row in enumerate(rows):
        kind = index % 5
        line = bytearray()
        for x in range(len(row)):
            a = row[x - stride] if x >= stride else 0
            b = prev[x]
            c = prev[x - stride] if x >= stride else 0
            line.append((row[x] - [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) & 255)
        out += bytes([kind]) + bytes(line)
        prev = row
    return out


def pack(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    bits = "".join(format(s, "0%db" % depth) for s in samples)
    bits += "0" * ((-len(bits)) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def luminance(r, g, b, a=255):
    gray = (r * 299 + g * 587 + b * 114 + 500) // 1000
    return (gray * a + 255 * (255 - a) + 127) // 255


def make(color_type, depth, interlace):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    palette = [(random.randrange(256), random.randrange(256), random.randrange(256)) for _ in range(4)]
    alphas = [255, 128, 0, 200]
    pixels, expected = {}, []
    for y in range(H):
        for x in range(W):
            top = (1 << depth) - 1
            if color_type == 0:
                value = random.randrange(top + 1)
                samples = [value]
                gray = value * 255 // top if depth < 8 else (value >> 8 if depth == 16 else value)
            elif color_type == 3:
                index = random.randrange(4 if depth >= 2 else 2)
                samples = [index]
                gray = luminance(*palette[index], alphas[index])
            else:
                samples = [random.randrange(top + 1) for _ in range(channels)]
                high = [v >> 8 if depth == 16 else v for v in samples]
                gray = luminance(high[0], high[0], high[0], high[1]) if color_type == 4 else luminance(*high)
            pixels[(x, y)] = samples
            expected.append(gray)
    stride = max(1, channels * depth // 8)

    def rows(xs, ys):
        return [pack([v for x in xs for v in pixels[(x, y)]], depth) for y in ys]

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = list(range(x0, W, dx)), list(range(y0, H, dy))
            if xs and ys:
                raw += filtered(rows(xs, ys), stride)
    else:
        raw = filtered(rows(range(W), range(H)), stride)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, interlace))
    if color_type == 3:
        data += chunk(b"PLTE", b"".join(bytes(p) for p in palette)) + chunk(b"tRNS", bytes(alphas))
    data += chunk(b"tEXt", b"Comment\x00made for the tests")
    compressed = zlib.compress(raw, 9)
    half = len(compressed) // 2
    data += chunk(b"IDAT", compressed[:half]) + chunk(b"IDAT", compressed[half:]) + chunk(b"IEND", b"")
    return data, expected


cases = []
for color_type, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
    for depth in depths:
        for interlace in (0, 1):
            data, expected = make(color_type, depth, interlace)
            cases.append(
                f"    PNGCase(colorType: {color_type}, bitDepth: {depth}, interlaced: {'true' if interlace else 'false'},\n"
                f"      base64: \"{base64.b64encode(data).decode()}\",\n"
                f"      gray: {expected}),")

with open("Tests/ImagingTests/PNGCases.swift", "w") as out:
    out.write('''// Written by make_png_cases.py: do not edit by hand.

/// A PNG of 5 × 6 pixels and the gray each pixel must read as (luminance, alpha over white).
struct PNGCase: CustomStringConvertible, Sendable {
  let colorType: Int
  let bitDepth: Int
  let interlaced: Bool
  let base64: String
  let gray: [UInt8]

  var description: String { "type \\(colorType), \\(bitDepth) bits\\(interlaced ? ", interlaced" : "")" }

  /// Every color type and bit depth, plain and Adam7-interlaced, row filters cycling through all
  /// five, the data split over two IDAT chunks with a text chunk before them.
  static let all: [PNGCase] = [
''' + "\n".join(cases) + "\n  ]\n}\n")
