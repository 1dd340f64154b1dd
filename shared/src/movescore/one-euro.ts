/**
 * The One Euro filter (Casiez, Roussel, Vogel, CHI 2012): a low-pass filter whose cutoff rises
 * with speed. Slow movement (and standing still) gets heavy smoothing, which removes the pose
 * model's jitter; fast movement gets little, so the filtered signal does not lag behind a rep.
 */
export type TOneEuroOptions = {
  /** Cutoff in Hz when the signal is still: lower removes more jitter, adds more lag. */
  minCutoff: number;
  /** How fast the cutoff rises with speed (per unit/s of the signal). */
  beta: number;
  /** Cutoff in Hz for the speed estimate itself. */
  derivativeCutoff: number;
};

/** Tuned for keypoints in units of the image height, at 15..60 fps. */
export const ONE_EURO_DEFAULTS: TOneEuroOptions = {
  minCutoff: 1.2,
  beta: 4,
  derivativeCutoff: 1,
};

function smoothingFactor(cutoffHz: number, stepSeconds: number): number {
  const tau = 1 / (2 * Math.PI * cutoffHz);
  return 1 / (1 + tau / stepSeconds);
}

export class OneEuroFilter {
  private readonly options: TOneEuroOptions;
  private lastT = Number.NaN;
  private lastValue = Number.NaN;
  private lastDerivative = 0;

  constructor(options: TOneEuroOptions = ONE_EURO_DEFAULTS) {
    this.options = options;
  }

  /** Forgets the past: the next sample is taken as it is (after a gap, a jump is real). */
  reset(): void {
    this.lastT = Number.NaN;
    this.lastValue = Number.NaN;
    this.lastDerivative = 0;
  }

  /** Filters `value` seen at `tMs`; returns the filtered value. */
  filter(value: number, tMs: number): number {
    const hasHistory = Number.isFinite(this.lastValue) && tMs > this.lastT;
    if (!hasHistory) {
      this.lastT = tMs;
      this.lastValue = value;
      this.lastDerivative = 0;
      return value;
    }
    const step = (tMs - this.lastT) / 1000;
    const derivative = (value - this.lastValue) / step;
    const alphaDerivative = smoothingFactor(this.options.derivativeCutoff, step);
    this.lastDerivative += alphaDerivative * (derivative - this.lastDerivative);
    const cutoff = this.options.minCutoff + this.options.beta * Math.abs(this.lastDerivative);
    this.lastValue += smoothingFactor(cutoff, step) * (value - this.lastValue);
    this.lastT = tMs;
    return this.lastValue;
  }
}
