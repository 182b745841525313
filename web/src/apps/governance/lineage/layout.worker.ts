import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutInput, Positions } from './layout';

const elk = new ELK();

// elk.bundled.js claims `self.onmessage` when loaded in a worker; this module's handler replaces it.
self.onmessage = async ({ data }: MessageEvent<{ id: number; input: LayoutInput }>) => {
  try {
    const laid = await elk.layout(data.input);
    const positions: Positions = {};
    for (const child of laid.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
    self.postMessage({ id: data.id, positions });
  } catch (error) {
    self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
