import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

// Drawn stand-ins for the files a member uploads in the verification journey: an ID card and a
// selfie, as JPEGs of a plausible size, so the admin queue's screenshots show something legible.
const ID_CARD = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
  <rect width="856" height="540" rx="36" fill="#f4efe3"/>
  <rect width="856" height="110" rx="36" fill="#3b1f6b"/>
  <text x="40" y="72" font-family="sans-serif" font-size="44" font-weight="700" fill="#e7c35a">SPECIMEN DRIVER LICENSE</text>
  <rect x="40" y="150" width="230" height="300" rx="18" fill="#c9b8e6"/>
  <circle cx="155" cy="250" r="62" fill="#8a6cc0"/>
  <rect x="85" y="330" width="140" height="100" rx="50" fill="#8a6cc0"/>
  <text x="310" y="200" font-family="sans-serif" font-size="30" fill="#2a1650">NAME  SAMPLE MEMBER</text>
  <text x="310" y="260" font-family="sans-serif" font-size="30" fill="#2a1650">DOB   01/01/1990</text>
  <text x="310" y="320" font-family="sans-serif" font-size="30" fill="#2a1650">NO    D000-0000-0000</text>
  <text x="310" y="380" font-family="sans-serif" font-size="30" fill="#2a1650">EXP   01/01/2030</text>
</svg>`;

const SELFIE = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b2a86"/><stop offset="1" stop-color="#1c0f38"/></linearGradient></defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  <ellipse cx="300" cy="330" rx="150" ry="185" fill="#e8b995"/>
  <ellipse cx="300" cy="180" rx="170" ry="95" fill="#2b1a12"/>
  <circle cx="245" cy="320" r="14" fill="#2b1a12"/><circle cx="355" cy="320" r="14" fill="#2b1a12"/>
  <path d="M245 420 Q300 460 355 420" stroke="#9b4a3a" stroke-width="10" fill="none" stroke-linecap="round"/>
  <rect x="120" y="560" width="360" height="260" rx="140" fill="#d4af37"/>
</svg>`;

export async function writeSampleImages(dir: string): Promise<{ id: string; selfie: string }> {
  const id = join(dir, 'sample-id.jpg');
  const selfie = join(dir, 'sample-selfie.jpg');
  await writeFile(id, await sharp(Buffer.from(ID_CARD)).jpeg({ quality: 85 }).toBuffer());
  await writeFile(selfie, await sharp(Buffer.from(SELFIE)).jpeg({ quality: 85 }).toBuffer());
  return { id, selfie };
}
