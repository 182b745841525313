import { SHELL } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { fitImage } from './deck';

const { widthInches, heightInches } = SHELL.pptxSlide;

describe('fitImage', () => {
  it('fills a 16:9 slide with a 16:9 screenshot', () => {
    expect(fitImage(1920, 1080, widthInches, heightInches)).toEqual({ x: 0, y: 0, w: 10, h: 5.625 });
  });

  it('letterboxes a tall screenshot, centred horizontally', () => {
    const box = fitImage(1000, 1000, widthInches, heightInches);
    expect(box.h).toBeCloseTo(5.625);
    expect(box.w).toBeCloseTo(5.625);
    expect(box.x).toBeCloseTo((10 - 5.625) / 2);
    expect(box.y).toBe(0);
  });

  it('letterboxes a wide screenshot, centred vertically', () => {
    const box = fitImage(4000, 1000, widthInches, heightInches);
    expect(box.w).toBeCloseTo(10);
    expect(box.h).toBeCloseTo(2.5);
    expect(box.y).toBeCloseTo((5.625 - 2.5) / 2);
  });
});
