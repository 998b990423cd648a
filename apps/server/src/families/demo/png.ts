import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

type Rgb = readonly [number, number, number];

/**
 * A phone-screen-shaped PNG: a vertical gradient with a lighter header band and card, so
 * the demo listing has real images to show (Node has no image library; PNG is zlib + CRC).
 */
export function screenshotPng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    const f = y / Math.max(height - 1, 1);
    for (let x = 0; x < width; x += 1) {
      const header = y < height * 0.12;
      const card = y > height * 0.3 && y < height * 0.55 && x > width * 0.08 && x < width * 0.92;
      const lift = header ? 40 : card ? 90 : 0;
      for (let c = 0; c < 3; c += 1) raw[row + 1 + x * 3 + c] = Math.min(255, Math.round(top[c]! + (bottom[c]! - top[c]!) * f) + lift);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
