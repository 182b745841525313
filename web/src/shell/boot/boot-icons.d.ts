/** Lucide icons rendered to SVG markup at build (web/vite.config.ts): the landing draws them without React. */
declare module 'virtual:boot-icons' {
  type IconMarkup = (className: string) => string;
  export const barChart: IconMarkup;
  export const logIn: IconMarkup;
  export const messageSquare: IconMarkup;
  export const moon: IconMarkup;
  export const shieldCheck: IconMarkup;
  export const sun: IconMarkup;
  export const wrench: IconMarkup;
}
