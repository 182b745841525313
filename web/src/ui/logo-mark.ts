/** The Hangar mark's drawing, shared by the React Logo and the landing's static markup. */
export const LOGO_ARCH_PATH = 'M5 27V16.5C5 10.7 10 6 16 6s11 4.7 11 10.5V27';
export const LOGO_PLANE_PATH =
  'M16 12.2c.7 0 1.1.6 1.1 1.4v3.4l4.6 2.6v1.5l-4.6-1.4v2.7l1.5 1.1v1.2l-2.6-.7-2.6.7v-1.2l1.5-1.1v-2.7l-4.6 1.4v-1.5l4.6-2.6v-3.4c0-.8.4-1.4 1.1-1.4z';
/** The wordmark's font size for a mark of `size` px. */
export const wordmarkSize = (size: number) => Math.round(size * 0.62);
