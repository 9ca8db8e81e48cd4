import sharp from 'sharp';
import { portraitSvg } from './src/db/seed/portraits';
const svgs = Array.from({ length: 16 }, (_, i) => portraitSvg({ initial: 'A', hueShift: i, variant: i, longHair: true }));
async function run(label: string, w: number, effort: number) {
  const t = Date.now();
  let render = 0;
  await Promise.all(svgs.map(async (svg) => {
    const r0 = Date.now();
    const png = await sharp(Buffer.from(svg)).resize(w).png({ compressionLevel: 0 }).toBuffer();
    render += Date.now() - r0;
    const base = sharp(png).rotate();
    const tiny = await base.clone().resize({ width: 32 }).png().toBuffer();
    await Promise.all([
      base.clone().resize({ width: 1080, height: 1350, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82, effort }).toBuffer(),
      base.clone().resize({ width: 360, height: 450, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort }).toBuffer(),
      sharp(tiny).resize({ width: 360 }).blur(6).webp({ quality: 60, effort }).toBuffer(),
    ]);
  }));
  console.log(label, Date.now() - t, 'render-sum', render);
}
await run('warm', 600, 4);
await run('600 e4', 600, 4);
await run('600 e2', 600, 2);
await run('480 e4', 480, 4);
await run('480 e2', 480, 2);
await run('480 e1', 480, 1);
