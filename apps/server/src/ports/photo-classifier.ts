/**
 * Scores how safe a photo is, 0–1 (1: certainly an ordinary, non-sexual picture). The default is
 * nsfwjs on TensorFlow.js's WebAssembly backend (modules/moderation/classifier.ts); tests may pass
 * another.
 */
export type PhotoClassifier = {
  readonly name: string;
  safeProbability(image: Buffer): Promise<number>;
};
