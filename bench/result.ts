export interface Result {
  name: string;
  measure: string;
  portal: string;
  baseline: string;
  ratio: number;
  target: string;
  pass: boolean;
  details: string[];
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const log = (msg: string) => process.stderr.write(`  … ${msg}\n`);
