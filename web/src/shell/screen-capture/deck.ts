import { SHELL } from '@hangar/contract';

export interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Largest box with the image's aspect ratio that fits the slide, centred (inches). */
export function fitImage(imageWidth: number, imageHeight: number, slideWidth: number, slideHeight: number): Placement {
  if (imageWidth <= 0 || imageHeight <= 0) return { x: 0, y: 0, w: slideWidth, h: slideHeight };
  const scale = Math.min(slideWidth / imageWidth, slideHeight / imageHeight);
  const w = imageWidth * scale;
  const h = imageHeight * scale;
  return { x: (slideWidth - w) / 2, y: (slideHeight - h) / 2, w, h };
}

function imageSize(dataUrl: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('A screenshot could not be read'));
    image.src = dataUrl;
  });
}

/** Captures an element as a PNG data URL. Loaded on first use: it is only needed here. */
export async function captureElement(element: HTMLElement): Promise<string> {
  const { domToPng } = await import('modern-screenshot');
  return domToPng(element, { scale: Math.min(window.devicePixelRatio || 1, 2) });
}

/** Builds Screenshots.pptx, one 16:9 slide (10 x 5.625 in) per screenshot, and downloads it. */
export async function downloadDeck(screenshots: readonly string[]): Promise<void> {
  const { default: PptxGenJS } = await import('pptxgenjs');
  const { widthInches, heightInches, fileName } = SHELL.pptxSlide;
  const deck = new PptxGenJS();
  deck.layout = 'LAYOUT_16x9';
  deck.title = 'Hangar screenshots';
  for (const data of screenshots) {
    const { width, height } = await imageSize(data);
    deck.addSlide().addImage({ data, ...fitImage(width, height, widthInches, heightInches) });
  }
  await deck.writeFile({ fileName });
}
