#!/usr/bin/env node
/**
 * Draws the add-in's icons (a stack of three disks on a blue tile) as PNGs in assets/, offline,
 * with nothing but zlib: manifest.xml asks for 16, 32, 64 and 80 pixel icons; the app package of the
 * unified manifest (manifest.json) for a 192 pixel colour icon and a 32 pixel outline, white on
 * transparent (Microsoft 365 app manifest, icons.color and icons.outline).
 * Run: node scripts/make-icons.js   (the PNGs are committed; rerun only to change the design)
 */
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const SIZES = [16, 32, 64, 80];
const TILE = [0x10, 0x5e, 0xa8]; // Excel-like blue
const DISK = [0xff, 0xff, 0xff];
const SHADE = [0xc7, 0xdc, 0xf0];

/** CRC-32 as the PNG chunk trailer wants it (ISO 3309 polynomial). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** One RGBA pixel of the icon at (x, y), for an icon of `size` pixels; the outline is the disks alone, white. */
function pixel(x, y, size, outline = false) {
  if (outline) return disksPixel(x, y, size, [...DISK, 0xff], [...DISK, 0xff]) ?? [0, 0, 0, 0];
  const r = size * 0.18; // rounded tile corners
  const cx = Math.min(Math.max(x + 0.5, r), size - r);
  const cy = Math.min(Math.max(y + 0.5, r), size - r);
  if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r) return [0, 0, 0, 0];
  return disksPixel(x, y, size, [...SHADE, 0xff], [...DISK, 0xff]) ?? [...TILE, 0xff];
}

/** Three disks (flat ellipses' side view): bars with a lighter top edge; undefined off the disks. */
function disksPixel(x, y, size, edge, body) {
  const left = size * 0.22;
  const right = size * 0.78;
  const barHeight = size * 0.16;
  const gap = size * 0.06;
  const top = (size - (3 * barHeight + 2 * gap)) / 2;
  for (let i = 0; i < 3; i++) {
    const y0 = top + i * (barHeight + gap);
    if (x + 0.5 >= left && x + 0.5 <= right && y + 0.5 >= y0 && y + 0.5 <= y0 + barHeight) {
      return y + 0.5 <= y0 + barHeight * 0.3 ? edge : body;
    }
  }
  return undefined;
}

function png(size, outline = false) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) Buffer.from(pixel(x, y, size, outline)).copy(raw, row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const out = path.join(__dirname, "..", "assets");
fs.mkdirSync(out, { recursive: true });
for (const size of SIZES) {
  const file = path.join(out, `icon-${size}.png`);
  fs.writeFileSync(file, png(size));
  console.log(`${path.relative(process.cwd(), file)} ${size}x${size}`);
}
for (const [name, size, outline] of [["icon-color-192.png", 192, false], ["icon-outline-32.png", 32, true]]) {
  const file = path.join(out, name);
  fs.writeFileSync(file, png(size, outline));
  console.log(`${path.relative(process.cwd(), file)} ${size}x${size}${outline ? " outline" : ""}`);
}
