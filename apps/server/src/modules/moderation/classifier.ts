import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { PhotoClassifier } from '../../ports/photo-classifier';

export type { PhotoClassifier };

/** nsfwjs's classes that are not sexual content. */
const SAFE_CLASSES = new Set(['Neutral', 'Drawing']);
const INPUT_SIZE = 224;

type Model = {
  classify(image: unknown, topk?: number): Promise<Array<{ className: string; probability: number }>>;
};
type Tf = typeof import('@tensorflow/tfjs');

let loading: Promise<{ tf: Tf; model: Model }> | undefined;

/**
 * Loads TensorFlow.js, its WASM backend and the model once per process (about half a second); every
 * later call reuses them. Imported lazily, so an app that never moderates never loads them.
 */
function loadModel(): Promise<{ tf: Tf; model: Model }> {
  loading ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const require = createRequire(import.meta.url);
    const wasmDir = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist/');
    wasm.setWasmPaths(wasmDir);
    await tf.setBackend('wasm');
    await tf.ready();
    const nsfwjs = await import('nsfwjs');
    // nsfwjs announces the bundled model on console.info; that line is noise in our logs.
    const info = console.info;
    console.info = () => {};
    try {
      const model = (await nsfwjs.load('MobileNetV2')) as unknown as Model;
      return { tf, model };
    } finally {
      console.info = info;
    }
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The default PhotoClassifier: nsfwjs (MobileNetV2, weights shipped inside the npm package) on
 * TensorFlow.js with its WebAssembly backend. It runs in this process on any CPU, about 0.1–0.2 s an
 * image.
 */
export function createNsfwClassifier(): PhotoClassifier {
  return {
    name: 'nsfwjs-mobilenet-v2',
    async safeProbability(image) {
      const { tf, model } = await loadModel();
      const { data, info } = await sharp(image)
        .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
      try {
        const predictions = await model.classify(pixels, 5);
        const safe = predictions
          .filter((p) => SAFE_CLASSES.has(p.className))
          .reduce((sum, p) => sum + p.probability, 0);
        return Math.min(1, Math.max(0, safe));
      } finally {
        pixels.dispose();
      }
    },
  };
}
